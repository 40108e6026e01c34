"""The Misfit Heroes table (``TABLE_SCENE``), the remix screen (``RemixScene``) and the hook that hands
the player's saved deck to every new game (``prepare_options``)."""
from __future__ import annotations

import random

from gamecore.engine import Rng


def report_deck_problem(file: str, reason: str, kept: str | None, error=None) -> None:
    """Say that the saved deck could not be used, where it was kept, and that a fresh deck was dealt."""
    from ui import notices

    if getattr(error, "code", ""):
        reason = notices.reason(error)
    if kept is None:
        notices.post("notice.deck_not_kept", file=file, reason=reason,
                     fallback="The Misfit Heroes deck file {file} could not be used: {reason}.")
    else:
        notices.post("notice.deck_damaged", file=file, reason=reason, kept=kept,
                     fallback="The Misfit Heroes deck file {file} could not be used: {reason}. It was kept as {kept}.")


def prepare_options(options: dict) -> dict:
    """``options`` with "pairing" set to the player's saved deck (a fresh random deck is dealt and
    saved atomically the first time; a damaged deck file is kept aside and reported first)."""
    from gamecore.misfits import deck

    out = dict(options)
    out["pairing"] = deck.current_pairing(Rng(random.randrange(1, 2**31)), on_problem=report_deck_problem)
    return out


def __getattr__(name):
    # the scenes pull in pygame_gui: import them only when asked for
    if name == "TABLE_SCENE":
        from .table import MisfitsTable
        return MisfitsTable
    if name == "RemixScene":
        from .remix import RemixScene
        return RemixScene
    if name == "EXTRA_SCREEN":      # (button label key, scene) offered by the setup and results screens
        from .remix import RemixScene
        return ("misfits.remix.open", RemixScene)
    raise AttributeError(name)
