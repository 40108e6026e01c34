"""The remix screen of Misfit Heroes: the changing deck between games.

Four attribute cards are dealt to each seat (``deck.remix_deal``). A human seat swaps the character
overlays among its four by dragging an overlay onto another of its cards, or by clicking two cards;
each card's cost, faction and points are recomputed at once (``make_hero``). Bots remix their own
four with ``deck.bot_remix``. Save writes the new pairing atomically into the user data dir (the next
game uses it); "Reset to a fresh random deck" (after a confirmation) replaces the whole pairing.

Open it with ``app.scenes.push(RemixScene, players=4)`` or ``push(RemixScene, session=finished)``.
"""
from __future__ import annotations

import random

import pygame
import pygame_gui

from gamecore.engine import Rng
from gamecore.misfits import deck
from gamecore.misfits.content import content
from gamecore.session import Seat
from ui import audio, fonts
from ui.i18n import t
from ui.scenes.base import Scene
from ui.scenes.common import backdrop, draw_header, rounded_panel
from ui.table.cardface import CardFace, render_face
from ui.table.palette import palette
from ui.table.views import glow
from ui.theme import GOLD, MUTED, TEXT

from .faces import face_for, mini_face

BIG = (150, 210)
ASPECT = BIG[1] / BIG[0]
PREVIEW = (210, 294)
MINI_BELOW = 128     # narrower cards are drawn as a compact face: title, cost, faction, points
DRAG_THRESHOLD = 5


