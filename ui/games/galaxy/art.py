"""The Galaxy Hunters pictures: assets/art/galaxy/<name>.svg rasterised once per (name, size, tint).

Pieces drawn white in their SVG (ships, mechs, reputation markers, DNA) take a seat or species colour
through a multiply blend, so one drawing serves every colour. A missing or broken file never crashes
the table: the kit's neutral circle stands in for it.
"""
from __future__ import annotations

from functools import lru_cache

import pygame

from ui.resources import resource_path
from ui.table import icons

PLANET_ART = ("prim", "ferrum", "lumen", "phyta", "aurel", "cinder", "drydock", "forge", "nexus", "halo", "uran")
MECH_ART = ("bulwark", "stalker", "wisp", "drifter")
PILOT_ART = ("rook", "nyx", "ivo", "sable")
SPECIES = ("skitter", "gloop", "razorback", "brute", "maw")
RESOURCES = ("alloy", "fuel", "crystal", "circuit", "isotope", "favour")
BLUEPRINT_ICONS = ("bal", "enr", "hvy", "arm", "cel", "rck")

# the colours of the pieces (the SVGs carry the same ones)
RESOURCE_COLOURS = {"alloy": (168, 176, 188), "fuel": (240, 138, 42), "crystal": (58, 200, 224),
                    "circuit": (154, 90, 216), "isotope": (176, 232, 64), "favour": (232, 106, 168)}
DNA_COLOURS = {"S": (224, 160, 48), "G": (42, 176, 160), "R": (192, 40, 56), "B": (122, 72, 176),
               "M": (216, 168, 32)}
CUBE_COLOURS = {"armour": (58, 106, 208), "ammo": (200, 58, 58), "energy": (42, 168, 90)}


def path(name: str):
    return resource_path("art", "galaxy", f"{name}.svg")


def exists(name: str) -> bool:
    return path(name).is_file()


@lru_cache(maxsize=1024)
def _picture(name: str, w: int, h: int, tint: tuple | None) -> pygame.Surface:
    file = path(name)
    try:
        img = pygame.image.load_sized_svg(str(file), (w, h))
    except (pygame.error, OSError, ValueError, FileNotFoundError):
        return icons.placeholder((w, h))
    if img.get_size() != (w, h):            # the SVG keeps its aspect ratio: centre it in the box
        boxed = pygame.Surface((w, h), pygame.SRCALPHA)
        boxed.blit(img, img.get_rect(center=(w // 2, h // 2)))
        img = boxed
    if tint is not None:
        img = img.copy()
        img.fill((*tint[:3], 255), special_flags=pygame.BLEND_RGBA_MULT)
    return img


def picture(name: str, size, tint: tuple | None = None) -> pygame.Surface:
    """``assets/art/galaxy/<name>.svg`` at ``size`` (int or (w, h)), tinted by ``tint`` when given."""
    if isinstance(size, (int, float)):
        w = h = max(1, int(size))
    else:
        w, h = max(1, int(size[0])), max(1, int(size[1]))
    return _picture(str(name), w, h, tuple(tint[:3]) if tint is not None else None)


def clear_cache() -> None:
    _picture.cache_clear()
