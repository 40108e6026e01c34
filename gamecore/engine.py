"""The engine contract shared by every game: actions, events, decisions, the RNG and the State base.

Nothing here knows any rule. A game subclasses :class:`GameState`, fills in the hooks marked
"game hook" and registers a :class:`GameInfo` in ``gamecore.registry``. The UI, the bots, the CLI
and the tests only ever talk to states through the public methods defined here.
"""
from __future__ import annotations

import copy
import hashlib
import json
import operator
import threading
from dataclasses import dataclass, field
from itertools import repeat
from typing import Any, Callable, Iterable

SCHEMA = 1

# Event kinds after which strict mode refuses to undo: new information came to light or chance acted.
IRREVERSIBLE_KINDS = frozenset({"reveal", "shuffle", "roll", "draw"})

_SCALARS = (str, int, float, bool, type(None))


def _freeze(value: Any) -> Any:
    """Turn lists into tuples recursively so an action stays hashable; refuse anything not plain data."""
    if isinstance(value, _SCALARS):
        return value
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    raise TypeError(f"action parameters must be plain JSON data, not {type(value).__name__}")


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


_MADE: dict = {}          # Action.make's shared instances, keyed with each parameter's type
_SHAREABLE = frozenset({str, int, bool, type(None)})
_IDS = frozenset({str, type(None)})
_MADE_LIMIT = 100_000     # a bound, so a long session listing ever-new parameter values cannot grow it without end


@dataclass(frozen=True, slots=True, order=True)
class Action:
    """One choice a seat can make. Plain data: hashable, printable, JSON round-trippable.

    ``source`` and ``target`` are component ids for "put this there" moves, so the UI can match a
    drag-and-drop to a legal action without knowing any rule. Any further fields go in ``params``
    (a sorted tuple of ``(name, value)`` pairs); build actions with :meth:`make`.
    """

    kind: str
    source: str | None = None
    target: str | None = None
    params: tuple = ()

    @classmethod
    def make(cls, kind: str, source: str | None = None, target: str | None = None, **params: Any) -> "Action":
        """The action with these fields. Equal requests share one instance: listing legal actions builds
        the same few hundred actions over and over. Only actions made of strings, whole numbers, booleans
        and None are shared, keyed with each value's type, so ``make(x=True)`` never hands back the
        action built with ``x=1`` (they compare equal) and nothing mutable or lossy is ever shared."""
        if not params:
            got = _MADE.get((cls, kind, source, target))
            if got is not None:
                return got
            key = (cls, kind, source, target)
        elif len(params) == 1:
            # the usual case, written out: the same key the loop below builds for one parameter
            for name, value in params.items():
                if value.__class__ not in _SHAREABLE:
                    return cls(kind, source, target, ((name, _freeze(value)),))
                key = (cls, kind, source, target, name, value, value.__class__)
        elif params:
            key = [cls, kind, source, target]
            for name in sorted(params):
                value = params[name]
                if value.__class__ not in _SHAREABLE:
                    return cls(kind, source, target, tuple(sorted((k, _freeze(v)) for k, v in params.items())))
                key += (name, value, value.__class__)
            key = tuple(key)
        got = _MADE.get(key)
        if got is None:
            got = cls(kind, source, target, tuple(sorted((k, _freeze(v)) for k, v in params.items())))
            if kind.__class__ is not str or source.__class__ not in _IDS or target.__class__ not in _IDS:
                return got
            if len(_MADE) >= _MADE_LIMIT:
                _MADE.clear()
            _MADE[key] = got
        return got

    def get(self, name: str, default: Any = None) -> Any:
        for key, value in self.params:
            if key == name:
                return value
        return default

    def to_json(self) -> dict:
        data: dict[str, Any] = {"kind": self.kind}
        if self.source is not None:
            data["source"] = self.source
        if self.target is not None:
            data["target"] = self.target
        if self.params:
            data["params"] = {k: _thaw(v) for k, v in self.params}
        return data

    @classmethod
    def from_json(cls, data: Any) -> "Action":
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise ValueError("an action must be an object with a string 'kind'")
        params = data.get("params", {})
        if not isinstance(params, dict):
            raise ValueError("an action's 'params' must be an object")
        for name in ("source", "target"):
            if data.get(name) is not None and not isinstance(data[name], str):
                raise ValueError(f"an action's '{name}' must be a string")
        try:
            return cls.make(data["kind"], data.get("source"), data.get("target"), **params)
        except TypeError as exc:
            raise ValueError(str(exc)) from None

    def describe(self) -> str:
        parts = [self.kind]
        if self.source is not None:
            parts.append(self.source)
        if self.target is not None:
            parts.append("-> " + self.target)
        parts.extend(f"{k}={v}" for k, v in self.params)
        return " ".join(parts)

    def __str__(self) -> str:
        return self.describe()