class RemixScene(Scene):
    def enter(self, session=None, players: int | None = None, seats: list | None = None, seed: int | None = None,
              **args) -> None:
        if session is not None:
            seats = list(session.seats)
        if not seats:
            n = players if players in (2, 3, 4) else 4
            seats = [Seat()] + [Seat("bot", "normal") for _ in range(n - 1)]
        self.seats: list[Seat] = list(seats)
        self.rng = Rng(seed if seed is not None else random.randrange(1, 2**31))
        from ui.games.misfits import report_deck_problem

        self.pairing = deck.current_pairing(self.rng, on_problem=report_deck_problem)
        self.status = t("misfits.remix.unsaved")
        self.confirm = None
        self._deal()
        super().enter(**args)

    # ------------------------------------------------------------------ the remix itself
    def _deal(self) -> None:
        table = {a: c for a, c in self.pairing}
        hands = deck.remix_deal(self.pairing, self.rng, len(self.seats))
        self.dealt = [[(a, table[a]) for a in hand] for hand in hands]
        self.rows = [list(row) for row in self.dealt]
        self.swaps: list[list[tuple[str, str]]] = [[] for _ in self.seats]
        self.saved_swaps = [0 for _ in self.seats]      # swaps already written by Save (still counted)
        for seat, s in enumerate(self.seats):
            if s.is_bot:
                for a, b in deck.bot_remix(self.pairing, hands[seat], self.rng):
                    self._swap_attrs(seat, a, b)
        self.selected: tuple[int, int] | None = None
        self._press = None
        self.dragging = False
        self.hover: tuple[int, int] | None = None
        self.mouse = (0, 0)

    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_bot]

    def _swap_attrs(self, seat: int, a: str, b: str) -> None:
        row = self.rows[seat]
        i = next(k for k, (x, _) in enumerate(row) if x == a)
        j = next(k for k, (x, _) in enumerate(row) if x == b)
        self.swap(seat, i, j)

    def swap(self, seat: int, i: int, j: int) -> None:
        """Exchange the character overlays of cards ``i`` and ``j`` of ``seat``'s four."""
        if i == j:
            return
        row = self.rows[seat]
        (ai, ci), (aj, cj) = row[i], row[j]
        row[i], row[j] = (ai, cj), (aj, ci)
        self.swaps[seat].append((ai, aj))
        self.status = t("misfits.remix.unsaved")

    def new_pairing(self) -> list[list[str]]:
        """The deck with every seat's swaps applied (what Save writes)."""
        all_swaps = [s for seat_swaps in self.swaps for s in seat_swaps]
        return deck.apply_swaps(self.pairing, all_swaps)

    def _write(self, pairing) -> bool:
        """Save ``pairing`` as the player's deck; on failure say why in the status line."""
        try:
            deck.save_pairing(deck.deck_path(), pairing)
        except (OSError, ValueError) as exc:
            self.status = t("misfits.remix.save_failed", reason=str(exc))
            return False
        return True

    def swap_count(self, seat: int) -> int:
        """Swaps a seat made in this deal, the saved ones included (Save applies them, they still count)."""
        return self.saved_swaps[seat] + len(self.swaps[seat])

    def save(self) -> bool:
        new = self.new_pairing()
        if not self._write(new):
            return False
        self.pairing = new
        self.dealt = [list(row) for row in self.rows]
        self.saved_swaps = [n + len(sw) for n, sw in zip(self.saved_swaps, self.swaps)]
        self.swaps = [[] for _ in self.seats]
        self.status = t("misfits.remix.saved")
        return True

    def reset(self) -> bool:
        """A fresh random pairing for the whole deck, saved at once; then a new deal."""
        fresh = deck.random_pairing(Rng(random.randrange(1, 2**31)))
        if not self._write(fresh):
            return False
        self.pairing = fresh
        self._deal()
        self.status = t("misfits.remix.reset_done")
        return True

    def undo(self) -> None:
        for seat in self.human_seats():
            self.rows[seat] = list(self.dealt[seat])
            self.swaps[seat] = []
        self.selected = None

    # ------------------------------------------------------------------ geometry
    def card_rects(self) -> dict[tuple[int, int], pygame.Rect]:
        """(seat, index) -> screen rect, sized from the window and the UI scale. Human seats get one
        row of four large cards each; the bots' groups of four share the rest, laid out in as many rows
        as gives them the largest cards (never larger than the person's)."""
        w, h = self.app.size
        scale = float(self.app.settings.ui_scale((w, h)))
        area_w = max(320, w - 48 - self._preview_size()[0] - 24 - 24 - 48)
        bottom = h - 84 - 16
        out = {}
        humans = self.human_seats()
        bots = [s for s in range(len(self.seats)) if s not in humans]
        cw = max(90, min(round(BIG[0] * scale), (area_w - 3 * 16) // 4))
        room_for_bots = bottom - self._top() - 30 - (len(bots) > 0) * 120
        cw = max(90, min(cw, int((room_for_bots / max(1, len(humans)) - 34) / ASPECT)))
        ch = round(cw * ASPECT)
        y = self._top()
        for seat in humans:
            for i in range(4):
                out[(seat, i)] = pygame.Rect(48 + i * (cw + 16), y, cw, ch)
            y += ch + 34
        self._bots_y = y + 8
        if bots:
            # beside the preview panel, or below it with the whole width: whichever gives larger cards
            pw, ph = self._preview_size()
            below = max(self._bots_y, 96 + ph + 88 + 8)
            best = None
            for start, width in ((self._bots_y, area_w), (below, w - 96)):
                avail = bottom - (start + 30)
                for per_row in range(1, len(bots) + 1):
                    rows = -(-len(bots) // per_row)
                    by_w = (width - (per_row - 1) * 24 - per_row * 30) / (per_row * 4)
                    by_h = (avail / rows - 26) / ASPECT
                    size = int(min(by_w, by_h, cw))
                    if best is None or size > best[0]:
                        best = (size, per_row, start)
            bw, per_row, self._bots_y = max(40, best[0]), best[1], best[2]
            bh = round(bw * ASPECT)
            for k, seat in enumerate(bots):
                row, col = divmod(k, per_row)
                x0 = 48 + col * (4 * (bw + 10) + 24)
                y0 = self._bots_y + 30 + row * (bh + 26) + 22
                for i in range(4):
                    out[(seat, i)] = pygame.Rect(x0 + i * (bw + 10), y0, bw, bh)
        return out

    def _preview_size(self) -> tuple[int, int]:
        w, h = self.app.size
        k = min(1.4, max(0.8, float(self.app.settings.ui_scale((w, h)))))
        pw = round(PREVIEW[0] * k)
        pw = min(pw, max(160, (h - 96 - 110) * PREVIEW[0] // PREVIEW[1]))
        return pw, round(pw * ASPECT)

    def _help_width(self) -> int:
        return max(240, min(760, self.app.size[0] - 48 - self._preview_size()[0] - 80))

    def _top(self) -> int:
        """Below the header and the help paragraph (which may take two or three lines)."""
        help_h = fonts.paragraph(t("misfits.remix.help"), 15, self._help_width(), MUTED).get_height()
        return 112 + help_h + 40

    def card_at(self, pos) -> tuple[int, int] | None:
        for key, rect in self.card_rects().items():
            if rect.collidepoint(pos):
                return key
        return None

    # ------------------------------------------------------------------ widgets
    def build_ui(self) -> None:
        m = self.app.manager
        w, h = self.app.size
        by = h - 84
        self.back_button = self.add(pygame_gui.elements.UIButton(pygame.Rect(48, by, 150, 52), t("common.back"), m))
        self.undo_button = self.add(pygame_gui.elements.UIButton(pygame.Rect(48 + 166, by, 230, 52),
                                                                 t("misfits.remix.undo"), m))
        self.reset_button = self.add(pygame_gui.elements.UIButton(pygame.Rect(48 + 166 + 246, by, 320, 52),
                                                                  t("misfits.remix.reset"), m))
        self.save_button = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(w - 48 - 240, by, 240, 52), t("misfits.remix.save"), m,
            object_id=pygame_gui.core.ObjectID(object_id="#primary")))

    def clear_ui(self) -> None:
        if self.confirm is not None:
            self.confirm.kill()
            self.confirm = None
        super().clear_ui()

    def open_reset(self) -> None:
        if self.confirm is not None:
            self.confirm.kill()
        rect = pygame.Rect(0, 0, 440, 230)
        rect.center = (self.app.size[0] // 2, self.app.size[1] // 2)
        self.confirm = pygame_gui.windows.UIConfirmationDialog(
            rect, t("misfits.remix.reset_text"), self.app.manager, window_title=t("misfits.remix.reset_title"),
            action_short_name=t("misfits.remix.reset_ok"))

    # ------------------------------------------------------------------ input
    def handle_event(self, event) -> None:
        et = event.type
        if et == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is self.confirm:
            self.confirm = None
            self.reset()
            return
        if et == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.confirm:
            self.confirm = None
            return
        if et == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back_button:
                self.app.scenes.pop()
            elif event.ui_element is self.save_button:
                self.save()
            elif event.ui_element is self.reset_button:
                self.open_reset()
            elif event.ui_element is self.undo_button:
                self.undo()
            return
        if self.confirm is not None:
            return
        if et == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.selected is not None or self._press is not None:
                self.selected, self._press, self.dragging = None, None, False
            else:
                self.app.scenes.pop()
        elif et == pygame.MOUSEBUTTONDOWN and event.button == 1:
            key = self.card_at(event.pos)
            if key is not None and key[0] in self.human_seats():
                self._press = (key, tuple(event.pos))
                self.dragging = False
            elif key is None:
                self.selected = None
        elif et == pygame.MOUSEMOTION:
            self.mouse = tuple(event.pos)
            self.hover = self.card_at(event.pos) or self.hover
            if self._press is not None and not self.dragging:
                sx, sy = self._press[1]
                if abs(event.pos[0] - sx) + abs(event.pos[1] - sy) >= DRAG_THRESHOLD:
                    self.dragging = True
                    self.selected = None
                    audio.play("pickup")
        elif et == pygame.MOUSEBUTTONUP and event.button == 1 and self._press is not None:
            (seat, i), _ = self._press
            self._press = None
            key = self.card_at(event.pos)
            if self.dragging:
                self.dragging = False
                if key is not None and key[0] == seat and key[1] != i:
                    self.swap(seat, i, key[1])
                    self.hover = key
                    audio.play("drop")
                return
            if self.selected is None or self.selected[0] != seat:
                self.selected = (seat, i)
            elif self.selected == (seat, i):
                self.selected = None
            else:
                self.swap(seat, self.selected[1], i)
                self.selected = None
                audio.play("drop")

    # ------------------------------------------------------------------ drawing
    def _face(self, attr: str, char: str) -> CardFace:
        return face_for(attr, char, bool(self.app.settings.get("colorblind")))

    def draw(self, surface) -> None:
        w, h = self.app.size
        surface.blit(backdrop(self.app.size), (0, 0))
        mine = sum(len(self.swaps[s]) for s in self.human_seats())
        draw_header(surface, t("misfits.remix.title"), t("misfits.remix.swaps", n=mine) + " · " + self.status)
        surface.blit(fonts.paragraph(t("misfits.remix.help"), 15, self._help_width(), MUTED), (48, 112))
        cb = bool(self.app.settings.get("colorblind"))
        pal = palette(cb)
        rects = self.card_rects()
        humans = self.human_seats()
        for n, seat in enumerate(humans):
            r0 = rects[(seat, 0)]
            label = t("misfits.remix.yours") if len(humans) == 1 else t("table.seat", n=seat + 1)
            surface.blit(fonts.text(label, 17, GOLD, True), (r0.x, r0.y - 26))
        if len(humans) < len(self.seats):
            surface.blit(fonts.text(t("misfits.remix.bots"), 16, TEXT, True), (48, self._bots_y))
        for seat, s in enumerate(self.seats):
            if not s.is_bot:
                continue
            r0 = rects[(seat, 0)]
            name = t("misfits.ui.seat_bot", n=seat + 1, level=t(f"bot.{s.level}"))
            surface.blit(fonts.text(t("misfits.remix.seat", name=name, n=self.swap_count(seat)), 14, MUTED),
                         (r0.x, r0.y - 22))
        dragged = self._press[0] if (self._press is not None and self.dragging) else None
        for (seat, i), rect in rects.items():
            attr, char = self.rows[seat][i]
            face = self._face(attr, char)
            mark = None
            if (seat, i) == self.selected:
                mark = pal.hint
            elif dragged is not None and seat == dragged[0] and i != dragged[1]:
                mark = pal.target
            elif self.selected is not None and seat == self.selected[0]:
                mark = pal.source
            elif self.rows[seat][i] != self.dealt[seat][i]:
                mark = pal.ok
            if mark is not None:
                surface.blit(glow(rect.size, mark, 8), (rect.x - 7, rect.y - 7))
            img = render_face(face, rect.size, cb) if rect.width >= MINI_BELOW else \
                mini_face(attr, char, rect.size, cb)
            if (seat, i) == dragged:
                img = img.copy()
                img.set_alpha(90)
            surface.blit(img, rect.topleft)
        # the preview of the hovered card, large, with its two halves spelled out
        key = self.hover if self.hover in rects else (humans[0], 0) if humans else None
        if key is not None:
            attr, char = self.rows[key[0]][key[1]]
            pw, ph = self._preview_size()
            px = w - 48 - pw
            panel = pygame.Rect(px - 12, 96, pw + 24, ph + 88)
            rounded_panel(surface, panel)
            surface.blit(render_face(self._face(attr, char), (pw, ph), cb), (px, 108))
            data = content()
            a, c = data.attributes[attr], data.characters[char]
            line = t("misfits.ui.halves", attr=t(f"misfits.attr.{attr}.name"), afaction=t(f"misfits.faction.{a.faction}"),
                     acost=a.cost, apoints=a.points, char=t(f"misfits.char.{char}.name"),
                     cfaction=t(f"misfits.faction.{c.faction}"), ccost=c.cost, cpoints=c.points)
            surface.blit(fonts.paragraph(line, 13, pw, MUTED), (px, 108 + ph + 6))
        # the overlay being dragged follows the mouse
        if dragged is not None:
            attr, char = self.rows[dragged[0]][dragged[1]]
            ghost = render_face(self._overlay_face(char), (BIG[0] - 20, BIG[1] - 30), cb).copy()
            ghost.set_alpha(215)
            surface.blit(ghost, ghost.get_rect(center=self.mouse))

    def _overlay_face(self, char: str) -> CardFace:
        """The character overlay alone: its name and activation box on a clear sheet."""
        faction = content().characters[char].faction
        return CardFace(title=t(f"misfits.char.{char}.name"), text="{action} " + t(f"misfits.char.{char}.text"),
                        frame=(150, 160, 175), type_line=t(f"misfits.faction.{faction}"),
                        cost=content().characters[char].cost, cost_icon="coin",
                        art=("misfits_portrait", char, faction, (150, 160, 175)))

    def update(self, dt: float) -> None:
        pass

    def smoke_inputs(self) -> list:
        r = self.card_rects()[(self.human_seats()[0], 0)] if self.human_seats() else pygame.Rect(100, 100, 10, 10)
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=r.center, rel=(0, 0), buttons=(0, 0, 0))]
