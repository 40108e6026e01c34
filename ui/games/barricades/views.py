"""Pieces of the Barricades table the kit has no view for: village locations with their spots and
barricade, market and hero stacks, dungeon rooms with their monster card, the Guardian tile with its
tracks, the dice tray with the army, the hero boards with their prestige ranks and the battle board.

They draw from cached surfaces (art, text, fills) and know no rule: the table fills their fields from
a :mod:`model` and the drag controller sets their ``highlight``. Every drop target (a spot, a room, a
barricade, a hero board, the battle) is its own view with its own cid, so the kit's glow and the
"light cost on hover" find it.
"""
from __future__ import annotations

from functools import lru_cache

import pygame

from ui import fonts
from ui.fonts import fit_text
from ui.table.camera import Camera
from ui.table.palette import draw_shape
from ui.table.views import CardView, FigureView, View, badge, label_size, draw_zone

from .art import art, exists
from .model import (DIE_FACE_ART, Army, Battle, DiceRoll, DrawnToken, Guardian, Hero, Location, Monster, Room,
                    Spot, Stack)

GOLD = (240, 200, 72)
XP_PURPLE = (150, 110, 220)
WOUND_RED = (200, 56, 52)
LIGHT_YELLOW = (255, 226, 120)
DARK = (18, 20, 26, 235)
INK = (236, 236, 230)
DIM = (170, 176, 180)
DESTROYED = (70, 40, 36, 255)
ROOM_FILL = (30, 28, 36, 240)
LEVEL_TINT = {0: (54, 84, 52, 240), 1: (46, 52, 62, 240), 2: (44, 40, 60, 240), 3: (58, 34, 44, 240),
              4: (72, 24, 24, 240)}


@lru_cache(maxsize=512)
def wrapped(text: str, size: int, width: int, colour: tuple) -> pygame.Surface:
    return fonts.paragraph(text, size, max(10, width), colour)


SPOT_Y = 68      # world units from a location's top to its spots; its effect and extra lines fit above them


def _text(surface, string, size, colour, pos, width, bold=False, anchor="topleft"):
    if not string or width < 6:
        return pygame.Rect(pos, (0, 0))
    img = fit_text(string, size, int(width), colour, bold)
    r = img.get_rect(**{anchor: pos})
    surface.blit(img, r)
    return r


