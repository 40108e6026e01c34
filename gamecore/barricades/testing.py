"""Scenario helpers for Barricades tests: start a game past the board picks, stack hands and rooms,
jump to a phase, and drive decisions. They edit a fresh state's plain data the way a position in a
rulebook example would be set up; each helper keeps every card and token accounted for."""
from __future__ import annotations

import gamecore
from gamecore.engine import Action

from .state import BarricadesState


def new(players: int = 1, seed: int = 0, **options) -> BarricadesState:
    """A game whose seats have picked their prestige boards (seat i the i-th board still free)."""
    state = gamecore.start("barricades", seed=seed, players=players, **options)
    while state.pending().kind == "boards":
        state.apply(state.legal_actions()[0])
    return state


def add_card(state: BarricadesState, seat: int, key: str, zone: str = "hand") -> str:
    """A new card of kind ``key`` in ``zone`` (hand, deck, discard) of ``seat``; returns its id."""
    n = max(int(c.split(":")[1]) for c in state.d["cards"]) + 1
    cid = f"card:{n}"
    state.d["cards"][cid] = key
    state.d["p"][seat][zone].append(cid)
    state.changed()         # the next apply lists the actions afresh (and drops what was derived)
    return cid


def set_hand(state: BarricadesState, seat: int, keys: list[str]) -> list[str]:
    """Move the current hand to the discard pile and give ``seat`` exactly these cards."""
    p = state.d["p"][seat]
    p["discard"] += p["hand"]
    p["hand"] = []
    state.changed()
    return [add_card(state, seat, k) for k in keys]


def set_monster(state: BarricadesState, room: str, key: str | None) -> None:
    """Put a monster of kind ``key`` in ``room`` (the one there goes back under its level deck)."""
    d = state.d
    old = d["rooms"][room]
    if old is not None:
        d["levels"][str(state.card(old)["level"])].insert(0, old)
    state.changed()
    if key is None:
        d["rooms"][room] = None
        return
    n = max(int(c.split(":")[1]) for c in d["cards"]) + 1
    cid = f"card:{n}"
    d["cards"][cid] = key
    d["rooms"][room] = cid


def act(state: BarricadesState, kind: str, source: str | None = None, target: str | None = None, **params):
    """Apply the legal action of that kind (and source/target/params when given); fails loudly if none."""
    for a in state.legal_actions():
        if a.kind == kind and (source is None or a.source == source) and (target is None or a.target == target) \
                and all(a.get(k) == v for k, v in params.items()):
            return state.apply(a)
    raise AssertionError(f"no legal {kind} {source} {target} {params}; legal: {[str(a) for a in state.legal_actions()]}")


def first_until(state: BarricadesState, kind: str, prefer=("end_village", "ready", "leave", "done", "alone", "skip")) -> None:
    """Take simple choices (the first of ``prefer`` that is legal, else the first action) until a
    decision of ``kind`` is pending."""
    for _ in range(5000):
        if state.is_over() or state.pending().kind == kind:
            return
        legal = state.legal_actions()
        pick = next((a for p in prefer for a in legal if a.kind == p), legal[0])
        state.apply(pick)
    raise AssertionError(f"never reached {kind}")


def roll_fixed(state: BarricadesState, faces_by_seat: dict[int, list[str]]) -> None:
    """Skip the rolls: every seat's dice show the given faces, ready to be resolved."""
    d = state.d
    assert d["phase"] == "roll", d["phase"]
    d["dice"] = [[{"face": f, "done": False} for f in faces_by_seat.get(s, [])] for s in range(state.players)]
    d["phase"] = "resolve"
    d["queue"] = [s for s in range(state.players) if d["dice"][s]]
    if not d["queue"]:
        d["phase"] = "place"
        d["queue"] = list(range(state.players))
    state.changed()


__all__ = ["new", "add_card", "set_hand", "set_monster", "act", "first_until", "roll_fixed", "Action"]
