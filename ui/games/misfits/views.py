"""Views of the Misfit Heroes table that the generic kit has no piece for: a seat's public board
(coins, influence, hand size, quests, score so far) and a quest column. Drawn from cached text and icons."""
from __future__ import annotations

from collections import OrderedDict

import pygame

from ui import fonts
from ui.table import icons
from ui.table.camera import Camera
from ui.fonts import fit_text
from ui.table.palette import draw_shape
from ui.table.views import View, label_size, draw_zone, zone_fill

from .portraits import quest_tile

INF_TYPES = ("forest", "sea", "mountain")
_CACHE: "OrderedDict[tuple, pygame.Surface]" = OrderedDict()
_CACHE_MAX = 192


def cached_surface(key: tuple, size: tuple[int, int], zoom: float, paint) -> pygame.Surface:
    """``paint(surface, rect, camera)`` once per (key, size, zoom); later frames blit the same surface."""
    full = (key, tuple(size), round(zoom, 4))
    surf = _CACHE.get(full)
    if surf is None:
        surf = pygame.Surface((max(1, size[0]), max(1, size[1])), pygame.SRCALPHA)
        paint(surf, surf.get_rect(), Camera(zoom=zoom))
        _CACHE[full] = surf
        if len(_CACHE) > _CACHE_MAX:
            _CACHE.popitem(last=False)
    else:
        _CACHE.move_to_end(full)
    return surf
QUEST_COLOURS = {"forest": (62, 128, 70), "sea": (52, 110, 170), "mountain": (132, 112, 92), "town": (178, 140, 60)}


class CachedView(View):
    """A view painted once per content and size into a surface (``_paint``), then blitted."""

    def content_key(self) -> tuple:
        raise NotImplementedError

    def _paint(self, surface: pygame.Surface, rect: pygame.Rect, camera: Camera) -> None:
        raise NotImplementedError

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        if not self.visible:
            return
        rect = self.screen_rect(camera)
        key = (type(self).__name__, self.palette.colorblind) + self.content_key()
        surface.blit(cached_surface(key, rect.size, camera.zoom, self._paint), rect.topleft)
        if self.highlight or self.hovered:
            self.draw_decorations(surface, rect, max(3, camera.scale(8)))


