"""The side panel (right, 340 px, pygame_gui): game title, whose turn and what is asked, buttons for
the legal actions that are not drag moves, the explicit end-of-turn/phase button, undo / redo / hint /
menu, and the game log (translated event sentences with their causes, newest at the bottom)."""
from __future__ import annotations

import html

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel, UIScrollingContainer, UITextBox

from gamecore.engine import Action
from ui import fonts
from ui.fonts import fit_label
from ui.i18n import t

WIDTH = 340
MARGIN = 10
BUTTON_H = 32
MAX_LOG = 300
LOG_FONT_SIZE = 16      # the theme's text_box font (ui/theme.py)


def panel_rect(window_size) -> pygame.Rect:
    w, h = window_size
    width = min(WIDTH, max(220, w // 3))
    return pygame.Rect(w - width, 0, width, h)


class SidePanel:
    """Built in one place (``build``) and rebuilt on resize; the log survives rebuilds."""

    def __init__(self, manager: pygame_gui.UIManager, rect: pygame.Rect, title: str = ""):
        self.manager = manager
        self.rect = pygame.Rect(rect)
        self.title = title
        self.turn = ""
        self.prompt = ""
        self.actions: list[tuple[str, Action]] = []
        self.end_actions: list[tuple[str, Action]] = []
        self.log_lines: list[str] = []
        self.undo_enabled = self.redo_enabled = True
        self.thinking = False
        self.elements: list = []
        self._buttons: dict = {}            # UIButton -> command tuple
        self._action_buttons: list = []
        self.built = False

    # ---------------------------------------------------------------- building
    def build(self, rect: pygame.Rect | None = None) -> None:
        self.kill()
        if rect is not None:
            self.rect = pygame.Rect(rect)
        m = self.manager
        self.panel = UIPanel(self.rect, manager=m, starting_height=1, object_id="#table_panel")
        c = self.panel
        inner_w = self.rect.width - 2 * MARGIN - 6
        y = MARGIN
        self.title_label = UILabel(pygame.Rect(MARGIN, y, inner_w, 30), self.title, m, container=c,
                                   object_id="#table_title")
        y += 32
        self.turn_label = UILabel(pygame.Rect(MARGIN, y, inner_w, 26), self.turn or " ", m, container=c,
                                  object_id="#table_turn")
        y += 28
        self.prompt_width = inner_w - 48      # the text box wraps at width - 2*12, less its scroll bar
        self.prompt_box = UITextBox(self._prompt_html(), pygame.Rect(MARGIN, y, inner_w, 84), m, container=c,
                                    object_id="#table_prompt")
        y += 88
        avail = self.rect.height - y
        actions_h = max(BUTTON_H + 8, min(4 * (BUTTON_H + 4) + 8, int(avail * 0.3)))
        self.actions_box = UIScrollingContainer(pygame.Rect(MARGIN, y, inner_w, actions_h), m, container=c,
                                                allow_scroll_x=False)
        y += actions_h + 6
        self.end_button = UIButton(pygame.Rect(MARGIN, y, inner_w, 40), t("table.end_turn"), m, container=c,
                                   object_id="#table_end")
        y += 46
        names = [("undo", "table.undo"), ("redo", "table.redo"), ("hint", "table.hint"), ("menu", "table.menu")]
        bw = (inner_w - 3 * 6) // 4
        self.tool_buttons = {}
        for i, (cmd, key) in enumerate(names):
            b = UIButton(pygame.Rect(MARGIN + i * (bw + 6), y, bw, BUTTON_H), t(key), m, container=c,
                         tool_tip_text=t(key + ".tip"), object_id=f"#table_{cmd}")
            self._buttons[b] = (cmd,)
            self.tool_buttons[cmd] = b
        y += BUTTON_H + 8
        UILabel(pygame.Rect(MARGIN, y, inner_w, 26), t("table.log"), m, container=c, object_id="#table_log_title")
        y += 28
        self.log_width = inner_w - 48          # the text box wraps at width - 2*12, less its scroll bar
        self.log_box = UITextBox(self._log_html(), pygame.Rect(MARGIN, y, inner_w, max(40, self.rect.height - y - MARGIN)),
                                 m, container=c, object_id="#table_log")
        self._scroll_log_to_end()
        self.elements = [self.panel]
        self.built = True
        self._fill_actions()
        self._fill_end()
        self._fill_tools()

    def kill(self) -> None:
        for e in self.elements:
            e.kill()
        self.elements.clear()
        self._buttons.clear()
        self._action_buttons.clear()
        self.built = False

    def hide(self) -> None:
        if self.built:
            self.panel.hide()

    def show(self) -> None:
        if self.built:
            self.panel.show()

    # ---------------------------------------------------------------- contents
    def set_title(self, text: str) -> None:
        self.title = text
        if self.built:
            self.title_label.set_text(text)

    def set_turn(self, text: str) -> None:
        if text != self.turn:
            self.turn = text
            if self.built:
                self.turn_label.set_text(text or " ")

    def set_prompt(self, text: str) -> None:
        if text != self.prompt:
            self.prompt = text
            if self.built:
                self.prompt_box.set_text(self._prompt_html())

    def set_actions(self, items: list[tuple[str, Action]], end_items: list[tuple[str, Action]]) -> None:
        if items != self.actions:
            self.actions = list(items)
            self._fill_actions()
        if end_items != self.end_actions:
            self.end_actions = list(end_items)
            self._fill_end()

    def set_tools(self, undo: bool, redo: bool) -> None:
        if (undo, redo) != (self.undo_enabled, self.redo_enabled):
            self.undo_enabled, self.redo_enabled = undo, redo
            self._fill_tools()

    def _fill_actions(self) -> None:
        if not self.built:
            return
        for b in self._action_buttons:
            self._buttons.pop(b, None)
            b.kill()
        self._action_buttons.clear()
        w = self.actions_box.get_relative_rect().width - 14
        container = self.actions_box
        for i, (label, action) in enumerate(self.actions):
            short = fit_label(label, w - 16)
            b = UIButton(pygame.Rect(0, i * (BUTTON_H + 4), w, BUTTON_H), short, self.manager, container=container,
                         object_id="#table_action", tool_tip_text=label if short != label else None)
            self._buttons[b] = ("action", action)
            self._action_buttons.append(b)
        self.actions_box.set_scrollable_area_dimensions((w, max(1, len(self.actions) * (BUTTON_H + 4))))

    def _fill_end(self) -> None:
        if not self.built:
            return
        self._buttons.pop(self.end_button, None)
        if self.end_actions:
            label, action = self.end_actions[0]
            self.end_button.set_text(fit_label(label, self.end_button.get_relative_rect().width - 16))
            self.end_button.enable()
            self._buttons[self.end_button] = ("end", action)
        else:
            self.end_button.set_text(t("table.end_turn"))
            self.end_button.disable()

    def _fill_tools(self) -> None:
        if not self.built:
            return
        for cmd, enabled in (("undo", self.undo_enabled), ("redo", self.redo_enabled)):
            b = self.tool_buttons[cmd]
            b.enable() if enabled else b.disable()

    # ---------------------------------------------------------------- the log
    def _wrapped(self, line: str, width: int | None = None) -> str:
        """A line as HTML, wrapped by us: pygame_gui would hyphenate Japanese inside words."""
        width = max(60, width or getattr(self, "log_width", 280))
        return "<br>".join(html.escape(part) for part in fonts.wrap(line, LOG_FONT_SIZE, width))

    def _prompt_html(self) -> str:
        return self._wrapped(self.prompt, getattr(self, "prompt_width", 280)) if self.prompt else ""

    def _log_html(self) -> str:
        return "<br>".join(self._wrapped(line) for line in self.log_lines)

    def _scroll_log_to_end(self) -> None:
        bar = getattr(self.log_box, "scroll_bar", None)
        if bar is not None:
            try:
                bar.set_scroll_from_start_percentage(1.0)
                self.log_box.update(0.0)
            except (AttributeError, TypeError, ValueError):
                pass

    def add_log(self, lines: list[str]) -> None:
        if not lines:
            return
        had = bool(self.log_lines)
        self.log_lines.extend(lines)
        if len(self.log_lines) > MAX_LOG:
            self.log_lines = self.log_lines[-MAX_LOG:]
            if self.built:
                self.log_box.set_text(self._log_html())
                self._scroll_log_to_end()
            return
        if self.built:
            chunk = "<br>".join(self._wrapped(line) for line in lines)
            self.log_box.append_html_text(("<br>" if had else "") + chunk)
            self._scroll_log_to_end()

    def set_log(self, lines: list[str]) -> None:
        self.log_lines = list(lines)[-MAX_LOG:]
        if self.built:
            self.log_box.set_text(self._log_html())
            self._scroll_log_to_end()

    # ---------------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event) -> tuple | None:
        """("action", a) | ("end", a) | ("undo",) | ("redo",) | ("hint",) | ("menu",) for our buttons."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._buttons.get(event.ui_element)
        return None

    def button_for(self, command: str, action: Action | None = None):
        """The UIButton of a command (tests and the smoke test click it)."""
        for b, cmd in self._buttons.items():
            if cmd[0] == command and (action is None or (len(cmd) > 1 and cmd[1] == action)):
                return b
        return None