def _stat(surface, icon_name, value, size, pos, colour=INK):
    """An icon with a number after it; returns the right edge."""
    from ui.table import icons
    ic = icons.icon(icon_name, size)
    surface.blit(ic, pos)
    img = fonts.text(str(value), max(7, int(size * 0.9)), colour, True)
    surface.blit(img, (pos[0] + ic.get_width() + 2, pos[1] + (size - img.get_height()) // 2))
    return pos[0] + ic.get_width() + 2 + img.get_width() + 6


class Label(View):
    """A line (or wrapped block) of text; never a drop target."""

    layer = 6

    def __init__(self, cid, rect, text, *, size=12, colour=INK, bold=False, wrap=False, align="left", plate=None,
                 layer=6):
        super().__init__(cid, rect, label=text)
        self.layer = layer
        self.size, self.colour, self.bold, self.wrap, self.align, self.plate = size, tuple(colour), bold, wrap, align, plate

    def hit(self, world_pos) -> bool:
        return False

    def draw(self, surface, camera: Camera) -> None:
        if not self.visible or not self.label:
            return
        rect = self.screen_rect(camera)
        size = label_size(camera.zoom, self.size)
        if self.plate is not None:
            draw_zone(surface, rect, tuple(self.plate), tuple(self.plate), max(2, camera.scale(6)))
        if self.wrap:
            img = wrapped(self.label, size, rect.width - 4, self.colour)
        else:
            img = fit_text(self.label, size, max(4, rect.width - 8), self.colour, self.bold)
        if self.align == "center":
            surface.blit(img, img.get_rect(center=rect.center))
        else:
            top = rect.y + 2 if self.wrap else rect.y + max(0, (rect.height - img.get_height()) // 2)
            surface.blit(img, (rect.x + 4, top))


class Panel(View):
    """A backdrop with a title; never a drop target."""

    def __init__(self, cid, rect, *, title="", fill=DARK, line=(110, 118, 128), layer=-2, title_size=13, art_name=""):
        super().__init__(cid, rect, label=title)
        self.fill, self.line, self.layer, self.title_size, self.art_name = tuple(fill), tuple(line), layer, title_size, art_name
        self.paths: list[tuple[tuple, tuple]] = []       # lines between rooms (world points)

    def hit(self, world_pos) -> bool:
        return False

    def draw(self, surface, camera: Camera) -> None:
        if not self.visible:
            return
        rect = self.screen_rect(camera)
        draw_zone(surface, rect, self.fill, self.line, max(3, camera.scale(10)))
        for a, b in self.paths:
            pygame.draw.line(surface, (120, 100, 70), camera.to_screen(a), camera.to_screen(b), max(1, camera.scale(3)))
        x = rect.x + camera.scale(8)
        if self.art_name:
            img = art(self.art_name, label_size(camera.zoom, self.title_size + 4))
            surface.blit(img, (x, rect.y + camera.scale(3)))
            x += img.get_width() + 4
        if self.label:
            _text(surface, self.label, label_size(camera.zoom, self.title_size), INK, (x, rect.y + camera.scale(4)),
                  rect.right - x - 6, True)


# ------------------------------------------------------------------ the village


class SpotView(View):
    """One spot of a location: free (a drop target for a champion), taken, or destroyed with its token."""

    layer = 1

    def __init__(self, spot: Spot, rect):
        super().__init__(spot.cid, rect)
        self.spot = spot
        self.hidden_token = False      # the end of turn has not reached this token yet: drawn as undamaged

    def draw(self, surface, camera: Camera) -> None:
        rect = self.screen_rect(camera)
        r = rect.width // 2
        c = rect.center
        if self.hidden_token and self.flash > 0:
            self.hidden_token = False
        if self.spot.destroyed and not self.hidden_token:
            pygame.draw.circle(surface, (40, 26, 22), c, r)
            name = "token_advanced" if self.spot.token and self.spot.token != "blank" else "token_destruction"
            img = art(name, rect.width)
            surface.blit(img, img.get_rect(center=c))
        else:
            pygame.draw.circle(surface, (228, 220, 196), c, r)
            pygame.draw.circle(surface, (60, 54, 46), c, r, max(1, r // 8))
        if self.highlight or self.hovered or self.flash > 0:
            self.draw_decorations(surface, rect, r)


class DrawnTokenView(View):
    """The destruction token just drawn, floating over its location until the team drags it onto a spot
    (the legal spots glow while it is carried or selected)."""

    layer = 6

    def __init__(self, token: DrawnToken, rect, caption: str):
        super().__init__(token.cid, rect)
        self.token = token
        self.caption = caption
        self.pulse = 0.0

    def update(self, dt: float) -> None:
        super().update(dt)
        self.pulse = (self.pulse + dt) % 1.6

    def draw(self, surface, camera: Camera) -> None:
        rect = self.screen_rect(camera)
        r = rect.width // 2
        glow = 0.5 + 0.5 * abs(0.8 - self.pulse) / 0.8
        halo = pygame.Surface((rect.width + 16, rect.height + 16), pygame.SRCALPHA)
        pygame.draw.circle(halo, (255, 140, 60, int(90 + 100 * glow)), (halo.get_width() // 2, halo.get_height() // 2),
                           r + 7, max(2, r // 5))
        surface.blit(halo, (rect.x - 8, rect.y - 8))
        pygame.draw.circle(surface, (40, 26, 22), rect.center, r)
        img = art("token_advanced" if self.token.advanced else "token_destruction", rect.width)
        surface.blit(img, img.get_rect(center=rect.center))
        if self.highlight or self.hovered:
            self.draw_decorations(surface, rect, r)
        text = fonts.text(self.caption, label_size(camera.zoom, 10), INK, True)
        plate = text.get_rect(midtop=(rect.centerx, rect.bottom + 1)).inflate(8, 2)
        pygame.draw.rect(surface, (120, 40, 24), plate, border_radius=4)
        surface.blit(text, text.get_rect(center=plate.center))


class BarricadeView(View):
    """The barricade tile of a location: built (green) or not, with its cost and the gold paid so far."""

    layer = 1

    def __init__(self, loc: Location, rect, cost_word: str, built_word: str):
        super().__init__(loc.barricade_cid, rect)
        self.loc = loc
        self.cost_word = cost_word
        self.built_word = built_word

    def draw(self, surface, camera: Camera) -> None:
        rect = self.screen_rect(camera)
        fill = (40, 80, 48, 235) if self.loc.barricade_built else (34, 30, 28, 200)
        draw_zone(surface, rect, fill, (120, 110, 90), max(2, camera.scale(5)))
        size = rect.height - 4
        img = art("barricade_built" if self.loc.barricade_built else "barricade_unbuilt", size)
        surface.blit(img, (rect.x + 2, rect.y + 2))
        x = rect.x + size + 6
        words = self.built_word if self.loc.barricade_built else self.cost_word
        _text(surface, words, label_size(camera.zoom, 11), GOLD if not self.loc.barricade_built else INK,
              (x, rect.centery), rect.right - x - 2, True, "midleft")
        if self.highlight or self.hovered or self.flash > 0:
            self.draw_decorations(surface, rect, camera.scale(5))


class LocationTile(View):
    """A village location: art, name, effect line, extra (gear / treasures left); destroyed when all four
    spots are. Its spots and barricade are separate views laid over it."""

    layer = 0

    def __init__(self, loc: Location, rect, destroyed_word: str):
        super().__init__(loc.cid, rect)
        self.loc = loc
        self.destroyed_word = destroyed_word

    def draw(self, surface, camera: Camera) -> None:
        rect = self.screen_rect(camera)
        fill = DESTROYED if self.loc.destroyed else (52, 58, 54, 240)
        draw_zone(surface, rect, fill, (150, 150, 130), max(3, camera.scale(8)))
        a = camera.scale(34)
        img = art(f"loc_{self.loc.lid}" if self.loc.lid else "", a)
        if self.loc.destroyed:
            img = img.copy()
            img.set_alpha(110)
        surface.blit(img, (rect.x + camera.scale(4), rect.y + camera.scale(4)))
        x = rect.x + a + camera.scale(8)
        _text(surface, self.loc.name, label_size(camera.zoom, 12), INK, (x, rect.y + camera.scale(4)),
              rect.right - x - 4, True)
        if self.loc.destroyed:
            _text(surface, self.destroyed_word, label_size(camera.zoom, 10), (255, 150, 130),
                  (x, rect.y + camera.scale(21)), rect.right - x - 4)
        else:       # the effect, then the extra (gear or treasures left), wrapped in the room above the spots
            size, width, lines = self.text_lines(camera)
            for line, kind, y in lines:
                _text(surface, line, size, GOLD if kind == "extra" else DIM, (x, rect.y + camera.scale(21) + y), width)
        if self.highlight or self.hovered or self.flash > 0:
            self.draw_decorations(surface, rect, camera.scale(8))

    def text_lines(self, camera: Camera) -> tuple[int, int, tuple]:
        """(size, width, lines) of the effect and extra at this zoom: beside the art, above the spots."""
        rect = self.screen_rect(camera)
        width = rect.right - (rect.x + camera.scale(34) + camera.scale(8)) - 4
        size = label_size(camera.zoom, 10)
        return size, width, location_lines(self.loc.effect, self.loc.extra, size, width,
                                           camera.scale(SPOT_Y - 21 - 1))


@lru_cache(maxsize=256)
def location_lines(effect: str, extra: str, size: int, width: int, height: int) -> tuple:
    """A location's effect and extra as (line, "effect"|"extra", y offset) in ``width`` × ``height`` pixels:
    as many whole lines as the room holds, the extra keeping at least one; a text with more lines than its
    share has its last line run on (it is shrunk, then cut with an ellipsis, when drawn)."""
    line_h = fonts.font(size).get_linesize()
    room = max(1, height // line_h)
    eff = fonts.wrap(effect, size, width) if effect else []
    ext = fonts.wrap(extra, size, width) if extra else []
    n_eff = min(len(eff), max(1, room - min(1, len(ext))))
    n_ext = min(len(ext), max(0, room - n_eff))
    out = []
    for lines, n, kind in ((eff, n_eff, "effect"), (ext, n_ext, "extra")):
        if n <= 0:
            continue
        if len(lines) > n:
            joiner = "" if any(ord(ch) > 0x2E80 for ch in lines[0]) else " "
            lines = lines[:n - 1] + [joiner.join(lines[n - 1:])]
        for line in lines:
            out.append((line, kind, len(out) * line_h))
    return tuple(out)


@lru_cache(maxsize=256)
def stack_text(text: str, size: int, width: int, height: int, colour: tuple) -> pygame.Surface:
    """A stack's card text (with its icons) at the largest size from ``size`` down to the theme's
    smallest that fits ``height``."""
    from ui.table.cardface import rich_text_fitting

    return rich_text_fitting(text, size, width, height, colour, minimum=MIN_TEXT)


class StackView(View):
    """A market or hero stack: art, title, cost coin and how many are left. The top card is its cid."""

    layer = 1

    def __init__(self, stack: Stack, rect):
        super().__init__(stack.cid, rect)
        self.stack = stack

    def small(self, camera: Camera) -> bool:
        """A higher-level hero stack (L2/L3): half height, beside its L1 stack."""
        return self.rect.height < 100       # the market row is 174 high; a half stack about 85

    def text_box(self, camera: Camera) -> pygame.Rect:
        """Where the card text goes on screen (the tests check every stack's text fits there at the theme's
        smallest size, at 1280x800 and 1600x900)."""
        rect = self.screen_rect(camera)
        pad = max(2, camera.scale(3))
        if self.small(camera):
            top = rect.y + 1 + self._header_h(camera)
            bottom = rect.bottom
        else:
            a = max(6, min(camera.scale(24), rect.width - camera.scale(8)))
            size, lines = self._title(camera, rect.width - 2 * pad)
            top = rect.y + pad + a + 1 + fonts.font(size, True).get_linesize() * len(lines) + 1
            bottom = rect.bottom - camera.scale(12)
        return pygame.Rect(rect.x + pad, top, rect.width - 2 * pad, max(1, bottom - top))

    def _header_h(self, camera: Camera) -> int:
        return fonts.font(label_size(camera.zoom, 9), True).get_height()

    def _title(self, camera: Camera, width: int):
        size, lines = title_lines(self.stack.title, width, label_size(camera.zoom, 11), one_line_down_to=MIN_TEXT,
                                  max_lines=2)   # "ロングソー/ド" reads worse
        if any(fonts.font(size, True).size(line)[0] > width for line in lines):     # a third line, not a cut name
            size, lines = title_lines(self.stack.title, width, label_size(camera.zoom, 11),
                                      one_line_down_to=MIN_TEXT, max_lines=3)
        return size, lines

    def draw(self, surface, camera: Camera) -> None:
        rect = self.screen_rect(camera)
        empty = self.stack.count <= 0
        fill = (40, 40, 44, 180) if empty else (236, 230, 212, 255)
        draw_zone(surface, rect, fill, (90, 84, 70), max(2, camera.scale(6)))
        ink = (30, 30, 34) if not empty else DIM
        pad = max(2, camera.scale(3))
        inner_w = rect.width - 2 * pad
        small = self.small(camera)
        if small:   # a higher-level hero stack: one header line (picture, level, count), then its text
            hh = self._header_h(camera)
            x = rect.x + pad
            if self.stack.art:
                img = art(self.stack.art, hh)
                if empty:
                    img = img.copy()
                    img.set_alpha(80)
                surface.blit(img, (x, rect.y + 1))
                x += hh + 2
            b = badge(f"×{self.stack.count}", label_size(camera.zoom, 9), (24, 24, 28), (250, 250, 250))
            br = b.get_rect(topright=(rect.right + 2, rect.y + 1 + hh - b.get_height()))   # out over the edge, clear of the text
            _text(surface, self.stack.title, label_size(camera.zoom, 9), ink, (x, rect.y + 1 + hh // 2),
                  br.x - x, True, "midleft")
        else:
            a = max(6, min(camera.scale(24), rect.width - camera.scale(8)))
            if self.stack.art:
                img = art(self.stack.art, a)
                if empty:
                    img = img.copy()
                    img.set_alpha(80)
                surface.blit(img, img.get_rect(midtop=(rect.centerx, rect.y + pad)))
            top = rect.y + pad + a + 1
            size, lines = self._title(camera, inner_w)
            line_h = fonts.font(size, True).get_linesize()
            for k, line in enumerate(lines):
                img = fonts.text(line, size, ink, True)
                surface.blit(img, img.get_rect(midtop=(rect.centerx, top + k * line_h)))
            _text(surface, self.stack.kind, label_size(camera.zoom, 8), (90, 88, 84) if not empty else DIM,
                  (rect.centerx, rect.bottom - camera.scale(1)), inner_w, False, "midbottom")
            b = badge(f"×{self.stack.count}", label_size(camera.zoom, 9), (24, 24, 28), (250, 250, 250))
            br = b.get_rect(topright=(rect.right + 3, rect.y - 3))
        if self.stack.text:             # what the card does, readable without hovering
            box = self.text_box(camera)
            block = stack_text(self.stack.text, label_size(camera.zoom, 9), box.width, box.height,
                               (50, 46, 40) if not empty else DIM)
            surface.blit(block, box.topleft, pygame.Rect(0, 0, block.get_width(), box.height))
        if self.stack.cost is not None:
            c = badge(str(self.stack.cost), label_size(camera.zoom, 11), GOLD, (30, 30, 30))
            surface.blit(c, c.get_rect(topleft=(rect.x - 3, rect.y - 3)))
        surface.blit(b, br)
        if self.highlight or self.hovered or self.flash > 0:
            self.draw_decorations(surface, rect, camera.scale(6))


# ------------------------------------------------------------------ the dungeon


def draw_monster(surface, camera: Camera, rect: pygame.Rect, m: Monster, words: dict, big: bool = False) -> None:
    """A monster card drawn in place, readable: name, HP, Def/MDef, XP, gold, keywords."""
    draw_zone(surface, rect, (238, 232, 214, 255), (80, 60, 50), max(2, camera.scale(6)))
    k = 1.35 if big else 1.0
    pad = camera.scale(3)
    a = camera.scale(26 * k)
    surface.blit(art(m.art, a), (rect.x + pad, rect.y + pad))
    x = rect.x + a + 2 * pad
    ink = (30, 30, 34)
    _text(surface, m.name, label_size(camera.zoom, 11 * k), ink, (x, rect.y + pad), rect.right - x - pad, True)
    hp = f"{m.hp}{m.hp_extra}"
    line = f"{words['hp']} {hp}"
    if m.defence:
        line += f"  {words['def']} {m.defence}"
    if m.mdefence:
        line += f"  {words['mdef']} {m.mdefence}"
    _text(surface, line, label_size(camera.zoom, 10 * k), (150, 30, 30), (x, rect.y + pad + camera.scale(14 * k)),
          rect.right - x - pad, True)
    y = rect.y + a + 2 * pad
    right = _stat(surface, "xp", m.xp, label_size(camera.zoom, 10 * k), (rect.x + pad, y), ink)
    right = _stat(surface, "gold", m.gold, label_size(camera.zoom, 10 * k), (right, y), ink)
    kw = " · ".join([*m.types, *m.keywords])
    if kw:
        _text(surface, kw, label_size(camera.zoom, 9 * k), (90, 40, 120), (right, y), rect.right - right - pad, True)
    if m.text and big:
        img = wrapped(m.text, label_size(camera.zoom, 10), rect.width - 2 * pad, ink)
        surface.blit(img, (rect.x + pad, y + camera.scale(16)))


class MonsterView(View):
    """The monster card in a room (hover or right-click shows it large)."""

    layer = 2

    def __init__(self, monster: Monster, rect, words: dict):
        super().__init__(monster.cid, rect)
        self.monster = monster
        self.words = words

    def draw(self, surface, camera: Camera) -> None:
        rect = self.screen_rect(camera)
        draw_monster(surface, camera, rect, self.monster, self.words)
        if self.highlight or self.hovered or self.flash > 0:
            self.draw_decorations(surface, rect, camera.scale(6))


class RoomView(View):
    """A dungeon room: level, name, darkness (with this turn's change), effect; a drop target for a
    champion. While a champion is dragged over it, ``show_cost`` shows what entering costs in light."""

    layer = 0

    def __init__(self, room: Room, rect, words: dict):
        super().__init__(room.cid, rect)
        self.room = room
        self.words = words
        self.show_cost = False

    def draw(self, surface, camera: Camera) -> None:
        rect = self.screen_rect(camera)
        fill = LEVEL_TINT.get(self.room.level, ROOM_FILL)
        if not self.room.open:
            fill = (26, 24, 30, 200)
        draw_zone(surface, rect, fill, (130, 120, 100), max(3, camera.scale(8)))
        pad = camera.scale(4)
        a = camera.scale(22)
        surface.blit(art(self.room.art, a), (rect.x + pad, rect.y + pad))
        x = rect.x + a + 2 * pad
        dark = art("darkness", camera.scale(16))
        dx = rect.right - pad - dark.get_width() - camera.scale(16)
        _text(surface, self.room.name, label_size(camera.zoom, 11), INK, (x, rect.y + pad), dx - x - 2, True)
        _text(surface, self.words["level"].format(n=self.room.level), label_size(camera.zoom, 9), DIM,
              (x, rect.y + pad + camera.scale(13)), dx - x - 2)
        surface.blit(dark, (dx, rect.y + pad))
        d = self.room.darkness + self.room.darkness_mod
        colour = (255, 140, 120) if self.room.darkness_mod > 0 else INK
        img = fonts.text(str(d), label_size(camera.zoom, 12), colour, True)
        surface.blit(img, (dx + dark.get_width() + 2, rect.y + pad))
        if self.room.effect and not self.room.monster:
            img = wrapped(self.room.effect, label_size(camera.zoom, 9), rect.width - 2 * pad, DIM)
            surface.blit(img, (rect.x + pad, rect.y + a + 2 * pad))
        if not self.room.open:
            _text(surface, self.words["closed"], label_size(camera.zoom, 11), DIM, rect.center, rect.width - 8, True,
                  "center")
        if self.highlight or self.hovered or self.flash > 0:
            self.draw_decorations(surface, rect, camera.scale(8))
        if self.show_cost and self.room.light_cost is not None:
            tag = fit_text(self.words["light_cost"].format(n=self.room.light_cost), label_size(camera.zoom, 12),
                           rect.width, (30, 30, 20), True)
            plate = tag.get_rect(midbottom=(rect.centerx, rect.bottom - pad)).inflate(10, 4)
            pygame.draw.rect(surface, LIGHT_YELLOW, plate, border_radius=6)
            surface.blit(tag, tag.get_rect(center=plate.center))


class GuardianTile(View):
    """The level-7 Guardian: the lair or the Guardian, its threat track with the token, its HP track with
    the wound tokens, its defence and effects. A drop target once revealed (the Guardian room)."""

    layer = 0

    def __init__(self, g: Guardian, rect, words: dict):
        super().__init__(g.cid, rect)
        self.g = g
        self.words = words

    def draw(self, surface, camera: Camera) -> None:
        g = self.g
        rect = self.screen_rect(camera)
        draw_zone(surface, rect, (40, 20, 22, 245), (190, 120, 80), max(3, camera.scale(10)))
        pad = camera.scale(6)
        a = camera.scale(54)
        surface.blit(art(g.art, a), (rect.x + pad, rect.y + pad))
        x = rect.x + a + 2 * pad
        _text(surface, g.name, label_size(camera.zoom, 13), INK, (x, rect.y + pad), rect.right - x - pad, True)
        _text(surface, g.defence, label_size(camera.zoom, 10), (255, 180, 150), (x, rect.y + pad + camera.scale(15)),
              rect.right - x - pad, True)

        # threat track
        y = rect.y + a + 2 * pad
        _text(surface, self.words["threat"], label_size(camera.zoom, 9), DIM, (rect.x + pad, y), rect.width)
        y += camera.scale(12)
        n = max(1, len(g.threat_track))
        cw = (rect.width - 2 * pad) / n
        for i, level in enumerate(g.threat_track):
            cell = pygame.Rect(round(rect.x + pad + i * cw), y, max(2, round(cw) - 2), camera.scale(18))
            pygame.draw.rect(surface, (70, 46, 40) if i != g.threat_pos else (140, 40, 30), cell, border_radius=3)
            img = fonts.text(str(level), label_size(camera.zoom, 10), INK, True)
            surface.blit(img, img.get_rect(center=cell.center))
            if i == g.threat_pos:
                pygame.draw.rect(surface, (255, 210, 90), cell, max(1, camera.scale(2)), border_radius=3)
                tok = art("token_threat", round(cell.height * 0.75))       # the threat token, on its space
                surface.blit(tok, tok.get_rect(center=(cell.right - 1, cell.y + 1)))
        y += camera.scale(24)
        # HP track (one entry per defeat needed) with wound tokens
        _text(surface, self.words["hp_track"], label_size(camera.zoom, 9), DIM, (rect.x + pad, y), rect.width)
        y += camera.scale(12)
        n = max(1, len(g.hp_track))
        cw = (rect.width - 2 * pad) / n
        for i, hp in enumerate(g.hp_track):
            cell = pygame.Rect(round(rect.x + pad + i * cw), y, max(2, round(cw) - 3), camera.scale(24))
            done = i < g.wounds
            pygame.draw.rect(surface, (60, 30, 30) if done else (120, 44, 40), cell, border_radius=4)
            img = fonts.text(str(hp), label_size(camera.zoom, 12), DIM if done else INK, True)
            surface.blit(img, img.get_rect(center=cell.center))
            if done:
                tok = art("token_gwound", cell.height)
                surface.blit(tok, tok.get_rect(center=cell.center))
        # what each triangle die face does (lair side or Guardian side)
        y += camera.scale(30)
        size = label_size(camera.zoom, 9)
        tri = camera.scale(14)
        for colour, text in g.triangles:
            if y + tri > rect.bottom - pad:
                break
            surface.blit(art(f"die_tri_{colour}", tri), (rect.x + pad, y))
            _text(surface, text, size, INK, (rect.x + pad + tri + 4, y + tri // 2), rect.width - 2 * pad - tri - 4,
                  False, "midleft")
            y += tri + camera.scale(4)
        if g.text:              # the reveal / ongoing effect, in full under the tracks
            img = wrapped(g.text, label_size(camera.zoom, 9), rect.width - 2 * pad, (230, 200, 170))
            surface.blit(img, (rect.x + pad, y + camera.scale(2)),
                         pygame.Rect(0, 0, img.get_width(), max(1, rect.bottom - pad - y - camera.scale(2))))
        if self.highlight or self.hovered or self.flash > 0:
            self.draw_decorations(surface, rect, camera.scale(10))


# ------------------------------------------------------------------ dice, heroes, battle


class DiceTray(View):
    """Each player's rolled Guardian Dice (resolved ones dimmed), then the army: footprints, X, removed."""

    layer = 1

    def __init__(self, cid, rect, rolls: list[DiceRoll], army: Army, seat_colours: list, words: dict):
        super().__init__(cid, rect)
        self.rolls, self.army, self.seat_colours, self.words = rolls, army, seat_colours, words
        self.rolling = 0.0

    def hit(self, world_pos) -> bool:
        return False

    def update(self, dt: float) -> None:
        self.rolling = max(0.0, self.rolling - dt)

    def draw(self, surface, camera: Camera) -> None:
        rect = self.screen_rect(camera)
        draw_zone(surface, rect, (28, 26, 22, 235), (140, 120, 80), max(3, camera.scale(8)))
        pad = camera.scale(5)
        _text(surface, self.words["dice"], label_size(camera.zoom, 11), INK, (rect.x + pad, rect.y + pad), rect.width, True)
        d = camera.scale(22)
        y = rect.y + pad + camera.scale(16)
        for roll in self.rolls:
            col = self.seat_colours[roll.seat % len(self.seat_colours)]
            seat_mark(surface, self.palette, roll.seat, col, (rect.x + pad + d // 4, y + d // 2), max(3, d // 4))
            x = rect.x + pad + d // 2 + 4
            for i, face in enumerate(roll.faces):
                if x + d > rect.right - pad:
                    break
                cell = pygame.Rect(x, y, d, d)
                pygame.draw.rect(surface, (236, 232, 220), cell, border_radius=max(2, d // 5))
                shown = face if self.rolling <= 0 else list(DIE_FACE_ART)[(i * 3 + int(self.rolling * 20)) % 10]
                img = art(DIE_FACE_ART.get(shown, ""), d - 4)
                done = i < len(roll.resolved) and roll.resolved[i]
                if done:
                    img = img.copy()
                    img.set_alpha(90)
                surface.blit(img, (x + 2, y + 2))
                x += d + 3
            y += d + 3
            if y > rect.bottom - camera.scale(40):
                break
        # the army
        y = rect.bottom - pad - camera.scale(34)
        x = rect.x + pad
        foot = art("die_foot1", camera.scale(18))
        surface.blit(foot, (x, y))
        x += foot.get_width() + 2
        img = fonts.text(str(self.army.footprints), label_size(camera.zoom, 13), INK, True)
        surface.blit(img, (x, y))
        x += img.get_width() + 8
        cross = art("die_x", camera.scale(18))
        surface.blit(cross, (x, y))
        x += cross.get_width() + 2
        img = fonts.text(str(self.army.x), label_size(camera.zoom, 13), INK, True)
        surface.blit(img, (x, y))
        x += img.get_width() + 8
        if self.army.removed:
            _text(surface, self.words["removed"].format(n=self.army.removed), label_size(camera.zoom, 10),
                  (150, 220, 150), (x, y + 2), rect.right - x - pad, True)
        if self.army.note:          # wrapped above the army line, so it stays readable
            img = wrapped(self.army.note, label_size(camera.zoom, 9), rect.width - 2 * pad, DIM)
            surface.blit(img, img.get_rect(bottomleft=(rect.x + pad, y - camera.scale(2))))


class HeroBoard(View):
    """A hero's board: name, XP, wounds (tokens and Wound cards), hand size, this turn's gold/light/attack,
    the prestige board's ranks with their XP costs. A drop target (lending a card to this teammate)."""

    layer = 0

    def __init__(self, hero: Hero, rect, colour, words: dict, active: bool):
        super().__init__(hero.board_cid, rect)
        self.hero, self.colour, self.words, self.active = hero, tuple(colour), words, active

    def draw(self, surface, camera: Camera) -> None:
        h = self.hero
        rect = self.screen_rect(camera)
        line = self.colour if self.active else (100, 104, 110)
        draw_zone(surface, rect, (26, 30, 36, 240), line, max(3, camera.scale(8)))
        if self.active:
            pygame.draw.rect(surface, self.colour, rect, max(2, camera.scale(3)), border_radius=max(3, camera.scale(8)))
        pad = camera.scale(5)
        seat_mark(surface, self.palette, h.seat, self.colour, (rect.x + pad + camera.scale(6), rect.y + pad + camera.scale(7)),
                  camera.scale(6))
        x = rect.x + pad + camera.scale(16)
        who = h.name if h.person else f"{h.name} · {self.words['ai']}"
        # the champion waits on the board's top-right corner: the name stops before it
        _text(surface, who, label_size(camera.zoom, 12), INK, (x, rect.y + pad), rect.right - x - pad - camera.scale(26),
              True)
        y = rect.y + pad + camera.scale(18)
        s = label_size(camera.zoom, 11)
        right = _stat(surface, "xp", h.xp, s, (rect.x + pad, y))
        right = _stat(surface, "wound", h.wounds + h.wound_cards, s, (right, y), (255, 150, 140) if h.wounds else INK)
        right = _stat(surface, "cards", f"{h.hand_count}/{h.hand_size}", s, (right, y))
        y += s + camera.scale(4)
        right = _stat(surface, "gold", h.gold, s, (rect.x + pad, y), GOLD)
        right = _stat(surface, "light", h.light, s, (right, y), LIGHT_YELLOW)
        if h.attack:
            right = _stat(surface, "hit", h.attack, s, (right, y))
        y += s + camera.scale(5)
        p = h.prestige
        if p is not None:              # the prestige board: its name, then R1..R5 with their XP costs
            name_w = min(rect.width * 0.38, camera.scale(80))
            tx = rect.x + pad
            if p.key and exists(f"board_{p.key}"):      # the class's emblem before its name
                ic = art(f"board_{p.key}", camera.scale(16))
                surface.blit(ic, (tx, y))
                tx += ic.get_width() + camera.scale(2)
            _text(surface, p.name, label_size(camera.zoom, 9), (220, 200, 150), (tx, y + camera.scale(8)),
                  rect.x + pad + name_w - tx, True, "midleft")
            x0 = rect.x + pad + name_w + camera.scale(3)
            n = max(1, len(p.costs))
            cw = (rect.right - pad - x0) / n
            for i, cost in enumerate(p.costs):
                cell = pygame.Rect(round(x0 + i * cw), y, max(2, round(cw) - 2), camera.scale(16))
                got = i < p.rank
                pygame.draw.rect(surface, (150, 120, 60) if got else (50, 50, 56), cell, border_radius=3)
                img = fit_text(f"R{i + 1}·{cost}" if cw > camera.scale(26) else str(cost), label_size(camera.zoom, 8),
                               cell.width - 2, INK if got else DIM, got)
                surface.blit(img, img.get_rect(center=cell.center))
        if self.highlight or self.hovered or self.flash > 0:
            self.draw_decorations(surface, rect, camera.scale(8))


class BattleBoard(View):
    """The battle in place over the dungeon: the monster large, the party, the running sum against its HP.
    A drop target: cards dragged from hand onto it are played into the battle."""

    layer = 7

    def __init__(self, cid, battle: Battle, rect, colours: list, words: dict):
        super().__init__(cid, rect)
        self.battle, self.colours, self.words = battle, colours, words

    def draw(self, surface, camera: Camera) -> None:
        b = self.battle
        rect = self.screen_rect(camera)
        draw_zone(surface, rect, (16, 14, 18, 255), (220, 170, 80), max(3, camera.scale(10)))
        pad = camera.scale(8)
        card = pygame.Rect(rect.x + pad, rect.y + pad, camera.scale(190), rect.height - 2 * pad)
        draw_monster(surface, camera, card, b.monster, self.words, big=True)
        x = card.right + pad
        _text(surface, self.words["battle"], label_size(camera.zoom, 14), INK, (x, rect.y + pad), rect.right - x - pad, True)
        cx = x
        for seat in b.members:
            seat_mark(surface, self.palette, seat, self.colours[seat % len(self.colours)],
                      (cx + camera.scale(7), rect.y + pad + camera.scale(28)), camera.scale(7))
            cx += camera.scale(18)
        y = rect.y + pad + camera.scale(42)
        for line in b.lines[-6:]:
            _text(surface, line, label_size(camera.zoom, 11), DIM, (x, y), rect.right - x - pad)
            y += camera.scale(15)
        total = self.words["total"].format(n=b.effective, hp=b.hp)
        colour = (140, 230, 140) if b.wins else (255, 170, 150)
        _text(surface, total, label_size(camera.zoom, 16), colour, (x, rect.bottom - pad), rect.right - x - pad, True,
              "bottomleft")
        if self.highlight or self.hovered or self.flash > 0:
            self.draw_decorations(surface, rect, camera.scale(10))


def seat_mark(surface, palette, seat: int, colour, centre, r: int) -> None:
    """A seat's marker: its palette shape (circle, square, triangle...) in its colour, so two heroes
    differ by shape as well as colour (the colour-blind rule)."""
    r = max(3, int(r))
    draw_shape(surface, palette.seat_shape(seat), colour, pygame.Rect(centre[0] - r, centre[1] - r, 2 * r, 2 * r),
               outline=(20, 20, 20), width=max(1, r // 4))


@lru_cache(maxsize=128)
def _champion(colour: tuple, d: int, shape: str, colorblind: bool) -> pygame.Surface:
    surf = pygame.Surface((d, d), pygame.SRCALPHA)
    surf.blit(art("champion", d, colour), (0, 0))
    # the seat's palette shape as a badge on the lower right (larger with the colour-blind palette), so
    # two champions on one spot row differ by shape as well as colour
    b = max(6, int(d * (0.46 if colorblind else 0.36)))
    rect = pygame.Rect(d - b, d - b, b, b)
    draw_shape(surf, shape, colour, rect, outline=(245, 245, 240) if colorblind else (28, 27, 34), width=max(1, b // 7))
    return surf


class ChampionFigure(FigureView):
    """A hero's champion: the drawn figure (assets/art/barricades/champion.svg) in the seat colour, with
    the seat's palette shape as a badge."""

    def draw(self, surface, camera: Camera) -> None:
        if not self.visible:
            return
        rect = self.screen_rect(camera)
        shape, colour = self.style()
        d = max(8, round(rect.width * 1.3))         # the figure stands a little taller than its drop box
        img = _champion(colour, d, shape, self.palette.colorblind)
        if self.highlight or self.hovered:
            self.draw_decorations(surface, rect, rect.width // 2)
        surface.blit(img, img.get_rect(midbottom=(rect.centerx, rect.bottom + d // 10)))


# ------------------------------------------------------------------ cards in hand: whole names

MIN_TEXT = 8        # the theme's smallest label size (ui.table.views.label_size never goes below it)


def _shade(colour, factor: float) -> tuple:
    return tuple(max(0, min(255, int(c * factor))) for c in colour[:3])


def title_lines(title: str, width: int, largest: int, smallest: int = MIN_TEXT,
                one_line_down_to: int | None = None, max_lines: int = 3) -> tuple[int, list[str]]:
    """(size, lines) of a card name in ``width`` pixels: one line at the largest size from ``largest`` down
    to ``one_line_down_to`` (default: two points under it); else the fewest lines (up to ``max_lines``) at
    the largest size that holds them (down to ``smallest``). Only a name that ``max_lines`` lines at
    ``smallest`` cannot hold has its last line run long."""
    floor = one_line_down_to if one_line_down_to is not None else largest - 2
    one = fonts.fitting_size(title, width, largest, smallest, True)
    if fonts.font(one, True).size(title)[0] <= width and one >= min(largest, max(smallest, floor)):
        return one, [title]
    def holds(lines, size, want):        # a word longer than the width does not hold either
        return len(lines) <= want and all(fonts.font(size, True).size(x)[0] <= width for x in lines)

    for want in range(2, max_lines + 1):
        size = max(smallest, largest - 1)
        while True:
            lines = fonts.wrap(title, size, width, True)
            if holds(lines, size, want) or size <= smallest:
                break
            size -= 1
        if holds(lines, size, want):
            return size, lines
    # a word wider than the room even at the smallest size ("Stormcaller" on a narrow stack): break it
    # between letters, with a hyphen, rather than cut it
    f = fonts.font(size, True)
    out: list[str] = []
    for line in lines:
        while f.size(line)[0] > width and len(line) > 1:
            k = len(line) - 1
            while k > 1 and f.size(line[:k] + "-")[0] > width:
                k -= 1
            out.append(line[:k] + ("-" if line[k - 1] != " " and line[k] != " " else ""))
            line = line[k:].lstrip()
        out.append(line)
    if len(out) > max_lines and len(out) == len(lines):      # (a broken word may take one line more)
        joiner = "" if any(ord(ch) > 0x2E80 for ch in title) else " "
        out = out[:max_lines - 1] + [joiner.join(out[max_lines - 1:])]
    return size, out


@lru_cache(maxsize=256)
def titled_face(face, w: int, h: int, colorblind: bool) -> pygame.Surface | None:
    """The kit's card face with its name on one or two lines instead of cut with an ellipsis: the name is
    drawn over the title bar, which grows down over the art band for a second line. None when the
    kit's own one-line title already holds the whole name."""
    from dataclasses import replace

    from ui.table.cardface import CARD_SIZE, render_face

    s = h / CARD_SIZE[1]
    pad = max(3, int(5 * s))
    inner = pygame.Rect(0, 0, w, h).inflate(-2 * pad, -2 * pad)
    title_h = max(10, int(20 * s))
    left = inner.x + (int(23 * s) if face.cost is not None else 3)
    right = inner.right - 3
    largest = max(7, int(12 * s))
    if fonts.font(largest, True).size(face.title)[0] <= right - left:
        return None
    size, lines = title_lines(face.title, right - left, largest, min(largest, MIN_TEXT))
    surf = render_face(replace(face, title=""), (w, h), colorblind).copy()
    bar = _shade(face.frame, 0.8)
    # lines packed close (not the font's loose line size), so that both show in the title band a row
    # of cards in front leaves visible (ui.table.views.HandView.title_band)
    line_h = int(size * 1.2) + 1
    block = line_h * len(lines)
    if block > title_h:             # the title bar grows down over the top of the art band
        grow = pygame.Rect(left - 3, inner.y + title_h - 2, right - left + 6, block - title_h + 4)
        pygame.draw.rect(surf, bar, grow, border_bottom_left_radius=max(2, int(4 * s)),
                         border_bottom_right_radius=max(2, int(4 * s)))
    top = inner.y + max(0, (title_h - block) // 2)
    for k, line in enumerate(lines):
        img = fonts.text(line, size, (250, 250, 250), True)
        surf.blit(img, img.get_rect(midtop=((left + right) // 2, top + k * line_h)))
    return surf


class TitledCardView(CardView):
    """A card in hand whose face shows its whole name (two lines when one is too short)."""

    def surface_for(self, size, showing_face: bool, angle: int) -> pygame.Surface:
        if showing_face and self.face is not None:
            w, h = max(8, int(size[0])), max(8, int(size[1]))
            img = titled_face(self.face, w, h, bool(self.palette.colorblind))
            if img is not None:
                return pygame.transform.rotate(img, angle) if angle % 360 else img
        return super().surface_for(size, showing_face, angle)
