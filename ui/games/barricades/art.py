"""The Barricades art: hand-written SVG in assets/art/barricades/<name>.svg, drawn through the kit's
shared art loader (ui/table/art.py: rasterised once per (name, size) and cached; a missing or broken
file gives the kit's neutral placeholder). Art direction: assets/art/README.md — flat vector,
silhouette first, a dark outline on a 64-unit canvas, few colours per piece so it reads at 16 pixels.
"""
from __future__ import annotations

import pygame

from ui.resources import resource_path
from ui.table import art as kit_art
from ui.table.cardface import register_art

GAME = "barricades"


def path_of(name: str):
    return resource_path("art", GAME, f"{name}.svg")


def exists(name: str) -> bool:
    return bool(name) and kit_art.exists(GAME, name)


def art(name: str, size, colour=None) -> pygame.Surface:
    """The art ``name`` at ``size`` (int or (w, h)), tinted by ``colour`` through its {{fill}} slots; cached."""
    return kit_art.art(GAME, str(name), size, colour)


def cache_info():
    return kit_art.cache_info()


def clear_cache() -> None:
    kit_art.clear_cache()


def _paint_card_art(name: str, size) -> pygame.Surface:
    """The card faces' art painter "barricades": the picture ``name`` centred in the art band ``size``."""
    w, h = (max(1, int(v)) for v in size)
    band = pygame.Surface((w, h), pygame.SRCALPHA)
    side = max(4, h - 4)
    band.blit(art(name, side), ((w - side) // 2, (h - side) // 2))
    return band


register_art(GAME, _paint_card_art)


def medal_icon(medal: str, size: int) -> pygame.Surface:
    """A medal's icon (assets/art/barricades/medal_<id>.svg); the five Defender medals share one shield
    medal with the difficulty as 1-5 pips along its foot. A new surface (the caller may fade it)."""
    from gamecore.barricades.content import DIFFICULTIES

    size = max(8, int(size))
    if not medal.startswith("defender_"):
        return art(f"medal_{medal}", size).copy()
    img = art("medal_defender", size).copy()
    level = medal.split("_", 1)[1]
    n = DIFFICULTIES.index(level) + 1 if level in DIFFICULTIES else 1
    r = max(1, size // 22)
    gap = r * 3
    x0 = size // 2 - (n - 1) * gap // 2
    for i in range(n):
        pygame.draw.circle(img, (28, 27, 34), (x0 + i * gap, size - r - 1), r + 1)
        pygame.draw.circle(img, (246, 169, 59), (x0 + i * gap, size - r - 1), r)
    return img
