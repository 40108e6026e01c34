"""The drawn pieces of a table: cards, piles, hands, zones and boards, figures, tokens and dice.

Every view has a stable ``cid`` (the engine's component id), a world-space ``rect``, ``draw(surface,
camera)`` and ``hit(world_pos)``. Transient display state (``offset`` for slides and drags, ``flip``
for flips, ``flash`` for damage) belongs to the animator and the drag controller; views never know a
rule. Everything is drawn from cached surfaces: card faces per (content, size), text per (string, size).
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Iterable

import pygame

from ui import fonts

from . import icons
from .camera import Camera
from . import cardface
from .cardface import CARD_SIZE, CardFace, back_for_view, face_for_view
from .palette import NORMAL, Palette, draw_shape


# ------------------------------------------------------------------ cached decorations


@lru_cache(maxsize=256)
def glow(size: tuple[int, int], colour: tuple, radius: int = 8, spread: int = 7) -> pygame.Surface:
    """A soft halo around a ``size`` rectangle (the surface is ``spread`` larger on every side)."""
    w, h = size
    surf = pygame.Surface((w + 2 * spread, h + 2 * spread), pygame.SRCALPHA)
    for i in range(spread, 0, -1):
        alpha = int(200 * (1 - i / (spread + 1)) ** 1.5)
        rect = pygame.Rect(spread - i, spread - i, w + 2 * i, h + 2 * i)
        pygame.draw.rect(surf, (*colour[:3], alpha), rect, 2, border_radius=radius + i)
    pygame.draw.rect(surf, (*colour[:3], 255), pygame.Rect(spread - 1, spread - 1, w + 2, h + 2), 3,
                     border_radius=radius + 1)
    return surf


@lru_cache(maxsize=256)
def badge(value: str, size: int, fill: tuple, ink: tuple) -> pygame.Surface:
    """A round count badge."""
    img = fonts.text(value, max(7, size), ink, True)
    d = max(img.get_height(), img.get_width() + 6) + 2
    surf = pygame.Surface((d, d), pygame.SRCALPHA)
    pygame.draw.circle(surf, fill, (d // 2, d // 2), d // 2)
    pygame.draw.circle(surf, ink, (d // 2, d // 2), d // 2, 1)
    surf.blit(img, img.get_rect(center=(d // 2, d // 2)))
    return surf


@lru_cache(maxsize=256)
def dashed_outline(size: tuple[int, int], colour: tuple, dash: int = 8) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    for x in range(0, w, dash * 2):
        pygame.draw.line(surf, colour, (x, 0), (min(w, x + dash), 0), 2)
        pygame.draw.line(surf, colour, (x, h - 2), (min(w, x + dash), h - 2), 2)
    for y in range(0, h, dash * 2):
        pygame.draw.line(surf, colour, (0, y), (0, min(h, y + dash)), 2)
        pygame.draw.line(surf, colour, (w - 2, y), (w - 2, min(h, y + dash)), 2)
    return surf


@lru_cache(maxsize=512)
def zone_fill(size: tuple[int, int], fill: tuple, line: tuple, radius: int) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, fill, surf.get_rect(), border_radius=radius)
    pygame.draw.rect(surf, line, surf.get_rect(), 2, border_radius=radius)
    return surf


ZONE_TILE = 256
ZONE_PIECES_FROM = 40000          # pixels: a zone this large or larger is drawn in pieces (draw_zone)


@lru_cache(maxsize=256)
def _zone_parts(fill: tuple, line: tuple, radius: int) -> tuple:
    """A zone's pieces, made once per look: its corners (a zone of 2k+1 pixels a side, k = radius + 2,
    whose middle row and column are the straight edges) and the edges and inside as tiles."""
    k = radius + 2
    t = zone_fill((2 * k + 1, 2 * k + 1), fill, line, radius)
    top = pygame.transform.scale(t.subsurface((k, 0, 1, k)), (ZONE_TILE, k))
    bottom = pygame.transform.scale(t.subsurface((k, k + 1, 1, k)), (ZONE_TILE, k))
    left = pygame.transform.scale(t.subsurface((0, k, k, 1)), (k, ZONE_TILE))
    right = pygame.transform.scale(t.subsurface((k + 1, k, k, 1)), (k, ZONE_TILE))
    inside = pygame.Surface((ZONE_TILE, ZONE_TILE), pygame.SRCALPHA)
    inside.fill(t.get_at((k, k)))
    return k, t, top, bottom, left, right, inside


FILL_ALIGN = 64           # bytes: a wide opaque fill starting on this boundary takes SDL's fast path


def fill_rect(surface: pygame.Surface, colour, rect) -> None:
    """``surface.fill(colour, rect)``, the same pixels, split so that the wide part starts on a 64-byte
    boundary of each row: SDL fills a wide rect that starts elsewhere about ten times slower (0.14 ms
    against 0.011 for 200x400 px), and a table's panels and the window around the table start anywhere.
    The narrow head (under 16 px) is filled on its own, which is cheap."""
    x, y, w, h = pygame.Rect(rect).clip(surface.get_clip())
    if w <= 0 or h <= 0:
        return
    bpp = surface.get_bytesize()
    if w > 16 and bpp == 4 and surface.get_pitch() % FILL_ALIGN == 0 and surface._pixels_address % FILL_ALIGN == 0:
        head = (-x * bpp) % FILL_ALIGN // bpp
        if head:
            surface.fill(colour, (x, y, head, h))
            x, w = x + head, w - head
    surface.fill(colour, (x, y, w, h))


def draw_zone(surface: pygame.Surface, rect, fill: tuple, line: tuple, radius: int) -> None:
    """``surface.blit(zone_fill(rect.size, fill, line, radius), rect.topleft)``, the same pixels. A large
    zone is drawn from pieces made once per look: a new size (a panel laid out again) makes no new
    window-sized picture (2-3 ms for a board), and none is kept per size; a small one is the cached
    picture (quicker to blit, cheap to make)."""
    x, y, w, h = pygame.Rect(rect)
    k = radius + 2
    if w * h < ZONE_PIECES_FROM or w < 2 * k + 1 or h < 2 * k + 1:
        surface.blit(zone_fill((w, h), fill, line, radius), (x, y))
        return
    k, t, top, bottom, left, right, inside = _zone_parts(tuple(fill), tuple(line), radius)
    blits = [(t, (x, y), (0, 0, k, k)), (t, (x + w - k, y), (k + 1, 0, k, k)),
             (t, (x, y + h - k), (0, k + 1, k, k)), (t, (x + w - k, y + h - k), (k + 1, k + 1, k, k))]
    opaque = len(fill) < 4 or fill[3] >= 255
    if opaque:                     # an opaque inside is a fill: no pixel to blend (a board's panel is a megapixel)
        fill_rect(surface, fill[:3], (x + k, y + k, w - 2 * k, h - 2 * k))
    for dx in range(k, w - k, ZONE_TILE):
        n = min(ZONE_TILE, w - k - dx)
        blits.append((top, (x + dx, y), (0, 0, n, k)))
        blits.append((bottom, (x + dx, y + h - k), (0, 0, n, k)))
        if not opaque:
            for dy in range(k, h - k, ZONE_TILE):
                blits.append((inside, (x + dx, y + dy), (0, 0, n, min(ZONE_TILE, h - k - dy))))
    for dy in range(k, h - k, ZONE_TILE):
        n = min(ZONE_TILE, h - k - dy)
        blits.append((left, (x, y + dy), (0, 0, k, n)))
        blits.append((right, (x + w - k, y + dy), (0, 0, k, n)))
    surface.blits(blits, doreturn=False)


@lru_cache(maxsize=512)
def figure_surface(shape: str, colour: tuple, d: int, pattern_mark: bool) -> pygame.Surface:
    surf = pygame.Surface((d + 4, d + 4), pygame.SRCALPHA)
    pygame.draw.ellipse(surf, (0, 0, 0, 90), pygame.Rect(3, d // 2 + 4, d - 2, d // 2 - 2))  # shadow
    draw_shape(surf, shape, colour, pygame.Rect(2, 0, d, d), outline=(20, 20, 20), width=max(1, d // 16))
    if pattern_mark:  # colour-blind: a white inner ring makes outline shapes easier to tell apart
        draw_shape(surf, shape, (255, 255, 255), pygame.Rect(2 + d // 3, d // 3, d // 3, d // 3), width=0)
    return surf


def label_size(zoom: float, base: int = 12) -> int:
    return max(8, min(30, round(base * zoom)))


HIGHLIGHT_COLOURS = ("source", "target", "hint", "selected")


def highlight_colour(palette: Palette, kind: str | None):
    return {"source": palette.source, "target": palette.target, "hint": palette.hint,
            "selected": palette.hint}.get(kind)


# ------------------------------------------------------------------ the base view


class View:
    """A drawn piece keyed by a component id, living in world coordinates."""

    layer = 0

    def __init__(self, cid: str, rect, *, label: str = ""):
        self.cid = cid
        self.rect = pygame.FRect(rect)
        self.label = label
        self.highlight: str | None = None     # "source" | "target" | "hint" | "selected" | None
        self.hovered = False
        self.visible = True
        self.offset = pygame.Vector2()        # animation / drag displacement (world units)
        self.flip = 1.0                       # flip progress 0..1 (1: not flipping)
        self.flash = 0.0                      # damage flash 0..1
        self.parent: View | None = None
        self.palette: Palette = NORMAL
        self.world: "World | None" = None     # set by World.add on root views

    # geometry
    def world_rect(self) -> pygame.FRect:
        return self.rect.move(self.offset.x, self.offset.y)

    def hit(self, world_pos) -> bool:
        return self.visible and self.world_rect().collidepoint(world_pos)

    def children(self) -> list["View"]:
        return []

    def views_at(self, world_pos) -> list["View"]:
        """This view and its children under ``world_pos``, topmost first."""
        out: list[View] = []
        for child in reversed(self.children()):
            out.extend(child.views_at(world_pos))
        if self.hit(world_pos):
            out.append(self)
        return out

    def screen_rect(self, camera: Camera) -> pygame.Rect:
        return camera.rect_to_screen(self.world_rect())

    def paint_rect(self, camera: Camera) -> pygame.Rect:
        """Where this view paints on screen, decorations aside (a turned view says so)."""
        return camera.rect_to_screen(self.world_rect())

    # frame
    def update(self, dt: float) -> None:
        for child in self.children():
            child.update(dt)

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        raise NotImplementedError

    def draw_decorations(self, surface: pygame.Surface, rect: pygame.Rect, radius: int = 8) -> None:
        colour = highlight_colour(self.palette, self.highlight)
        if colour is not None:
            g = glow(rect.size, colour, radius)
            surface.blit(g, (rect.x - 7, rect.y - 7))
        elif self.hovered:
            pygame.draw.rect(surface, self.palette.hover, rect.inflate(4, 4), 2, border_radius=radius)
        if self.flash > 0:
            tint = pygame.Surface(rect.size, pygame.SRCALPHA)
            tint.fill((*self.palette.danger[:3], int(170 * self.flash)))
            surface.blit(tint, rect.topleft)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.cid}>"


# ------------------------------------------------------------------ cards


class CardView(View):
    """A card: face or back, turned 90° when exhausted/resolved, glowing when it is a legal source/target."""

    layer = 2

    def __init__(self, cid: str, pos_or_rect, face: CardFace | None = None, *, face_up: bool = True,
                 back_label: str = "", back_colour=(70, 80, 120), exhausted: bool = False, angle: int = 0):
        rect = pos_or_rect if len(pos_or_rect) == 4 else (*pos_or_rect, *CARD_SIZE)
        super().__init__(cid, rect)
        self.face = face
        self.face_up = face_up and face is not None
        self.back_label = back_label or (face.back_label if face else "")
        self.back_colour = tuple(back_colour)
        self.exhausted = exhausted
        self.angle = angle          # fan tilt in a hand (degrees, small)
        self.lift = 0.0             # hand hover lift (world units)

    def world_rect(self) -> pygame.FRect:
        return self.rect.move(self.offset.x, self.offset.y - self.lift)

    def hit(self, world_pos) -> bool:
        if not self.visible:
            return False
        r = self.world_rect()
        if self.exhausted:
            r = pygame.FRect(0, 0, r.height, r.width).move_to(center=r.center)
        return r.collidepoint(world_pos)

    def paint_rect(self, camera: Camera) -> pygame.Rect:
        r = camera.rect_to_screen(self.world_rect())
        if self.exhausted or self.angle:           # turned: the square around its centre holds it
            side = max(r.width, r.height)
            r = pygame.Rect(0, 0, side, side).move_to(center=r.center)
        return r

    def surface_for(self, size: tuple[int, int], showing_face: bool, angle: int) -> pygame.Surface:
        cb = self.palette.colorblind
        if showing_face and self.face is not None:
            return face_for_view(self.face, size, cb, angle)
        return back_for_view(self.back_label, self.back_colour, size, cb, angle)

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        if not self.visible:
            return
        rect = self.screen_rect(camera)
        showing_face = self.face_up
        width = rect.width
        if self.flip < 1.0:  # first half shows the old side shrinking, second half the new side growing
            showing_face = self.face_up if self.flip >= 0.5 else not self.face_up
            width = max(1, round(rect.width * abs(1 - 2 * self.flip)))
        angle = (self.angle - 90 if self.exhausted else self.angle) % 360
        if width != rect.width:
            base = self.surface_for(rect.size, showing_face, 0)
            img = pygame.transform.scale(base, (width, rect.height))  # only during a flip animation
            if angle:
                img = pygame.transform.rotate(img, angle)
        else:
            img = self.surface_for(rect.size, showing_face, angle)
        dest = img.get_rect(center=rect.center)
        deco = dest if angle % 180 else rect
        if self.highlight or self.hovered:
            self.draw_decorations(surface, deco, max(3, camera.scale(8)))
            surface.blit(img, dest)
        else:
            surface.blit(img, dest)
            if self.flash > 0:
                self.draw_decorations(surface, deco, max(3, camera.scale(8)))


class PileView(View):
    """A deck or discard pile: a few stacked cards, the top face when it is face up, and a count badge."""

    layer = 1

    def __init__(self, cid: str, pos_or_rect, *, count: int = 0, label: str = "", back_colour=(70, 80, 120),
                 top: CardFace | None = None, face_up: bool = False):
        rect = pos_or_rect if len(pos_or_rect) == 4 else (*pos_or_rect, *CARD_SIZE)
        super().__init__(cid, rect, label=label)
        self.count = count
        self.back_colour = tuple(back_colour)
        self.top = top
        self.face_up = face_up

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        if not self.visible:
            return
        rect = self.screen_rect(camera)
        radius = max(3, camera.scale(8))
        cb = self.palette.colorblind
        if self.count <= 0:
            surface.blit(dashed_outline(rect.size, self.palette.zone_line), rect.topleft)
            if self.label:
                img = fonts.fit_text(self.label, label_size(camera.zoom, 11), rect.width - 4, self.palette.text_dim)
                surface.blit(img, img.get_rect(center=rect.center))
        else:
            layers = min(3, max(0, self.count - 1))
            step = max(1, camera.scale(2))
            back = back_for_view(self.label, self.back_colour, rect.size, cb)
            for i in range(layers, 0, -1):
                surface.blit(back, (rect.x + i * step, rect.y + i * step))
            if self.face_up and self.top is not None:
                surface.blit(face_for_view(self.top, rect.size, cb), rect.topleft)
            else:
                surface.blit(back, rect.topleft)
            b = badge(str(self.count), label_size(camera.zoom, 11), self.palette.badge, self.palette.badge_text)
            surface.blit(b, b.get_rect(center=(rect.right - 4, rect.y + 4)))
        self.draw_decorations(surface, rect, radius) if (self.highlight or self.hovered) else None


class HandView(View):
    """A hand of cards that stays readable: every card's title bar (title and cost) is always in view.

    The cards keep their size and sit side by side when they fit; otherwise they shrink (never below
    ``min_card_width`` world units, about the narrowest card whose title a person reads at 1:1), then
    wrap into rows that overlap only up to the title bar of the row behind, then scroll by rows (the
    mouse wheel over the hand; ``scroll_rows``). A fan (a small tilt) is kept only for a single row
    whose cards do not touch. The hovered card lifts above the others and is drawn whole.
    """

    layer = 3
    GAP = 6

    def __init__(self, cid: str, rect, *, label: str = "", fan_degrees: float = 2.5, lift: float = 28,
                 min_card_width: float = 92):
        super().__init__(cid, rect, label=label)
        self.cards: list[CardView] = []
        self.fan_degrees = fan_degrees
        self.lift_by = lift
        self.min_card_width = min_card_width
        self.hovered_cid: str | None = None
        self.rows = 1
        self.rows_shown = 1
        self.scroll = 0                  # rows scrolled past (0: the first rows)
        self.card_size: tuple[float, float] | None = None   # the size the cards were given, before shrinking
        self.hidden: list[str] = []      # cids scrolled out of view

    def children(self) -> list[View]:
        # the hovered card is drawn (and picked) last so it sits on top
        shown = [c for c in self.cards if c.visible]
        if self.hovered_cid is None:
            return shown
        return [c for c in shown if c.cid != self.hovered_cid] + [c for c in shown if c.cid == self.hovered_cid]

    def set_cards(self, cards: Iterable[CardView]) -> None:
        old = self.children()
        self.cards = list(cards)
        self.card_size = tuple(self.cards[0].rect.size) if self.cards else None
        for c in self.cards:
            c.parent = self
            c.palette = self.palette
        self.arrange()
        if self.world is not None:
            self.world.children_replaced(self, old)

    PAGER_H = 16          # world units above the cards for "1-3/7 ▲▼" when the rows do not all fit

    @staticmethod
    def title_band(card_h: float) -> float:
        """Height of a card's title bar (with its frame): what a row behind the next one still shows."""
        return card_h * 0.17 + 3

    def _label_h(self) -> float:
        return 16 if self.label else 0

    def plan(self, n: int, size: tuple[float, float], start: float = 1.0) -> tuple[float, int, int, int]:
        """(scale, columns, rows, rows that fit) for ``n`` cards of ``size`` in this hand (trying scales
        from ``start`` down)."""
        cw, ch = size
        W = self.rect.width
        H = self.rect.height - self._label_h() - 4
        low = min(1.0, self.min_card_width / cw) if cw > 0 else 1.0
        f = min(1.0, start)
        while True:
            w_, h_ = cw * f, ch * f
            cols = max(1, int((W + self.GAP) // (w_ + self.GAP)))
            rows = -(-n // cols)
            need = h_ + (rows - 1) * self.title_band(h_)
            if (need <= H and h_ <= H) or f <= low:
                fit = 1 + max(0, int((H - h_) // self.title_band(h_))) if h_ <= H else 1
                if rows > fit and h_ <= H - self.PAGER_H:    # rows to page through: room above them for the pager
                    fit = 1 + max(0, int((H - self.PAGER_H - h_) // self.title_band(h_)))
                return f, cols, rows, max(1, min(rows, fit))
            f = max(low, f - 0.04)

    def arrange(self) -> None:
        n = len(self.cards)
        self.hidden = []
        if not n:
            self.rows = self.rows_shown = 1
            return
        size = self.card_size or tuple(self.cards[0].rect.size)
        # cards leaving the hand leave the others at their size (they close up, centred): a hand laid out
        # afresh at each card played showed every card at a new size, each drawn again; a card that comes
        # in, or a new place or card size, lays the hand out afresh (and the table, when the turn passes)
        layouts = self.world.hand_layouts if self.world is not None else {}
        cids = frozenset(c.cid for c in self.cards)
        shape = (tuple(self.rect.size), tuple(size))
        kept = layouts.get(self.cid)
        if kept is not None and kept[1] == shape and cids <= kept[0]:
            f, cols, rows, fit = self.plan(n, size, kept[2])
            layouts[self.cid] = (kept[0], shape, kept[2])
        else:
            f, cols, rows, fit = self.plan(n, size)
            layouts[self.cid] = (cids, shape, f)
        cw, ch = size[0] * f, size[1] * f
        self.rows, self.rows_shown = rows, fit
        self.scroll = max(0, min(self.scroll, rows - fit))
        band = self.title_band(ch)
        bottom = self.rect.bottom - 4
        single = rows == 1
        step = cw + self.GAP
        for i, card in enumerate(self.cards):
            r, c = divmod(i, cols)
            in_row = cols if r < rows - 1 else n - r * cols
            row_w = cw + step * (in_row - 1)
            x0 = self.rect.centerx - row_w / 2
            shown_r = r - self.scroll
            card.visible = 0 <= shown_r < fit
            if not card.visible:
                self.hidden.append(card.cid)
            last_shown = min(rows, self.scroll + fit) - 1
            y = bottom - ch - (last_shown - r) * band
            card.rect = pygame.FRect(x0 + c * step, y, cw, ch)
            off = c - (in_row - 1) / 2
            card.angle = int(round(-off * self.fan_degrees)) if single and self.fan_degrees else 0
        self.set_hovered(self.hovered_cid)

    def grab_point(self, card: "CardView") -> tuple[float, float]:
        """A world point on the part of ``card`` no other card covers (its title bar in a back row)."""
        r = card.world_rect()
        covered = any(c is not card and c.visible and c.rect.y > card.rect.y + 1 and c.rect.colliderect(card.rect)
                      for c in self.cards)
        if not covered:
            return r.center
        return (r.centerx, r.y + self.title_band(r.height) / 2)

    def scroll_rows(self, delta: int) -> bool:
        """Scroll a hand with more rows than fit; True when it moved."""
        top = max(0, self.rows - self.rows_shown)
        new = max(0, min(top, self.scroll + delta))
        if new == self.scroll:
            return False
        self.scroll = new
        self.arrange()
        if self.world is not None:
            self.world.changed()
        return True

    def set_hovered(self, cid: str | None) -> None:
        self.hovered_cid = cid if any(c.cid == cid for c in self.cards) else None
        for c in self.cards:
            lifted = c.cid == self.hovered_cid
            c.lift = self.lift_by if lifted and self.rows == 1 else 0.0
            c.hovered = lifted
            if lifted:
                c.angle = 0

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        if not self.visible:
            return
        if self.label:
            img = fonts.text(self.label, label_size(camera.zoom, 11), self.palette.text_dim)
            pos = camera.to_screen((self.rect.x + 4, self.rect.y + 2))
            surface.blit(img, pos)
        if self.highlight:
            self.draw_decorations(surface, self.screen_rect(camera), camera.scale(10))
        for card in self.children():
            card.draw(surface, camera)
        if self.rows > self.rows_shown:       # more rows than fit: say so, and where we are
            more = f"{self.scroll + 1}-{self.scroll + self.rows_shown}/{self.rows} ▲▼"
            img = fonts.text(more, label_size(camera.zoom, 11), self.palette.text, True)
            pos = camera.to_screen((self.rect.right - 4, self.rect.y + 2))
            surface.blit(img, img.get_rect(topright=(round(pos[0]), round(pos[1]))))


class ZoneView(View):
    """A labelled rectangular area: a drop zone, a slot, a location."""

    layer = 0

    def __init__(self, cid: str, rect, *, label: str = "", fill=None, line=None, icon: str = ""):
        super().__init__(cid, rect, label=label)
        self.fill = fill
        self.line = line
        self.icon = icon

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        if not self.visible:
            return
        rect = self.screen_rect(camera)
        radius = max(3, camera.scale(10))
        fill = tuple(self.fill) if self.fill is not None else self.palette.zone
        line = tuple(self.line) if self.line is not None else self.palette.zone_line
        draw_zone(surface, rect, fill, line, radius)
        x = rect.x + camera.scale(6)
        if self.icon:
            ic = icons.icon(self.icon, label_size(camera.zoom, 14))
            surface.blit(ic, (x, rect.y + camera.scale(4)))
            x += ic.get_width() + 4
        if self.label:
            img = fonts.text(self.label, label_size(camera.zoom, 12), self.palette.text, True)
            surface.blit(img, (x, rect.y + camera.scale(4)))
        if self.highlight or self.hovered:
            self.draw_decorations(surface, rect, radius)


class BoardView(ZoneView):
    """A larger area (a board or a location) with an optional grid of spaces."""

    layer = -1

    def __init__(self, cid: str, rect, *, label: str = "", fill=(60, 82, 72, 255), line=None, grid: tuple = (),
                 icon: str = ""):
        super().__init__(cid, rect, label=label, fill=fill, line=line, icon=icon)
        self.grid = grid            # (cols, rows) or ()

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        super().draw(surface, camera)
        if self.grid and self.visible:
            cols, rows = self.grid
            rect = self.screen_rect(camera)
            colour = self.palette.table_line
            for c in range(1, cols):
                x = rect.x + rect.width * c // cols
                pygame.draw.line(surface, colour, (x, rect.y + 4), (x, rect.bottom - 4), 1)
            for r in range(1, rows):
                y = rect.y + rect.height * r // rows
                pygame.draw.line(surface, colour, (rect.x + 4, y), (rect.right - 4, y), 1)


# ------------------------------------------------------------------ figures, tokens, dice


class FigureView(View):
    """A token-like figure: a coloured shape with a label (seat colours and shapes from the palette)."""

    layer = 4

    def __init__(self, cid: str, center, *, size: float = 44, colour=None, shape: str | None = None,
                 seat: int | None = None, label: str = ""):
        super().__init__(cid, (center[0] - size / 2, center[1] - size / 2, size, size), label=label)
        self.colour = colour
        self.shape = shape
        self.seat = seat

    def style(self) -> tuple[str, tuple]:
        shape = self.shape or (self.palette.seat_shape(self.seat) if self.seat is not None else "circle")
        if self.palette.colorblind and self.seat is not None:
            shape = self.palette.seat_shape(self.seat)
        colour = self.colour
        if colour is None or (self.palette.colorblind and self.seat is not None):
            colour = self.palette.seat_colour(self.seat or 0)
        return shape, tuple(colour[:3])

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        if not self.visible:
            return
        rect = self.screen_rect(camera)
        shape, colour = self.style()
        img = figure_surface(shape, colour, rect.width, self.palette.colorblind)
        if self.highlight or self.hovered:
            self.draw_decorations(surface, rect, rect.width // 2)
        surface.blit(img, (rect.x - 2, rect.y))
        if self.label:
            text = fonts.text(self.label, label_size(camera.zoom, 11), self.palette.text, True)
            plate = text.get_rect(midtop=(rect.centerx, rect.bottom + 2)).inflate(6, 0)
            pygame.draw.rect(surface, (0, 0, 0), plate, border_radius=4)
            surface.blit(text, text.get_rect(center=plate.center))


class TokenView(View):
    """A stack of tokens (damage, coins, energy...) with an icon and a count."""

    layer = 5

    def __init__(self, cid: str, center, *, size: float = 34, icon: str = "", colour=(200, 170, 60), count: int = 1,
                 label: str = "", show_count: bool = True):
        super().__init__(cid, (center[0] - size / 2, center[1] - size / 2, size, size), label=label)
        self.icon = icon
        self.colour = tuple(colour)
        self.count = count
        self.show_count = show_count

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        if not self.visible or self.count <= 0:
            return
        rect = self.screen_rect(camera)
        r = rect.width // 2
        layers = min(4, self.count)
        step = max(1, camera.scale(3))
        for i in range(layers - 1, -1, -1):
            c = (rect.centerx, rect.centery - i * step)
            pygame.draw.circle(surface, self.colour, c, r)
            pygame.draw.circle(surface, (30, 30, 30), c, r, max(1, r // 10))
        top = (rect.centerx, rect.centery - (layers - 1) * step)
        if self.icon:
            ic = icons.icon(self.icon, max(6, int(r * 1.3)))
            surface.blit(ic, ic.get_rect(center=top))
        if self.highlight or self.hovered:
            self.draw_decorations(surface, rect, r)
        if self.show_count and self.count > 1:
            b = badge(str(self.count), label_size(camera.zoom, 10), self.palette.badge, self.palette.badge_text)
            surface.blit(b, b.get_rect(center=(rect.right, rect.y + 2)))


class DiceView(View):
    """A die: ``roll(value)`` tumbles it for a moment, then the result stays readable."""

    layer = 5

    def __init__(self, cid: str, center, *, size: float = 44, sides: int = 6, value: int | None = None,
                 faces: dict | None = None, colour=(236, 236, 228), ink=(30, 30, 30)):
        super().__init__(cid, (center[0] - size / 2, center[1] - size / 2, size, size))
        self.sides = sides
        self.value = value
        self.faces = dict(faces or {})    # value -> icon name (guardian dice); else the number is shown
        self.colour = tuple(colour)
        self.ink = tuple(ink)
        self.rolling = 0.0
        self._tumble = 0
        self._clock = 0.0

    def roll(self, value: int, seconds: float = 0.6) -> None:
        self.value = value
        self.rolling = max(0.0, seconds)

    def update(self, dt: float) -> None:
        if self.rolling > 0:
            self.rolling = max(0.0, self.rolling - dt)
            self._clock += dt
            if self._clock >= 0.06:
                self._clock = 0.0
                self._tumble = (self._tumble * 7 + 3) % max(1, self.sides)

    def shown_value(self):
        if self.rolling > 0:
            return self._tumble + 1
        return self.value

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        if not self.visible:
            return
        rect = self.screen_rect(camera)
        if self.rolling > 0:  # a small shake while tumbling
            rect = rect.move(round(math.sin(self.rolling * 60) * rect.width * 0.06), 0)
        radius = max(2, rect.width // 6)
        if self.highlight or self.hovered:
            self.draw_decorations(surface, rect, radius)
        pygame.draw.rect(surface, self.colour, rect, border_radius=radius)
        pygame.draw.rect(surface, self.ink, rect, max(1, rect.width // 18), border_radius=radius)
        value = self.shown_value()
        if value is None:
            return
        if value in self.faces:
            ic = icons.icon(self.faces[value], int(rect.width * 0.7))
            surface.blit(ic, ic.get_rect(center=rect.center))
        else:
            img = fonts.text(str(value), max(8, int(rect.height * 0.55)), self.ink, True)
            surface.blit(img, img.get_rect(center=rect.center))


# ------------------------------------------------------------------ the world: all views of a table


class World:
    """All views of a table keyed by cid, in draw order. Subclasses of TableScene fill it in
    ``layout(world)`` (static pieces) and ``sync(state)`` (pieces that follow the state)."""

    def __init__(self, viewport_size=(940, 800), palette: Palette = NORMAL):
        self.viewport_size = tuple(viewport_size)
        self.palette = palette
        self._roots: list[View] = []
        self._unsorted = False
        self._index: dict[str, View] | None = None
        self._all: list[View] | None = None       # every view in draw order, kept until the views change
        self._palette_due = False                 # a container's children changed: they take the palette
        # each hand's last layout (HandView.arrange): cid -> (cards, rect size, card size, scale); kept across
        # syncs (a sync makes the views again)
        self.hand_layouts: dict[str, tuple] = {}

    @property
    def roots(self) -> list[View]:
        """The top-level views in draw order: by layer, then in the order they were added (sorted on
        first use after a change, not at every add: a sync adds a hundred views)."""
        if self._unsorted:
            self._roots.sort(key=lambda v: v.layer)      # stable: insertion order within a layer
            self._unsorted = False
        return self._roots

    @roots.setter
    def roots(self, views: list[View]) -> None:
        self._roots = list(views)
        self._unsorted = True
        self._all = None

    # building
    def add(self, view: View) -> View:
        """Add ``view``; an existing view with the same cid is replaced and hands over its animation state."""
        old = self.get(view.cid)
        if old is not None:
            view.offset = pygame.Vector2(old.offset)
            view.flip, view.flash = old.flip, old.flash
            self.remove(view.cid)
        view.palette = self.palette
        view.world = self
        for child in view.children():
            child.palette = self.palette
        self._roots.append(view)
        self._unsorted = True
        self._all = None
        if self._index is not None:
            self._index[view.cid] = view
            for child in view.children():
                self._index[child.cid] = child
        return view

    def remove(self, cid: str) -> None:
        self._all = None
        before = len(self._roots)
        gone = [v for v in self._roots if v.cid == cid]
        if gone:
            self._roots = [v for v in self._roots if v.cid != cid]      # order kept: still sorted or not
        if len(self._roots) == before:
            for v in self._roots:
                if isinstance(v, HandView) and any(c.cid == cid for c in v.cards):
                    v.set_cards([c for c in v.cards if c.cid != cid])
            self._index = None
        elif self._index is not None:
            for v in gone:
                self._index.pop(v.cid, None)
                for child in v.children():
                    self._index.pop(child.cid, None)

    def clear(self) -> None:
        self.roots.clear()
        self._index = None
        self._all = None

    def changed(self) -> None:
        """Call after changing a container's children (e.g. ``hand.set_cards``). Cheap: a sync calls it
        for every hand; the views are walked again once, when next looked up or drawn."""
        self._index = None
        self._all = None
        self._palette_due = True

    def children_replaced(self, container: View, old: list[View]) -> None:
        """``container``'s children (leaves, e.g. a hand's cards) were replaced; ``old`` the children it
        had. The lookup swaps them in place instead of walking every view again (a sync replaces each
        seat's hand); anything it cannot vouch for (the container not looked up, a new child whose id
        another view has) is left to a fresh walk, as ``changed``."""
        index = self._index
        self._all = None
        if index is None or index.get(container.cid) is not container:
            self.changed()
            return
        gone = {id(v) for v in old}
        for v in old:
            if index.get(v.cid) is v:
                del index[v.cid]
        for v in container.children():
            other = index.get(v.cid)
            if (other is not None and id(other) not in gone) or v.children():
                self.changed()
                return
            index[v.cid] = v
            v.palette = self.palette

    def _spread_palette(self) -> None:
        if self._palette_due:
            self._palette_due = False
            for v in self.all():
                v.palette = self.palette

    def set_palette(self, palette: Palette) -> None:
        self.palette = palette
        for v in self.all():
            v.palette = palette

    # lookup
    def all(self) -> list[View]:
        """Every view, containers before their children (one walk, kept until views are added, removed or
        a container's children change: do not change the list)."""
        if self._all is not None and not self._unsorted:
            return self._all
        out: list[View] = []

        def walk(v: View):
            out.append(v)
            for c in v.children():
                walk(c)
        for v in self.roots:
            walk(v)
        self._all = out
        return out

    def index(self) -> dict[str, View]:
        if self._index is None:
            self._spread_palette()
            self._index = {v.cid: v for v in self.all()}
        return self._index

    def get(self, cid: str | None) -> View | None:
        if cid is None:
            return None
        return self.index().get(cid)

    def __contains__(self, cid) -> bool:
        return self.get(cid) is not None

    def views_at(self, world_pos, exclude: View | None = None) -> list[View]:
        """Every view under ``world_pos``, topmost first (children before their container)."""
        out: list[View] = []
        for v in reversed(self.roots):
            out.extend(x for x in v.views_at(world_pos) if x is not exclude)
        return out

    def bounds(self) -> pygame.Rect:
        rects = [v.rect for v in self.all() if v.visible]
        if not rects:
            return pygame.Rect(0, 0, *self.viewport_size)
        r = pygame.FRect(rects[0]).unionall(rects[1:])
        return pygame.Rect(int(r.x), int(r.y), int(math.ceil(r.width)), int(math.ceil(r.height)))

    # frame
    def update(self, dt: float) -> None:
        for v in self.roots:
            v.update(dt)

    def draw(self, surface: pygame.Surface, camera: Camera, skip: View | None = None) -> None:
        """Every view, in order, straight onto ``surface`` (``skip``, the dragged view, on top)."""
        self._spread_palette()
        clip = surface.get_clip()
        surface.set_clip(camera.viewport)
        for v in self.roots:
            if v is skip:
                continue
            if camera.rect_to_screen(v.world_rect()).inflate(40, 40).colliderect(camera.viewport):
                self._draw_root(v, surface, camera, skip)
        if skip is not None:
            skip.draw(surface, camera)
        surface.set_clip(clip)

    @staticmethod
    def _draw_root(v: View, surface: pygame.Surface, camera: Camera, skip: View | None) -> None:
        if isinstance(v, HandView) and skip is not None and skip in v.cards:
            saved = skip.visible
            skip.visible = False
            v.draw(surface, camera)
            skip.visible = saved
        else:
            v.draw(surface, camera)

    # ---------------------------------------------------------------- the kept picture
    cache_enabled = True          # off: every frame draws every view (the tests compare both pictures)
    CACHE_MARGIN = 40             # screen pixels a view may draw beyond its rect (glows, shadows, badges)

    def draw_cached(self, surface: pygame.Surface, camera: Camera, background,
                    skip: View | None = None) -> None:
        """The table (``background``, a TableCloth, under every view) as ``draw`` paints it, from a picture kept between
        frames: only the places where a view appeared, went, moved or changed how it looks are painted
        again. A view's look is its attributes (rects, offsets, lists and dicts copied), its children's
        looks, and whether it is the dragged view; views draw from their attributes only, never from the
        clock or the engine, so an unchanged look is an unchanged picture. A new camera, size, palette or
        background, or changes over three quarters of the table (their areas summed), paint it all."""
        vp = camera.viewport.clip(surface.get_rect())
        self._spread_palette()
        if not self.cache_enabled or vp.width <= 0 or vp.height <= 0:
            background.paint(surface, camera.viewport, camera.viewport.topleft)
            self.draw(surface, camera, skip)
            return
        key = (surface.get_size(), tuple(camera.viewport), camera.zoom, tuple(camera.origin), id(background),
               id(self.palette))
        cache = getattr(self, "_cache", None)
        full = cache is None or cache.get_size() != surface.get_size() or key != self._cache_key
        before = {} if full else self._looks
        now = {}
        dirty: list[pygame.Rect] = []
        for v in self.roots:
            hidden = v is skip or (skip is not None and isinstance(v, HandView) and skip in v.cards)
            look = (hidden, _look(v))
            old = before.get(v.cid)
            if old is not None and old[1] == look:
                now[v.cid] = (v, look, old[2])          # same look, same camera: the same place
                continue
            bounds = self._bounds(v, camera)
            now[v.cid] = (v, look, bounds)
            if old is not None and old[2] != bounds:
                dirty.append(old[2])
            dirty.append(bounds)
        again = getattr(self, "_again", None)
        if not full:
            dirty.extend(old[2] for k, old in before.items() if k not in now)
            if again:
                dirty.extend(again)
            dirty = _merged([r.clip(vp) for r in dirty])
            whole = vp.width * vp.height
            if len(dirty) > 1:
                # each area paints every view under it: one pass over their union is cheaper while it
                # adds little to the areas (a hand at the bottom and a counter at the top are two)
                union = dirty[0].unionall(dirty[1:])
                if len(dirty) > 12 or union.width * union.height * 2 <= 3 * sum(r.width * r.height for r in dirty):
                    dirty = [union]
            if sum(r.width * r.height for r in dirty) * 4 > 3 * whole:
                full = True
        if full:
            if cache is None or cache.get_size() != surface.get_size():
                cache = self._cache = pygame.Surface(surface.get_size()).convert(surface)
            dirty = [vp]
        self._cache_key, self._looks = key, now
        again = []
        for area in dirty:
            cache.set_clip(area)
            background.paint(cache, area, camera.viewport.topleft)
            for v, look, bounds in now.values():
                if v is not skip and bounds.colliderect(area):
                    stand_ins = cardface.stand_ins()
                    self._draw_root(v, cache, camera, skip)
                    if cardface.stand_ins() != stand_ins:    # a card drawn from a scaled copy: again next frame
                        again.append(bounds.clip(area))
        self._again = again
        cache.set_clip(None)
        self.painted = dirty                       # what the last frame painted again (tests, bench)
        surface.blit(cache, vp, area=vp)
        if skip is not None:
            clip = surface.get_clip()
            surface.set_clip(vp)
            skip.draw(surface, camera)
            surface.set_clip(clip)

    @property
    def unfinished(self) -> bool:
        """The kept picture still shows a card drawn from a scaled copy (the next frames paint it again)."""
        return bool(getattr(self, "_again", None))

    def forget_picture(self) -> None:
        """Paint everything at the next frame (after drawing something the looks cannot see); the kept
        surface itself stays (making a window-sized surface costs a frame's worth of time)."""
        self._cache_key = None

    def _bounds(self, v: View, camera: Camera) -> pygame.Rect:
        """Where ``v`` and its children may paint on screen, with the margin."""
        out = v.paint_rect(camera)
        for child in v.children():
            out.union_ip(child.paint_rect(camera))
        return out.inflate(2 * self.CACHE_MARGIN, 2 * self.CACHE_MARGIN)


def _joins(a: pygame.Rect, b: pygame.Rect) -> bool:
    """Overlapping areas are painted as one when that adds little: their union is at most half again
    their own areas (a long strip and a corner that touches it stay two)."""
    if not a.colliderect(b):
        return False
    u = a.union(b)
    small = min(a.width * a.height, b.width * b.height)
    # ... and the union adds at most the smaller one's area: an area grown by joins no longer takes in
    # every area that touches it (a Heroes move's hand, played card, enemies and prompt chained into one)
    return u.width * u.height * 2 <= 3 * (a.width * a.height + b.width * b.height) and \
        u.width * u.height <= a.width * a.height + b.width * b.height + small


def _merged(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """The non-empty ``rects`` with overlapping pairs joined when their union adds little (a view under
    two of them is then painted once, not twice; areas that stay apart may overlap: each is painted
    whole, background first, so the overlap is painted twice alike)."""
    out: list[pygame.Rect] = []
    for r in rects:
        if r.width <= 0 or r.height <= 0:
            continue
        r = pygame.Rect(r)
        joined = True
        while joined:
            joined = False
            for i, o in enumerate(out):
                if _joins(o, r):
                    r = r.union(out.pop(i))
                    joined = True
                    break
        out.append(r)
    return out


_NOT_LOOKS = frozenset(("world", "parent", "palette"))
_COPY = {pygame.FRect: tuple, pygame.Rect: tuple, pygame.Vector2: tuple, list: tuple, set: frozenset,
         dict: lambda d: tuple(d.items())}


def _own(view: View, values) -> tuple:
    """A list of ``view``'s attribute as a look: its own children by cid (their looks are added anyway; a
    sync that makes them again with the same looks is then no change), anything else as it is."""
    return tuple(x.cid if isinstance(x, View) and x.parent is view else x for x in values)


def _look(view: View) -> list:
    """What ``view``'s picture depends on: its attributes (mutable ones copied, so a change made in place
    is seen; its children held in a list named by cid) and its children's looks."""
    copy = _COPY.get
    out = [(_own(view, value) if type(value) is list else f(value)) if (f := copy(type(value))) is not None else value
           for key, value in view.__dict__.items() if key not in _NOT_LOOKS]
    out.append(type(view))
    for child in view.children():
        out.append(_look(child))
    return out
