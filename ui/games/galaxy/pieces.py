"""Small table pieces of Galaxy Hunters that are drop targets or drag sources of their own."""
from __future__ import annotations

import pygame

from ui import fonts
from ui.table.views import View, badge, label_size, draw_zone

from . import art
from .views import scaled


class Frame(View):
    """The table's extent (so the camera's fit shows the whole laid-out table); never drawn, never hit."""

    layer = -9

    def hit(self, world_pos) -> bool:
        return False

    def draw(self, surface, camera) -> None:
        pass


class SpotView(View):
    """One of Uran's four mutant spots (the mech's drop target there; the tile on it is drawn above)."""

    layer = 2

    def draw(self, surface, camera) -> None:
        camera = scaled(camera, self)
        rect = self.screen_rect(camera)
        pygame.draw.rect(surface, (120, 110, 70), rect, max(1, camera.scale(2)), border_radius=camera.scale(6))
        if self.highlight or self.hovered:
            # around the tile that lies on the spot (drawn above it), not under the tile's edge: a legal
            # spot glows as plainly as a planet does
            grow = camera.scale(6)
            self.draw_decorations(surface, rect.inflate(grow, grow), camera.scale(6))


class BoardTarget(View):
    """The mech board's slot area as one drop target (a tile dropped between the squares takes the first
    free one; dropped on an empty square, it shows there)."""

    layer = 2

    def draw(self, surface, camera) -> None:
        camera = scaled(camera, self)
        if self.highlight:
            self.draw_decorations(surface, self.screen_rect(camera), camera.scale(8))


class ShipsAtHome(View):
    """A seat's ships at home: one ship drawn per ship, the whole bay is the drag source."""

    layer = 6

    def __init__(self, cid: str, center, *, seat: int, count: int, size: float = 28):
        w = size * (1 + 0.55 * (count - 1))
        super().__init__(cid, (center[0] - w / 2, center[1] - size / 2, w, size))
        self.seat = seat
        self.count = count
        self.size = size

    def draw(self, surface, camera) -> None:
        camera = scaled(camera, self)
        rect = self.screen_rect(camera)
        d = rect.height
        if self.highlight or self.hovered:
            self.draw_decorations(surface, rect, d // 2)
        img = art.picture("ship", d, self.palette.seat_colour(self.seat))
        step = int(d * 0.55)
        from .views import seat_badge
        for i in range(self.count):
            surface.blit(img, (rect.x + i * step, rect.y))
            seat_badge(surface, self.palette, self.seat, self.palette.seat_colour(self.seat),
                       pygame.Rect(rect.x + i * step, rect.y, d, d))


class DnaToken(View):
    """A seat's DNA as coloured tokens with counts; dragged onto a mission to complete it."""

    layer = 6

    def __init__(self, cid: str, topleft, dna: dict, size: float = 22):
        super().__init__(cid, (topleft[0], topleft[1], size * 5 + 16, size + 4))
        self.dna = dict(dna)
        self.size = size

    def draw(self, surface, camera) -> None:
        camera = scaled(camera, self)
        rect = self.screen_rect(camera)
        draw_zone(surface, rect, (30, 36, 56, 255), (80, 90, 120), max(2, camera.scale(5)))
        if self.highlight or self.hovered:
            self.draw_decorations(surface, rect, camera.scale(5))
        d = camera.scale(self.size)
        for i, letter in enumerate("SGRBM"):
            x = rect.x + camera.scale(2) + i * (d + camera.scale(3))
            n = self.dna.get(letter, 0)
            img = art.picture("dna", d, art.DNA_COLOURS[letter])
            if not n:
                img = img.copy()
                img.set_alpha(70)
            surface.blit(img, (x, rect.y + camera.scale(2)))
            b = badge(str(n), label_size(camera.zoom, 9), (20, 20, 24), (240, 240, 240))
            surface.blit(b, b.get_rect(center=(x + d - 2, rect.y + camera.scale(4))))
            lab = fonts.text(letter, label_size(camera.zoom, 8), (20, 20, 20), True)
            surface.blit(lab, lab.get_rect(center=(x + d // 2, rect.y + camera.scale(2) + d // 2)))
