import pytest

from gamecore import OptionError
from gamecore.rangers import testing as T
from gamecore.rangers.state import CC


@pytest.mark.parametrize("players,actions,cc,team,hand", [
    (5, 2, 3, 0, 5), (4, 2, 4, 2, 5), (3, 3, 4, 0, 5), (2, 2, 3, 2, 7)])
def test_player_count_setup(players, actions, cc, team, hand):
    s = T.new_game(players=players)
    d = s.d
    assert len(d["seats"]) == players
    assert all(st["actions"] == actions for st in d["seats"])
    assert d["cc_energy"] == cc and d["team_tokens"] == team
    for st in d["seats"]:
        assert len(st["hand"]) == hand
        assert st["energy"] == len(st["rangers"])
        assert all(d["rloc"][r] == CC for r in st["rangers"])
    assert s.invariants() == []


def test_two_players_control_two_rangers_with_one_twenty_card_deck():
    s = T.new_game(players=2)
    for st in s.d["seats"]:
        assert len(st["rangers"]) == 2
        assert len(st["deck"]) + len(st["hand"]) == 20


def test_six_ranger_modes():
    six = T.new_game(players=6)
    assert [len(st["rangers"]) for st in six.d["seats"]] == [1] * 6
    assert six.d["cc_energy"] == 2 and all(st["actions"] == 2 for st in six.d["seats"])
    assert len(six.d["zdeck"]) == 7 and six.d["zdeck"][-1] == "megazord"
    pairs = T.new_game(players=3, six_rangers=True)
    assert [len(st["rangers"]) for st in pairs.d["seats"]] == [2, 2, 2]
    assert pairs.d["cc_energy"] == 0 and all(st["actions"] == 3 for st in pairs.d["seats"])
    with pytest.raises(OptionError):
        T.new_game(players=4, six_rangers=True)


def test_zord_deck_has_the_megazord_at_the_bottom():
    s = T.new_game(players=4)
    assert len(s.d["zdeck"]) == 6 and s.d["zdeck"][-1] == "megazord"


def test_deployment_deck_is_built_as_piles_a_to_d():
    C = T.new_game().C
    for seed in range(20):
        s = T.new_game(seed=seed)
        deck = s.d["deploy"]
        kind = [C.foe_kind[C.deploy_cards[c]["foe"]] for c in deck]
        assert len(deck) == 23
        assert all(k == "foot" for k in kind[:5])                    # pile A
        assert kind[5:11].count("monster") == 1 and "boss" not in kind[5:11]   # pile B
        assert kind[11:17].count("monster") == 1 and "boss" not in kind[11:17]  # pile C
        assert kind[17:].count("boss") == 1                           # pile D
        assert len(s.d["deploy_unused"]) == 2                          # the 2 monsters not chosen


def _deploy_scene(seed=3):
    s = T.new_game(seed=seed)
    T.clear_board(s)
    return s


def test_example_b_foot_soldiers_go_where_the_next_back_says():
    s = _deploy_scene()
    C = s.C
    two_putty = next(k for k, v in C.deploy_cards.items() if v["foe"] == "putty" and v["figures"] == 2)
    to_industrial = next(k for k, v in C.deploy_cards.items() if v["back"] == "industrial" and k != two_putty)
    T.stack(s, "deployment", [two_putty, to_industrial])
    s._deploy_once()
    assert s.d["locs"]["industrial"]["fs"]["putty"] == 2
    assert two_putty in s.d["deploy_discard"]
    assert s.d["deploy"][0] == to_industrial


def test_example_c_monster_deploys_with_the_card_above_and_panics():
    s = _deploy_scene()
    C = s.C
    three_super = next(k for k, v in C.deploy_cards.items() if v["foe"] == "super_putty" and v["figures"] == 3)
    to_high = next(k for k, v in C.deploy_cards.items() if v["back"] == "high_school" and k != three_super)
    T.stack(s, "deployment", [three_super, "deploy:knasty", to_high])
    s._deploy_once()
    L = s.d["locs"]["high_school"]
    assert L["fs"]["super_putty"] == 3 and L["big"] == ["knasty"] and L["panic"]
    assert "deploy:knasty" in s.d["deploy_removed"]


