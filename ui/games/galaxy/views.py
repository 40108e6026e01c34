"""The drawn pieces of the Galaxy Hunters table. They know no rule: each shows the values it is given
(already translated strings, counts, seat numbers) and is keyed by the engine's component id, so the
kit's drag controller can match drops to legal actions.

Star map: ``StarMapView`` (space, the invasion path), ``PlanetView`` (art = the mech's space; name,
effect, radiation, invader, invasion marker), ``DockView`` (marks, lock, ships), ``MutantView`` (front
or back), ``MutantPileView``, ``RoundTrackView``, ``RepTrackView``.
Markets: ``TileView`` (an upgrade tile with its icon, numbers, cost and copies left).
Seats: ``SeatBoardView`` (mech board with 9 slots and cube rows, pilot with abilities, blueprint,
upgrades, trackers), ``SlotView`` (a mech slot, a drop target), ``PieceView`` (a ship or a mech figure).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from ui import fonts
from ui.table.camera import Camera
from ui.table.palette import draw_shape
from ui.table.views import View, badge, label_size, draw_zone

from . import art


def seat_badge(surface, palette, seat, colour, rect) -> None:
    """The seat's palette shape on a piece's lower-right corner (ships, mechs, reputation markers), so
    seats differ by shape as well as colour (the colour-blind rule); larger with the colour-blind palette."""
    if seat is None:
        return
    b = max(5, int(min(rect.width, rect.height) * (0.46 if palette.colorblind else 0.36)))
    box = pygame.Rect(rect.right - b, rect.bottom - b, b, b)
    draw_shape(surface, palette.seat_shape(seat), colour, box,
               outline=(245, 245, 240) if palette.colorblind else (28, 27, 34), width=max(1, b // 6))


INK = (232, 236, 244)
DIM = (150, 160, 182)
PANEL = (24, 30, 48, 235)
PANEL_LINE = (70, 84, 120)
DANGER = (220, 64, 56)
GOLD = (236, 196, 70)


def _text(surface, string: str, size: int, pos, colour=INK, bold=False, anchor="topleft", width: int | None = None):
    img = fonts.fit_text(string, size, width, colour, bold) if width else fonts.text(string, size, colour, bold)
    r = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(img, r)
    return r


class _Scaled:
    """The camera as seen by a view in a region drawn ``k`` times its designed size: positions are the
    camera's own, lengths and text sizes (``scale``, ``zoom``) are ``k`` times larger."""

    __slots__ = ("camera", "zoom")

    def __init__(self, camera: Camera, k: float):
        self.camera = camera
        self.zoom = camera.zoom * k

    def scale(self, length: float) -> int:
        return max(1, round(length * self.zoom))

    def __getattr__(self, name):
        return getattr(self.camera, name)


def scaled(camera: Camera, view) -> Camera:
    """``camera`` for drawing ``view`` at its region's factor ``view.k`` (1: the camera itself)."""
    k = getattr(view, "k", 1.0)
    return camera if k == 1.0 else _Scaled(camera, k)


def place(view: View, region) -> View:
    """Move a view built in design units into ``region`` (its rect and any extra rects it holds) and
    let it draw at the region's factor."""
    view.rect = region.r(view.rect)
    if hasattr(view, "cell"):
        view.cell = region.r(view.cell)
    if hasattr(view, "boxes"):
        view.boxes = [(region.r(r), box) for r, box in view.boxes]
    if hasattr(view, "spaces"):
        view.spaces = [(region.r(r), *rest) for r, *rest in view.spaces]
    view.k = region.k
    return view


def _sub(camera: Camera, rect) -> pygame.Rect:
    return camera.rect_to_screen(pygame.FRect(rect))


