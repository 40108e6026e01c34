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
    kills = p["kills"]
    if state.seat == seat and state.stack:
        # a fight in progress always ends in a kill (R8): count it already
        kills = kills + [f["mutant"] for f in state.stack if f["t"] == "combat"]
    for tile in kills:
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


LOOK_FRAMES = frozenset({"option", "buy_tile", "pilot_upgrade", "hire", "repair", "combat", "take_mission",
                         "take_resource"})
CARD_FUNCTION = 1.5    # what a specialist's or pilot upgrade's ability is worth beyond its VP


def _look_through(state, seat: int, fn, depth: int = 4) -> float:
    """The value after the seat's own pending sub-decisions are taken greedily (a fight is judged with its
    kill, a trip to the Forge by the tile it buys), so a greedy bot sees what a placement leads to. One path
    is followed (the best child at each step), so the cost is the sum of the choices, not their product."""
    while depth > 0 and state.phase != "over" and state.stack and state.seat == seat \
            and state.stack[-1]["t"] in LOOK_FRAMES:
        best, best_v = None, None
        for action in state.legal_actions():
            child = state.clone()
            child.quiet = True      # a search copy: its events are never read (gamecore.engine.GameState.quiet)
            child.apply_unchecked(action)
            v = fn(child, seat)
            if best_v is None or v > best_v:
                best, best_v = child, v
        if best is None:
            break
        state = best
        depth -= 1
    return fn(state, seat)


def _res_value(p: dict, scale: float = 1.0) -> float:
    """Credits and resources; a resource beyond 3 of a kind is worth little (the tracker stops at 9)."""
    v = CR_W * p["cr"]
    for r, n in p["res"].items():
        v += RES_W[r] * min(n, 3) + 0.15 * max(0, n - 3)
    return v * scale


def _missions_held(p: dict, dna: Counter, weight: float) -> float:
    """§3's mission rule: a held mission is worth its VP less 2 per DNA still missing (never below 0)."""
    have = Counter(p["dna"]) + dna
    v = 0.0
    for m in p["missions"]:
        mm = content().missions[m.split(":", 1)[1]]
        missing = sum(max(0, n - have[k]) for k, n in mm["dna"].items())
        v += max(0.0, mm["vp"] - 2 * missing) * weight
    return v


def evaluate_simple(state, seat: int) -> float:
    return _look_through(state, seat, _simple)


def _simple(state, seat: int) -> float:
    p = state.p[seat]
    v = float(sum(breakdown(state, seat).values()))
    v += _res_value(p)
    v += CARD_FUNCTION * (len(p["pupgs"]) + len(p["specs"]))
    v += CUBE_W * sum(p["cubes"].values())
    reward, dna = _pending_rewards(state, seat)
    v += reward + sum(dna.values())
    v += 1.5 * _dna_fill(p, dna)
    v += _missions_held(p, dna, 0.5)
    v += 2.0 * (6 - blueprint_missing(p)) if p["pilot"] else 0.0
    v += 2.0 * min(2, len(state.weapons(seat)))
    v -= 0.7 * _upkeep_short(state, seat)
    return v


_POT: dict[tuple, float] = {}


def _key(state, seat: int):
    """Everything ``potential`` reads, as a hashable key (None when a fight of this seat is under way)."""
    if state.seat == seat and any(f["t"] == "combat" for f in state.stack):
        return None
    p = state.p[seat]
    return (state.round, p["mech"], p["pilot"], p["cr"], tuple(p["res"].values()), tuple(p["dna"].values()), p["rad"],
            p["hull"], p["debt"], p["rep"], tuple(p["cubes"].values()), tuple(p["tiles"]), tuple(p["pupgs"]),
            tuple(p["specs"]), tuple(p["missions"]), tuple(p["done"]), p["ships"], tuple(p["kills"]),
            tuple(p["kills_inv"]))


def potential(state, seat: int) -> float:
    key = _key(state, seat)
    if key is not None:
        got = _POT.get(key)
        if got is None:
            got = _potential(state, seat)
            if len(_POT) > 200000:
                _POT.clear()
            _POT[key] = got
        return got
    return _potential(state, seat)


def _potential(state, seat: int) -> float:
    p = state.p[seat]
    st = content().setup
    left = max(0, st["rounds"] - state.round)             # whole rounds still to play after this one
    late = 1.0 if left >= 2 else 0.6 if left == 1 else 0.25
    v = float(sum(breakdown(state, seat).values()))
    v += _res_value(p, late)
    v += CARD_FUNCTION * (len(p["pupgs"]) + len(p["specs"])) * (left / st["rounds"])
    v += late * CUBE_W * sum(p["cubes"].values())
    reward, dna = _pending_rewards(state, seat)
    v += reward + sum(dna.values())
    # missions: the VP of held missions scaled by the DNA already in hand
    have = Counter(p["dna"]) + dna
    for m in p["missions"]:
        mm = content().missions[m.split(":", 1)[1]]
        need = sum(mm["dna"].values())
        got = sum(min(have[k], n) for k, n in mm["dna"].items())
        v += max(mm["vp"] * (got / need) * (0.8 if left else 0.3),
                 (mm["vp"] - 2 * (need - got)) * 0.5 if left >= 2 else 0.0)
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
    v -= 2.0 * _upkeep_short(state, seat)
    return v


def evaluate(state, seat: int) -> float:
    return _look_through(state, seat, _relative)


def _relative(state, seat: int) -> float:
    if state.phase == "over":
        res = state.result()
        me = res.scores[seat]
        other = max(v for s, v in res.scores.items() if s != seat)
        bonus = 1000.0 if seat in res.winners and len(res.winners) == 1 else 300.0 if seat in res.winners else -1000.0
        return bonus + me - other
    mine = potential(state, seat)
    others = max(potential(state, s) for s in range(state.players) if s != seat)
    return mine - others
