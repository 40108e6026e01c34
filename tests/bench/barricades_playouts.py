"""Barricades random playouts against python-chess, interleaved in one process (bench_playouts' logic).

    PYTHONPATH=$PWD nice -n 10 python3 tests/bench/barricades_playouts.py [--rounds 5] [--slice 1.0] [--players 1,2,3,4,5,6]

Each round times a slice of python-chess random games, then a slice of Barricades random playouts
(list the legal actions, apply a random one, whole games from gamecore.start), in CPU time of this
process; prints the median rate of each and the median and lowest ratio per hero count.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def main() -> int:
    import chess

    import gamecore

    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--slice", type=float, default=1.0)
    ap.add_argument("--players", default="1,2,3,4,5,6")
    args = ap.parse_args()

    def chess_slice(rnd) -> float:
        moves, began = 0, time.process_time()
        while time.process_time() - began < args.slice:
            board = chess.Board()
            while not board.is_game_over(claim_draw=False) and board.fullmove_number < 200:
                board.push(rnd.choice(list(board.legal_moves)))
                moves += 1
        return moves / (time.process_time() - began)

    def game_slice(players: int, seed: list) -> float:
        actions, began = 0, time.process_time()
        while time.process_time() - began < args.slice:
            state = gamecore.start("barricades", seed=seed[0], players=players)
            rng = gamecore.Rng(seed[0])
            while not state.is_over():
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
                actions += 1
            seed[0] += 1
        return actions / (time.process_time() - began)

    rnd = random.Random(1)
    gamecore.start("barricades", seed=0, players=1)
    print(f"{'heroes':>6} {'actions/s':>10} {'chess/s':>9} {'ratio':>6} {'min':>6} {'games':>6}")
    for players in [int(x) for x in args.players.split(",")]:
        seed = [0]
        rates, refs = [], []
        for _ in range(args.rounds):
            refs.append(chess_slice(rnd))
            rates.append(game_slice(players, seed))
        ratios = [a / b for a, b in zip(rates, refs)]
        print(f"{players:>6} {statistics.median(rates):>10.0f} {statistics.median(refs):>9.0f} "
              f"{statistics.median(ratios):>6.2f} {min(ratios):>6.2f} {seed[0]:>6}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
