"""Helpers for scenario tests: build positions by stacking decks and placing figures by id.

    s = testing.new_game(players=5)
    testing.clear_board(s); testing.skip_to_actions(s)
    testing.put_fs(s, "juice_bar", "putty", 2)
    testing.stack(s, "edeck:putty", ["enemy:putty:0", "enemy:putty:3"])
    testing.set_hand(s, 0, ["card:red:9"])
    testing.act(s, "battle", "ranger:red", "loc:juice_bar")
"""
from __future__ import annotations

import gamecore
from gamecore.engine import Action, edits_state

from .state import CC, RangersState


def new_game(players=5, seed=1, opening=True, **options) -> RangersState:
    """A new game; with ``opening`` every seat has drawn its full opening hand (the classic opening)."""
    s = gamecore.start("rangers", seed=seed, players=players, **options)
    if opening:
        draw_openings(s)
    return s


def draw_openings(game) -> list:
    """Every seat draws a full opening hand (rulebook setup step 3, the classic choice). ``game``: a
    state, or a Session (its actions are then recorded as the person's)."""
    s = getattr(game, "state", game)
    events = []
    while s.d["stack"] and s.d["stack"][-1]["t"] == "opening_draw":
        legal = s.legal_actions()
        pick = next((a for a in legal if a.kind == "draw_team"), None) \
            or next((a for a in legal if a.kind == "draw_up"), None) \
            or next((a for a in legal if a.kind == "draw"), None) or legal[-1]
        events += game.apply(pick) or []
    return events


def _seat_of_deck(s, deck):
    kind, _, who = deck.partition(":")
    if kind == "deck" and who.isdigit():
        return int(who)
    if kind == "ranger":
        return s.d["rseat"][who]
    return None


@edits_state
def stack(s: RangersState, deck: str, top: list[str]) -> None:
    """Put the cards ``top`` (in order, first = top) on top of ``deck``.

    deck: "deck:<seat>" or "ranger:<id>" (a seat's combat deck; cards may come from its hand or
    discard too), "edeck:<foe>", "deployment", "zords".
    """
    d = s.d
    before = len(d["deploy"])
    seat = _seat_of_deck(s, deck)
    if seat is not None:
        st = d["seats"][seat]
        for c in top:
            for pile in (st["deck"], st["hand"], st["discard"]):
                if c in pile:
                    pile.remove(c)
                    break
            else:
                raise KeyError(f"{c} is not one of seat {seat}'s cards")
        st["deck"][:0] = list(top)
        return
    if deck.startswith("edeck:"):
        pile = d["edeck"][deck.split(":", 1)[1]]
    elif deck == "deployment":
        pile = d["deploy"]
        for c in top:
            for other in (d["deploy_discard"], d["deploy_removed"], d["deploy_unused"]):
                if c in other:
                    other.remove(c)
                    pile.append(c)
    elif deck == "zords":
        pile = d["zdeck"]
    else:
        raise KeyError(deck)
    for c in top:
        pile.remove(c)
    pile[:0] = list(top)
    if deck == "deployment" and len(pile) != before:   # cards fetched from elsewhere join the top pile
        if d["deploy_seg"]:
            d["deploy_seg"][0][0] += len(pile) - before
        else:
            d["deploy_seg"].append([len(pile), "piles"])


@edits_state
def set_hand(s: RangersState, seat: int, cards: list[str]) -> None:
    """Make the seat's hand exactly ``cards``; other hand cards go to the bottom of its deck."""
    st = s.d["seats"][seat]
    for c in list(st["hand"]):
        if c not in cards:
            st["hand"].remove(c)
            st["deck"].append(c)
    for c in cards:
        if c in st["hand"]:
            continue
        for pile in (st["deck"], st["discard"]):
            if c in pile:
                pile.remove(c)
                break
        else:
            raise KeyError(c)
        st["hand"].append(c)


@edits_state
def set_discard(s: RangersState, seat: int, cards: list[str]) -> None:
    st = s.d["seats"][seat]
    for c in cards:
        for pile in (st["deck"], st["hand"]):
            if c in pile:
                pile.remove(c)
                break
        st["discard"].append(c)


@edits_state
def clear_board(s: RangersState) -> None:
    """Every enemy figure back to the supply, no panic, the experience track empty."""
    d = s.d
    for lid, L in d["locs"].items():
        for t in L["fs"]:
            d["fs_supply"][t] += L["fs"][t]
            L["fs"][t] = 0
        for foe in L["big"]:
            d["big_loc"][foe] = None
        L["big"] = []
        if L["panic"]:
            L["panic"] = False
            d["panic_supply"] += 1
    for t in d["xp"]:
        d["fs_supply"][t] += d["xp"][t]
        d["xp"][t] = 0


