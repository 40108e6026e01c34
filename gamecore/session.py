"""A game in play: the state, its action log, undo/redo, autosave, saves and replays.

The UI hands every chosen action to ``Session.apply``; bots' moves go through the same door. Undo
works by snapshot: each applied action keeps the state before it (whole for the last KEEP_RECENT actions
and one in KEEP_EVERY before them; the others are rebuilt by replaying from the one before, so a long
game does not hold hundreds of states). Practice mode may undo anything;
strict mode refuses to undo an action whose events revealed information or used chance (a draw,
reveal, shuffle or roll), as boardgame.io marks such moves.
"""
from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import gamecore
from gamecore.engine import Action, Event, GameState
from gamecore import persistence
from gamecore.persistence import SaveError

MODES = ("practice", "strict")
_UID_CHARS = frozenset("0123456789abcdef")


def save_uid(data: dict) -> str:
    """The game's id a save keeps in its meta; a save from before ids were kept gets one derived from
    its game, seed and setup (the same for every copy of it)."""
    meta = data.get("meta")
    uid = meta.get("uid") if isinstance(meta, dict) else None
    if isinstance(uid, str) and 8 <= len(uid) <= 32 and set(uid) <= _UID_CHARS:
        return uid
    basis = json.dumps([data.get("game"), data.get("seed"), data.get("players"), data.get("options"),
                        data.get("seats")], sort_keys=True, default=str)
    return hashlib.sha256(basis.encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True)
class Seat:
    """Who plays a seat: a human at this device, or a bot of a level the game offers."""

    kind: str = "human"          # "human" or "bot"
    level: str = ""

    def to_json(self) -> dict:
        return {"kind": self.kind, "level": self.level}

    @classmethod
    def from_json(cls, data: Any) -> "Seat":
        if not isinstance(data, dict) or data.get("kind") not in ("human", "bot"):
            raise SaveError("the save's seat list is damaged")
        return cls(data["kind"], str(data.get("level", "")))

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"


class UndoRefused(Exception):
    """Undo is not possible now; ``code`` is an i18n key suffix (undo.<code>)."""

    def __init__(self, code: str, reason: str):
        super().__init__(reason)
        self.code = code
        self.reason = reason


KEEP_RECENT = 24      # the states before the last 24 actions are kept whole: undo takes them at once
KEEP_EVERY = 16       # before those, one state in 16 is kept; an undo that far replays at most 15 actions


@dataclass
class Step:
    """One applied action with who took it and what it caused."""

    seat: int | None
    action: Action
    events: list[Event]
    irreversible: bool
    joined: bool = False          # part of the decision of the step before it (undone and redone with it)


