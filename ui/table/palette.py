"""Colours, shapes and patterns of the table, in a normal and a colour-blind-safe variant.

Colour-blind mode never relies on hue alone: every seat also has a shape (drawn on its pieces) and a
fill pattern (drawn on its card frames). The colour-blind colours are the Okabe–Ito set.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pygame

SHAPES = ("circle", "square", "triangle", "diamond", "star", "hexagon")
PATTERNS = ("plain", "stripes", "dots", "cross", "zigzag", "grid")


@dataclass(frozen=True)
class Palette:
    colorblind: bool
    seats: tuple            # one colour per seat
    table: tuple            # table background
    table_line: tuple
    zone: tuple             # drop-zone fill (RGBA)
    zone_line: tuple
    text: tuple
    text_dim: tuple
    source: tuple           # glow of a legal source
    target: tuple           # glow of a legal drop target while dragging
    hint: tuple             # glow of the hint's move
    hover: tuple
    danger: tuple           # toasts for refusals, damage flash
    ok: tuple
    badge: tuple
    badge_text: tuple

    def seat_colour(self, seat: int) -> tuple:
        return self.seats[seat % len(self.seats)]

    def seat_shape(self, seat: int) -> str:
        return SHAPES[seat % len(SHAPES)]

    def seat_pattern(self, seat: int) -> str:
        return PATTERNS[seat % len(PATTERNS)] if self.colorblind else "plain"

    def shape_for_colour(self, colour: tuple) -> str | None:
        """The seat shape whose colour is ``colour`` (colour-blind marks), else None."""
        for i, c in enumerate(self.seats):
            if tuple(c[:3]) == tuple(colour[:3]):
                return self.seat_shape(i)
        return None

    def pattern_for_colour(self, colour: tuple) -> str:
        if not self.colorblind:
            return "plain"
        for i, c in enumerate(self.seats):
            if tuple(c[:3]) == tuple(colour[:3]):
                return self.seat_pattern(i)
        # a faction colour outside the seat list: a stable pattern from the colour itself
        return PATTERNS[1 + (sum(colour[:3]) // 7) % (len(PATTERNS) - 1)]


NORMAL = Palette(
    colorblind=False,
    seats=((196, 64, 64), (58, 110, 196), (60, 150, 80), (214, 170, 40), (140, 80, 170), (222, 120, 40)),
    table=(34, 52, 44), table_line=(48, 70, 60), zone=(255, 255, 255, 22), zone_line=(180, 200, 190),
    text=(236, 236, 230), text_dim=(170, 180, 175),
    source=(120, 220, 255), target=(120, 255, 140), hint=(255, 210, 60), hover=(255, 255, 255),
    danger=(205, 60, 60), ok=(70, 160, 90), badge=(24, 24, 28), badge_text=(250, 250, 250),
)

COLORBLIND = Palette(
    colorblind=True,
    seats=((213, 94, 0), (0, 114, 178), (0, 158, 115), (240, 228, 66), (204, 121, 167), (86, 180, 233)),
    table=(40, 44, 52), table_line=(56, 60, 70), zone=(255, 255, 255, 26), zone_line=(210, 210, 210),
    text=(240, 240, 240), text_dim=(185, 185, 185),
    source=(86, 180, 233), target=(240, 228, 66), hint=(230, 159, 0), hover=(255, 255, 255),
    danger=(213, 94, 0), ok=(0, 158, 115), badge=(20, 20, 20), badge_text=(255, 255, 255),
)


def palette(colorblind: bool = False) -> Palette:
    return COLORBLIND if colorblind else NORMAL


# ------------------------------------------------------------------ drawing helpers


def shape_points(shape: str, rect: pygame.Rect) -> list[tuple[float, float]]:
    cx, cy = rect.center
    r = min(rect.width, rect.height) / 2
    if shape == "square":
        s = r * 0.86
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if shape == "triangle":
        return [(cx, cy - r), (cx + r * 0.95, cy + r * 0.75), (cx - r * 0.95, cy + r * 0.75)]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    if shape == "star":
        pts = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            rr = r if i % 2 == 0 else r * 0.45
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        return pts
    if shape == "hexagon":
        return [(cx + r * math.cos(math.pi / 6 + i * math.pi / 3), cy + r * math.sin(math.pi / 6 + i * math.pi / 3))
                for i in range(6)]
    return []


def draw_shape(surface: pygame.Surface, shape: str, colour, rect: pygame.Rect, outline=(20, 20, 20), width: int = 2) -> None:
    """A filled seat shape with an outline (circle when the shape is unknown)."""
    rect = pygame.Rect(rect)
    pts = shape_points(shape, rect)
    if not pts:
        r = max(1, min(rect.width, rect.height) // 2)
        pygame.draw.circle(surface, colour, rect.center, r)
        if width:
            pygame.draw.circle(surface, outline, rect.center, r, width)
        return
    pygame.draw.polygon(surface, colour, pts)
    if width:
        pygame.draw.polygon(surface, outline, pts, width)


@lru_cache(maxsize=256)
def pattern_surface(pattern: str, size: tuple[int, int], colour: tuple) -> pygame.Surface:
    """A transparent overlay with ``pattern`` drawn in ``colour`` (cached)."""
    w, h = size
    surf = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    step = 8
    if pattern == "stripes":
        for x in range(-h, w, step):
            pygame.draw.line(surf, colour, (x, h), (x + h, 0), 2)
    elif pattern == "dots":
        for y in range(step // 2, h, step):
            for x in range(step // 2 + (y // step % 2) * step // 2, w, step):
                pygame.draw.circle(surf, colour, (x, y), 1)
    elif pattern == "cross":
        for x in range(-h, w, step):
            pygame.draw.line(surf, colour, (x, h), (x + h, 0), 1)
            pygame.draw.line(surf, colour, (x, 0), (x + h, h), 1)
    elif pattern == "zigzag":
        for y in range(0, h + step, step):
            pts = [(x, y + (0 if (x // (step // 2)) % 2 else step // 2)) for x in range(0, w + step, step // 2)]
            if len(pts) > 1:
                pygame.draw.lines(surf, colour, False, pts, 1)
    elif pattern == "grid":
        for x in range(0, w, step):
            pygame.draw.line(surf, colour, (x, 0), (x, h), 1)
        for y in range(0, h, step):
            pygame.draw.line(surf, colour, (0, y), (w, y), 1)
    return surf
