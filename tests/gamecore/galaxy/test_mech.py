"""The mech: 9-tile cap and replacement (R20), capacity tiles arrive full (R5), the blueprint (R21),
market prices and discounts, pilot upgrades (at most 4), specialists."""
from __future__ import annotations

from gamecore.galaxy import scoring
from gamecore.galaxy.content import content
from gamecore.galaxy.testing import act, display, give_card, give_tile, legal, new, set_res


def at_forge(s, seat=0):
    set_res(s, seat, rep=8)
    act(s, "place_ship", f"ship:{seat}", "dock:forge:0", ships=1)


def test_buying_a_weapon_pays_its_cost_and_fills_the_next_slot():
    s = new(2, pilots=["rook", "nyx"])
    set_res(s, 0, cr=5, alloy=1)
    at_forge(s)
    assert s.pending().kind == "buy_tile"
    offered = {a.source for a in legal(s, "buy_tile")}
    assert offered == {"market:autocannon"}                      # the only weapon payable with 5 cr + 1 Alloy
    act(s, "buy_tile", "market:autocannon", "mech:0")
    assert s.p[0]["cr"] == 3 and s.p[0]["res"]["alloy"] == 0 and len(s.p[0]["tiles"]) == 1
    assert len(s.market["autocannon"]) == 1


def test_ivo_and_gunsmith_discounts_stack():
    s = new(2, pilots=["ivo", "rook"], mechs=["bulwark", "wisp"])   # Bulwark: Ivo I live
    give_card(s, 0, "spec:gunsmith")
    assert s.tile_cost(0, "rail_rifle")["cr"] == 0                # 3 - 2 (Ivo I) - 1 (Gunsmith)
    assert s.tile_cost(0, "heavy_plating")["cr"] == 1             # Gunsmith is for weapons only


def test_systems_arrive_full_and_repair_fills_them_later():
    s = new(2)
    set_res(s, 0, cr=9, alloy=1)
    act(s, "place_ship", "ship:0", "dock:drydock:0", ships=1)
    assert s.pending().kind == "buy_tile"            # nothing to repair: the only usable option runs at once
    act(s, "buy_tile", "market:armor_plate", "mech:0")
    full = content().mechs["bulwark"]["armour"] + 2                  # the Bulwark's squares and the plate's 2
    assert s.capacity(0)["armour"] == full and s.p[0]["cubes"]["armour"] == full
    s.p[0]["cubes"]["armour"] = 2
    set_res(s, 0, alloy=1)
    from gamecore.galaxy.testing import turn
    turn(s, 0)
    act(s, "place_mech", "mech:0", "art:drydock")
    assert s.pending().kind == "option"              # now both options are usable
    act(s, "option", None, "art:drydock", index=0)
    # only armour squares are empty: the one possible mix is applied without asking
    assert s.p[0]["cubes"]["armour"] == 7


def test_nine_tile_cap_replacing_removes_the_old_tile_from_the_game():
    s = new(2)
    for kind in ["armor_plate", "armor_plate", "power_cell", "power_cell", "ammo_rack", "ammo_rack",
                 "heavy_plating", "reactor_core", "munitions_bay"]:
        give_tile(s, 0, kind)
    set_res(s, 0, cr=9, crystal=1)
    at_forge(s)
    targets = {a.target for a in legal(s, "buy_tile")}
    assert "mech:0" not in targets and targets == {f"slot:0:{i}" for i in range(9)}
    old = s.p[0]["tiles"][4]
    act(s, "buy_tile", "market:pulse_laser", "slot:0:0")
    assert len(s.p[0]["tiles"]) == 9 and old not in s.removed and s.removed[0].startswith("tile:armor_plate")
    armour = content().mechs["bulwark"]["armour"] + 2 + 3             # one plate gone: the other and Heavy Plating
    assert s.capacity(0)["armour"] == armour and s.p[0]["cubes"]["armour"] == armour


def test_blueprint_needs_all_six_icons_and_scores_seven():
    s = new(2, pilots=["rook", "nyx"])                            # Rook: Bal Bal Hvy Arm Cel Rck
    for kind in ["autocannon", "rail_rifle", "arc_hammer", "armor_plate", "power_cell"]:
        give_tile(s, 0, kind)
    assert scoring.blueprint_missing(s.p[0]) == 1 and scoring.breakdown(s, 0)["blueprint"] == 0
    give_tile(s, 0, "ammo_rack")
    assert scoring.blueprint_missing(s.p[0]) == 0 and scoring.breakdown(s, 0)["blueprint"] == 7
    assert scoring.breakdown(s, 0)["tiles"] == 6


