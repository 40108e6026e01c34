"""Barricades self-play: win rates of an AI team by hero count and difficulty, resumable.

    PYTHONPATH=$PWD nice -n 19 python3 tests/bench/barricades_selfplay.py run --out FILE.jsonl \
        [--heroes 3,4] [--difficulty all] [--games 40] [--seed 1000] [--level normal] [--guardian random] [--workers 1]
        [--search-budget full|clock]
    PYTHONPATH=$PWD python3 tests/bench/barricades_selfplay.py table FILE.jsonl [FILE.jsonl ...]

Every seat is played by the same bot level through gamecore.bots.choose_for (from that seat's view, as in
the app). One JSON line is appended per finished game (flushed at once); a run started again with the
same file skips the (heroes, difficulty, seed, level, guardian, engine version) games it already holds, so
an interrupted run is continued, not repeated. ``table`` prints the Markdown table NOTES.md keeps.

``--search-budget`` (the "hard" level only): ``clock`` is the app's teammate, cut at 1.5 s of wall clock a
decision, so its games depend on the machine's load; ``full`` (the default here) lifts the cap, so that
every searched decision tries its 6 candidates in its 2 worlds and a game depends on its seed only.
Each line keeps the median and the worst decision time (wall clock, ms) of its game.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

DIFFS = ("first_time", "easy", "medium", "hard", "legendary")
NAMES = {"first_time": "First Time", "easy": "Easy", "medium": "Medium", "hard": "Hard", "legendary": "Legendary"}


def play(job: tuple) -> dict:
    import gamecore
    from gamecore.barricades import ENGINE_VERSION
    from gamecore.bots import choose_for, make_bot
    from gamecore.engine import Rng

    from gamecore.barricades import evaluation

    heroes, diff, seed, level, guardian, budget = job
    evaluation.SEARCH_SECONDS = None if budget == "full" else 1.5
    began = time.process_time()
    bot = make_bot(level)
    state = gamecore.start("barricades", seed=seed, players=heroes, difficulty=diff, guardian=guardian)
    rng = Rng(seed * 7919 + heroes * 31 + DIFFS.index(diff))
    decisions = 0
    times = []
    while not state.is_over():
        t0 = time.perf_counter()
        action = choose_for(state, bot, rng)
        times.append(time.perf_counter() - t0)
        state.apply(action)
        decisions += 1
    times.sort()
    d = state.d
    return {"heroes": heroes, "difficulty": diff, "seed": seed, "level": level, "guardian_option": guardian,
            "engine": ENGINE_VERSION, "guardian": d["guardian"], "outcome": state.outcome(),
            "reason": d["over"].get("reason"), "turn": d["turn"], "reveal_turn": d["stats"]["reveal_turn"],
            "gwounds": d["gwounds"], "gw_total": len(state.guardian_hp()),
            "destroyed": len(state.destroyed_locations()), "tokens": d["stats"]["tokens_placed"],
            "decisions": decisions, "cpu_s": round(time.process_time() - began, 2), "budget": budget,
            "dec_ms_median": round(1000 * times[len(times) // 2], 3) if times else 0,
            "dec_ms_max": round(1000 * times[-1], 1) if times else 0}


def _done(path: Path) -> set:
    done = set()
    if path.exists():
        for line in path.read_text().splitlines():
            try:
                r = json.loads(line)
                done.add((r["heroes"], r["difficulty"], r["seed"], r["level"], r["guardian_option"], r["engine"],
                          r.get("budget", "clock")))
            except (ValueError, KeyError):
                continue                    # a line cut short by an interrupted write: that game runs again
    return done


def run(args) -> int:
    from gamecore.barricades import ENGINE_VERSION

    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    done = _done(out)
    heroes = [int(x) for x in args.heroes.split(",")]
    diffs = DIFFS if args.difficulty == "all" else tuple(args.difficulty.split(","))
    # seeds outermost: an interrupted run has every cell at about the same count
    budget = args.search_budget if args.level in ("hard", "mcts") else "clock"
    jobs = [(h, df, args.seed + i, args.level, args.guardian, budget) for i in range(args.games) for h in heroes
            for df in diffs if (h, df, args.seed + i, args.level, args.guardian, ENGINE_VERSION, budget) not in done]
    print(f"{len(jobs)} games to play ({len(done)} in {out})", flush=True)
    with out.open("a") as f:
        def write(r):
            f.write(json.dumps(r, sort_keys=True) + "\n")
            f.flush()
            os.fsync(f.fileno())

        if args.workers <= 1:
            for job in jobs:
                write(play(job))
        else:
            with ProcessPoolExecutor(args.workers) as pool:
                for fut in as_completed([pool.submit(play, j) for j in jobs]):
                    write(fut.result())
    return 0


def table(args) -> int:
    rows: dict = {}
    for name in args.files:
        for line in Path(name).read_text().splitlines():
            try:
                r = json.loads(line)
            except ValueError:
                continue
            if args.engine and r["engine"] != args.engine:
                continue
            level = r["level"] + (" (no clock)" if r.get("budget") == "full" and r["level"] in ("hard", "mcts") else "")
            rows.setdefault((level, r["heroes"], r["difficulty"]), {}).setdefault(r["seed"], r)
    if args.games:                          # the first N seeds of each cell, so every cell counts alike
        rows = {k: dict(sorted(v.items())[:args.games]) for k, v in rows.items()}
    levels = sorted({k[0] for k in rows})
    for level in levels:
        hs = sorted({k[1] for k in rows if k[0] == level})
        print(f"\n{level} team — win % (+ Pyrrhic %) [games]; mean turn of the end; reveal reached %\n")
        print("| Heroes | " + " | ".join(NAMES[df] for df in DIFFS) + " |")
        print("|---|" + "---|" * len(DIFFS))
        for h in hs:
            cells = []
            for df in DIFFS:
                games = list(rows.get((level, h, df), {}).values())
                if not games:
                    cells.append("–")
                    continue
                n = len(games)
                win = sum(g["outcome"] == "win" for g in games)
                pyr = sum(g["outcome"] == "pyrrhic" for g in games)
                cells.append(f"{100 * win / n:.0f} % (+{100 * pyr / n:.0f} %) [{n}]")
            print(f"| {h} | " + " | ".join(cells) + " |")
        if args.detail:
            print()
            for h in hs:
                for df in DIFFS:
                    games = list(rows.get((level, h, df), {}).values())
                    if games:
                        n = len(games)
                        print(f"{h}h {df:10} turn {sum(g['turn'] for g in games) / n:5.1f}  revealed "
                              f"{100 * sum(g['reveal_turn'] is not None for g in games) / n:3.0f} %  gwounds "
                              f"{sum(g['gwounds'] for g in games) / n:.2f}/{games[0]['gw_total']}  destroyed "
                              f"{sum(g['destroyed'] for g in games) / n:.1f}  cpu {sum(g['cpu_s'] for g in games) / n:.1f}s"
                              + (f"  decision ms: median of medians {sorted(g['dec_ms_median'] for g in games)[n // 2]}"
                                 f", worst {max(g['dec_ms_max'] for g in games)}" if "dec_ms_max" in games[0] else ""))
    return 0


def main() -> int:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--out", required=True)
    r.add_argument("--heroes", default="3,4")
    r.add_argument("--difficulty", default="all")
    r.add_argument("--games", type=int, default=40)
    r.add_argument("--seed", type=int, default=1000)
    r.add_argument("--level", default="normal")
    r.add_argument("--guardian", default="random")
    r.add_argument("--workers", type=int, default=1)
    r.add_argument("--search-budget", choices=("full", "clock"), default="full")
    t = sub.add_parser("table")
    t.add_argument("files", nargs="+")
    t.add_argument("--engine", type=int, default=0)
    t.add_argument("--detail", action="store_true")
    t.add_argument("--games", type=int, default=0)
    args = ap.parse_args()
    return run(args) if args.cmd == "run" else table(args)


if __name__ == "__main__":
    sys.exit(main())
