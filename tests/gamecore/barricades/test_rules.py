"""One scenario per rule of the Barricades digest (§1) and the base rules we adopted (§2)."""
from __future__ import annotations

import pytest

from gamecore.barricades import rules as R
from gamecore.barricades.content import content
from gamecore.barricades.testing import act, add_card, first_until, new, roll_fixed, set_hand, set_monster

C = content()


def to_end_of_turn(state):
    """Everyone skips the village and the dungeon: the end of the turn runs."""
    turn = state.d["turn"]
    while state.d["turn"] == turn and not state.is_over():
        legal = state.legal_actions()
        pick = next((a for k in ("place", "end_village", "alone", "ready", "leave", "done") for a in legal
                     if a.kind == k and (k != "place" or a.target == "village")), legal[0])
        state.apply(pick)


def test_dice_cap_split_six_players_at_threat_three():
    s = new(players=6)
    s.d["threat"] = 0
    s.C.guardians[s.d["guardian"]]  # the track is data; force a threat of 3 through the state instead
    s.d["side"], s.d["threat"] = "guardian", 2          # guardian track 2,2,3,...: threat level 3
    s.d["phase"] = "end"
    s.d["dice"] = []
    s._start_dice()
    assert s.pending().kind == "extra" and s.d["extra_left"] == 4 and s.d["dice_each"] == 2
    for seat in (5, 3, 1, 0):
        act(s, "extra_die", target=f"hero:{seat}")
    while s.pending().kind == "roll":
        act(s, "roll")
    counts = [len(x) for x in s.d["dice"]]
    assert counts == [3, 3, 2, 3, 2, 3] and sum(counts) == 16


def test_army_removal_by_levels_and_x_never_removed():
    s = new(players=1)
    roll_fixed(s, {0: []})
    s.d["army"] = {"foot": 3, "x": 2, "removed": 0}
    s.d["killed"] = 5
    for room in list(s.d["rooms"]):
        set_monster(s, room, None)           # no raiders
    before = s.d["stats"]["tokens_placed"]
    to_end_of_turn(s)
    assert s.d["stats"]["tokens_placed"] - before == 2   # 3 footprints removed by 5 levels, both X stay


def test_token_lands_on_an_undamaged_spot_of_its_location():
    s = new(players=1)
    roll_fixed(s, {0: []})
    for room in list(s.d["rooms"]):
        set_monster(s, room, None)
    bazaar = [t for t in s.d["bag"] if s.d["tokens"][t]["loc"] == "bazaar"]
    s.d["spots"]["bazaar"][0] = bazaar[0]
    s.d["bag"].remove(bazaar[0])
    s.d["bag"] = [t for t in s.d["bag"] if s.d["tokens"][t]["loc"] == "bazaar"] + \
        [t for t in s.d["bag"] if s.d["tokens"][t]["loc"] != "bazaar"]
    s.d["army"]["x"] = 1
    # make the draw certain: only bazaar tokens left in the bag (the rest parked on the shop's spots)
    others = [t for t in s.d["bag"] if s.d["tokens"][t]["loc"] != "bazaar"]
    s.d["bag"] = [t for t in s.d["bag"] if t not in others]
    s.d["spots"]["shop"] = others[:4]
    rest = others[4:]
    s.d["spots"]["temple"] = rest[:4]
    s.d["spots"]["guild"] = rest[4:8]
    s.d["spots"]["marketplace"] = rest[8:12]
    assert not s.invariants(), s.invariants()
    to_end_of_turn(s)
    assert s.d["spots"]["bazaar"][0] is not None and s.d["spots"]["bazaar"][1] is not None


def _only_location_in_bag(s, loc):
    """Park every token not of ``loc`` on the other locations' spots (leaving the given loc's in the bag)."""
    others = [t for t in s.d["bag"] if s.d["tokens"][t]["loc"] != loc]
    s.d["bag"] = [t for t in s.d["bag"] if s.d["tokens"][t]["loc"] == loc]
    free = [(l, k) for l in s.d["spots"] for k in range(4) if l != loc]
    for t, (l, k) in zip(others, free):
        s.d["spots"][l][k] = t


