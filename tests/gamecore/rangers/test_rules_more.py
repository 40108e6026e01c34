import json

import gamecore
from gamecore.rangers import testing as T
from gamecore.rangers.state import CC

from .test_battle import FODDER, LEAP, SURE_KICK, SWARM, YBLASTER, YELLOW, start, targets


def _finish_battle(s):
    """Pass every ranger turn and take the first offered choice elsewhere until the battle ends."""
    while not s.is_over() and s.d["battle"] is not None:
        legal = s.legal_actions()
        pref = [a for a in legal if a.kind in ("pass", "ready")] or legal
        s.apply(pref[0])


def test_boss_defeated_at_six_discards_wins_after_the_battle(battle_at):
    s = battle_at(fs={}, bigs=("rita",), rangers=("yellow",))
    d = s.d
    for c in ("enemy:rita:2", "enemy:rita:3", "enemy:rita:4", "enemy:rita:5", "enemy:rita:0"):
        d["edeck"]["rita"].remove(c)
        d["ediscard"]["rita"].append(c)
    T.stack(s, "edeck:rita", ["enemy:rita:6", "enemy:rita:7", "enemy:rita:1"])
    T.set_hand(s, YELLOW, [YBLASTER])
    start(s, "yellow", "juice_bar")
    d["pool"] += 3
    d["energy_supply"] -= 3
    # Witch's Curse (PASSIVE) makes every card cost 1 more: X = 4 costs 5
    assert max(a.get("x") for a in s.legal_actions() if a.source == YBLASTER) == 4
    T.act(s, "play", YBLASTER, "enemy:rita:6", x=4)
    assert not s.is_over()                         # the battle must be survived first
    _finish_battle(s)
    assert s.is_over() and s.result().outcome == "win" and s.result().reason == "rangers.result.boss_defeated"


def test_full_experience_track_summons_the_next_zord(battle_at):
    s = battle_at(fs={"putty": 1}, rangers=("yellow",))
    s.d["xp"]["putty"] = 5
    s.d["fs_supply"]["putty"] -= 5
    T.stack(s, "zords", ["tyrannosaurus"])
    T.stack(s, "edeck:putty", [LEAP])
    T.set_hand(s, YELLOW, [SURE_KICK])
    start(s, "yellow", "juice_bar")
    T.act(s, "play", SURE_KICK, LEAP)
    d = s.d
    assert d["xp"] == {"putty": 0, "super_putty": 0} and d["power"] == 1
    assert d["zords"]["tyrannosaurus"] == {"seat": 0, "exhausted": False}
    assert s.invariants() == []


def test_megazord_comes_last_then_strikes_at_its_location(battle_at):
    s = battle_at(loc="park", fs={"putty": 2}, rangers=("yellow",))
    d = s.d
    for z in list(d["zdeck"][:-1]):
        d["zdeck"].remove(z)
        d["zords"][z] = {"seat": 0, "exhausted": False}
    d["power"] = 5
    s._push({"t": "summon"})
    s._advance()
    assert d["megazord"] == {"exhausted": False, "loc": None} and d["power"] == 6 and d["zdeck"] == []
    T.act(s, "zord", "zord:megazord", "loc:park")
    assert d["megazord"]["loc"] == "park" and d["megazord"]["exhausted"]
    T.stack(s, "edeck:putty", [LEAP, FODDER])
    start(s, "yellow", "park")
    assert d["battle"]["hits"][FODDER] == 1 and d["battle"]["hits"][LEAP] == 1   # 1 hit on every enemy card
    # after the Megazord, defeated foot soldiers no longer go to the experience track
    T.set_hand(s, YELLOW, [SURE_KICK])
    assert T.top(s) == "ranger_turn"
    T.act(s, "play", SURE_KICK, FODDER)
    assert FODDER in d["battle"]["defeated"]
    assert d["xp"]["putty"] == 0 and d["locs"]["park"]["fs"]["putty"] == 1


def test_mirror_shield_reflects_hits_to_the_attacker(battle_at):
    s = battle_at(fs={}, bigs=("knasty",), rangers=("yellow",))
    T.stack(s, "edeck:knasty", ["enemy:knasty:0", "enemy:knasty:3", "enemy:knasty:4", "enemy:knasty:5"])
    T.set_hand(s, YELLOW, [SURE_KICK])
    st = s.d["seats"][YELLOW]
    T.stack(s, "deck:3", ["card:yellow:9"])                  # Power Daggers, 3 shields
    start(s, "yellow", "juice_bar")
    T.act(s, "play", SURE_KICK, "enemy:knasty:0")
    assert s.d["battle"]["hits"]["enemy:knasty:0"] == 2
    # 2 damage came back: Power Daggers was revealed and, holding, went to the bottom of the deck
    assert st["deck"][-1] == "card:yellow:9"


