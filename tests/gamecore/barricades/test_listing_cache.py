"""What the engine keeps between or during listings never outlives the state it was worked out from:
edits made by the test helpers (or by hand, followed by ``changed()``) show in the next listing, and the
shortcut for games without advanced tokens is dropped by ``changed()``."""
from __future__ import annotations

import itertools

from gamecore.barricades import rules as R
from gamecore.barricades.content import content
from gamecore.barricades.testing import first_until, new, set_hand

C = content()


def _village(state):
    first_until(state, "place")
    while state.pending().kind == "place":
        seat = state.pending().seat
        state.apply(next(a for a in state.legal_actions() if a.target == "village"))
    assert state.pending().kind == "village"
    return state.pending().seat


def test_a_hand_given_by_the_helper_changes_the_next_listing_after_one_was_made():
    s = new(players=1, seed=3)
    seat = _village(s)
    set_hand(s, seat, ["wound", "wound", "wound"])
    before = s.legal_actions()
    assert not any(a.kind == "buy" for a in before)          # no gold in hand: nothing to buy
    set_hand(s, seat, ["shard", "shard", "shard", "shard", "shard"])
    after = s.legal_actions()
    assert any(a.kind == "buy" for a in after)               # the gold of the new hand is counted
    s.apply(next(a for a in after if a.kind == "buy"))        # an action of the fresh listing is accepted


def test_an_advanced_token_put_by_hand_counts_once_changed_is_called():
    s = new(players=1, seed=4)                               # First Time: no advanced token in the game
    first_until(s, "place")
    src = f"champion:{s.pending().seat}"
    assert any(a.target.startswith("spot:marketplace") for a in s.legal_actions())
    # turn a token into the Marketplace's advanced one and lay it on a spot; the hero has no XP to pay
    tid = next(t for t, tok in s.d["tokens"].items() if tok["loc"] == "marketplace")
    s.d["bag"].remove(tid)
    s.d["tokens"][tid]["kind"] = "market_xp"
    s.d["spots"]["marketplace"][3] = tid
    s.d["p"][s.pending().seat]["xp"] = 0
    s.changed()
    legal = s.legal_actions()
    assert not any(a.target.startswith("spot:marketplace") for a in legal)   # a visit would cost 1 XP
    assert any(a.target.startswith("spot:bazaar") and a.source == src for a in legal)


def test_one_weapon_is_wielded_the_ways_the_general_search_finds():
    heroes = sorted(k for k, c in C.cards.items() if c["type"] == "hero")[:8]
    weapons = sorted(k for k, c in C.cards.items() if c["type"] == "weapon")
    for w in weapons:
        for hs in itertools.combinations_with_replacement(heroes, 2):
            for rations in (0, 1):
                fast = R._find_plans(C, hs, (w,), rations)
                # the same weapon twice goes through the general search; its first weapon's plans must
                # include every way the one-weapon listing gives (the second copy may only add ways)
                general = {k for k, _plan in R._find_plans(C, hs, (w, w), rations)}
                single = {k for k, _plan in fast}
                assert fast and fast[0][0] == max(single, key=lambda k: (k[0] + k[1] + k[2], k[0], k[1]))
                assert all(any(all(g[x] >= k[x] for x in range(3)) for g in general) for k in single)
