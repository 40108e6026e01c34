"""Settings: language, animation speed, legal-move highlights, end-of-turn confirmation, colour-blind
palette, window mode, default undo mode, UI scale of the tables, sound volume (a slider) and mute. Each change
is applied and saved at once (user config dir); a volume change plays a sample at the new level."""
from __future__ import annotations

import pygame
import pygame_gui

from ui.i18n import t
from ui.scenes.base import Scene
from ui.scenes.common import backdrop, draw_header
from ui.theme import MUTED
from ui import audio, fonts
from ui.settings import UI_SCALES, auto_ui_scale

ROWS = (
    ("language", (("en", "settings.lang.en"), ("ja", "settings.lang.ja"))),
    ("animation_speed", (("off", "settings.anim.off"), ("fast", "settings.anim.fast"),
                         ("normal", "settings.anim.normal"), ("slow", "settings.anim.slow"))),
    ("highlights", ((True, "common.on"), (False, "common.off"))),
    ("confirm_end_turn", ((True, "common.on"), (False, "common.off"))),
    ("colorblind", ((False, "common.off"), (True, "common.on"))),
    ("window_mode", (("windowed", "settings.window.windowed"), ("fullscreen", "settings.window.fullscreen"))),
    ("undo_mode", (("practice", "setup.undo.practice"), ("strict", "setup.undo.strict"))),
    ("ui_scale", ()),            # choices built from UI_SCALES (the automatic one names its value)
    ("volume", ()),              # a slider, 0..100 %
    ("muted", ((False, "common.off"), (True, "common.on"))),
)
ROW_STEP = 54
VOLUME_STEP = 5


def scale_choices(window_size) -> tuple:
    auto = auto_ui_scale(window_size)
    return ((None, ("settings.ui_scale.auto", {"pct": auto})),) + tuple(
        (pct, ("settings.ui_scale.pct", {"pct": pct})) for pct in UI_SCALES)


def _label(label) -> str:
    return t(label[0], **label[1]) if isinstance(label, tuple) else t(label)


class SettingsScene(Scene):
    step = ROW_STEP
    volume = None
    def build_ui(self) -> None:
        m = self.app.manager
        w, h = self.app.size
        self.handlers = {}
        # rows closer together on a short window, so the last one stays above the Back button
        self.step = max(42, min(ROW_STEP, (h - 84 - 140 - 8) // len(ROWS)))
        y = 140
        for key, choices in ROWS:
            if key == "volume":
                self.add(pygame_gui.elements.UILabel(pygame.Rect(64, y, 340, 36), t("settings.volume"), m))
                value = self.app.settings.get("volume")
                self.volume = self.add(pygame_gui.elements.UIHorizontalSlider(
                    pygame.Rect(420, y, 230, 36), value, (0, 100), m, click_increment=VOLUME_STEP))
                self.volume_label = self.add(pygame_gui.elements.UILabel(
                    pygame.Rect(656, y, 64, 36), t("settings.volume.pct", pct=value), m))
                y += self.step
                continue
            if key == "ui_scale":
                choices = scale_choices(self.app.size)
            self.add(pygame_gui.elements.UILabel(pygame.Rect(64, y, 340, 36), t(f"settings.{key}"), m))
            names = [(_label(label), value) for value, label in choices]
            current = next((n for n, v in names if v == self.app.settings.get(key)), names[0][0])
            dd = self.add(pygame_gui.elements.UIDropDownMenu([n for n, _ in names], current,
                                                             pygame.Rect(420, y, 300, 36), m))
            self.handlers[dd] = (key, dict(names))
            y += self.step
        self.back = self.add(pygame_gui.elements.UIButton(pygame.Rect(64, h - 84, 160, 52), t("common.back"), m))

    def handle_event(self, event) -> None:
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.volume:
            value = int(round(self.volume.get_current_value() / VOLUME_STEP)) * VOLUME_STEP
            value = max(0, min(100, value))
            if value != self.app.settings.get("volume"):
                self.app.settings.set("volume", value)
                self.volume_label.set_text(t("settings.volume.pct", pct=value))
                audio.play("drop")       # heard at the new level at once (silent when muted)
            return
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.handlers:
            key, mapping = self.handlers[event.ui_element]
            if event.text not in mapping:
                return
            value = mapping[event.text]
            if key == "language":
                self.app.set_language(value)
            elif key == "ui_scale":
                self.app.set_ui_scale(value)
            elif key == "window_mode":
                is_full = bool(self.app.screen.get_flags() & pygame.FULLSCREEN)
                if (value == "fullscreen") != is_full:
                    self.app.toggle_fullscreen()
            else:
                self.app.settings.set(key, value)
                if key == "muted" and not value:
                    audio.play("drop")
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            self.app.scenes.pop()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()

    def draw(self, surface) -> None:
        surface.blit(backdrop(self.app.size), (0, 0))
        draw_header(surface, t("settings.title"), t("settings.subtitle"))
        w, h = self.app.size
        y = 140
        for key, _ in ROWS:
            note_key = f"settings.{key}.note"
            surface.blit(fonts.text(t(note_key), 14, MUTED), (740, y + 8))
            y += self.step
        problem = self.app.settings.problem
        if problem:
            surface.blit(fonts.text(t("settings.not_saved", reason=problem), 15, (230, 140, 120)), (64, h - 120))