def _barricaded_temple_turn(x_marks: int):
    """A solo turn with no monster left, only the Temple's tokens in the bag, its barricade built and
    ``x_marks`` X in the army; played to its end. Returns the state and the bag's size before."""
    s = new(players=1, difficulty="first_time")
    roll_fixed(s, {0: []})
    for room in list(s.d["rooms"]):
        set_monster(s, room, None)
    _only_location_in_bag(s, "temple")
    s.d["barricades"]["temple"] = True
    s.d["army"]["x"] = x_marks
    bag_before = len(s.d["bag"])
    to_end_of_turn(s)
    return s, bag_before


def test_barricade_cancels_the_token_which_returns_to_the_bag():
    s, bag_before = _barricaded_temple_turn(1)
    assert s.d["barricades"]["temple"] is False                  # flipped back
    assert sum(1 for t in s.d["spots"]["temple"] if t) == 0       # that token did no damage
    assert len(s.d["bag"]) == bag_before                          # it went back to the bag


def test_a_cancelled_token_can_be_drawn_again_by_a_later_footprint():
    s, bag_before = _barricaded_temple_turn(2)
    assert s.d["barricades"]["temple"] is False
    assert sum(1 for t in s.d["spots"]["temple"] if t) == 1       # the second token fell
    assert len(s.d["bag"]) == bag_before - 1


def test_destroyed_location_blocks_visits_but_not_player_board_actions():
    s = new(players=1)
    roll_fixed(s, {0: []})
    bazaar = [t for t in s.d["bag"] if s.d["tokens"][t]["loc"] == "bazaar"]
    for k, t in enumerate(bazaar):
        s.d["spots"]["bazaar"][k] = t
        s.d["bag"].remove(t)
    assert "bazaar" in s.destroyed_locations()
    targets = [a.target for a in s.legal_actions()]
    assert not any(t.startswith("spot:bazaar") for t in targets)
    assert "spot:marketplace:1" in targets
    act(s, "place", target="village")
    set_hand(s, 0, ["shard", "shard", "shard"])
    kinds = {a.kind for a in s.legal_actions()}
    assert "buy" in kinds


def test_party_pools_light_and_attack_and_subtracts_def_once():
    s = new(players=2)
    roll_fixed(s, {})
    for seat in (0, 1):
        set_hand(s, seat, ["garrik_1", "dagger", "hooded_lantern"])     # A 2+1 each, light 2 each
        s.d["p"][seat]["rank"] = 0
    for room in list(s.d["rooms"]):
        set_monster(s, room, None)                              # no Menace changes the light
    set_monster(s, "flooded_crypt", "skeleton_warrior")       # HP 8, Def 2 (room: A -1)
    calc = R.party_attack(s.d, C, [0, 1], "flooded_crypt")
    assert calc["physical"] == 3 + 3 - 1 and calc["def"] == 2 and calc["total"] == 3
    assert s.group_light([0, 1]) == 4
    # path from the village: wilderness 0 + level 1 (1) + crypt 2 = 3: affordable only together
    assert R.path_cost(s.d, C, "village", "flooded_crypt") == 3
    assert R.light_of(s.d, C, 0) == 2


def test_each_party_member_takes_the_monster_wounds():
    s = new(players=2)
    roll_fixed(s, {})
    act(s, "place", target="village")
    act(s, "place", target="village")
    for seat in (0, 1):
        set_hand(s, seat, ["garrik_1", "garrik_1", "longsword", "hooded_lantern"])
    set_monster(s, "mossy_tunnels", "plague_rat")               # HP 5, 1 wound
    first_until(s, "party")
    act(s, "join", target="champion:0")
    first_until(s, "move")
    act(s, "move", target="room:mossy_tunnels")
    act(s, "fight")
    # Mossy Tunnels' spoils heal 1: the wound is taken and healed; look at the battle itself
    assert s.d["rooms"]["mossy_tunnels"] is None


