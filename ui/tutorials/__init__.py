"""The guided first games (one script per game that has one) and the coach a table gets for them.

``script_for(game)`` is the lesson of a game (None where there is none yet); ``coach_for(session)`` is
the coach of a session that is that lesson's game (a guided game is an ordinary session: it is told
apart by its fixed seed, seats and stacked deck, so it saves and resumes like any other).
"""
from __future__ import annotations

from importlib import import_module

SCRIPTS = {"rangers": "ui.tutorials.rangers", "misfits": "ui.tutorials.misfits", "galaxy": "ui.tutorials.galaxy",
           "barricades": "ui.tutorials.barricades"}


def script_for(game: str):
    name = SCRIPTS.get(game)
    return import_module(name).SCRIPT if name else None


def coach_for(session):
    script = script_for(session.game)
    if script is None or not script.matches(session):
        return None
    from ui.table.coach import Coach

    return Coach(script, session)
