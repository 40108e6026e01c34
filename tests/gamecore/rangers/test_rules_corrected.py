"""The seven rules of issue 12 the engine used to get wrong, each as a scenario.

Every test here failed on the engine before the fix (engine version 2)."""
import gamecore
from gamecore.engine import Action
from gamecore.rangers import testing as T
from gamecore.rangers.state import CC

LEAP = "enemy:putty:0"                 # Leaping Attack: 3 damage
FOOD_COMA, BELLY_BUMP = "enemy:pudgy:6", "enemy:pudgy:3"
STAND_FIRM, RED_COSTLY = "card:red:6", "card:red:9"
RED_WEAK = "card:red:0"                # 1 shield
RED, BLACK, BLUE = 0, 1, 2


def drive(s, until, play=None):
    """Pass every ranger turn and take the first choice elsewhere until the step ``until`` is on top
    (``until=None``: until the battle is over)."""
    while not s.is_over() and (T.top(s) != until if until else s.d["battle"] is not None):
        legal = s.legal_actions()
        pick = next((a for a in legal if a.kind in ("pass", "ready")), legal[0])
        s.apply(pick)


# 1 ------------------------------------------------------------------------------------------
def test_food_coma_keeps_zero_cost_reactions_playable_and_explains_a_costly_card(battle_at):
    s = battle_at(fs={}, bigs=("pudgy",), rangers=("red",))
    T.stack(s, "edeck:pudgy", [FOOD_COMA, BELLY_BUMP, "enemy:pudgy:4", "enemy:pudgy:5"])
    T.set_hand(s, RED, [STAND_FIRM, RED_COSTLY])
    T.act(s, "battle", "ranger:red", "loc:juice_bar")
    drive(s, "ranger_turn")
    why = s.explain(RED_COSTLY, None)
    assert why.code == "zero_cost_only" and "0" in why.reason
    drive(s, "react")                                   # Belly Bump's damage opens the reaction window
    assert Action.make("react", source=STAND_FIRM, target="ranger:red") in s.legal_actions()


def test_food_coma_says_in_the_log_why_costly_cards_are_refused(battle_at):
    s = battle_at(fs={}, bigs=("pudgy",), rangers=("red",))
    T.stack(s, "edeck:pudgy", [FOOD_COMA, BELLY_BUMP, "enemy:pudgy:4", "enemy:pudgy:5"])
    T.set_hand(s, RED, [STAND_FIRM, RED_COSTLY])
    events = T.act(s, "battle", "ranger:red", "loc:juice_bar")
    while T.top(s) != "ranger_turn":
        events += s.apply(s.legal_actions()[-1])
    refused = [e for e in events if e.key == "rangers.ev.zero_cost_only"]
    assert refused and refused[-1].params["card"] == "$rangers.enemy.pudgy_food_coma.name"
    assert refused[-1].params["n"] == 1                      # one costly card in the rangers' hands


# 2 ------------------------------------------------------------------------------------------
def _boss_nearly_beaten(battle_at, **opt):
    s = battle_at(fs={"putty": 1}, bigs=("rita",), rangers=("red",), **opt)
    s.d["ediscard"]["rita"] = [f"enemy:rita:{i}" for i in (0, 2, 3, 4, 5)]   # 5 of the 6 discards needed
    s.d["edeck"]["rita"] = ["enemy:rita:1", "enemy:rita:6", "enemy:rita:7"]    # no FAST card, no damage
    T.stack(s, "edeck:putty", [LEAP])
    st = s.d["seats"][RED]
    T.set_hand(s, RED, [])
    st["discard"].extend(c for c in st["deck"] if c != RED_WEAK)
    st["deck"] = [RED_WEAK]                                  # Leaping Attack's 3 damage defeats Red
    return s