class SeatView(CachedView):
    """One seat's public things: name in the seat colour (and shape), coins, influence by type,
    cards in hand, quests won and points so far. ``cid`` is "seat:<n>" (the target of "give coins")."""

    layer = 0

    def __init__(self, cid: str, rect, *, seat: int, name: str, compact: bool = False):
        super().__init__(cid, rect)
        self.seat = seat
        self.name = name
        self.compact = compact          # True: one line (your own board above your tableau)
        self.coins = 0
        self.influence = (0, 0, 0)
        self.hand = 0
        self.quests: tuple = ()
        self.score = 0
        self.active = False
        self.note = ""

    def _stats(self) -> list[tuple[str, str]]:
        out = [("coin", str(self.coins))]
        out += [(t, str(n)) for t, n in zip(INF_TYPES, self.influence)]
        out.append(("cards", str(self.hand)))
        out.append(("trophy", str(self.score)))
        return out

    def _stat(self, surface, camera, icon_name, value, x, y, isz, size, line_h) -> int:
        ic = icons.icon(icon_name, isz)
        surface.blit(ic, (x, y + max(0, (line_h - isz) // 2)))
        x += isz + camera.scale(3)
        num = fonts.text(value, size, self.palette.text, True)
        surface.blit(num, (x, y))
        return x + num.get_width() + camera.scale(9)

    def content_key(self) -> tuple:
        return (self.seat, self.name, self.compact, self.coins, tuple(self.influence), self.hand, tuple(self.quests),
                self.score, self.active, self.note)

    def _paint(self, surface: pygame.Surface, rect: pygame.Rect, camera: Camera) -> None:
        pal = self.palette
        colour = tuple(pal.seat_colour(self.seat)[:3])
        radius = max(3, camera.scale(8))
        fill = (*[int(c * 0.35) for c in colour], 200) if self.active else (0, 0, 0, 90)
        draw_zone(surface, rect, fill, colour, radius)
        pad = camera.scale(6)
        size = label_size(camera.zoom, 13)
        x, y = rect.x + pad, rect.y + camera.scale(4)
        mark = camera.scale(12)
        draw_shape(surface, pal.seat_shape(self.seat), colour, pygame.Rect(x, y + camera.scale(3), mark, mark),
                   outline=(20, 20, 20), width=1)
        x += mark + camera.scale(5)
        name_w = (rect.right - pad - x) if not self.compact else camera.scale(190)
        name = fit_text(self.name, size, max(8, name_w), pal.text, bold=True)
        surface.blit(name, (x, y))
        line_h = name.get_height() + camera.scale(1)
        isz = max(8, camera.scale(16))
        stats = self._stats()
        if self.compact:
            sx, sy = x + name.get_width() + camera.scale(14), y
            for icon_name, value in stats:
                sx = self._stat(surface, camera, icon_name, value, sx, sy, isz, size, line_h)
            qx, qy = sx + camera.scale(4), y
        else:
            col_w = (rect.width - 2 * pad) // 2
            sy = y + line_h
            for i, (icon_name, value) in enumerate(stats):
                sx = rect.x + pad + (i % 2) * col_w
                self._stat(surface, camera, icon_name, value, sx, sy + (i // 2) * line_h, isz, size, line_h)
            qx, qy = rect.x + pad, sy + ((len(stats) + 1) // 2) * line_h + camera.scale(2)
        for tile in self.quests:
            _, qtype, value = tile.split(":")
            r = pygame.Rect(qx, qy + camera.scale(1), camera.scale(26), camera.scale(18))
            if r.right > rect.right - pad:
                qx, qy = rect.x + pad, qy + camera.scale(21)
                r.topleft = (qx, qy + camera.scale(1))
            pygame.draw.rect(surface, QUEST_COLOURS[qtype], r, border_radius=max(2, camera.scale(3)))
            num = fonts.text(value, label_size(camera.zoom, 11), (255, 255, 255), True)
            surface.blit(num, num.get_rect(center=r.center))
            qx += r.width + camera.scale(3)
        if self.note:
            img = fonts.text(self.note, label_size(camera.zoom, 11), pal.text_dim)
            surface.blit(img, (rect.x + pad, rect.bottom - img.get_height() - camera.scale(3)))


class QuestView(CachedView):
    """One quest column: its type, and the tiles left from the highest (on top) down. The view's cid is
    the top tile's id ("quest:<type>:<value>"), the target of "complete this quest"."""

    layer = 1

    def __init__(self, cid: str, rect, *, qtype: str, values: tuple, label: str = ""):
        super().__init__(cid, rect, label=label)
        self.qtype = qtype
        self.values = tuple(values)

    def content_key(self) -> tuple:
        return (self.qtype, self.values)

    def _paint(self, surface: pygame.Surface, rect: pygame.Rect, camera: Camera) -> None:
        pal = self.palette
        colour = QUEST_COLOURS[self.qtype]
        radius = max(2, camera.scale(6))
        draw_zone(surface, rect, (0, 0, 0, 70), colour, radius)
        tw = max(8, rect.width - camera.scale(6))
        isz = max(8, min(camera.scale(30), tw * 2 // 3))
        tile = quest_tile(self.qtype, (tw, isz))           # the quest type's tile art (hand-written SVG)
        surface.blit(tile, tile.get_rect(midtop=(rect.centerx, rect.y + camera.scale(3))))
        y = rect.y + isz + camera.scale(6)
        tile_h = camera.scale(22)
        for i, value in enumerate(self.values):
            r = pygame.Rect(rect.x + camera.scale(3), y, rect.width - camera.scale(6), tile_h)
            shade = colour if i == 0 else tuple(int(c * 0.55) for c in colour)
            pygame.draw.rect(surface, shade, r, border_radius=max(2, camera.scale(4)))
            if i == 0:
                pygame.draw.rect(surface, (250, 250, 240), r, 1, border_radius=max(2, camera.scale(4)))
            num = fonts.text(str(value), label_size(camera.zoom, 14 if i == 0 else 11), (255, 255, 255), i == 0)
            surface.blit(num, num.get_rect(center=r.center))
            y += tile_h + camera.scale(3)
        if not self.values:
            img = fonts.text("—", label_size(camera.zoom, 14), pal.text_dim)
            surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))


class TipView(CachedView):
    """A few lines of guidance on the table (round, what to do now), wrapped and cached."""

    layer = 0

    def __init__(self, cid: str, rect, *, title: str = "", prompt: str = "", text: str = ""):
        super().__init__(cid, rect)
        self.title = title
        self.prompt = prompt        # what is asked now (bright), then ``text`` (dim guidance)
        self.text = text

    def hit(self, world_pos) -> bool:
        return False

    def content_key(self) -> tuple:
        return (self.title, self.prompt, self.text)

    def _paint(self, surface: pygame.Surface, rect: pygame.Rect, camera: Camera) -> None:
        pal = self.palette
        draw_zone(surface, rect, (0, 0, 0, 60), pal.zone_line, max(3, camera.scale(6)))
        pad = camera.scale(6)
        y = rect.y + camera.scale(4)
        if self.title:
            img = fit_text(self.title, label_size(camera.zoom, 13), max(8, rect.width - 2 * pad), pal.text, bold=True)
            surface.blit(img, (rect.x + pad, y))
            y += img.get_height() + camera.scale(2)
        width, room = max(8, rect.width - 2 * pad), rect.bottom - y - 2
        gap = camera.scale(3)
        big, small = label_size(camera.zoom, 12), label_size(camera.zoom, 12)
        while True:   # the guidance shrinks first, the question itself only if it must
            top = fonts.paragraph(self.prompt, big, width, pal.text, True) if self.prompt else None
            low = fonts.paragraph(self.text, small, width, pal.text_dim) if self.text else None
            height = sum(b.get_height() + gap for b in (top, low) if b is not None)
            if height <= room:
                break
            if small > label_size(camera.zoom, 10):
                small -= 1
            elif big > label_size(camera.zoom, 10):
                big -= 1
            else:
                break
        for block in (top, low):
            if block is not None and y < rect.bottom - 4:
                surface.blit(block, (rect.x + pad, y), area=pygame.Rect(0, 0, block.get_width(), max(0, rect.bottom - y - 2)))
                y += block.get_height() + camera.scale(3)


class SlotView(View):
    """One space of a tableau: hit-tested, and glowing as a drop target; its outline is part of its GridView."""

    layer = 0

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        pass    # drawn by the grid (one cached surface for all 16 outlines)


class GridView(CachedView):
    """A 4×4 tableau: the 16 slot outlines (and, for an opponent, a frame in the seat colour with a label)
    as one cached surface; the slots are children so drops and clicks find them by their ids."""

    layer = 0

    def __init__(self, cid: str, rect, *, slots: list[SlotView], colour=None, label: str = ""):
        super().__init__(cid, rect, label=label)
        self.slots = list(slots)
        for slot in self.slots:
            slot.parent = self
        self.colour = tuple(colour[:3]) if colour is not None else None

    def children(self) -> list[View]:
        return list(self.slots)

    def content_key(self) -> tuple:
        return (self.colour, self.label, tuple(tuple(s.rect) for s in self.slots), tuple(self.rect))

    def _paint(self, surface: pygame.Surface, rect: pygame.Rect, camera: Camera) -> None:
        pal = self.palette
        if self.colour is not None:
            surface.blit(zone_fill(rect.size, pal.zone, self.colour, max(3, camera.scale(10))), (0, 0))
        if self.label:
            img = fonts.text(self.label, label_size(camera.zoom, 11), pal.text_dim)
            surface.blit(img, (camera.scale(6), camera.scale(4)))
        radius = max(3, camera.scale(8))
        for slot in self.slots:
            r = camera.rect_to_screen(slot.rect.move(-self.rect.x, -self.rect.y))
            draw_zone(surface, r, pal.zone, pal.zone_line, radius)

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        if not self.visible:
            return
        super().draw(surface, camera)
        for slot in self.slots:
            if slot.highlight or slot.hovered:
                slot.draw_decorations(surface, slot.screen_rect(camera), max(3, camera.scale(8)))


class MiniHeroView(View):
    """A hero on an opponent's small tableau: the faction colour (and, colour-blind, its shape mark)
    with the cost large enough to read at 3-4 players; a stunned card shows its back with the same
    "stunned" word as on the large board. Hover or right-click shows the whole card; a click on the
    board shows the tableau at full size."""

    layer = 2

    def __init__(self, cid: str, rect, *, cost: int, colour: tuple, mark: str, stunned: bool, stunned_label: str):
        super().__init__(cid, rect)
        self.cost = cost
        self.colour = tuple(colour[:3])
        self.mark = mark
        self.stunned = stunned
        self.stunned_label = stunned_label

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        if not self.visible:
            return
        rect = self.screen_rect(camera)
        radius = max(2, rect.width // 6)
        if self.stunned:
            pygame.draw.rect(surface, (58, 48, 86), rect, border_radius=radius)
            pygame.draw.rect(surface, (200, 200, 210), rect, 1, border_radius=radius)
            img = fit_text(self.stunned_label, max(7, rect.height // 4), rect.width - 2, (235, 235, 240), True)
            surface.blit(img, img.get_rect(center=rect.center))
        else:
            pygame.draw.rect(surface, self.colour, rect, border_radius=radius)
            pygame.draw.rect(surface, (20, 20, 24), rect, 1, border_radius=radius)
            if self.palette.colorblind:
                m = max(5, rect.width // 3)
                draw_shape(surface, self.mark, (255, 255, 255), pygame.Rect(rect.right - m - 2, rect.y + 2, m, m))
            num = fonts.text(str(self.cost), max(8, int(rect.height * 0.48)), (255, 255, 255), True)
            surface.blit(num, num.get_rect(center=(rect.centerx, rect.centery + rect.height // 10)))
        if self.highlight or self.hovered:
            self.draw_decorations(surface, rect, radius)
