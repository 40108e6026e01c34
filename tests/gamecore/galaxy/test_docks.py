"""A1/A2: dock marks, reputation unlocks, invaded docks (2 ships), radiation per ship, pilot docks,
repair limits, the recall (R5, R6, R11, R12, R15, R23)."""
from __future__ import annotations

import pytest

from gamecore import IllegalAction
from gamecore.engine import Action
from gamecore.galaxy.content import content
from gamecore.galaxy.testing import act, display, give_card, give_tile, invade, legal, new, set_cubes, set_res, turn


def docks_offered(s, seat=0):
    return {a.target for a in legal(s, "place_ship", source=f"ship:{seat}")}


def test_player_count_marks():
    two, three, four = new(2), new(3), new(4)
    assert "dock:prim:1" not in docks_offered(two) and "dock:prim:1" in docks_offered(three)
    assert "dock:prim:2" not in docks_offered(three) and "dock:prim:2" in docks_offered(four)
    with pytest.raises(IllegalAction) as err:
        act(two, "place_ship", "ship:0", "dock:prim:1", ships=1)
    assert err.value.code == "galaxy_dock_players"


def test_reputation_unlocks_docks_for_good():
    s = new(2)
    assert "dock:cinder:1" not in docks_offered(s)
    with pytest.raises(IllegalAction) as err:
        act(s, "place_ship", "ship:0", "dock:cinder:1", ships=1)
    assert err.value.code == "galaxy_dock_locked" and err.value.params == {"rep": 4}
    s.add_rep(0, 4)
    assert "dock:cinder:1" in docks_offered(s) and "dock:halo:0" not in docks_offered(s)
    s.add_rep(0, 4)
    assert {"dock:halo:0", "dock:forge:2"} <= docks_offered(s) and "dock:halo:1" not in docks_offered(s)


def test_a_taken_dock_is_closed():
    s = new(2)
    act(s, "place_ship", "ship:0", "dock:prim:0", ships=1)
    assert s.p[0]["cr"] == content().setup["start_credits"][0] + 4
    assert "dock:prim:0" not in docks_offered(s, 1)
    with pytest.raises(IllegalAction) as err:
        act(s, "place_ship", "ship:1", "dock:prim:0", ships=1)
    assert err.value.code == "galaxy_dock_taken"


def test_invaded_dock_needs_two_ships_and_they_stay_when_the_invader_arrives():
    s = new(2)
    act(s, "place_ship", "ship:0", "dock:ferrum:0", ships=1)
    invade(s, "ferrum", "skitter")                     # R12: ships already docked stay
    assert s.docks["dock:ferrum:0"] == [0]
    invade(s, "prim", "gloop")
    assert Action.make("place_ship", "ship:1", "dock:prim:0", ships=2) in s.legal_actions()
    assert Action.make("place_ship", "ship:1", "dock:prim:0", ships=1) not in s.legal_actions()
    act(s, "place_ship", "ship:1", "dock:prim:0", ships=2)
    assert s.docks["dock:prim:0"] == [1, 1] and s.p[1]["home"] == 0 and s.p[1]["cr"] == content().setup["start_credits"][1] + 4
    # with one ship left a seat cannot land on an invaded planet (A4)
    turn(s, 0)
    invade(s, "lumen", "skitter")
    assert not any(a.target.startswith("dock:lumen") for a in legal(s, "place_ship"))
    with pytest.raises(IllegalAction) as err:
        act(s, "place_ship", "ship:0", "dock:lumen:0", ships=1)
    assert err.value.code == "galaxy_two_ships"


def test_scout_lands_a_lone_ship_on_an_invaded_dock_once():
    s = new(2)
    give_card(s, 0, "spec:scout")
    invade(s, "prim", "gloop")
    act(s, "place_ship", "ship:0", "dock:prim:0", scout=True, ships=1)
    assert s.docks["dock:prim:0"] == [0] and "spec:scout" in s.p[0]["flipped"]


