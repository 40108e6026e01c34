"""The draft as a screen of its own: the four mechs on the left, the four pilots on the right, each
as a large card (art, cubes and live abilities; abilities and blueprint), and a strip with every
seat's picks so far. A click on a card (or a drag onto your seat) takes it; the engine says which."""
from __future__ import annotations

from functools import lru_cache

import pygame

from gamecore.galaxy.content import content
from ui import fonts
from ui.i18n import t
from ui.table.views import View, label_size, draw_zone

from . import art, faces
from .views import DIM, GOLD, INK, PANEL, PANEL_LINE

CARD = (230, 300)
GAP = 14


class DraftCardView(View):
    """A mech or pilot card of the draft, drawn once per size."""

    layer = 2

    def __init__(self, cid: str, rect, *, picture: str, title: str, lines: tuple, icons: tuple = (), taken: str = "",
                 live: tuple = ()):
        super().__init__(cid, rect, label=title)
        self.picture = picture
        self.lines = tuple(lines)
        self.icons = tuple(icons)
        self.taken = taken
        self.live = tuple(live)

    def draw(self, surface, camera) -> None:
        rect = self.screen_rect(camera)
        if self.highlight or self.hovered:
            self.draw_decorations(surface, rect, camera.scale(10))
        surface.blit(_card(self.picture, self.label, self.lines, self.icons, self.live, rect.size), rect.topleft)
        if self.taken:
            veil = pygame.Surface(rect.size, pygame.SRCALPHA)
            veil.fill((0, 0, 0, 150))
            surface.blit(veil, rect.topleft)
            img = fonts.fit_text(self.taken, label_size(camera.zoom, 15), rect.width - camera.scale(20), GOLD, True)
            plate = taken_plate(rect, img.get_size(), camera.scale)
            pygame.draw.rect(surface, (10, 12, 20), plate, border_radius=camera.scale(6))
            pygame.draw.rect(surface, GOLD, plate, 1, border_radius=camera.scale(6))
            surface.blit(img, img.get_rect(center=plate.center))


def title_top(size: tuple) -> int:
    """Where a draft card's name starts (below its picture), in the card's own pixels."""
    w, _h = size
    k = w / CARD[0]
    return int(w * 0.5) + int(12 * k)


