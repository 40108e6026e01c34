"""Pieces of the Heroes of the Grid table that the generic kit has no view for: locations, groups of
foot-soldier figures, the team's seat panels, the power and experience tracks, the battle board with
its guard links, enemy cards with hit tokens, combat dice and small text labels. They draw from cached
surfaces (text, icons, zone fills) and know no rule: the table scene fills in their fields."""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from ui import fonts
from ui.table import icons
from ui.table.camera import Camera
from ui.fonts import fit_text
from ui.table.palette import draw_shape
from ui.table.views import (CardView, DiceView, FigureView, PileView, View, badge, figure_surface, glow, label_size,
                            draw_zone, zone_fill)

from . import art as A
from .faces import RANGER_COLOURS

PANIC_RED = (214, 62, 52)
GOLD = (236, 196, 70)


@lru_cache(maxsize=512)
def wrapped(text: str, size: int, width: int, colour: tuple) -> pygame.Surface:
    return fonts.paragraph(text, size, max(10, width), colour)


class Label(View):
    """A line (or a wrapped block) of text; never a drop target."""

    layer = 6

    def __init__(self, cid: str, rect, text: str, *, size: int = 12, colour=(236, 236, 230), bold: bool = False,
                 wrap: bool = False, align: str = "left", plate=None, layer: int = 6):
        super().__init__(cid, rect, label=text)
        self.layer = layer
        self.size = size
        self.colour = tuple(colour)
        self.bold = bold
        self.wrap = wrap
        self.align = align
        self.plate = plate

    def hit(self, world_pos) -> bool:
        return False

    def draw(self, surface, camera: Camera) -> None:
        if not self.visible or not self.label:
            return
        rect = self.screen_rect(camera)
        size = label_size(camera.zoom, self.size)
        if self.plate is not None:
            plate = zone_fill(rect.size, tuple(self.plate), tuple(self.plate), max(2, camera.scale(6)))
            surface.blit(plate, rect.topleft)
        if self.wrap:
            img = wrapped(self.label, size, rect.width - 4, self.colour)
        else:
            img = fit_text(self.label, size, max(4, rect.width - 4), self.colour, self.bold)
        if self.align == "center":
            surface.blit(img, img.get_rect(center=rect.center))
        else:
            top = rect.y + 2 if self.wrap else rect.y + max(0, (rect.height - img.get_height()) // 2)
            surface.blit(img, (rect.x + 2, top))


class Panel(View):
    """A backdrop (a section of the board, the battle board, a tray); never a drop target."""

    def __init__(self, cid: str, rect, *, title: str = "", fill=(20, 24, 30, 235), line=(120, 130, 140), layer=-1,
                 title_size: int = 14, icon: str = ""):
        super().__init__(cid, rect, label=title)
        self.fill = tuple(fill)
        self.line = tuple(line)
        self.layer = layer
        self.title_size = title_size
        self.icon = icon

    def hit(self, world_pos) -> bool:
        return False

    def draw(self, surface, camera: Camera) -> None:
        if not self.visible:
            return
        rect = self.screen_rect(camera)
        if self.fill[3:] != (0,) or self.line[3:] != (0,):      # an invisible frame (the table's) draws nothing
            draw_zone(surface, rect, self.fill, self.line, max(3, camera.scale(10)))
        x = rect.x + camera.scale(8)
        if self.icon:
            ic = icons.icon(self.icon, label_size(camera.zoom, self.title_size + 2))
            surface.blit(ic, (x, rect.y + camera.scale(4)))
            x += ic.get_width() + 4
        if self.label:
            img = fit_text(self.label, label_size(camera.zoom, self.title_size), max(4, rect.right - x - 6),
                            self.palette.text, True)
            surface.blit(img, (x, rect.y + camera.scale(4)))


class GuardLinks(View):
    """The battle board's guard links (world points), a view of their own over the board: a link that comes
    or goes repaints the links' corner of the table, not the whole board (the board's picture is most of
    the table's, with every card on it)."""

    layer = 6
    PAD = 18                      # world units around the links: the line's width and the guard icon

    def __init__(self, cid: str):
        super().__init__(cid, (0, 0, 0, 0))
        self.links: list[tuple[tuple, tuple]] = []

    def set_links(self, links: list[tuple[tuple, tuple]]) -> None:
        self.links = list(links)
        if self.links:
            xs = [p[0] for link in self.links for p in link]
            ys = [p[1] for link in self.links for p in link]
            self.rect = pygame.FRect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)).inflate(
                2 * self.PAD, 2 * self.PAD)
        else:
            self.rect = pygame.FRect(0, 0, 0, 0)

    def hit(self, world_pos) -> bool:
        return False

    def draw(self, surface, camera: Camera) -> None:
        if not self.visible:
            return
        for a, b in self.links:
            pa, pb = camera.to_screen(a), camera.to_screen(b)
            pygame.draw.line(surface, GOLD, pa, pb, max(2, camera.scale(4)))
            mid = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
            ic = icons.icon("guard", max(10, camera.scale(22)))
            surface.blit(ic, ic.get_rect(center=(round(mid[0]), round(mid[1]))))


