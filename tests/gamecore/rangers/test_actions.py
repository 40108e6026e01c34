from gamecore.rangers import testing as T
from gamecore.rangers.state import CC


def _actions_game(players=5, **opt):
    s = T.new_game(players=players, **opt)
    T.clear_board(s)
    T.skip_to_actions(s)
    return s


def test_move_spends_a_token_and_goes_any_distance():
    s = _actions_game()
    T.act(s, "move", "ranger:red", "loc:park")
    assert s.d["rloc"]["red"] == "park" and s.d["seats"][0]["actions"] == 1
    T.act(s, "move", "ranger:red", "loc:high_school")
    assert s.d["rloc"]["red"] == "high_school" and s.d["seats"][0]["actions"] == 0
    assert not [a for a in s.legal_actions() if a.source == "ranger:red"]


def test_power_up_at_the_command_center_is_an_optional_free_action():
    s = _actions_game()
    T.move_rangers(s, "park", ["red"])
    st = s.d["seats"][0]
    T.set_discard(s, 0, st["hand"][:3])
    st["energy"] = 0
    s.d["energy_supply"] += 1
    T.act(s, "move", "ranger:red", f"loc:{CC}")
    assert T.top(s) == "power_up"
    T.act(s, "power_up", "ranger:red", f"loc:{CC}")
    assert len(st["hand"]) == 5 and st["discard"] == [] and len(st["deck"]) == 5
    assert st["energy"] == 1 and st["actions"] == 1


def test_declining_power_up_keeps_the_hand():
    s = _actions_game()
    T.move_rangers(s, "park", ["red"])
    hand = list(s.d["seats"][0]["hand"])
    T.act(s, "move", "ranger:red", f"loc:{CC}")
    T.act(s, "decline")
    assert s.d["seats"][0]["hand"] == hand


def test_recover_takes_cards_up_to_six_shields_back_and_refills_energy():
    s = _actions_game()
    st = s.d["seats"][0]
    T.set_discard(s, 0, ["card:red:6", "card:red:7", "card:red:9", "card:red:0"])   # 3 + 3 + 3 + 1 shields
    st["energy"] = 0
    s.d["energy_supply"] += 1
    T.act(s, "recover", "ranger:red")
    T.act(s, "pick", "card:red:6", "deck:0")
    T.act(s, "pick", "card:red:7", "deck:0")
    assert not any(a.kind == "pick" and a.source in ("card:red:9", "card:red:0") for a in s.legal_actions())
    T.act(s, "recover_done")
    assert "card:red:6" in st["deck"] and "card:red:7" in st["deck"]
    assert st["discard"] == ["card:red:9", "card:red:0"]
    assert st["energy"] == 1


def test_juice_bar_b_side_recovers_up_to_nine_shields():
    s = _actions_game(locations="B")
    T.move_rangers(s, "juice_bar", ["red"])
    T.set_discard(s, 0, ["card:red:6", "card:red:7", "card:red:9"])
    T.act(s, "recover", "ranger:red")
    for c in ("card:red:6", "card:red:7", "card:red:9"):
        T.act(s, "pick", c, "deck:0")
    T.act(s, "recover_done")
    assert s.d["seats"][0]["discard"] == []


def test_team_recover_tokens_with_four_players():
    s = _actions_game(players=4)
    assert s.d["team_tokens"] == 2
    T.act(s, "recover", "ranger:blue", token="team")
    T.act(s, "recover_done")
    assert s.d["team_tokens"] == 1 and s.d["seats"][2]["actions"] == 2


def test_round_end_readies_action_tokens_and_zords():
    s = _actions_game()
    s.d["zords"]["tyrannosaurus"] = {"seat": 0, "exhausted": True}
    s.d["zdeck"].remove("tyrannosaurus")
    s.d["power"] = 1
    T.act(s, "move", "ranger:red", "loc:park")
    T.act(s, "end_actions")
    assert T.top(s) == "deploy_phase"
    assert s.d["seats"][0]["actions"] == 2 and not s.d["zords"]["tyrannosaurus"]["exhausted"]
    assert s.d["round"] == 2


def test_two_player_rangers_move_together():
    s = _actions_game(players=2)
    T.act(s, "move", "ranger:black", "loc:park")
    assert s.d["rloc"]["red"] == s.d["rloc"]["black"] == "park"


def test_assault_enemies_at_the_command_center_at_the_end_of_actions_lose():
    s = _actions_game(command_center="B")
    T.put_fs(s, CC, "putty", 1)
    T.move_rangers(s, "park", ["red"])
    T.act(s, "move", "ranger:red", f"loc:{CC}")
    assert T.top(s) == "actions"                   # no power up while enemies are there
    T.act(s, "end_actions")
    assert s.result().outcome == "loss" and s.result().reason == "rangers.result.cc_overrun"


def test_park_b_side_slides_a_foot_soldier_clockwise_at_round_end():
    s = _actions_game(locations="B")
    s.d["ring"] = ["juice_bar", "park", "industrial", "high_school"]
    T.put_fs(s, "park", "putty", 2)
    T.act(s, "end_actions")
    assert s.d["locs"]["park"]["fs"]["putty"] == 1 and s.d["locs"]["industrial"]["fs"]["putty"] == 1


def test_high_school_b_side_shrinks_the_hand_size():
    s = _actions_game(locations="B")
    T.move_rangers(s, "high_school", ["red"])
    assert s._hand_size(0) == 3
    T.move_rangers(s, "park", ["red"])
    assert s._hand_size(0) == 5


def test_mastodon_puts_a_foot_soldier_on_the_experience_track():
    s = _actions_game()
    s.d["zords"]["mastodon"] = {"seat": 1, "exhausted": False}
    s.d["zdeck"].remove("mastodon")
    s.d["power"] = 1
    T.put_fs(s, "park", "putty", 2)
    T.act(s, "zord", "zord:mastodon", "loc:park", foe="putty")
    assert s.d["locs"]["park"]["fs"]["putty"] == 1 and s.d["xp"]["putty"] == 1
    assert s.d["zords"]["mastodon"]["exhausted"]
    assert s.invariants() == []
