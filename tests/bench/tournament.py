"""Bot-vs-bot tournaments: win rates of one bot level against another, and decision times.

    python3 tests/bench/tournament.py --game misfits --a hard --b easy --games 200 [--players 2] [--workers 2]
    python3 tests/bench/tournament.py --game galaxy --a hard --b normal --games 200 --out /work/results/galaxy/hard-normal.jsonl
    python3 tests/bench/tournament.py --report /work/results/galaxy/hard-normal.jsonl

Seats alternate between the two levels from game to game; a shared victory counts half to each side.
Decision times count only decisions with more than one legal action; each is recorded as wall-clock time
and as the deciding process's CPU time (on a loaded machine the wall clock includes waiting for a core).

With ``--out`` every finished game is appended to that file as one JSON line (its seed, the points of
each level, every timed decision, the load average when it ended), seeds already in the file are
skipped, and the report covers every game of the file: a run stopped at any time is continued by the
same command. Run long tournaments ``nice -n 19``.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def play(job):
    import gamecore
    from gamecore.bots import choose_for, make_bot
    from gamecore.engine import Rng

    game, players, seed, levels = job
    seats = [levels[(seed + i) % 2] for i in range(players)]
    bots = {lv: make_bot(lv) for lv in set(seats)}
    state = gamecore.start(game, seed=seed, players=players)
    rng = Rng(seed * 31 + 7)
    times = {lv: [] for lv in set(seats)}
    cpu = {lv: [] for lv in set(seats)}
    while not state.is_over():
        seat = state.current_seat()
        level = seats[seat]
        many = len(state.legal_actions()) > 1
        began, began_cpu = time.perf_counter(), time.process_time()
        action = choose_for(state, bots[level], rng)
        if many:
            times[level].append(time.perf_counter() - began)
            cpu[level].append(time.process_time() - began_cpu)
        state.apply(action)
    result = state.result()
    points = {lv: 0.0 for lv in levels}
    for w in result.winners:
        points[seats[w]] += 1.0 / len(result.winners)
    return points, times, cpu, result.outcome


def _load_avg():
    try:
        import os
        return round(os.getloadavg()[0], 2)
    except (OSError, AttributeError):
        return None


def _read(path: Path, key: tuple) -> list:
    """The games of a results file made with these settings (game, players, levels); cut lines skipped."""
    games = []
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                g = json.loads(line)
            except ValueError:
                continue
            if (g.get("game"), g.get("players"), tuple(g.get("levels", ()))) == key:
                games.append(g)
    return games


def _pct(ts: list, q: float) -> float:
    return round(sorted(ts)[min(len(ts) - 1, int(len(ts) * q))] * 1000, 1)


def _summary(games: list, a: str, b: str, seconds=None) -> dict:
    wins = {a: 0.0, b: 0.0}
    times = {a: [], b: []}
    cpu = {a: [], b: []}
    loads = [g["load"] for g in games if g.get("load") is not None]
    for g in games:
        for lv, pts in g["points"].items():
            wins[lv] += pts
        for lv, ts in g["times"].items():
            times[lv].extend(ts)
        for lv, ts in g.get("cpu", {}).items():
            cpu[lv].extend(ts)
    n = len(games)
    out = {"games": n, "wins": {lv: w for lv, w in wins.items()},
           "win_rate": {lv: round(w / n, 3) if n else None for lv, w in wins.items()},
           "decision_ms": {lv: {"median": round(statistics.median(ts) * 1000, 1), "p90": _pct(ts, 0.9),
                                "worst": round(max(ts) * 1000, 1), "count": len(ts),
                                "over_2s": sum(1 for x in ts if x > 2.0)} for lv, ts in times.items() if ts},
           "decision_cpu_ms": {lv: {"median": round(statistics.median(ts) * 1000, 1), "p90": _pct(ts, 0.9),
                                    "worst": round(max(ts) * 1000, 1), "count": len(ts)}
                               for lv, ts in cpu.items() if ts}}
    if loads:
        out["load_average"] = {"median": statistics.median(loads), "min": min(loads), "max": max(loads)}
    if seconds is not None:
        out["seconds"] = seconds
    return out


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="misfits")
    parser.add_argument("--a", default="hard")
    parser.add_argument("--b", default="easy")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json")
    parser.add_argument("--out", type=Path, help="results file (JSON lines): resumable, skips finished seeds")
    parser.add_argument("--report", type=Path, help="only print the summary of a results file")
    args = parser.parse_args()
    if args.report:
        games = []
        for line in args.report.read_text(encoding="utf-8").splitlines():
            try:
                games.append(json.loads(line))
            except ValueError:
                continue
        by = {}
        for g in games:
            by.setdefault((g["game"], g["players"], tuple(g["levels"])), {})[g["seed"]] = g
        for (game, players, levels), gs in sorted(by.items()):
            print(json.dumps({"game": game, "players": players, "levels": levels,
                              **_summary(list(gs.values()), *levels)}, indent=1))
        return 0
    key = (args.game, args.players, (args.a, args.b))
    done = {g["seed"]: g for g in _read(args.out, key)} if args.out else {}
    jobs = [(args.game, args.players, args.seed + i, (args.a, args.b)) for i in range(args.games)
            if args.seed + i not in done]
    games = [done[s] for s in sorted(done) if args.seed <= s < args.seed + args.games]
    began = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for job, (points, t, c, _) in zip(jobs, pool.map(play, jobs)):
            g = {"game": args.game, "players": args.players, "levels": [args.a, args.b], "seed": job[2],
                 "points": points, "times": {lv: [round(x, 4) for x in ts] for lv, ts in t.items()},
                 "cpu": {lv: [round(x, 4) for x in ts] for lv, ts in c.items()},
                 "load": _load_avg()}
            games.append(g)
            if args.out:
                with args.out.open("a", encoding="utf-8") as fh:
                    fh.write(json.dumps(g) + "\n")
            if len(games) % 20 == 0:
                w = _summary(games, args.a, args.b)["wins"]
                print(f"{len(games)}/{args.games} games, {args.a} {w[args.a]:.1f} - {w[args.b]:.1f} {args.b}", flush=True)
    report = {"game": args.game, "players": args.players, **_summary(games, args.a, args.b,
                                                                     round(time.perf_counter() - began))}
    print(json.dumps(report, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