def test_a_boss_defeat_wins_only_if_a_ranger_survives_the_battle(battle_at):
    s = _boss_nearly_beaten(battle_at)
    T.act(s, "battle", "ranger:red", "loc:juice_bar")
    drive(s, "ranger_turn")
    b = s.d["battle"]
    for c in [c for c in b["order"] if s.C.enemy_deck[c] == "rita"]:
        s._hit(c, s.C.enemy_def[s.C.enemy_of[c]]["health"])                                        # every Rita card in the battle defeated: 6+ discards
    assert "rita" in s.d["locs"]["juice_bar"]["big"]
    drive(s, None)                                 # Leaping Attack then defeats the last ranger
    assert s.d["rloc"]["red"] == CC and not s.is_over()      # no win: nobody survived the battle
    assert "rita" in s.d["locs"]["juice_bar"]["big"]


def test_a_boss_defeat_the_rangers_survive_still_wins(battle_at):
    s = _boss_nearly_beaten(battle_at)
    T.act(s, "battle", "ranger:red", "loc:juice_bar")
    drive(s, "ranger_turn")
    for c in list(s.d["battle"]["order"]):
        s._hit(c, s.C.enemy_def[s.C.enemy_of[c]]["health"])
    drive(s, None)
    assert s.result().outcome == "win" and s.result().reason == "rangers.result.boss_defeated"


# 3 ------------------------------------------------------------------------------------------
def test_a_two_ranger_players_shared_deck_running_out_loses_the_game(battle_at):
    s = battle_at(fs={"putty": 1}, rangers=("red", "black"), players=2)
    T.stack(s, "edeck:putty", [LEAP])
    st = s.d["seats"][0]
    T.set_hand(s, 0, [])
    st["discard"].extend(c for c in st["deck"] if c != RED_WEAK)
    st["deck"] = [RED_WEAK]
    energy = s.d["cc_energy"]
    T.act(s, "battle", "ranger:red", "loc:juice_bar")
    drive(s, None)
    r = s.result()
    assert r is not None and r.outcome == "loss" and r.reason == "rangers.result.shared_deck_empty"
    assert s.d["cc_energy"] == energy


# 4 ------------------------------------------------------------------------------------------
def test_two_players_have_two_action_tokens_each_and_two_team_recover_tokens():
    s = T.new_game(players=2)
    assert [st["actions"] for st in s.d["seats"]] == [2, 2]
    assert s.d["team_tokens"] == 2
    six = T.new_game(players=3, six_rangers=True)
    assert [st["actions"] for st in six.d["seats"]] == [3, 3, 3]


# 5 ------------------------------------------------------------------------------------------
def test_a_ready_action_phase_zord_keeps_the_action_phase_open(battle_at):
    s = T.new_game(players=5)
    T.clear_board(s)
    T.skip_to_actions(s)
    T.put_fs(s, "park", "putty", 1)
    s.d["zdeck"].remove("mastodon") if "mastodon" in s.d["zdeck"] else None
    s.d["zords"]["mastodon"] = {"seat": BLACK, "exhausted": False}
    s.d["power"] = 1
    for st in s.d["seats"]:
        st["actions"] = 0
    s.d["seats"][RED]["actions"] = 1
    T.act(s, "recover", "ranger:red")
    T.act(s, "recover_done")
    assert T.top(s) == "actions"                             # no token left, but Mastodon is ready
    assert Action.make("zord", source="zord:mastodon", target="loc:park", foe="putty") in s.legal_actions()
    T.act(s, "zord", "zord:mastodon", "loc:park", foe="putty")
    assert T.top(s) != "actions"                             # nothing left to use: the phase ends


def test_the_team_may_still_end_the_action_phase_with_a_zord_ready():
    s = T.new_game(players=5)
    T.clear_board(s)
    T.skip_to_actions(s)
    T.put_fs(s, "park", "putty", 1)
    s.d["zords"]["mastodon"] = {"seat": BLACK, "exhausted": False}
    if "mastodon" in s.d["zdeck"]:
        s.d["zdeck"].remove("mastodon")
    s.d["power"] = 1
    for st in s.d["seats"]:
        st["actions"] = 0
    s._advance()
    assert T.top(s) == "actions" and "end_actions" in T.kinds(s)
    T.act(s, "end_actions")
    assert T.top(s) != "actions"


