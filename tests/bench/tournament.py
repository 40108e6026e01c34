"""Bot-vs-bot tournaments: win rates of one bot level against another, and decision times.

    python3 tests/bench/tournament.py --game misfits --a hard --b easy --games 200 [--players 2] [--workers 2]

Seats alternate between the two levels from game to game; a shared victory counts half to each side.
Decision times count only decisions with more than one legal action.
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
    while not state.is_over():
        seat = state.current_seat()
        level = seats[seat]
        many = len(state.legal_actions()) > 1
        began = time.perf_counter()
        action = choose_for(state, bots[level], rng)
        if many:
            times[level].append(time.perf_counter() - began)
        state.apply(action)
    result = state.result()
    points = {lv: 0.0 for lv in levels}
    for w in result.winners:
        points[seats[w]] += 1.0 / len(result.winners)
    return points, times, result.outcome


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
    args = parser.parse_args()
    jobs = [(args.game, args.players, args.seed + i, (args.a, args.b)) for i in range(args.games)]
    wins = {args.a: 0.0, args.b: 0.0}
    times = {args.a: [], args.b: []}
    began = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for done, (points, t, _) in enumerate(pool.map(play, jobs), 1):
            for lv, p in points.items():
                wins[lv] += p
            for lv, ts in t.items():
                times[lv].extend(ts)
            if done % 20 == 0:
                print(f"{done}/{args.games} games, {args.a} {wins[args.a]:.1f} - {wins[args.b]:.1f} {args.b}", flush=True)
    report = {"game": args.game, "players": args.players, "games": args.games,
              "win_rate": {lv: round(w / args.games, 3) for lv, w in wins.items()},
              "decision_ms": {lv: {"median": round(statistics.median(ts) * 1000, 1), "worst": round(max(ts) * 1000, 1),
                                   "count": len(ts)} for lv, ts in times.items() if ts},
              "seconds": round(time.perf_counter() - began)}
    print(json.dumps(report, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