@edits_state
def put_fs(s: RangersState, loc: str, ftype: str, n: int = 1) -> None:
    d = s.d
    assert d["fs_supply"][ftype] >= n
    d["fs_supply"][ftype] -= n
    d["locs"][loc]["fs"][ftype] += n


def _take_out(d: dict, pile: list, card: str) -> None:
    """Remove ``card`` from ``pile`` (keeping the deployment deck's pile boundaries in step) and put it
    with the removed deployment cards."""
    if pile is d["deploy"]:
        at = pile.index(card)
        for seg in d["deploy_seg"]:
            if at < seg[0]:
                seg[0] -= 1
                break
            at -= seg[0]
        d["deploy_seg"][:] = [seg for seg in d["deploy_seg"] if seg[0] > 0]
    pile.remove(card)
    d["deploy_removed"].append(card)


@edits_state
def put_big(s: RangersState, foe: str, loc: str) -> None:
    d = s.d
    dep = f"deploy:{foe}"
    for pile in (d["deploy"], d["deploy_unused"]):
        if dep in pile:
            _take_out(d, pile, dep)
    d["locs"][loc]["big"].append(foe)
    d["big_loc"][foe] = loc


@edits_state
def move_rangers(s: RangersState, loc: str, rangers=None) -> None:
    for r in rangers or list(s.d["rloc"]):
        s.d["rloc"][r] = loc


@edits_state
def set_panic(s: RangersState, loc: str, on: bool = True) -> None:
    L = s.d["locs"][loc]
    if L["panic"] != on:
        L["panic"] = on
        s.d["panic_supply"] += -1 if on else 1


@edits_state
def skip_to_actions(s: RangersState) -> None:
    """Drop the pending deployment: the team is in the action phase of the current round."""
    s.d["stack"] = [{"t": "round"}, {"t": "round_end"}, {"t": "actions"}]


def pick_for(s: RangersState, action: Action) -> Action | None:
    """On the team's choice of who acts: the ``act`` that makes ``action`` legal (its seat's), else None."""
    if not s.team_choice_pending():
        return None
    for pick in s.legal_actions():
        if pick.kind == "act" and action in s.acting_choices(int(pick.source.split(":")[1])):
            return pick
    return None


def team_actions(s: RangersState) -> list[Action]:
    """Everything the team could do now: the legal actions and, on the team's choice of who acts,
    each seat's own actions once chosen (what today's hotseat table offers as drags)."""
    legal = s.legal_actions()
    out = list(legal)
    if s.team_choice_pending():
        for pick in legal:
            if pick.kind == "act":
                out.extend(a for a in s.acting_choices(int(pick.source.split(":")[1])) if a not in out)
    return out


def act(s: RangersState, kind: str, source=None, target=None, **params):
    """Apply one action, which must be legal — on the team's choice of who acts, after choosing the
    seat it belongs to (``act seat:n`` first, as the table does for a drag); returns its events."""
    a = Action.make(kind, source, target, **params)
    legal = s.legal_actions()
    events = []
    if a not in legal:
        pick = pick_for(s, a)
        if pick is not None:
            events = s.apply(pick)
            legal = s.legal_actions()
    assert a in legal, f"{a} is not legal; legal: {[str(x) for x in legal]}"
    return events + s.apply(a)


def kinds(s: RangersState) -> set[str]:
    return {a.kind for a in s.legal_actions()}


def top(s: RangersState) -> str:
    return s.d["stack"][-1]["t"] if s.d["stack"] else ""


def cards_of(s: RangersState, key: str) -> list[str]:
    """Instance ids of the combat card or enemy card with definition key ``key``."""
    C = s.C
    return [i for i, k in C.card_of.items() if k == key] or [i for i, k in C.enemy_of.items() if k == key]


# ---------------------------------------------------------------- Cyclopsis (deluxe figure, Scenario #13)
def _cyc_card_out(s: RangersState) -> None:
    from .cyclopsis import CYC_DEPLOY
    d = s.d
    for pile in (d["deploy"], d["deploy_unused"], d["deploy_discard"]):
        if CYC_DEPLOY in pile:
            _take_out(d, pile, CYC_DEPLOY)


def _cyc_off_board(s: RangersState) -> None:
    from .cyclopsis import CYC
    d = s.d
    loc = d["big_loc"].get(CYC)
    if loc is not None:
        d["locs"][loc]["big"].remove(CYC)
        d["big_loc"][CYC] = None


