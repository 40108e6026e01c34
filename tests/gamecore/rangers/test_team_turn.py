"""The team's choice of who acts next (team_turn.py): the seats that can act, who makes the choice
(the person while one of their seats can act, else the team AI), the hand-over to the AI teammates,
and AI seats' decisions taken by the bots through the session and the bot worker."""
import pytest

import gamecore
from gamecore.bots import choose_for, make_bot
from gamecore.bots.planner import PlannerBot, expanded_greedy
from gamecore.bots.worker import action_from_json, choose_from_snapshot
from gamecore.engine import Action, Rng
from gamecore.rangers import testing as T
from gamecore.rangers.state import CC
from gamecore.session import Seat, Session

SURE_KICK = "card:yellow:6"
BLASTER = "card:red:9"
YELLOW = 3


def acts(s):
    return sorted(int(a.source.split(":")[1]) for a in s.legal_actions() if a.kind == "act")


def seat_of(s, action):
    """The seat an action belongs to (its ranger, card, token or zord), or None for a team action."""
    src = action.source or ""
    d = s.d
    if src.startswith("ranger:"):
        return d["rseat"][src.split(":")[1]]
    if src.startswith("card:"):
        return next(i for i, st in enumerate(d["seats"]) if src in st["hand"])
    if src.split(":")[0] in ("energy", "action", "deck"):
        return int(src.split(":")[1])
    if src.startswith("ability:"):
        return d["rseat"][src.split(":")[1]]
    if src.startswith("zord:") and src != "zord:megazord":
        return d["zords"][src.split(":")[1]]["seat"]
    return None


def action_game(players=3, **options):
    s = T.new_game(players=players, seed=3, **options)
    T.clear_board(s)
    T.skip_to_actions(s)
    return s


def test_the_who_acts_step_lists_exactly_the_seats_with_tokens():
    s = action_game(players=3)                   # three players: no team Recover tokens
    assert s.d["team_tokens"] == 0
    assert acts(s) == [0, 1, 2]
    s.d["seats"][1]["actions"] = 0
    s.changed()
    assert acts(s) == [0, 2]
    assert {a.kind for a in s.legal_actions()} == {"act", "end_actions"}
    assert s.pending().kind == "actions"
    # one seat left with tokens: no "who" to ask, its own actions are offered with the end
    s.d["seats"][0]["actions"] = 0
    s.changed()
    assert acts(s) == []
    assert s.current_seat() == 2
    assert {seat_of(s, a) for a in s.legal_actions() if a.kind != "end_actions"} == {2}


def test_after_choosing_a_seat_only_its_actions_are_legal():
    s = action_game(players=4)                   # four players: 2 team Recover tokens too
    T.act(s, "act", "seat:2")
    assert T.top(s) == "seat_actions" and s.current_seat() == 2
    legal = s.legal_actions()
    assert legal and {seat_of(s, a) for a in legal} == {2}
    assert Action.make("recover", source="ranger:blue", token="team") in legal
    assert not any(a.kind in ("end_actions", "act") for a in legal)
    with pytest.raises(gamecore.IllegalAction):
        s.apply(Action.make("move", source="ranger:red", target="loc:juice_bar"))
    T.act(s, "move", "ranger:blue", "loc:juice_bar")
    assert T.top(s) == "actions" and s.d["seats"][2]["actions"] == 1
    assert acts(s) == [0, 1, 2, 3]               # the team chooses again


def test_the_person_decides_while_one_of_their_seats_can_act():
    s = action_game(players=4, ai_seats=[1, 2, 3])
    assert s.ai_seats() == {1, 2, 3}
    assert s.current_seat() == 0
    kinds = [a.kind for a in s.legal_actions()]
    assert acts(s) == [0] and "team_act" in kinds and "end_actions" in kinds
    # "let the team act": the team AI chooses among the AI seats; no end, no hand-back before one acted
    T.act(s, "team_act")
    assert s.current_seat() == 1 and s.pending().args["handed"]
    assert acts(s) == [1, 2, 3]
    assert {a.kind for a in s.legal_actions()} == {"act"}
    T.act(s, "act", "seat:3")
    assert s.current_seat() == 3
    T.act(s, "recover", "ranger:yellow")
    T.act(s, "recover_done")
    assert s.current_seat() == 1                 # still handed over: the team AI chooses again
    assert "hand_back" in {a.kind for a in s.legal_actions()}
    T.act(s, "hand_back")
    assert s.current_seat() == 0 and acts(s) == [0]


def test_the_team_ai_decides_and_may_end_once_the_person_cannot_act():
    s = action_game(players=3, ai_seats=[1, 2])
    s.d["seats"][0]["actions"] = 0
    s.changed()
    assert s.current_seat() == 1
    assert acts(s) == [1, 2] and "end_actions" in {a.kind for a in s.legal_actions()}
    assert "team_act" not in {a.kind for a in s.legal_actions()}