@dataclass(frozen=True, slots=True)
class Event:
    """A visible change, for the animator and the game log.

    ``key`` is an i18n key (the log sentence), ``params`` its fields. ``cause`` is an optional i18n
    key with ``cause_params`` saying why an automatic effect happened ("because the location was at
    its figure limit"). ``kind`` tells the animator what to play: move, flip, roll, reveal, shuffle,
    draw, score, info... ``source``/``target`` name the components involved.
    """

    kind: str
    key: str
    params: dict = field(default_factory=dict)
    source: str | None = None
    target: str | None = None
    cause: str | None = None
    cause_params: dict = field(default_factory=dict)

    @property
    def irreversible(self) -> bool:
        return self.kind in IRREVERSIBLE_KINDS

    def to_json(self) -> dict:
        return {k: getattr(self, k) for k in ("kind", "key", "params", "source", "target", "cause", "cause_params")}


class _EventDraft:
    """An Event's very slots without the frozen guard: new_event fills one in, then makes it an Event."""

    __slots__ = Event.__slots__


def new_event(kind: str, key: str, params: dict, source: str | None = None, target: str | None = None,
              cause: str | None = None, cause_params: dict | None = None, _new=object.__new__) -> Event:
    """``Event(kind, key, params, source, target, cause, cause_params or {})``, built in about a third of
    the time (a frozen dataclass's own __init__ sets each field through object.__setattr__); for the
    engines' hot paths, which emit a few events a move. The result is an ordinary, frozen Event."""
    event = _new(_EventDraft)
    event.kind = kind
    event.key = key
    event.params = params
    event.source = source
    event.target = target
    event.cause = cause
    event.cause_params = cause_params if cause_params is not None else {}
    event.__class__ = Event
    return event


@dataclass(frozen=True, slots=True)
class Decision:
    """What is being asked now: which seat decides, the kind of choice, and an i18n prompt."""

    kind: str
    seat: int | None
    prompt: str
    args: dict = field(default_factory=dict)


class IllegalAction(Exception):
    """Raised by ``apply`` for an action that is not legal now; the state is left untouched.

    ``code`` is a stable machine-readable id (the UI looks up ``illegal.<code>`` in its catalogs);
    ``reason`` is the English sentence used when no translation exists; ``params`` fill both.
    """

    def __init__(self, code: str, reason: str, **params: Any):
        super().__init__(f"{code}: {reason.format(**params) if params else reason}")
        self.code = code
        self.reason = reason
        self.params = params


class ContentError(Exception):
    """A content data file is broken. The message names the file and the field."""

    def __init__(self, file: str, field_path: str, problem: str):
        super().__init__(f"{file}: {field_path}: {problem}")
        self.file = file
        self.field = field_path
        self.problem = problem


class OptionError(ValueError):
    """A bad game option (unknown name, wrong type, out of range)."""


# --------------------------------------------------------------------------- RNG


_FISHER_YATES: dict = {}  # list length -> the (i, i + 1) pairs of its shuffle, i from the end