def test_wounds_to_every_member_without_room_healing():
    s = new(players=2)
    roll_fixed(s, {})
    act(s, "place", target="village")
    act(s, "place", target="village")
    for seat in (0, 1):
        set_hand(s, seat, ["garrik_1", "garrik_1", "longsword", "hooded_lantern"])
    set_monster(s, "old_armory", "orc_brute")                     # HP 10, Def 2, 1 wound
    set_monster(s, "mossy_tunnels", None)
    first_until(s, "party")
    act(s, "join", target="champion:0")
    first_until(s, "move")
    act(s, "move", target="room:old_armory")
    act(s, "fight")
    assert [p["wounds"] for p in s.d["p"]] == [1, 1]


def test_wound_cards_cannot_be_lent_and_lent_cards_come_back():
    s = new(players=2)
    roll_fixed(s, {})
    act(s, "place", target="spot:marketplace:1")
    act(s, "place", target="village")
    wound, sword = set_hand(s, 0, ["wound", "longsword"])
    lendable = {a.source for a in s.legal_actions() if a.kind == "lend"}
    assert sword in lendable and wound not in lendable
    act(s, "lend", source=sword, target="hero:1")
    assert [c for c, _ in s.d["p"][1]["borrowed"]] == [sword]
    assert R.hand_cards(s.d, 1)[-1] == sword
    to_end_of_turn(s)
    p0 = s.d["p"][0]
    assert sword in p0["discard"] + p0["deck"] + p0["hand"]
    assert s.d["p"][1]["borrowed"] == []


def test_hand_size_shrinks_with_wound_tokens():
    assert R.hand_size(C, 0) == 6 and R.hand_size(C, 3) == 5 and R.hand_size(C, 4) == 4
    s = new(players=1)
    roll_fixed(s, {0: []})
    s.d["p"][0]["wounds"] = 4
    to_end_of_turn(s)
    assert len(s.d["p"][0]["hand"]) == 4


def test_rooms_refill_only_at_the_end_of_the_turn():
    s = new(players=1)
    roll_fixed(s, {0: []})
    act(s, "place", target="village")
    set_hand(s, 0, ["garrik_1", "garrik_1", "longsword", "longsword", "hooded_lantern"])
    set_monster(s, "goblin_warrens", "goblin_sneak")
    first_until(s, "move")
    act(s, "move", target="room:goblin_warrens")
    act(s, "fight")
    assert s.d["rooms"]["goblin_warrens"] is None
    to_end_of_turn(s)
    assert s.d["rooms"]["goblin_warrens"] is not None


def test_guardian_is_revealed_when_the_lair_track_ends():
    s = new(players=1, guardian="morvane")
    roll_fixed(s, {0: []})
    s.d["threat"] = len(C.guardians["morvane"]["lair_track"]) - 1
    to_end_of_turn(s)
    assert s.d["side"] == "guardian" and s.d["threat"] == 0
    # Morvane's reveal: every player gains a Wound card
    p = s.d["p"][0]
    assert sum(1 for c in p["deck"] + p["hand"] + p["discard"] if s.key(c) == "wound") == 1
    assert "guardian" in R.rooms_at(s.d, C, 4)


def _reveal(s):
    s.d["side"], s.d["threat"] = "guardian", 0


def test_guardian_defeats_then_full_defeat_is_a_victory():
    s = new(players=1, guardian="ashmaw")
    _reveal(s)
    s.d["gwounds"] = len(s.guardian_hp()) - 1
    roll_fixed(s, {0: []})
    act(s, "place", target="village")
    set_hand(s, 0, ["garrik_3", "garrik_3", "longsword", "longsword", "sunstone", "sunstone", "sunstone"])
    first_until(s, "effects")
    for _ in range(3):
        act(s, "use")
    act(s, "ready")
    act(s, "move", target="room:guardian")
    act(s, "fight")
    assert s.d["gwounds"] == len(s.guardian_hp())
    for room in list(s.d["rooms"]):
        set_monster(s, room, None)
    s.d["army"] = {"foot": 0, "x": 0, "removed": 0}
    to_end_of_turn(s)
    assert s.is_over() and s.outcome() == "win" and s.result().outcome == "win"


