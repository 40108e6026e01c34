"""'Who acts, then what' is one plan in two decisions (bots/planner.py): once the team AI sends a seat,
that seat plays the move it was sent for — the greedy team judges both decisions in the same world of
the public position, the planner remembers the sequence its search chose."""
from gamecore.bots import choose_for, make_bot
from gamecore.bots.planner import PlannerBot, expanded_greedy
from gamecore.engine import Action, Rng
from gamecore.rangers import testing as T


def team_choice_game(players=4, seed=3):
    s = T.new_game(players=players, seed=seed)
    T.clear_board(s)
    T.skip_to_actions(s)
    T.put_fs(s, "juice_bar", "putty", 2)
    T.put_fs(s, "high_school", "putty", 1)
    T.move_rangers(s, "juice_bar", ["blue"])
    T.move_rangers(s, "high_school", ["black"])
    s.changed()
    assert s.team_choice_pending()
    return s


def test_the_greedy_team_plays_the_move_it_sent_the_seat_for():
    s = team_choice_game()
    world, judge = s.team_world()
    seq = expanded_greedy(world, s.legal_actions(), judge, make_bot("greedy"))
    assert len(seq) == 2 and seq[0].kind == "act"
    pick = choose_for(s, make_bot("greedy"), Rng(1))
    assert pick == seq[0]
    s.apply(pick)
    assert T.top(s) == "seat_actions" and s.pick_undone()[1] == int(pick.source.split(":")[1])
    # whatever world the seat's view deals and whatever its rng, it plays the move it was sent for
    for k in range(4):
        assert choose_for(s, make_bot("greedy"), Rng(100 + k)) == seq[1]


def test_the_public_position_not_the_hidden_cards_deals_the_team_world():
    s = team_choice_game()
    other = s.view(0, Rng(77))                        # the same position, other deck orders
    assert other.public_key() == s.public_key()
    assert other.team_world()[0].digest() == s.team_world()[0].digest()
    s.apply(s.legal_actions()[0])
    assert s.public_key() != other.public_key()


def test_taking_the_pick_back_restores_the_team_choice():
    s = team_choice_game()
    before = s.digest()
    pick = Action.make("act", source="seat:2")
    s.apply(pick)
    pre, seat = s.pick_undone()
    assert seat == 2 and pre.digest() == before and pre.team_choice_pending()
    assert s.pick_undone() != (None, None) and T.top(s) == "seat_actions"


def test_the_planner_plays_the_move_its_search_sent_the_seat_for():
    s = team_choice_game()
    PlannerBot._plans.clear()
    bot = PlannerBot(candidates=3, worlds=1, depth=8, seconds=None)
    pick = choose_for(s, bot, Rng(5))
    assert pick.kind == "act"
    seq = PlannerBot._plans[s.public_key()]
    assert seq[0] == pick and len(seq) == 2
    s.apply(pick)
    other = PlannerBot(candidates=3, worlds=1, depth=8, seconds=None)   # another AI seat's planner
    assert choose_for(s, other, Rng(6)) == seq[1]
