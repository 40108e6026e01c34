"""Where everything sits on the Galaxy Hunters table, in world units (pure geometry, no pygame drawing).

Every block is designed once, in *design units*, as below (about 1350×940 in all). ``Geometry`` then
sizes the table from the kit's ``world.viewport_size`` (the viewport already divided by the UI scale):
the active seat's board keeps at least its designed size (its tile names and costs stay readable at
1280×800), the star map and the market column share what is left at one common scale, and the other
seats fill the rest of the bottom row (side by side, or stacked as mini boards when narrow). Each
block is a ``Region``: its design rects mapped into the world at a factor ``k``; a view placed in a
region draws its text and pieces ``k`` times their designed size (``views.scaled``).

    +------------------------------------------------+---------------------------+
    | star map 960×590: Uran in the middle, planets  | reputation track (3×7)    |
    | 1–7 on a ring around it in invasion order,     | upgrade market by section |
    | Forge, Halo and Nexus in three corners         | missions, specialists,    |
    +------------------------------------------------+ pilot upgrades            |
    | round track (9 rounds and their events)        |                           |
    +------------------------------------------------+---------------------------+
    | your seat (mech board, pilot, trackers, ships) | the other seats, compact  |
    +------------------------------------------------------------------------------+

Every function returns plain rects; tests check that nothing overlaps and that text has room.
"""
from __future__ import annotations

import math

import pygame

MAP = pygame.Rect(0, 0, 960, 590)
CELL = (150, 150)
ART_D = 62                      # planet art diameter (room under it for a two-line effect at 1280x800)
DOCK = 30                       # a dock square
DOCK_GAP = 4
URAN_CELL = (236, 214)
URAN_ART = 96
SPOT = 50                       # a mutant tile on Uran or on a planet
ROUND_TRACK = pygame.Rect(0, 598, 960, 54)
SIDE_X = 972
SIDE_W = 378
REP = pygame.Rect(SIDE_X, 0, SIDE_W, 132)
REP_SPACE = (52, 34)
MARKET = pygame.Rect(SIDE_X, 140, SIDE_W, 512)
TILE = (90, 62)                 # an upgrade tile in the market
TILE_GAP = 6
SEATS = pygame.Rect(0, 664, 1350, 276)
# the displays sit beside the planet where they are bought: specialists by Nexus, pilot upgrades by
# Phyta, missions in the free corner
DISPLAYS = {"specialists": pygame.Rect(152, 420, 110, 170), "pilot_upgrades": pygame.Rect(698, 420, 104, 170),
            "missions": pygame.Rect(806, 420, 154, 170)}
DISPLAY_TITLE = 20
# when the window is wide enough the specialists and pilot upgrades leave the map for a column of their own
# beside the market, where their cards are large enough to read whole (in the map at 1600x900 a card was
# 78x48 px and half their texts were cut); the missions (no text: DNA tokens, cost, points) stay in their corner
COLUMN_W = 170                  # the column, designed width
COLUMN_TEXT_H = (64, 140)       # a card there, smallest and largest designed height
COLUMN_MIN_SHARE = 0.9          # the column is used when the map and market keep this share of their scale
COLUMN_SECTIONS = ("specialists", "pilot_upgrades")
MISSIONS_WIDE = pygame.Rect(698, 420, 262, 170)   # the missions' corner widened into the pilot upgrades' one
ME_W = 700
RING_CENTRE = (480, 292)
RING_RADII = (320, 215)
CORNERS = {"forge": (0, 0), "halo": (MAP.width - CELL[0], 0), "nexus": (0, MAP.height - CELL[1])}


def ring_centre(index: int, count: int = 7) -> tuple[float, float]:
    """Centre of the ``index``-th numbered planet (0 = planet 1, at the top; clockwise)."""
    angle = math.radians(-90 + index * 360 / count)
    return (RING_CENTRE[0] + RING_RADII[0] * math.cos(angle), RING_CENTRE[1] + RING_RADII[1] * math.sin(angle))