def test_veil_of_woe_makes_other_woe_cards_immune(battle_at):
    s = battle_at(fs={}, bigs=("woe",), rangers=("yellow",))
    T.stack(s, "edeck:woe", ["enemy:woe:7", "enemy:woe:5", "enemy:woe:6", "enemy:woe:0"])
    T.set_hand(s, YELLOW, [SURE_KICK])
    start(s, "yellow", "juice_bar")
    while T.top(s) != "ranger_turn":
        s.apply(s.legal_actions()[0])
    assert targets(s, SURE_KICK) == {"enemy:woe:7"}
    s._hit("enemy:woe:5", 2)
    assert s.d["battle"]["hits"]["enemy:woe:5"] == 0


def test_food_coma_only_allows_zero_cost_cards(battle_at):
    s = battle_at(fs={}, bigs=("pudgy",), rangers=("yellow",))
    T.stack(s, "edeck:pudgy", ["enemy:pudgy:6", "enemy:pudgy:3", "enemy:pudgy:4", "enemy:pudgy:5"])
    T.set_hand(s, YELLOW, [SURE_KICK, YBLASTER, "card:yellow:4"])
    start(s, "yellow", "juice_bar")
    while T.top(s) != "ranger_turn":
        s.apply(s.legal_actions()[0])
    plays = {a.source for a in s.legal_actions() if a.kind == "play"}
    assert plays == {SURE_KICK}


def test_each_ranger_damage_counts_both_rangers_of_a_two_ranger_player(battle_at):
    s = battle_at(fs={}, bigs=("rita",), rangers=("red", "black"), players=2)
    T.stack(s, "edeck:rita", ["enemy:rita:2", "enemy:rita:6", "enemy:rita:7", "enemy:rita:1"])
    st = s.d["seats"][0]
    T.set_hand(s, 0, [])
    T.stack(s, "deck:0", ["card:red:9", "card:red:8", "card:black:9", "card:black:8"])  # 3+1, 3+1 shields
    T.act(s, "battle", "ranger:red", "loc:juice_bar")
    T.act(s, "ready")
    # Chain Lightning (FAST): 4 damage to each Ranger, i.e. twice to this player's shared deck;
    # the team orders the two hits
    assert T.top(s) == "damage"
    assert {a.target for a in s.legal_actions()} == {"ranger:red", "ranger:black"}
    events = T.act(s, "assign_damage", "enemy:rita:2", "ranger:red")
    hits = [e for e in events if e.key == "rangers.ev.damage_taken"]
    assert [e.target for e in hits] == ["ranger:red", "ranger:black"] and all(e.params["n"] == 4 for e in hits)
    assert st["discard"] == ["card:red:9", "card:red:8", "card:black:9", "card:black:8"]


def test_rally_lets_another_ranger_play_at_once(battle_at):
    s = battle_at(fs={"putty": 2}, rangers=("red", "yellow"))
    T.stack(s, "edeck:putty", [SWARM, FODDER])
    T.set_hand(s, 0, ["card:red:0"])
    T.set_hand(s, YELLOW, [SURE_KICK])
    start(s, "red", "juice_bar")
    T.act(s, "play", "card:red:0", "pool")
    assert T.top(s) == "ranger_turn" and s.d["stack"][-1]["only"] == {"except": "red"}
    assert {a.source for a in s.legal_actions() if a.kind == "play"} == {SURE_KICK}
    T.act(s, "play", SURE_KICK, FODDER)
    assert s.d["battle"]["resolved"] == [SWARM]    # the extra play did not cost the enemies their turn order


def test_trini_double_play_plays_a_same_name_card_right_after(battle_at):
    s = battle_at(fs={"putty": 2}, rangers=("yellow",))
    T.stack(s, "edeck:putty", [SWARM, "enemy:putty:7"])
    T.set_hand(s, YELLOW, [SURE_KICK, "card:yellow:7"])
    start(s, "yellow", "juice_bar")
    T.act(s, "ability", "ability:yellow", "pool")
    T.act(s, "play", SURE_KICK, SWARM)
    assert T.top(s) == "ranger_turn" and s.d["stack"][-1]["only"] == {"seat": YELLOW, "name": "yellow_sure_kick"}
    T.act(s, "play", "card:yellow:7", SWARM)
    assert SWARM in s.d["battle"]["defeated"]


def test_billy_ability_draws_then_puts_one_back(battle_at):
    s = battle_at(fs={"putty": 1}, rangers=("blue",))
    T.set_hand(s, 2, ["card:blue:0"])
    start(s, "blue", "juice_bar")
    top_card = s.d["seats"][2]["deck"][0]
    T.act(s, "ability", "ability:blue", "pool")
    assert top_card in s.d["seats"][2]["hand"] and T.top(s) == "topdeck"
    T.act(s, "topdeck", "card:blue:0", "deck:2")
    assert s.d["seats"][2]["deck"][0] == "card:blue:0"


