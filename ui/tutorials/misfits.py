"""Misfit Heroes' guided first game: two turns of hiring, activating and a chain that completes a quest,
then the rest of a real game against a normal bot, with the rules explained as they come up.

The deck is stacked through the game's own "pairing" option (which character sits on which attribute
card): with seed 599 the person plays first and is dealt two attribute cards that, paired with the
characters below, make the lesson — Frontier (forest influence on hire, 3 more when activated) and a
card that activates its neighbour. Everything else is an ordinary game; the engine decides every move.
"""
from __future__ import annotations

from gamecore.engine import Action, Rng
from gamecore.misfits.deck import random_pairing
from gamecore.misfits.state import slot_id
from gamecore.session import Seat
from ui.table.coach import FixedGame, Moment, Script, Step

SEED = 599
PAIRING_SEED = 2027
LESSON_PAIRS = {"a57": "c49", "a09": "c23"}     # forest on hire + "gain 3 forest"; coins on hire + "activate a neighbour"
FIRST = "hero:a57+c49"
SECOND = "hero:a09+c23"
QUEST = "quest:forest:12"


def pairing() -> list[list[str]]:
    base = random_pairing(Rng(PAIRING_SEED))
    pairs = {a: c for a, c in base}
    for attr, char in LESSON_PAIRS.items():
        holder = next(a for a, c in pairs.items() if c == char)
        pairs[holder], pairs[attr] = pairs[attr], char
    return [[a, pairs[a]] for a, _ in base]


LESSON = FixedGame("misfits", SEED, (Seat(), Seat("bot", "normal")), {"pairing": pairing()})


def _hand_over(state, seat) -> bool:
    return state.phase == "discard" and state.seat == seat and len(state.hands[seat]) > state.limits["hand"]


def _end_triggered(state, seat) -> bool:
    return bool(state.end_trigger)


def _quest_ready(state, seat) -> bool:
    return state.phase == "quest" and state.seat == seat and bool(state._quest_actions())


def _condition_card(state, seat) -> bool:
    return state.phase == "main" and state.seat == seat and any(
        state.heroes[h].hire["type"] in ("condition", "extra") for h in state.hands[seat])


FIRST_SLOT = slot_id(0, 0)          # bottom left
SECOND_SLOT = slot_id(0, 1)         # its right-hand neighbour

SCRIPT = Script(
    game="misfits",
    seat=0,
    title="coach.title",
    steps=[
        Step("coach.misfits.welcome"),
        Step("coach.misfits.cards", show=(FIRST,)),
        Step("coach.misfits.hire_first", expect=Action("hire", FIRST, FIRST_SLOT), show=(FIRST, FIRST_SLOT)),
        Step("coach.misfits.activate_first", expect=Action("activate", FIRST), show=(FIRST,)),
        Step("coach.misfits.bot_turn"),
        Step("coach.misfits.hire_second", expect=Action("hire", SECOND, SECOND_SLOT), show=(SECOND, SECOND_SLOT)),
        Step("coach.misfits.activate_second", expect=Action("activate", SECOND), show=(SECOND,)),
        Step("coach.misfits.chain", expect=Action("activate", FIRST), show=(FIRST,)),
        Step("coach.misfits.quest", expect=Action("quest", None, QUEST), show=(QUEST,)),
        Step("coach.misfits.limits"),
        Step("coach.misfits.other_actions"),
        Step("coach.misfits.scoring"),
        Step("coach.misfits.yours"),
    ],
    moments=[
        Moment("coach.misfits.m.condition", _condition_card),
        Moment("coach.misfits.m.quest", _quest_ready),
        Moment("coach.misfits.m.hand_limit", _hand_over),
        Moment("coach.misfits.m.end", _end_triggered),
    ],
    matches=LESSON.matches,
    new_session=LESSON.new_session,
)
