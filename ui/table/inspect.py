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

    def draw(self, surface: pygame.Surface, area: pygame.Rect, mouse, colorblind: bool = False) -> None:
        cid = self.shown
        if cid is None:
            return
        face, lines = self.describe(cid)
        if face is None:
            return
        img = inspect_surface(face, tuple(lines), colorblind)
        # stand on the side of the table away from the cursor
        if mouse[0] > area.centerx:
            rect = img.get_rect(midleft=(area.x + 16, area.centery))
        else:
            rect = img.get_rect(midright=(area.right - 16, area.centery))
        rect.clamp_ip(area)
        surface.blit(img, rect)
