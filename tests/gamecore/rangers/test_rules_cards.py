from gamecore.rangers import testing as T
from gamecore.rangers.state import CC

from .test_battle import LEAP, SURE_KICK, SWARM, YELLOW, start


def test_swarm_counts_the_standing_foot_soldier_cards(battle_at):
    s = battle_at(fs={"putty": 3}, rangers=("yellow",))
    T.stack(s, "edeck:putty", [SWARM, LEAP, "enemy:putty:1"])
    T.set_hand(s, YELLOW, [])
    T.act(s, "battle", "ranger:yellow", "loc:juice_bar")
    events = T.act(s, "ready")
    events += T.act(s, "pass")
    dmg = [e for e in events if e.key == "rangers.ev.damage_taken"]
    assert dmg[0].params["n"] == 1 + 3


def test_splash_lets_the_team_pick_the_neighbour(battle_at):
    s = battle_at(fs={"putty": 3}, rangers=("black",))
    T.stack(s, "edeck:putty", [SWARM, LEAP, "enemy:putty:1"])
    T.set_hand(s, 1, ["card:black:9"])
    start(s, "black", "juice_bar")
    s.d["pool"] += 1
    s.d["energy_supply"] -= 1
    T.act(s, "play", "card:black:9", LEAP)           # Power Axe: 3 dice, then 2 hits next to the target
    assert T.top(s) == "choose_enemy"
    assert {a.target for a in s.legal_actions()} == {SWARM, "enemy:putty:1"}
    T.act(s, "target", "ranger:black", "enemy:putty:1")
    assert s.d["battle"]["hits"]["enemy:putty:1"] == 2


def test_zack_ability_hits_next_to_a_defeated_card(battle_at):
    s = battle_at(fs={"putty": 3}, rangers=("black",))
    T.stack(s, "edeck:putty", [SWARM, LEAP, "enemy:putty:1"])
    start(s, "black", "juice_bar")
    assert not any(a.kind == "ability" for a in s.legal_actions())   # nothing is defeated yet
    s._hit(LEAP, 2)
    opts = {a.target for a in s.legal_actions() if a.kind == "ability"}
    assert opts == {SWARM, "enemy:putty:1"}
    T.act(s, "ability", "ability:black", SWARM)
    assert s.d["battle"]["hits"][SWARM] == 1
    assert not any(a.kind == "ability" for a in s.legal_actions())   # once per battle


def test_jason_ability_makes_the_next_attack_reroll_blanks(battle_at):
    s = battle_at(fs={"putty": 1}, rangers=("red",))
    start(s, "red", "juice_bar")
    T.act(s, "ability", "ability:red", "pool")
    assert s.d["battle"]["reroll"] is True


def test_chain_strike_attacks_again_after_a_kill(battle_at):
    s = battle_at(fs={"putty": 2}, rangers=("yellow",))
    T.stack(s, "edeck:putty", [SWARM, "enemy:putty:7"])
    T.set_hand(s, YELLOW, ["card:yellow:4"])
    start(s, "yellow", "juice_bar")
    s._hit(SWARM, 2)                                   # one more hit kills it (health 3)
    s.d["pool"] += 5
    s.d["energy_supply"] -= 5
    s.d["battle"]["bonus_dice"] = 6                    # make sure the first attack lands
    T.act(s, "play", "card:yellow:4", SWARM)
    assert SWARM in s.d["battle"]["defeated"]
    assert T.top(s) == "choose_enemy"                  # the follow-up 2-dice attack picks its target
    T.act(s, "target", "ranger:yellow", "enemy:putty:7")
    assert T.top(s) != "choose_enemy"


def test_cruel_laughter_tie_is_a_team_choice(battle_at):
    s = battle_at(fs={}, bigs=("rita",), rangers=("yellow",))
    T.stack(s, "edeck:rita", ["enemy:rita:6", "enemy:rita:7", "enemy:rita:1", "enemy:rita:2"])
    T.set_hand(s, YELLOW, ["card:yellow:0", "card:yellow:2", SURE_KICK])   # 2, 2, 2 shields
    s._push({"t": "discard_highest", "seat": YELLOW})
    s._advance()
    assert T.top(s) == "discard_highest"
    assert {a.source for a in s.legal_actions()} == {"card:yellow:0", "card:yellow:2", SURE_KICK}


def test_bones_reassemble_returns_defeated_bones_cards_to_the_deck(battle_at):
    s = battle_at(fs={}, bigs=("bones",), rangers=("yellow",))
    T.stack(s, "edeck:bones", ["enemy:bones:7", "enemy:bones:5", "enemy:bones:6", "enemy:bones:3"])
    start(s, "yellow", "juice_bar")
    s._hit("enemy:bones:5", 3)
    assert "enemy:bones:5" in s.d["battle"]["defeated"]
    s.d["battle"]["end"] = True
    s._advance()
    assert s.d["battle"] is None
    assert "enemy:bones:5" in s.d["edeck"]["bones"] and s.d["ediscard"]["bones"] == []


def test_regrow_puts_another_super_putty_at_the_battle(battle_at):
    s = battle_at(loc="industrial", fs={"super_putty": 1}, rangers=("yellow",))
    T.stack(s, "edeck:super_putty", ["enemy:super_putty:8"])
    start(s, "yellow", "industrial")
    T.act(s, "pass")
    assert s.d["locs"]["industrial"]["fs"]["super_putty"] == 2


def test_two_ranger_player_shares_a_deck_hand_seven_and_refills_two_energy():
    s = T.new_game(players=2)
    T.clear_board(s)
    T.skip_to_actions(s)
    st = s.d["seats"][0]
    assert s._hand_size(0) == 7 and len(st["hand"]) == 7
    st["energy"] = 0
    s.d["energy_supply"] += 2
    T.act(s, "recover", "ranger:red")
    T.act(s, "recover_done")
    assert st["energy"] == 2


# A two-ranger player's shared deck running out loses the game (rulebook, 2 players): see
# test_rules_corrected.py::test_a_two_ranger_players_shared_deck_running_out_loses_the_game.


def test_lead_choice_when_the_lead_falls_with_two_rangers_left(battle_at):
    s = battle_at(fs={"putty": 1}, rangers=("red", "blue", "yellow"))
    T.stack(s, "edeck:putty", [LEAP])
    st = s.d["seats"][0]
    T.set_hand(s, 0, [])
    st["discard"].extend([c for c in st["deck"] if c != "card:red:8"])
    st["deck"] = ["card:red:8"]
    for seat in (2, 3):
        T.set_hand(s, seat, [])
    start(s, "red", "juice_bar")
    T.act(s, "pass")
    T.act(s, "assign_damage", LEAP, "ranger:red")
    assert T.top(s) == "choose_lead"
    T.act(s, "lead", "token:lead", "ranger:yellow")
    assert s.d["battle"] is None or s.d["battle"]["lead"] == "yellow"


def test_kimberly_quick_step_plays_another_card_at_once(battle_at):
    s = battle_at(fs={"putty": 1}, rangers=("pink",))
    T.stack(s, "edeck:putty", [SWARM])
    T.set_hand(s, 4, ["card:pink:0", "card:pink:2"])
    start(s, "pink", "juice_bar")
    T.act(s, "play", "card:pink:0", "pool")
    assert T.top(s) == "ranger_turn" and s.d["stack"][-1]["only"] == {"seat": 4}
    assert s.d["battle"]["reroll"] is True
