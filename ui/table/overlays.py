"""Overlays the kit draws over the table viewport (the side panel stays): the card picker of a
"choose N cards" decision and a seat's board at full size.

Both are drawn by us (cached card faces, cached text) and take the input while open; the scene asks
them first (``handle_event``) and draws them last. Neither decides anything: the picker only collects
which offered cards the person wants; the scene turns them into the engine's legal actions.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ui import fonts
from ui.i18n import t

from .cardface import CARD_SIZE, CardFace, face_for_view
from .views import glow

BACKDROP = (10, 12, 16, 242)
INK = (238, 241, 244)
DIM = (169, 179, 191)
GOLD = (255, 214, 120)
PAD = 12


@dataclass
class PickRequest:
    """A decision that chooses ``count`` cards among ``cids`` (a game's ``pick_request`` returns it).

    ``kind``: the action kind that takes one chosen card (its ``source`` or ``target`` is the card);
    the scene applies one such legal action per chosen card, in the order they were picked."""

    title: str
    cids: list[str]
    count: int
    kind: str | None = None
    faces: dict[str, CardFace] = field(default_factory=dict)

    def key(self) -> tuple:
        return (self.title, tuple(self.cids), self.count, self.kind)


@dataclass
class SeatBoard:
    """What a seat's board shows at full size: a title, rows of cards (None: an empty place) and notes."""

    title: str
    rows: list[list[CardFace | None]]
    notes: list[str] = field(default_factory=list)
    colour: tuple = (120, 130, 150)


def _button(surface, rect, label: str, enabled: bool, size: int) -> None:
    fill = (58, 92, 150) if enabled else (48, 52, 60)
    pygame.draw.rect(surface, fill, rect, border_radius=8)
    pygame.draw.rect(surface, (150, 170, 200) if enabled else (80, 86, 96), rect, 1, border_radius=8)
    img = fonts.fit_text(label, size, rect.width - 16, INK if enabled else DIM, True)
    surface.blit(img, img.get_rect(center=rect.center))


class CardGrid:
    """Cards laid out in a grid at full size (shrunk only when they would not fit), with a header."""

    def __init__(self, faces: list[CardFace | None], area: pygame.Rect, scale: float, header_h: int,
                 footer_h: int, cols: int | None = None):
        self.area = pygame.Rect(area)
        n = max(1, len(faces))
        cw, ch = CARD_SIZE[0] * scale * 1.25, CARD_SIZE[1] * scale * 1.25
        room = self.area.inflate(-2 * PAD, -2 * PAD)
        room.height -= header_h + footer_h
        gap = 10
        while True:
            c = cols or max(1, int((room.width + gap) // (cw + gap)))
            r = -(-n // c)
            if (r * (ch + gap) - gap <= room.height and c * (cw + gap) - gap <= room.width) or cw < 40:
                break
            cw, ch = cw * 0.94, ch * 0.94
        self.cols, self.rows = c, r
        self.card = (int(cw), int(ch))
        total_w = c * (cw + gap) - gap
        total_h = r * (ch + gap) - gap
        x0 = room.x + (room.width - total_w) / 2
        y0 = room.y + header_h + max(0, (room.height - total_h) / 2)
        self.rects = [pygame.Rect(int(x0 + (i % c) * (cw + gap)), int(y0 + (i // c) * (ch + gap)), int(cw), int(ch))
                      for i in range(len(faces))]
        self.faces = faces

    def at(self, pos) -> int | None:
        for i, r in enumerate(self.rects):
            if r.collidepoint(pos):
                return i
        return None

    def draw_cards(self, surface, colorblind: bool, marks: dict[int, tuple] | None = None) -> None:
        for i, (face, rect) in enumerate(zip(self.faces, self.rects)):
            if face is None:
                pygame.draw.rect(surface, (60, 66, 78), rect, 2, border_radius=8)
                continue
            colour = (marks or {}).get(i)
            if colour is not None:
                surface.blit(glow(rect.size, colour, 8), (rect.x - 7, rect.y - 7))
            surface.blit(face_for_view(face, rect.size, colorblind), rect.topleft)


class Picker:
    """The "choose N cards" overlay: click cards to choose or unchoose them; "3 of 11 chosen"; Confirm
    (enabled once exactly N are chosen, or Enter) sends them all at once; Cancel or Esc closes it."""

    def __init__(self, request: PickRequest, area: pygame.Rect, scale: float = 1.0, colorblind: bool = False):
        self.request = request
        self.area = pygame.Rect(area)
        self.colorblind = colorblind
        self.size = max(12, round(16 * scale))
        self.chosen: list[str] = []
        self.grid = CardGrid([request.faces.get(c) for c in request.cids], self.area, scale,
                             header_h=2 * fonts.font(self.size).get_linesize() + 8, footer_h=self.size * 3)
        bw, bh = max(120, self.size * 9), self.size * 2 + 8
        y = self.area.bottom - PAD - bh
        self.confirm_rect = pygame.Rect(self.area.centerx + 8, y, bw, bh)
        self.cancel_rect = pygame.Rect(self.area.centerx - 8 - bw, y, bw, bh)
        self.hover: int | None = None

    @property
    def ready(self) -> bool:
        return len(self.chosen) == self.request.count

    def counter_text(self) -> str:
        return t("table.pick.count", n=len(self.chosen), total=self.request.count)

    def toggle(self, cid: str) -> None:
        if cid in self.chosen:
            self.chosen.remove(cid)
        elif len(self.chosen) < self.request.count:
            self.chosen.append(cid)

    def handle_event(self, event) -> tuple | None:
        """("confirm", [cids]) | ("cancel",) | ("used",) for events it took; None for the others."""
        et = event.type
        if et == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return ("cancel",)
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.ready:
                return ("confirm", list(self.chosen))
            return ("used",)
        if et == pygame.MOUSEMOTION:
            self.hover = self.grid.at(event.pos)
            return ("used",) if self.area.collidepoint(event.pos) else None
        if et == pygame.MOUSEBUTTONDOWN and self.area.collidepoint(event.pos):
            return ("used",)
        if et == pygame.MOUSEBUTTONUP and event.button == 1 and self.area.collidepoint(event.pos):
            if self.confirm_rect.collidepoint(event.pos):
                return ("confirm", list(self.chosen)) if self.ready else ("used",)
            if self.cancel_rect.collidepoint(event.pos):
                return ("cancel",)
            i = self.grid.at(event.pos)
            if i is not None:
                self.toggle(self.request.cids[i])
            return ("used",)
        if et in (pygame.MOUSEWHEEL, pygame.MOUSEBUTTONUP) and self.area.collidepoint(pygame.mouse.get_pos()):
            return ("used",)
        return None

    def draw(self, surface: pygame.Surface, palette) -> None:
        shade = pygame.Surface(self.area.size, pygame.SRCALPHA)
        shade.fill(BACKDROP)
        surface.blit(shade, self.area.topleft)
        x, y = self.area.x + PAD, self.area.y + PAD
        surface.blit(fonts.fit_text(self.request.title, self.size, self.area.width - 2 * PAD, INK, True), (x, y))
        y += fonts.font(self.size).get_linesize() + 2
        colour = GOLD if self.ready else DIM
        surface.blit(fonts.text(self.counter_text(), self.size, colour, True), (x, y))
        marks = {i: palette.target for i, c in enumerate(self.request.cids) if c in self.chosen}
        self.grid.draw_cards(surface, self.colorblind, marks)
        for i, c in enumerate(self.request.cids):
            if c in self.chosen:              # the order they go in, on the card
                r = self.grid.rects[i]
                num = fonts.text(str(self.chosen.index(c) + 1), self.size, (20, 20, 20), True)
                badge = pygame.Rect(0, 0, num.get_width() + 12, num.get_height() + 2)
                badge.midbottom = (r.centerx, r.bottom - 4)
                pygame.draw.rect(surface, palette.target, badge, border_radius=badge.height // 2)
                surface.blit(num, num.get_rect(center=badge.center))
        if self.hover is not None and self.request.cids[self.hover] not in self.chosen:
            pygame.draw.rect(surface, palette.hover, self.grid.rects[self.hover].inflate(4, 4), 2, border_radius=9)
        _button(surface, self.cancel_rect, t("table.cancel"), True, self.size)
        _button(surface, self.confirm_rect, t("table.pick.confirm", n=self.request.count), self.ready, self.size)


class BoardOverlay:
    """One seat's board at full size over the table; Esc or any click returns."""

    def __init__(self, board: SeatBoard, area: pygame.Rect, scale: float = 1.0, colorblind: bool = False):
        self.board = board
        self._pressed = False
        self.area = pygame.Rect(area)
        self.colorblind = colorblind
        self.size = max(12, round(16 * scale))
        cols = max([len(r) for r in board.rows] + [1])
        faces: list[CardFace | None] = []
        for row in board.rows:
            faces.extend(list(row) + [None] * (cols - len(row)))
        notes_h = len(board.notes) * fonts.font(self.size).get_linesize()
        self.grid = CardGrid(faces, self.area, scale, header_h=fonts.font(self.size).get_linesize() + 8 + notes_h,
                             footer_h=self.size * 2, cols=cols)

    def handle_event(self, event) -> tuple | None:
        et = event.type
        if et == pygame.KEYDOWN:
            return ("close",) if event.key in (pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_RETURN) else ("used",)
        if et == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            # the release of the click that opened the board does not close it
            return ("close",) if self._pressed else ("used",)
        if et == pygame.MOUSEBUTTONDOWN:
            self._pressed = True
            return ("used",)
        if et == pygame.MOUSEWHEEL:
            return ("used",)
        if et == pygame.MOUSEMOTION:
            return ("used",) if self.area.collidepoint(event.pos) else None
        return None

    def draw(self, surface: pygame.Surface, palette) -> None:
        shade = pygame.Surface(self.area.size, pygame.SRCALPHA)
        shade.fill(BACKDROP)
        surface.blit(shade, self.area.topleft)
        pygame.draw.rect(surface, self.board.colour, self.area.inflate(-4, -4), 3, border_radius=10)
        x, y = self.area.x + PAD, self.area.y + PAD
        surface.blit(fonts.fit_text(self.board.title, self.size, self.area.width - 2 * PAD, INK, True), (x, y))
        y += fonts.font(self.size).get_linesize() + 4
        for note in self.board.notes:
            surface.blit(fonts.fit_text(note, self.size - 2, self.area.width - 2 * PAD, DIM), (x, y))
            y += fonts.font(self.size).get_linesize()
        self.grid.draw_cards(surface, self.colorblind)
        hint = fonts.text(t("table.board.back"), self.size - 2, DIM)
        surface.blit(hint, hint.get_rect(midbottom=(self.area.centerx, self.area.bottom - PAD)))