def test_a_location_falling_in_the_turn_of_the_full_defeat_is_pyrrhic():
    s = new(players=1, guardian="ashmaw")
    _reveal(s)
    s.d["gwounds"] = len(s.guardian_hp())
    s.d["stats"]["full_defeat_turn"] = s.d["turn"]
    roll_fixed(s, {0: []})
    for room in list(s.d["rooms"]):
        set_monster(s, room, None)
    _only_location_in_bag(s, "shop")
    # three shop spots already lost; one token this turn destroys it
    shop = [t for t in s.d["bag"]]
    for k in range(3):
        s.d["spots"]["shop"][k] = shop[k]
        s.d["bag"].remove(shop[k])
    s.d["army"]["x"] = 1
    to_end_of_turn(s)
    assert s.outcome() == "pyrrhic" and s.result().outcome == "win"


@pytest.mark.parametrize("difficulty, lost_at", [("first_time", 5), ("easy", 5), ("medium", 5), ("hard", 3), ("legendary", 1)])
def test_each_difficulty_has_its_loss_threshold(difficulty, lost_at):
    assert C.village["difficulties"][difficulty]["loss"] == lost_at
    s = new(players=1, difficulty=difficulty)
    roll_fixed(s, {0: []})
    for room in list(s.d["rooms"]):
        set_monster(s, room, None)
    locs = list(s.d["spots"])
    tokens = list(s.d["bag"])
    s.d["bag"] = []
    for i, loc in enumerate(locs):
        s.d["spots"][loc] = tokens[i * 4:(i + 1) * 4] if i < lost_at - 1 else [None] * 4
    s.d["bag"] = tokens[(lost_at - 1) * 4:]
    # the army drops enough tokens to destroy exactly one more location at most
    s.d["army"]["x"] = 4
    to_end_of_turn(s)
    destroyed = len(s.destroyed_locations())
    assert s.is_over() == (destroyed >= lost_at)


def test_starting_decks_by_difficulty():
    for difficulty, adventurers, size in (("first_time", 4, 13), ("easy", 5, 13), ("medium", 6, 13)):
        s = new(players=1, difficulty=difficulty)
        p = s.d["p"][0]
        cards = [s.key(c) for c in p["deck"] + p["hand"]]
        assert cards.count("adventurer") == adventurers and len(cards) == size
    s = new(players=1, starter_replaces_both_shards=True)
    assert len(s.d["p"][0]["deck"] + s.d["p"][0]["hand"]) == 12


def test_prestige_double_rank_needs_the_condition_and_both_costs():
    s = new(players=1)
    assert s.d["p"][0]["board"] == "warlord"
    roll_fixed(s, {0: []})
    act(s, "place", target="village")
    p = s.d["p"][0]
    p["xp"] = 5
    ranks = [a.get("ranks") for a in s.legal_actions() if a.kind == "train"]
    assert ranks == [1]
    p["flags"]["defeated_l3"] = True
    ranks = [a.get("ranks") for a in s.legal_actions() if a.kind == "train"]
    assert ranks == [1, 2]
    act(s, "train", ranks=2)
    assert p["rank"] == 2 and p["xp"] == 0
    assert not [a for a in s.legal_actions() if a.kind == "train"]    # once per turn


def test_swarm_adds_dice_to_hp():
    s = new(players=1)
    roll_fixed(s, {0: []})
    act(s, "place", target="village")
    set_hand(s, 0, ["garrik_1", "hooded_lantern"])
    set_monster(s, "goblin_warrens", "rat_swarm")      # HP 2 + 1 room + 1d6
    first_until(s, "move")
    act(s, "move", target="room:goblin_warrens")
    events = act(s, "fight")
    swarm = next(e for e in events if e.key.endswith(".swarm"))
    assert swarm.params["hp"] == 3 + swarm.params["rolls"][0]


def test_incorporeal_halves_physical_attack():
    s = new(players=1)
    set_hand(s, 0, ["garrik_1", "garrik_1", "longsword"])     # A 2+2+2 = 6
    set_monster(s, "old_armory", "wailing_spirit")
    calc = R.party_attack(s.d, C, [0], "old_armory")
    assert calc["physical"] == 3


