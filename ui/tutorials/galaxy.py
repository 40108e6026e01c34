"""Galaxy Hunters' guided first game: the draft, two rounds of docks, a mech shopping at Forge, a hunt at
Uran, an invaded planet, a mission bought and completed — then the rest of a real game against an easy bot.

Galaxy Hunters has no deck to stack through options: the lesson is seed 1 at two players (the person
plays first and the draft offers Bulwark and Ivo Marsh), with the bot playing as the table's bot plays.
The table's bots seed their tie-breaks from the state's digest, which includes the engine version, so until
engine v4 every rules version (and every changed number of the data) could send the lesson's bot to a dock
the lesson needs. The lesson's bot now draws from its own seed (``BOT_SEED`` ^ the move number, Script.bot_seed),
so its moves depend only on the position: with seed 3 and the easy bot the lesson's round 1 is Aurel, Ferrum,
then the mech to Forge, and every scripted move stays legal under v4, under the version numbers 5 and 6, and
under the pass 8–9 trials' data (Bulwark 7/2/1, 7/3/0, 6/2/1; Sable I as a strike reduction). A change of the
person's own Bulwark or Ivo Marsh can still matter (the two Forge tiles need Ivo I live and the fire needs an
ammo cube). The easy bot is the gentler first opponent anyway.
"""
from __future__ import annotations

from gamecore.engine import Action
from gamecore.session import Seat
from ui.table.coach import FixedGame, Moment, Script, Step

SEED = 1
BOT_SEED = 3        # the lesson bot's own seed (Script.bot_seed); seeds 0-7 tried, 3 the one that keeps the lesson


LESSON = FixedGame("galaxy", SEED, (Seat(), Seat("bot", "easy")))


def _upkeep_soon(state, seat) -> bool:
    return state.phase == "play" and state.round in (5, 9) and state.seat == seat


def _invaded_fight(state, seat) -> bool:
    return state.phase == "play" and state.seat == seat and any(
        a.kind == "place_mech" and str(a.target).startswith("art:") and a.target[4:] in state.invaded
        for a in state.legal_actions())


def _last_round(state, seat) -> bool:
    return state.round == 9 and state.phase == "play" and state.seat == seat


_act = Action.make


def _data(table: str, *path):
    """A number of the game's data, read when the coach shows its text (a changed number shows at once)."""
    def read():
        from gamecore.galaxy.content import content

        value = getattr(content(), table)
        for key in path:
            value = value[key]
        return value
    return read


SCRIPT = Script(
    game="galaxy",
    seat=0,
    steps=[
        Step("coach.galaxy.welcome"),
        Step("coach.galaxy.mech", expect=_act("pick_mech", "mechtile:bulwark", "seat:0"),
             show=("mechtile:bulwark", "seat:0"), args={k: _data("mechs", "bulwark", k) for k in ("armour", "ammo", "energy")}),
        Step("coach.galaxy.pilot", expect=_act("pick_pilot", "pilot:ivo", "seat:0"), show=("pilot:ivo", "seat:0"),
             args={"market": _data("pilots", "ivo", "abilities", 0, "n"), "favour": _data("pilots", "ivo", "abilities", 1, "n")}),
        Step("coach.galaxy.dock", expect=_act("place_ship", "ship:0", "dock:aurel:0", ships=1),
             show=("ship:0", "dock:aurel:0")),
        Step("coach.galaxy.ferrum", expect=_act("place_ship", "ship:0", "dock:ferrum:0", ships=1),
             show=("ship:0", "dock:ferrum:0")),
        Step("coach.galaxy.mech_planet", expect=_act("place_mech", "mech:0", "art:forge"), show=("mech:0", "art:forge")),
        Step("coach.galaxy.buy_rifle", expect=_act("buy_tile", "market:rail_rifle", "mech:0"),
             show=("market:rail_rifle", "mech:0")),
        Step("coach.galaxy.buy_cannon", expect=_act("buy_tile", "market:autocannon", "mech:0"),
             show=("market:autocannon", "mech:0")),
        Step("coach.galaxy.mission", expect=_act("buy_mission", "mission:ss", "seat:0"), show=("mission:ss",)),
        Step("coach.galaxy.order"),
        Step("coach.galaxy.hunt", expect=_act("place_mech", "mech:0", "uran:0"), show=("mech:0", "uran:0")),
        Step("coach.galaxy.fire", expect=_act("fire", "slot:0:1", "mut:6"), show=("slot:0:1", "mut:6")),
        Step("coach.galaxy.invasion", args={k: _data("species", "skitter", "reward", k) for k in ("dna", "rep", "cr")}),
        Step("coach.galaxy.two_ships", expect=_act("place_ship", "ship:0", "dock:prim:0", ships=2),
             show=("ship:0", "dock:prim:0")),
        Step("coach.galaxy.complete", expect=_act("complete_mission", "dna:0", "mission:ss"), show=("dna:0", "mission:ss")),
        Step("coach.galaxy.done", expect=_act("done")),
        Step("coach.galaxy.track"),
        Step("coach.galaxy.scoring"),
        Step("coach.galaxy.yours"),
    ],
    moments=[
        Moment("coach.galaxy.m.invaded", _invaded_fight),
        Moment("coach.galaxy.m.upkeep", _upkeep_soon),
        Moment("coach.galaxy.m.last", _last_round),
    ],
    matches=LESSON.matches,
    new_session=LESSON.new_session,
    bot_seed=BOT_SEED,
)
