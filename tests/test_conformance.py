"""One random-simulation test run against every registered game (and the tests' toy game):
legal actions, clone, JSON round trip, undo/redo (by snapshot), illegal actions, invariants, end, cap.
"""
from __future__ import annotations

import pytest

import gamecore
from gamecore.conformance import check_playout, variants
from gamecore.session import Session

GAMES = [g for g in gamecore.games() if g.ready]
CASES = [(g.id, n) for g in GAMES for n in g.counts()]
SEEDS_PER_CASE = 3


def variant_cases():
    """Every non-default value of every pickable option, at the first player count that allows it."""
    out = []
    for info in GAMES:
        for options in variants(info)[1:]:
            for players in info.counts():
                try:
                    info.validate_options(players, options)
                    gamecore.start(info.id, seed=0, players=players, **options)
                except gamecore.OptionError:
                    continue  # e.g. a variant that exists only at some player counts
                out.append((info.id, players, options))
                break
    return out


VARIANTS = variant_cases()


@pytest.mark.parametrize("game, players", CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_random_playouts_conform(game, players):
    for seed in range(SEEDS_PER_CASE):
        steps = check_playout(game, seed, players, deep_every=1 if seed == 0 else 7)
        assert steps > 0


@pytest.mark.parametrize("game, players, options", VARIANTS,
                         ids=[f"{g}-{n}p-{'-'.join(f'{k}={v}' for k, v in o.items())}" for g, n, o in VARIANTS])
def test_variants_conform(game, players, options):
    for seed in range(2):
        assert check_playout(game, seed, players, options, deep_every=3) > 0


def test_every_shipped_ready_game_is_covered():
    shipped = {g.id for g in gamecore.games() if g.ready and g.id != "toy"}
    assert shipped <= {c[0] for c in CASES}


@pytest.mark.parametrize("game", [g.id for g in GAMES])
def test_session_undo_then_redo_restores_digest(game):
    info = gamecore.game(game)
    s = Session.new(game, 11, info.counts()[0])
    rng = gamecore.Rng(5)
    digests = [s.state.digest()]
    for _ in range(12):
        if s.state.is_over():
            break
        legal = s.state.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
        digests.append(s.state.digest())
    while s.can_undo():
        s.undo()
    assert s.state.digest() == digests[0]
    while s.can_redo():
        s.redo()
    assert s.state.digest() == digests[-1]


def test_random_heroes_of_the_grid_playouts_reach_battles():
    """The checks must see battles: a random team that may end its action phase at once would not fight."""
    import gamecore
    from gamecore.conformance import playout_skip_kinds
    from gamecore.engine import Rng

    skip = playout_skip_kinds("rangers")
    battles = 0
    for seed in (1, 2, 3):
        state = gamecore.start("rangers", seed=seed, players=3)
        rng = Rng(seed * 7919 + 13)
        while not state.is_over():
            legal = state.legal_actions()
            choices = [a for a in legal if a.kind not in skip] or legal
            action = choices[rng.randrange(len(choices))]
            battles += action.kind == "battle"
            state.apply(action)
    assert battles >= 3
