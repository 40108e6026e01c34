"""Bots decide from views only. A view must depend on nothing but what its seat can see: re-dealing the
hidden cards (another consistent world) gives the same view, so no bot can peek at a hidden hand or the
deck order. Checked for every registered game at many points of random playouts; then each bot level
makes the same choice in both worlds."""
from __future__ import annotations

import pytest

import gamecore
from gamecore.bots import GreedyBot, MctsBot, RandomBot, choose_for, make_bot
from gamecore.engine import Rng

GAMES = [g for g in gamecore.games(ready_only=True)]


def _positions(info, count=6, seed=3):
    state = gamecore.start(info.id, seed=seed, players=info.counts()[0])
    rng = Rng(seed)
    out = []
    step = 0
    while not state.is_over() and len(out) < count:
        if step % 7 == 3:
            out.append(state.clone())
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        step += 1
    return out


@pytest.mark.parametrize("info", GAMES, ids=[g.id for g in GAMES])
def test_views_do_not_depend_on_hidden_information(info):
    for state in _positions(info):
        seat = state.current_seat()
        other_world = state.view(seat, Rng(999))      # hidden cards dealt anew
        for k in range(3):
            assert state.view(seat, Rng(k)).digest() == other_world.view(seat, Rng(k)).digest()
        assert state.view(seat, Rng(1)).legal_actions() == state.legal_actions()


@pytest.mark.parametrize("info", GAMES, ids=[g.id for g in GAMES])
def test_bot_choices_are_blind_to_hidden_cards(info):
    bots = [RandomBot(), GreedyBot(), MctsBot(iterations=30)]
    for state in _positions(info, count=3):
        other_world = state.view(state.current_seat(), Rng(4242))
        for bot in bots:
            assert choose_for(state, bot, Rng(5)) == choose_for(other_world, bot, Rng(5)), bot.name


def test_every_offered_bot_level_exists():
    for info in gamecore.games():
        for level in info.bot_levels:
            assert make_bot(level) is not None


def test_greedy_beats_random_in_the_toy_game():
    wins = 0
    for seed in range(30):
        state = gamecore.start("toy", seed=seed, players=2)
        rng = Rng(seed)
        players = [GreedyBot(), RandomBot()] if seed % 2 == 0 else [RandomBot(), GreedyBot()]
        greedy_seat = 0 if seed % 2 == 0 else 1
        while not state.is_over():
            state.apply(choose_for(state, players[state.current_seat()], rng))
        wins += greedy_seat in state.result().winners
    assert wins >= 20
