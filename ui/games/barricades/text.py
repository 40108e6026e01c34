"""The table's own words (``barricades.ui.*`` in the game's catalogs), fetched once per language."""
from __future__ import annotations

from ui.i18n import t

WORD_KEYS = ("destroyed", "barricade_cost0", "barricade_cost", "barricade_built", "dungeon", "level", "closed",
             "light_cost", "hp", "def", "mdef", "threat", "hp_track", "dice", "removed", "heroes", "hand_of", "deck",
             "discard", "ai", "battle", "total", "drawn_token")


def words() -> dict:
    """Every word the views draw, translated now; placeholders ({n}, {name}...) are left for the views."""
    return {k: t(f"barricades.ui.{k}") for k in WORD_KEYS}