@edits_state
def set_parts(s: RangersState, hits: dict | None = None, down=()) -> None:
    """Set Cyclopsis's parts: ``hits`` {part id: tokens} (others 0) and the defeated parts ``down``."""
    d = s.d
    cyc = d["cyc"]
    d["hits_supply"] += sum(cyc["hits"].values())
    cyc["hits"] = {p: 0 for p in s.C.cyc["part_ids"]}
    for p, n in (hits or {}).items():
        cyc["hits"][p] = n
        d["hits_supply"] -= n
    cyc["down"] = list(down)


@edits_state
def deploy_cyclopsis(s: RangersState, loc: str, hits: dict | None = None, down=()) -> None:
    """Cyclopsis stands on ``loc`` (its deployment card used up), parts as given (default: untouched).
    The game must have been started with ``cyclopsis=True`` or ``scenario="cyclopsis13"``."""
    from .cyclopsis import CYC
    d = s.d
    _cyc_card_out(s)
    _cyc_off_board(s)
    d["locs"][loc]["big"].append(CYC)
    d["big_loc"][CYC] = loc
    d["cyc"].update(state="deployed", loc=loc)
    set_parts(s, hits, down)


@edits_state
def place_beside(s: RangersState, loc: str) -> None:
    """Scenario #13: the Cyclopsis figure stands next to ``loc`` (not deployed)."""
    _cyc_off_board(s)
    s.d["cyc"].update(state="beside", loc=loc)


@edits_state
def join_boss(s: RangersState, boss: str, loc: str, down=()) -> None:
    """Scenario #13 after the boss arrived: the boss and Cyclopsis stand on ``loc``; ``down`` parts defeated."""
    from .cyclopsis import CYC
    d = s.d
    _cyc_card_out(s)
    _cyc_off_board(s)
    put_big(s, boss, loc)
    d["locs"][loc]["big"].append(CYC)
    d["big_loc"][CYC] = loc
    d["cyc"].update(state="with_boss", loc=loc)
    set_parts(s, None, down)


# ---------------------------------------------------------------- driving a game along
def _sound(s: RangersState) -> None:
    problems = s.invariants()
    if problems:
        raise AssertionError("; ".join(problems))


def finish_battle(s: RangersState, play: str | None = None) -> list:
    """Finish the current battle: the rangers pass (or play the card ``play`` when legal); draws and
    reactions are declined; other choices take the first legal option. Invariants are checked after
    every step. Returns every event."""
    events = []
    while s.d["battle"] is not None and not s.is_over():
        legal = s.legal_actions()
        pick = None
        if top(s) == "ranger_turn":
            pick = next((a for a in legal if play and a.source == play), None)
            if pick is None and play and s.team_choice_pending():
                chosen = next((p for p in legal if p.kind == "act" and any(
                    a.source == play for a in s.acting_choices(int(p.source.split(":")[1])))), None)
                if chosen is not None:
                    events += s.apply(chosen)
                    continue
            pick = pick or next(a for a in legal if a.kind == "pass")
        elif top(s) in ("prep_draw", "react"):
            pick = legal[-1]                                   # ready / pass: no draws, no reactions
        events += s.apply(pick or legal[0])
        _sound(s)
    return events


def event_names(events) -> list[str]:
    """The last part of each event's key (``rangers.ev.cyc_parts_laid`` -> ``cyc_parts_laid``)."""
    return [e.key.rsplit(".", 1)[1] for e in events]


def random_playout(s: RangersState, rng, cap: int = 20000) -> int:
    """Play random legal actions to the end, checking invariants and unique legal actions at every
    step; returns the number of actions."""
    steps = 0
    while not s.is_over():
        legal = s.legal_actions()
        if not legal or len(set(legal)) != len(legal):
            raise AssertionError(f"step {steps}: legal actions empty or repeated")
        s.apply(legal[rng.randrange(len(legal))])
        _sound(s)
        steps += 1
        if steps >= cap:
            raise AssertionError(f"no end within {cap} actions")
    return steps


__all__ = ["new_game", "stack", "set_hand", "set_discard", "clear_board", "put_fs", "put_big", "move_rangers",
           "set_panic", "skip_to_actions", "act", "pick_for", "team_actions", "kinds", "top", "cards_of", "CC",
           "set_parts", "deploy_cyclopsis", "place_beside", "join_boss", "finish_battle", "event_names",
           "random_playout"]
