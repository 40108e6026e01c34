"""The engine's shortcuts keep the contract: apply() trusts only the listing made for this exact state,
shared actions never mix up values that compare equal, and copies never inherit a listing."""
from __future__ import annotations

import pytest

import gamecore
from gamecore import Action, IllegalAction
from gamecore.misfits import testing as mt
from gamecore.rangers import testing as rt


class CountingToy:
    """Wraps a toy state's _legal so a test can count how often apply() lists the actions."""

    def __init__(self, state):
        self.calls = 0
        inner = state._legal

        def counted():
            self.calls += 1
            return inner()
        state._legal = counted


def test_apply_trusts_the_listing_it_was_just_given():
    s = gamecore.start("toy", seed=3, players=2)
    count = CountingToy(s)
    legal = s.legal_actions()
    assert count.calls == 1
    s.apply(legal[0])
    assert count.calls == 1          # no second listing to check the chosen action


def test_an_action_not_in_the_listing_is_checked_afresh():
    s = gamecore.start("toy", seed=3, players=2)
    s.legal_actions()
    count = CountingToy(s)
    with pytest.raises(IllegalAction):
        s.apply(Action.make("play", "nope", "bin:0"))
    assert count.calls == 1
    before = s.digest()
    with pytest.raises(IllegalAction):
        s.apply(Action.make("play", "nope", "bin:9"))
    assert s.digest() == before


def test_the_listing_is_forgotten_once_the_state_moves_on():
    s = gamecore.start("toy", seed=3, players=2)
    first = s.legal_actions()[0]
    s.apply(first)
    # the card just played is no longer in hand: the old listing must not make it legal again
    with pytest.raises(IllegalAction):
        s.apply(first)


def test_apply_unchecked_and_changed_forget_the_listing():
    s = gamecore.start("toy", seed=3, players=2)
    legal = s.legal_actions()
    s.apply_unchecked(legal[0])
    assert s._legal_memo is None
    s.legal_actions()
    s.changed()
    assert s._legal_memo is None


def test_a_hand_edit_by_a_misfits_helper_is_seen_by_apply():
    s = mt.new(players=2, seed=4)
    hire = next(a for a in s.legal_actions() if a.kind == "hire")
    mt.set_coins(s, 0, 0)             # now that card cannot be paid for
    before = s.digest()
    with pytest.raises(IllegalAction):
        s.apply(hire)
    assert s.digest() == before


def test_a_board_edit_by_a_rangers_helper_is_seen_by_apply():
    s = rt.new_game(players=2)
    rt.clear_board(s)
    rt.skip_to_actions(s)
    rt.put_fs(s, "juice_bar", "putty", 1)
    rt.move_rangers(s, "juice_bar")
    red = s.d["seats"][0]["rangers"][0]
    battle = Action.make("battle", f"ranger:{red}", "loc:juice_bar")
    s.apply(Action.make("act", source="seat:0"))   # rangers v6: the team first chooses who acts
    assert battle in s.legal_actions()
    rt.clear_board(s)                 # the putty is gone: no battle there any more
    before = s.digest()
    with pytest.raises(IllegalAction):
        s.apply(battle)
    assert s.digest() == before


def test_copies_start_without_a_listing():
    for game in ("toy", "rangers", "misfits"):
        s = gamecore.start(game, seed=2, players=2)
        s.legal_actions()
        assert s.clone()._legal_memo is None
        assert s.view(0)._legal_memo is None


def test_equal_requests_share_one_action():
    assert Action.make("move", "ranger:red", "loc:cc") is Action.make("move", "ranger:red", "loc:cc")
    assert Action.make("recover", "ranger:red", token="team") is Action.make("recover", "ranger:red", token="team")


def test_true_and_one_are_never_mixed_up():
    one = Action.make("pick", n=1)
    true = Action.make("pick", n=True)
    assert one.get("n") is not True and true.get("n") is True
    assert Action.make("pick", n=1).get("n") is not True
    assert Action.make("pick", n=True).get("n") is True
    assert Action.make("pick", n=0).get("n") is not False and Action.make("pick", n=False).get("n") is False


def test_lists_are_frozen_and_never_shared():
    picks = [1, 2]
    a = Action.make("hire", "card:1", picks=picks)
    picks.append(3)
    assert a.get("picks") == (1, 2)
    assert Action.make("hire", "card:1", picks=[1, 2]) == a