def test_hotseat_keeps_the_person_in_control_of_every_seat():
    s = action_game(players=4, hotseat=True, ai_seats=[1, 2, 3])
    assert s.ai_seats() == set()
    assert s.current_seat() == 0
    assert acts(s) == [0, 1, 2, 3]
    assert "team_act" not in {a.kind for a in s.legal_actions()}
    # every seat's own moves are the person's to make (what the hotseat table offers as drags)
    assert {seat_of(s, a) for a in T.team_actions(s) if a.kind not in ("act", "end_actions")} == {0, 1, 2, 3}


def test_a_battle_asks_which_ranger_plays_then_offers_only_its_cards(battle_at):
    s = battle_at(fs={"putty": 2}, rangers=("red", "yellow"), players=5)
    T.set_hand(s, 0, [BLASTER])
    T.set_hand(s, YELLOW, [SURE_KICK])
    T.act(s, "battle", "ranger:red", "loc:juice_bar")
    if T.top(s) == "prep_draw":
        T.act(s, "ready")
    assert T.top(s) == "ranger_turn"
    assert acts(s) == [0, YELLOW]
    # besides who plays: passing, and energy (added at any time) from the seats the person decides for
    assert {a.kind for a in s.legal_actions()} == {"act", "pass", "give_energy", "spend_action"}
    assert {seat_of(s, a) for a in s.legal_actions() if a.kind in ("give_energy", "spend_action")} == {0, YELLOW}
    T.act(s, "act", f"seat:{YELLOW}")
    assert s.d["stack"][-1]["only"] == {"seat": YELLOW}
    assert s.current_seat() == YELLOW
    legal = s.legal_actions()
    assert {seat_of(s, a) for a in legal if a.kind != "pass"} == {YELLOW}
    assert any(a.source == SURE_KICK for a in legal) and not any(a.source == BLASTER for a in legal)


def test_the_greedy_team_sends_the_seat_with_the_best_move():
    s = action_game(players=4)
    T.put_fs(s, "juice_bar", "putty", 2)
    T.move_rangers(s, "juice_bar", ["blue"])     # only Blue stands where a battle can start
    s.d["team_tokens"] = 0
    for st in s.d["seats"]:
        st["actions"] = 1
    s.changed()
    seq = expanded_greedy(s, s.legal_actions(), Rng(5))
    assert seq[0] == Action.make("act", source="seat:2")
    assert seq[1].kind == "battle"
    assert choose_for(s, make_bot("greedy"), Rng(5)) == Action.make("act", source="seat:2")


def test_ai_seats_decisions_go_to_the_planner_through_the_session_and_the_worker():
    seats = [Seat()] + [Seat("bot", "planner") for _ in range(3)]
    session = Session.new("rangers", 11, 4, {"ai_seats": [1, 2, 3]}, seats)
    T.draw_openings(session)
    s = session.state
    while T.top(s) != "actions":                 # the deployment phase is the team's (seat 0 here)
        session.apply(s.legal_actions()[-1])
        s = session.state
    assert not session.bot_to_move()             # the person's seat can act: the person chooses
    session.apply(Action.make("team_act"))
    assert session.bot_to_move()
    bot = PlannerBot(candidates=2, worlds=1, depth=8, seconds=None)   # no clock: the same choice every run
    choice = choose_for(session.state, bot, Rng(4))
    assert choice.kind == "act" and int(choice.source.split(":")[1]) in (1, 2, 3)
    session.apply(choice)
    assert session.bot_to_move() and session.state.current_seat() == int(choice.source.split(":")[1])
    # the worker (the table's other process) answers for the AI seat from a snapshot
    snap = session.state.to_json()
    picked = action_from_json(choose_from_snapshot(snap, "greedy", 77))
    assert picked in session.state.legal_actions()
    assert seat_of(session.state, picked) == session.state.current_seat()


def test_ai_seats_option_is_checked():
    with pytest.raises(gamecore.OptionError):
        gamecore.start("rangers", seed=1, players=3, ai_seats="1")
    with pytest.raises(gamecore.OptionError):
        gamecore.start("rangers", seed=1, players=3, ai_seats=[1, 1])
    s = gamecore.start("rangers", seed=1, players=3, ai_seats=[2, 5])
    assert s.ai_seats() == {2}                   # a seat past the team is ignored


