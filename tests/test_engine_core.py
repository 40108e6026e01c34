"""The engine contract itself: actions, RNG, options, IllegalAction, digest, JSON round trip."""
from __future__ import annotations

import json

import pytest

import gamecore
from gamecore import Action, IllegalAction, Rng
from gamecore.engine import Option, OptionError


def test_action_is_hashable_and_round_trips():
    a = Action.make("hire", "card:1", "slot:0:0", times=2, picks=[1, 2])
    assert hash(a) == hash(Action.make("hire", "card:1", "slot:0:0", picks=[1, 2], times=2))
    back = Action.from_json(json.loads(json.dumps(a.to_json())))
    assert back == a
    assert back.get("picks") == (1, 2)
    assert "hire" in a.describe() and "slot:0:0" in a.describe()


def test_action_refuses_non_data():
    with pytest.raises(TypeError):
        Action.make("x", thing=object())
    with pytest.raises(ValueError):
        Action.from_json({"kind": 3})
    with pytest.raises(ValueError):
        Action.from_json({"kind": "x", "source": 5})


def test_rng_is_deterministic_and_serialisable():
    a, b = Rng(42), Rng(42)
    assert [a.randrange(100) for _ in range(50)] == [b.randrange(100) for _ in range(50)]
    c = Rng(state=a.state)
    assert [a.next_u32() for _ in range(10)] == [c.next_u32() for _ in range(10)]
    assert Rng(1).next_u32() != Rng(2).next_u32()


def test_rng_is_roughly_uniform():
    r = Rng(3)
    counts = [0] * 6
    for _ in range(6000):
        counts[r.randrange(6)] += 1
    assert all(850 < c < 1150 for c in counts), counts
    items = list(range(10))
    r.shuffle(items)
    assert sorted(items) == list(range(10)) and items != list(range(10))


def test_option_validation_gives_clear_errors():
    opt = Option("hand", "int", 2, "x", minimum=1, maximum=3)
    assert opt.validate(3) == 3
    with pytest.raises(OptionError, match="between 1 and 3"):
        opt.validate(7)
    with pytest.raises(OptionError, match="whole number"):
        opt.validate("2")
    with pytest.raises(OptionError, match="no option named"):
        gamecore.start("toy", seed=1, players=2, colour="red")
    with pytest.raises(OptionError, match="players"):
        gamecore.start("toy", seed=1, players=9)
    with pytest.raises(OptionError, match="no game"):
        gamecore.start("nope")


def test_games_registry_lists_the_four_games_in_order():
    ids = [g.id for g in gamecore.games()]
    assert ids[:4] == ["rangers", "misfits", "galaxy", "barricades"]
    for info in gamecore.games():
        assert info.min_players <= info.max_players
        assert info.title and info.pitch


def test_games_in_preparation_cannot_start():
    for info in gamecore.games():
        if not info.ready:
            with pytest.raises(OptionError, match="in preparation"):
                gamecore.start(info.id, seed=1, players=info.min_players)


def test_same_seed_same_actions_same_digest():
    def run(seed):
        s = gamecore.start("toy", seed=seed, players=2)
        r = Rng(9)
        while not s.is_over():
            legal = s.legal_actions()
            s.apply(legal[r.randrange(len(legal))])
        return s.digest()

    assert run(5) == run(5)
    assert run(5) != run(6)


def test_illegal_action_leaves_state_byte_for_byte_unchanged():
    s = gamecore.start("toy", seed=4, players=2)
    before = json.dumps(s.to_json(), sort_keys=True)
    other_hand_card = s.hands[1][0]
    with pytest.raises(IllegalAction) as info:
        s.apply(Action.make("play", other_hand_card, "bin:0"))
    assert info.value.code == "not_your_card"
    with pytest.raises(IllegalAction):
        s.apply(Action.make("teleport"))
    assert json.dumps(s.to_json(), sort_keys=True) == before


def test_restore_round_trip_and_foreign_snapshots():
    s = gamecore.start("toy", seed=8, players=3)
    s.apply(s.legal_actions()[0])
    data = json.loads(json.dumps(s.to_json()))
    back = gamecore.restore(data)
    assert back.digest() == s.digest()
    assert back.legal_actions() == s.legal_actions()
    for bad in (None, [], {"schema": 99}, {**data, "game": "chess"}, {**data, "engine_version": 77},
                {**data, "state": {"seed": 1}}):
        with pytest.raises(gamecore.RestoreError):
            gamecore.restore(bad)


def test_view_hides_other_hands_but_keeps_own():
    s = gamecore.start("toy", seed=11, players=2)
    seen = set()
    for k in range(20):
        v = s.view(0, Rng(k))
        assert v.hands[0] == s.hands[0]
        assert sorted(v.hands[1] + v.deck) == sorted(s.hands[1] + s.deck)
        seen.add(tuple(v.hands[1]))
    assert len(seen) > 1, "the opponent's hand must be re-dealt in views"
    assert s.view(0, Rng(1)).rng.state != s.rng.state, "a view must not carry the real RNG"


def test_gamecore_never_imports_pygame():
    import pathlib
    import re

    root = pathlib.Path(gamecore.__file__).parent
    pattern = re.compile(r"^\s*(import|from)\s+(pygame|pygame_gui|ui)\b", re.M)
    offenders = [str(p) for p in root.rglob("*.py") if pattern.search(p.read_text(encoding="utf-8"))]
    assert offenders == []


def test_listing_the_games_does_not_import_their_rules_engines():
    """The menu lists the games at start-up: that must not load four rules engines, nor their content or
    any other module of a game's package (start-up time)."""
    import subprocess
    import sys

    code = ("import sys, gamecore; infos = gamecore.games(); "
            "print(sorted(m for m in sys.modules if m.startswith('gamecore.') and m.count('.') > 1)); "
            "print(sorted(i.id for i in infos))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.splitlines()
    assert out[0] == "[]"
    assert {"rangers", "misfits", "galaxy", "barricades"} <= set(eval(out[1]))
    for game in ("rangers", "misfits", "galaxy", "barricades"):        # each version matches its engine's
        import importlib
        info = importlib.import_module(f"gamecore.{game}").INFO
        state_cls = next(v for k, v in vars(importlib.import_module(f"gamecore.{game}.state")).items()
                         if isinstance(v, type) and getattr(v, "GAME_ID", None) == game)
        assert info.engine_version == state_cls.ENGINE_VERSION
