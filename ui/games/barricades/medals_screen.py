"""The medals screen of Barricades: the medals this game earned (from the results screen) and the
record kept in the user data dir — each Guardian's medals and its wins, Pyrrhic wins and losses per
difficulty. Opened from the setup and results screens (the kit's ``EXTRA_SCREEN`` hook); reading the
record never fails (a damaged or unwritable file is reported in words, as the medals store says).
"""
from __future__ import annotations

import pygame
import pygame_gui

from ui import fonts
from ui.i18n import t
from ui.scenes.base import Scene
from ui.scenes.common import backdrop, draw_header, rounded_panel
from ui.theme import GOLD, GREEN, MUTED, RED, TEXT

from .art import art, medal_icon


def game_medals(session) -> tuple[str, list[str]] | None:
    """(outcome, medal ids) of a finished Barricades session, else None."""
    if session is None or session.game != "barricades" or not session.state.is_over():
        return None
    from gamecore.barricades.medals import medals_for
    return session.state.outcome() or "loss", medals_for(session.state)


class MedalsScene(Scene):
    def size(self) -> tuple[int, int]:
        size = getattr(self.app, "size", None)
        return tuple(size) if size else self.app.screen.get_size()

    def enter(self, session=None, **args) -> None:
        from gamecore.barricades.medals import load_record
        self.session = session
        self.game = game_medals(session)
        self.record = load_record()
        super().enter(**args)

    def build_ui(self) -> None:
        w, h = self.size()
        self.back = self.add(pygame_gui.elements.UIButton(pygame.Rect(64, h - 84, 180, 52), t("barricades.ui.medals.back"),
                                                          self.app.manager))

    def handle_event(self, event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            self.app.scenes.pop()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()

    def draw(self, surface) -> None:
        from gamecore.barricades.content import DIFFICULTIES, GUARDIANS
        from gamecore.barricades.medals import MEDALS, OUTCOMES
        w, h = self.size()
        surface.blit(backdrop((w, h)), (0, 0))
        y = draw_header(surface, t("barricades.ui.medals.title"), t("game.barricades.title"))
        if self.record.problem:
            key, params = self.record.problem
            surface.blit(fonts.paragraph(t(key, **params), 15, w - 128, RED), (64, y))
            y += 44
        if self.game is not None:
            outcome, earned = self.game
            colour = {"win": GREEN, "pyrrhic": GOLD}.get(outcome, RED)
            surface.blit(fonts.text(t(f"barricades.ui.medals.outcome.{outcome}"), 22, colour, True), (64, y))
            y += 34
            if earned:
                names = ", ".join(t(f"barricades.medal.{m}") for m in earned)
                surface.blit(fonts.paragraph(t("barricades.ui.medals.earned", names=names), 16, w - 128, TEXT), (64, y))
            else:
                surface.blit(fonts.text(t(f"barricades.ui.medals.none.{outcome}"), 16, MUTED), (64, y))
            y += 40
        # one column per Guardian: its medals, then its games by difficulty
        col_w = (w - 128 - 24 * (len(GUARDIANS) - 1)) // len(GUARDIANS)
        bottom = h - 100
        for i, g in enumerate(GUARDIANS):
            rect = pygame.Rect(64 + i * (col_w + 24), y, col_w, bottom - y)
            rounded_panel(surface, rect)
            surface.blit(art(f"guardian_{g}", 40), (rect.x + 12, rect.y + 10))
            surface.blit(fonts.text(t(f"barricades.guardian.{g}"), 18, GOLD, True), (rect.x + 60, rect.y + 18))
            yy = rect.y + 60
            have = set(self.record.medals.get(g, []))
            half = (len(MEDALS) + 1) // 2          # the medals in two columns, readable
            line = max(18, min(26, (rect.height - 70 - 24 * (len(DIFFICULTIES) + 2)) // max(1, half)))
            size = max(12, line - 8)
            for k, m in enumerate(MEDALS):
                got = m in have
                x = rect.x + 14 + (k // half) * (rect.width - 28) // 2
                # the medal's drawn icon, faded while this Guardian has not given it
                icon = medal_icon(m, line - 2)
                if not got:
                    icon.set_alpha(70)
                surface.blit(icon, (x, yy + (k % half) * line - 2))
                img = fonts.fit_text(t(f"barricades.medal.{m}"), size, (rect.width - 28) // 2 - 10 - line,
                                     GOLD if got else MUTED, got)
                surface.blit(img, (x + line + 2, yy + (k % half) * line))
            yy += half * line
            yy += 8
            heads = [t(f"barricades.ui.medals.col.{o}") for o in OUTCOMES]
            cw = (rect.width - 24) // 5
            for k, head in enumerate(heads):
                img = fonts.fit_text(head, 13, cw - 4, MUTED, True)
                surface.blit(img, (rect.x + 14 + (2 + k) * cw, yy))
            yy += 22
            for dif in DIFFICULTIES:
                row = self.record.games.get(g, {}).get(dif, {})
                surface.blit(fonts.fit_text(t(f"barricades.difficulty.{dif}"), 14, 2 * cw - 6, TEXT), (rect.x + 14, yy))
                for k, o in enumerate(OUTCOMES):
                    surface.blit(fonts.text(str(row.get(o, 0)), 14, TEXT, True), (rect.x + 14 + (2 + k) * cw, yy))
                yy += 24
