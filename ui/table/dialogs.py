"""Small pygame_gui windows of the table: the choice popup (several actions fit one drop), the Esc
menu (resume, save as…, rules, settings, quit to menu) and the pass-the-device screen's button."""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine, UIWindow

from gamecore.engine import Action
from ui.i18n import t

BUTTON_H = 34
LABEL_H = 28          # a 17 px label line of the theme font needs 25 px (pygame_gui warns below that)


def centred(window_size, size) -> pygame.Rect:
    rect = pygame.Rect(0, 0, *size)
    rect.center = (window_size[0] // 2, window_size[1] // 2)
    return rect


class ChoicePopup:
    """Lists the actions that fit one drop or click; the player picks one or cancels."""

    def __init__(self, manager: pygame_gui.UIManager, window_size, items: list[tuple[str, Action]], anchor=None):
        self.items = list(items)
        width = 340
        height = 8 + (len(items) + 1) * (BUTTON_H + 6) + 40
        rect = centred(window_size, (width, min(height, window_size[1] - 40)))
        if anchor is not None:
            rect.center = anchor
            rect.clamp_ip(pygame.Rect(0, 0, *window_size))
        self.window = UIWindow(rect, manager, window_display_title=t("table.choose"), object_id="#table_choice",
                               draggable=True, always_on_top=True)
        self.buttons: dict = {}
        inner_w = self.window.get_container().get_rect().width - 20
        y = 8
        for label, action in self.items:
            b = UIButton(pygame.Rect(10, y, inner_w, BUTTON_H), label, manager, container=self.window)
            self.buttons[b] = action
            y += BUTTON_H + 6
        self.cancel = UIButton(pygame.Rect(10, y, inner_w, BUTTON_H), t("table.cancel"), manager, container=self.window)

    @property
    def alive(self) -> bool:
        return self.window.alive()

    def kill(self) -> None:
        self.window.kill()

    def handle_event(self, event) -> tuple | None:
        """("choose", action) or ("cancel",) when the popup is answered."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element in self.buttons:
                action = self.buttons[event.ui_element]
                self.kill()
                return ("choose", action)
            if event.ui_element is self.cancel:
                self.kill()
                return ("cancel",)
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.window:
            return ("cancel",)
        return None


class EscMenu:
    """Resume, Save as… (a name, then Save), Rules, Settings, Quit to menu."""

    COMMANDS = (("resume", "table.menu.resume"), ("rules", "table.menu.rules"),
                ("settings", "table.menu.settings"), ("quit", "table.menu.quit"))

    def __init__(self, manager: pygame_gui.UIManager, window_size, default_label: str = ""):
        rect = centred(window_size, (360, 318 + 2 * (LABEL_H - 23)))
        self.window = UIWindow(rect, manager, window_display_title=t("table.menu.title"), object_id="#table_esc_menu",
                               draggable=False, always_on_top=True)
        w = self.window.get_container().get_rect().width - 20
        self.buttons: dict = {}
        y = 10
        for cmd, key in self.COMMANDS[:1]:
            b = UIButton(pygame.Rect(10, y, w, BUTTON_H), t(key), manager, container=self.window)
            self.buttons[b] = cmd
            y += BUTTON_H + 10
        UILabel(pygame.Rect(10, y, w, LABEL_H), t("table.menu.save_as"), manager, container=self.window)
        y += LABEL_H + 2
        self.entry = UITextEntryLine(pygame.Rect(10, y, w - 90, BUTTON_H), manager, container=self.window,
                                     initial_text=default_label)
        self.entry.set_text_length_limit(60)
        self.save = UIButton(pygame.Rect(w - 80 + 10, y, 80, BUTTON_H), t("table.menu.save"), manager,
                             container=self.window)
        y += BUTTON_H + 4
        self.message = UILabel(pygame.Rect(10, y, w, LABEL_H), " ", manager, container=self.window)
        y += LABEL_H + 4
        for cmd, key in self.COMMANDS[1:]:
            b = UIButton(pygame.Rect(10, y, w, BUTTON_H), t(key), manager, container=self.window)
            self.buttons[b] = cmd
            y += BUTTON_H + 8

    @property
    def alive(self) -> bool:
        return self.window.alive()

    def kill(self) -> None:
        self.window.kill()

    def say(self, text: str) -> None:
        self.message.set_text(text or " ")

    def button(self, command: str):
        if command == "save":
            return self.save
        for b, cmd in self.buttons.items():
            if cmd == command:
                return b
        return None

    def handle_event(self, event) -> tuple | None:
        """("resume",) ("rules",) ("settings",) ("quit",) or ("save", label)."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.save:
                return ("save", self.entry.get_text().strip())
            if event.ui_element in self.buttons:
                return (self.buttons[event.ui_element],)
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            return ("save", self.entry.get_text().strip())
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.window:
            return ("resume",)
        return None


class PassDevice:
    """Hides the table between human seats: the table is covered until "I am Player N" is clicked."""

    def __init__(self, manager: pygame_gui.UIManager, window_size, seat: int, name: str):
        self.seat = seat
        rect = centred(window_size, (320, 56))
        rect.y += 40
        self.button = UIButton(rect, t("table.pass.button", n=seat + 1, name=name), manager,
                               object_id="#table_pass")

    @property
    def alive(self) -> bool:
        return self.button.alive()

    def kill(self) -> None:
        self.button.kill()

    def handle_event(self, event) -> bool:
        return event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.button
