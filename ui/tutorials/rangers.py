"""Heroes of the Grid's guided first game: two players (you steer Jason and Zack; an AI teammate steers Billy
and Trini) — the opening hand, a deployment, the team's choice of who acts, a linked move, a battle with an attack, a damage
assignment, a reaction and a ranger's ability, then the AI teammate's turn. Then the game goes on as an
ordinary game with the coach speaking up at panics, monsters and the boss.

Heroes of the Grid has no deck to stack through options: the lesson is seed 1 at two players with the
classic rangers, the teammate the greedy AI (its choices are repeatable).
"""
from __future__ import annotations

from gamecore.engine import Action
from gamecore.session import Seat
from ui.table.coach import FixedGame, Moment, Script, Step

SEED = 1
OPTIONS = {"ai_seats": [1]}


LESSON = FixedGame("rangers", SEED, (Seat(), Seat("bot", "greedy")), OPTIONS)


def _panic(state, seat) -> bool:
    return any(loc.get("panic") for loc in state.d["locs"].values())


def _monster_out(state, seat) -> bool:
    return any(loc.get("big") for loc in state.d["locs"].values())


_act = Action.make


SCRIPT = Script(
    game="rangers",
    seat=0,
    steps=[
        Step("coach.rangers.welcome"),
        Step("coach.rangers.opening", expect=_act("draw_up", "deck:0", "hand:0", n=7), show=("deck:0",)),
        Step("coach.rangers.deploy", expect=_act("deploy", "deck:deployment"), show=("deck:deployment",)),
        # on the team's choice a drag of your ranger is "I act, and do this": each pair of steps is one drag
        Step("coach.rangers.move", expect=_act("act", "seat:0"), show=("ranger:red", "loc:industrial")),
        Step("coach.rangers.move", expect=_act("move", "ranger:red", "loc:industrial"), show=("ranger:red", "loc:industrial")),
        Step("coach.rangers.battle", expect=_act("act", "seat:0"), show=("ranger:red", "loc:industrial")),
        Step("coach.rangers.battle", expect=_act("battle", "ranger:red", "loc:industrial"),
             show=("ranger:red", "loc:industrial")),
        Step("coach.rangers.attack", expect=_act("play", "card:black:4", "enemy:putty:9"),
             show=("card:black:4", "enemy:putty:9")),
        Step("coach.rangers.damage", expect=_act("assign_damage", "enemy:putty:1", "ranger:black"),
             show=("ranger:black",)),
        Step("coach.rangers.react", expect=_act("react", "card:black:3", "ranger:black"), show=("card:black:3", "ranger:black")),
        Step("coach.rangers.defence", expect=_act("pass")),
        Step("coach.rangers.attack2", expect=_act("play", "card:black:5", "enemy:putty:1"),
             show=("card:black:5", "enemy:putty:1")),
        Step("coach.rangers.ability", expect=_act("ability", "ability:black", "enemy:putty:9"),
             show=("ability:black", "enemy:putty:9")),
        Step("coach.rangers.won"),
        Step("coach.rangers.team", expect=_act("team_act")),
        Step("coach.rangers.cleanup"),
        Step("coach.rangers.yours"),
    ],
    moments=[
        Moment("coach.rangers.m.monster", _monster_out),
        Moment("coach.rangers.m.panic", _panic),
    ],
    matches=LESSON.matches,
    new_session=LESSON.new_session,
)
