"""The Barricades art: hand-written SVG in assets/art/barricades/<name>.svg, rasterised once per
(name, size) and cached. Art direction: flat vector, silhouette first, a dark 2.5-unit outline on a
64-unit canvas, few colours per piece so it reads at 16 pixels. A missing or broken file never crashes
the table: the kit's neutral placeholder stands in for it.
"""
from __future__ import annotations

from functools import lru_cache

import pygame

from ui.resources import resource_path
from ui.table.icons import placeholder


def path_of(name: str):
    return resource_path("art", "barricades", f"{name}.svg")


def exists(name: str) -> bool:
    return path_of(name).is_file()


@lru_cache(maxsize=1024)
def _art(name: str, w: int, h: int) -> pygame.Surface:
    path = path_of(name)
    if not name or not path.is_file():
        return placeholder((w, h))
    try:
        img = pygame.image.load_sized_svg(str(path), (w, h))
    except (pygame.error, OSError, ValueError):
        return placeholder((w, h))
    if img.get_size() == (w, h):
        return img
    boxed = pygame.Surface((w, h), pygame.SRCALPHA)
    boxed.blit(img, img.get_rect(center=(w // 2, h // 2)))
    return boxed


def art(name: str, size) -> pygame.Surface:
    """The art ``name`` at ``size`` (int or (w, h)), cached."""
    if isinstance(size, (int, float)):
        w = h = max(1, int(size))
    else:
        w, h = max(1, int(size[0])), max(1, int(size[1]))
    return _art(str(name), w, h)


def cache_info():
    return _art.cache_info()


def clear_cache() -> None:
    _art.cache_clear()
