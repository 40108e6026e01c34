"""The inspect overlay: hovering a card for 0.5 s, or right-clicking it, shows it large with one
glossary line for each keyword on it."""
from __future__ import annotations

from functools import lru_cache
from typing import Callable

import pygame

from ui import fonts

from .cardface import CardFace, render_face

HOVER_DELAY = 0.5
LARGE = (264, 370)


@lru_cache(maxsize=16)
def inspect_surface(face: CardFace, lines: tuple[str, ...], colorblind: bool) -> pygame.Surface:
    card = render_face(face, LARGE, colorblind)
    width = LARGE[0] + 24
    blocks = [fonts.paragraph(line, 15, width - 24, (235, 235, 230)) for line in lines]
    height = LARGE[1] + 24 + sum(b.get_height() + 6 for b in blocks) + (6 if blocks else 0)
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(surf, (16, 18, 22, 235), surf.get_rect(), border_radius=12)
    pygame.draw.rect(surf, (120, 120, 120), surf.get_rect(), 1, border_radius=12)
    surf.blit(card, (12, 12))
    y = LARGE[1] + 20
    for block in blocks:
        surf.blit(block, (12, y))
        y += block.get_height() + 6
    return surf


class Inspector:
    def __init__(self, describe: Callable[[str], tuple[CardFace | None, list[str]]]):
        self.describe = describe        # cid -> (face, glossary lines)
        self.hover_cid: str | None = None
        self.hover_time = 0.0
        self.pinned: str | None = None

    @property
    def shown(self) -> str | None:
        if self.pinned is not None:
            return self.pinned
        if self.hover_cid is not None and self.hover_time >= HOVER_DELAY:
            return self.hover_cid
        return None

    def hover(self, cid: str | None) -> None:
        if cid != self.hover_cid:
            self.hover_cid = cid
            self.hover_time = 0.0

    def toggle(self, cid: str | None) -> bool:
        """Right-click: pin ``cid`` large (or unpin). True when something was shown or hidden."""
        if cid is None or self.pinned == cid:
            changed = self.pinned is not None
            self.pinned = None
            return changed
        face, _ = self.describe(cid)
        if face is None:
            return False
        self.pinned = cid
        return True

    def dismiss(self) -> bool:
        was = self.shown is not None
        self.pinned = None
        self.hover_time = 0.0
        return was

    def update(self, dt: float, suppressed: bool = False) -> None:
        if suppressed:
            self.hover_time = 0.0
        elif self.hover_cid is not None:
            self.hover_time += dt

    def draw(self, surface: pygame.Surface, area: pygame.Rect, mouse, colorblind: bool = False,
             avoid: list | None = None) -> pygame.Rect | None:
        rect, img = self.placement(area, mouse, colorblind, avoid)
        if img is not None:
            surface.blit(img, rect)
        return rect

    def placement(self, area: pygame.Rect, mouse, colorblind: bool = False, avoid: list | None = None):
        """Where the large card goes: always inside ``area`` (shrunk when taller than it, e.g. a long
        Japanese glossary), never under the pointer, and over as little as possible of ``avoid`` (the
        screen rects of the decision's targets)."""
        cid = self.shown
        if cid is None:
            return None, None
        face, lines = self.describe(cid)
        if face is None:
            return None, None
        img = fitted_surface(face, tuple(lines), colorblind, (area.width - 16, area.height - 16))
        w, h = img.get_size()
        m = 16
        candidates = [(area.x + m, area.centery - h // 2), (area.right - m - w, area.centery - h // 2),
                      (area.x + m, area.y + m), (area.right - m - w, area.y + m),
                      (area.x + m, area.bottom - m - h), (area.right - m - w, area.bottom - m - h),
                      (area.centerx - w // 2, area.y + m), (area.centerx - w // 2, area.bottom - m - h)]
        pointer = pygame.Rect(0, 0, 24, 24)
        pointer.center = (int(mouse[0]), int(mouse[1]))
        avoid = [pygame.Rect(r) for r in (avoid or [])]

        def cost(pos):
            r = pygame.Rect(pos, (w, h)).clamp(area)
            covered = sum(r.clip(a).width * r.clip(a).height for a in avoid)
            return (r.colliderect(pointer), covered, abs(r.centerx - pointer.centerx) < w // 2)

        best = min(candidates, key=cost)   # min keeps the first of equals: the left/right preference
        rect = pygame.Rect(best, (w, h)).clamp(area)
        return rect, img


@lru_cache(maxsize=16)
def fitted_surface(face: CardFace, lines: tuple[str, ...], colorblind: bool, room: tuple[int, int]) -> pygame.Surface:
    """The inspect surface, scaled down (once, cached) when it does not fit ``room``."""
    img = inspect_surface(face, lines, colorblind)
    w, h = img.get_size()
    k = min(1.0, room[0] / w, room[1] / h)
    if k >= 1.0:
        return img
    return pygame.transform.smoothscale(img, (max(1, int(w * k)), max(1, int(h * k))))
