"""The Barricades art: hand-written SVG in assets/art/barricades/<name>.svg, drawn through the kit's
shared art loader (ui/table/art.py: rasterised once per (name, size) and cached; a missing or broken
file gives the kit's neutral placeholder). Art direction: assets/art/README.md — flat vector,
silhouette first, a dark outline on a 64-unit canvas, few colours per piece so it reads at 16 pixels.
"""
from __future__ import annotations

import pygame

from ui.resources import resource_path
from ui.table import art as kit_art

GAME = "barricades"


def path_of(name: str):
    return resource_path("art", GAME, f"{name}.svg")


def exists(name: str) -> bool:
    return bool(name) and kit_art.exists(GAME, name)


def art(name: str, size) -> pygame.Surface:
    """The art ``name`` at ``size`` (int or (w, h)), cached."""
    return kit_art.art(GAME, str(name), size)


def cache_info():
    return kit_art.cache_info()


def clear_cache() -> None:
    kit_art.clear_cache()