def taken_plate(rect: pygame.Rect, text_size: tuple, scale) -> pygame.Rect:
    """The plate with the name of the seat that took the card: over the picture, clear of the card's
    name and text below it."""
    k = rect.width / CARD[0]
    centre = (rect.centerx, rect.y + int(8 * k) + int(rect.width * 0.5) // 2)
    plate = pygame.Rect(0, 0, text_size[0] + scale(12), text_size[1] + scale(6))
    plate.center = centre
    return plate


@lru_cache(maxsize=64)
def _card(picture: str, title: str, lines: tuple, icons: tuple, live: tuple, size: tuple) -> pygame.Surface:
    w, h = size
    k = w / CARD[0]
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, (30, 36, 58), surf.get_rect(), border_radius=int(10 * k))
    pygame.draw.rect(surf, (120, 136, 180), surf.get_rect(), max(2, int(2 * k)), border_radius=int(10 * k))
    pic = int(w * 0.5)
    surf.blit(art.picture(picture, pic), ((w - pic) // 2, int(8 * k)))
    y = title_top(size)
    img = fonts.fit_text(title, max(8, int(17 * k)), w - int(12 * k), INK, True)
    surf.blit(img, img.get_rect(midtop=(w // 2, y)))
    y += img.get_height() + int(4 * k)
    if icons:
        d = int(22 * k)
        x = (w - len(icons) * (d + 3)) // 2
        for icon in icons:
            surf.blit(art.picture(f"icon_{icon}", d), (x, y))
            x += d + 3
        y += d + int(4 * k)
    for i, line in enumerate(lines):
        colour = GOLD if i in live else INK
        para = fonts.paragraph(line, max(7, int(12 * k)), w - int(14 * k), colour, line_gap=0)
        surf.blit(para, (int(7 * k), y), pygame.Rect(0, 0, para.get_width(), max(0, h - y - 4)))
        y += para.get_height() + int(3 * k)
    return surf


class DraftStripView(View):
    """Every seat's picks so far, in draft order, with the seat to pick marked."""

    layer = 0

    def __init__(self, cid: str, rect, rows: list, title: str):
        super().__init__(cid, rect, label=title)
        self.rows = rows                # [(seat, name, mech name, pilot name, active)]

    def hit(self, world_pos) -> bool:
        return False

    def draw(self, surface, camera) -> None:
        rect = self.screen_rect(camera)
        s = camera.scale
        draw_zone(surface, rect, PANEL, PANEL_LINE, s(10))
        img = fonts.text(self.label, label_size(camera.zoom, 16), INK, True)
        surface.blit(img, (rect.x + s(10), rect.y + s(6)))
        w = (rect.width - s(20)) / max(1, len(self.rows))
        for i, (seat, name, mech, pilot, active) in enumerate(self.rows):
            x = rect.x + s(10) + int(i * w)
            y = rect.y + s(34)
            colour = self.palette.seat_colour(seat)
            pygame.draw.rect(surface, colour, pygame.Rect(x, y + s(3), s(12), s(12)), border_radius=s(3))
            img = fonts.fit_text(name, label_size(camera.zoom, 13), int(w) - s(24), GOLD if active else INK, True)
            surface.blit(img, (x + s(18), y))
            for k, text in enumerate((mech, pilot)):
                img = fonts.fit_text(text, label_size(camera.zoom, 12), int(w) - s(24), INK if text != "—" else DIM)
                surface.blit(img, (x + s(18), y + s(20) * (k + 1)))


def build_draft(table, state) -> None:
    """Fill the table's world with the draft screen."""
    data = content()
    world = table.world
    taken_by = {}
    for seat in range(state.players):
        for key in ("mech", "pilot"):
            if state.p[seat][key]:
                taken_by[(key, state.p[seat][key])] = table.seat_name(seat)
    mechs = sorted(data.mechs)
    pilots = sorted(data.pilots)
    top = 40
    for i, m in enumerate(mechs):
        mech = data.mechs[m]
        lines = (t("galaxy.ui.mech_cubes", armour=mech["armour"], ammo=mech["ammo"], energy=mech["energy"]),
                 t("galaxy.ui.live", which="・".join(faces.NUMERALS[k - 1] for k in mech["live"])))
        rect = (i % 2 * (CARD[0] + GAP), top + i // 2 * (CARD[1] + GAP), *CARD)
        world.add(DraftCardView(f"mechtile:{m}", rect, picture=f"mech_{m}", title=faces.name("mech", m), lines=lines,
                                taken=taken_by.get(("mech", m), "")))
    px = 2 * (CARD[0] + GAP) + 40
    for i, p in enumerate(pilots):
        pilot = data.pilots[p]
        lines = tuple(f"{faces.NUMERALS[k]}  {faces.pilot_ability(p, k, a)}" for k, a in enumerate(pilot["abilities"]))
        rect = (px + i % 2 * (CARD[0] + GAP), top + i // 2 * (CARD[1] + GAP), *CARD)
        world.add(DraftCardView(f"pilot:{p}", rect, picture=f"pilot_{p}", title=faces.name("pilot", p), lines=lines,
                                icons=tuple(pilot["blueprint"]), taken=taken_by.get(("pilot", p), "")))
    width = px + 2 * CARD[0] + GAP
    world.add(_Heading("draft:mechs", (0, 0, 2 * CARD[0] + GAP, 34), t("galaxy.ui.draft.mechs")))
    world.add(_Heading("draft:pilots", (px, 0, 2 * CARD[0] + GAP, 34), t("galaxy.ui.draft.pilots")))
    rows = []
    order = state.order
    for seat in order:
        p = state.p[seat]
        rows.append((seat, table.seat_name(seat), faces.name("mech", p["mech"]) if p["mech"] else "—",
                     faces.name("pilot", p["pilot"]) if p["pilot"] else "—", seat == state.current_seat()))
    y = top + 2 * (CARD[1] + GAP) + 6
    world.add(DraftStripView("draft:seats", (0, y, width, 104), rows, t("galaxy.ui.draft.seats")))
    for seat in range(state.players):         # the seats as drop targets for a picked card
        world.add(_SeatTarget(f"seat:{seat}", (10 + order.index(seat) * (width - 20) / state.players, y + 30,
                                               (width - 20) / state.players - 8, 70)))


class _Heading(View):
    layer = 0

    def hit(self, world_pos) -> bool:
        return False

    def draw(self, surface, camera) -> None:
        rect = self.screen_rect(camera)
        img = fonts.text(self.label, label_size(camera.zoom, 20), INK, True)
        surface.blit(img, (rect.x + camera.scale(4), rect.y + camera.scale(2)))

    def __init__(self, cid, rect, title):
        super().__init__(cid, rect, label=title)


class _SeatTarget(View):
    layer = 1

    def draw(self, surface, camera) -> None:
        if self.highlight:
            self.draw_decorations(surface, self.screen_rect(camera), camera.scale(8))
