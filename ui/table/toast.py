"""Short messages over the table (the engine's reasons, undo refusals, hints) that fade after 3 s.
They stack from the top of the table, never over the hands along the bottom."""
from __future__ import annotations

from functools import lru_cache

import pygame

from ui import fonts

LIFETIME = 3.0
FADE = 0.6
MAX_TOASTS = 3
TOP = 64                # below the prompt banner a table may draw along its top edge

STYLES = {
    "error": ((120, 34, 34), (255, 240, 235)),
    "info": ((34, 44, 60), (240, 244, 250)),
    "hint": ((110, 84, 10), (255, 248, 225)),
}


@lru_cache(maxsize=128)
def toast_surface(text: str, style: str, width: int) -> pygame.Surface:
    fill, ink = STYLES.get(style, STYLES["info"])
    body = fonts.paragraph(text, 16, width - 28, ink)
    lines_w = max((fonts.font(16).size(line)[0] for line in fonts.wrap(text, 16, width - 28)), default=0)
    w = min(width, lines_w + 28)
    surf = pygame.Surface((w, body.get_height() + 18), pygame.SRCALPHA)
    pygame.draw.rect(surf, (*fill, 235), surf.get_rect(), border_radius=10)
    pygame.draw.rect(surf, (*ink, 120), surf.get_rect(), 1, border_radius=10)
    surf.blit(body, (14, 9))
    return surf


class Toasts:
    def __init__(self):
        self.items: list[list] = []     # [text, style, age]

    def show(self, text: str, style: str = "info") -> None:
        self.items = [i for i in self.items if i[0] != text]
        self.items.append([text, style, 0.0])
        self.items = self.items[-MAX_TOASTS:]

    def clear(self) -> None:
        self.items.clear()

    @property
    def texts(self) -> list[str]:
        return [i[0] for i in self.items]

    def update(self, dt: float) -> None:
        for item in self.items:
            item[2] += dt
        self.items = [i for i in self.items if i[2] < LIFETIME]

    def draw(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        # from the top of the table down (the newest first): the hands along the bottom stay in view
        y = area.y + TOP
        width = min(560, area.width - 40)
        for text, style, age in reversed(self.items):
            img = toast_surface(text, style, width)
            alpha = 255 if age < LIFETIME - FADE else int(255 * (LIFETIME - age) / FADE)
            rect = img.get_rect(midtop=(area.centerx, y))
            y += img.get_height() + 8
            if alpha < 255:
                img.set_alpha(alpha)   # cached surface: restore full alpha after blitting
                surface.blit(img, rect)
                img.set_alpha(255)
            else:
                surface.blit(img, rect)