def test_menace_torchbearer_darkens_deeper_rooms_until_killed():
    s = new(players=1)
    set_monster(s, "goblin_warrens", "goblin_torchbearer")
    set_monster(s, "mossy_tunnels", "goblin_sneak")
    assert R.darkness(s.d, C, "old_armory") == 3 and R.darkness(s.d, C, "mossy_tunnels") == 1
    set_monster(s, "goblin_warrens", None)
    assert R.darkness(s.d, C, "old_armory") == 2


def _army_after_a_quiet_turn(s):
    events = []
    turn = s.d["turn"]
    while s.d["turn"] == turn:
        legal = s.legal_actions()
        pick = next((a for k in ("place", "end_village", "alone", "ready", "leave", "done") for a in legal
                     if a.kind == k and (k != "place" or a.target == "village")), legal[0])
        events += s.apply(pick)
    return events, next(e for e in events if ".army_resolved" in e.key)


def test_raiders_add_footprints_at_the_end_of_the_turn():
    s = new(players=2)
    roll_fixed(s, {0: [], 1: []})
    for room in list(s.d["rooms"]):
        set_monster(s, room, None)
    set_monster(s, "mossy_tunnels", "cellar_rat")
    _events, army = _army_after_a_quiet_turn(s)
    assert army.params["foot"] == 1 and army.params["left"] == 1


def test_raiders_add_nothing_in_a_solo_game():
    # engine v5 (ours): a lone hero's village is not raided (village.json raider_min_heroes = 2)
    s = new(players=1)
    roll_fixed(s, {0: []})
    for room in list(s.d["rooms"]):
        set_monster(s, room, None)
    set_monster(s, "mossy_tunnels", "cellar_rat")
    set_monster(s, "flooded_crypt", "ghoul")
    events, army = _army_after_a_quiet_turn(s)
    assert army.params["foot"] == 0 and army.params["left"] == 0
    assert not [e for e in events if e.key.endswith(".raiders")]


def test_burned_archives_and_defiled_altar_add_an_x_to_every_army_while_they_lie():
    s = new(players=2, difficulty="hard")
    roll_fixed(s, {0: [], 1: []})
    for room in list(s.d["rooms"]):
        set_monster(s, room, None)
    ours = [t for t in s.d["bag"] if s.d["tokens"][t]["kind"] in ("burned_archives", "defiled_altar")]
    assert len(ours) == 2
    for t in ours:                       # both lie in the village: on a spot of their own location
        s.d["bag"].remove(t)
        s.d["spots"][s.d["tokens"][t]["loc"]][0] = t
    s.changed()
    assert not s.invariants(), s.invariants()
    events, army = _army_after_a_quiet_turn(s)
    assert army.params["x"] == 2 and army.params["left"] == 2
    assert next(e for e in events if e.key.endswith(".army_x_tokens")).params["n"] == 2


def test_an_x_token_in_the_bag_adds_nothing():
    s = new(players=2, difficulty="hard")
    roll_fixed(s, {0: [], 1: []})
    for room in list(s.d["rooms"]):
        set_monster(s, room, None)
    events, army = _army_after_a_quiet_turn(s)
    assert army.params["x"] == 0 and army.params["left"] == 0


def test_guild_visitor_levels_up_at_spoils_not_in_the_village():
    s = new(players=1)
    roll_fixed(s, {0: []})
    act(s, "place", target="spot:guild:1")
    set_hand(s, 0, ["adventurer", "garrik_1", "longsword"])
    s.d["p"][0]["xp"] = 3
    assert not [a for a in s.legal_actions() if a.kind == "level_up"]
    first_until(s, "move")
    act(s, "move", target="room:wilderness")
    act(s, "fight")
    first_until(s, "spoils")
    assert [a for a in s.legal_actions() if a.kind == "level_up"]


def test_views_hide_other_hands_without_open_hands():
    s = new(players=2, open_hands=False)
    from gamecore.engine import Rng
    hand1 = list(s.d["p"][1]["hand"])
    view = s.view(0, Rng(3))
    assert sorted(view.d["p"][1]["hand"] + view.d["p"][1]["deck"]) == sorted(hand1 + s.d["p"][1]["deck"])
    assert view.d["p"][0]["hand"] == s.d["p"][0]["hand"]
    opened = new(players=2).view(0, Rng(3))
    assert opened.d["p"][1]["hand"] == new(players=2).d["p"][1]["hand"]


