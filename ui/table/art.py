"""Component art from ``assets/art/<game>/<name>.svg``, rasterised once per (file, colours, size).

Art may carry the colour placeholders ``{{fill}}``, ``{{shade}}`` and ``{{light}}`` (see
assets/art/README.md); :func:`art` substitutes them so one file serves every seat or faction colour.
A missing or unreadable file never crashes the table: a neutral placeholder stands in for it.
:func:`svg_surface` rasterises an SVG document built in code (e.g. a portrait stacked from part files)
through the same path, cached by its bytes and size.
"""
from __future__ import annotations

import io
import os
from functools import lru_cache

import pygame

from gamecore.resources import ASSETS_ENV
from ui.resources import resource_path
from ui.table.icons import display_format, placeholder

MAX_SVG_BYTES = 512 * 1024


def _hex(colour) -> str:
    r, g, b = (max(0, min(255, int(c))) for c in tuple(colour)[:3])
    return f"#{r:02x}{g:02x}{b:02x}"


def shade_of(colour, factor: float = 0.78) -> tuple:
    return tuple(int(c * factor) for c in tuple(colour)[:3])


def light_of(colour, amount: float = 0.35) -> tuple:
    return tuple(int(c + (255 - c) * amount) for c in tuple(colour)[:3])


def _source(game: str, name: str) -> bytes | None:
    return _read(os.environ.get(ASSETS_ENV, ""), game, name)


@lru_cache(maxsize=512)        # every file of every game (a table draws 50-70 of its own): never thrashed
def _read(assets_override: str, game: str, name: str) -> bytes | None:
    """The file's bytes, read once per assets folder: a file missing from another folder (the content
    tests' partial copies) is never remembered as missing from the shipped one."""
    path = resource_path("art", game, f"{name}.svg")
    try:
        if not path.is_file() or path.stat().st_size > MAX_SVG_BYTES:
            return None
        return path.read_bytes()
    except OSError:
        return None


def exists(game: str, name: str) -> bool:
    return _source(game, name) is not None


@lru_cache(maxsize=2048)
def _render(assets_override: str, game: str, name: str, w: int, h: int, fill: str | None) -> pygame.Surface:
    data = _source(game, name)
    if data is None:
        return placeholder((w, h))
    if fill is not None:
        rgb = tuple(int(fill[i:i + 2], 16) for i in (1, 3, 5))
        data = (data.replace(b"{{fill}}", fill.encode())
                .replace(b"{{shade}}", _hex(shade_of(rgb)).encode())
                .replace(b"{{light}}", _hex(light_of(rgb)).encode()))
    return _rasterise(data, w, h)


def _rasterise(data: bytes, w: int, h: int) -> pygame.Surface:
    try:
        img = pygame.image.load_sized_svg(io.BytesIO(data), (w, h))
    except (pygame.error, OSError, ValueError):
        return placeholder((w, h))
    img = display_format(img)
    if img.get_size() == (w, h):
        return img
    boxed = pygame.Surface((w, h), pygame.SRCALPHA)   # keep the aspect ratio, centred in the box
    boxed.blit(img, img.get_rect(center=(w // 2, h // 2)))
    return boxed


@lru_cache(maxsize=1024)
def _render_document(data: bytes, w: int, h: int) -> pygame.Surface:
    return _rasterise(data, w, h)


def svg_surface(data: bytes, size) -> pygame.Surface:
    """An SVG document given as bytes (built in code) at ``size``, cached by (bytes, size); a broken
    document gives the neutral placeholder. Do not draw on the returned surface (it is shared)."""
    if isinstance(size, (int, float)):
        w = h = max(1, int(size))
    else:
        w, h = (max(1, int(v)) for v in size)
    return _render_document(bytes(data), w, h)


def art(game: str, name: str, size, colour=None) -> pygame.Surface:
    """The art ``assets/art/<game>/<name>.svg`` at ``size`` (int or (w, h)), tinted by ``colour``
    through its colour placeholders; cached. Do not draw on the returned surface (it is shared)."""
    if isinstance(size, (int, float)):
        w = h = max(1, int(size))
    else:
        w, h = (max(1, int(v)) for v in size)
    return _render(os.environ.get(ASSETS_ENV, ""), str(game), str(name), w, h, None if colour is None else _hex(colour))


def clear_cache() -> None:
    _render.cache_clear()
    _render_document.cache_clear()
    _read.cache_clear()


def cache_info():
    return _render.cache_info()


def document_cache_info():
    return _render_document.cache_info()
