"""Record the Heroes of the Grid replay corpus: seeded games saved in the project's save format.

    PYTHONPATH=. nice python3 tests/corpus/rangers/record.py      # rewrites tests/corpus/rangers/games/

Each game is a save (gamecore.session.Session.to_save) gzipped to ``games/<name>.json.gz``. The corpus
test (tests/gamecore/rangers/test_corpus.py) replays every save through ``Session.from_save`` and checks
the replayed state's digest against the one stored when the game was recorded, so any change in the
engine's behaviour shows up as a failing game.

Re-record only on purpose: when a rule is changed deliberately (and the engine version bumped), say in
the commit which rule changed the replays. Refactors must leave the corpus passing unchanged.

Policies: ``random`` (uniform over the legal actions), ``busy`` (random, but ending the action phase,
passing, declining and "ready" are taken only one time in eight when something else is possible, so
battles, recovers, draws and reactions are all exercised) and ``team`` (the greedy team AI deciding from
views, as the app's AI teammates do).
"""
from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

import gamecore
from gamecore.bots import choose_for, make_bot
from gamecore.session import Seat, Session

HERE = Path(__file__).resolve().parent
GAMES = HERE / "games"

QUIET = {"end_actions", "pass", "decline", "ready", "recover_done"}

# (players, options) — every variant: 2-6 players, 3x2, Command Center B, locations B,
# Cyclopsis in the boss pool, Scenario #13, random rangers, and some mixtures.
VARIANTS = [
    (2, {}), (3, {}), (4, {}), (5, {}), (6, {}),
    (3, {"six_rangers": True}),
    (4, {"command_center": "B"}), (2, {"command_center": "B"}), (5, {"command_center": "B"}),
    (4, {"locations": "B"}), (3, {"locations": "B"}), (6, {"locations": "B"}),
    (4, {"cyclopsis": True}), (2, {"cyclopsis": True}),
    (4, {"scenario": "cyclopsis13"}), (2, {"scenario": "cyclopsis13"}), (5, {"scenario": "cyclopsis13"}),
    (4, {"ranger_pick": "random"}), (3, {"six_rangers": True, "ranger_pick": "random"}),
    (4, {"command_center": "B", "locations": "B", "cyclopsis": True}),
    (2, {"locations": "B", "scenario": "cyclopsis13", "command_center": "B"}),
    (6, {"command_center": "B", "cyclopsis": True, "ranger_pick": "random"}),
    # AI teammates' seats (engine v6-v7): the team's choices and splits asked seat by seat, hand-overs
    (4, {"ai_seats": [1, 2, 3]}), (5, {"ai_seats": [0, 3], "command_center": "B"}),
]
POLICIES = ("random", "busy", "team")
SEEDS_PER = {"random": 3, "busy": 4, "team": 3}      # 24 variants x 10 games = 240 games


def _choose(policy, state, rng, bot):
    legal = state.legal_actions()
    if policy == "team":
        return choose_for(state, bot, rng)
    if policy == "busy":
        busy = [a for a in legal if a.kind not in QUIET]
        if busy and rng.randrange(8):
            return busy[rng.randrange(len(busy))]
    return legal[rng.randrange(len(legal))]


def name_of(players, options, policy, seed):
    opts = "-".join(f"{k}={'.'.join(map(str, v)) if isinstance(v, list) else v}"
                    for k, v in sorted(options.items())) or "standard"
    return f"p{players}-{opts}-{policy}-s{seed}"


def record(players, options, policy, seed, cap=6000):
    seats = [Seat("bot", "greedy") if policy == "team" else Seat() for _ in range(players)]
    session = Session.new("rangers", seed, players, options, seats)
    rng = gamecore.Rng(seed * 7919 + players)
    bot = make_bot("greedy") if policy == "team" else None
    while not session.state.is_over() and len(session.steps) < cap:
        session.apply(_choose(policy, session.state, rng, bot))
    data = session.to_save(name_of(players, options, policy, seed))
    data["meta"]["saved_at"] = "corpus"          # keep the files byte-stable across re-recordings
    return data


def games():
    for vi, (players, options) in enumerate(VARIANTS):
        for policy in POLICIES:
            for k in range(SEEDS_PER[policy]):
                yield players, options, policy, 1000 * vi + 10 * POLICIES.index(policy) + k


def main(argv):
    GAMES.mkdir(exist_ok=True)
    for old in GAMES.glob("*.json.gz"):
        old.unlink()
    total = 0
    for players, options, policy, seed in games():
        data = record(players, options, policy, seed)
        raw = json.dumps(data, sort_keys=True, separators=(",", ":")).encode()
        path = GAMES / f"{name_of(players, options, policy, seed)}.json.gz"
        path.write_bytes(gzip.compress(raw, compresslevel=9, mtime=0))
        total += path.stat().st_size
        print(path.name, len(data["actions"]), data["snapshot"]["state"]["state"]["d"]["over"], flush=True)
    print(f"{sum(1 for _ in GAMES.glob('*.json.gz'))} games, {total / 1e6:.2f} MB")


if __name__ == "__main__":
    main(sys.argv[1:])