def test_battle_preparation_lets_each_seat_draw_for_itself(battle_at):
    s = battle_at(fs={"putty": 2}, rangers=("red", "yellow"), players=5, ai_seats=[YELLOW])
    T.set_hand(s, 0, [])
    T.set_hand(s, YELLOW, [])
    T.act(s, "battle", "ranger:red", "loc:juice_bar")
    assert T.top(s) == "prep_draw" and s.current_seat() == 0
    assert {a.source for a in s.legal_actions() if a.kind in ("draw", "draw_up")} == {"deck:0"}
    T.act(s, "ready")                            # the person is done; the AI teammate draws for itself
    assert T.top(s) == "prep_draw" and s.current_seat() == YELLOW
    assert {a.source for a in s.legal_actions() if a.kind in ("draw", "draw_up")} == {f"deck:{YELLOW}"}
    T.act(s, "draw_up", f"deck:{YELLOW}", f"hand:{YELLOW}", n=5)
    assert T.top(s) != "prep_draw" and len(s.d["seats"][YELLOW]["hand"]) == 5 and not s.d["seats"][0]["hand"]


def test_a_reaction_window_asks_the_persons_seat_then_each_ai_seat_for_its_own_cards(battle_at):
    s = battle_at(fs={"putty": 1}, rangers=("red", "black"), players=5, ai_seats=[1])
    T.stack(s, "edeck:putty", ["enemy:putty:0"])             # Leaping Attack: 3 damage to one ranger
    T.set_hand(s, 0, ["card:red:6"])                          # Stand Firm (Jason, the person's)
    T.set_hand(s, 1, ["card:black:2"])                        # Brace for Impact (Zack, an AI teammate's)
    T.act(s, "battle", "ranger:red", "loc:juice_bar")
    if T.top(s) == "prep_draw":
        T.act(s, "ready")
        if T.top(s) == "prep_draw":
            T.act(s, "ready")
    T.act(s, "pass")
    while T.top(s) == "damage":                               # the lead chooses who takes it
        s.apply(next(a for a in s.legal_actions() if a.target == "ranger:red"))
    assert T.top(s) == "react" and s.current_seat() == 0
    assert {a.source for a in s.legal_actions() if a.kind == "react"} == {"card:red:6"}
    T.act(s, "pass")                                          # the person lets it go: Zack is asked
    assert T.top(s) == "react" and s.current_seat() == 1
    assert {a.source for a in s.legal_actions() if a.kind == "react"} == {"card:black:2"}


def test_in_a_battle_the_team_ai_adds_only_the_ai_seats_energy(battle_at):
    s = battle_at(fs={"putty": 2}, rangers=("red", "yellow"), players=5, ai_seats=[YELLOW])
    T.set_hand(s, 0, [BLASTER])
    T.set_hand(s, YELLOW, [SURE_KICK])
    T.act(s, "battle", "ranger:red", "loc:juice_bar")
    while T.top(s) == "prep_draw":                            # the person's seat, then the AI's, ready
        T.act(s, "ready")
    assert T.top(s) == "ranger_turn" and s.current_seat() == 0
    assert {seat_of(s, a) for a in s.legal_actions() if a.kind in ("give_energy", "spend_action")} == {0}
    T.act(s, "team_act")
    assert s.current_seat() == YELLOW
    assert {seat_of(s, a) for a in s.legal_actions() if a.kind in ("give_energy", "spend_action")} == {YELLOW}
    assert acts(s) == [YELLOW] and "pass" in {a.kind for a in s.legal_actions()}


def _compare_acting_choices(s, rng, steps):
    """Random moves from ``s``; at each team's choice, ``acting_choices`` against a copy that applied
    ``act``. Returns (choices compared, of which listed without a copy)."""
    compared = direct = 0
    for _ in range(steps):
        if s.is_over():
            break
        legal = s.legal_actions()
        if s.team_choice_pending():
            for pick in legal:
                if pick.kind != "act":
                    continue
                seat = int(pick.source.split(":")[1])
                probe = s.clone()
                probe.apply_unchecked(pick)
                direct += s._acting_choices_direct(seat) is not None
                assert s.acting_choices(seat) == probe.legal_actions()
                compared += 1
        s.apply(rng.choice(legal))
    return compared, direct


@pytest.mark.parametrize("players,ai", [(5, []), (5, [1, 4]), (6, [2])])
def test_a_seats_battle_choices_listed_without_a_copy_are_the_copys(battle_at, players, ai):
    """``acting_choices`` lists a battle seat's turn directly (no copy of the state): at every team's
    choice of random battles, and of random whole games, it gives exactly what applying ``act`` to a
    copy gives, in the same order."""
    compared = direct = 0
    rangers = ("red", "black", "blue", "yellow", "pink", "green")[:players]
    for seed in range(6):
        s = battle_at(fs={"putty": 3}, bigs=("bones",) if seed % 2 else (), rangers=rangers,
                      players=players, seed=seed, ai_seats=ai)
        T.act(s, "battle", "ranger:red", "loc:juice_bar")
        c, d = _compare_acting_choices(s, Rng(seed + 7), 400)
        compared, direct = compared + c, direct + d
        c, d = _compare_acting_choices(gamecore.start("rangers", seed=seed, players=players, ai_seats=ai),
                                       Rng(seed), 3000)
        compared += c
    assert direct > 30 and compared > direct + 30
