"""Choose rangers (rulebook setup step 1: each player chooses the ranger they play), opened from the
setup screen's extra button.

One row per seat ("You" or "AI teammate"): a drop-down per ranger the seat controls (two in the
two-player and 3×2 games) and the character card beside it — role, hand size and the ability text.
"Classic" and "Random" fill the rows as those shortcuts would. "Use these rangers" writes the choice
into the setup it came from (option ``rangers``, in seat order) and returns; a ranger chosen twice
is refused with a message, nothing is written.
"""
from __future__ import annotations

import random

import pygame
import pygame_gui

from gamecore.rangers.content import content
from gamecore.session import Seat
from ui import fonts
from ui.i18n import t
from ui.scenes.base import Scene
from ui.scenes.common import backdrop, draw_header, message, rounded_panel
from ui.theme import MUTED, TEXT

from . import faces as F

ROW_H = 104


def team_shape(players: int, six: bool) -> tuple[int, list[str]]:
    """(rangers per seat, the rangers the team may choose from) for a player count and the 3×2 switch."""
    C = content()
    six = six or players == 6
    per_seat = 1 if players == 6 else (2 if players == 2 or six else 1)
    pool = list(C.base_rangers) + ([r for r in C.rangers if r not in C.base_rangers] if six else [])
    return per_seat, pool


class RangerPickScene(Scene):
    def enter(self, players: int = 4, seats: list | None = None, options: dict | None = None, **args) -> None:
        options = dict(options or {})
        self.players = players
        self.seats = list(seats) if seats and len(seats) == players else [Seat() for _ in range(players)]
        self.per_seat, self.pool = team_shape(players, bool(options.get("six_rangers")))
        n = players * self.per_seat
        given = options.get("rangers") or []
        self.chosen = list(given) if len(given) == n and all(r in self.pool for r in given) else self.pool[:n]
        self.box = None
        super().enter(**args)

    # ------------------------------------------------------------------ widgets
    def build_ui(self) -> None:
        m = self.app.manager
        w, h = self.app.size
        self.menus = {}
        names = [F.short_name(r) for r in self.pool]
        self.by_name = dict(zip(names, self.pool))
        y = 132
        row_h = max(64, min(ROW_H, (h - 132 - 110) // max(1, self.players)))
        self.row_h = row_h
        for seat in range(self.players):
            kind = t("setup.ai_teammate_plain") if self.seats[seat].is_bot else t("setup.you")
            self.add(pygame_gui.elements.UILabel(pygame.Rect(64, y, 200, 32), t("rangers.pick.seat", n=seat + 1,
                                                                                 who=kind), m))
            for k in range(self.per_seat):
                slot = seat * self.per_seat + k
                dd = self.add(pygame_gui.elements.UIDropDownMenu(names, F.short_name(self.chosen[slot]),
                                                                  pygame.Rect(270, y + k * 36, 170, 32), m))
                self.menus[dd] = slot
            y += row_h
        by = h - 84
        self.done_button = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(w - 64 - 240, by, 240, 52), t("rangers.pick.done"), m,
            object_id=pygame_gui.core.ObjectID(object_id="#primary")))
        self.back_button = self.add(pygame_gui.elements.UIButton(pygame.Rect(64, by, 160, 52), t("common.back"), m))
        self.classic_button = self.add(pygame_gui.elements.UIButton(pygame.Rect(240, by, 160, 52),
                                                                    t("rangers.option.ranger_pick.classic"), m))
        self.random_button = self.add(pygame_gui.elements.UIButton(pygame.Rect(416, by, 160, 52),
                                                                   t("rangers.option.ranger_pick.random"), m))

    # ------------------------------------------------------------------ changes
    def _setup(self):
        stack = self.app.scenes.stack
        return stack[-2] if len(stack) >= 2 and hasattr(stack[-2], "values") else None

    def fill(self, how: str) -> None:
        """The "Classic" / "Random" shortcuts: the rows show the team that shortcut would give."""
        n = self.players * self.per_seat
        self.chosen = self.pool[:n] if how == "classic" else random.sample(self.pool, n)
        self.on_resize()

    def accept(self) -> bool:
        if len(set(self.chosen)) != len(self.chosen):
            self.box = message(self.app.manager, "rangers.pick.title", t("rangers.pick.twice"))
            return False
        setup = self._setup()
        if setup is not None:
            setup.values["rangers"] = list(self.chosen)
        self.app.scenes.pop()
        return True

    def handle_event(self, event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.menus:
            if event.text in self.by_name:
                self.chosen[self.menus[event.ui_element]] = self.by_name[event.text]
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.done_button:
                self.accept()
            elif event.ui_element is self.back_button:
                self.app.scenes.pop()
            elif event.ui_element is self.classic_button:
                self.fill("classic")
            elif event.ui_element is self.random_button:
                self.fill("random")
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()

    # ------------------------------------------------------------------ draw
    def draw(self, surface) -> None:
        C = content()
        surface.blit(backdrop(self.app.size), (0, 0))
        draw_header(surface, t("rangers.pick.title"), t("rangers.pick.subtitle"))
        w, _ = self.app.size
        y = 132
        x = 460
        width = max(200, (w - x - 64) // self.per_seat - 8)
        for seat in range(self.players):
            for k in range(self.per_seat):
                r = self.chosen[seat * self.per_seat + k]
                rect = pygame.Rect(x + k * (width + 8), y - 4, width, self.row_h - 10)
                rounded_panel(surface, rect, border=F.ranger_colour(r))
                size = C.comp["hand_size_pair"] if self.per_seat > 1 else C.comp["hand_size"]
                head = t("rangers.pick.card", name=t(f"rangers.ranger.{r}.name"), role=t(f"rangers.ranger.{r}.role"),
                         n=size)
                surface.blit(fonts.text(head, 15, TEXT, True), (rect.x + 10, rect.y + 6))
                surface.blit(fonts.paragraph(t(f"rangers.ranger.{r}.ability"), 14, rect.width - 20, MUTED),
                             (rect.x + 10, rect.y + 28))
            y += self.row_h
