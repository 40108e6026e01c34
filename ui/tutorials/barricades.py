"""Barricades' guided first game: one hero at First Time against Ashmaw — a prestige board, the Guardian Dice,
a Marketplace visit (a draw, a buy, a level-up), a room in the dungeon and its fight, a rank bought with XP,
and the end of the turn when the army's destruction token falls where the team puts it. Then the game goes
on as an ordinary solo game with the coach speaking up at barricades, the Guardian and the danger of defeat.

Barricades has no deck to stack through options: the lesson is seed 1 (solo, First Time, Ashmaw), whose first
hand and dungeon make this first turn.
"""
from __future__ import annotations

from gamecore.engine import Action
from gamecore.session import Seat
from ui.table.coach import FixedGame, Moment, Script, Step

SEED = 1
OPTIONS = {"difficulty": "first_time", "guardian": "ashmaw"}


LESSON = FixedGame("barricades", SEED, (Seat(),), OPTIONS)


def _can_fund(state, seat) -> bool:
    return any(a.kind == "fund" for a in state.legal_actions()) if state.current_seat() == seat else False


def _two_destroyed(state, seat) -> bool:
    return len(state.destroyed_locations()) >= 2


_act = Action.make


SCRIPT = Script(
    game="barricades",
    seat=0,
    steps=[
        Step("coach.barricades.welcome"),
        Step("coach.barricades.board", expect=_act("pick_board", "board:warlord", "hero:0")),
        Step("coach.barricades.roll", expect=_act("roll", "dice:0")),
        Step("coach.barricades.resolve", expect=_act("resolve", "die:0:0")),
        Step("coach.barricades.place", expect=_act("place", "champion:0", "spot:marketplace:1"),
             show=("champion:0", "spot:marketplace:1")),
        Step("coach.barricades.draw", expect=_act("market_draw", "deck:0", "hand:0"), show=("deck:0",)),
        Step("coach.barricades.buy", expect=_act("buy", "market:longsword", "discard:0"),
             show=("market:longsword", "discard:0")),
        Step("coach.barricades.level", expect=_act("level_up", "card:199", "heroes:garrik:1"),
             show=("card:199", "heroes:garrik:1")),
        Step("coach.barricades.end_village", expect=_act("end_village", "champion:0")),
        Step("coach.barricades.ready", expect=_act("ready", "champion:0")),
        Step("coach.barricades.move", expect=_act("move", "champion:0", "room:goblin_warrens", light=1),
             show=("champion:0", "room:goblin_warrens")),
        Step("coach.barricades.fight", expect=_act("fight", "champion:0", "room:goblin_warrens"),
             show=("room:goblin_warrens",)),
        Step("coach.barricades.rank", expect=_act("train", "board:warlord", "hero:0", ranks=1)),
        Step("coach.barricades.done", expect=_act("done", "champion:0")),
        Step("coach.barricades.token", expect=_act("place_token", "token:4", "spot:marketplace:4"),
             show=("token:4", "spot:marketplace:4")),
        Step("coach.barricades.barricade"),
        Step("coach.barricades.guardian"),
        Step("coach.barricades.yours"),
    ],
    moments=[
        Moment("coach.barricades.m.fund", _can_fund),
        Moment("coach.barricades.m.destroyed", _two_destroyed),
    ],
    matches=LESSON.matches,
    new_session=LESSON.new_session,
)