def test_radiation_per_landing_ship_never_for_mechs():
    s = new(2)
    set_res(s, 0, rep=4)
    act(s, "place_ship", "ship:0", "dock:cinder:0", ships=1)
    assert s.p[0]["rad"] == 1 and s.p[0]["res"]["isotope"] == 3
    s = new(2)
    invade(s, "cinder", "skitter")
    act(s, "place_ship", "ship:0", "dock:cinder:0", ships=2)
    assert s.p[0]["rad"] == 2                           # R11: two ships, twice
    s = new(2)
    act(s, "place_mech", "mech:0", "art:cinder")
    assert s.p[0]["rad"] == 0 and s.p[0]["res"]["isotope"] == 3


def test_lead_lining_ignores_the_first_radiation_of_a_round():
    s = new(2)
    give_card(s, 0, "pupg:lead_lining")
    invade(s, "cinder", "skitter")
    act(s, "place_ship", "ship:0", "dock:cinder:0", ships=2)
    assert s.p[0]["rad"] == 1


def test_only_your_own_pilot_docks():
    s = new(2)
    offered = docks_offered(s)
    assert {"dock:repair:0", "dock:recall:0"} <= offered and "dock:repair:1" not in offered
    with pytest.raises(IllegalAction) as err:
        act(s, "place_ship", "ship:0", "dock:repair:1", ships=1)
    assert err.value.code == "galaxy_not_your_dock"


def test_repair_restores_up_to_four_cubes_in_a_mix_the_seat_picks():
    s = new(2, mechs=["bulwark", "wisp"])            # Bulwark: 7 armour, 2 ammo, 2 energy
    set_cubes(s, 0, armour=1, ammo=0, energy=0)
    s.p[0]["hull"] = 2
    act(s, "place_ship", "ship:0", "dock:repair:0", ships=1)
    assert s.pending().kind == "repair" and s.pending().args["n"] == 4
    mixes = {(a.get("armour"), a.get("ammo"), a.get("energy")) for a in s.legal_actions()}
    assert (4, 0, 0) in mixes and (0, 2, 2) in mixes and (2, 2, 0) in mixes and (0, 3, 1) not in mixes
    assert all(sum(m) == 4 for m in mixes)
    act(s, "repair", None, "mech:0", armour=2, ammo=1, energy=1)
    assert s.p[0]["cubes"] == {"armour": 3, "ammo": 1, "energy": 1} and s.p[0]["hull"] == 2   # hull stays


def test_repair_is_capped_by_empty_squares_and_pilot_bonus():
    s = new(2, mechs=["wisp", "bulwark"], pilots=["rook", "nyx"])   # Wisp makes Rook I and III live
    set_cubes(s, 0, armour=1)                                      # 2 empty squares only
    act(s, "place_ship", "ship:0", "dock:repair:0", ships=1)
    assert s.p[0]["cubes"]["armour"] == 3 and s.pending().kind == "turn"   # one mix: applied at once
    s = new(2, mechs=["wisp", "bulwark"], pilots=["rook", "nyx"])
    set_cubes(s, 0, armour=0, ammo=0, energy=0)
    act(s, "place_ship", "ship:0", "dock:repair:0", ships=1)
    assert s.pending().args["n"] == 5                               # Rook III: Repair restores 5


def test_recall_once_per_round_as_a_free_action():
    s = new(2)
    act(s, "place_ship", "ship:0", "dock:recall:0", ships=1)
    act(s, "place_ship", "ship:1", "dock:prim:0", ships=1)
    assert not legal(s, "recall")                                   # the mech is still home
    act(s, "place_mech", "mech:0", "art:ferrum")
    recall = Action.make("recall", "mech:0", "home:0", via="dock:recall:0")
    assert s.pending().kind == "after" and recall in s.legal_actions()
    s.apply(recall)
    assert s.p[0]["mech_at"] is None and s.art["ferrum"] is None
    assert s.current_seat() == 1                                   # nothing free left: the turn passed
    act(s, "place_ship", "ship:1", "dock:lumen:0", ships=1)
    act(s, "place_mech", "mech:0", "art:aurel")                    # the mech goes out again
    assert recall not in s.legal_actions()                         # once per round
