"""Heroes of the Grid: win rates of a team AI (every seat played by one bot level) and its decision times.

    nice -n 19 python3 tests/bench/rangers_team.py --teams planner,greedy --scenarios standard,cyclopsis13 \
        --seeds 1-200 --workers 2 [--out /work/results/rangers] [--report]

Resumable: one JSON line per finished game is appended to ``<out>/<team>-<scenario>.jsonl`` and a seed
already there is skipped, so a run stopped halfway goes on where it was when started again. Games are
dealt seed by seed across the (team, scenario) pairs, so a partial run compares both teams on the same
seeds. ``--report`` prints the figures of what is finished (no game is played).

Each game is the 4-player game (standard options, or Scenario #13), no seat of the person's (the whole
team is the bot), decisions through ``choose_for`` with ``Rng(seed ^ 0x5EED)`` — the setting of the
measurements in gamecore/rangers/NOTES.md. A decision's time counts only decisions with more than one
legal action: wall time (perf_counter) and the process's CPU time; the planner's 2 s cap is on wall time.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

SCENARIOS = {"standard": {}, "cyclopsis13": {"scenario": "cyclopsis13"}}


def play(job):
    """One game: (team, scenario, seed) -> the JSON line of its result, or of the error that stopped
    it (``"error"``: a bot or engine crash, kept apart and played again when the run is resumed)."""
    try:
        return _play(job)
    except Exception as exc:            # noqa: BLE001 - reported, not hidden (errors.jsonl, --report)
        import traceback
        team, scenario, seed = job
        return {"team": team, "scenario": scenario, "seed": seed, "error": repr(exc),
                "traceback": traceback.format_exc()[-4000:],
                "finished": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}


def _play(job):
    import gamecore
    from gamecore.bots import choose_for, make_bot
    from gamecore.engine import Rng

    team, scenario, seed = job
    state = gamecore.start("rangers", seed=seed, players=4, **SCENARIOS[scenario])
    bot = make_bot(team)
    rng = Rng(seed ^ 0x5EED)
    wall, cpu, searched, slow = [], [], [], []
    began, began_cpu, load0 = time.perf_counter(), time.process_time(), os.getloadavg()[0]
    while not state.is_over():
        n_legal = len(state.legal_actions())
        many = n_legal > 1
        plan = many and state.worth_planning()
        t0, c0 = time.perf_counter(), time.process_time()
        action = choose_for(state, bot, rng)
        if many:
            wall.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
            if plan:
                searched.append(wall[-1])
            if wall[-1] > 2.0 and len(slow) < 20:      # what a decision over the cap was, and its CPU
                slow.append([state.pending().kind, n_legal, plan, round(wall[-1], 3), round(cpu[-1], 3),
                             round(os.getloadavg()[0], 1)])
        state.apply(action)
    result = state.result()
    return {"team": team, "scenario": scenario, "seed": seed, "win": result.outcome == "win",
            "reason": result.reason, "rounds": state.d["round"],
            "decisions": len(wall), "wall_median": statistics.median(wall) if wall else 0.0,
            "wall_max": max(wall, default=0.0), "cpu_median": statistics.median(cpu) if cpu else 0.0,
            "cpu_max": max(cpu, default=0.0), "over_2s": sum(1 for w in wall if w > 2.0),
            "searched": len(searched), "searched_median": statistics.median(searched) if searched else 0.0,
            "game_wall": time.perf_counter() - began, "game_cpu": time.process_time() - began_cpu,
            "walls_ms": [round(w * 1000) for w in wall], "searched_ms": [round(w * 1000) for w in searched],
            "slow": slow, "load_start": load0,
            "load": os.getloadavg()[0], "finished": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}


def _path(out: Path, team: str, scenario: str) -> Path:
    return out / f"{team}-{scenario}.jsonl"


def done_seeds(path: Path) -> dict:
    """The finished games of one results file, by seed (a torn last line is ignored)."""
    out = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                row = json.loads(line)
            except ValueError:
                continue
            out[row["seed"]] = row
    return out


def done_seeds_all(path: Path) -> list:
    """Every line of a results file (a torn last line is ignored)."""
    out = []
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                out.append(json.loads(line))
            except ValueError:
                continue
    return out


def report(out: Path, teams, scenarios, seeds) -> dict:
    figures = {}
    for scenario in scenarios:
        rows = {team: done_seeds(_path(out, team, scenario)) for team in teams}
        both = sorted(set.intersection(*(set(r) & set(seeds) for r in rows.values()))) if rows else []
        for team in teams:
            games = [rows[team][s] for s in seeds if s in rows[team]]
            if not games:
                continue
            wins = sum(g["win"] for g in games)
            figures[f"{team}/{scenario}"] = {
                "games": len(games), "wins": wins, "win_rate": round(wins / len(games), 3),
                "wins_on_common_seeds": sum(rows[team][s]["win"] for s in both), "common_seeds": len(both),
                "mean_rounds": round(statistics.mean(g["rounds"] for g in games), 2),
                "decision_wall_median_s": round(statistics.median(g["wall_median"] for g in games), 4),
                "decision_wall_worst_s": round(max(g["wall_max"] for g in games), 3),
                "decision_cpu_worst_s": round(max(g["cpu_max"] for g in games), 3),
                "searched_wall_median_s": round(statistics.median(g["searched_median"] for g in games), 3),
                "decisions_over_2s": sum(g["over_2s"] for g in games),
                "decisions_over_2s_cpu": sum(1 for g in games for x in g.get("slow", ()) if x[4] > 2.0),
                "decisions": sum(g["decisions"] for g in games),
                "mean_game_wall_s": round(statistics.mean(g["game_wall"] for g in games), 1),
                "load_average": [round(min(g["load"] for g in games), 1), round(max(g["load"] for g in games), 1)],
            }
            walls = [w for g in games for w in g.get("walls_ms", ())]
            found = [w for g in games for w in g.get("searched_ms", ())]
            if walls:                  # over every decision of the games that kept them (not per game)
                f = figures[f"{team}/{scenario}"]
                f["all_decisions_wall_ms"] = _spread(walls)
                if found:
                    f["searched_decisions_wall_ms"] = _spread(found)
    return figures


def _spread(values) -> dict:
    """n, median, p95, p99 and max of a list of milliseconds."""
    v = sorted(values)
    at = lambda q: v[min(len(v) - 1, int(q * len(v)))]       # noqa: E731
    return {"n": len(v), "median": statistics.median(v), "p95": at(0.95), "p99": at(0.99), "max": v[-1]}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--teams", default="planner,greedy")
    parser.add_argument("--scenarios", default="standard,cyclopsis13")
    parser.add_argument("--seeds", default="1-200")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", default="/work/results/rangers")
    parser.add_argument("--report", action="store_true")
    args = parser.parse_args()
    teams = args.teams.split(",")
    scenarios = args.scenarios.split(",")
    lo, _, hi = args.seeds.partition("-")
    seeds = list(range(int(lo), int(hi or lo) + 1))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if not args.report:
        finished = {(t, sc): done_seeds(_path(out, t, sc)) for t in teams for sc in scenarios}
        jobs = [(t, sc, seed) for seed in seeds for sc in scenarios for t in teams if seed not in finished[(t, sc)]]
        print(f"{len(jobs)} games to play", flush=True)
        # the pool is shut down with its queue cancelled whatever happens here: a ``with`` block waits
        # for every queued game, so a run whose main loop had died went on playing (unrecorded) for
        # as long as its queue lasted
        pool = ProcessPoolExecutor(max_workers=max(1, min(2, args.workers)))
        try:
            futures = [pool.submit(play, job) for job in jobs]
            for n, fut in enumerate(as_completed(futures), 1):
                row = fut.result()
                if "error" in row:
                    with open(out / "errors.jsonl", "a", encoding="utf-8") as fh:
                        fh.write(json.dumps(row) + "\n")
                    print(f"{n}/{len(jobs)} {row['team']} {row['scenario']} seed {row['seed']}: "
                          f"ERROR {row['error']} (in {out / 'errors.jsonl'})", flush=True)
                    continue
                with open(_path(out, row["team"], row["scenario"]), "a", encoding="utf-8") as fh:
                    fh.write(json.dumps(row) + "\n")     # one line a game: a stopped run resumes here
                print(f"{n}/{len(jobs)} {row['team']} {row['scenario']} seed {row['seed']}: "
                      f"{'win' if row['win'] else 'loss'} in round {row['rounds']}, "
                      f"{row['game_wall']:.0f} s, worst decision {row['wall_max']:.2f} s", flush=True)
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
    figures = report(out, teams, scenarios, seeds)
    errors = [row for row in done_seeds_all(out / "errors.jsonl")
              if row["team"] in teams and row["scenario"] in scenarios and row["seed"] in seeds]
    if errors:
        figures["errors"] = [f"{r['team']} {r['scenario']} seed {r['seed']}: {r['error']}" for r in errors]
    print(json.dumps(figures, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