class LocationView(View):
    """A location of the city: name, figures against the limit, panic, the B-side effect."""

    layer = -1

    def __init__(self, cid: str, rect, *, name: str, limit: int | None, count: int, panic: bool, effect: str = "",
                 centre: bool = False, energy: int = 0, note: str = ""):
        super().__init__(cid, rect, label=name)
        self.limit = limit
        self.count = count
        self.panic = panic
        self.effect = effect
        self.centre = centre
        self.energy = energy
        self.note = note

    def draw(self, surface, camera: Camera) -> None:
        if not self.visible:
            return
        rect = self.screen_rect(camera)
        pal = self.palette
        radius = max(3, camera.scale(12))
        if self.centre:
            fill, line = (36, 58, 96, 235), (130, 170, 230)
        elif self.panic:
            fill, line = (92, 36, 34, 230), PANIC_RED
        else:
            fill, line = (30, 44, 40, 225), (150, 178, 164)
        lid = self.cid.partition(":")[2]
        if A.exists(f"loc_{lid}"):     # the illustrated tile (side B shows its effect text, so it is side B)
            surface.blit(A.location_tile(lid, "B" if self.effect else "A", self.panic, rect.size, radius), rect.topleft)
            fill = (0, 0, 0, 0)
        draw_zone(surface, rect, fill, line, radius)
        pad = camera.scale(8)
        x, y = rect.x + pad, rect.y + camera.scale(5)
        title_size = label_size(camera.zoom, 15)
        right = rect.right - pad
        # right side: the count against the limit, then the panic token
        if self.panic:
            ic = icons.icon("panic", label_size(camera.zoom, 24))
            right -= ic.get_width()
            surface.blit(ic, (right, y))
            right -= camera.scale(4)
        if self.limit is not None:
            colour = PANIC_RED if self.count >= self.limit - 1 else pal.text
            img = fonts.text(f"{self.count}/{self.limit}", label_size(camera.zoom, 15), colour, True)
            right -= img.get_width()
            surface.blit(img, (right, y + 1))
            ic = icons.icon("human", label_size(camera.zoom, 16))
            right -= ic.get_width() + 2
            surface.blit(ic, (right, y + 2))
        if self.centre and self.energy >= 0:
            img = fonts.text(f"× {self.energy}", label_size(camera.zoom, 15), GOLD, True)
            right -= img.get_width()
            surface.blit(img, (right, y + 1))
            ic = icons.icon("energy", label_size(camera.zoom, 18))
            right -= ic.get_width() + 2
            surface.blit(ic, (right, y + 1))
        name = fit_text(self.label, title_size, max(4, right - x - 6), pal.text, True)
        surface.blit(name, (x, y))
        y += name.get_height()
        if self.note:
            img = fit_text(self.note, label_size(camera.zoom, 11), rect.width - 2 * pad,
                            (255, 170, 150) if self.panic else pal.text_dim)
            surface.blit(img, (x, y))
            y += img.get_height()
        if self.effect:
            img = wrapped(self.effect, label_size(camera.zoom, 10), rect.width - 2 * pad, (214, 214, 190))
            surface.blit(img, (x, y))
        if self.highlight or self.hovered:
            self.draw_decorations(surface, rect, radius)


