"""Issue 10: no team decision is taken silently. Each scenario builds its position with the testing
helpers (stacked hands, rooms and bag) and fails if the choice is made for the team."""
from __future__ import annotations

from gamecore.barricades import rules as R
from gamecore.barricades.content import content
from gamecore.barricades.testing import act, new, roll_fixed, set_hand, set_monster

C = content()


def _quiet_rooms(s):
    for room in list(s.d["rooms"]):
        set_monster(s, room, None)          # no raiders, nothing to kill


def _bag_only(s, loc):
    """Park every token not of ``loc`` on the spots of the other locations (as already fallen there)."""
    others = [t for t in s.d["bag"] if s.d["tokens"][t]["loc"] != loc]
    s.d["bag"] = [t for t in s.d["bag"] if s.d["tokens"][t]["loc"] == loc]
    free = [(l, k) for l in s.d["spots"] for k in range(4) if l != loc and s.d["spots"][l][k] is None]
    for t, (l, k) in zip(others, free):
        s.d["spots"][l][k] = t


def _skip_to_end(s):
    """Everyone takes the village phase without a visit and leaves the dungeon at once."""
    while not s.is_over() and s.pending().kind != "token_spot" and s.d["phase"] not in ("roll", "extra"):
        legal = s.legal_actions()
        pick = next((a for k in ("place", "end_village", "alone", "ready", "leave", "done") for a in legal
                     if a.kind == k and (k != "place" or a.target == "village")), legal[0])
        s.apply(pick)


def test_the_team_picks_the_spot_of_each_drawn_token():
    s = new(players=2)
    roll_fixed(s, {})
    _quiet_rooms(s)
    _bag_only(s, "temple")
    s.d["army"]["x"] = 2                    # two tokens fall, both the temple's
    _skip_to_end(s)
    dec = s.pending()
    assert dec.kind == "token_spot" and dec.seat == 0 and dec.args["loc"] == "temple"
    tid = dec.args["token"]
    assert s.d["limbo_token"] == tid and tid not in s.d["bag"]      # drawn and shown, not yet placed
    assert [a.target for a in s.legal_actions()] == [f"spot:temple:{k}" for k in (1, 2, 3, 4)]
    act(s, "place_token", target="spot:temple:3")
    assert s.d["spots"]["temple"][2] == tid
    # the second token: three undamaged spots left, asked again
    assert s.pending().kind == "token_spot"
    assert [a.target for a in s.legal_actions()] == [f"spot:temple:{k}" for k in (1, 2, 4)]
    act(s, "place_token", target="spot:temple:1")
    assert s.d["spots"]["temple"][0] is not None and s.d["spots"]["temple"][1] is None
    assert not s.invariants()


def test_a_token_with_a_single_undamaged_spot_is_not_asked():
    s = new(players=1)
    roll_fixed(s, {0: []})
    _quiet_rooms(s)
    _bag_only(s, "shop")
    shop = list(s.d["bag"])
    for k in (0, 1, 2):                     # three shop spots already lost
        s.d["spots"]["shop"][k] = shop[k]
        s.d["bag"].remove(shop[k])
    s.d["army"]["x"] = 1
    _skip_to_end(s)
    assert s.is_over()                                  # the village's fifth location fell: no question first
    assert s.d["spots"]["shop"][3] is not None          # the only answer, taken without a question


def test_a_token_whose_location_is_gone_goes_where_the_team_picks():
    s = new(players=1)
    roll_fixed(s, {0: []})
    _quiet_rooms(s)
    tok = {loc: [t for t in sorted(s.d["tokens"], key=lambda t: int(t[6:])) if s.d["tokens"][t]["loc"] == loc]
           for loc in s.d["spots"]}
    # the marketplace fell to the guild's four tokens; two marketplace tokens are all the bag holds; every
    # other spot but bazaar 2 and temple 4 is already damaged
    s.d["spots"]["marketplace"] = tok["guild"]
    s.d["spots"]["guild"] = tok["marketplace"][2:] + tok["shop"][:2]
    s.d["spots"]["shop"] = tok["shop"][2:] + tok["bazaar"][:2]
    s.d["spots"]["bazaar"] = [tok["bazaar"][2], None, tok["bazaar"][3], tok["temple"][0]]
    s.d["spots"]["temple"] = tok["temple"][1:] + [None]
    s.d["bag"] = tok["marketplace"][:2]
    assert "marketplace" in s.destroyed_locations() and not s.invariants(), s.invariants()
    s.d["army"]["x"] = 1
    _skip_to_end(s)
    dec = s.pending()
    assert dec.kind == "token_spot" and dec.args["loc"] == "marketplace"
    assert [a.target for a in s.legal_actions()] == ["spot:bazaar:2", "spot:temple:4"]
    act(s, "place_token", target="spot:temple:4")
    assert s.d["spots"]["temple"][3] == dec.args["token"] and s.d["spots"]["bazaar"][1] is None
    assert not s.invariants()


