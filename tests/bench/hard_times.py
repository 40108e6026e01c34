"""How long the hard bot takes a decision on Galaxy Hunters positions (or another game's).

    python3 tests/bench/hard_times.py [--game galaxy] [--players 3 4] [--positions 40] [--seed 1]

Positions come from games played by the easy bot, sampled every few decisions so that every round
is represented; on each one the hard bot decides once (only decisions with more than one legal
action count), timed around ``choose_for`` as the table's worker calls it. Prints the median, the
90th percentile and the worst, per player count. A benchmark, not a test: the times depend on the
machine and its load (the load average is printed with them); the CPU time shows how much of a
wall-clock overrun was the process waiting for a core rather than the bot working.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))


def positions(game: str, players: int, count: int, seed: int):
    import gamecore
    from gamecore.bots import choose_for, make_bot
    from gamecore.engine import Rng

    easy = make_bot("easy")
    out = []
    g = 0
    while len(out) < count:
        state = gamecore.start(game, seed=seed + g, players=players)
        rng = Rng(seed * 97 + g)
        k = 0
        while not state.is_over() and len(out) < count:
            if len(state.legal_actions()) > 1:
                k += 1
                if k % 7 == 3:
                    out.append(state.clone())
            state.apply(choose_for(state, easy, rng))
        g += 1
    return out


def main() -> int:
    from gamecore.bots import choose_for, make_bot
    from gamecore.engine import Rng

    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="galaxy")
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="hard")
    args = parser.parse_args()
    for players in args.players:
        times, cpu, iters = [], [], []
        for i, state in enumerate(positions(args.game, players, args.positions, args.seed)):
            bot = make_bot(args.level)
            began, began_cpu = time.perf_counter(), time.process_time()
            choose_for(state, bot, Rng(i + 1))
            times.append(time.perf_counter() - began)
            cpu.append(time.process_time() - began_cpu)
            iters.append(getattr(bot, "last_iterations", 0))
        times.sort()
        p90 = times[int(0.9 * (len(times) - 1))]
        print(f"{args.game} {players}p {args.level}: {len(times)} decisions, median {statistics.median(times) * 1000:.0f} ms, "
              f"p90 {p90 * 1000:.0f} ms, worst {times[-1] * 1000:.0f} ms (CPU: median "
              f"{statistics.median(cpu) * 1000:.0f} ms, worst {max(cpu) * 1000:.0f} ms); iterations median "
              f"{statistics.median(iters):.0f}, fewest {min(iters)}; load average {os.getloadavg()[0]:.1f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
