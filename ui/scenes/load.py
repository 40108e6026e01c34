"""Load game: the saves in the user data dir with game, date, round/turn and seats; unreadable files are
listed with the reason and can never crash the app or be overwritten."""
from __future__ import annotations

import html

from functools import lru_cache

import pygame
import pygame_gui

import gamecore
from gamecore import persistence
from gamecore.persistence import SaveError
from gamecore.session import Session
from ui import fonts
from ui.games import open_table
from ui.i18n import has, t
from ui.scenes.base import Scene
from ui.scenes.common import backdrop, draw_header, message, rounded_panel
from ui.theme import GOLD, MUTED, RED, TEXT


@lru_cache(maxsize=256)
def _fitted(string: str, size: int, width: int, colour, bold: bool = False, minimum: int = 7):
    """One row line shrunk, then cut, to the row's width (cached: rows are drawn every frame)."""
    return fonts.fit_text(string, size, width, colour, bold, minimum)


def _game_title(game_id: str) -> str:
    try:
        return t(gamecore.game(game_id).title)
    except gamecore.OptionError:
        return game_id


def describe_entry(entry) -> tuple[str, str]:
    """Two lines for a save: its label, then game · date · progress · seats (or the error)."""
    if entry.error:
        reason = persistence.clip(entry.error, 200)
        if entry.error_code and has(f"file.{entry.error_code}"):
            reason = t(f"file.{entry.error_code}", **(entry.error_params or {}))
        return (persistence.clip(entry.label, persistence.LABEL_CHARS), t("load.unusable", reason=reason))
    summary = persistence.summary_counts(entry.summary)
    progress = ""
    if "round" in summary:
        progress = t("load.round", n=summary["round"])
    elif "turn" in summary:
        progress = t("load.turn", n=summary["turn"])
    if entry.over:
        progress = t("load.finished", progress=progress) if progress else t("load.finished_plain")
    bots = sum(1 for s in (entry.seats or []) if isinstance(s, dict) and s.get("kind") == "bot")
    seats = t("load.seats", players=entry.players, bots=bots)
    parts = [_game_title(entry.game), entry.saved_at, progress, seats]
    label = persistence.clip(entry.label, persistence.LABEL_CHARS) or persistence.clip(entry.path.stem, 40)
    return label, " · ".join(p for p in parts if p)


class LoadScene(Scene):
    def enter(self, **args) -> None:
        self.entries = self._autosave_entries() + persistence.list_saves()
        self.selected = 0 if self.entries else None
        self.rows: list[pygame.Rect] = []
        self.scroll = 0
        self.error_box = None
        super().enter(**args)

    @staticmethod
    def _autosave_entries() -> list:
        """The autosave first, when it is a readable save (loading it resumes it; Replay replays it); a
        damaged one is left to the menu, which keeps it aside and says so."""
        path = persistence.autosave_path()
        try:
            data = persistence.check_save_shape(persistence.read_json(path), path.name)
        except SaveError:
            return []
        entry = persistence.entry_from_save(path, data)
        entry.label = t("load.autosave_label")
        return [entry]

    def build_ui(self) -> None:
        m = self.app.manager
        w, h = self.app.size
        self.back = self.add(pygame_gui.elements.UIButton(pygame.Rect(64, h - 84, 160, 52), t("common.back"), m))
        self.load_button = self.add(pygame_gui.elements.UIButton(pygame.Rect(w - 64 - 200, h - 84, 200, 52),
                                                                 t("load.load"), m,
                                                                 object_id=pygame_gui.core.ObjectID(object_id="#primary")))
        self.replay_button = self.add(pygame_gui.elements.UIButton(pygame.Rect(w - 64 - 200 - 16 - 180, h - 84, 180, 52),
                                                                   t("load.replay"), m))
        if self.selected is None:
            self.load_button.disable()
            self.replay_button.disable()

    def handle_event(self, event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.scenes.pop()
            elif event.ui_element is self.load_button:
                self.load_selected()
            elif event.ui_element is self.replay_button:
                self.replay_selected()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, rect in enumerate(self.rows):
                if rect.collidepoint(event.pos):
                    if self.selected == i and getattr(event, "clicks", 1) > 1:
                        self.load_selected()
                    self.selected = i
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(max(0, len(self.entries) - 6), self.scroll - event.y))
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.scenes.pop()
            elif event.key in (pygame.K_DOWN, pygame.K_UP) and self.entries:
                step = 1 if event.key == pygame.K_DOWN else -1
                self.selected = max(0, min(len(self.entries) - 1, (self.selected or 0) + step))
            elif event.key == pygame.K_RETURN:
                self.load_selected()

    def load_selected(self) -> Session | None:
        if self.selected is None or not (0 <= self.selected < len(self.entries)):
            return None
        entry = self.entries[self.selected]
        autosave = None if self.app.storage_problem else persistence.autosave_path()
        session = None
        try:
            session = Session.load(entry.path, autosave=autosave)
            problem = open_table(self.app, session)
        except SaveError as exc:
            problem = str(exc)
        if problem:
            self.error_box = message(self.app.manager, "dialog.load_failed", html.escape(persistence.clip(problem, 300)))
            return None
        return session

    def replay_selected(self) -> bool:
        """Open the replay viewer on the selected save; a save that cannot be replayed gives the same
        message as Load."""
        from ui.scenes.replay import open_replay

        if self.selected is None or not (0 <= self.selected < len(self.entries)):
            return False
        problem = open_replay(self.app, path=self.entries[self.selected].path, back=("load", {}))
        if problem:
            self.error_box = message(self.app.manager, "dialog.load_failed", html.escape(persistence.clip(problem, 300)))
            return False
        return True

    def draw(self, surface) -> None:
        surface.blit(backdrop(self.app.size), (0, 0))
        y = draw_header(surface, t("load.title"), t("load.subtitle", folder=str(persistence.saves_dir())))
        w, h = self.app.size
        self.rows = []
        if not self.entries:
            surface.blit(fonts.text(t("load.empty"), 18, MUTED), (64, y + 20))
            return
        row_h = 70
        visible = max(1, (h - 110 - y) // (row_h + 8))
        self.scroll = min(self.scroll, max(0, len(self.entries) - visible))
        for i, entry in enumerate(self.entries):
            if i < self.scroll:
                self.rows.append(pygame.Rect(0, 0, 0, 0))
                continue
            k = i - self.scroll
            if k >= visible:
                self.rows.append(pygame.Rect(0, 0, 0, 0))
                continue
            rect = pygame.Rect(64, y + k * (row_h + 8), w - 128, row_h)
            self.rows.append(rect)
            chosen = i == self.selected
            rounded_panel(surface, rect, (44, 56, 70) if chosen else (30, 38, 48), GOLD if chosen else (61, 72, 86))
            title, detail = describe_entry(entry)
            surface.blit(_fitted(title, 19, rect.w - 36, TEXT, True, minimum=15), (rect.x + 18, rect.y + 10))
            surface.blit(_fitted(detail, 15, rect.w - 36, RED if entry.error else MUTED, minimum=12),
                         (rect.x + 18, rect.y + 40))
