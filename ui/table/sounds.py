"""When the table makes a sound: drags, refusals, the engine's events, the person's turn, the end.

The kit calls three hooks of :class:`TableSounds` (one line each in ``ui/table/scene.py``):

- ``after_input(drag, result)`` after the drag controller saw an input event: **pickup** when a piece
  starts to follow the pointer, **drop** when a drop (or a click on a glowing target) makes a move —
  heard once the move is applied, so a drop the engine or a lesson's coach turns down rings
  **refused** alone — or at once when the drop opens a "which one?" choice; **refused** when a drop
  was refused;
- ``refused()`` when the engine (or the guided game's coach) refused an action the table handed it;
- ``after_change(scene, events)`` after each applied action: the sound of its events (a table below,
  per game, by event key, then by event kind), **turn** when a turn of the person's begins (the game's turn event with the person to decide,
  or the decision coming back to the person from a bot), and
  **win** / **loss** for the person when the game has just ended.

Only names from ``ui.audio.NAMES`` are played, through ``ui.audio`` (or the ``play`` given, for tests),
so volume and mute from the Settings apply at once and a machine without sound stays silent. An action
whose events would ring several sounds plays the most telling one or two (``PRIORITY``), never a
burst of the same effect.
"""
from __future__ import annotations

from typing import Callable, Iterable

from ui import audio

# the sound of an event by its kind, for every game (the engine's kinds: see gamecore.engine.Event)
KIND_SOUNDS = {"draw": "draw", "flip": "flip", "reveal": "flip", "shuffle": "shuffle", "roll": "dice",
               "damage": "damage"}

# per game: the last part of an event's key -> its sound; None keeps an event silent whatever its kind.
# "alarm" marks the danger events (a location panics, a village location falls, an invasion...).
GAME_SOUNDS: dict[str, dict[str, str | None]] = {
    "rangers": {
        "panicked": "alarm", "game_lost": None,
        "damage_taken": "damage", "hits_placed": "damage", "ranger_defeated": "damage",
        "cyc_arm_strikes": "damage", "cyc_zord_hurts": "damage", "swarm_damage": "damage",
        "megazord_strikes": "damage",
        "dice_rolled": "dice", "dice_rerolled": "dice",
        "enemy_card_drawn": "draw", "drew": "draw",
        "deck_rebuilt": "shuffle", "deploy_reshuffled": "shuffle", "enemy_deck_shuffled": "shuffle",
        "enemy_deck_ready": "shuffle",
    },
    "misfits": {
        "draw": "draw", "choose_draw": "draw", "stun": "flip", "reshuffle": "shuffle", "quest": "flip",
    },
    "galaxy": {
        "invasion": "alarm",
        "fire": "damage", "strike": "damage", "kill": "damage", "radiation": "damage",
        "deck_reshuffled": "shuffle",
    },
    "barricades": {
        "location_destroyed": "alarm", "guardian_revealed": "alarm", "raiders": "alarm", "defeat": None,
        "rolled": "dice", "extra_die": "dice",
        "wounded": "damage", "wound_card": "damage", "guardian_wound": "damage", "battle_lost": "damage",
        "token_drawn": "draw", "draw": "draw", "shuffle": "shuffle", "refill": "flip",
    },
}

# per game: the event keys (last part) that begin a turn or the team's action phase
TURN_EVENTS = {"rangers": ("action_phase",), "misfits": ("turn",), "galaxy": ("turn",), "barricades": ("turn",)}

PRIORITY = ("alarm", "damage", "dice", "shuffle", "draw", "flip")
MAX_AT_ONCE = 2          # distinct event sounds of one action


def event_sound(game: str, event) -> str | None:
    """The sound of one engine event in ``game`` (None: silent)."""
    key = str(getattr(event, "key", "") or "")
    short = key.rsplit(".", 1)[-1]
    table = GAME_SOUNDS.get(game, {})
    if short in table:
        return table[short]
    return KIND_SOUNDS.get(str(getattr(event, "kind", "")))


def event_sounds(game: str, events: Iterable) -> list[str]:
    """The distinct sounds of an action's events, most telling first, at most ``MAX_AT_ONCE``."""
    names = {name for name in (event_sound(game, e) for e in events) if name}
    return [n for n in PRIORITY if n in names][:MAX_AT_ONCE]


def result_sound(session) -> str:
    """"win" or "loss" for the person: a co-op game's outcome, or whether a person's seat won."""
    result = session.state.result()
    if session.info.coop:
        return "win" if result.outcome == "win" else "loss"
    humans = set(session.human_seats())
    return "win" if humans & set(result.winners) else "loss"


class TableSounds:
    """The sounds of one table scene. ``play`` defaults to ``ui.audio.play``."""

    def __init__(self, play: Callable[[str], bool] | None = None):
        self._play = play
        self._dragging = False
        self._drop_pending = False               # a drop's move is being applied: "drop" when it is
        self._person_seat: int | None = None     # the seat of the person's decision last seen (None: not theirs)

    def play(self, name: str) -> None:
        (self._play or audio.play)(name)

    # -- input --------------------------------------------------------------------------------------
    def after_input(self, drag, result) -> None:
        self._drop_pending = False               # a drop of an earlier event was applied or refused by now
        dragging = bool(drag.dragging)
        if dragging and not self._dragging:
            self.play("pickup")
        self._dragging = dragging
        kind = getattr(result, "kind", None)
        if kind == "apply" and getattr(result, "target", None) is not None:
            self._drop_pending = True
        elif kind == "choose" and getattr(result, "target", None) is not None:
            self.play("drop")
        elif kind == "refuse":
            self.play("refused")

    def refused(self) -> None:
        self._drop_pending = False
        self.play("refused")

    # -- state changes ------------------------------------------------------------------------------
    def start(self, session) -> None:
        """A table opened on ``session``: remember whose decision it is (no sound)."""
        self._person_seat = self._persons_decision(session)

    @staticmethod
    def _persons_decision(session) -> int | None:
        if session is None or session.state.is_over() or session.bot_to_move():
            return None
        return session.state.current_seat()

    def after_change(self, scene, events: list) -> None:
        session = scene.session
        if session is None:
            return
        if self._drop_pending:
            self._drop_pending = False
            self.play("drop")
        if session.state.is_over():
            self._person_seat = None
            self.play(result_sound(session))
            return
        for name in event_sounds(session.game, events):
            self.play(name)
        seat = self._persons_decision(session)
        turn_keys = TURN_EVENTS.get(session.game, ())
        new_turn = any(str(getattr(e, "key", "")).rsplit(".", 1)[-1] in turn_keys for e in events)
        if seat is not None and (new_turn or self._person_seat is None):
            self.play("turn")            # a turn of the person's begins, or the decision comes back to them
        self._person_seat = seat
