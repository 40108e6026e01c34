"""Turn order by reputation with stacked markers (R16), skipping seats (R15), the third ship (R13),
upkeep and debt (R14), missions (R18), the nine rounds."""
from __future__ import annotations

import gamecore
from gamecore.engine import Rng
from gamecore.galaxy.testing import act, give_card, give_tile, legal, new, set_dna, set_res, turn


def test_lower_reputation_plays_first_and_the_upper_marker_first_on_a_shared_space():
    s = new(3)
    s.add_rep(2, 3)
    s.add_rep(0, 3)                 # arrives later: on top of seat 2
    assert s.turn_order() == [1, 0, 2]
    s.add_rep(1, 5)
    assert s.turn_order() == [0, 2, 1]


def test_turn_order_is_fixed_at_round_start():
    s = new(2)
    act(s, "place_ship", "ship:0", "dock:halo:0", ships=1) if False else None
    before = list(s.order)
    s.add_rep(before[0], 5)         # unlocks at once, but this round's order stays
    assert s.order == before


def test_a_seat_with_no_legal_placement_is_skipped_and_nobody_passes():
    s = new(2)
    give_tile(s, 1, "white_ship")                  # seat 1 has 3 ships
    assert all(a.kind not in ("pass", "end_turn") for a in s.legal_actions())
    act(s, "place_ship", "ship:0", "dock:prim:0", ships=1)
    act(s, "place_ship", "ship:1", "dock:ferrum:0", ships=1)
    act(s, "place_ship", "ship:0", "dock:lumen:0", ships=1)
    act(s, "place_ship", "ship:1", "dock:aurel:0", ships=1)
    act(s, "place_mech", "mech:0", "art:ferrum")
    assert s.current_seat() == 1
    act(s, "place_mech", "mech:1", "art:prim")
    assert s.current_seat() == 1                   # seat 0 has nothing left to place: skipped
    act(s, "place_ship", "ship:1", "dock:forge:0", ships=1)
    assert s.phase == "play" or s.stack or s.round == 2


def test_third_ship_arrives_in_round_four_maintenance():
    s = gamecore.start("galaxy", seed=5, players=2)
    rng = Rng(1)
    seen = {}
    while not s.is_over() and s.round <= 5:
        seen.setdefault((s.round, s.phase), [p["ships"] for p in s.p])
        legal_ = s.legal_actions()
        s.apply(legal_[rng.randrange(len(legal_))])
    assert seen[(4, "play")] == [2, 2]
    assert seen[(5, "play")] == [3, 3]


def test_upkeep_three_per_ship_and_debt_for_each_unpaid_ship():
    s = new(2)
    s.round = 5
    set_res(s, 0, cr=7)
    set_res(s, 1, cr=2)
    s.p[0]["ships"] = s.p[0]["home"] = 3
    s.p[1]["ships"] = s.p[1]["home"] = 3
    s._upkeep(0)
    s._upkeep(1)
    assert s.p[0]["cr"] == 1 and s.p[0]["debt"] == 1           # paid 2 ships, 1 unpaid
    assert s.p[1]["cr"] == 2 and s.p[1]["debt"] == 3


def test_upkeep_with_ivo_and_the_accountant():
    s = new(2, mechs=["drifter", "wisp"], pilots=["ivo", "rook"])  # Drifter: Ivo II and IV live
    give_card(s, 0, "spec:accountant")
    set_res(s, 0, cr=8)
    s.p[0]["ships"] = s.p[0]["home"] = 5
    assert s.upkeep_due(0) == (5, 2, 3)                          # Ivo IV: 2 per ship; Accountant: 3 less
    s._upkeep(0)
    assert s.p[0]["cr"] == 1 and s.p[0]["debt"] == 0             # 5 x 2 - 3 = 7 paid
    set_res(s, 0, cr=3)
    s._upkeep(0)
    assert s.p[0]["cr"] == 0 and s.p[0]["debt"] == 2             # 3 ships paid (3 x 2 - 3), 2 in debt


def test_upkeep_happens_in_rounds_five_and_nine_only():
    s = gamecore.start("galaxy", seed=2, players=3)
    rng = Rng(3)
    rounds = []
    while not s.is_over():
        legal_ = s.legal_actions()
        now = s.round
        for e in s.apply(legal_[rng.randrange(len(legal_))]):
            if e.key.startswith("galaxy.log.upkeep"):
                rounds.append(now)
    assert sorted(set(rounds)) == [5, 9] and len(rounds) == 6
    assert s.round == 9 and s.is_over()


def test_completing_a_mission_discards_its_dna_any_time_of_your_turn():
    s = new(2)
    m = s.p[0]["missions"][0]
    from gamecore.galaxy.content import content
    need = content().missions[m.split(":", 1)[1]]["dna"]
    set_dna(s, 0, **need)
    act(s, "complete_mission", "dna:0", m)
    assert m in s.p[0]["done"] and sum(s.p[0]["dna"].values()) == 0 and s.current_seat() == 0


def test_m3_buys_one_mission_for_favour_and_refills_at_once():
    s = new(2)
    set_res(s, 0, favour=5)
    set_res(s, 1, favour=0)
    s._start_maintenance()
    while s.seat != 0 and s.phase == "maint":
        s.apply(s.legal_actions()[-1])
    assert s.pending().kind == "maint"
    m = s.mdisplay[0]
    act(s, "buy_mission", m, "seat:0")
    assert m in s.p[0]["missions"] and len(s.mdisplay) == 3
    assert not legal(s, "buy_mission")                         # one per round this way


def test_informant_pays_when_an_opponent_buys_a_mission():
    s = new(3)
    give_card(s, 1, "spec:informant")
    set_res(s, 0, favour=5)
    cr = s.p[1]["cr"]
    s._start_maintenance()
    while s.seat != 0:
        s.apply(s.legal_actions()[-1])
    act(s, "buy_mission", s.mdisplay[0], "seat:0")
    assert s.p[1]["cr"] == cr + 1
