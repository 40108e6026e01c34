"""The MCTS bot's time budget is a deadline: it answers before it, whatever an iteration costs.
Time is a fake clock here (each reading advances it), so nothing waits on the wall clock."""
from __future__ import annotations

import pytest

import gamecore
import gamecore.bots as bots
from gamecore.bots import MctsBot, choose_for, make_bot
from gamecore.engine import Rng


class FakeClock:
    """``perf_counter`` that moves ``tick`` seconds at every reading (slower when ``slow`` is set)."""

    def __init__(self, tick: float = 0.001):
        self.now = 100.0
        self.tick = tick

    def perf_counter(self) -> float:
        self.now += self.tick
        return self.now


def _position(players: int, moves: int = 40):
    state = gamecore.start("galaxy", seed=players, players=players)
    rng = Rng(9)
    easy = make_bot("easy")
    for _ in range(moves):
        state.apply(choose_for(state, easy, rng))
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("players,tick", [(3, 0.001), (4, 0.001), (4, 0.004)])
def test_the_bot_answers_before_its_deadline_even_when_iterations_are_slow(monkeypatch, players, tick):
    clock = FakeClock(tick)
    monkeypatch.setattr(bots, "time", clock)
    state = _position(players)
    seat = state.current_seat()
    view = state.view(seat, Rng(1))
    legal = view.legal_actions()
    bot = MctsBot(iterations=10_000, seconds=0.2, rollout_cap=12)
    start = clock.now
    action = bot.choose(view, legal, Rng(2))
    assert action in legal
    assert clock.now - start <= 0.2 + 3 * tick          # a reading or two past it, no more
    assert bot.last_iterations >= 1


def test_a_budget_that_does_not_bind_leaves_the_choice_to_the_seed_alone(monkeypatch):
    state = _position(3)
    seat = state.current_seat()
    view = state.view(seat, Rng(1))
    legal = view.legal_actions()
    monkeypatch.setattr(bots, "time", FakeClock(1e-9))
    timed = MctsBot(iterations=30, seconds=1000.0, rollout_cap=12)
    a = timed.choose(view.clone(), legal, Rng(5))
    untimed = MctsBot(iterations=30, seconds=None, rollout_cap=12)
    b = untimed.choose(view.clone(), legal, Rng(5))
    assert a == b and timed.last_iterations == untimed.last_iterations == 30
