"""SVG icons from assets/icons/<name>.svg, rasterised once per (name, size).

A missing or unreadable icon never crashes the table: a neutral circle stands in for it.
"""
from __future__ import annotations

import io
import os
from functools import lru_cache

import pygame

from gamecore.resources import ASSETS_ENV
from ui.resources import resource_path

NEUTRAL = (170, 170, 170)


def _size(size) -> tuple[int, int]:
    if isinstance(size, (int, float)):
        s = max(1, int(size))
        return s, s
    w, h = size
    return max(1, int(w)), max(1, int(h))


def display_format(img: pygame.Surface) -> pygame.Surface:
    """``img`` in the window's pixel format (with its alpha), when a window exists. An SVG is rasterised
    with red and blue swapped against the window's format, and pygame-ce blits such a surface by its
    slow general path: about 40 times slower than the same pixels converted (0.26 ms against 0.006 for
    140x140 px), on every frame a token or figure is drawn."""
    if pygame.display.get_surface() is None:
        return img
    try:
        return img.convert_alpha()
    except pygame.error:
        return img


def placeholder(size) -> pygame.Surface:
    w, h = _size(size)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = max(1, min(w, h) // 2 - 1)
    pygame.draw.circle(surf, NEUTRAL, (w // 2, h // 2), r)
    pygame.draw.circle(surf, (90, 90, 90), (w // 2, h // 2), r, max(1, r // 5))
    return surf


def exists(name: str) -> bool:
    return resource_path("icons", f"{name}.svg").is_file()


def _source(name: str) -> bytes | None:
    """The icon's SVG document, read once per assets folder (an icon is rasterised at many sizes; a file
    missing from the content tests' partial copies is never remembered as missing from the shipped one)."""
    return _read(os.environ.get(ASSETS_ENV, ""), name)


@lru_cache(maxsize=512)
def _read(assets_override: str, name: str) -> bytes | None:
    path = resource_path("icons", f"{name}.svg")
    try:
        return path.read_bytes() if path.is_file() else None
    except OSError:
        return None


@lru_cache(maxsize=1024)
def _icon(assets_override: str, name: str, w: int, h: int) -> pygame.Surface:
    data = _source(name)
    if data is None:
        return placeholder((w, h))
    try:
        img = pygame.image.load_sized_svg(io.BytesIO(data), (w, h))
    except (pygame.error, OSError, ValueError):
        return placeholder((w, h))
    img = display_format(img)
    if img.get_size() == (w, h):
        return img
    # the SVG keeps its aspect ratio: centre it in the requested box so layouts stay exact
    boxed = pygame.Surface((w, h), pygame.SRCALPHA)
    boxed.blit(img, img.get_rect(center=(w // 2, h // 2)))
    return boxed


def icon(name: str, size) -> pygame.Surface:
    """The icon ``name`` as a surface of ``size`` (int or (w, h)), cached; a neutral circle if missing."""
    w, h = _size(size)
    return _icon(os.environ.get(ASSETS_ENV, ""), str(name), w, h)


def clear_cache() -> None:
    _read.cache_clear()
    _icon.cache_clear()
