"""Invasions (§1.5, R22): the marker, the round 3/7 invasion, the red chain, one mutant per planet,
the waiting red tile."""
from __future__ import annotations

from gamecore.galaxy.content import content
from gamecore.galaxy.testing import act, give_tile, invade, new, put_uran, stack_pile, turn

NUMBERED = [p["id"] for p in content().numbered()]


def test_round_three_invasion_takes_the_top_whatever_its_back():
    s = new(2)
    stack_pile(s, ["maw", "gloop"])
    s.round = 2
    s.phase = "maint"
    s.maint_i = len(s.order)
    s._end_round()
    assert s.round == 3 and s.species_of(s.invaded["prim"])["id"] == "maw"
    assert "ferrum" not in s.invaded and s.marker == "ferrum"


def test_a_red_back_exposed_by_a_refill_invades_in_a_chain():
    s = new(2)
    give_tile(s, 0, "autocannon")
    tile = put_uran(s, 0, "skitter")
    stack_pile(s, ["gloop", ("brute", True), ("razorback", True), "skitter"])
    act(s, "place_mech", "mech:0", "uran:0")
    act(s, "fire", "slot:0:0", tile)
    assert s.species_of(s.uran[0])["id"] == "gloop"
    assert s.species_of(s.invaded["prim"])["id"] == "brute"
    assert s.species_of(s.invaded["ferrum"])["id"] == "razorback"
    assert s.marker == "lumen" and not s.is_red(s.pile[-1])


def test_the_marker_skips_invaded_planets_and_wraps():
    s = new(2)
    for pid in NUMBERED[:-1]:
        if pid != "lumen":
            invade(s, pid, "skitter")
    s.marker = "aurel"
    assert s.invasion_target() == "drydock"
    invade(s, "drydock", "skitter")
    assert s.invasion_target() == "lumen"                      # 7 wraps to 1, 2, then 3 is free


def test_every_numbered_planet_invaded_a_red_top_waits_then_takes_the_freed_planet():
    s = new(2)
    give_tile(s, 0, "rail_rifle")
    for pid, sp in zip(NUMBERED, ["skitter", "gloop", "skitter", "gloop", "skitter", "gloop", "skitter"]):
        invade(s, pid, sp)
    stack_pile(s, [("gloop", True)])
    assert s.invasion_target() is None
    s.round = 2
    s.phase = "maint"
    s.maint_i = len(s.order)
    s._end_round()                                              # round 3: nothing free, nothing invades
    assert s.round == 3 and s.is_red(s.pile[-1])
    turn(s, 0)
    act(s, "place_mech", "mech:0", "art:ferrum")
    act(s, "fire", "slot:0:0", s.stack[-1]["mutant"])
    assert "ferrum" not in s.invaded and s.is_red(s.pile[-1])   # still waiting: the mech is there
    s._mech_home(0)                                             # the winning mech leaves
    assert s.species_of(s.invaded["ferrum"])["id"] == "gloop"


def test_a_waiting_red_tile_goes_to_uran_at_the_next_refill():
    s = new(2)
    give_tile(s, 0, "rail_rifle")
    for pid, sp in zip(NUMBERED, ["skitter", "gloop", "skitter", "gloop", "skitter", "gloop", "skitter"]):
        invade(s, pid, sp)
    tile = put_uran(s, 0, "skitter")
    stack_pile(s, [("gloop", True)])
    act(s, "place_mech", "mech:0", "uran:0")
    act(s, "fire", "slot:0:0", tile)
    assert s.species_of(s.uran[0])["id"] == "gloop" and s.is_red(s.uran[0])


def test_at_most_one_mutant_per_planet_in_random_games():
    import gamecore
    from gamecore.engine import Rng
    for seed in range(4):
        s = gamecore.start("galaxy", seed=seed, players=4)
        rng = Rng(seed)
        while not s.is_over():
            assert len(set(s.invaded)) == len(s.invaded) and not s.invariants()
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