@lru_cache(maxsize=8)
def starfield(size: tuple[int, int], seed: int = 9) -> pygame.Surface:
    """Deep-space background with a few hundred fixed stars (the same every run)."""
    w, h = size
    surf = pygame.Surface(size)
    surf.fill((10, 14, 30))
    rng = random.Random(seed)
    for _ in range(max(40, w * h // 2200)):
        x, y = rng.randrange(w), rng.randrange(h)
        v = rng.randrange(90, 230)
        surf.set_at((x, y), (v, v, min(255, v + 20)))
    for _ in range(6):                  # faint nebula blots
        c = (rng.randrange(30, 70), rng.randrange(20, 50), rng.randrange(60, 110), 40)
        blot = pygame.Surface((w // 3, h // 3), pygame.SRCALPHA)
        pygame.draw.ellipse(blot, c, blot.get_rect())
        surf.blit(blot, (rng.randrange(-w // 6, w), rng.randrange(-h // 6, h)))
    return surf


# ------------------------------------------------------------------ the star map


class StarMapView(View):
    """The map's space and the dotted invasion path through planets 1–7 (``path``: their art centres)."""

    layer = -3

    def __init__(self, cid: str, rect, *, path: list = (), title: str = ""):
        super().__init__(cid, rect, label=title)
        self.path = list(path)

    def hit(self, world_pos) -> bool:
        return False                      # never a target, never hides what is on it

    def draw(self, surface, camera) -> None:
        camera = scaled(camera, self)
        rect = self.screen_rect(camera)
        surface.blit(starfield((max(1, rect.width), max(1, rect.height))), rect.topleft)
        pygame.draw.rect(surface, PANEL_LINE, rect, 2, border_radius=camera.scale(10))
        pts = [camera.to_screen(p) for p in self.path]
        if len(pts) > 1:
            for a, b in zip(pts, pts[1:] + pts[:1]):
                _dotted(surface, (90, 110, 160), a, b, max(1, camera.scale(2)), max(4, camera.scale(9)))


def _dotted(surface, colour, a, b, width, step) -> None:
    a, b = pygame.Vector2(a), pygame.Vector2(b)
    length = (b - a).length()
    if length <= 0:
        return
    d = (b - a) / length
    s = 0.0
    while s < length:
        p = a + d * s
        pygame.draw.circle(surface, colour, p, width)
        s += step


class PlanetView(View):
    """A planet: ``rect`` is its art (the mech's space and drop target); ``cell`` frames name, effect, docks."""

    layer = 0

    def __init__(self, cid: str, art_rect, cell, *, key: str, name: str, number: int | None = None,
                 effect: str = "", radiation: int = 0, invaded: bool = False, marked: bool = False,
                 marker_label: str = "", closed_label: str = "", closed: bool = False, ring: bool = True):
        super().__init__(cid, art_rect, label=name)
        self.cell = pygame.FRect(cell)
        self.key = key
        self.number = number
        self.effect = effect
        self.radiation = radiation
        self.invaded = invaded
        self.marked = marked              # the invasion marker points here
        self.marker_label = marker_label
        self.closed = closed              # the mech space needs a reputation this seat lacks
        self.closed_label = closed_label
        self.ring = ring

    def hit(self, world_pos) -> bool:
        r = self.world_rect()
        return self.visible and pygame.Vector2(world_pos).distance_to(r.center) <= r.width / 2 + 2

    def draw(self, surface, camera) -> None:
        camera = scaled(camera, self)
        cell = _sub(camera, self.cell)
        ar = self.screen_rect(camera)
        radius = max(3, camera.scale(10))
        draw_zone(surface, cell, (18, 24, 44, 200), (60, 72, 104), radius)
        title = f"{self.number}  {self.label}" if self.number is not None else self.label
        _text(surface, title, label_size(camera.zoom, 13), (cell.centerx, cell.y + camera.scale(2)), INK, True,
              "midtop", cell.width - 4)
        if self.invaded:
            pygame.draw.circle(surface, DANGER, ar.center, ar.width // 2 + camera.scale(5), max(2, camera.scale(3)))
        if self.highlight or self.hovered:
            self.draw_decorations(surface, ar, ar.width // 2)
        surface.blit(art_picture(f"planet_{self.key}", ar.width), ar.topleft)
        if self.closed:
            lock = ar.width // 3
            surface.blit(art_picture("lock", lock),
                         (ar.centerx - lock // 2, ar.centery - lock // 2))
            if self.closed_label:
                _text(surface, self.closed_label, label_size(camera.zoom, 10), (ar.centerx, ar.bottom - camera.scale(12)),
                      GOLD, True, "midtop")
        if self.radiation:
            d = max(10, camera.scale(22))
            pos = (ar.x - d // 3, ar.y + ar.height - d)
            surface.blit(art_picture("radiation", d), pos)
            if self.radiation > 1:
                b = badge(str(self.radiation), label_size(camera.zoom, 9), (30, 30, 30), INK)
                surface.blit(b, b.get_rect(center=(pos[0] + d, pos[1] + 2)))
        if self.marked:
            flag = pygame.Rect(0, 0, camera.scale(14), camera.scale(18))
            flag.topright = (ar.x - camera.scale(3), ar.y + camera.scale(4))
            pygame.draw.polygon(surface, (250, 250, 250), [flag.topleft, flag.topright, (flag.right - flag.width // 3, flag.centery), flag.bottomright, flag.bottomleft])
            pygame.draw.polygon(surface, (20, 20, 20), [flag.topleft, flag.topright, (flag.right - flag.width // 3, flag.centery), flag.bottomright, flag.bottomleft], 1)
        if self.effect:
            img, room = self.effect_block(camera)
            surface.blit(img, (cell.x + camera.scale(3), ar.bottom + camera.scale(2)),
                         pygame.Rect(0, 0, img.get_width(), room))

    def effect_block(self, camera) -> tuple[pygame.Surface, int]:
        """The effect under the art and above the docks: at the label size, or a point smaller if that
        holds it whole (the tests check every planet's effect fits). ``camera`` is already scaled."""
        cell = _sub(camera, self.cell)
        width = max(10, cell.width - camera.scale(6))
        room = max(0, cell.bottom - camera.scale(32) - (self.screen_rect(camera).bottom + camera.scale(2)))
        size = label_size(camera.zoom, 10)
        img = fonts.paragraph(self.effect, size, width, DIM, line_gap=0)
        while img.get_height() > room and size > 7:
            size -= 1
            img = fonts.paragraph(self.effect, size, width, DIM, line_gap=0)
        return img, room


def art_picture(name: str, size, tint=None) -> pygame.Surface:
    return art.picture(name, size, tint)


class DockView(View):
    """A ship dock: its marks ("●", "3", "4", "☆8"), closed with a lock when this seat may not use it,
    the ships on it in their seat colours; ``needs`` 2 on an invaded planet."""

    layer = 1

    def __init__(self, cid: str, rect, *, marks: str = "", locked: bool = False, ships: tuple = (), needs: int = 1,
                 unused: bool = False, icon: str = ""):
        super().__init__(cid, rect, label=marks)
        self.icon = icon                  # a pilot's Repair / Recall dock shows its symbol
        self.locked = locked
        self.ships = tuple(ships)         # seat numbers (None: a hired agent of no seat colour)
        self.needs = needs
        self.unused = unused              # not in play at this player count: drawn faint

    def draw(self, surface, camera) -> None:
        camera = scaled(camera, self)
        rect = self.screen_rect(camera)
        radius = max(2, camera.scale(5))
        fill = (50, 58, 80, 255) if not self.locked else (34, 36, 44, 255)
        line = (140, 156, 196) if not self.locked else (80, 80, 92)
        if self.unused:
            fill, line = (24, 26, 34, 160), (52, 56, 70)
        draw_zone(surface, rect, fill, line, radius)
        if self.needs > 1 and not self.unused:
            pygame.draw.rect(surface, DANGER, rect.inflate(camera.scale(3), camera.scale(3)), max(1, camera.scale(2)),
                             border_radius=radius + 1)
        if self.ships:
            n = len(self.ships)
            d = rect.width if n == 1 else int(rect.width * 0.72)
            for i, seat in enumerate(self.ships):
                colour = self.palette.seat_colour(seat) if seat is not None else (220, 220, 220)
                img = art_picture("ship", d, colour)
                x = rect.x + (rect.width - d) // 2 if n == 1 else rect.x + i * (rect.width - d)
                surface.blit(img, (x, rect.y + (rect.height - d) // 2))
                seat_badge(surface, self.palette, seat, colour, pygame.Rect(x, rect.y + (rect.height - d) // 2, d, d))
        elif self.icon:
            d = int(rect.width * 0.8)
            surface.blit(art_picture(self.icon, d), (rect.centerx - d // 2, rect.centery - d // 2))
        else:
            colour = INK if not self.locked else (120, 120, 130)
            if self.unused:
                colour = (70, 74, 90)
            size = label_size(camera.zoom, 12 if len(self.label) <= 2 else 10)
            _text(surface, self.label, size, rect.center, colour, True, "center", rect.width - 2)
            if self.locked and not self.unused:
                lock = max(8, rect.width // 2)
                surface.blit(art_picture("lock", lock), (rect.right - lock + camera.scale(3), rect.y - camera.scale(4)))
            if self.needs > 1 and not self.unused:
                _text(surface, "×2", label_size(camera.zoom, 8), (rect.right - 1, rect.bottom), DANGER, True, "bottomright")
        if self.highlight or self.hovered:
            self.draw_decorations(surface, rect, radius)


@dataclass(frozen=True)
class MutantFace:
    """What a mutant tile shows (translated)."""

    species: str                    # art key: skitter, gloop, ...
    name: str
    strength: int
    armour: int
    reward: str = ""                # one short line, e.g. "S DNA · +1 rep · +1 cr"
    dna: str = ""                   # the DNA letter (its colour rings the tile)


class MutantView(View):
    """A mutant tile: front (species art, strength top-left in red, armour bottom-right in blue) or back."""

    layer = 3

    def __init__(self, cid: str, rect, face: MutantFace | None = None, *, face_up: bool = True, red_back: bool = False):
        super().__init__(cid, rect)
        self.face = face
        self.face_up = face_up and face is not None
        self.red_back = red_back

    def draw(self, surface, camera) -> None:
        camera = scaled(camera, self)
        rect = self.screen_rect(camera)
        radius = max(3, camera.scale(6))
        if self.highlight or self.hovered:
            self.draw_decorations(surface, rect, radius)
        if not self.face_up:
            surface.blit(art_picture("mutant_back_red" if self.red_back else "mutant_back", rect.size), rect.topleft)
            return
        ring = art.DNA_COLOURS.get(self.face.dna, (120, 120, 120))
        draw_zone(surface, rect, (236, 232, 220, 255), ring, radius)
        pic = int(rect.width * 0.78)
        surface.blit(art_picture(f"mutant_{self.face.species}", pic), (rect.centerx - pic // 2, rect.y + rect.height * 0.06))
        s = label_size(camera.zoom, 11)
        b = badge(str(self.face.strength), s, DANGER, (255, 255, 255))
        surface.blit(b, (rect.x - camera.scale(3), rect.y - camera.scale(3)))
        b = badge(str(self.face.armour), s, art.CUBE_COLOURS["armour"], (255, 255, 255))
        surface.blit(b, b.get_rect(bottomright=(rect.right + camera.scale(3), rect.bottom + camera.scale(3))))


class MutantPileView(View):
    """The mutant pile: its top tile's back is public, the count beside it."""

    layer = 2

    def __init__(self, cid: str, rect, *, count: int, top_red: bool, label: str = ""):
        super().__init__(cid, rect, label=label)
        self.count = count
        self.top_red = top_red

    def draw(self, surface, camera) -> None:
        camera = scaled(camera, self)
        rect = self.screen_rect(camera)
        if self.count <= 0:
            pygame.draw.rect(surface, (70, 80, 100), rect, 2, border_radius=camera.scale(6))
        else:
            step = max(1, camera.scale(2))
            back = art_picture("mutant_back", rect.size)
            for i in range(min(3, self.count - 1), 0, -1):
                surface.blit(back, (rect.x + i * step, rect.y + i * step))
            surface.blit(art_picture("mutant_back_red" if self.top_red else "mutant_back", rect.size), rect.topleft)
            b = badge(str(self.count), label_size(camera.zoom, 10), self.palette.badge, self.palette.badge_text)
            surface.blit(b, b.get_rect(center=(rect.right, rect.y)))
        if self.label:
            _text(surface, self.label, label_size(camera.zoom, 10), (rect.centerx, rect.bottom + camera.scale(6)), DIM,
                  False, "midtop")
        if self.highlight or self.hovered:
            self.draw_decorations(surface, rect, camera.scale(6))


class UranView(PlanetView):
    """Uran: no docks, no effect; the four mutant spots and the pile are separate views on it."""

    def draw(self, surface, camera) -> None:
        camera = scaled(camera, self)
        cell = _sub(camera, self.cell)
        art_r = self.screen_rect(camera)
        draw_zone(surface, cell, (30, 26, 20, 200), (110, 100, 60), max(3, camera.scale(12)))
        _text(surface, self.label, label_size(camera.zoom, 13), (cell.centerx, cell.y + camera.scale(2)), INK, True,
              "midtop", cell.width - 4)
        if self.highlight or self.hovered:
            self.draw_decorations(surface, art_r, art_r.width // 2)
        surface.blit(art_picture("planet_uran", art_r.width), art_r.topleft)
        if self.effect:
            _text(surface, self.effect, label_size(camera.zoom, 10), (cell.centerx, cell.bottom - camera.scale(3)), DIM,
                  False, "midbottom", cell.width - 6)


# ------------------------------------------------------------------ tracks


@dataclass(frozen=True)
class RoundBox:
    number: int
    events: tuple = ()              # (art name, short translated label) pairs


class RoundTrackView(View):
    layer = 0

    def __init__(self, cid: str, rect, boxes: list, *, current: int, title: str = ""):
        super().__init__(cid, rect, label=title)
        self.boxes = list(boxes)        # [(FRect, RoundBox)]
        self.current = current

    def hit(self, world_pos) -> bool:
        return False

    def draw(self, surface, camera) -> None:
        camera = scaled(camera, self)
        rect = self.screen_rect(camera)
        draw_zone(surface, rect, PANEL, PANEL_LINE, camera.scale(8))
        for frect, box in self.boxes:
            r = _sub(camera, frect)
            done = box.number < self.current
            now = box.number == self.current
            fill = (70, 62, 30, 255) if now else ((28, 32, 44, 255) if done else (40, 48, 70, 255))
            draw_zone(surface, r, fill, GOLD if now else PANEL_LINE, camera.scale(5))
            _text(surface, str(box.number), label_size(camera.zoom, 15), (r.x + camera.scale(5), r.y + camera.scale(2)),
                  GOLD if now else (DIM if done else INK), True)
            y = r.y + camera.scale(3)
            x = r.x + camera.scale(22)
            for name, text in box.events:
                ic = max(8, camera.scale(16))
                surface.blit(art_picture(name, ic), (x, y))
                _text(surface, text, label_size(camera.zoom, 9), (x + ic + 2, y + ic // 2), DIM if done else INK, False,
                      "midleft", r.right - x - ic - 4)
                y += ic + camera.scale(3)


class RepTrackView(View):
    """The reputation track: 21 spaces with their end VP and unlock stars; markers stacked (upper first)."""

    layer = 0

    def __init__(self, cid: str, rect, spaces: list, *, title: str = "", markers: dict | None = None):
        super().__init__(cid, rect, label=title)
        self.spaces = list(spaces)       # [(FRect, vp, star colour or None)]
        self.markers = dict(markers or {})   # space index -> [seat, ...] bottom first

    def hit(self, world_pos) -> bool:
        return False

    def draw(self, surface, camera) -> None:
        camera = scaled(camera, self)
        rect = self.screen_rect(camera)
        draw_zone(surface, rect, PANEL, PANEL_LINE, camera.scale(8))
        _text(surface, self.label, label_size(camera.zoom, 12), (rect.x + camera.scale(6), rect.y + camera.scale(3)), INK, True)
        for i, (frect, vp, star) in enumerate(self.spaces):
            r = _sub(camera, frect)
            draw_zone(surface, r, (40, 46, 66, 255), PANEL_LINE, camera.scale(4))
            _text(surface, str(i), label_size(camera.zoom, 11), (r.x + camera.scale(3), r.y + camera.scale(1)), INK, True)
            _text(surface, f"{vp}", label_size(camera.zoom, 9), (r.right - camera.scale(3), r.bottom - camera.scale(1)),
                  GOLD, False, "bottomright")
            if star is not None:
                d = max(8, camera.scale(14))
                surface.blit(art_picture("star", d, star), (r.right - d - camera.scale(2), r.y + camera.scale(2)))
            stack = self.markers.get(i, [])
            for k, seat in enumerate(stack):
                d = max(8, camera.scale(16))
                spot = pygame.Rect(r.x + camera.scale(2) + k * camera.scale(6), r.bottom - d - camera.scale(1) - k * camera.scale(4),
                                   d, d)
                surface.blit(art_picture("rep", d, self.palette.seat_colour(seat)), spot.topleft)
                seat_badge(surface, self.palette, seat, self.palette.seat_colour(seat), spot.inflate(d // 2, d // 2).move(d // 4, d // 4))


# ------------------------------------------------------------------ markets


@dataclass(frozen=True)
class TileFace:
    """An upgrade tile as shown (translated)."""

    name: str
    icon: str = ""                  # art name (icon_bal, icon_medal, ship_hired...)
    stats: str = ""                 # e.g. "⚔4  ●1 ●1" / "+2 armour" / "5 VP"
    cost: str = ""                  # e.g. "4cr + Alloy + Isotope"
    copies: int | None = None       # copies left in the market (None: not a market stack)
    band: tuple = (200, 200, 200)   # colour band (white/blue/red) as an edge colour
    cost_parts: tuple = ()          # (("cr", "3cr"), ("fuel", 1), ...): drawn as icons when the words do not fit
    cost_note: str = ""             # e.g. "rep 4+" after the cost
    cost_rep: int = 0               # the reputation it needs (drawn as the track's marker and "4+" with icons)
    pays: tuple = ()                # a weapon's cubes per shot, (("ammo", 2), ("energy", 2)): cubes when words crowd


class TileView(View):
    layer = 2

    def __init__(self, cid: str, rect, face: TileFace, *, dim: bool = False):
        super().__init__(cid, rect, label=face.name)
        self.face = face
        self.dim = dim

    def draw(self, surface, camera) -> None:
        camera = scaled(camera, self)
        rect = self.screen_rect(camera)
        radius = max(3, camera.scale(6))
        if self.highlight or self.hovered:
            self.draw_decorations(surface, rect, radius)
        surface.blit(tile_surface(self.face, rect.size, self.dim), rect.topleft)


def tile_count(face: TileFace, w: int, h: int) -> tuple:
    """A market tile's copies count ("×4"): (its image or None, the room it takes from the name line, the
    room it takes from the cost line). It goes at the cost line's right end, unless the cost would then
    no longer fit whole: then at the name's."""
    if face.copies is None:
        return None, 0, 0
    pad = max(2, w // 30)
    count = fonts.text(f"×{face.copies}", max(7, int(h * 0.19)), (96, 64, 150), True)
    if not face.cost or cost_fits(face, max(7, int(h * 0.19)), w - 2 * pad - count.get_width() - 3):
        return count, 0, count.get_width() + 3
    return count, count.get_width() + 2, 0


@lru_cache(maxsize=512)
def tile_surface(face: TileFace, size: tuple[int, int], dim: bool) -> pygame.Surface:
    """A market tile: name across the top (shrunk to fit), the icon with its numbers beside it, the cost
    along the bottom and the copies left ("×4") at its right end. Everything inside the tile: a badge on
    its corner was half hidden under the next tile and covered the section's title."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(3, h // 10)
    pygame.draw.rect(surf, (226, 228, 234) if not dim else (120, 122, 130), surf.get_rect(), border_radius=radius)
    pygame.draw.rect(surf, face.band, surf.get_rect(), max(2, h // 20), border_radius=radius)
    ink = (24, 26, 34)
    pad = max(2, w // 30)
    cost_size = max(7, int(h * 0.19))
    count, name_room, count_room = tile_count(face, w, h)
    if count is not None:
        surf.blit(count, count.get_rect(bottomright=(w - pad, h - pad + 1)) if count_room else
                  count.get_rect(topright=(w - pad, pad)))
    title = fonts.fit_text(face.name, max(7, int(h * 0.22)), w - 2 * pad - name_room, ink, True)
    surf.blit(title, (pad, pad - 1))
    y = pad + title.get_height()
    ic = int(h * 0.36)
    if face.icon:
        surf.blit(art.picture(face.icon, ic), (pad, y))
    cost_top = h
    if face.cost:
        img = cost_line(face, cost_size, w - 2 * pad - count_room)
        r = img.get_rect(bottomleft=(pad, h - pad + 1))
        surf.blit(img, r)
        cost_top = r.y + img.get_height() // 6      # the glyphs' top, under the line's leading
    if face.stats:                       # "Attack 3 · 2 ammo": two short lines beside the icon, above the cost
        room = max(8, cost_top - (y - 1))
        size = max(7, int(h * 0.17))
        text = face.stats.replace(" · ", "\n")
        sw = max(8, w - ic - 3 * pad)
        para = fonts.paragraph(text, size, sw, ink, True, line_gap=-3)
        while para.get_height() > room and size > 7:
            size -= 1
            para = fonts.paragraph(text, size, sw, ink, True, line_gap=-3)
        if face.pays and _crowded(text, size, sw, room, -3):
            # "Attack 6 / 2 ammo 2 energy" takes three lines, "攻撃2 / エネルギー1" breaks a word: the cubes
            # it pays, as the mech board draws them
            para = _stats_with_cubes(text.split("\n")[0], face.pays, size, sw, ink)
        surf.blit(para, (ic + 2 * pad, y - 1), pygame.Rect(0, 0, para.get_width(), room))
    return surf


COST_INK = (80, 62, 20)


def _crowded(text: str, size: int, width: int, room: int, gap: int) -> bool:
    """Whether ``text`` wrapped at ``size`` in ``width`` px is taller than ``room`` or breaks a word
    ("エネルギー1" as "エネル" / "ギー1"; "+2 energy" on two lines breaks none)."""
    lines = fonts.wrap(text, size, width, True)
    words = set(text.split())
    return any(part not in words for line in lines for part in line.split()) or \
        fonts.paragraph(text, size, width, (0, 0, 0), True, line_gap=gap).get_height() > room


def _stats_with_cubes(first: str, pays: tuple, size: int, width: int, ink) -> pygame.Surface:
    """The stats' first line, then "2 ■ 2 ■": each number with a cube in its colour (ammo red, energy green)."""
    f = fonts.font(size, True)
    top = fonts.fit_text(first, size, width, ink, True)
    line_h = f.get_linesize() - 3
    surf = pygame.Surface((width, line_h + f.get_height()), pygame.SRCALPHA)
    surf.blit(top, (0, 0))
    x, c = 0, max(5, f.get_height() - 4)
    for what, n in pays:
        num = fonts.text(str(n), size, ink, True)
        surf.blit(num, (x, line_h))
        x += num.get_width() + 1
        cube = pygame.Rect(x, line_h + (f.get_height() - c) // 2, c, c)
        pygame.draw.rect(surf, art.CUBE_COLOURS[what], cube, border_radius=max(1, c // 5))
        pygame.draw.rect(surf, (40, 40, 48), cube, 1, border_radius=max(1, c // 5))
        x += c + 4
    return surf


def cost_fits(face: TileFace, size: int, width: int) -> bool:
    """Whether ``cost_line`` shows the whole cost in ``width`` (in words or as icons), without cutting it."""
    if fonts.font(max(7, size - 1), True).size(face.cost)[0] <= width:
        return True
    return bool(face.cost_parts) and _cost_icons(face, max(7, size - 1)).get_width() <= width


def cost_line(face: TileFace, size: int, width: int) -> pygame.Surface:
    """A tile's cost in words ("3 cr + Fuel + Circuit") when they fit at about the size asked, else as the
    credits and the resources' icons (as on the seat boards), a point smaller if need be; the words cut only
    if even that does not fit."""
    if fonts.font(max(7, size - 1), True).size(face.cost)[0] <= width or not face.cost_parts:
        return fonts.fit_text(face.cost, size, width, COST_INK, True)
    for s in sorted({size, max(7, size - 1)}, reverse=True):
        line = _cost_icons(face, s)
        if line.get_width() <= width:
            return line
    return fonts.fit_text(face.cost, size, width, COST_INK, True)


def _cost_icons(face: TileFace, size: int) -> pygame.Surface:
    f = fonts.font(size, True)
    d = f.get_height() - 2
    pieces: list = []                       # text surfaces and icon surfaces, left to right
    for what, n in face.cost_parts:
        if what == "cr":                    # n is the credits already in words ("3cr")
            pieces.append(fonts.text(n, size, COST_INK, True))
        else:
            if n > 1:
                pieces.append(fonts.text(str(n), size, COST_INK, True))
            pieces.append(art.picture(f"res_{what}", d))
    if face.cost_rep:
        pieces.append(art.picture("rep", d))
        pieces.append(fonts.text(f"{face.cost_rep}+", size, COST_INK, True))
    elif face.cost_note:
        pieces.append(fonts.text(face.cost_note, size, COST_INK, True))
    total = sum(p.get_width() for p in pieces) + 2 * (len(pieces) - 1)
    surf = pygame.Surface((max(1, total), f.get_height()), pygame.SRCALPHA)
    x = 0
    for p in pieces:
        surf.blit(p, (x, (f.get_height() - p.get_height()) // 2))
        x += p.get_width() + 2
    return surf


class SectionView(View):
    """A labelled market section (weapons, systems, prestige, missions...)."""

    layer = -1

    def __init__(self, cid: str, rect, *, title: str, icon: str = ""):
        super().__init__(cid, rect, label=title)
        self.icon = icon

    def hit(self, world_pos) -> bool:
        return False

    def draw(self, surface, camera) -> None:
        camera = scaled(camera, self)
        rect = self.screen_rect(camera)
        draw_zone(surface, rect, PANEL, PANEL_LINE, camera.scale(8))
        x = rect.x + camera.scale(6)
        if self.icon:
            d = max(8, camera.scale(14))
            surface.blit(art_picture(self.icon, d), (x, rect.y + camera.scale(3)))
            x += d + camera.scale(4)
        _text(surface, self.label, label_size(camera.zoom, 12), (x, rect.y + camera.scale(2)), INK, True, "topleft",
              rect.right - x - 4)


# ------------------------------------------------------------------ seats


class PieceView(View):
    """A ship or a mech figure in its seat colour (a drag source when its action is legal)."""

    layer = 6

    def __init__(self, cid: str, center, *, art_name: str, seat: int | None, size: float = 30, tipped: bool = False):
        super().__init__(cid, (center[0] - size / 2, center[1] - size / 2, size, size))
        self.art_name = art_name
        self.seat = seat
        self.tipped = tipped

    def draw(self, surface, camera) -> None:
        camera = scaled(camera, self)
        rect = self.screen_rect(camera)
        colour = self.palette.seat_colour(self.seat) if self.seat is not None else (220, 220, 220)
        img = art_picture(self.art_name, rect.size, colour)
        if self.tipped:
            img = pygame.transform.rotate(img, -90)
        if self.highlight or self.hovered:
            self.draw_decorations(surface, rect, rect.width // 2)
        surface.blit(img, img.get_rect(center=rect.center))
        seat_badge(surface, self.palette, self.seat, colour, img.get_rect(center=rect.center))


class SlotView(View):
    """One of a mech's 9 slots: empty, or showing the tile on it; the blueprint icon it answers is ticked."""

    layer = 3

    def __init__(self, cid: str, rect, *, tile: TileFace | None = None, index: int = 0):
        super().__init__(cid, rect)
        self.tile = tile
        self.index = index

    def draw(self, surface, camera) -> None:
        camera = scaled(camera, self)
        rect = self.screen_rect(camera)
        radius = max(2, camera.scale(5))
        if self.tile is None:
            draw_zone(surface, rect, (36, 42, 60, 255), (90, 100, 130), radius)
            _text(surface, str(self.index + 1), label_size(camera.zoom, 11), rect.center, (90, 100, 130), True, "center")
        else:
            surface.blit(slot_surface(self.tile, rect.size), rect.topleft)
        if self.highlight or self.hovered:
            self.draw_decorations(surface, rect, radius)


@lru_cache(maxsize=256)
def slot_surface(face: TileFace, size: tuple[int, int]) -> pygame.Surface:
    """A tile in a mech slot: its name across the top (shrunk to fit), icon and numbers below
    (the whole tile shows on hover)."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(3, h // 10)
    pygame.draw.rect(surf, (226, 228, 234), surf.get_rect(), border_radius=radius)
    pygame.draw.rect(surf, face.band, surf.get_rect(), max(2, h // 20), border_radius=radius)
    ink = (24, 26, 34)
    pad = max(2, w // 24)
    img = fonts.fit_text(face.name, max(7, int(h * 0.22)), w - 2 * pad, ink, True)
    surf.blit(img, (pad, pad))
    ic = int(h * 0.46)
    y = h - ic - pad
    if face.icon:
        surf.blit(art.picture(face.icon, ic), (pad, y))
    if face.stats:
        text = face.stats.replace(" · ", "\n")
        size, sw = max(7, int(h * 0.17)), max(8, w - ic - 3 * pad)
        if face.pays and _crowded(text, size, sw, ic + 4, -2):
            # "Attack 6 / 2 ammo / 2 energy" took a third line the slot cut off: the cubes it pays instead
            para = _stats_with_cubes(text.split("\n")[0], face.pays, size, sw, ink)
        else:
            while _crowded(text, size, sw, ic + 4, -2) and size > 7:
                size -= 1
            para = fonts.paragraph(text, size, sw, ink, True, line_gap=-2)
        surf.blit(para, (ic + 2 * pad, y - 1), pygame.Rect(0, 0, para.get_width(), ic + 4))
    return surf


@dataclass
class SeatBoard:
    """Everything one seat's board shows, translated; filled by the table from the engine's view."""

    seat: int
    name: str
    mech: str = ""                 # art key
    mech_name: str = ""
    pilot: str = ""                # art key
    pilot_name: str = ""
    abilities: list = field(default_factory=list)      # [(numeral, text, live)]
    blueprint: list = field(default_factory=list)      # [(icon, covered)]
    cubes: dict = field(default_factory=dict)          # kind -> (filled, capacity)
    hull: int = 0
    credits: int = 0
    resources: dict = field(default_factory=dict)      # resource -> count
    dna: dict = field(default_factory=dict)            # letter -> count
    radiation: int = 0
    debt: int = 0
    rep: int = 0
    score: int | None = None
    upgrades: list = field(default_factory=list)       # pilot upgrade names (up to 4)
    specialists: list = field(default_factory=list)    # [(name, face_up)]
    missions: list = field(default_factory=list)       # [(text, done)]
    active: bool = False
    labels: dict = field(default_factory=dict)         # translated captions
    summary: str = ""                                  # compact boards: tiles, upgrades, specialists, missions


PILOT_X = 462           # where the pilot column starts on the large board (slots sit left of it)


class SeatBoardView(View):
    """A seat's board. Large: mech with cube rows and hull, pilot with 4 abilities (live ones marked),
    blueprint with ticks, upgrades, trackers. Compact: the same numbers in less room."""

    layer = -1

    def __init__(self, cid: str, rect, board: SeatBoard, *, compact: bool = False, mini: bool = False):
        super().__init__(cid, rect, label=board.name)
        self.board = board
        self.compact = compact or mini
        self.mini = mini                  # a short row: name, mech and pilot, one summary line

    def draw(self, surface, camera) -> None:
        camera = scaled(camera, self)
        b = self.board
        rect = self.screen_rect(camera)
        colour = self.palette.seat_colour(b.seat)
        draw_zone(surface, rect, PANEL, colour if b.active else PANEL_LINE, camera.scale(10))
        if b.active:
            pygame.draw.rect(surface, colour, rect, max(2, camera.scale(3)), border_radius=camera.scale(10))
        sz = lambda n: label_size(camera.zoom, n)  # noqa: E731
        s = camera.scale
        # title bar
        draw_shape(surface, self.palette.seat_shape(b.seat), colour, pygame.Rect(rect.x + s(7), rect.y + s(7), s(14), s(14)),
                   outline=(20, 20, 20), width=max(1, s(2)))
        title = b.name + (f"  ·  {b.score} VP" if b.score is not None else "")
        room = rect.width - s(32) - (s(52) if self.compact else 0)     # compact: the ships sit top right
        _text(surface, title, sz(14), (rect.x + s(26), rect.y + s(4)), INK, True, "topleft", room)
        top = rect.y + s(26)
        if self.mini:
            self._draw_mini(surface, camera, rect, top)
        elif self.compact:
            self._draw_compact(surface, camera, rect, top)
        else:
            self._draw_full(surface, camera, rect, top)

    # trackers: credits, 6 resources, 5 DNA, radiation, debt, hull, rep
    def _trackers(self, surface, camera, x, y, width, compact) -> int:
        b = self.board
        s = camera.scale
        ic = max(8, s(16 if not compact else 14))
        cells = [("credit", None, b.credits)]
        cells += [(f"res_{r}", None, b.resources.get(r, 0)) for r in art.RESOURCES]
        if compact:                          # the large board shows DNA as its own draggable token
            cells += [("dna", art.DNA_COLOURS[k], b.dna.get(k, 0)) for k in "SGRBM"]
        cells += [("radiation", None, b.radiation), ("debt", None, b.debt), ("hull", None, b.hull)]
        step = ic + s(24)
        per_row = max(1, int(width // step))
        for i, (name, tint, value) in enumerate(cells):
            cx = x + (i % per_row) * step
            cy = y + (i // per_row) * (ic + s(4))
            surface.blit(art_picture(name, ic, tint), (cx, cy))
            bad = name in ("radiation", "debt", "hull") and value > 0
            _text(surface, str(value), label_size(camera.zoom, 12), (cx + ic + s(2), cy + ic // 2),
                  DANGER if bad else (INK if value else DIM), True, "midleft")
        rows = (len(cells) + per_row - 1) // per_row
        return rows * (ic + s(4))

    def _cubes(self, surface, camera, x, y, width) -> int:
        """One row per cube kind: a square per point of capacity, filled while the cube is there
        (squares shrink so that a big capacity still fits the row)."""
        b = self.board
        s = camera.scale
        c0 = max(5, s(12))
        label_w = s(56)
        h = 0
        for kind in ("armour", "ammo", "energy"):
            filled, cap = b.cubes.get(kind, (0, 0))
            label = b.labels.get(kind, kind)
            c = c0
            if cap:
                c = max(3, min(c0, int((width - label_w) / cap) - s(3)))
            _text(surface, label, label_size(camera.zoom, 10), (x, y + h + c0 // 2), DIM, False, "midleft", label_w - 2)
            for i in range(cap):
                r = pygame.Rect(x + label_w + i * (c + s(3)), y + h + (c0 - c) // 2, c, c)
                pygame.draw.rect(surface, (16, 18, 26), r, border_radius=max(1, c // 5))
                pygame.draw.rect(surface, (90, 96, 120), r, 1, border_radius=max(1, c // 5))
                if i < filled:
                    pygame.draw.rect(surface, art.CUBE_COLOURS[kind], r.inflate(-2, -2), border_radius=max(1, c // 5))
            h += c0 + s(4)
        return h

    def _draw_full(self, surface, camera, rect, top) -> None:
        b = self.board
        s = camera.scale
        # mech column: art, name, cubes (slots are SlotViews placed by the table beside it)
        mx = rect.x + s(8)
        pic = s(62)
        if b.mech:
            surface.blit(art_picture(f"mech_{b.mech}", pic), (mx, top))
        _text(surface, b.mech_name, label_size(camera.zoom, 12), (mx + pic + s(6), top), INK, True, "topleft", s(150))
        self._cubes(surface, camera, mx + pic + s(6), top + s(18), s(158))
        # pilot column
        px = rect.x + s(PILOT_X)
        if b.pilot:
            surface.blit(art_picture(f"pilot_{b.pilot}", pic), (px, top))
        _text(surface, b.pilot_name, label_size(camera.zoom, 12), (px + pic + s(6), top), INK, True, "topleft", s(190))
        # blueprint icons with ticks
        bx = px + pic + s(6)
        by = top + s(18)
        d = max(8, s(20))
        for i, (icon, covered) in enumerate(b.blueprint):
            pos = (bx + i * (d + s(3)), by)
            surface.blit(art_picture(f"icon_{icon}", d), pos)
            if covered:
                tick = [(pos[0] + d * 0.2, pos[1] + d * 0.55), (pos[0] + d * 0.45, pos[1] + d * 0.85),
                        (pos[0] + d * 0.95, pos[1] + d * 0.1)]
                pygame.draw.lines(surface, (20, 20, 20), False, tick, max(3, s(5)))
                pygame.draw.lines(surface, (120, 240, 120), False, tick, max(2, s(3)))
        # upgrades (4 spots)
        uy = by + d + s(4)
        for i in range(4):
            r = pygame.Rect(bx + i * (s(30) + s(3)), uy, s(30), s(16))
            name = b.upgrades[i] if i < len(b.upgrades) else ""
            pygame.draw.rect(surface, GOLD if name else (70, 70, 80), r, 1, border_radius=s(3))
            if name:
                surface.blit(art_picture("pilot_upgrade", r.height), r.topleft)
        # abilities
        ay = top + pic + s(6)
        for numeral, text, live in b.abilities:
            colour = INK if live else (110, 116, 134)
            mark = "●" if live else "○"
            _text(surface, f"{mark} {numeral}", label_size(camera.zoom, 11), (px, ay), GOLD if live else colour, True)
            img = fonts.paragraph(text, label_size(camera.zoom, 11), max(10, rect.right - px - s(40)), colour, line_gap=0)
            surface.blit(img, (px + s(34), ay))
            ay += max(img.get_height(), s(14)) + s(2)
        # trackers at the bottom of the mech column (DNA is its own token under the slots)
        self._trackers(surface, camera, rect.x + s(8), rect.bottom - s(48), s(228), False)

    def _crew(self, surface, camera, rect, top, pic: int, right_gap: int) -> None:
        """The mech's and the pilot's pictures side by side, their names beside them (stopping
        ``right_gap`` short of the board's right edge)."""
        b = self.board
        s = camera.scale
        x = rect.x + s(8)
        if b.mech:
            surface.blit(art_picture(f"mech_{b.mech}", pic), (x, top))
        if b.pilot:
            surface.blit(art_picture(f"pilot_{b.pilot}", pic), (x + pic + s(4), top))
        tx = x + 2 * pic + s(10)
        room = rect.right - tx - right_gap
        _text(surface, b.mech_name, label_size(camera.zoom, 11), (tx, top), INK, True, "topleft", room)
        _text(surface, b.pilot_name, label_size(camera.zoom, 11), (tx, top + s(15)), INK, False, "topleft", room)

    def _draw_mini(self, surface, camera, rect, top) -> None:
        """A stacked other seat when the bottom row is narrow: mech and pilot with their names, the
        summary line, credits, radiation, debt and hull; a click opens the whole board."""
        b = self.board
        s = camera.scale
        pic = s(34)
        x = rect.x + s(8)
        self._crew(surface, camera, rect, top, pic, s(70))          # the ships and the mech sit on the right
        y = top + pic + s(4)
        if b.summary:
            img = fonts.fit_text(b.summary, label_size(camera.zoom, 10), max(10, rect.right - x - s(70)), DIM)
            surface.blit(img, (x, y))
            y += img.get_height()
        ic = max(8, s(14))
        cells = [("credit", b.credits), ("radiation", b.radiation), ("debt", b.debt), ("hull", b.hull)]
        cx = x
        for name, value in cells:
            surface.blit(art_picture(name, ic), (cx, y + s(2)))
            bad = name != "credit" and value > 0
            r = _text(surface, str(value), label_size(camera.zoom, 11), (cx + ic + s(2), y + s(2) + ic // 2),
                      DANGER if bad else INK, True, "midleft")
            cx = r.right + s(8)

    def _draw_compact(self, surface, camera, rect, top) -> None:
        b = self.board
        s = camera.scale
        pic = s(40)
        x = rect.x + s(8)
        self._crew(surface, camera, rect, top, pic, s(40))
        tx = x + 2 * pic + s(10)
        d = max(6, s(14))
        for i, (icon, covered) in enumerate(b.blueprint):
            pos = (tx + i * (d + s(2)), top + s(30))
            surface.blit(art_picture(f"icon_{icon}", d), pos)
            if covered:
                pygame.draw.circle(surface, (120, 240, 120), (pos[0] + d, pos[1] + d), max(2, s(3)))
        y = top + pic + s(6)
        y += self._cubes(surface, camera, x, y, rect.width - s(16))
        if b.summary:
            img = fonts.paragraph(b.summary, label_size(camera.zoom, 10), max(10, rect.width - s(16)), DIM, line_gap=0)
            surface.blit(img, (x, y + s(2)))
        self._trackers(surface, camera, x, rect.bottom - s(70), rect.width - s(16), True)


@dataclass(frozen=True)
class DisplayFace:
    """A face-up mission, specialist or pilot upgrade in its display (translated)."""

    title: str
    text: str = ""
    cost: str = ""                  # top-right, e.g. "3 cr" / "2 Favour"
    vp: int | None = None
    dna: tuple = ()                 # mission: DNA letters needed, drawn as coloured tokens
    kind: str = "mission"           # mission | specialist | pilot_upgrade
    used: bool = False              # flipped (face down until M4)


KIND_COLOURS = {"mission": (64, 92, 150), "specialist": (70, 120, 96), "pilot_upgrade": (150, 118, 40)}


class DisplayCardView(View):
    layer = 2

    def __init__(self, cid: str, rect, face: DisplayFace):
        super().__init__(cid, rect, label=face.title)
        self.face = face

    def draw(self, surface, camera) -> None:
        camera = scaled(camera, self)
        rect = self.screen_rect(camera)
        radius = max(3, camera.scale(6))
        if self.highlight or self.hovered:
            self.draw_decorations(surface, rect, radius)
        surface.blit(display_surface(self.face, rect.size), rect.topleft)


def _cost_right(face: DisplayFace, w: int, pad: int, size_t: int) -> int:
    """The right edge of a display card's cost: left of its points badge, if any."""
    right = w - pad
    if face.vp is not None:
        right -= badge(str(face.vp), size_t, (92, 64, 150), (255, 255, 255)).get_width() + 2
    return right


def _display_words(face: DisplayFace, w: int, h: int, pad: int, size_t: int) -> tuple[int, int, int]:
    """Where a text card's name goes at ``size_t``: (its top, the right edge of its line, the bottom of the
    card's text under it)."""
    right = _cost_right(face, w, pad, size_t)
    if face.cost:
        right -= fonts.font(max(7, size_t - 1), True).size(face.cost)[0] + 4
    y = pad
    body = fonts.paragraph(face.text, max(7, size_t - 2), max(8, w - 2 * pad), (0, 0, 0), line_gap=0) \
        if face.text else None
    body_h = body.get_height() if body is not None else 0
    whole = fonts.fitting_size(face.title, max(8, right - pad), size_t, size_t - 2, True)
    if right < w - pad and fonts.font(whole, True).size(face.title)[0] > right - pad:
        # the name does not fit beside the cost and points: it takes its own line under them, whole,
        # when the card's text still fits whole below it (the text decides; the name is on hover too)
        below = pad + max(fonts.font(max(7, size_t - 1), True).get_height(), size_t) + 1
        if body is None or below + fonts.font(size_t, True).get_height() + 1 + body_h <= h - 2:
            y, right = below, w - pad
    return y, right, y + fonts.font(size_t, True).get_height() + 1 + body_h


def _dna_row(face: DisplayFace, w: int, h: int, pad: int, size_t: int) -> int:
    """The size of a mission's DNA tokens drawn in one row filling the card's height, left of its cost
    and points, when the card is wide enough for that (else 0: the tokens go under the cost line)."""
    cost = fonts.font(max(7, size_t - 1), True).size(face.cost)[0] + 6 if face.cost else 0
    room = _cost_right(face, w, pad, size_t) - cost - pad
    d = min(h - 2 * pad - 2, room // max(1, len(face.dna)) - 3)       # four tokens share the row
    return d if d >= 16 else 0


@lru_cache(maxsize=256)
def display_surface(face: DisplayFace, size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(3, h // 8)
    frame = KIND_COLOURS.get(face.kind, (90, 90, 90))
    paper = (236, 234, 226) if not face.used else (140, 140, 146)
    pygame.draw.rect(surf, paper, surf.get_rect(), border_radius=radius)
    pygame.draw.rect(surf, frame, surf.get_rect(), max(2, h // 18), border_radius=radius)
    ink = (24, 26, 34)
    pad = max(3, w // 28)
    # the card's words at the largest size (from what its height suggests, down to 9) that shows its
    # whole text: a long text is drawn smaller rather than cut at the card's edge
    size_t = max(8, min(14, int(h * 0.22)))
    while size_t > 9 and face.text and not face.dna and _display_words(face, w, h, pad, size_t)[2] > h - 2:
        size_t -= 1
    if face.dna:                         # a wide mission card: its cost and points as large as its height allows
        large = max(size_t, min(15, int(h * 0.42)))
        if _dna_row(face, w, h, pad, large):
            size_t = large
    right = w - pad
    if face.vp is not None:
        b = badge(str(face.vp), size_t, (92, 64, 150), (255, 255, 255))
        surf.blit(b, b.get_rect(topright=(right, pad - 1)))
    if face.cost:
        # never wider than the room left of the points badge (cut, it showed the tail of "2 Favour": "vour")
        room = _cost_right(face, w, pad, size_t) - pad
        img = fonts.fit_text(face.cost, max(7, size_t - 1), max(8, room), (110, 70, 20), True)
        surf.blit(img, img.get_rect(topright=(_cost_right(face, w, pad, size_t), pad)))
    y = pad
    if not face.dna:                     # a mission's DNA tokens below carry their letters: no title needed
        y, right, _bottom = _display_words(face, w, h, pad, size_t)
        title = fonts.fit_text(face.title, size_t, max(8, right - pad), ink, True)
        surf.blit(title, (pad, y))
        y += title.get_height() + 1
    else:
        y += fonts.font(size_t, True).get_height() + 1
    if face.dna and _dna_row(face, w, h, pad, size_t):
        # a wide, low card (the missions' corner when the text cards have their own column): the tokens
        # fill the card's height in a row on the left, each with its letter inside
        d = _dna_row(face, w, h, pad, size_t)
        y0 = (h - d) // 2 + max(1, h // 18) // 2
        for i, letter in enumerate(face.dna):
            colour = art.DNA_COLOURS.get(letter, (200, 200, 200))
            x = pad + i * (d + 3)
            surf.blit(art.picture("dna", d, colour), (x, y0))
            light = sum(c * k for c, k in zip(colour, (0.3, 0.59, 0.11))) > 140
            img = fonts.text(letter, max(8, d // 2), ink if light else (255, 255, 255), True)
            surf.blit(img, img.get_rect(center=(x + d // 2, y0 + d // 2)))
    elif face.dna:
        # under the cost line, as many tokens as the mission needs side by side within the card
        n = len(face.dna)
        d = max(4, min(int(h * 0.28), (w - 2 * pad - 2 * (n - 1)) // max(1, n)))
        for i, letter in enumerate(face.dna):
            surf.blit(art.picture("dna", d, art.DNA_COLOURS.get(letter, (200, 200, 200))), (pad + i * (d + 2), y))
            img = fonts.text(letter, max(7, d // 2), ink, True)
            surf.blit(img, img.get_rect(center=(pad + i * (d + 2) + d // 2, y + d + img.get_height() // 2)))
    elif face.text:
        img = fonts.paragraph(face.text, max(7, size_t - 2), max(8, w - 2 * pad), (50, 52, 60), line_gap=0)
        surf.blit(img, (pad, y), pygame.Rect(0, 0, img.get_width(), max(0, h - y - 2)))
    return surf
