"""Heuristic values of positions for the bots, in VP-equivalents (higher is better).

``evaluate_simple`` is the research digest §3's immediate value: the score now, plus credits and
resources, cubes, kill rewards waiting for maintenance, rep toward the next ☆, DNA that fills a held
mission, tiles that cover an open blueprint icon, and from round 4 the credits short of upkeep.
``evaluate`` adds the longer view (economy by rounds left, blueprint and mission progress, fighting
readiness, upkeep risk) and is relative: the seat's potential minus the best opponent's.
"""
from __future__ import annotations

from collections import Counter

from .abilities import hook_n
from .content import CUBES, content
from .scoring import blueprint_missing, breakdown

RES_W = {"alloy": 0.6, "fuel": 0.6, "crystal": 0.6, "circuit": 0.6, "isotope": 0.8, "favour": 0.8}
CR_W = 0.6
CUBE_W = 0.3


def _rep_value(rep: int, extra: int) -> float:
    st = content().setup
    new = min(st["rep_max"], rep + extra)
    gain = st["rep_vp"][new] - st["rep_vp"][rep]
    nxt = next((r for r in (4, 8, 12) if r > new), None)
    return gain + (0.3 * (new - rep) if nxt is not None else 0.0)


def _pending_rewards(state, seat: int) -> tuple:
    """(VP-equivalent, DNA by type) of the kills waiting for M2."""
    p = state.p[seat]
    rep = 0
    cr = 0
    dna = Counter()
    for tile in p["kills"]:
        sp = state.species_of(tile)
        rep += sp["reward"]["rep"] + (hook_n(p, "invader_rep") if tile in p["kills_inv"] else 0)
        cr += sp["reward"]["cr"] + hook_n(p, "kill_cr")
        dna[sp["dna"]] += sp["reward"]["dna"]
    return _rep_value(p["rep"], rep) + CR_W * cr, dna


def _dna_fill(p: dict, extra: Counter) -> float:
    """DNA counting toward held missions (each such DNA is worth 1.5 more than its end-game point)."""
    need = Counter()
    for m in p["missions"]:
        for k, n in content().missions[m.split(":", 1)[1]]["dna"].items():
            need[k] += n
    have = Counter(p["dna"]) + extra
    return sum(min(have[k], n) for k, n in need.items())


def _upkeep_short(state, seat: int) -> int:
    st = content().setup
    coming = [r for r in st["upkeep_rounds"] if r >= state.round]
    if not coming or state.round < 4:
        return 0
    ships, per, off = state.upkeep_due(seat)
    if state.round < st["third_ship_round"]:
        ships += 1
    return max(0, ships * per - off - state.p[seat]["cr"])


def evaluate_simple(state, seat: int) -> float:
    p = state.p[seat]
    v = float(sum(breakdown(state, seat).values()))
    v += CR_W * p["cr"] + sum(RES_W[r] * n for r, n in p["res"].items())
    v += CUBE_W * sum(p["cubes"].values())
    reward, dna = _pending_rewards(state, seat)
    v += reward + sum(dna.values())
    v += 1.5 * _dna_fill(p, dna)
    v += 2.0 * (6 - blueprint_missing(p)) if p["pilot"] else 0.0
    v += 2.0 * min(2, len(state.weapons(seat)))
    v -= 0.7 * _upkeep_short(state, seat)
    return v


def potential(state, seat: int) -> float:
    p = state.p[seat]
    st = content().setup
    left = max(0, st["rounds"] - state.round)             # whole rounds still to play after this one
    late = 1.0 if left >= 2 else 0.6 if left == 1 else 0.25
    v = float(sum(breakdown(state, seat).values()))
    v += late * (CR_W * p["cr"] + sum(RES_W[r] * n for r, n in p["res"].items()))
    v += late * CUBE_W * sum(p["cubes"].values())
    reward, dna = _pending_rewards(state, seat)
    v += reward + sum(dna.values())
    # missions: the VP of held missions scaled by the DNA already in hand
    have = Counter(p["dna"]) + dna
    for m in p["missions"]:
        mm = content().missions[m.split(":", 1)[1]]
        need = sum(mm["dna"].values())
        got = sum(min(have[k], n) for k, n in mm["dna"].items())
        v += mm["vp"] * (got / need) * (0.8 if left else 0.3)
    # blueprint progress: the +7 is worth chasing while there is time
    if p["pilot"]:
        missing = blueprint_missing(p)
        v += (6 - missing) * (1.2 if left >= 2 else 0.4) + (7 * 0.5 if missing <= 1 and left >= 1 else 0.0)
    # fighting readiness: a mech that can take a mutant is worth more hunts
    if left and p["mech"]:
        ws = state.weapons(seat)
        v += 1.5 * min(2, len(ws)) * (left / st["rounds"]) * 3
        cap = state.capacity(seat)
        v += 0.2 * sum(cap[c] for c in CUBES) * (left / st["rounds"])
    v += 2.0 * p["ships"] * (left / st["rounds"])
    v -= 1.0 * _upkeep_short(state, seat)
    return v


def evaluate(state, seat: int) -> float:
    if state.phase == "over":
        res = state.result()
        me = res.scores[seat]
        other = max(v for s, v in res.scores.items() if s != seat)
        bonus = 1000.0 if seat in res.winners and len(res.winners) == 1 else 300.0 if seat in res.winners else -1000.0
        return bonus + me - other
    mine = potential(state, seat)
    others = max(potential(state, s) for s in range(state.players) if s != seat)
    return mine - others