@dataclass
class Session:
    game: str
    seed: int
    players: int
    options: dict
    seats: list[Seat]
    mode: str = "practice"
    autosave: Path | None = None
    state: GameState = field(init=False)
    steps: list[Step] = field(default_factory=list, init=False)
    _before: list[GameState | None] = field(default_factory=list, init=False)   # None: rebuilt on demand
    _redo: list[Action] = field(default_factory=list, init=False)
    _redo_joined: list[bool] = field(default_factory=list, init=False)   # beside _redo: joined to the one before
    last_save_error: str | None = field(default=None, init=False)
    # the app's table sets this: a change then only marks the autosave due, and the table writes it a few frames
    # later (flush_autosave), so serialising and fsyncing the whole game never stalls the frame of a move
    defer_autosave: bool = field(default=False, init=False)
    autosave_due: bool = field(default=False, init=False)
    changes: int = field(default=0, init=False)          # moves, undos and redos so far (the table watches it)
    # which game this is, kept in the save's meta: statistics count a game once however often it is
    # saved, resumed or loaded (not part of the state, so digests are unchanged)
    uid: str = field(default_factory=lambda: secrets.token_hex(8), init=False)

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(cls, game: str, seed: int, players: int, options: dict | None = None,
            seats: list[Seat] | None = None, mode: str = "practice", autosave: Path | None = None) -> "Session":
        if mode not in MODES:
            raise gamecore.OptionError(f"undo mode must be one of {', '.join(MODES)}, not {mode!r}")
        info = gamecore.game(game)
        options = info.validate_options(players, dict(options or {}))
        seats = list(seats) if seats else [Seat() for _ in range(players)]
        if len(seats) != players:
            raise gamecore.OptionError(f"{players} players need {players} seats, not {len(seats)}")
        session = cls(game, seed, players, options, seats, mode, autosave)
        session.state = gamecore.start(game, seed=seed, players=players, **options)
        return session

    # ------------------------------------------------------------------ play
    @property
    def info(self):
        return gamecore.game(self.game)

    def seat_is_bot(self, seat: int | None) -> bool:
        return seat is not None and 0 <= seat < len(self.seats) and self.seats[seat].is_bot

    def bot_to_move(self) -> bool:
        return not self.state.is_over() and self.seat_is_bot(self.state.current_seat())

    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_bot]

    def apply(self, action: Action) -> list[Event]:
        """Apply a chosen action; IllegalAction leaves everything as it was. Autosaves afterwards."""
        before = self.state.clone()
        seat = self.state.current_seat()
        events = self.state.apply(action)  # raises before mutating when illegal
        self._before.append(before)
        old = len(self._before) - 1 - KEEP_RECENT
        if old > 0 and old % KEEP_EVERY:
            self._before[old] = None
        self.steps.append(Step(seat, action, events, any(e.irreversible for e in events)))
        self._redo.clear()
        self._redo_joined.clear()
        self._changed()
        return events

    def join_to_previous(self, index: int) -> None:
        """Make step ``index`` part of the decision of the step before it: a table that turned one
        gesture into several actions (choose who acts, then that seat's move) has them undone and
        redone as one."""
        if 0 < index < len(self.steps):
            self.steps[index].joined = True

    # ------------------------------------------------------------------ undo / redo
    def _undo_span(self) -> int:
        """How many steps one undo takes back: the last human decision and the bot moves after it."""
        n = len(self.steps)
        if n == 0:
            return 0
        span = 0
        for step in reversed(self.steps):
            span += 1
            if not self.seat_is_bot(step.seat) and not step.joined:
                return span
        return 0  # only bot moves so far: nothing of the player's to take back

    def undo_problem(self) -> UndoRefused | None:
        span = self._undo_span()
        if span == 0:
            return UndoRefused("nothing", "There is nothing to undo.")
        if self.mode == "strict" and any(s.irreversible for s in self.steps[-span:]):
            return UndoRefused("strict", "Strict mode: a card was revealed or dice were rolled since then.")
        return None

    def can_undo(self) -> bool:
        return self.undo_problem() is None

    def undo(self) -> int:
        """Take back the last human decision (and bots' replies). Returns how many actions were undone."""
        problem = self.undo_problem()
        if problem is not None:
            raise problem
        span = self._undo_span()
        for _ in range(span):
            self.state = self.state_before(len(self.steps) - 1)
            self._before.pop()
            step = self.steps.pop()
            self._redo.append(step.action)
            self._redo_joined.append(step.joined)
        self._changed()
        return span

    def state_before(self, i: int) -> GameState:
        """The state before action ``i`` (the kept one, or a copy of the last kept one before it with the
        actions between replayed; it is the same state, digest for digest)."""
        snap = self._before[i]
        if snap is not None:
            return snap
        j = i
        while self._before[j] is None:
            j -= 1
        state = self._before[j].clone()
        for step in self.steps[j:i]:
            state.apply(step.action)
        return state

    def states_before(self):
        """Every state before each action, first to last (one replay for the thinned ones)."""
        state = None
        for i, snap in enumerate(self._before):
            if snap is not None:
                state = snap
            else:
                state = state.clone()
                state.apply(self.steps[i - 1].action)
            yield state

    def can_redo(self) -> bool:
        return bool(self._redo)

    def redo(self) -> list[Event]:
        """Re-apply undone actions up to and including the next human one."""
        if not self._redo:
            raise UndoRefused("nothing_redo", "There is nothing to redo.")
        events: list[Event] = []
        redo = self._redo
        joined = self._redo_joined if len(self._redo_joined) == len(redo) else [False] * len(redo)
        while redo:
            action = redo.pop()
            was_joined = joined.pop()
            saved, saved_joined = list(redo), list(joined)
            seat = self.state.current_seat()
            events.extend(self.apply(action))
            self.steps[-1].joined = was_joined
            self._redo, self._redo_joined = saved, saved_joined
            redo, joined = self._redo, self._redo_joined
            if not self.seat_is_bot(seat) and not (redo and self.seat_is_bot(self.state.current_seat())) \
                    and not (joined and joined[-1]):
                break
        return events

    # ------------------------------------------------------------------ saves
    def to_save(self, label: str = "") -> dict:
        summary = {}
        try:
            summary = dict(self.state.summary())
        except Exception:  # a summary is decoration; never lose a save over it
            summary = {}
        return {
            "schema": persistence.SAVE_SCHEMA,
            "kind": persistence.SAVE_KIND,
            "game": self.game,
            "engine_version": self.info.engine_version,
            "seed": self.seed,
            "players": self.players,
            "options": self.options,
            "seats": [s.to_json() for s in self.seats],
            "mode": self.mode,
            "actions": [s.action.to_json() for s in self.steps],
            "snapshot": {"digest": self.state.digest(), "state": self.state.to_json()},
            "meta": {"saved_at": persistence.now_stamp(), "label": label, "summary": summary,
                     "over": self.state.is_over(), "uid": self.uid,
                     "joined": [i for i, step in enumerate(self.steps) if step.joined]},
        }

    def _changed(self) -> None:
        self.changes += 1
        if self.defer_autosave:
            self.autosave_due = True
        else:
            self.write_autosave()

    def flush_autosave(self) -> None:
        """Write the autosave a deferred change left due (nothing when none is due)."""
        if self.autosave_due:
            self.write_autosave()

    def write_autosave(self) -> None:
        """Autosave after each action; a failure is remembered (the UI says saves are unavailable), never raised."""
        self.autosave_due = False
        if self.autosave is None:
            return
        try:
            persistence.atomic_write_json(self.autosave, self.to_save("autosave"))
            self.last_save_error = None
        except SaveError as exc:
            self.last_save_error = str(exc)

    def save_as(self, label: str, folder: Path | None = None) -> Path:
        folder = Path(folder) if folder is not None else persistence.saves_dir()
        stem = persistence.safe_filename(label)
        path = folder / f"{stem}.json"
        counter = 2
        while path.exists():
            path = folder / f"{stem}-{counter}.json"
            counter += 1
        persistence.atomic_write_json(path, self.to_save(label))
        return path

    @classmethod
    def from_save(cls, data: Any, name: str = "the file", autosave: Path | None = None) -> "Session":
        """Rebuild a session by replaying a save's actions; SaveError with a readable reason otherwise."""
        data = persistence.check_save_shape(data, name)
        try:
            info = gamecore.game(data["game"])
        except gamecore.OptionError:
            raise SaveError(f"{name} is a save of a game this version does not know ({data['game']!r})") from None
        if not info.ready:
            raise SaveError(f"{name} is a save of a game that is still in preparation")
        if data["engine_version"] != info.engine_version:
            raise SaveError(f"{name} was made by another version of the {data['game']} rules "
                            f"(version {data['engine_version']}, this build has {info.engine_version})")
        if data["mode"] not in MODES:
            raise SaveError(f"{name} is damaged (unknown undo mode)")
        seats = [Seat.from_json(s) for s in data["seats"]]
        try:
            session = cls.new(data["game"], data["seed"], data["players"], data["options"], seats, data["mode"])
        except (gamecore.OptionError, gamecore.ContentError) as exc:
            raise SaveError(f"{name} cannot be started: {exc}") from None
        for index, raw in enumerate(data["actions"]):
            try:
                action = Action.from_json(raw)
                session.apply(action)
            except Exception as exc:  # any failure to replay means the file is not what it claims
                raise SaveError(f"{name} is damaged (move {index + 1} cannot be replayed: {exc})") from None
        if session.state.digest() != data["snapshot"]["digest"]:
            raise SaveError(f"{name} does not match its replay (edited, or from another version)")
        meta = data.get("meta") if isinstance(data.get("meta"), dict) else {}
        joined = meta.get("joined")
        for i in joined if isinstance(joined, list) else []:
            if isinstance(i, int) and 0 < i < len(session.steps):    # a step joined to the one before it
                session.steps[i].joined = True
        session.autosave = autosave
        session.uid = save_uid(data)
        return session

    @classmethod
    def load(cls, path: Path, autosave: Path | None = None) -> "Session":
        path = Path(path)
        return cls.from_save(persistence.read_json(path), path.name, autosave)

    def replay_digest(self) -> str:
        return self.state.digest()
