"""The three bot levels play Galaxy Hunters from views only, and a whole game ends with a sound result."""
from __future__ import annotations

import gamecore
from gamecore.bots import MctsBot, choose_for, make_bot
from gamecore.engine import Rng


def test_easy_and_normal_bots_play_a_whole_game():
    s = gamecore.start("galaxy", seed=21, players=2)
    bots = [make_bot("easy"), make_bot("normal")]
    rng = Rng(21)
    steps = 0
    while not s.is_over():
        assert not s.invariants()
        s.apply(choose_for(s, bots[s.current_seat()], rng))
        steps += 1
    r = s.result()
    assert steps > 60 and set(r.scores) == {0, 1} and max(r.scores.values()) > 15


def test_a_fight_is_judged_by_its_kill():
    """The greedy look-through: a mech that can kill at Uran is sent there rather than left idle."""
    from gamecore.galaxy.testing import give_tile, new, put_uran, set_res
    s = new(2, mechs=["bulwark", "wisp"], pilots=["rook", "nyx"])
    give_tile(s, 0, "autocannon")
    give_tile(s, 0, "rail_rifle")
    for spot in range(4):
        put_uran(s, spot, "razorback" if spot == 0 else "skitter")
    s.p[0]["home"] = 0                                # only the mech is left to place
    s.docks["dock:prim:0"] = [0, 0]
    action = choose_for(s, make_bot("normal"), Rng(1))
    assert action.kind == "place_mech" and action.target.startswith("uran:")


def test_hard_bot_picks_a_legal_move_from_its_view():
    s = gamecore.start("galaxy", seed=5, players=3)
    rng = Rng(5)
    for _ in range(30):
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    action = choose_for(s, MctsBot(iterations=25, rollout_cap=8), Rng(2))
    assert action in s.legal_actions()


def test_bot_levels_are_offered():
    assert gamecore.game("galaxy").bot_levels == ("easy", "normal", "hard")