def test_a_hero_count_with_its_own_lair_track_rolls_by_it():
    """v6: guardians.json may give a lair track for one hero count (solo keeps the v5 track); others use the main one."""
    g = C.guardians["ashmaw"]
    own, main = g["lair_track_by_heroes"][1], g["lair_track"]
    i = next(i for i, (a, b) in enumerate(zip(own, main)) if a != b)
    solo, duo = new(players=1, guardian="ashmaw"), new(players=2, guardian="ashmaw")
    for s in (solo, duo):
        s.d["threat"] = i
        s.d["dice"] = []
        s._start_dice()
    assert solo.threat_track() == own and solo.d["dice_each"] == own[i]
    assert duo.threat_track() == main and duo.d["dice_each"] == main[i]


@pytest.mark.parametrize("guardian", ["ashmaw", "morvane"])
def test_three_and_four_heroes_roll_by_their_own_lair_track_with_more_threat_2_turns(guardian):
    """v7 (ours): at 3 and 4 heroes the lair's threat 2 starts one space sooner than the main track (2, 5, 6 heroes)."""
    g = C.guardians[guardian]
    four, main = g["lair_track_by_heroes"][4], g["lair_track"]
    assert g["lair_track_by_heroes"][3] == four
    assert len(four) == len(main) and four.count(2) == main.count(2) + 1
    i = next(i for i, (a, b) in enumerate(zip(four, main)) if a != b)
    for players, track in ((3, four), (4, four), (2, main), (5, main)):
        s = new(players=players, guardian=guardian)
        s.d["threat"] = i
        s.d["dice"] = []
        s._start_dice()
        assert s.threat_track() == track and s.d["dice_each"] == track[i] == (2 if players in (3, 4) else 1)


@pytest.mark.parametrize("guardian, entries", [("ashmaw", [11, 12, 13]), ("morvane", [11, 12, 13])])
def test_three_heroes_fight_the_v8_hp_entries(guardian, entries):
    """v7-v8 (ours): 3-hero HP entries lower than v5-v6 (Ashmaw 13/14/15, Morvane 12/13/14), with the faster lair:
    one lower in v7, Ashmaw's two lower in v8."""
    assert new(players=3, guardian=guardian).guardian_hp() == entries


def _lay_our_tokens(s, kinds):
    """Our X tokens of these kinds leave the bag for a spot of their own location; the rooms are emptied."""
    for room in list(s.d["rooms"]):
        set_monster(s, room, None)
    for t in [t for t in s.d["bag"] if s.d["tokens"][t]["kind"] in kinds]:
        s.d["bag"].remove(t)
        s.d["spots"][s.d["tokens"][t]["loc"]][0] = t
    s.changed()
    assert not s.invariants(), s.invariants()


@pytest.mark.parametrize("players, altar_x", [(3, 1), (4, 0), (5, 1)])
def test_the_defiled_altar_adds_no_x_at_four_heroes_only(players, altar_x):
    """v7 (ours): village.json gives the Defiled Altar n_by_heroes {"4": 0}; other hero counts keep its 1 X."""
    assert C.village["advanced_tokens"]["defiled_altar"]["n_by_heroes"] == {4: 0}
    s = new(players=players, difficulty="hard")
    roll_fixed(s, {})
    _lay_our_tokens(s, ("defiled_altar",))
    events, army = _army_after_a_quiet_turn(s)
    assert army.params["x"] == altar_x and army.params["left"] == altar_x
    logged = [e.params["n"] for e in events if e.key.endswith(".army_x_tokens")]
    assert logged == ([altar_x] if altar_x else [])


@pytest.mark.parametrize("players, x", [(3, 2), (4, 1)])
def test_burned_archives_keeps_its_x_at_four_heroes(players, x):
    s = new(players=players, difficulty="hard")
    roll_fixed(s, {})
    _lay_our_tokens(s, ("burned_archives", "defiled_altar"))
    events, army = _army_after_a_quiet_turn(s)
    assert army.params["x"] == x
    assert next(e for e in events if e.key.endswith(".army_x_tokens")).params["n"] == x
