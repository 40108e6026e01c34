"""Table scenes, one package per game: ``ui/games/<id>/__init__.py`` exposes ``TABLE_SCENE`` (a
TableScene subclass) and optionally ``prepare_options(options)``. A game without one is not playable."""
from __future__ import annotations

import importlib
import importlib.util


def _package(game_id: str):
    """The game's table package, or None when it has not landed."""
    name = f"ui.games.{game_id}"
    try:
        if importlib.util.find_spec(name) is None:
            return None
    except (ImportError, ValueError):
        return None
    return importlib.import_module(name)


def table_for(game_id: str):
    """The TableScene subclass for ``game_id``, or None when that game's table has not landed."""
    return getattr(_package(game_id), "TABLE_SCENE", None)


def prepare_options(game_id: str, options: dict) -> dict:
    """Let the game's table package fill options the app supplies (kind "data"), e.g. a saved deck."""
    hook = getattr(_package(game_id), "prepare_options", None)
    return hook(options) if hook else options


def extra_screen(game_id: str):
    """A game's own extra screen as (button label key, Scene class), e.g. the Misfit Heroes deck remix; else None."""
    return getattr(_package(game_id), "EXTRA_SCREEN", None)


def open_table(app, session, **args) -> str | None:
    """Switch to the session's table (``review=True``: a finished game stays on the table instead of
    going to the results); returns None, or the message to show when there is no table."""
    from ui.i18n import t

    table = table_for(session.game)
    if table is None:
        return t("menu.not_playable")
    app.scenes.switch(table, session=session, **args)
    return None


_content_problems: dict[str, str | None] = {}


def content_problem(info) -> str | None:
    """The message of a broken content file of this game (checked once per run), else None."""
    if info.id not in _content_problems:
        problem = None
        if info.ready and info.check_content is not None:
            from gamecore import ContentError

            try:
                info.check_content()
            except ContentError as exc:
                problem = str(exc)
        _content_problems[info.id] = problem
    return _content_problems[info.id]


def content_checked(info) -> bool:
    """Whether this run has checked the game's content yet (the menu draws its first frame before)."""
    return info.id in _content_problems


_has_table: dict[str, bool] = {}


def has_table(game_id: str) -> bool:
    """Whether the game's table package is there, found without importing it (the menu asks this for
    every tile before its first frame; the table is imported only when it is opened)."""
    if game_id not in _has_table:
        try:
            spec = importlib.util.find_spec(f"ui.games.{game_id}")
            # a folder without __init__.py (a table still being built) is a namespace package: not a table
            _has_table[game_id] = spec is not None and spec.origin is not None
        except (ImportError, ValueError):
            _has_table[game_id] = False
    return _has_table[game_id]


def playable(info) -> bool:
    return info.ready and has_table(info.id) and content_problem(info) is None
