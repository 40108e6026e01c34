"""Final scoring (every category of the rules digest §1.7) and the tie-breaks."""
from __future__ import annotations

from collections import Counter

from .abilities import kind_of
from .content import content

CATEGORIES = ("tiles", "blueprint", "prestige", "missions", "reputation", "pilot_upgrades", "specialists", "dna",
              "radiation", "hull", "debt")


def icons(p: dict) -> Counter:
    data = content()
    got = Counter()
    for t in p["tiles"]:
        icon = data.tiles[kind_of(t)].get("icon")
        if icon:
            got[icon] += 1
    return got


_BP: dict[tuple, int] = {}


def blueprint_missing(p: dict) -> int:
    """How many of the pilot's 6 blueprint icons the mech's tiles do not cover yet."""
    if p["pilot"] is None:
        return 6
    key = (p["pilot"], tuple(sorted(kind_of(t) for t in p["tiles"])))
    got = _BP.get(key)
    if got is None:
        need = Counter(content().pilots[p["pilot"]]["blueprint"])
        have = icons(p)
        got = sum(max(0, n - have[i]) for i, n in need.items())
        if len(_BP) > 20000:
            _BP.clear()
        _BP[key] = got
    return got


def breakdown(state, seat: int) -> dict:
    data = content()
    st = data.setup
    p = state.p[seat]
    tiles = prestige = 0
    for t in p["tiles"]:
        tile = data.tiles[kind_of(t)]
        if tile["section"] == "prestige" and tile["kind"] in ("medal", "merchant"):
            prestige += tile["vp"]
        else:
            tiles += 1
    pen = st["penalty"]
    return {
        "tiles": tiles,
        "blueprint": st["blueprint_bonus"] if p["pilot"] is not None and blueprint_missing(p) == 0 else 0,
        "prestige": prestige,
        "missions": sum(data.missions[m.split(":", 1)[1]]["vp"] for m in p["done"]),
        "reputation": st["rep_vp"][p["rep"]],
        "pilot_upgrades": len(p["pupgs"]),
        "specialists": len(p["specs"]),
        "dna": sum(p["dna"].values()) * st["dna_points"],
        "radiation": -pen * p["rad"],
        "hull": -pen * p["hull"],
        "debt": -pen * p["debt"],
    }


def tie_key(state, seat: int) -> tuple:
    """Higher is better: furthest on the rep track, then fewest hull damage, debt and radiation (R16)."""
    p = state.p[seat]
    return (p["rep"], -p["hull"], -p["debt"], -p["rad"])


def winners(state, scores: dict) -> list:
    best = max(scores.values())
    tied = [s for s in sorted(scores) if scores[s] == best]
    if len(tied) > 1:
        top = max(tie_key(state, s) for s in tied)
        tied = [s for s in tied if tie_key(state, s) == top]
    return tied