def test_figure_limit_panics_and_overflows_clockwise():
    s = _deploy_scene()
    d, C = s.d, s.C
    d["ring"] = ["juice_bar", "park", "industrial", "high_school"]
    T.put_fs(s, "juice_bar", "putty", 3)
    three = next(k for k, v in C.deploy_cards.items() if v["foe"] == "putty" and v["figures"] == 3)
    to_bar = next(k for k, v in C.deploy_cards.items() if v["back"] == "juice_bar" and k != three)
    T.stack(s, "deployment", [three, to_bar])
    s._deploy_once()
    assert d["locs"]["juice_bar"]["fs"]["putty"] == 5 and d["locs"]["juice_bar"]["panic"]   # limit 5 reached
    assert d["locs"]["park"]["fs"]["putty"] == 1                                           # the rest moves on
    assert s.invariants() == []


def test_monster_at_a_panicked_location_moves_to_the_next_calm_one():
    s = _deploy_scene()
    d, C = s.d, s.C
    d["ring"] = ["juice_bar", "park", "industrial", "high_school"]
    T.set_panic(s, "juice_bar")
    T.set_panic(s, "park")
    one = next(k for k, v in C.deploy_cards.items() if v["foe"] == "putty" and v["figures"] == 1)
    to_bar = next(k for k, v in C.deploy_cards.items() if v["back"] == "juice_bar" and k != one)
    T.stack(s, "deployment", [one, "deploy:bones", to_bar])
    s._deploy_once()
    assert d["locs"]["industrial"]["big"] == ["bones"] and d["locs"]["industrial"]["panic"]
    # foot soldiers first: they stay at the panicked location while it is below its figure limit
    # (only figures beyond the limit move on; FAQ), then the monster skips to the next calm one
    assert d["locs"]["juice_bar"]["fs"]["putty"] == 1 and d["locs"]["industrial"]["fs"]["putty"] == 0


def test_all_four_locations_panicked_loses():
    s = _deploy_scene()
    for l in s.d["ring"][:3]:
        T.set_panic(s, l)
    C = s.C
    one = next(k for k, v in C.deploy_cards.items() if v["figures"] == 1)
    last = s.d["ring"][3]
    nxt = next(k for k, v in C.deploy_cards.items() if v["back"] == last and k != one)
    T.stack(s, "deployment", [one, "deploy:woe", nxt])
    s._deploy_once()
    assert s.is_over() and s.result().outcome == "loss" and s.result().reason == "rangers.result.all_panicked"


def test_deployment_phase_has_five_deployments_and_reshuffles_discards_under_the_deck():
    s = T.new_game(seed=5)
    before = list(s.d["deploy"])
    T.act(s, "deploy", "deck:deployment")
    d = s.d
    used = [c for c in before[:5 + 2] if c not in d["deploy_removed"]][:5]
    assert d["deploy_discard"] == []
    assert sorted(d["deploy"][-5:]) == sorted(used)
    assert T.top(s) == "actions"


def test_six_ranger_game_deploys_three_for_a_one_figure_card():
    s = T.new_game(players=6)
    T.clear_board(s)
    C = s.C
    one = next(k for k, v in C.deploy_cards.items() if v["foe"] == "putty" and v["figures"] == 1)
    nxt = next(k for k, v in C.deploy_cards.items() if v["back"] == "park" and k != one)
    T.stack(s, "deployment", [one, nxt])
    s._deploy_once()
    assert s.d["locs"]["park"]["fs"]["putty"] == 3


def test_assault_mode_boss_and_its_foot_soldiers_go_to_the_command_center():
    s = T.new_game(command_center="B")
    T.clear_board(s)
    C = s.C
    two = next(k for k, v in C.deploy_cards.items() if v["foe"] == "putty" and v["figures"] == 2)
    nxt = next(k for k, v in C.deploy_cards.items() if v["back"] == "park" and k != two)
    T.stack(s, "deployment", [two, "deploy:rita", nxt])
    s._deploy_once()
    L = s.d["locs"][CC]
    assert L["big"] == ["rita"] and L["fs"]["putty"] == 2
    assert s.d["locs"]["park"]["fs"]["putty"] == 0


def test_the_deployment_prompt_counts_this_rounds_deployments():
    s = T.new_game(players=4)
    assert s.pending().kind == "deploy_phase" and s.pending().args["n"] == 5
    s13 = T.new_game(players=4, scenario="cyclopsis13")
    assert s13.deployments_this_round() == 4 and s13.pending().args["n"] == 4
