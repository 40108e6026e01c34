"""The pygame_gui theme (assets/themes/theme.json) with Noto Sans JP injected by absolute path, and the
table colour palettes (normal and colour-blind)."""
from __future__ import annotations

import json

from ui.resources import font_path, resource_path

# Element types whose font we set explicitly: a "font" block under "defaults" is ignored by pygame_gui.
_FONT_TARGETS = {
    "button": 17, "label": 17, "text_box": 16, "text_entry_line": 17, "drop_down_menu": 16,
    "selection_list": 16, "selection_list.@selection_list_item": 16, "window": 16,
    "window.#title_bar": 17, "tool_tip": 15, "horizontal_slider": 15, "message_window": 16,
    "#heading": 26, "#title": 42, "#muted": 15, "#small": 14, "@seat_label": 16,
}

BG = (18, 23, 30)
PANEL = (27, 34, 43)
GOLD = (240, 198, 116)
TEXT = (238, 241, 244)
MUTED = (169, 179, 191)
DISABLED = (110, 118, 128)
RED = (214, 84, 84)
GREEN = (96, 186, 120)

# Seat colours; the colour-blind set (Okabe–Ito) keeps hues apart for every common deficiency.
SEAT_COLOURS = [(214, 76, 76), (70, 130, 220), (235, 190, 60), (90, 170, 100), (170, 100, 200), (240, 140, 60)]
SEAT_COLOURS_CB = [(213, 94, 0), (0, 114, 178), (240, 228, 66), (0, 158, 115), (204, 121, 167), (86, 180, 233)]


def seat_colour(seat: int, colorblind: bool = False):
    table = SEAT_COLOURS_CB if colorblind else SEAT_COLOURS
    return table[seat % len(table)]


def build_theme() -> dict:
    try:
        theme = json.loads(resource_path("themes", "theme.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        theme = {}
    regular, bold = font_path(False), font_path(True)
    for element, size in _FONT_TARGETS.items():
        block = theme.setdefault(element, {})
        font = block.setdefault("font", {})
        font.update({"name": "notosansjp", "size": str(block.pop("font_size", size)),
                     "regular_path": regular, "bold_path": bold})
    # one class per UI scale step (the table's side panel): "@ui120" is 16 px × 120 %
    from ui.settings import UI_SCALES
    for pct in UI_SCALES:
        theme[f"@ui{pct}"] = {"font": {"name": "notosansjp", "size": str(round(16 * pct / 100)),
                                       "regular_path": regular, "bold_path": bold}}
    return theme
