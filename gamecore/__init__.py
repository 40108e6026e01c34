"""Tabletop Dojo's rules engines: pure Python, no pygame.

    import gamecore
    gamecore.games()                              # every registered game's descriptor
    state = gamecore.start("misfits", seed=7, players=3, variant=...)
    state.legal_actions(); state.apply(action); state.to_json(); gamecore.restore(data)
"""
from __future__ import annotations

import importlib
from typing import Any

from .engine import (
    Action, ContentError, Decision, Event, GameInfo, GameState, IllegalAction, Option, OptionError,
    Result, Rng, SCHEMA,
)

__all__ = [
    "Action", "ContentError", "Decision", "Event", "GameInfo", "GameState", "IllegalAction", "Option",
    "OptionError", "Result", "Rng", "SCHEMA", "games", "game", "register", "start", "restore",
    "RestoreError",
]

# The shipped games, in menu order. Each package exposes INFO; a package whose engine has not landed
# exposes a descriptor without a factory and is shown as "in preparation".
_BUILTIN = ("rangers", "misfits", "galaxy", "barricades")
_registry: dict[str, GameInfo] = {}
_loaded = False


class RestoreError(ValueError):
    """A snapshot or save that cannot be turned back into a state; the message says why."""


def _load_builtin() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for name in _BUILTIN:
        module = importlib.import_module(f"gamecore.{name}")
        info = getattr(module, "INFO")
        _registry.setdefault(info.id, info)


def register(info: GameInfo) -> None:
    """Add (or replace) a game descriptor; used by the shipped packages and by test games."""
    _load_builtin()
    _registry[info.id] = info


def unregister(game_id: str) -> None:
    _registry.pop(game_id, None)


def games(*, ready_only: bool = False) -> list[GameInfo]:
    _load_builtin()
    infos = list(_registry.values())
    return [i for i in infos if i.ready] if ready_only else infos


def game(game_id: str) -> GameInfo:
    _load_builtin()
    try:
        return _registry[game_id]
    except KeyError:
        raise OptionError(f"no game with id {game_id!r}; known: {', '.join(_registry)}") from None


def start(game_id: str, seed: int = 0, players: int | None = None, **options: Any) -> GameState:
    """A new game. Options are validated against the game's schema with a clear error if bad."""
    info = game(game_id)
    if not info.ready:
        raise OptionError(f"{game_id} is in preparation and cannot be played yet")
    if players is None:
        players = info.counts()[0]
    clean = info.validate_options(players, options)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OptionError(f"the seed must be a whole number, not {seed!r}")
    if info.check_content is not None:
        info.check_content()
    return info.factory(seed, players, clean)


def restore(data: Any) -> GameState:
    """The state a ``to_json()`` dict describes. Raises RestoreError for anything foreign or broken."""
    if not isinstance(data, dict):
        raise RestoreError("a snapshot must be a JSON object")
    if data.get("schema") != SCHEMA:
        raise RestoreError(f"unknown snapshot schema {data.get('schema')!r}")
    game_id = data.get("game")
    _load_builtin()
    info = _registry.get(game_id) if isinstance(game_id, str) else None
    if info is None or not info.ready:
        raise RestoreError(f"the snapshot is of an unknown game {game_id!r}")
    if data.get("engine_version") != info.engine_version:
        raise RestoreError(
            f"the snapshot was made by {game_id} engine version {data.get('engine_version')!r}; "
            f"this build has version {info.engine_version}")
    state = data.get("state")
    if not isinstance(state, dict):
        raise RestoreError("the snapshot has no state object")
    try:
        return info.loader(state)
    except RestoreError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise RestoreError(f"the {game_id} snapshot is damaged ({type(exc).__name__}: {exc})") from None
