"""Abilities: what a seat's live pilot abilities, pilot upgrades and hired specialists do.

Passive modifiers (discounts, attack bonus, strike reduction...) are summed with :func:`hook_n`.
Triggered abilities (after a kill, after a combat, when an opponent buys a mission...) subscribe to
rule topics through the engine's Dispatcher: :func:`subscriptions` derives the plain-data list of
``(topic, handler name, owner seat)`` from the state, and ``HANDLERS`` does the work.
"""
from __future__ import annotations

from gamecore.engine import Dispatcher, Event

from .content import content

_ABIL_CACHE: dict[tuple, tuple] = {}

# topic each triggered hook listens to
TRIGGERED = {
    "after_combat_cube": "combat_end",
    "after_combat_resource": "combat_end",
    "mech_planet_cr": "mech_planet",
    "opponent_mission_cr": "mission_bought",
    "opponent_kill_cr": "kill",
    "opponent_hire_cr": "hired",
}


def abilities(p: dict) -> tuple:
    """Every ability dict in force for a player dict: the 2 live pilot abilities, pilot upgrades, specialists."""
    key = (p["pilot"], p["mech"], tuple(p["pupgs"]), tuple(p["specs"]))
    got = _ABIL_CACHE.get(key)
    if got is None:
        data = content()
        out = []
        if p["pilot"] and p["mech"]:
            pilot = data.pilots[p["pilot"]]
            for i in data.mechs[p["mech"]]["live"]:
                out.append(pilot["abilities"][i - 1])
        for u in p["pupgs"]:
            out.append(data.pilot_upgrades[kind_of(u)]["ability"])
        for s in p["specs"]:
            spec = data.specialists[s.split(":", 1)[1]]
            if "ability" in spec:
                out.append(spec["ability"])
        got = tuple(out)
        if len(_ABIL_CACHE) > 4096:
            _ABIL_CACHE.clear()
        _ABIL_CACHE[key] = got
    return got


_KIND: dict[str, str] = {}


def kind_of(instance_id: str) -> str:
    """'tile:autocannon:2' / 'pupg:shock_gel:1' -> the kind id."""
    got = _KIND.get(instance_id)
    if got is None:
        got = _KIND[instance_id] = instance_id.split(":")[1]
    return got


_HOOK_N: dict[tuple, int] = {}


def hook_n(p: dict, hook: str, section: str | None = None) -> int:
    """Sum of ``n`` over the abilities with this hook (a sectioned ability counts only for its section).

    Memoised on what decides the abilities in force (pilot, mech, pilot upgrades, specialists)."""
    key = (p["pilot"], p["mech"], tuple(p["pupgs"]), tuple(p["specs"]), hook, section)
    got = _HOOK_N.get(key)
    if got is None:
        got = 0
        for a in abilities(p):
            if a["hook"] == hook and (a.get("section") is None or a.get("section") == section):
                got += a["n"]
        if len(_HOOK_N) > 20000:
            _HOOK_N.clear()
        _HOOK_N[key] = got
    return got


_HOOKS: dict[tuple, tuple] = {}


def hooks(p: dict, hook: str) -> tuple:
    """The abilities in force with this hook (memoised like hook_n; read-only)."""
    key = (p["pilot"], p["mech"], tuple(p["pupgs"]), tuple(p["specs"]), hook)
    got = _HOOKS.get(key)
    if got is None:
        got = tuple(a for a in abilities(p) if a["hook"] == hook)
        if len(_HOOKS) > 20000:
            _HOOKS.clear()
        _HOOKS[key] = got
    return got


_SUBS: dict[tuple, tuple] = {}


def subscriptions(state) -> list:
    """The state's (topic, handler, owner seat) list, memoised on what decides every seat's abilities."""
    key = tuple((p["pilot"], p["mech"], tuple(p["pupgs"]), tuple(p["specs"])) for p in state.p)
    got = _SUBS.get(key)
    if got is None:
        subs = []
        for seat, p in enumerate(state.p):
            for a in abilities(p):
                topic = TRIGGERED.get(a["hook"])
                if topic:
                    subs.append((topic, a["hook"], seat))
        got = tuple(subs)
        if len(_SUBS) > 4096:
            _SUBS.clear()
        _SUBS[key] = got
    return list(got)


def _cr(state, owner: int, n: int, key: str, **params) -> list:
    state.p[owner]["cr"] += n
    return [state.ev("gain", key, seat=owner, n=n, **params)]


def _after_combat_cube(state, owner, seat, **_):
    if owner != seat:
        return []
    p = state.p[seat]
    cap = state.capacity(seat)
    # the cube whose square is most empty comes back (ammo first on a tie): a fixed reading, no choice asked
    best = None
    for cube in ("ammo", "energy"):
        gap = cap[cube] - p["cubes"][cube]
        if gap > 0 and (best is None or gap > best[1]):
            best = (cube, gap)
    if best is None:
        return []
    p["cubes"][best[0]] += 1
    return [state.ev("cubes", "galaxy.log.recycled", seat=seat, cube=f"$galaxy.cube.{best[0]}")]


def _after_combat_resource(state, owner, seat, **_):
    if owner != seat:
        return []
    p = state.p[seat]
    out = []
    for a in hooks(p, "after_combat_resource"):
        # the scarcer of the choices (first listed on a tie)
        what = min(a["choices"], key=lambda r: (p["res"][r], a["choices"].index(r)))
        got = state.gain_resource(seat, what, a["n"])
        out.append(state.ev("gain", "galaxy.log.salvage", seat=seat, n=got, what=f"$galaxy.res.{what}"))
    return out


def _mech_planet_cr(state, owner, seat, **_):
    if owner != seat:
        return []
    return _cr(state, owner, hook_n(state.p[owner], "mech_planet_cr"), "galaxy.log.test_pilot")


def _opponent_mission_cr(state, owner, seat, **_):
    if owner == seat:
        return []
    return _cr(state, owner, hook_n(state.p[owner], "opponent_mission_cr"), "galaxy.log.informant", other=seat)


def _opponent_hire_cr(state, owner, seat, **_):
    if owner == seat:
        return []
    return _cr(state, owner, hook_n(state.p[owner], "opponent_hire_cr"), "galaxy.log.auctioneer", other=seat)


def _opponent_kill_cr(state, owner, seat, **_):
    if owner == seat:
        return []
    p = state.p[owner]
    limit = sum(a["max_per_round"] for a in hooks(p, "opponent_kill_cr"))
    if p["scav"] >= limit:
        return []
    p["scav"] += 1
    return _cr(state, owner, 1, "galaxy.log.scavenger", other=seat)


HANDLERS = {
    "after_combat_cube": _after_combat_cube,
    "after_combat_resource": _after_combat_resource,
    "mech_planet_cr": _mech_planet_cr,
    "opponent_mission_cr": _opponent_mission_cr,
    "opponent_kill_cr": _opponent_kill_cr,
    "opponent_hire_cr": _opponent_hire_cr,
}

DISPATCHER = Dispatcher(HANDLERS)


def emit(state, topic: str, **payload) -> list[Event]:
    subs = subscriptions(state)
    for sub_topic, _name, _owner in subs:
        if sub_topic == topic:
            return DISPATCHER.emit(state, topic, subs, **payload)
    return []                               # nobody listens: the same empty answer, without the dispatch
