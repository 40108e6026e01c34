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


# ---------------------------------------------------------------- search copies build no events
# (gamecore.engine.GameState.quiet: the bots' copies skip building the events nothing in a search reads)

_BUILDERS = {"rangers": ("gamecore.rangers.state", "gamecore.rangers.common"), "galaxy": ("gamecore.galaxy.state",),
             "misfits": ("gamecore.misfits.state",), "barricades": ("gamecore.barricades.state",)}


def _count_builds(monkeypatch, game):
    import importlib
    built = [0]
    for name in _BUILDERS.get(game, ()):
        module = importlib.import_module(name)
        real = module.new_event

        def counting(*args, _real=real, **kwargs):
            built[0] += 1
            return _real(*args, **kwargs)
        monkeypatch.setattr(module, "new_event", counting)
    return built


@pytest.mark.parametrize("info", GAMES, ids=[g.id for g in GAMES])
def test_a_quiet_state_builds_no_events_and_plays_the_same(info, monkeypatch):
    built = _count_builds(monkeypatch, info.id)
    players = info.counts()[-1]
    loud = gamecore.start(info.id, seed=11, players=players)
    quiet = loud.clone()
    quiet.quiet = True
    rng = Rng(11)
    actions, loud_events = [], 0
    while not loud.is_over() and len(actions) < 400:
        legal = loud.legal_actions()
        action = legal[rng.randrange(len(legal))]
        actions.append(action)
        loud_events += len(loud.apply(action))
    assert not loud.quiet and loud_events > 0
    if info.id in _BUILDERS:
        assert built[0] > 0                      # a real game's state builds its events
    built[0] = 0                                 # (the shared events this game needs are all built now)
    for action in actions:
        quiet.apply(action)
        copy = quiet.clone()                     # clone() and view() keep the flag
        assert copy.quiet and copy.view(0, Rng(1)).quiet
    assert quiet.digest() == loud.digest()       # the flag changes no rule and is not part of the state
    assert built[0] == 0                         # ...and nothing built an event for the quiet copy


@pytest.mark.parametrize("info", GAMES, ids=[g.id for g in GAMES])
def test_bots_search_only_quiet_copies(info, monkeypatch):
    import gamecore.barricades.evaluation as BE
    monkeypatch.setattr(BE, "SEARCH_SECONDS", None)
    state = gamecore.start(info.id, seed=5, players=info.counts()[0])
    cls = type(state)
    real_apply = cls._apply
    seen = []

    def recording(self, action):
        seen.append(self.quiet)
        return real_apply(self, action)
    rng = Rng(5)
    for step in range(40):
        if state.is_over():
            break
        legal = state.legal_actions()
        if len(legal) > 1 and step % 4 == 1:
            monkeypatch.setattr(cls, "_apply", recording)
            bots = [make_bot(level) for level in info.bot_levels] + [GreedyBot(), MctsBot(iterations=8, rollout_cap=6)]
            for bot in bots:
                if hasattr(bot, "seconds"):
                    bot.seconds = None
                if hasattr(bot, "iterations"):
                    bot.iterations = min(bot.iterations, 8)
                if hasattr(bot, "worlds"):
                    bot.worlds, bot.depth = 1, 4
                choose_for(state, bot, Rng(step))
                if not getattr(bot, "level", None):      # a bot called directly quiets its own copies
                    view = state.view(state.current_seat(), Rng(step))
                    bot.choose(view, view.legal_actions(), Rng(step))
            monkeypatch.setattr(cls, "_apply", real_apply)
        state.apply(legal[rng.randrange(len(legal))])
    assert seen and all(seen)
    assert not state.quiet
