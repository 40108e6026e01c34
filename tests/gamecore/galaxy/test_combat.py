"""Combat C1–C3 and its entry conditions (R7, R8, R9, R10), rewards at maintenance (M2, R4)."""
from __future__ import annotations

import pytest

from gamecore import IllegalAction
from gamecore.galaxy.content import content
from gamecore.galaxy.testing import act, give_card, give_tile, invade, legal, new, put_uran, set_cubes, set_res, turn


def fighter(mech="bulwark", pilot="ivo", weapons=("autocannon",)):
    s = new(2, mechs=[mech, "wisp" if mech != "wisp" else "bulwark"], pilots=[pilot, "rook" if pilot != "rook" else "nyx"])
    for w in weapons:
        give_tile(s, 0, w)
    return s


def test_no_weapon_or_no_armour_cube_means_no_fight():
    s = new(2)
    put_uran(s, 0, "skitter")
    assert not legal(s, "place_mech", target="uran:0")
    with pytest.raises(IllegalAction) as err:
        act(s, "place_mech", "mech:0", "uran:0")
    assert err.value.code == "galaxy_cannot_fight"
    s = fighter()
    put_uran(s, 0, "skitter")
    assert legal(s, "place_mech", target="uran:0")
    set_cubes(s, 0, armour=0)
    assert not legal(s, "place_mech", target="uran:0")
    assert legal(s, "place_mech", target="art:prim")             # other planets are fine (R7)


def test_affordable_attack_must_reach_the_armour():
    s = fighter(weapons=("autocannon", "autocannon"))             # 2 + 2 attack, 1 ammo each
    put_uran(s, 0, "razorback")                                   # armour 4
    assert legal(s, "place_mech", target="uran:0")
    set_cubes(s, 0, ammo=1)                                       # only one can be paid: 2 < 4
    assert not legal(s, "place_mech", target="uran:0")
    s.p[0]["cubes"]["ammo"] = 3
    put_uran(s, 1, "maw")                                         # armour 7 > 4
    assert not legal(s, "place_mech", target="uran:1")


def test_the_mutant_strikes_first_excess_is_hull_damage():
    s = fighter(weapons=("autocannon", "arc_hammer"))            # 6 attack >= 5 armour
    tile = put_uran(s, 0, "brute")                                # strength 3
    set_cubes(s, 0, armour=1)
    act(s, "place_mech", "mech:0", "uran:0")
    assert s.p[0]["cubes"]["armour"] == 0 and s.p[0]["hull"] == 2
    assert s.pending().kind == "combat" and s.pending().args["mutant"] == tile


def test_weapons_are_chosen_one_by_one_paid_once_each_and_the_fight_is_won():
    s = fighter(weapons=("autocannon", "pulse_laser", "rail_rifle"))
    tile = put_uran(s, 0, "razorback")                            # armour 4, strength 2
    act(s, "place_mech", "mech:0", "uran:0")
    cubes = dict(s.p[0]["cubes"])
    fire = {a.source for a in legal(s, "fire")}
    assert fire == {"slot:0:0", "slot:0:1", "slot:0:2"}
    act(s, "fire", "slot:0:0", tile)                              # autocannon: 2 attack, 1 ammo
    assert s.p[0]["cubes"]["ammo"] == cubes["ammo"] - 1 and s.pending().args["total"] == 2
    assert "slot:0:0" not in {a.source for a in legal(s, "fire")}  # once per combat
    act(s, "fire", "slot:0:1", tile)                              # pulse laser: 2 attack, 1 energy
    assert s.p[0]["cubes"]["energy"] == cubes["energy"] - 1
    assert tile in s.p[0]["kills"] and s.uran[0] != tile and s.uran[0] is not None   # C3: refilled at once
    assert s.p[0]["dna"]["R"] == 0 and s.p[0]["rep"] == 0          # reward waits for maintenance


def test_a_weapon_that_would_leave_the_kill_out_of_reach_is_not_offered():
    s = fighter(weapons=("autocannon", "swarm_missiles"))         # 2 (1 ammo) and 4 (3 ammo)
    set_cubes(s, 0, ammo=3)
    tile = put_uran(s, 0, "razorback")                            # armour 4: only the missiles do it
    act(s, "place_mech", "mech:0", "uran:0")
    assert {a.source for a in legal(s, "fire")} == {"slot:0:1"}
    act(s, "fire", "slot:0:1", tile)
    assert tile in s.p[0]["kills"]