def test_prestige_needs_its_reputation_and_medals_score_their_vp_not_the_tile_point():
    s = new(2)
    set_res(s, 0, cr=9, rep=3)
    act(s, "place_ship", "ship:0", "dock:nexus:0", ships=1)
    assert s.pending().kind == "option" or s.pending().kind == "buy_tile" or s.pending().kind == "hire"
    if s.pending().kind == "option":
        act(s, "option", None, "art:nexus", index=0)
    assert "market:valor_medal" not in {a.source for a in legal(s, "buy_tile")}
    s = new(2)
    set_res(s, 0, cr=9, rep=4)
    act(s, "place_ship", "ship:0", "dock:nexus:0", ships=1)
    if s.pending().kind == "option":
        act(s, "option", None, "art:nexus", index=0)
    act(s, "buy_tile", "market:valor_medal", "mech:0")
    b = scoring.breakdown(s, 0)
    assert b["prestige"] == 3 and b["tiles"] == 0


def test_hired_ship_tile_adds_a_ship_at_once():
    s = new(2)
    set_res(s, 0, cr=9, fuel=1)
    act(s, "place_ship", "ship:0", "dock:nexus:0", ships=1)
    if s.pending().kind == "option":
        act(s, "option", None, "art:nexus", index=0)
    act(s, "buy_tile", "market:white_ship", "mech:0")
    assert s.p[0]["ships"] == 3 and s.p[0]["home"] == 2
    assert s.upkeep_due(0) == (3, 3, 0)


def test_pilot_upgrades_cost_three_and_stop_at_four():
    s = new(2)
    set_res(s, 0, cr=9)
    act(s, "place_ship", "ship:0", "dock:phyta:0", ships=1)        # no radiation: Phyta gives the upgrade only
    assert s.pending().kind == "pilot_upgrade"
    up = s.udisplay[0]
    act(s, "take_upgrade", up, "seat:0")
    assert s.p[0]["cr"] == 6 and up in s.p[0]["pupgs"] and len(s.udisplay) == 1   # refilled only at M5
    s = new(2)
    for kind in ("targeting_optics", "shock_gel", "repair_drone", "trade_link"):
        give_card(s, 0, f"pupg:{kind}")
    set_res(s, 0, cr=9, rad=1)
    act(s, "place_ship", "ship:0", "dock:phyta:0", ships=1)        # the upgrade is closed: cleanse at once
    assert s.p[0]["rad"] == 0 and s.p[0]["cr"] == 7


def test_hiring_a_specialist_runs_its_when_hired_effect():
    s = new(2)
    display(s, "spec:diplomat", 0)
    display(s, "spec:prospector", 1)
    set_res(s, 0, cr=9)
    act(s, "place_ship", "ship:0", "dock:nexus:0", ships=1)
    if s.pending().kind == "option":
        act(s, "option", None, "art:nexus", index=1)
    act(s, "hire", "spec:prospector", "seat:0")
    for what in ("isotope", "isotope", "alloy"):
        assert s.pending().kind == "take_resource"
        act(s, "take_resource", None, "seat:0", what=what)
    assert s.p[0]["res"]["isotope"] == 2 and s.p[0]["res"]["alloy"] == 1 and s.p[0]["cr"] == 7
    assert "spec:diplomat" in s.sdisplay and len(s.sdisplay) == 1


def test_flip_specialists_are_once_per_round_and_refresh_at_maintenance():
    s = new(2)
    give_card(s, 0, "spec:smuggler")
    set_res(s, 0, alloy=2)
    act(s, "flip", "spec:smuggler", "seat:0", give="alloy", take="isotope")
    assert s.p[0]["res"]["alloy"] == 1 and s.p[0]["res"]["isotope"] == 1
    assert not legal(s, "flip")
    s._start_maintenance()
    while s.phase == "maint":
        s.apply(s.legal_actions()[-1])
    assert s.p[0]["flipped"] == []