def test_the_guardian_reveal_token_is_placed_where_the_team_picks():
    s = new(players=1, guardian="ashmaw")          # Ashmaw's reveal draws a destruction token
    roll_fixed(s, {0: []})
    _quiet_rooms(s)
    _bag_only(s, "guild")
    s.d["threat"] = len(C.guardians["ashmaw"]["lair_track"]) - 1
    _skip_to_end(s)
    dec = s.pending()
    assert dec.kind == "token_spot" and dec.args["why"] == "reveal" and s.d["side"] == "guardian"
    assert s.d["turn"] == 1                          # the next turn waits for the spot
    assert [a.target for a in s.legal_actions()] == [f"spot:guild:{k}" for k in (1, 2, 3, 4)]
    act(s, "place_token", target="spot:guild:4")
    assert s.d["spots"]["guild"][3] == dec.args["token"]
    assert s.d["turn"] == 2 and s.d["phase"] in ("roll", "extra")
    assert not s.invariants()


def test_pledged_barricade_gold_cannot_be_spent_again():
    s = new(players=2)
    roll_fixed(s, {})
    act(s, "place", source="champion:0", target="spot:guild:1")
    act(s, "place", source="champion:1", target="spot:guild:2")
    set_hand(s, 0, ["shard", "shard", "shard"])          # 6 gold
    set_hand(s, 1, ["shard", "shard"])                   # 4 gold
    act(s, "fund", source="gold:0", target="barricade:guild")
    assert R.gold_of(s.d, C, 0) == 0                     # all 6 pledged: nothing left to buy with
    assert not any(a.kind in ("buy", "heal", "buy_gear", "shop") for a in s.legal_actions())
    act(s, "end_village", source="champion:0")
    act(s, "fund", source="gold:1", target="barricade:guild")
    assert s.d["barricades"]["guild"] is True
    assert s.d["p"][0]["gold_used"] == 6 and R.gold_of(s.d, C, 0) == 0
    assert s.d["p"][1]["gold_used"] == 4
    assert not s.invariants()


def test_joba_goes_alone_or_with_bree_and_never_with_spent_gold():
    s = new(players=2)
    roll_fixed(s, {})
    act(s, "place", source="champion:0", target="spot:marketplace:1")
    act(s, "place", source="champion:1", target="village")
    joba, bree, shard = set_hand(s, 0, ["joba", "bree", "shard"])   # gold 1 (Bree) + 2
    offers = {(a.kind, a.get("pair")) for a in s.legal_actions() if a.source == joba and a.target == "hero:1"}
    assert offers == {("lend", None), ("give", None), ("lend", True), ("give", True)}
    # spend 3 of the 3 gold: Bree's gold is gone, so Joba may still go, but only alone
    s.d["p"][0]["gold_used"] = 3
    offers = {(a.kind, a.get("pair")) for a in s.legal_actions() if a.source == joba and a.target == "hero:1"}
    assert offers == {("lend", None), ("give", None)}
    act(s, "give", source=joba, target="hero:1")
    assert bree in s.d["p"][0]["hand"] and joba in s.d["p"][1]["hand"]
    assert R.gold_of(s.d, C, 0) == 0 and not s.invariants()


def test_lending_the_pair_moves_both_cards():
    s = new(players=2)
    roll_fixed(s, {})
    act(s, "place", source="champion:0", target="spot:marketplace:1")
    act(s, "place", source="champion:1", target="village")
    joba, bree = set_hand(s, 0, ["joba", "bree"])
    act(s, "lend", source=joba, target="hero:1", pair=True)
    assert [c for c, _o in s.d["p"][1]["borrowed"]] == [joba, bree]
