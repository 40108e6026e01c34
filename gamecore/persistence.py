"""Versioned JSON saves, atomic writes and the user's directories (platformdirs, app "TabletopDojo").

A save is ``{schema, kind, game, engine_version, seed, players, options, seats, mode, actions,
snapshot, meta}``. Loading replays the actions from the seed and checks the snapshot's digest, so a
save doubles as a replay. Nothing here ever writes to a file it is reading; a file that cannot be
used gives a :class:`SaveError` with a sentence a player can read.
"""
from __future__ import annotations

import json
import os
import re
import stat
import tempfile
from dataclasses import dataclass
from datetime import datetime, timezone
from itertools import accumulate
from pathlib import Path
from typing import Any

APP_NAME = "TabletopDojo"
SAVE_SCHEMA = 1
SAVE_KIND = "tabletop-dojo-save"
MAX_SAVE_BYTES = 16 * 1024 * 1024
MAX_NESTING = 64
AUTOSAVE_NAME = "autosave.json"


class SaveError(Exception):
    """A save or settings file that cannot be used; ``str(exc)`` is the message for the player. When
    the problem has a translated wording, ``code``/``params`` name it (i18n key ``file.<code>``)."""

    def __init__(self, message: str = "", code: str = "", **params):
        super().__init__(message)
        self.code = code
        self.params = params


class StorageUnavailable(SaveError):
    """The user directory is missing and cannot be made, read-only, or full."""


def _dirs():
    from platformdirs import PlatformDirs  # read XDG variables at call time

    return PlatformDirs(APP_NAME, appauthor=False)


def data_dir() -> Path:
    return Path(_dirs().user_data_dir)


def config_dir() -> Path:
    return Path(_dirs().user_config_dir)


def saves_dir() -> Path:
    return data_dir() / "saves"


def autosave_path() -> Path:
    return data_dir() / AUTOSAVE_NAME


def ensure_dir(path: Path) -> Path:
    """Create ``path`` if needed; StorageUnavailable when it cannot be made or written."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StorageUnavailable(f"cannot create {path}: {exc.strerror or exc}") from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise StorageUnavailable(f"{path} is read-only")
    return path


def storage_problem() -> str | None:
    """None when saves can be written, else a sentence saying why not."""
    try:
        ensure_dir(saves_dir())
        probe_dir = ensure_dir(data_dir())
        remove_stale_temp_files(probe_dir)
        remove_stale_temp_files(saves_dir())
        fd, probe = tempfile.mkstemp(prefix=".probe-", dir=probe_dir)
        try:
            os.write(fd, b"ok")
        finally:
            os.close(fd)
            os.unlink(probe)
    except StorageUnavailable as exc:
        return str(exc)
    except OSError as exc:
        return f"cannot write to {data_dir()}: {exc.strerror or exc}"
    return None


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` all or nothing: a temp file in the same folder, fsync, os.replace."""
    path = Path(path)
    ensure_dir(path.parent)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise StorageUnavailable(f"could not write {path.name}: {exc.strerror or exc}") from None
        raise


def remove_stale_temp_files(folder: Path) -> int:
    """Delete temp files an interrupted atomic write left behind (the real files were never touched)."""
    removed = 0
    try:
        candidates = list(Path(folder).glob(".*.tmp"))
    except OSError:
        return 0
    for path in candidates:
        try:
            path.unlink()
            removed += 1
        except OSError:
            pass
    return removed


def atomic_write_json(path: Path, data: Any) -> None:
    atomic_write_text(path, json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True))


def _depth(value: Any, limit: int) -> int:
    stack = [(value, 1)]
    deepest = 0
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        if deepest > limit:
            return deepest
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return deepest


class FileProblem(Exception):
    """A file that cannot be used as JSON data; ``str(exc)`` says what is wrong in English (without the
    file name); ``code`` and ``params`` name the same for a translated message (i18n key ``file.<code>``)."""

    def __init__(self, text: str, code: str = "damaged", **params):
        super().__init__(text)
        self.code = code
        self.params = params


