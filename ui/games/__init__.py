"""Table scenes, one package per game (ui/games/<id>/ exposing TABLE). A game without one is not playable."""
from __future__ import annotations

import importlib
import importlib.util


def table_for(game_id: str):
    """The TableScene subclass for ``game_id``, or None when that game's table has not landed."""
    name = f"ui.games.{game_id}"
    try:
        if importlib.util.find_spec(name) is None:
            return None
    except (ImportError, ValueError):
        return None
    module = importlib.import_module(name)
    return getattr(module, "TABLE", None)


def playable(info) -> bool:
    return info.ready and table_for(info.id) is not None
