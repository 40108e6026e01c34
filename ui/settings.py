"""Player settings, persisted as JSON in the user config dir (atomic writes); bad files fall back to defaults."""
from __future__ import annotations

import os
from pathlib import Path

from gamecore import persistence
from ui import notices

DEFAULTS = {
    "language": "en",            # "en" | "ja"
    "animation_speed": "normal",  # "off" | "fast" | "normal" | "slow"
    "highlights": True,           # legal-move highlights
    "confirm_end_turn": True,
    "colorblind": False,
    "window_mode": "windowed",    # "windowed" | "fullscreen"
    "undo_mode": "practice",      # "practice" | "strict"
    "window_size": None,          # [width, height] of the window when last closed; None: from the desktop
    "ui_scale": None,             # percent of the table's cards, text and side panel (80..160); None: from the window
    "volume": 70,                 # sound effects, percent (0..100)
    "muted": False,               # no sound at all
    "tutorials_offered": [],      # games whose guided first game was offered (on their first setup screen)
}
CHOICES = {
    "language": ("en", "ja"),
    "animation_speed": ("off", "fast", "normal", "slow"),
    "window_mode": ("windowed", "fullscreen"),
    "undo_mode": ("practice", "strict"),
}
ANIMATION_SECONDS = {"off": 0.0, "fast": 0.15, "normal": 0.3, "slow": 0.6}
UI_SCALES = tuple(range(80, 161, 10))     # the percentages offered in Settings


def auto_ui_scale(window_size) -> int:
    """The scale a window of ``window_size`` gets when the player has not chosen one: 100 % at
    1280x800, larger on big screens, smaller on small ones (a multiple of 10 within 80..160)."""
    w, h = window_size
    ratio = min(w / 1280, h / 800)
    return max(UI_SCALES[0], min(UI_SCALES[-1], int(round(ratio * 10)) * 10))


class Settings:
    def __init__(self, path: Path | None = None):
        self.path = path
        self.values = dict(DEFAULTS)
        self.problem: str | None = None          # the last write failed: why
        self.load_problem: str | None = None     # the file could not be read at start: why

    MAX_BYTES = 256 * 1024

    @classmethod
    def load(cls, path: Path | None = None) -> "Settings":
        """The saved settings, or the defaults. A file that cannot be read is reported once (an
        ui.notices message naming it and saying why) and kept aside as ``settings.json.damaged-<time>``,
        so the next write puts a fresh settings file beside it instead of over it. Temp files an
        interrupted write left in the folder are removed."""
        if path is None:
            path = persistence.config_dir() / "settings.json"
        path = Path(path)
        settings = cls(path)
        persistence.remove_stale_temp_files(path.parent)
        if not os.path.lexists(path):
            return settings
        try:
            data = persistence.read_json(path, max_bytes=cls.MAX_BYTES)
            if not isinstance(data, dict):
                raise persistence.SaveError(f"{path.name} is not a settings file (not a JSON object)", "not_object")
        except persistence.SaveError as exc:
            reason = notices.reason(exc, path.name)
            kept = persistence.keep_aside(path)
            settings.load_problem = persistence.clip(str(exc), 300)
            if kept is None:
                settings.path = None          # never write over a file we could not read nor move
                notices.post("notice.settings_not_kept", file=path.name, reason=reason,
                             fallback="The settings file {file} could not be read: {reason}.")
            else:
                notices.post("notice.settings_damaged", file=path.name, reason=reason, kept=kept.name,
                             fallback="The settings file {file} could not be read: {reason}. It was kept as {kept}.")
            return settings
        for key, value in data.items():
            settings.set(key, value, save=False)
        return settings

    def get(self, key: str):
        return self.values.get(key, DEFAULTS.get(key))

    def set(self, key: str, value, save: bool = True) -> bool:
        if key not in DEFAULTS:
            return False
        default = DEFAULTS[key]
        if key == "window_size":
            if not (isinstance(value, list) and len(value) == 2
                    and all(type(v) is int and 320 <= v <= 16384 for v in value)):
                return False
        elif key == "ui_scale":
            if value is not None and not (type(value) is int and value in UI_SCALES):
                return False
        elif key == "volume":
            if not (type(value) is int and 0 <= value <= 100):
                return False
        elif key == "tutorials_offered":
            if not (isinstance(value, list) and len(value) <= 32
                    and all(isinstance(v, str) and 0 < len(v) <= 40 for v in value)):
                return False
            value = list(value)
        elif isinstance(default, bool):
            if not isinstance(value, bool):
                return False
        elif key in CHOICES and value not in CHOICES[key]:
            return False
        self.values[key] = value
        if save:
            self.save()
        return True

    def save(self) -> None:
        if self.path is None:
            return
        try:
            persistence.atomic_write_json(self.path, self.values)
            self.problem = None
        except persistence.SaveError as exc:
            self.problem = str(exc)

    def ui_scale(self, window_size) -> float:
        """The table's scale factor (1.0 = 100 %): the chosen percentage, else one from the window size."""
        pct = self.get("ui_scale")
        return (pct if pct in UI_SCALES else auto_ui_scale(window_size)) / 100.0

    def animation_seconds(self) -> float:
        return ANIMATION_SECONDS.get(self.get("animation_speed"), 0.3)
