"""The Galaxy Hunters pictures: assets/art/galaxy/<name>.svg through the kit's art loader
(``ui.table.art``: rasterised once per size and colour, a neutral stand-in for a broken file).

Pieces with a ``{{fill}}`` colour slot (ships, mechs, reputation markers, DNA, stars) take a seat or
species colour, so one drawing serves every colour.
"""
from __future__ import annotations

import pygame

from ui.table import art as kit_art

GAME = "galaxy"

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


TINTED = ("ship", "ship_hired", "mech", "rep", "dna", "star", "mission", "specialist")   # {{fill}} slots
WHITE = (244, 241, 222)


def exists(name: str) -> bool:
    return kit_art.exists(GAME, name)


def picture(name: str, size, tint: tuple | None = None) -> pygame.Surface:
    """``assets/art/galaxy/<name>.svg`` at ``size`` (int or (w, h)); pieces with a colour slot take
    ``tint`` (star white when none is given). Cached by the kit's art loader."""
    if tint is None and name in TINTED:
        tint = WHITE
    return kit_art.art(GAME, name, size, tint)


def clear_cache() -> None:
    kit_art.clear_cache()