class PawnGroup(View):
    """The foot-soldier figures of one type at one location, drawn as that many pawns."""

    layer = 4

    def __init__(self, cid: str, rect, *, count: int, colour, name: str, shape: str = "circle", big: bool = False):
        super().__init__(cid, rect, label=name)
        self.count = count
        self.colour = tuple(colour)
        self.shape = shape
        self.big = big

    def draw(self, surface, camera: Camera) -> None:
        if not self.visible or self.count <= 0:
            return
        rect = self.screen_rect(camera)
        d = max(6, rect.height - camera.scale(14))
        step = d * 0.72 if not self.big else d
        n = self.count if not self.big else 1
        step = min(step, (rect.width - d) / max(1, n - 1)) if n > 1 else step
        text = f"{self.label} ×{self.count}" if not self.big else self.label
        label = fit_text(text, label_size(camera.zoom, 10), max(4, rect.width + camera.scale(20)), self.palette.text,
                         True)
        foe = A.foe_of(self.cid)
        if foe is not None and A.exists(f"foe_{foe}"):   # each enemy its own figure, standing on the name plate
            feet = rect.bottom - label.get_height() + camera.scale(3)
            tall = max(d, feet - rect.y)                 # never above the view (the text over it stays clear)
            img = A.foe_figure(foe, round(tall * 1.25) if foe == "cyclopsis" else tall, self.colour)
        else:
            img = figure_surface(self.shape, self.colour, d, self.palette.colorblind)
            feet = rect.y + img.get_height()
        for i in range(n):
            surface.blit(img, img.get_rect(midbottom=(rect.x + round(i * step) + d // 2 + 2, feet)))
        if self.highlight or self.hovered:
            self.draw_decorations(surface, rect, max(3, camera.scale(8)))
        img = label
        plate = img.get_rect(topleft=(rect.x, rect.bottom - img.get_height())).inflate(6, 0)
        pygame.draw.rect(surface, (0, 0, 0), plate, border_radius=4)
        surface.blit(img, img.get_rect(center=plate.center))


class DeployPile(PileView):
    """The deployment deck: its top card's back shows the location it names (``loc``), in that
    location's tone with its picture; the count badge and highlights are the kit pile's."""

    def __init__(self, cid: str, pos_or_rect, *, loc: str | None = None, **kw):
        super().__init__(cid, pos_or_rect, **kw)
        self.loc = loc

    def draw(self, surface, camera: Camera) -> None:
        if not self.visible or self.count <= 0 or not self.loc or not A.exists(f"loc_{self.loc}"):
            super().draw(surface, camera)
            return
        rect = self.screen_rect(camera)
        back = A.deploy_back(self.loc, rect.size)
        step = max(1, camera.scale(2))
        for i in range(min(3, max(0, self.count - 1)), -1, -1):
            surface.blit(back, (rect.x + i * step, rect.y + i * step))
        if self.label:
            img = fit_text(self.label, label_size(camera.zoom, 10), rect.width - 6, (245, 245, 240), True)
            plate = img.get_rect(center=(rect.centerx, rect.y + rect.height * 0.78)).inflate(6, 2)
            pygame.draw.rect(surface, (20, 20, 24), plate, border_radius=4)
            surface.blit(img, img.get_rect(center=plate.center))
        b = badge(str(self.count), label_size(camera.zoom, 11), self.palette.badge, self.palette.badge_text)
        surface.blit(b, b.get_rect(center=(rect.right - 4, rect.y + 4)))
        if self.highlight or self.hovered:
            self.draw_decorations(surface, rect, max(3, camera.scale(8)))


class DeployedCard(CardView):
    """A deployment card of this round, shown where it resolved: ``caption`` (where its figures went)
    on a plate at its foot once the card has arrived (not while it still slides from the deck)."""

    layer = 3

    def __init__(self, cid: str, rect, face, *, caption: str = "", caption_w: float | None = None, **kw):
        super().__init__(cid, rect, face, **kw)
        self.caption = caption
        self.caption_w = caption_w      # the width of the card left uncovered by the next one (world units)

    def hit(self, world_pos) -> bool:
        return self.visible and self.offset.length() < 1 and super().hit(world_pos)

    def draw(self, surface, camera: Camera) -> None:
        if not self.visible:
            return
        super().draw(surface, camera)
        if self.caption and self.offset.length() < 1 and self.flip >= 1.0:
            rect = self.screen_rect(camera)
            room = rect.width if self.caption_w is None else min(rect.width, camera.scale(self.caption_w))
            img = fit_text(self.caption, label_size(camera.zoom, 10), max(4, room - 8), (255, 255, 255), True)
            plate = img.get_rect(midbottom=(rect.x + room / 2, rect.bottom - 2)).inflate(6, 2)
            pygame.draw.rect(surface, (14, 16, 20), plate, border_radius=4)
            surface.blit(img, img.get_rect(center=plate.center))


class RangerFigure(FigureView):
    """A ranger: the suit colour, a shape (colour-blind safe), the name; a star when leading the battle."""

    def __init__(self, cid: str, center, *, size: float, colour, shape: str, label: str, lead: bool = False,
                 dim: bool = False):
        super().__init__(cid, center, size=size, colour=colour, shape=shape, label=label)
        self.lead = lead
        self.dim = dim

    def style(self):
        return self.shape, tuple(self.colour[:3])

    def draw(self, surface, camera: Camera) -> None:
        if not self.visible:
            return
        rid = self.cid.partition(":")[2]
        if not A.exists(f"ranger_{rid}"):
            super().draw(surface, camera)
        else:
            self.draw_bust(surface, camera, rid)
        rect = self.screen_rect(camera)
        if self.lead:
            ic = icons.icon("star", max(10, rect.width // 2))
            surface.blit(ic, ic.get_rect(center=(rect.right - 2, rect.y + 2)))
        if self.dim:
            veil = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.ellipse(veil, (0, 0, 0, 120), veil.get_rect())
            surface.blit(veil, rect.topleft)

    def draw_bust(self, surface, camera: Camera, rid: str) -> None:
        rect = self.screen_rect(camera)
        if self.highlight or self.hovered:
            self.draw_decorations(surface, rect, rect.width // 2)
        img = A.ranger_figure(rid, self.colour, round(rect.width * 1.2), self.shape, self.palette.colorblind)
        surface.blit(img, img.get_rect(midbottom=(rect.centerx, rect.bottom + 2)))
        if self.label:
            text = fonts.text(self.label, label_size(camera.zoom, 11), self.palette.text, True)
            plate = text.get_rect(midtop=(rect.centerx, rect.bottom + 2)).inflate(6, 0)
            pygame.draw.rect(surface, (0, 0, 0), plate, border_radius=4)
            surface.blit(text, text.get_rect(center=plate.center))


class SlotToken(View):
    """A pile of tokens (energy, actions, the pool) with its icon, count and caption; an empty
    dashed ring when there is none (so a drop target stays visible)."""

    layer = 5

    def __init__(self, cid: str, center, *, size: float = 30, icon: str = "energy", colour=(236, 196, 70),
                 count: int = 0, caption: str = "", flipped: int = 0):
        super().__init__(cid, (center[0] - size / 2, center[1] - size / 2, size, size), label=caption)
        self.icon = icon
        self.colour = tuple(colour)
        self.count = count
        self.flipped = flipped

    def draw(self, surface, camera: Camera) -> None:
        if not self.visible:
            return
        rect = self.screen_rect(camera)
        r = rect.width // 2
        c = rect.center
        if self.count <= 0:
            pygame.draw.circle(surface, (150, 150, 150), c, r, max(1, camera.scale(2)))
            ic = icons.icon(self.icon, max(6, int(r * 1.1)))
            ic = ic.copy()
            ic.set_alpha(90)
            surface.blit(ic, ic.get_rect(center=c))
        elif self.cid == "token:megazord":      # the Megazord standing at a location: its figure
            img = A.zord_art("megazord", round(rect.width * 1.4))
            surface.blit(img, img.get_rect(midbottom=(c[0], rect.bottom + camera.scale(2))))
        else:
            step = max(1, camera.scale(3))
            for i in range(min(3, self.count) - 1, -1, -1):
                cc = (c[0], c[1] - i * step)
                pygame.draw.circle(surface, self.colour, cc, r)
                pygame.draw.circle(surface, (30, 30, 30), cc, r, max(1, r // 10))
            top = (c[0], c[1] - (min(3, self.count) - 1) * step)
            ic = icons.icon(self.icon, max(6, int(r * 1.3)))
            surface.blit(ic, ic.get_rect(center=top))
            b = badge(str(self.count), label_size(camera.zoom, 11), self.palette.badge, self.palette.badge_text)
            surface.blit(b, b.get_rect(center=(rect.right, rect.y + 2)))
        if self.highlight or self.hovered:
            self.draw_decorations(surface, rect, r)
        if self.label:
            img = fit_text(self.label, label_size(camera.zoom, 10), max(4, camera.scale(90)), self.palette.text_dim)
            surface.blit(img, img.get_rect(midtop=(c[0], rect.bottom + 1)))


class SeatPanel(View):
    """One player's corner of the team: the ranger portraits in suit colours, names and roles, and the
    counts that have no piece of their own (hand, hand size). ``cid`` is "seat:<n>" (energy sharing
    drops here)."""

    layer = 0

    def __init__(self, cid: str, rect, *, colours: list, shapes: list, names: str, role: str, stats: str,
                 active: bool = False, battling: bool = False):
        super().__init__(cid, rect, label=names)
        self.colours = colours
        self.shapes = shapes
        self.role = role
        self.stats = stats
        self.active = active
        self.battling = battling
        self.reserve = 0.0              # world units kept free at the right of the header (zord cards)

    def draw(self, surface, camera: Camera) -> None:
        if not self.visible:
            return
        rect = self.screen_rect(camera)
        colour = tuple(self.colours[0][:3])
        radius = max(3, camera.scale(10))
        fill = (*[int(c * 0.28) for c in colour], 230) if (self.active or self.battling) else (16, 20, 24, 215)
        draw_zone(surface, rect, fill, colour, radius)
        x = rect.x + camera.scale(6)
        y = rect.y + camera.scale(4)
        d = camera.scale(20)
        for col, shape in zip(self.colours, self.shapes):
            rid = next((r for r, c in RANGER_COLOURS.items() if c == tuple(col[:3])), "")
            if A.exists(f"ranger_{rid}"):
                surface.blit(A.ranger_figure(rid, col, round(d * 1.15), shape, self.palette.colorblind), (x, y - 2))
            else:
                draw_shape(surface, shape, tuple(col[:3]), pygame.Rect(x, y, d, d), outline=(240, 240, 240), width=1)
            x += d + camera.scale(3)
        x += camera.scale(3)
        right = rect.right - camera.scale(self.reserve) - 4
        name = fit_text(self.label, label_size(camera.zoom, 13), max(4, right - x - 4), self.palette.text, True)
        surface.blit(name, (x, y + (d - name.get_height()) // 2))
        if self.stats:
            img = fit_text(self.stats, label_size(camera.zoom, 10), max(4, right - rect.x - camera.scale(6)),
                            self.palette.text_dim)
            surface.blit(img, (rect.x + camera.scale(6), y + d + camera.scale(2)))
        if self.highlight or self.hovered:
            self.draw_decorations(surface, rect, radius)


class TrackView(View):
    """The power track (zords summoned, Megazord at the end) or the experience track (defeated
    foot-soldier figures, coloured by type)."""

    layer = 0

    def __init__(self, cid: str, rect, *, title: str, slots: int, filled: list, icon: str = ""):
        super().__init__(cid, rect, label=title)
        self.slots = slots
        self.filled = filled            # one colour per filled slot
        self.icon = icon

    def hit(self, world_pos) -> bool:
        return False

    def draw(self, surface, camera: Camera) -> None:
        if not self.visible:
            return
        rect = self.screen_rect(camera)
        size = label_size(camera.zoom, 11)
        title = fit_text(self.label, size, rect.width, self.palette.text_dim, True)
        surface.blit(title, (rect.x, rect.y))
        top = rect.y + title.get_height() + camera.scale(2)
        h = rect.bottom - top
        w = (rect.width - camera.scale(3) * (self.slots - 1)) / self.slots
        for i in range(self.slots):
            box = pygame.Rect(round(rect.x + i * (w + camera.scale(3))), top, max(2, round(w)), max(2, h))
            if i < len(self.filled):
                pygame.draw.rect(surface, tuple(self.filled[i][:3]), box, border_radius=max(2, camera.scale(4)))
                if self.icon:
                    ic = icons.icon(self.icon, max(6, min(box.width, box.height) - camera.scale(6)))
                    surface.blit(ic, ic.get_rect(center=box.center))
            pygame.draw.rect(surface, (170, 180, 176), box, 1, border_radius=max(2, camera.scale(4)))


class EnemyCard(CardView):
    """An enemy card in the battle sequence: hit tokens on it, defeated, protected by a GUARD, the
    next to act, or the source of damage waiting to be assigned."""

    layer = 7

    def __init__(self, cid, rect, face, *, hits: int = 0, health: int = 1, defeated: bool = False,
                 guarded: bool = False, resolved: bool = False, next_up: bool = False, damage: int | None = None,
                 labels: tuple = ("", "", "")):
        super().__init__(cid, rect, face, exhausted=resolved)
        self.hits = hits
        self.health = health
        self.defeated = defeated
        self.guarded = guarded
        self.next_up = next_up
        self.damage = damage
        self.labels = labels             # (defeated, next, damage) captions, translated

    def draw(self, surface, camera: Camera) -> None:
        if not self.visible:
            return
        super().draw(surface, camera)
        rect = self.screen_rect(camera)
        if self.exhausted:      # turned 90°: the overlays follow the turned card
            rect = pygame.Rect(0, 0, rect.height, rect.width)
            rect.center = self.screen_rect(camera).center
        if self.defeated:
            veil = pygame.Surface(rect.size, pygame.SRCALPHA)
            veil.fill((0, 0, 0, 150))
            surface.blit(veil, rect.topleft)
            pygame.draw.line(surface, PANIC_RED, rect.topleft, rect.bottomright, max(2, camera.scale(4)))
            pygame.draw.line(surface, PANIC_RED, rect.topright, rect.bottomleft, max(2, camera.scale(4)))
            img = fit_text(self.labels[0], label_size(camera.zoom, 13), rect.width, (255, 255, 255), True)
            plate = img.get_rect(center=rect.center).inflate(8, 2)
            pygame.draw.rect(surface, PANIC_RED, plate, border_radius=4)
            surface.blit(img, img.get_rect(center=plate.center))
        if self.hits > 0 and not self.defeated:
            r = max(7, camera.scale(15))
            c = (rect.right - r // 2, rect.bottom - r)
            ic = icons.icon("hit", 2 * r)
            surface.blit(ic, ic.get_rect(center=c))
            num = fonts.text(f"{self.hits}/{self.health}", label_size(camera.zoom, 12), (255, 255, 255), True)
            plate = num.get_rect(center=(c[0], c[1] + r)).inflate(6, 0)
            pygame.draw.rect(surface, (20, 20, 20), plate, border_radius=4)
            surface.blit(num, num.get_rect(center=plate.center))
        if self.guarded and not self.defeated:
            ic = icons.icon("lock", max(10, camera.scale(22)))
            surface.blit(ic, ic.get_rect(center=(rect.x + 4, rect.bottom - camera.scale(14))))
        if self.next_up and not self.defeated:
            img = fonts.text(self.labels[1], label_size(camera.zoom, 11), (20, 20, 20), True)
            plate = img.get_rect(midbottom=(rect.centerx, rect.y - 2)).inflate(8, 2)
            pygame.draw.rect(surface, GOLD, plate, border_radius=4)
            surface.blit(img, img.get_rect(center=plate.center))
        if self.damage is not None:
            img = fonts.text(self.labels[2], label_size(camera.zoom, 13), (255, 255, 255), True)
            plate = img.get_rect(center=(rect.centerx, rect.centery)).inflate(10, 4)
            pygame.draw.rect(surface, PANIC_RED, plate, border_radius=6)
            pygame.draw.rect(surface, (255, 255, 255), plate, 1, border_radius=6)
            surface.blit(img, img.get_rect(center=plate.center))


class CombatDie(DiceView):
    """The combat die: blank, one hit or two hits. While tumbling it shows random faces."""

    layer = 8
    FACES = (0, 0, 1, 1, 1, 2)

    def hit(self, world_pos) -> bool:
        return False

    def shown_value(self):
        if self.rolling > 0:
            return self.FACES[self._tumble % 6]
        return self.value

    def draw(self, surface, camera: Camera) -> None:
        if not self.visible or self.value is None:
            return
        rect = self.screen_rect(camera)
        if self.rolling > 0:
            rect = rect.move(round(math.sin(self.rolling * 60) * rect.width * 0.08), 0)
        v = self.shown_value() or 0
        if A.exists(A.DIE_FACES[min(2, v)]):
            surface.blit(A.die_art(v, rect.size), rect.topleft)
            return
        radius = max(2, rect.width // 6)
        pygame.draw.rect(surface, self.colour, rect, border_radius=radius)
        pygame.draw.rect(surface, self.ink, rect, max(1, rect.width // 18), border_radius=radius)
        if v == 1:
            ic = icons.icon("hit", int(rect.width * 0.75))
            surface.blit(ic, ic.get_rect(center=rect.center))
        elif v >= 2:
            ic = icons.icon("hit", int(rect.width * 0.5))
            surface.blit(ic, ic.get_rect(center=(rect.x + rect.width * 0.33, rect.y + rect.height * 0.33)))
            surface.blit(ic, ic.get_rect(center=(rect.x + rect.width * 0.67, rect.y + rect.height * 0.67)))


class Chip(View):
    """A small labelled button-like piece (a ranger's ability, the lead token): a drag source. An
    ability chip is dimmed once ``used`` and ringed in gold while ``armed`` (its effect still waits)."""

    layer = 8

    def __init__(self, cid: str, rect, *, text: str, colour, icon: str = "", used: bool = False,
                 armed: bool = False):
        super().__init__(cid, rect, label=text)
        self.colour = tuple(colour)
        self.icon = icon
        self.used = used
        self.armed = armed

    def draw(self, surface, camera: Camera) -> None:
        if not self.visible:
            return
        rect = self.screen_rect(camera)
        radius = max(3, rect.height // 2)
        fill = (*[int(c * (0.35 if self.used else 0.8)) for c in self.colour[:3]], 240)
        edge = (235, 235, 235) if not self.used else (110, 110, 110)
        if self.armed:
            edge = GOLD
            surface.blit(glow(rect.size, GOLD, radius), (rect.x - 7, rect.y - 7))
        draw_zone(surface, rect, fill, edge, radius)
        if self.armed:
            pygame.draw.rect(surface, GOLD, rect, max(2, camera.scale(3)), border_radius=radius)
        x = rect.x + camera.scale(5)
        if self.icon:
            ic = icons.icon(self.icon, max(6, rect.height - camera.scale(6)))
            surface.blit(ic, ic.get_rect(midleft=(x, rect.centery)))
            x += ic.get_width() + 3
        if self.label:
            img = fit_text(self.label, label_size(camera.zoom, 11), max(4, rect.right - x - 4),
                            (255, 255, 255) if not self.used else (160, 160, 160), True)
            surface.blit(img, img.get_rect(midleft=(x, rect.centery)))
        if self.highlight or self.hovered:
            self.draw_decorations(surface, rect, radius)
