"""Setup S1–S15 and the mech and pilot draft (mechs in seat order, pilots in reverse)."""
from __future__ import annotations

import pytest

import gamecore
from gamecore.galaxy.content import content
from gamecore.galaxy.state import dock_ids, mark_open
from gamecore.galaxy.testing import act


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_board_pile_uran_market_cards(players):
    for seed in range(6):
        s = gamecore.start("galaxy", seed=seed, players=players)
        assert s.marker == "prim" and s.round == 1 and not s.invaded
        assert len(s.uran) == 4 and not any(s.is_red(t) for t in s.uran)      # S4: nothing invades in setup
        assert not s.is_red(s.pile[-1])                                         # R3
        for kind, tile in content().tiles.items():
            assert len(s.market[kind]) == tile["copies"][players - 2]            # S5: the colour band
        credits = [s.p[seat]["cr"] for seat in s.order]
        assert credits == content().setup["start_credits"][:players]                                # S6
        assert all(len(p["missions"]) == 1 for p in s.p) and len(s.mdisplay) == 3    # S7
        assert len(s.sdisplay) == 2 and len(s.udisplay) == 2                   # S8, S9
        three_plus = {f"spec:{k}" for k, v in content().specialists.items() if v.get("min_players", 2) > 2}
        held = set(s.sdeck) | set(s.sdisplay)
        assert (held & three_plus == set()) if players == 2 else three_plus <= held
        assert all(p["ships"] == 2 and p["home"] == 2 for p in s.p)            # S11: the third waits
        assert all(sum(p["res"].values()) == 0 and p["rad"] == 0 for p in s.p)


@pytest.mark.parametrize("players, open_docks", [(2, 9), (3, 14), (4, 18)])
def test_dock_count_by_player_count(players, open_docks):
    assert sum(mark_open(m, players, 0) for _d, _p, m in dock_ids(players)) == open_docks
    assert sum(mark_open(m, players, 20) for _d, _p, m in dock_ids(players)) == open_docks + 4


def test_draft_mechs_in_seat_order_then_pilots_in_reverse():
    s = gamecore.start("galaxy", seed=3, players=4)
    order = list(s.order)
    seen = []
    while s.phase == "draft_mech":
        assert s.pending().kind == "draft_mech"
        seen.append(s.current_seat())
        a = s.legal_actions()[-1]
        assert a.kind == "pick_mech" and a.target == f"seat:{s.current_seat()}"
        s.apply(a)
    assert seen == order
    seen = []
    while s.phase == "draft_pilot":
        seen.append(s.current_seat())
        s.apply(s.legal_actions()[0])
    assert seen == order[::-1]
    assert len({p["mech"] for p in s.p}) == 4 and len({p["pilot"] for p in s.p}) == 4
    assert s.phase == "play" and s.current_seat() == order[0]


def test_a_picked_mech_is_gone_for_the_next_seat_and_cubes_fill_the_squares():
    s = gamecore.start("galaxy", seed=1, players=2)
    first, second = s.order
    act(s, "pick_mech", "mechtile:bulwark", f"seat:{first}")
    assert all(a.source != "mechtile:bulwark" for a in s.legal_actions())
    act(s, "pick_mech", "mechtile:wisp", f"seat:{second}")
    act(s, "pick_pilot", "pilot:nyx", f"seat:{second}")
    act(s, "pick_pilot", "pilot:rook", f"seat:{first}")
    assert s.p[first]["cubes"] == {"armour": 7, "ammo": 2, "energy": 2}      # S14: Bulwark's squares
    assert s.p[second]["cubes"] == {"armour": 3, "ammo": 2, "energy": 5}
    assert s.p[first]["tiles"] == []                                          # mechs start unarmed
