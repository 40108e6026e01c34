"""Helpers that build Misfit Heroes positions for scenario tests (never used by the game itself).

    s = new(players=2, pairs={attr_id: char_id})    # a game whose deck pairs these halves
    h = hero(s, attr_id)                             # the hero id built on that attribute
    give_hand(s, 0, [h]); place(s, 0, 1, 1, other); set_coins(s, 0, 99); stack(s, top=[h2, h3])
    act(s, "hire", h, slot(0, 1, 2))

Every helper keeps the components conserved (cards are moved, influence comes from the supply).
"""
from __future__ import annotations

from typing import Callable

from gamecore.engine import Action, edits_state

from .content import content
from .state import INF, MisfitsState, slot_id


def find_attr(pred: Callable, skip: int = 0) -> str:
    """The id of the ``skip``-th attribute (in id order) for which ``pred(attribute)`` is true."""
    got = [a.id for a in sorted(content().attributes.values(), key=lambda a: a.id) if pred(a)]
    if len(got) <= skip:
        raise LookupError("no attribute matches")
    return got[skip]


def find_char(pred: Callable, skip: int = 0) -> str:
    got = [c.id for c in sorted(content().characters.values(), key=lambda c: c.id) if pred(c)]
    if len(got) <= skip:
        raise LookupError("no character matches")
    return got[skip]


def pairing_with(pairs: dict) -> list:
    """A full pairing where each ``attr: char`` of ``pairs`` holds; the rest paired in id order."""
    data = content()
    if len(set(pairs.values())) != len(pairs):
        raise ValueError("a character is used twice")
    free_chars = sorted(set(data.characters) - set(pairs.values()))
    out = []
    for a in sorted(data.attributes):
        out.append([a, pairs[a] if a in pairs else free_chars.pop(0)])
    return out


def new(players: int = 2, seed: int = 0, pairs: dict | None = None, start_seat: int = 0) -> MisfitsState:
    """A fresh game with seat ``start_seat`` to play (coins as the rules give them from that seat)."""
    s = MisfitsState.new(seed, players, {}, pairing=pairing_with(pairs or {}))
    if s.start_seat != start_seat:
        coins = [s.coins[(s.start_seat + k) % players] for k in range(players)]
        s.coins = [0] * players
        for k in range(players):
            s.coins[(start_seat + k) % players] = coins[k]
        s.start_seat = s.seat = start_seat
    return s


def hero(s: MisfitsState, attr_id: str) -> str:
    for a, c in s.pairing:
        if a == attr_id:
            return f"hero:{a}+{c}"
    raise LookupError(attr_id)


@edits_state
def take_out(s: MisfitsState, hid: str) -> None:
    """Remove a card from wherever it is (the caller puts it somewhere)."""
    for pile in [s.deck, s.discard, *s.hands]:
        if hid in pile:
            pile.remove(hid)
            return
    for t in s.tab:
        if hid in t:
            t[t.index(hid)] = None
            s.stunned.discard(hid)
            return
    raise LookupError(hid)


@edits_state
def stack(s: MisfitsState, deck: str = "heroes", top: list = ()) -> None:
    """Put ``top`` on the top of the deck: ``top[0]`` is drawn first."""
    for hid in top:
        take_out(s, hid)
    for hid in reversed(list(top)):
        s.deck.append(hid)


@edits_state
def give_hand(s: MisfitsState, seat: int, hids: list) -> None:
    """Make ``hids`` the seat's whole hand; the old hand goes to the bottom of the deck."""
    for hid in hids:
        take_out(s, hid)
    s.deck[:0] = s.hands[seat]
    s.hands[seat] = list(hids)


@edits_state
def place(s: MisfitsState, seat: int, row: int, col: int, hid: str, stunned: bool = False) -> None:
    take_out(s, hid)
    s.tab[seat][(row - 1) * 4 + (col - 1)] = hid
    if stunned:
        s.stunned.add(hid)


@edits_state
def set_coins(s: MisfitsState, seat: int, n: int) -> None:
    s.coins[seat] = n


@edits_state
def set_influence(s: MisfitsState, seat: int, forest: int = 0, sea: int = 0, mountain: int = 0) -> None:
    for k, n in enumerate((forest, sea, mountain)):
        s.supply[k] += s.inf[seat][k] - n
        s.inf[seat][k] = n
        if s.supply[k] < 0:
            raise ValueError(f"the supply has not enough {INF[k]} influence")


def slot(seat: int, row: int, col: int) -> str:
    return slot_id(seat, (row - 1) * 4 + (col - 1))


def act(s: MisfitsState, kind: str, source: str | None = None, target: str | None = None, **params):
    """Apply one action through the checked entry point; returns the events."""
    return s.apply(Action.make(kind, source, target, **params))


def kinds(s: MisfitsState) -> set:
    return {a.kind for a in s.legal_actions()}


# ---------------------------------------------------------------- finding cards by what they do

def char_doing(do: str, skip: int = 0, **fields) -> str:
    """A character whose activation is exactly one effect ``do`` with these fields."""
    def pred(c):
        if len(c.activation) != 1 or c.activation[0]["do"] != do:
            return False
        e = c.activation[0]
        return all(e.get(k) == v for k, v in fields.items())
    return find_char(pred, skip)


def attr_of(htype: str, skip: int = 0, **fields) -> str:
    """An attribute with hire box type ``htype``; ``fields`` match inside its condition/cost/scoring."""
    inner = {"condition": "condition", "extra": "cost", "score": "scoring"}.get(htype)

    def pred(a):
        if a.hire["type"] != htype:
            return False
        if htype == "bonus":
            fx = a.hire["effects"]
            return all(len(fx) == 1 and fx[0].get(k) == v for k, v in fields.items())
        box = a.hire.get(inner, {})
        return all((box.get(k) if k != "activations" else a.hire.get(k)) == v for k, v in fields.items())
    return find_attr(pred, skip)


def filler_attrs(n: int, exclude=()) -> list:
    """``n`` attributes with a ▲ condition (so they score nothing extra), for cards placed directly."""
    got = [a.id for a in sorted(content().attributes.values(), key=lambda a: a.id)
           if a.hire["type"] == "condition" and a.id not in exclude]
    return got[:n]