def test_industrial_b_side_draw_one_put_one_back(battle_at):
    s = battle_at(loc="industrial", fs={"super_putty": 1}, rangers=("red",), locations="B")
    T.stack(s, "edeck:super_putty", ["enemy:super_putty:0"])
    start(s, "red", "industrial")
    assert T.top(s) == "topdeck" and len(s.d["seats"][0]["hand"]) == 6


def test_assault_power_up_when_the_last_enemy_at_the_command_center_falls(battle_at):
    s = battle_at(loc=CC, fs={"putty": 1}, rangers=("yellow",), command_center="B")
    T.stack(s, "edeck:putty", [LEAP])
    T.set_hand(s, YELLOW, [SURE_KICK])
    start(s, "yellow", CC)
    T.act(s, "play", SURE_KICK, LEAP)
    assert s.d["battle"] is None and T.top(s) == "power_up"


def test_json_round_trip_mid_battle_keeps_digest_and_legal_actions(battle_at):
    s = battle_at(fs={"putty": 2}, rangers=("red", "yellow"))
    start(s, "red", "juice_bar")
    back = gamecore.restore(json.loads(json.dumps(s.to_json())))
    assert back.digest() == s.digest() and back.legal_actions() == s.legal_actions()
    a = s.legal_actions()[0]
    s.apply(a)
    back.apply(a)
    assert back.digest() == s.digest()


def test_same_seed_same_actions_same_digest_and_clone_is_independent():
    a = T.new_game(players=3, seed=9)
    b = T.new_game(players=3, seed=9)
    rng = gamecore.Rng(4)
    for _ in range(60):
        if a.is_over():
            break
        act = a.legal_actions()[rng.randrange(len(a.legal_actions()))]
        c = a.clone()
        a.apply(act)
        b.apply(act)
        assert a.digest() == b.digest()
        assert c.digest() != a.digest() or not c.legal_actions()


def test_view_hides_deck_order_but_keeps_counts():
    s = T.new_game(players=4, seed=2)
    v = s.view(0)
    for st, vt in zip(s.d["seats"], v.d["seats"]):
        assert sorted(st["deck"]) == sorted(vt["deck"]) and st["hand"] == vt["hand"]
    assert v.invariants() == []


def test_evaluate_prefers_calm_locations():
    s = T.new_game(players=4, seed=2)
    T.clear_board(s)
    calm = s.evaluate(0)
    T.set_panic(s, s.d["ring"][0])
    assert s.evaluate(0) < calm


def test_several_battle_start_effects_are_ordered_by_the_team(battle_at):
    s = battle_at(loc="industrial", fs={"super_putty": 2}, rangers=("pink",), locations="B")
    s.d["megazord"] = {"exhausted": True, "loc": "industrial"}
    for z in list(s.d["zdeck"][:-1]):
        s.d["zdeck"].remove(z)
        s.d["zords"][z] = {"seat": 0, "exhausted": False}
    s.d["zdeck"] = []
    s.d["power"] = 6
    T.stack(s, "edeck:super_putty", ["enemy:super_putty:0", "enemy:super_putty:1"])
    start(s, "pink", "industrial")
    assert T.top(s) == "order"
    assert {a.source for a in s.legal_actions()} == {"trigger:megazord", "trigger:topdeck", "trigger:ability:pink"}
    T.act(s, "resolve_first", "trigger:ability:pink")
    assert T.top(s) == "choose_enemy"                  # Kimberly's hit comes before the Megazord strike
    T.act(s, "target", "ranger:pink", "enemy:super_putty:0")
    assert s.d["battle"]["hits"]["enemy:super_putty:0"] == 1
    T.act(s, "resolve_first", "trigger:megazord")
    assert s.d["battle"]["hits"] == {"enemy:super_putty:0": 2, "enemy:super_putty:1": 1}
    assert T.top(s) == "topdeck"
    assert s.invariants() == []


def test_reaction_window_lets_the_team_add_energy_to_pay_the_curse(battle_at):
    s = battle_at(fs={}, bigs=("rita",), rangers=("red",))
    T.stack(s, "edeck:rita", ["enemy:rita:1", "enemy:rita:6", "enemy:rita:7", "enemy:rita:4"])
    T.set_hand(s, 0, ["card:red:6"])
    s.d["seats"][0]["actions"] = 1
    start(s, "red", "juice_bar")
    # Wicked Hex (FAST) hits first with 6 damage; the pool of 2 pays the cursed reaction (cost 1)
    assert T.top(s) == "react"
    s.d["energy_supply"] += s.d["pool"]
    s.d["pool"] = 0
    kinds = T.kinds(s)
    assert "react" not in kinds and {"give_energy", "pass"} <= kinds
    T.act(s, "give_energy", "energy:0", "pool")
    T.act(s, "react", "card:red:6", "ranger:red")
    assert s.d["pool"] == 0 and "card:red:6" in s.d["seats"][0]["discard"]