def _fisher_yates(size):
    got = _FISHER_YATES[size] = tuple((i, i + 1) for i in range(size - 1, 0, -1))
    return got


class Rng:
    """A small seeded PCG32 generator whose whole state is one integer, so it serialises and clones cheaply.

    gamecore never touches the global ``random``; every random choice of a game goes through the
    ``rng`` stored in its state.
    """

    __slots__ = ("state",)
    _MULT = 6364136223846793005
    _INC = 1442695040888963407
    _MASK = (1 << 64) - 1

    def __init__(self, seed: int = 0, *, state: int | None = None):
        if state is not None:
            self.state = state & self._MASK
        else:
            self.state = 0
            self._step()
            self.state = (self.state + (int(seed) & self._MASK)) & self._MASK
            self._step()

    def _step(self) -> int:
        old = self.state
        self.state = (old * self._MULT + self._INC) & self._MASK
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def next_u32(self) -> int:
        return self._step()

    def randrange(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias."""
        if n <= 0:
            raise ValueError("randrange needs n > 0")
        if n == 1:
            return 0
        old = self.state
        # one _step, written out: this is the hottest call of every game's set-up and shuffles (the
        # output worked out as in shuffle)
        r = ((((old >> 18) ^ old) & 0x7FFFFFFF8000000) * 0x100000001 >> ((old >> 59) + 27)) & 0xFFFFFFFF
        if r >= n:
            # the rejection bound (2**32 - n) % n is below n, so no such r is rejected: skip working it out
            self.state = (old * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
            return r % n
        threshold = (0x100000000 - n) % n
        while True:
            new = (old * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
            xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
            rot = old >> 59
            r = ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF
            old = new
            if r >= threshold:
                self.state = new
                return r % n

    def randint(self, a: int, b: int) -> int:
        return a + self.randrange(b - a + 1)

    def random(self) -> float:
        return ((self._step() << 21) ^ self._step()) / float(1 << 53)

    def choice(self, seq):
        return seq[self.randrange(len(seq))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates with randrange(i + 1) for i from the end, its steps written out (same numbers)."""
        old = self.state
        size = len(items)
        for i, n in (_FISHER_YATES.get(size) or _fisher_yates(size)):
            # the rotation right by old >> 59 of the 32-bit xorshifted value x, as the low 32 bits of
            # (x:x) >> rot (x * 0x100000001 puts a copy of x above itself), with x left at bit 27 where
            # the xorshift puts it (masked there, and the shift by 27 joined to the rotation's): fewer
            # big-integer operations than _step
            r = ((((old >> 18) ^ old) & 0x7FFFFFFF8000000) * 0x100000001 >> ((old >> 59) + 27)) & 0xFFFFFFFF
            old = (old * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
            if r < n:
                # randrange's rejection bound is below n, so only such a rare r can be rejected
                threshold = (0x100000000 - n) % n
                while r < threshold:
                    r = (((((old >> 18) ^ old) >> 27) & 0xFFFFFFFF) * 0x100000001 >> (old >> 59)) & 0xFFFFFFFF
                    old = (old * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
            j = r % n
            items[i], items[j] = items[j], items[i]
        self.state = old

    def sample(self, seq, k: int) -> list:
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]

    def fork(self) -> "Rng":
        """A new independent generator seeded from this one (advances this one)."""
        return Rng(state=(self._step() << 32) | self._step())


# --------------------------------------------------------------------------- options and descriptors


@dataclass(frozen=True)
class Option:
    """One entry of a game's option schema; the setup screen is generated from these.

    kind: "choice" (value is one of ``choices``), "bool", "int" (``minimum``..``maximum``), or "data":
    plain JSON supplied by the app rather than picked on the setup screen (e.g. Misfit Heroes' deck
    pairing), checked by ``check(value)`` which returns the clean value or raises OptionError.
    ``label`` and each choice's label are i18n keys.
    """

    name: str
    kind: str
    default: Any
    label: str
    choices: tuple = ()
    minimum: int | None = None
    maximum: int | None = None
    help: str = ""
    check: Callable[[Any], Any] | None = field(default=None, compare=False, repr=False)

    def validate(self, value: Any) -> Any:
        if self.kind == "data":
            if value is None or value == self.default:
                return value
            if self.check is None:
                raise OptionError(f"option '{self.name}' takes no value here")
            try:
                return self.check(value)
            except OptionError:
                raise
            except (TypeError, ValueError, KeyError) as exc:
                raise OptionError(f"option '{self.name}' is not valid: {exc}") from None
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise OptionError(f"option '{self.name}' must be true or false, not {value!r}")
            return value
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionError(f"option '{self.name}' must be a whole number, not {value!r}")
            if (self.minimum is not None and value < self.minimum) or (self.maximum is not None and value > self.maximum):
                raise OptionError(f"option '{self.name}' must be between {self.minimum} and {self.maximum}, not {value}")
            return value
        if self.kind == "choice":
            if value not in self.choices:
                raise OptionError(f"option '{self.name}' must be one of {', '.join(map(str, self.choices))}, not {value!r}")
            return value
        raise OptionError(f"option '{self.name}' has an unknown kind {self.kind!r}")


@dataclass(frozen=True)
class GameInfo:
    """A game's descriptor. ``factory`` is None while the game's engine has not landed ("in preparation").

    ``factory(seed, players, options) -> GameState``; ``loader(data) -> GameState`` restores a
    snapshot; ``check_content()`` raises ContentError when a data file is broken.
    """

    id: str
    title: str                  # i18n key
    pitch: str                  # i18n key: one line for the menu tile
    min_players: int
    max_players: int
    coop: bool
    engine_version: int = 1
    options: tuple[Option, ...] = ()
    bot_levels: tuple[str, ...] = ()
    factory: Callable[..., "GameState"] | None = None
    loader: Callable[[dict], "GameState"] | None = None
    check_content: Callable[[], None] | None = None
    player_counts: tuple[int, ...] = ()

    @property
    def ready(self) -> bool:
        return self.factory is not None and self.loader is not None

    def counts(self) -> tuple[int, ...]:
        return self.player_counts or tuple(range(self.min_players, self.max_players + 1))

    def defaults(self) -> dict:
        return {o.name: o.default for o in self.options}

    def validate_options(self, players: int, options: dict) -> dict:
        if isinstance(players, bool) or not isinstance(players, int) or players not in self.counts():
            allowed = ", ".join(map(str, self.counts()))
            raise OptionError(f"{self.id} is played by {allowed} players, not {players!r}")
        if not options:
            return self.defaults()          # what the loop below gives for no options (every new random game)
        known = {o.name: o for o in self.options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise OptionError(f"{self.id} has no option named {', '.join(unknown)}")
        clean = self.defaults()
        for name, value in options.items():
            clean[name] = known[name].validate(value)
        return clean


@dataclass
class Result:
    """The end of a game as a value: outcome, winners, and each seat's score with its breakdown.

    For co-op games ``outcome`` is "win" or "loss" and scores may be empty. For competitive games
    ``outcome`` is "win" (one winner) or "shared" and each score equals the sum of its breakdown.
    """

    outcome: str
    winners: list[int]
    scores: dict[int, int] = field(default_factory=dict)
    breakdown: dict[int, dict[str, int]] = field(default_factory=dict)
    reason: str = ""            # i18n key saying why the game ended
    reason_params: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return {
            "outcome": self.outcome, "winners": list(self.winners),
            "scores": {str(k): v for k, v in self.scores.items()},
            "breakdown": {str(k): dict(v) for k, v in self.breakdown.items()},
            "reason": self.reason, "reason_params": dict(self.reason_params),
        }


# --------------------------------------------------------------------------- the dispatcher


class Dispatcher:
    """Routes rule events to subscribed triggered abilities (reactions, PASSIVE effects, B-sides...).

    Handlers are looked up by name in a game-provided table so the subscription list itself is
    plain data that serialises with the state.
    """

    def __init__(self, handlers: dict[str, Callable]):
        self._handlers = handlers

    def emit(self, state: "GameState", topic: str, subscriptions: Iterable[tuple[str, str, Any]], **payload: Any) -> list:
        """Call every ``(topic, handler_name, arg)`` subscription of ``topic`` in order; collect what they return."""
        out = []
        for sub_topic, name, arg in list(subscriptions):
            if sub_topic == topic:
                got = self._handlers[name](state, arg, **payload)
                if got:
                    out.extend(got)
        return out


# --------------------------------------------------------------------------- the state base


def edits_state(helper: Callable) -> Callable:
    """For helpers that edit a state by hand (test positions): the state is told it changed afterwards,
    so apply() does not trust a listing made before the edit."""
    import functools

    @functools.wraps(helper)
    def edit(state, *args, **kwargs):
        try:
            return helper(state, *args, **kwargs)
        finally:
            state.changed()
    return edit


def canonical_json(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


class QuietEvents(threading.local):
    """Per thread: whether the action being applied is applied to a quiet state (a bot's search copy, see
    ``GameState.quiet``). A game whose event builder is a module function (no state at hand) reads ``on``
    and hands back a placeholder instead of building an event nothing will read. Per thread, as a bot may
    search while the table applies the real game's moves."""
    on = False

    def apply(self, state: "GameState", apply_events: Callable, action: "Action") -> list:
        """``apply_events(action)`` with ``on`` set to ``state.quiet`` while it runs."""
        was = self.on
        if state.quiet is was:
            return apply_events(action)
        self.on = state.quiet
        try:
            return apply_events(action)
        finally:
            self.on = was


QUIET_EVENTS = QuietEvents()


class GameState:
    """Base of every game's state. Subclasses set ``GAME_ID`` and ``ENGINE_VERSION`` and fill the hooks.

    Game hooks: ``_legal()``, ``_apply(action) -> list[Event]``, ``current_seat()``, ``pending()``,
    ``is_over()``, ``result()``, ``_dump() -> dict``, ``_load(data)`` (classmethod), and optionally
    ``_redact(seat, rng)`` (hide what a seat cannot see), ``explain(source, target)``,
    ``invariants()``, ``evaluate(seat)`` (for greedy bots), ``summary()`` (for save lists).
    Attributes every state has: ``rng`` (Rng), ``players`` (int), ``options`` (dict), ``seed`` (int).
    """

    GAME_ID = ""
    ENGINE_VERSION = 1

    rng: Rng
    players: int
    options: dict
    seed: int

    # ---------------------------------------------------------------- game hooks
    def _legal(self) -> list[Action]:
        raise NotImplementedError

    def _apply(self, action: Action) -> list[Event]:
        raise NotImplementedError

    def current_seat(self) -> int | None:
        raise NotImplementedError

    def pending(self) -> Decision | None:
        raise NotImplementedError

    def is_over(self) -> bool:
        raise NotImplementedError

    def result(self) -> Result | None:
        raise NotImplementedError

    def _dump(self) -> dict:
        raise NotImplementedError

    @classmethod
    def _load(cls, data: dict) -> "GameState":
        raise NotImplementedError

    def _redact(self, seat: int, rng: Rng) -> None:
        """Shuffle, inside this copy, everything ``seat`` cannot see (other hands, deck order)."""

    def explain(self, source: str | None, target: str | None) -> IllegalAction:
        """Why dropping ``source`` on ``target`` is not a legal move now (games give precise reasons)."""
        if source is not None and not any(a.source == source for a in self.legal_actions()):
            return IllegalAction("cannot_move_now", "That piece cannot be used right now.")
        return IllegalAction("bad_target", "That cannot go there.")

    def invariants(self) -> list[str]:
        """Problems found in the state (components not conserved, negative counts...); empty when sound."""
        return []

    def evaluate(self, seat: int) -> float:
        """Heuristic value of this state for ``seat`` (higher is better), used by greedy bots."""
        return 0.0

    def summary(self) -> dict:
        """A few facts for save lists: e.g. {"round": 3}."""
        return {}

    def stats(self) -> dict[str, int]:
        """Facts about the game so far for the results screen, keyed by i18n label: e.g. rounds played."""
        return {}

    # ---------------------------------------------------------------- the contract
    # The list legal_actions() last returned, kept so that apply() need not list the actions a second time
    # to check the one chosen from it. Only the methods below set it; anything that changes the state
    # clears it (apply, apply_unchecked, view's redaction, and changed() for code that edits a state by
    # hand, such as the test helpers). Copies made with __new__ start without one (this class default).
    _legal_memo: tuple | None = None

    # A search copy: bots set it on the copies they search (clone() and view() carry it), and the games
    # then skip building the events apply() returns, which nothing in a search reads (an apply on a quiet
    # state may return placeholder or fewer events; the state itself changes exactly as it would
    # otherwise). Never set on a game's real state; not part of the dump, so not of the digest.
    quiet: bool = False

    def changed(self) -> None:
        """Say the state was edited other than through apply(): the next apply() lists the actions afresh."""
        self._legal_memo = None

    def legal_actions(self, source: str | None = None) -> list[Action]:
        """The one truth about what may happen now, in a deterministic order; optionally filtered by ``source``."""
        if self.is_over():
            self._legal_memo = None
            return []
        actions = self._legal()
        self._legal_memo = tuple(actions)
        if source is not None:
            actions = [a for a in actions if a.source == source]
        return actions

    def is_legal(self, action: Action) -> bool:
        return action in self.legal_actions()

    def apply(self, action: Action) -> list[Event]:
        """Check, then mutate, then return events. An illegal action raises and changes nothing.

        An action from the list legal_actions() just returned for this state is trusted; any other is
        checked against a fresh listing."""
        if not isinstance(action, Action):
            raise IllegalAction("not_an_action", "That is not an action.")
        memo = self._legal_memo
        self._legal_memo = None
        # the chosen action is usually the very object listed: look for it by identity (a C-level scan)
        # before comparing field by field
        if memo is None or not (any(map(operator.is_, memo, repeat(action))) or action in memo):
            if self.is_over():
                raise IllegalAction("game_over", "The game is over.")
            if action not in self._legal():
                if action.source is not None or action.target is not None:
                    raise self.explain(action.source, action.target)
                raise IllegalAction("not_legal", "That move is not allowed now.")
        return self._apply(action)

    def apply_unchecked(self, action: Action) -> list[Event]:
        """For search: skip the legality check (the caller took the action from legal_actions())."""
        self._legal_memo = None
        return self._apply(action)

    def clone(self) -> "GameState":
        # the copy starts without the listing memo (mapping it to None in deepcopy's table) instead of copying it
        return copy.deepcopy(self, {id(self._legal_memo): None} if self._legal_memo is not None else None)

    def view(self, seat: int, rng: Rng | None = None) -> "GameState":
        """A copy as ``seat`` may know it: hidden cards dealt anew at random, the RNG reseeded.

        Bots decide from views (determinisation), never from the real state.
        """
        rng = rng if rng is not None else Rng(self.rng.state ^ 0x9E3779B97F4A7C15 ^ seat)
        copy_ = self.clone()
        copy_.rng = rng.fork()
        copy_._redact(seat, rng)
        copy_._legal_memo = None
        return copy_

    def to_json(self) -> dict:
        return {
            "schema": SCHEMA,
            "game": self.GAME_ID,
            "engine_version": self.ENGINE_VERSION,
            "state": self._dump(),
        }

    def digest(self) -> str:
        return hashlib.sha256(canonical_json(self.to_json()).encode("utf-8")).hexdigest()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.GAME_ID} seat={self.current_seat()} digest={self.digest()[:12]}>"