# 6 ------------------------------------------------------------------------------------------
def _assault(loc):
    s = T.new_game(players=5, command_center="B")
    T.clear_board(s)
    T.skip_to_actions(s)
    T.put_fs(s, loc, "putty", s.C.locations[loc]["limit"])
    T.set_panic(s, loc)
    return s


def test_command_center_assault_sends_overflow_to_the_command_center_not_clockwise():
    ring = T.new_game(players=5, command_center="B").d["ring"]
    s = _assault(ring[0])
    assert s._place_fs("putty", ring[0]) == CC
    assert s.d["locs"][CC]["fs"]["putty"] == 1 and T.new_game  # not on the next location clockwise
    assert s.d["locs"][ring[1]]["fs"]["putty"] == 0


def test_command_center_assault_sends_a_monster_bound_for_a_panicked_location_to_the_command_center():
    s = T.new_game(players=5, command_center="B")
    T.clear_board(s)
    T.skip_to_actions(s)
    loc = s.d["ring"][0]
    T.set_panic(s, loc)
    dep = "deploy:pudgy"
    for pile in (s.d["deploy"], s.d["deploy_unused"]):
        if dep in pile:
            T._take_out(s.d, pile, dep)
    assert s._place_big("pudgy", loc) == CC
    assert "pudgy" in s.d["locs"][CC]["big"]


def test_command_center_side_a_still_moves_overflow_clockwise():
    s = T.new_game(players=5)
    T.clear_board(s)
    ring = s.d["ring"]
    T.put_fs(s, ring[0], "putty", s.C.locations[ring[0]]["limit"])
    T.set_panic(s, ring[0])
    assert s._place_fs("putty", ring[0]) == ring[1]


# 7 ------------------------------------------------------------------------------------------
def test_energy_drain_past_pool_and_tokens_makes_each_ranger_in_the_battle_discard(battle_at):
    s = battle_at(loc="industrial", fs={"super_putty": 1}, rangers=("red", "black", "blue"))
    T.stack(s, "edeck:super_putty", ["enemy:super_putty:3"])
    T.act(s, "battle", "ranger:red", "loc:industrial")
    drive(s, "ranger_turn")
    for seat in (RED, BLACK, BLUE):
        s.d["energy_supply"] += s.d["seats"][seat]["energy"]
        s.d["seats"][seat]["energy"] = 0
    s.d["energy_supply"] += s.d["pool"]
    s.d["pool"] = 0
    hands = {seat: len(s.d["seats"][seat]["hand"]) for seat in (RED, BLACK, BLUE)}
    discards = {seat: len(s.d["seats"][seat]["discard"]) for seat in (RED, BLACK, BLUE)}
    s._push({"t": "drain", "n": 1, "src": "enemy:super_putty:3"})
    s._advance()
    while T.top(s) in ("drain", "drain_discard"):
        T.act(s, *(lambda a: (a.kind, a.source, a.target))(s.legal_actions()[0]))
    for seat in (RED, BLACK, BLUE):
        assert len(s.d["seats"][seat]["hand"]) == hands[seat] - 1, seat
        assert len(s.d["seats"][seat]["discard"]) == discards[seat] + 1, seat


def test_energy_drain_counts_both_rangers_of_a_two_ranger_player(battle_at):
    s = battle_at(loc="industrial", fs={"super_putty": 1}, rangers=("red", "black"), players=2)
    T.stack(s, "edeck:super_putty", ["enemy:super_putty:3"])
    T.act(s, "battle", "ranger:red", "loc:industrial")
    drive(s, "ranger_turn")
    st = s.d["seats"][0]
    s.d["energy_supply"] += st["energy"] + s.d["pool"]
    st["energy"] = s.d["pool"] = 0
    hand = len(st["hand"])
    s._push({"t": "drain", "n": 1, "src": "enemy:super_putty:3"})
    s._advance()
    while T.top(s) in ("drain", "drain_discard"):
        a = s.legal_actions()[0]
        T.act(s, a.kind, a.source, a.target)
    assert len(st["hand"]) == hand - 2
