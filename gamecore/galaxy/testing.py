"""Helpers that build Galaxy Hunters positions for scenario tests (never used by the game itself).

    s = new(players=2, mechs=["bulwark", "wisp"], pilots=["rook", "nyx"])   # drafted, seat 0 to play round 1
    give_tile(s, 0, "autocannon"); set_res(s, 0, cr=9, alloy=2); put_uran(s, 0, "skitter")
    stack_pile(s, ["gloop", ("brute", True)])      # the next tiles drawn: a Gloop, then a red-backed Brute
    act(s, "place_mech", "mech:0", "uran:0"); act(s, "fire", "slot:0:0", s.uran[0])

Every helper keeps the components conserved (tiles come from the market or the pile, cards from
their decks), so the invariants still hold.
"""
from __future__ import annotations

from gamecore.engine import Action, edits_state

from .content import content
from .state import GalaxyState, _mutant_table


def new(players: int = 2, seed: int = 0, mechs=None, pilots=None, order=None) -> GalaxyState:
    """A game whose draft is done: seat i has ``mechs[i]``/``pilots[i]``; round 1 in ``order`` (default 0, 1, ...)."""
    s = GalaxyState.new(seed, players, {})
    order = list(order if order is not None else range(players))
    credits = content().setup["start_credits"]
    s.order = order
    for k, seat in enumerate(order):
        s.p[seat]["cr"] = credits[k]
        s.p[seat]["arr"] = k + 1
    s.seat = order[0]
    mechs = mechs or sorted(content().mechs)[:players]
    pilots = pilots or sorted(content().pilots)[:players]
    for seat in order:
        act(s, "pick_mech", f"mechtile:{mechs[seat]}", f"seat:{seat}")
    for seat in reversed(order):
        act(s, "pick_pilot", f"pilot:{pilots[seat]}", f"seat:{seat}")
    return s


def act(s: GalaxyState, kind: str, source=None, target=None, **params):
    """Apply a legal action (raises IllegalAction if it is not legal)."""
    return s.apply(Action.make(kind, source, target, **params))


def legal(s: GalaxyState, kind: str | None = None, source=None, target=None) -> list:
    return [a for a in s.legal_actions() if (kind is None or a.kind == kind) and (source is None or a.source == source)
            and (target is None or a.target == target)]


@edits_state
def set_res(s: GalaxyState, seat: int, **amounts) -> None:
    """Set credits (``cr``), resources, ``rad``, ``hull``, ``debt`` or ``rep`` of a seat."""
    p = s.p[seat]
    for k, v in amounts.items():
        if k in p["res"]:
            p["res"][k] = v
        else:
            p[k] = v


@edits_state
def set_dna(s: GalaxyState, seat: int, **dna) -> None:
    s.p[seat]["dna"].update(dna)


@edits_state
def set_cubes(s: GalaxyState, seat: int, **cubes) -> None:
    s.p[seat]["cubes"].update(cubes)


@edits_state
def give_tile(s: GalaxyState, seat: int, kind: str) -> str:
    """Move one ``kind`` tile from the market onto the seat's mech (its squares arrive full)."""
    tid = s.market[kind].pop()
    s.p[seat]["tiles"].append(tid)
    tile = content().tiles[kind]
    for c, n in tile.get("adds", {}).items():
        s.p[seat]["cubes"][c] += n
    if tile.get("kind") == "ship":
        s.p[seat]["ships"] += 1
        s.p[seat]["home"] += 1
    return tid


def _take_mutant(s: GalaxyState, species: str, red: bool | None = None) -> str:
    """Remove a tile of ``species`` (and back) from the pile (or discard) and return it."""
    table = _mutant_table()
    for where in (s.pile, s.mdiscard):
        for i in range(len(where) - 1, -1, -1):
            sp, is_red = table[where[i]]
            if sp == species and (red is None or is_red == red):
                return where.pop(i)
    raise LookupError(f"no {species} tile (red={red}) left in the pile")


@edits_state
def stack_pile(s: GalaxyState, top: list) -> None:
    """Put tiles on top of the pile: the first listed is drawn first. Items: species or (species, red)."""
    for item in reversed(top):
        species, red = item if isinstance(item, tuple) else (item, False)
        s.pile.append(_take_mutant(s, species, red))


@edits_state
def put_uran(s: GalaxyState, spot: int, species: str, red: bool = False) -> str:
    """Swap the mutant on a Uran spot for one of ``species`` from the pile (the old one goes into the pile)."""
    tile = _take_mutant(s, species, red)
    old = s.uran[spot]
    if old is not None:
        s.pile.insert(0, old)
    s.uran[spot] = tile
    return tile


@edits_state
def invade(s: GalaxyState, planet: str, species: str) -> str:
    """Put a mutant of ``species`` from the pile on ``planet`` as its invader."""
    tile = _take_mutant(s, species)
    s.invaded[planet] = tile
    return tile


@edits_state
def give_card(s: GalaxyState, seat: int, card: str) -> str:
    """Give a seat a specialist ('spec:<id>'), pilot upgrade ('pupg:<kind>') or mission ('mission:<id>')."""
    if card.startswith("spec:"):
        pools, own = (s.sdeck, s.sdisplay, s.sdisc), "specs"
    elif card.startswith("pupg:"):
        pools, own = (s.udeck, s.udisplay, s.udisc), "pupgs"
    else:
        pools, own = (s.mdeck, s.mdisplay, s.mdisc), "missions"
    for pool in pools:
        for i, c in enumerate(pool):
            if c == card or (card.startswith("pupg:") and c.startswith(card + ":")):
                got = pool.pop(i)
                s.p[seat][own].append(got)
                return got
    for other in s.p:
        if card in other[own]:
            other[own].remove(card)
            s.p[seat][own].append(card)
            return card
    raise LookupError(f"{card} is not in any deck or display")


@edits_state
def display(s: GalaxyState, card: str, index: int = 0) -> str:
    """Put a card on its display (swapping it with the card shown there, which goes back to the deck)."""
    if card.startswith("spec:"):
        deck, disp = s.sdeck, s.sdisplay
    elif card.startswith("pupg:"):
        deck, disp = s.udeck, s.udisplay
    else:
        deck, disp = s.mdeck, s.mdisplay
    if card in disp:
        return card
    for i, c in enumerate(deck):
        if c == card or (card.startswith("pupg:") and c.startswith(card + ":")):
            got = deck.pop(i)
            deck.insert(0, disp[index])
            disp[index] = got
            return got
    raise LookupError(f"{card} is not in its deck")


@edits_state
def turn(s: GalaxyState, seat: int) -> None:
    """Make it ``seat``'s turn in the action phase (no main action taken yet)."""
    s.phase = "play"
    s.stack = []
    s.main_done = False
    s.seat = seat
    s.turn_i = s.order.index(seat)


@edits_state
def finish_turns(s: GalaxyState) -> None:
    """Play the rest of the current action phase by always taking the first legal action (testing only)."""
    start = s.round
    while s.phase == "play" and s.round == start:
        s.apply(s.legal_actions()[0])
