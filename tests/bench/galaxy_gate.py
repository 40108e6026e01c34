"""Galaxy Hunters tuning gate (research §3): bot games per player count, then the figures.

    python3 tests/bench/galaxy_gate.py play --players 4 --games 1000 --bot normal --out /tmp/gate4.jsonl
    python3 tests/bench/galaxy_gate.py report /tmp/gate2.jsonl /tmp/gate3.jsonl /tmp/gate4.jsonl
    python3 tests/bench/galaxy_gate.py speed [--slice 1.0 --rounds 5]

``speed`` measures random playouts against python-chess's as tests/bench/run.py's bench_playouts does
(interleaved CPU-time slices in one process, whole games from gamecore.start), for Galaxy Hunters only.

``play`` appends one JSON line per finished game and skips the seeds already in its file, so a run
stopped early counts what it played and the same command continues it (run it ``nice -n 19``; two
commands with ``--seed``/``--games`` ranges and different files may run side by side); ``report`` prints, per
player count, each line of the gate with its verdict (``--json``: every figure: seat win rates (seat = place in
round 1's order), the mech–pilot pairs' win rates, the share of games with any debt, the winners' scores...).
The gate: seat win rates 20–30 % at 4 players, no pair above 35 %, debt in 10–30 % of games,
winners 55–75 at 3–4 players.

"No pair above 35 %" is read two ways, both printed. The literal one takes the best pair's observed rate. The
tested one calls a pair above 35 % only when the data show it: the one-sided Wilson score lower bound of its
win rate, at 95 % Bonferroni-corrected over the m pairs that were drafted (z = the normal quantile at
1 − 0.05/m: 2.64 for 12 pairs, 2.73 for 16), lies above 35 %. At 3 players an even pair wins 33.3 %, and with
12–16 pairs of 125–280 games each the best observed pair of an exactly even game is 38–43 % (gamecore/galaxy/
NOTES.md), so the literal line fails even for perfect balance there; the gate's verdict uses the tested reading
at 3 players and both at 4 (where an even game passes the literal line in 99 % of runs).
"""
from __future__ import annotations

import argparse
import collections
import json
import math
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def play(players: int, games: int, bot_name: str, out: Path, first_seed: int) -> None:
    import gamecore
    from gamecore.bots import choose_for, make_bot
    from gamecore.engine import Rng

    bot = make_bot(bot_name)
    done = set()
    if out.exists():
        for line in out.read_text(encoding="utf-8").splitlines():
            try:
                g = json.loads(line)
            except ValueError:            # a line cut by a stopped run: that game is played again
                continue
            if g.get("players") == players:
                done.add(g["seed"])
    with out.open("a", encoding="utf-8") as fh:
        for k in range(games):
            seed = first_seed + k
            if seed in done:
                continue
            s = gamecore.start("galaxy", seed=seed, players=players)
            order = list(s.order)
            rng = Rng(seed * 7 + 3)
            while not s.is_over():
                s.apply(choose_for(s, bot, rng))
            r = s.result()
            fh.write(json.dumps({
                "players": players, "seed": seed, "bot": bot_name, "order": order, "winners": r.winners,
                "scores": [r.scores[i] for i in range(players)],
                "pairs": [[s.p[i]["mech"], s.p[i]["pilot"]] for i in range(players)],
                "debt": [s.p[i]["debt"] for i in range(players)],
                "breakdown": [r.breakdown[i] for i in range(players)],
                "stats": s.stats_,
            }) + "\n")
            fh.flush()


