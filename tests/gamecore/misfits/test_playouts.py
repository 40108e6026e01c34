"""Random playouts end with a valid result; clone, JSON round trip, determinism, illegal actions."""
import pytest

import gamecore
from gamecore import Action, IllegalAction, Rng


def playout(seed, players, every_step=True):
    s = gamecore.start("misfits", seed=seed, players=players)
    rng = Rng(seed * 31 + players)
    steps = 0
    while not s.is_over():
        acts = s.legal_actions()
        assert acts and len(set(acts)) == len(acts)
        assert s.pending().seat == s.current_seat()
        s.apply(rng.choice(acts))
        steps += 1
        if every_step:
            assert s.invariants() == []
        assert steps < 20000
    return s


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_playouts_end_with_a_valid_result(players, seed):
    s = playout(seed, players)
    res = s.result()
    assert s.current_seat() is None and s.legal_actions() == [] and s.pending() is None
    assert res.outcome in ("win", "shared") and res.winners
    assert set(res.scores) == set(range(players))
    for seat in range(players):
        assert res.scores[seat] == sum(res.breakdown[seat].values())
    best = max(res.scores.values())
    assert all(res.scores[w] == best for w in res.winners)
    assert res.reason in ("misfits.end.full_tableau", "misfits.end.round_limit")
    if res.reason == "misfits.end.full_tableau":
        assert any(s.tableau_size(p) == 16 for p in range(players))
        assert s.seat == s.start_seat          # everyone had the same number of turns


def test_many_quick_playouts_end():
    for seed in range(20, 50):
        s = playout(seed, 2 + seed % 3, every_step=False)
        assert s.invariants() == []


def test_json_round_trip_clone_and_view_along_a_game():
    s = gamecore.start("misfits", seed=8, players=3)
    rng = Rng(8)
    step = 0
    while not s.is_over():
        if step % 5 == 0:
            back = gamecore.restore(s.to_json())
            assert back.digest() == s.digest()
            assert back.legal_actions() == s.legal_actions()
            c = s.clone()
            assert c.digest() == s.digest()
            a = rng.choice(s.legal_actions())
            c.apply(a)
            back.apply(a)
            assert c.digest() == back.digest()
            v = s.view(s.current_seat(), Rng(step))
            assert v.invariants() == []
            s.apply(a)
            assert s.digest() == c.digest()
        else:
            s.apply(rng.choice(s.legal_actions()))
        step += 1


def test_clone_is_independent():
    s = gamecore.start("misfits", seed=12, players=2)
    before = s.digest()
    c = s.clone()
    rng = Rng(1)
    for _ in range(60):
        if c.is_over():
            break
        c.apply(rng.choice(c.legal_actions()))
    assert s.digest() == before


def test_same_seed_and_actions_give_the_same_digests():
    a = gamecore.start("misfits", seed=21, players=4)
    b = gamecore.start("misfits", seed=21, players=4)
    rng = Rng(3)
    while not a.is_over():
        act = rng.choice(a.legal_actions())
        a.apply(act)
        b.apply(Action.from_json(act.to_json()))
        assert a.digest() == b.digest()


def test_illegal_actions_change_nothing():
    s = gamecore.start("misfits", seed=2, players=2)
    rng = Rng(2)
    for _ in range(200):
        if s.is_over():
            break
        d = s.digest()
        for bad in (Action("nope"), Action("hire", "hero:a01+c01", "tab:0:4:4"), Action("activate", "x"),
                    Action.make("take", type="gold"), Action("discard", "hero:zz")):
            if bad in s.legal_actions():
                continue
            with pytest.raises(IllegalAction):
                s.apply(bad)
            assert s.digest() == d
        s.apply(rng.choice(s.legal_actions()))


def test_evaluate_is_a_number_and_prefers_more_points():
    s = gamecore.start("misfits", seed=2, players=2)
    base = s.evaluate(s.seat)
    s.won[s.seat].append("quest:forest:12")
    assert s.evaluate(s.seat) > base
    assert s.evaluate_simple(s.seat) >= 12
    assert s.summary() == {"round": 1, "turn": 1}