def planet_cell(number: int | None, key: str, ring_count: int = 7) -> pygame.FRect:
    """The cell of a planet: numbered ones on the ring, the others in their corner, Uran in the middle."""
    if key == "uran":
        r = pygame.FRect(0, 0, *URAN_CELL)
        r.center = RING_CENTRE
        return r
    if number is not None:
        r = pygame.FRect(0, 0, *CELL)
        r.center = ring_centre(number - 1, ring_count)
        return r
    corner = CORNERS.get(key)
    if corner is None:                       # an unexpected extra planet: the free bottom-right corner
        corner = (MAP.width - CELL[0], MAP.height - CELL[1])
    return pygame.FRect(*corner, *CELL)


def planet_parts(cell: pygame.FRect) -> dict[str, pygame.FRect]:
    """Name plate, art circle box, invader tile, effect text and the docks row of a planet's cell."""
    art = pygame.FRect(0, 0, ART_D, ART_D)
    art.midtop = (cell.centerx, cell.y + 18)
    invader = pygame.FRect(art.right - SPOT // 2 + 6, art.y - 2, SPOT * 0.8, SPOT * 0.8)
    return {
        "name": pygame.FRect(cell.x, cell.y, cell.width, 17),
        "art": art,
        "invader": invader,
        "effect": pygame.FRect(cell.x + 2, art.bottom + 1, cell.width - 4, 30),
        "docks": pygame.FRect(cell.x, cell.bottom - DOCK - 1, cell.width, DOCK),
    }


def dock_rects(row: pygame.FRect, count: int) -> list[pygame.FRect]:
    """``count`` dock squares centred in the docks row (wider docks when invaded need room for 2 ships)."""
    total = count * DOCK + (count - 1) * DOCK_GAP
    x0 = row.centerx - total / 2
    return [pygame.FRect(x0 + i * (DOCK + DOCK_GAP), row.y, DOCK, DOCK) for i in range(count)]


def uran_parts(cell: pygame.FRect) -> dict[str, object]:
    """Uran: its art in the middle, the four mutant spots at its corners, the pile to the right."""
    art = pygame.FRect(0, 0, URAN_ART, URAN_ART)
    art.center = (cell.centerx - 28, cell.centery + 6)
    spots = []
    for dx, dy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
        s = pygame.FRect(0, 0, SPOT, SPOT)
        s.center = (art.centerx + dx * (URAN_ART / 2 + 6), art.centery + dy * (URAN_ART / 2 - 14))
        spots.append(s)
    pile = pygame.FRect(0, 0, SPOT, SPOT)
    pile.center = (cell.right - SPOT / 2 - 4, cell.centery + 14)
    return {"name": pygame.FRect(cell.x, cell.y, cell.width, 17), "art": art, "spots": spots, "pile": pile}


def round_boxes(rounds: int = 9) -> list[pygame.FRect]:
    w = (ROUND_TRACK.width - 8 - (rounds - 1) * 4) / rounds
    return [pygame.FRect(ROUND_TRACK.x + 4 + i * (w + 4), ROUND_TRACK.y + 4, w, ROUND_TRACK.height - 8)
            for i in range(rounds)]


def rep_spaces(count: int = 21, per_row: int = 7) -> list[pygame.FRect]:
    """The reputation track read left to right, top to bottom."""
    gap = (REP.width - per_row * REP_SPACE[0]) / (per_row - 1)
    return [pygame.FRect(REP.x + (i % per_row) * (REP_SPACE[0] + gap), REP.y + 20 + (i // per_row) * (REP_SPACE[1] + 4),
                         *REP_SPACE) for i in range(count)]


def market_grid(top: float, count: int, cols: int = 4) -> list[pygame.FRect]:
    """``count`` upgrade tiles in rows of ``cols`` from ``top`` in the market column."""
    x0 = MARKET.x + (MARKET.width - cols * TILE[0] - (cols - 1) * TILE_GAP) / 2
    return [pygame.FRect(x0 + (i % cols) * (TILE[0] + TILE_GAP), top + (i // cols) * (TILE[1] + TILE_GAP), *TILE)
            for i in range(count)]


def display_cards(area, count: int, tallest: float = 64) -> list[pygame.FRect]:
    """``count`` cards stacked in a display's ``area`` (missions 3, specialists 2, pilot upgrades 2), each at
    most ``tallest`` high."""
    area = pygame.FRect(area)
    room = area.height - DISPLAY_TITLE - 4
    h = min(tallest, (room - (count - 1) * 4) / max(1, count))
    return [pygame.FRect(area.x + 3, area.y + DISPLAY_TITLE + i * (h + 4), area.width - 6, h) for i in range(count)]


def display_column(counts: dict, height: float = 0) -> dict[str, tuple[pygame.FRect, list[pygame.FRect]]]:
    """The specialists and pilot upgrades in their own column (design units, from (0, 0), ``COLUMN_W`` wide
    and ``height`` high), their cards sharing the height. Returns section -> (area, card rects)."""
    height = height or MAP_BLOCK.height
    gap = 8
    cards = sum(counts.get(k, 0) for k in COLUMN_SECTIONS)
    fixed = len(COLUMN_SECTIONS) * (DISPLAY_TITLE + 4) + (len(COLUMN_SECTIONS) - 1) * gap + cards * 4
    h = max(COLUMN_TEXT_H[0], min(COLUMN_TEXT_H[1], (height - fixed) / max(1, cards)))
    out = {}
    y = 0.0
    for section in COLUMN_SECTIONS:
        n = counts.get(section, 0)
        area = pygame.FRect(0, y, COLUMN_W, DISPLAY_TITLE + 4 + n * (h + 4))
        out[section] = (area, display_cards(area, n, h))
        y = area.bottom + gap
    return out


def market_sections(counts: dict) -> dict[str, tuple[pygame.FRect, list[pygame.FRect]]]:
    """Weapons, systems and prestige stacked in the market column: section rect and its tiles' rects."""
    out = {}
    y = MARKET.y
    for section in ("weapon", "system", "prestige"):
        n = counts.get(section, 0)
        rows = max(1, (n + 3) // 4)
        tiles = market_grid(y + DISPLAY_TITLE, n)
        height = DISPLAY_TITLE + rows * (TILE[1] + TILE_GAP) + 2
        out[section] = (pygame.FRect(MARKET.x, y, MARKET.width, height), tiles)
        y += height + 6
    return out


def seat_rects(players: int) -> list[pygame.FRect]:
    """[the large board of the seat shown, then one compact board per other seat]."""
    big = pygame.FRect(SEATS.x, SEATS.y, ME_W, SEATS.height)
    others = players - 1
    if others <= 0:
        return [big]
    w = (SEATS.width - ME_W - 8 - (others - 1) * 6) / others
    return [big] + [pygame.FRect(SEATS.x + ME_W + 8 + i * (w + 6), SEATS.y, w, SEATS.height) for i in range(others)]


def world_rect() -> pygame.Rect:
    """The designed table (every block at k = 1)."""
    return pygame.Rect(0, 0, SIDE_X + SIDE_W, SEATS.bottom)


COMBAT_SIZE = (340, 140)        # the fight panel, designed size
COMBAT_MIN_K = 0.9              # its scale: the map's, but never so small that its text crowds


def panel_spot(size, area, keep: list, busy: list, near=None, avoid: list = ()) -> pygame.FRect:
    """A world rect of ``size`` inside the world rect ``area`` that overlaps none of the rects in
    ``keep`` when any place allows it, then as little as possible of those in ``avoid`` (e.g. the
    planets' pictures), then of those in ``busy``; among equals, the one nearest ``near`` (a world
    point), else the lowest. (About 1,000 candidates.)"""
    w, h = size
    area = pygame.FRect(area)
    step = max(8.0, area.width / 36)
    keep, avoid, busy = ([pygame.FRect(r) for r in rects] for rects in (keep, avoid, busy))
    best = None
    y = area.bottom - h
    while y >= area.y - 0.01:
        x = area.x
        while x <= area.right - w + 0.01:
            r = pygame.FRect(x, y, w, h)
            # only the rects this place touches are measured (collidelistall), and a place already worse
            # than the best on a leading part of the score is left there: the same choice, in a fraction
            # of the time (it ran in the frame of the move that opens a fight: 3-4 ms of it)
            hide = round(_covered(r, keep))
            if best is not None and hide > best[0][0]:
                x += step
                continue
            hidden = round(_covered(r, avoid) / 100)
            if best is not None and (hide, hidden) > best[0][:2]:
                x += step
                continue
            cover = round(_covered(r, busy) / 400)
            dist = pygame.Vector2(r.center).distance_to(near) if near is not None else -y
            score = (hide, hidden, cover, dist)
            if best is None or score < best[0]:
                best = (score, r)
            x += step
        y -= step
    return best[1]


def _covered(r: pygame.FRect, rects: list) -> float:
    """The areas of ``rects`` that ``r`` covers, summed (in their order, as the sum over all of them)."""
    return sum(_overlap(r, rects[i]) for i in r.collidelistall(rects))


def _overlap(a: pygame.FRect, b: pygame.FRect) -> float:
    c = a.clip(b)
    return c.width * c.height


# ------------------------------------------------------------------ the table sized from the viewport

MAP_BLOCK = pygame.Rect(0, 0, MAP.width, ROUND_TRACK.bottom)             # star map and round track
SIDE_BLOCK = pygame.Rect(SIDE_X, 0, SIDE_W, MARKET.bottom)                # reputation track and market
GAP = 8
COMPACT_W = 210                 # an other seat's compact board, designed width (any wider is fine)
COMPACT_MIN_H = 218             # below this designed height a compact board is a mini board
MINI_H = 104                    # a mini board: name, mech and pilot, one summary line
TOP_K = (0.45, 1.2)             # the map and market scale within these bounds
MIN_SIZE = (860, 640)           # below this the camera scales the whole table down instead
FIT_MARGIN = 72                 # the camera's fit margin (40) and viewport inset (2×16), in world units


class Region:
    """A designed block placed in the world: design point ``(dx, dy)`` lands on world ``(x, y)``, and
    lengths are multiplied by ``k``."""

    __slots__ = ("x", "y", "dx", "dy", "k")

    def __init__(self, x: float, y: float, k: float = 1.0, dx: float = 0.0, dy: float = 0.0):
        self.x, self.y, self.k, self.dx, self.dy = x, y, k, dx, dy

    def p(self, point) -> tuple[float, float]:
        return (self.x + (point[0] - self.dx) * self.k, self.y + (point[1] - self.dy) * self.k)

    def r(self, rect) -> pygame.FRect:
        rect = pygame.FRect(rect)
        x, y = self.p(rect.topleft)
        return pygame.FRect(x, y, rect.width * self.k, rect.height * self.k)

    def n(self, length: float) -> float:
        return length * self.k

    def __repr__(self) -> str:
        return f"Region(x={self.x:.0f}, y={self.y:.0f}, k={self.k:.3f})"


class Geometry:
    """The whole table for a viewport of ``viewport_size`` world units and ``players`` seats.

    ``map`` and ``side`` are the regions of the star map block and the market column (design
    coordinates as the constants above); ``seats`` is [(design rect, region)] for the seat shown large,
    then the others (each design rect starts at (0, 0)); ``mini`` says the others are mini boards;
    ``size`` is the table's (W, H)."""

    def __init__(self, viewport_size=(1260, 900), players: int = 2):
        vw, vh = viewport_size
        W = max(MIN_SIZE[0], int(vw) - FIT_MARGIN)
        H = max(MIN_SIZE[1], int(vh) - FIT_MARGIN)
        self.size = (W, H)
        # the bottom row: the large board never below its designed size, a little larger when tall
        kb = min(1.2, max(1.0, H / 760))
        hb = SEATS.height * kb
        # the top row: map and market side by side, one scale, centred
        top_h = H - hb - GAP
        blocks = MAP_BLOCK.width + SIDE_BLOCK.width

        def fit(width: float, gaps: int) -> float:
            return max(TOP_K[0], min(TOP_K[1], top_h / MAP_BLOCK.height, (W - gaps * GAP) / width))

        kt = fit(blocks, 1)
        # the displays' own column when it costs the map and market little of their scale (wide windows)
        k_col = fit(blocks + COLUMN_W, 2)
        self.column = k_col >= COLUMN_MIN_SHARE * kt
        if self.column:
            kt = k_col
        row_w = (blocks + (COLUMN_W if self.column else 0)) * kt + GAP * (2 if self.column else 1)
        x0 = max(0.0, (W - row_w) / 2)
        self.top_k = kt
        self.map = Region(x0, 0, kt)
        self.side = Region(x0 + MAP_BLOCK.width * kt + GAP, 0, kt, dx=SIDE_X)
        # the column of specialists and pilot upgrades (design from (0, 0)), when there is one
        self.displays = Region(x0 + blocks * kt + 2 * GAP, 0, kt) if self.column else self.map
        y = max(top_h, MAP_BLOCK.height * kt) + GAP
        self.size = (W, max(H, y + hb))
        big = pygame.FRect(0, 0, ME_W, SEATS.height)
        self.seats = [(big, Region(0, y, kb))]
        self.mini = False
        others = players - 1
        if others > 0:
            ox = ME_W * kb + GAP
            ow = max(60.0, W - ox)
            self.seats += self._others(others, ox, y, ow, hb)

    def _others(self, n: int, x: float, y: float, w: float, h: float) -> list:
        """The other seats in the area (x, y, w, h): side by side when each keeps a readable scale,
        else stacked as mini boards (whichever shows them larger)."""
        col_w = (w - (n - 1) * 6) / n
        k_cols = min(1.0, col_w / COMPACT_W, h / SEATS.height)
        row_h = (h - (n - 1) * 6) / n
        k_rows = min(1.0, w / COMPACT_W, row_h / MINI_H) if n > 1 else 0.0
        if k_cols >= 0.62 or k_cols >= k_rows:
            design = pygame.FRect(0, 0, col_w / k_cols, h / k_cols)
            return [(design, Region(x + i * (col_w + 6), y, k_cols)) for i in range(n)]
        self.mini = True
        design = pygame.FRect(0, 0, w / k_rows, row_h / k_rows)
        return [(design, Region(x, y + i * (row_h + 6), k_rows)) for i in range(n)]

    def display_layout(self, counts: dict) -> dict[str, tuple["Region", pygame.FRect, list[pygame.FRect]]]:
        """section -> (its region, its area and its card rects in that region's design units), for
        ``counts`` cards per display: in the map's corners, or the text cards in their own column."""
        column = display_column(counts) if self.column else {}
        out = {}
        for k in DISPLAYS:
            if k in column:
                out[k] = (self.displays, *column[k])
            else:
                area = self.map_displays()[k]
                out[k] = (self.map, pygame.FRect(area), display_cards(area, counts.get(k, 0)))
        return out

    def map_displays(self) -> dict[str, pygame.Rect]:
        """The displays' areas that lie on the map (design units of ``self.map``): with the column, the
        missions alone, in their corner widened into the one the pilot upgrades left."""
        if self.column:
            return {"missions": MISSIONS_WIDE}
        return dict(DISPLAYS)

    def rects(self) -> dict[str, pygame.FRect]:
        """Every block's world rect (tests check that none overlaps another)."""
        out = {"map": self.map.r(MAP_BLOCK), "side": self.side.r(SIDE_BLOCK)}
        if self.column:
            out["displays"] = self.displays.r((0, 0, COLUMN_W, MAP_BLOCK.height))
        for i, (design, region) in enumerate(self.seats):
            out[f"seat{i}"] = region.r(design)
        return out
