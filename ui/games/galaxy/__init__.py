"""The Galaxy Hunters table (``TABLE_SCENE``): star map, markets, tracks, seat boards and the draft."""
from __future__ import annotations


def __getattr__(name):
    # the scene pulls in pygame_gui and the engine's content: import it only when asked for
    if name == "TABLE_SCENE":
        from .table import GalaxyTable
        return GalaxyTable
    raise AttributeError(name)