MAX_NUMBER_DIGITS = 400         # far beyond any count, seed or score; Python refuses 4,300 anyway
_STRING_RE = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)    # a whole string, escapes included
_NOT_BRACKET_RE = re.compile(r'[^\[\]{}]+')
_BRACKET_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def read_limited(path: Path, max_bytes: int) -> bytes:
    """The bytes of a regular file, never more than ``max_bytes``; FileProblem otherwise.

    The file is opened without blocking and checked on the open descriptor, so a FIFO, a device, a
    folder or a symlink to /dev/zero in its place is refused at once instead of hanging the app or
    filling memory, and a file swapped after a check cannot slip through.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise FileProblem("does not exist", "missing") from None
    except IsADirectoryError:
        raise FileProblem("is a folder, not a file", "folder") from None
    except OSError as exc:
        raise FileProblem(f"cannot be read ({exc.strerror or exc})", "unreadable", why=str(exc.strerror or exc)) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise FileProblem("is a folder, not a file", "folder")
        if not stat.S_ISREG(info.st_mode):
            raise FileProblem("is not a regular file (a device, pipe or socket)", "not_regular")
        if info.st_size > max_bytes:
            raise FileProblem(f"is too large ({info.st_size // 1024} KiB, at most {max_bytes // 1024} KiB)", "too_large",
                              limit=max_bytes // 1024)
        chunks = []
        total = 0
        while True:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > max_bytes:       # it grew after the check
                raise FileProblem(f"is too large (more than {max_bytes // 1024} KiB)", "too_large", limit=max_bytes // 1024)
        return b"".join(chunks)
    except OSError as exc:
        raise FileProblem(f"cannot be read ({exc.strerror or exc})", "unreadable", why=str(exc.strerror or exc)) from None
    finally:
        os.close(fd)


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise FileProblem(f"holds a number of {len(text.lstrip('-'))} digits", "huge_number")
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > MAX_NUMBER_DIGITS:
        raise FileProblem(f"holds a number of {len(text)} characters", "huge_number")
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise FileProblem(f"holds a number too large to use ({text[:20]})", "huge_number")
    return value


def _parse_constant(name: str):
    raise FileProblem(f"holds {name}, which is not a number JSON allows", "bad_number")


def nesting_depth(text: str) -> int:
    """How deep ``[`` and ``{`` nest in a JSON text, not counting brackets inside strings."""
    brackets = _NOT_BRACKET_RE.sub("", _STRING_RE.sub("", text))     # strings out, then all but brackets
    if not brackets:
        return 0
    return max(0, max(accumulate(map(_BRACKET_STEP.__getitem__, brackets))))


def parse_json_bytes(raw: bytes, *, max_nesting: int = MAX_NESTING) -> Any:
    """Decode UTF-8 JSON defensively (nesting, number length, NaN); FileProblem saying what is wrong."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileProblem(f"is not a text file (not UTF-8 at byte {exc.start})", "not_utf8") from None
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip():
        raise FileProblem("is empty", "empty")
    if nesting_depth(text) > max_nesting:       # refuse absurd nesting before json recursion does
        raise FileProblem("is nested too deeply", "too_deep")
    try:
        return json.loads(text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant)
    except json.JSONDecodeError as exc:
        raise FileProblem(f"is damaged or truncated (JSON error at line {exc.lineno}: {exc.msg})", "damaged",
                          line=exc.lineno) from None
    except RecursionError:
        raise FileProblem("is nested too deeply", "too_deep") from None
    except ValueError as exc:               # e.g. Python's int-size limit, should a hook be bypassed
        raise FileProblem(f"holds a value that cannot be read ({str(exc)[:80]})", "bad_value") from None


def read_json(path: Path, *, max_bytes: int = MAX_SAVE_BYTES) -> Any:
    """Parse a JSON file defensively (regular file, size, nesting and number limits); SaveError naming
    the file and what is wrong otherwise."""
    path = Path(path)
    try:
        return parse_json_bytes(read_limited(path, max_bytes))
    except FileProblem as exc:
        raise SaveError(f"{path.name} {exc}", exc.code, **exc.params) from None


def keep_aside(path: Path) -> Path | None:
    """Rename a damaged user file to ``<name>.damaged-<UTC time>`` beside it (never overwriting
    anything) so the app can start fresh without losing it; the new path, or None when it cannot be
    renamed (then nothing was changed)."""
    path = Path(path)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    for n in range(100):
        target = path.with_name(f"{path.name}.damaged-{stamp}" + (f"-{n}" if n else ""))
        if os.path.lexists(target):
            continue
        try:
            os.rename(path, target)      # a link is moved as a link, a pipe as a pipe: nothing is read
        except FileNotFoundError:
            return None
        except OSError:
            return None
        return target
    return None


def clip(value: Any, limit: int = 80) -> str:
    """A value from a file as display text: a string cut to ``limit`` characters (with an ellipsis),
    control characters removed; anything that is not a string gives ""."""
    if not isinstance(value, str):
        return ""
    text = value[: limit + 1]
    text = "".join(ch if ch.isprintable() else " " for ch in text)
    if len(text) > limit:
        text = text[: limit - 1].rstrip() + "\u2026"
    return text


def _count(value: Any, lo: int = 0, hi: int = 10**6) -> int | None:
    """An int a file shows (round, turn, players), or None when it is not a plain int in range."""
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        return None
    return value


@dataclass
class SaveEntry:
    """One line of the load list; ``error`` is set (and the rest may be empty) for an unusable file."""

    path: Path
    game: str = ""
    saved_at: str = ""
    label: str = ""
    summary: dict | None = None
    seats: list | None = None
    players: int = 0
    over: bool = False           # the saved game had ended
    error: str | None = None
    error_code: str = ""         # with error_params: the translated wording of the error (i18n file.<code>)
    error_params: dict | None = None


def check_save_shape(data: Any, name: str = "the file") -> dict:
    """The save's top-level fields, checked; SaveError naming the first problem."""
    if not isinstance(data, dict):
        raise SaveError(f"{name} is not a Tabletop Dojo save", "not_a_save")
    if data.get("kind") != SAVE_KIND:
        raise SaveError(f"{name} is not a Tabletop Dojo save", "not_a_save")
    if data.get("schema") != SAVE_SCHEMA:
        raise SaveError(f"{name} was written by a newer or unknown version "
                        f"(save schema {clip(repr(data.get('schema')), 24)})", "newer_schema")
    expected = {
        "game": str, "engine_version": int, "seed": int, "players": int, "options": dict,
        "actions": list, "snapshot": dict, "seats": list, "mode": str,
    }
    for key, kind in expected.items():
        value = data.get(key)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise SaveError(f"{name} is damaged (field '{key}' is missing or wrong)", "bad_field", field=key)
    if not isinstance(data["snapshot"].get("digest"), str):
        raise SaveError(f"{name} is damaged (field 'snapshot.digest' is missing or wrong)", "bad_field",
                        field="snapshot.digest")
    meta = data.get("meta", {})
    if not isinstance(meta, dict):
        raise SaveError(f"{name} is damaged (field 'meta' is wrong)", "bad_field", field="meta")
    return data


LABEL_CHARS = 80          # a save label as the Load list and the menu show it
STAMP_CHARS = 32


def summary_counts(summary: Any) -> dict:
    """The round/turn numbers of a save's ``meta.summary`` that are plain ints in range (others dropped)."""
    out = {}
    if isinstance(summary, dict):
        for key in ("round", "turn"):
            value = _count(summary.get(key))
            if value is not None:
                out[key] = value
    return out


def entry_from_save(path: Path, data: dict) -> SaveEntry:
    """A load-list line from a checked save: every shown field type-checked and cut to display length."""
    meta = data.get("meta", {})
    label = clip(meta.get("label"), LABEL_CHARS) or clip(path.stem, LABEL_CHARS)
    seats = [s for s in data["seats"] if isinstance(s, dict)][:16]
    return SaveEntry(path=path, game=clip(data["game"], 40), saved_at=clip(meta.get("saved_at"), STAMP_CHARS),
                     label=label, summary=summary_counts(meta.get("summary")), seats=seats,
                     players=_count(data["players"], 0, 99) or 0, over=meta.get("over") is True)


def list_saves(folder: Path | None = None) -> list[SaveEntry]:
    """Every *.json save in the saves folder, newest first; unreadable files are listed with their error."""
    folder = Path(folder) if folder is not None else saves_dir()
    entries: list[SaveEntry] = []
    try:
        paths = sorted(p for p in folder.glob("*.json") if not p.name.startswith("."))
    except OSError:
        return entries
    for path in paths:
        try:
            entries.append(entry_from_save(path, check_save_shape(read_json(path), clip(path.name, LABEL_CHARS))))
        except SaveError as exc:
            entries.append(SaveEntry(path=path, label=clip(path.stem, LABEL_CHARS), error=clip(str(exc), 200),
                                     error_code=exc.code, error_params=dict(exc.params)))
    entries.sort(key=lambda e: (e.saved_at, e.path.name), reverse=True)
    return entries


def now_stamp() -> str:
    return datetime.now(timezone.utc).astimezone().strftime("%Y-%m-%d %H:%M:%S")


def safe_filename(label: str) -> str:
    cleaned = "".join(ch if ch.isalnum() or ch in "-_ " else "_" for ch in label).strip()
    return (cleaned or "save")[:60].replace(" ", "_")
