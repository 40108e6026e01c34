"""Final scoring (every category), ties, result() breakdown, and hidden information in view()."""
from __future__ import annotations

import gamecore
from gamecore.engine import Rng
from gamecore.galaxy import scoring
from gamecore.galaxy.testing import give_card, give_tile, new, set_dna, set_res


def test_every_category():
    s = new(2, pilots=["rook", "nyx"])
    for kind in ["autocannon", "rail_rifle", "arc_hammer", "armor_plate", "power_cell", "ammo_rack"]:
        give_tile(s, 0, kind)
    give_tile(s, 0, "guild_seat")
    give_tile(s, 0, "white_ship")
    give_card(s, 0, "pupg:shock_gel")
    give_card(s, 0, "spec:mechanic")
    m = s.p[0]["missions"].pop()
    s.p[0]["done"].append(m)
    set_res(s, 0, rep=12, rad=1, hull=2, debt=1)
    set_dna(s, 0, S=2, M=1)
    from gamecore.galaxy.content import content
    b = scoring.breakdown(s, 0)
    assert b == {"tiles": 7, "blueprint": 7, "prestige": 5, "missions": content().missions[m[8:]]["vp"],
                 "reputation": 13, "pilot_upgrades": 1, "specialists": 1, "dna": 3, "radiation": -3, "hull": -6,
                 "debt": -3}


def test_ties_go_to_reputation_then_fewest_hull_debt_radiation_then_shared():
    s = new(3)
    scores = {0: 50, 1: 50, 2: 40}
    set_res(s, 0, rep=5); set_res(s, 1, rep=6)
    assert scoring.winners(s, scores) == [1]
    set_res(s, 0, rep=6, hull=1)
    assert scoring.winners(s, scores) == [1]
    set_res(s, 0, hull=0, debt=0, rad=0); set_res(s, 1, rad=1)
    assert scoring.winners(s, scores) == [0]
    set_res(s, 1, rad=0)
    assert scoring.winners(s, scores) == [0, 1]


def test_result_breakdown_sums_to_the_score():
    s = gamecore.start("galaxy", seed=9, players=4)
    rng = Rng(9)
    while not s.is_over():
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    r = s.result()
    assert r.reason == "galaxy.result.after_round_9"
    for seat in range(4):
        assert set(r.breakdown[seat]) == set(scoring.CATEGORIES)
        assert sum(r.breakdown[seat].values()) == r.scores[seat]


def test_a_view_depends_only_on_what_its_seat_sees():
    s = gamecore.start("galaxy", seed=4, players=3)
    rng = Rng(4)
    for _ in range(40):
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    seat = s.current_seat()
    other = s.clone()
    for name in ("mdeck", "sdeck", "udeck"):
        getattr(other, name).reverse()
    top = other.pile.pop()                              # a different pile order with the same top back
    other.pile.reverse()
    other.pile.append(top)
    assert other.digest() != s.digest()
    assert s.view(seat, Rng(1)).digest() == other.view(seat, Rng(1)).digest()
    v = s.view(seat, Rng(2))
    assert v.is_red(v.pile[-1]) == s.is_red(s.pile[-1])            # the top back is public (R1)
    assert v.uran == s.uran and v.invaded == s.invaded and v.mdisplay == s.mdisplay and v.p == s.p
    # a change a seat can see changes its view
    other.p[0]["cr"] += 1
    assert s.view(seat, Rng(1)).digest() != other.view(seat, Rng(1)).digest()


def test_the_top_back_is_kept_red_in_views():
    s = new(2)
    from gamecore.galaxy.testing import stack_pile
    stack_pile(s, [("maw", True)])
    for k in range(5):
        v = s.view(0, Rng(k))
        assert v.is_red(v.pile[-1])