def report(paths: list) -> dict:
    games = collections.defaultdict(list)
    for path in paths:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            try:
                g = json.loads(line)
            except ValueError:
                continue
            if g["seed"] not in {h["seed"] for h in games[g["players"]]}:
                games[g["players"]].append(g)
    out = {}
    for n in sorted(games):
        gs = games[n]
        seat_wins = collections.Counter()
        pair_wins, pair_games = collections.Counter(), collections.Counter()
        winners, everyone = [], []
        debt = 0
        for g in gs:
            share = 1.0 / len(g["winners"])
            for w in g["winners"]:
                seat_wins[g["order"].index(w)] += share
            for i, pair in enumerate(g["pairs"]):
                key = "+".join(pair)
                pair_games[key] += 1
                if i in g["winners"]:
                    pair_wins[key] += share
            winners.append(max(g["scores"]))
            everyone += g["scores"]
            debt += any(g["debt"])
        pilot_wins, pilot_games = collections.Counter(), collections.Counter()
        mech_wins, mech_games = collections.Counter(), collections.Counter()
        for g in gs:
            share = 1.0 / len(g["winners"])
            for i, (mech, pilot) in enumerate(g["pairs"]):
                pilot_games[pilot] += 1
                mech_games[mech] += 1
                if i in g["winners"]:
                    pilot_wins[pilot] += share
                    mech_wins[mech] += share
        pairs = {k: round(pair_wins[k] / pair_games[k], 3) for k in pair_games}
        best = max(pairs.items(), key=lambda kv: kv[1])
        out[n] = {
            "games": len(gs),
            "seat_win_rates": [round(seat_wins[i] / len(gs), 3) for i in range(n)],
            "best_pair": best, "best_pair_games": pair_games[best[0]], "pair_games_min": min(pair_games.values()),
            "pair_test": pair_test(pair_wins, pair_games),
            "top_pairs": [[k, v, pair_games[k]] for k, v in sorted(pairs.items(), key=lambda kv: -kv[1])[:4]],
            "pilot_win_rates": {k: round(pilot_wins[k] / v, 3) for k, v in sorted(pilot_games.items())},
            "mech_win_rates": {k: round(mech_wins[k] / v, 3) for k, v in sorted(mech_games.items())},
            "debt_games": round(debt / len(gs), 3),
            "winner_mean": round(statistics.mean(winners), 1), "winner_median": statistics.median(winners),
            "winner_p10_p90": [sorted(winners)[len(winners) // 10], sorted(winners)[len(winners) * 9 // 10]],
            "all_mean": round(statistics.mean(everyone), 1),
            "kills": round(statistics.mean(g["stats"]["kills"] for g in gs), 1),
            "invasions": round(statistics.mean(g["stats"]["invasions"] for g in gs), 1),
            "missions": round(statistics.mean(g["stats"]["missions"] for g in gs), 1),
            "winner_breakdown": _mean_breakdown(gs),
        }
    return out


PAIR_LINE = 0.35


def wilson_lower(rate: float, n: int, z: float) -> float:
    """The one-sided Wilson score lower bound of a proportion observed as ``rate`` over ``n`` trials."""
    if n == 0:
        return 0.0
    z2 = z * z
    centre = rate + z2 / (2 * n)
    half = z * math.sqrt(rate * (1 - rate) / n + z2 / (4 * n * n))
    return (centre - half) / (1 + z2 / n)


def pair_test(pair_wins: dict, pair_games: dict, line: float = PAIR_LINE, alpha: float = 0.05) -> dict:
    """Which pairs the data show above ``line``: Wilson lower bound, one-sided, Bonferroni over the drafted pairs."""
    drafted = [k for k, n in pair_games.items() if n > 0]
    z = statistics.NormalDist().inv_cdf(1 - alpha / len(drafted))
    above = []
    for k in drafted:
        rate = pair_wins.get(k, 0.0) / pair_games[k]
        low = wilson_lower(rate, pair_games[k], z)
        if low > line:
            above.append([k, round(rate, 3), pair_games[k], round(low, 3)])
    above.sort(key=lambda row: -row[3])
    return {"method": "Wilson lower bound, one-sided 95 %, Bonferroni", "pairs": len(drafted), "z": round(z, 2),
            "above_line": above}


def gate_lines(n: int, r: dict) -> list:
    """The gate's lines for one player count as (text, verdict or None when the line is not for this count)."""
    seats = " / ".join(f"{x * 100:.1f}" for x in r["seat_win_rates"])
    name, rate = r["best_pair"]
    test = r["pair_test"]
    above = ", ".join(f"{k} {v * 100:.1f} % ({g} games, lower bound {lo * 100:.1f} %)"
                      for k, v, g, lo in test["above_line"]) or "none"
    if n == 2:      # an even pair wins 50 %: the 35 % line is not for 2 players
        above = "not for 2 players"
    return [
        (f"seats {seats} %", all(0.20 <= x <= 0.30 for x in r["seat_win_rates"]) if n == 4 else None),
        (f"best pair (literal) {name} {rate * 100:.1f} % ({r['best_pair_games']} games)",
         rate <= PAIR_LINE if n == 4 else None),
        (f"pairs above 35 % by the test (z {test['z']}, {test['pairs']} pairs): {above}",
         not test["above_line"] if n in (3, 4) else None),
        (f"debt in {r['debt_games'] * 100:.1f} % of games", 0.10 <= r["debt_games"] <= 0.30),
        (f"winners {r['winner_mean']} mean, {r['winner_median']} median", 55 <= r["winner_mean"] <= 75 if n in (3, 4) else None),
    ]


def summary(out: dict) -> str:
    lines = []
    for n, r in out.items():
        lines.append(f"{n} players, {r['games']} games")
        for text, ok in gate_lines(n, r):
            lines.append(f"  {'-' if ok is None else ('ok  ' if ok else 'FAIL')} {text}")
    return "\n".join(lines)


def _mean_breakdown(gs: list) -> dict:
    """The winners' mean score by category (one winner a game: the first listed)."""
    total = collections.Counter()
    for g in gs:
        total.update(g["breakdown"][g["winners"][0]])
    return {k: round(v / len(gs), 1) for k, v in total.items()}


def speed(slice_s: float, rounds: int) -> dict:
    from run import bench_playouts          # the benchmark's own measurement, for this game only

    return bench_playouts(rounds, slice_s, games=("galaxy",))


def main() -> int:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play")
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--bot", default="normal")
    p.add_argument("--out", type=Path, required=True)
    p.add_argument("--seed", type=int, default=1)
    r = sub.add_parser("report")
    r.add_argument("paths", nargs="+")
    r.add_argument("--json", action="store_true", help="every figure as JSON instead of the gate's lines")
    sp = sub.add_parser("speed")
    sp.add_argument("--slice", type=float, default=1.0)
    sp.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    if args.cmd == "play":
        play(args.players, args.games, args.bot, args.out, args.seed)
    elif args.cmd == "speed":
        print(json.dumps(speed(args.slice, args.rounds), indent=1))
    else:
        out = report(args.paths)
        print(json.dumps(out, indent=1) if args.json else summary(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