def test_attack_bonus_and_cube_discounts():
    s = fighter(mech="wisp", pilot="nyx", weapons=("beam_lance",))    # Nyx I: 1 energy less
    set_cubes(s, 0, energy=1)
    tile = put_uran(s, 0, "gloop")                                # armour 3
    act(s, "place_mech", "mech:0", "uran:0")
    act(s, "fire", "slot:0:0", tile)
    assert s.p[0]["cubes"]["energy"] == 0 and tile in s.p[0]["kills"]
    s = fighter(mech="bulwark", pilot="ivo", weapons=("rail_rifle",))
    give_card(s, 0, "spec:engineer")                              # 1 cube less, only when lacking
    set_cubes(s, 0, ammo=1)
    tile = put_uran(s, 0, "gloop")
    act(s, "place_mech", "mech:0", "uran:0")
    act(s, "fire", "slot:0:0", tile)
    assert s.p[0]["cubes"]["ammo"] == 0 and tile in s.p[0]["kills"]
    s = fighter(mech="bulwark", pilot="sable", weapons=("autocannon",))  # Sable I: +1 attack
    tile = put_uran(s, 0, "gloop")                                # 2 + 1 >= 3
    act(s, "place_mech", "mech:0", "uran:0")
    act(s, "fire", "slot:0:0", tile)
    assert tile in s.p[0]["kills"]


def test_strike_reduction_never_below_one():
    s = fighter(mech="drifter", pilot="nyx", weapons=("beam_lance",))   # Drifter: Nyx II live
    give_card(s, 0, "pupg:shock_gel")
    put_uran(s, 0, "gloop")                                       # strength 2 - 2 -> 1
    act(s, "place_mech", "mech:0", "uran:0")
    assert s.p[0]["cubes"]["armour"] == content().mechs["drifter"]["armour"] - 1


def test_invaded_planet_fight_then_effect_and_no_longer_invaded():
    s = fighter()
    tile = invade(s, "prim", "skitter")
    act(s, "place_mech", "mech:0", "art:prim")
    assert s.p[0]["cubes"]["armour"] == content().mechs["bulwark"]["armour"] - 1   # the Skitter struck for 1
    act(s, "fire", "slot:0:0", tile)
    assert "prim" not in s.invaded and s.p[0]["cr"] == content().setup["start_credits"][0] + 4 and tile in s.p[0]["kills_inv"]


def test_uran_takes_any_number_of_mechs_each_picking_its_mutant():
    s = fighter()
    give_tile(s, 1, "pulse_laser")
    put_uran(s, 0, "skitter")
    t1 = put_uran(s, 1, "skitter")
    act(s, "place_mech", "mech:0", "uran:0")
    act(s, "fire", "slot:0:0", s.stack[-1]["mutant"])
    act(s, "place_mech", "mech:1", "uran:1")
    act(s, "fire", "slot:1:0", t1)
    assert s.uran_mechs == [0, 1] and s.p[1]["kills"] == [t1]


def test_kill_rewards_are_claimed_at_maintenance_with_abilities():
    s = fighter(mech="stalker", pilot="sable")                    # Stalker: Sable III and IV live
    give_card(s, 0, "spec:bounty_broker")
    tile = put_uran(s, 0, "brute")
    give_tile(s, 0, "arc_hammer")
    act(s, "place_mech", "mech:0", "uran:0")
    for slot in ("slot:0:0", "slot:0:1"):
        if tile in s.p[0]["kills"]:
            break
        act(s, "fire", slot, tile)
    cr = s.p[0]["cr"]
    s._start_maintenance()
    assert s.p[0]["dna"]["B"] == 3                                # 2 + Sable IV
    assert s.p[0]["rep"] == 3 and tile in s.mdiscard
    assert s.p[0]["cr"] >= cr + content().species["brute"]["reward"]["cr"] + 1   # reward + Bounty Broker


def test_a_mech_dropped_on_urans_picture_is_told_to_pick_a_mutant_there():
    s = fighter()
    put_uran(s, 0, "skitter")
    assert legal(s, "place_mech", target="uran:0")
    err = s.explain("mech:0", "art:uran")
    assert err.code == "galaxy_uran_pick"
    set_cubes(s, 0, armour=0)                                     # no fight possible: the reason why
    assert s.explain("mech:0", "art:uran").code == "galaxy_cannot_fight"
