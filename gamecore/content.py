"""One content-loading and checking path for every game (assets/data/<game>/*.json).

Every game reads its data files through :func:`read_content` and checks them with a :class:`Checker`,
so a gap closed here is closed for all games. Everything that goes wrong ends in a
:class:`~gamecore.engine.ContentError` ``(file, field path, problem)``, which the menu turns into the
game's "data error" tile while the other games stay playable.

API
---
``read_content(directory, name, max_bytes=MAX_CONTENT_BYTES) -> Any``
    The parsed JSON of ``directory / name``. Refused, with field ``(file)``: a missing file, a folder,
    a FIFO or device in its place (opened without blocking, checked on the descriptor), a file over
    ``max_bytes``, bytes that are not UTF-8, invalid JSON (with its line), nesting deeper than 64,
    numbers of more than 400 digits, NaN/Infinity.

``Checker(file)`` — field checks that raise ContentError naming ``file`` and the field path:
    ``fail(path, problem)``; ``obj(value, path)`` an object; ``lst(value, path, nonempty=False,
    max_len=MAX_LIST)`` a list; ``need(d, key, path, kind, choices=, minimum=, maximum=,
    optional=False)`` a field of ``d`` of type ``kind`` (``int`` refuses bools; ints are always kept
    within ``MAX_INT`` unless a ``maximum`` is given); ``int_(d, key, path, lo, hi, optional=False)``;
    ``count(d, key, path, hi=MAX_COUNT)`` a copy count 1..hi (so a count of 10**9 is refused before
    anything is built); ``id_(d, key, path, prefix="")`` a non-empty id string of at most 80
    characters; ``ref(value, path, known, what)`` a string naming one of ``known`` (a list or a number
    in place of an id is refused, never hashed); ``choice(d, key, path, allowed, optional=False)``;
    ``keys(d, path, allowed)`` no unknown fields.

``load_guarded(file_hint, build)``
    Runs ``build()`` and turns any exception that escaped the checks (KeyError, TypeError, ...) into a
    ContentError naming ``file_hint``, so a gap in a game's checks still gives a data-error tile, never
    a crash or a hang of the app.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from gamecore.engine import ContentError
from gamecore.persistence import FileProblem, parse_json_bytes, read_limited

MAX_CONTENT_BYTES = 4 * 1024 * 1024
MAX_LIST = 5000            # items in any one list of a data file
MAX_COUNT = 100            # copies of one card
MAX_INT = 10**6            # any whole number a data file holds, unless the field says otherwise
MAX_ID_CHARS = 80


def read_content(directory: Path | str, name: str, *, max_bytes: int = MAX_CONTENT_BYTES) -> Any:
    """The JSON data of one content file; ContentError(name, "(file)", problem) when it cannot be used."""
    path = Path(directory) / name
    try:
        return parse_json_bytes(read_limited(path, max_bytes))
    except FileProblem as exc:
        raise ContentError(name, "(file)", str(exc)) from None


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class Checker:
    """Field checks for one data file; every failure raises ContentError(file, path, problem)."""

    def __init__(self, file: str):
        self.file = file

    def fail(self, path: str, problem: str):
        raise ContentError(self.file, path, problem)

    def obj(self, value: Any, path: str) -> dict:
        if not isinstance(value, dict):
            self.fail(path, f"must be an object, not {type(value).__name__}")
        return value

    def lst(self, value: Any, path: str, nonempty: bool = False, max_len: int = MAX_LIST) -> list:
        if not isinstance(value, list):
            self.fail(path, f"must be a list, not {type(value).__name__}")
        if nonempty and not value:
            self.fail(path, "must not be empty")
        if len(value) > max_len:
            self.fail(path, f"has {len(value)} items, at most {max_len}")
        return value

    def need(self, d: Any, key: str, path: str, kind: type, *, choices: Iterable | None = None,
             minimum: int | None = None, maximum: int | None = None, optional: bool = False) -> Any:
        where = f"{path}.{key}" if path else key
        if not isinstance(d, dict):
            self.fail(path or "(top)", f"must be an object, not {type(d).__name__}")
        if key not in d:
            if optional:
                return None
            self.fail(where, "is missing")
        value = d[key]
        if kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                self.fail(where, f"must be a whole number, not {_show(value)}")
            top = MAX_INT if maximum is None else maximum
            if value > top:
                self.fail(where, f"must be at most {top}, not {value}")
            if value < -MAX_INT:
                self.fail(where, f"must be at least {-MAX_INT}, not {value}")
        elif not isinstance(value, kind):
            self.fail(where, f"must be {kind.__name__}, not {type(value).__name__}")
        if choices is not None:
            allowed = tuple(choices)
            if not isinstance(value, (str, int, float, bool, type(None))) or value not in allowed:
                self.fail(where, f"must be one of {', '.join(map(str, allowed))}, not {_show(value)}")
        if minimum is not None and value < minimum:
            self.fail(where, f"must be at least {minimum}, not {value}")
        if maximum is not None and kind is not int and value > maximum:
            self.fail(where, f"must be at most {maximum}, not {value}")
        return value

    def int_(self, d: Any, key: str, path: str, lo: int = 0, hi: int = 999, optional: bool = False) -> int | None:
        value = self.need(d, key, path, int, optional=optional, maximum=max(hi, MAX_INT))
        if value is None:
            return None
        if not lo <= value <= hi:
            self.fail(f"{path}.{key}" if path else key, f"must be between {lo} and {hi}, not {value}")
        return value

    def count(self, d: Any, key: str, path: str, hi: int = MAX_COUNT) -> int:
        return self.need(d, key, path, int, minimum=1, maximum=hi)

    def id_(self, d: Any, key: str, path: str, prefix: str = "") -> str:
        value = self.need(d, key, path, str)
        where = f"{path}.{key}" if path else key
        if not value or len(value) > MAX_ID_CHARS or not value.isprintable():
            self.fail(where, f"must be a short printable id, not {_show(value)}")
        if prefix and not value.startswith(prefix):
            self.fail(where, f"must start with {prefix!r}, not {_show(value)}")
        return value

    def ref(self, value: Any, path: str, known: Mapping | Iterable, what: str = "id") -> str:
        if not isinstance(value, str):
            self.fail(path, f"must name a {what} (a string), not {type(value).__name__}")
        if value not in known:
            self.fail(path, f"unknown {what} {_show(value)}")
        return value

    def choice(self, d: Any, key: str, path: str, allowed, optional: bool = False):
        if not isinstance(d, dict):
            self.fail(path or "(top)", f"must be an object, not {type(d).__name__}")
        if key not in d:
            if optional:
                return None
            self.fail(f"{path}.{key}", "is missing")
        value = d[key]
        if not isinstance(value, (str, int, float, bool, type(None))) or value not in allowed:
            self.fail(f"{path}.{key}", f"must be one of {', '.join(map(str, allowed))}, not {_show(value)}")
        return value

    def keys(self, d: dict, path: str, allowed: set):
        extra = sorted(k for k in d if k not in allowed)
        if extra:
            self.fail(f"{path}.{extra[0]}", "is not a known field")


def load_guarded(file_hint: str, build: Callable[[], Any]) -> Any:
    """``build()``, with any exception the checks missed turned into a ContentError naming the data."""
    try:
        return build()
    except ContentError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError, MemoryError,
            OverflowError) as exc:
        detail = str(exc)[:120]
        raise ContentError(file_hint, "(unchecked)", f"cannot be used ({type(exc).__name__}: {detail})") from None
