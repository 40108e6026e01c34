"""Versioned JSON saves, atomic writes and the user's directories (platformdirs, app "TabletopDojo").

A save is ``{schema, kind, game, engine_version, seed, players, options, seats, mode, actions,
snapshot, meta}``. Loading replays the actions from the seed and checks the snapshot's digest, so a
save doubles as a replay. Nothing here ever writes to a file it is reading; a file that cannot be
used gives a :class:`SaveError` with a sentence a player can read.
"""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

APP_NAME = "TabletopDojo"
SAVE_SCHEMA = 1
SAVE_KIND = "tabletop-dojo-save"
MAX_SAVE_BYTES = 16 * 1024 * 1024
MAX_NESTING = 64
AUTOSAVE_NAME = "autosave.json"


class SaveError(Exception):
    """A save or settings file that cannot be used; ``str(exc)`` is the message for the player."""


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


def read_json(path: Path, *, max_bytes: int = MAX_SAVE_BYTES) -> Any:
    """Parse a JSON file defensively (size and nesting limits); SaveError with a clear message otherwise."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > max_bytes:
            raise SaveError(f"{path.name} is too large to be a save ({size // 1024} KiB)")
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"{path.name} does not exist") from None
    except OSError as exc:
        raise SaveError(f"{path.name} cannot be read: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"{path.name} is not a text file") from None
    if not text.strip():
        raise SaveError(f"{path.name} is empty")
    # Refuse absurd nesting before json recursion does.
    depth = 0
    deepest = 0
    for ch in text:
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if deepest > MAX_NESTING:
                raise SaveError(f"{path.name} is not a save (nested too deeply)")
        elif ch in "]}":
            depth -= 1
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(f"{path.name} is damaged or truncated (JSON error at line {exc.lineno})") from None
    except RecursionError:
        raise SaveError(f"{path.name} is not a save (nested too deeply)") from None


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


def check_save_shape(data: Any, name: str = "the file") -> dict:
    """The save's top-level fields, checked; SaveError naming the first problem."""
    if not isinstance(data, dict):
        raise SaveError(f"{name} is not a Tabletop Dojo save")
    if data.get("kind") != SAVE_KIND:
        raise SaveError(f"{name} is not a Tabletop Dojo save")
    if data.get("schema") != SAVE_SCHEMA:
        raise SaveError(f"{name} was written by a newer or unknown version (save schema {data.get('schema')!r})")
    expected = {
        "game": str, "engine_version": int, "seed": int, "players": int, "options": dict,
        "actions": list, "snapshot": dict, "seats": list, "mode": str,
    }
    for key, kind in expected.items():
        value = data.get(key)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise SaveError(f"{name} is damaged (field '{key}' is missing or wrong)")
    if not isinstance(data["snapshot"].get("digest"), str):
        raise SaveError(f"{name} is damaged (field 'snapshot.digest' is missing or wrong)")
    meta = data.get("meta", {})
    if not isinstance(meta, dict):
        raise SaveError(f"{name} is damaged (field 'meta' is wrong)")
    return data


def list_saves(folder: Path | None = None) -> list[SaveEntry]:
    """Every *.json save in the saves folder, newest first; unreadable files are listed with their error."""
    folder = Path(folder) if folder is not None else saves_dir()
    entries: list[SaveEntry] = []
    try:
        paths = [p for p in folder.glob("*.json") if p.is_file()]
    except OSError:
        return entries
    for path in paths:
        try:
            data = check_save_shape(read_json(path), path.name)
            meta = data.get("meta", {})
            entries.append(SaveEntry(
                path=path, game=data["game"], saved_at=str(meta.get("saved_at", "")),
                label=str(meta.get("label", path.stem)), summary=meta.get("summary") if isinstance(meta.get("summary"), dict) else {},
                seats=data["seats"], players=data["players"], over=meta.get("over") is True))
        except SaveError as exc:
            entries.append(SaveEntry(path=path, label=path.stem, error=str(exc)))
    entries.sort(key=lambda e: (e.saved_at, e.path.name), reverse=True)
    return entries


def now_stamp() -> str:
    return datetime.now(timezone.utc).astimezone().strftime("%Y-%m-%d %H:%M:%S")


def safe_filename(label: str) -> str:
    cleaned = "".join(ch if ch.isalnum() or ch in "-_ " else "_" for ch in label).strip()
    return (cleaned or "save")[:60].replace(" ", "_")
