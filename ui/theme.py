"""The pygame_gui theme (assets/themes/theme.json) with Noto Sans JP injected by absolute path, and the
table colour palettes (normal and colour-blind)."""
from __future__ import annotations

import re

from gamecore.persistence import FileProblem, parse_json_bytes, read_limited
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

# Seat colours in the same order as the table's palette (ui/table/palette.py: red, blue, green, yellow...);
# the colour-blind set (Okabe–Ito) keeps hues apart for every common deficiency.
SEAT_COLOURS = [(214, 76, 76), (70, 130, 220), (90, 170, 100), (235, 190, 60), (170, 100, 200), (240, 140, 60)]
SEAT_COLOURS_CB = [(213, 94, 0), (0, 114, 178), (0, 158, 115), (240, 228, 66), (204, 121, 167), (86, 180, 233)]


def seat_colour(seat: int, colorblind: bool = False):
    table = SEAT_COLOURS_CB if colorblind else SEAT_COLOURS
    return table[seat % len(table)]


def _tuple(ids) -> tuple | None:
    return None if ids is None else tuple(ids)


def _build_all_combined_ids(self, element_base_ids, element_ids, class_ids, object_ids) -> list[str]:
    """pygame_gui 0.6's ``UIAppearanceTheme.build_all_combined_ids`` behind a memo with a sane key. Its own
    memo key is ``str(a).join(str(b).join(str(c)).join(str(d)))``: each join puts one string between every
    character of the next, so an element nested a few containers deep (a scroll bar's button in the side
    panel's buttons box) made a key of 2.4 MB, and every key was kept in the theme (11.6 MB of them at a
    table) and hashed at each new element. The ids are still worked out by pygame_gui's own method, once
    per tuple key; its memo is emptied after it (ours answers first, so it is never read)."""
    key = (_tuple(element_base_ids), _tuple(element_ids), _tuple(class_ids), _tuple(object_ids))
    memo = self.__dict__.setdefault("_dojo_combined_ids", {})
    found = memo.get(key)
    if found is None:
        found = memo[key] = pygame_gui_original(self, element_base_ids, element_ids, class_ids, object_ids)
        self.unique_theming_ids.clear()
    return found


def fix_pygame_gui() -> None:
    """Put _build_all_combined_ids (which calls pygame_gui's own) in place of pygame_gui 0.6's method (only
    where that method and its memo are there)."""
    try:
        from pygame_gui.core.ui_appearance_theme import UIAppearanceTheme
    except ImportError:                                    # pragma: no cover
        return
    global pygame_gui_original
    current = getattr(UIAppearanceTheme, "build_all_combined_ids", None)
    if current is not None and current is not _build_all_combined_ids:
        pygame_gui_original = current
        UIAppearanceTheme.build_all_combined_ids = _build_all_combined_ids


pygame_gui_original = None


fix_pygame_gui()

MAX_THEME_BYTES = 1024 * 1024
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$")
_GRADIENT = re.compile(r"^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?(,#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?){1,2},-?\d{1,3}$")
_BLOCK_KEYS = {"colours", "misc", "font_size", "font", "images", "prototype"}


def theme_problem(theme) -> str | None:
    """What is wrong with the shape of a theme file, or None: an object of element blocks, each an
    object whose colours are #rrggbb texts (or gradients), whose misc values are short texts and whose
    font size is a sensible whole number."""
    if not isinstance(theme, dict):
        return f"it must be a JSON object of element styles, not a {type(theme).__name__}"
    for element, block in theme.items():
        where = str(element)[:40]
        if not isinstance(block, dict):
            return f"the style of {where!r} must be an object"
        extra = sorted(k for k in block if k not in _BLOCK_KEYS)
        if extra:
            return f"{where!r} has an unknown field {str(extra[0])[:30]!r}"
        colours = block.get("colours", {})
        if not isinstance(colours, dict):
            return f"{where!r}.colours must be an object"
        for name, value in colours.items():
            if not isinstance(value, str) or not (_COLOUR.match(value) or _GRADIENT.match(value)):
                return f"{where!r}.colours.{str(name)[:30]} is not a colour like #2b3440"
        misc = block.get("misc", {})
        if not isinstance(misc, dict) or not all(isinstance(v, str) and len(v) <= 80 for v in misc.values()):
            return f"{where!r}.misc must be an object of short texts"
        size = block.get("font_size", "17")
        if not (isinstance(size, (str, int)) and not isinstance(size, bool) and str(size).isdigit()
                and 6 <= int(str(size)[:4]) <= 96):
            return f"{where!r}.font_size must be a whole number from 6 to 96"
        for key in ("font", "images"):
            if key in block and not isinstance(block[key], dict):
                return f"{where!r}.{key} must be an object"
    return None


def load_theme_file() -> tuple[dict, str | None]:
    """The theme file's contents and None, or the built-in theme ({}: pygame_gui's own look with our
    fonts) and the reason the file cannot be used."""
    path = resource_path("themes", "theme.json")
    try:
        theme = parse_json_bytes(read_limited(path, MAX_THEME_BYTES))
    except FileProblem as exc:
        return {}, f"the file {exc}"
    problem = theme_problem(theme)
    if problem:
        return {}, problem
    return theme, None


def build_theme(ui_scales=None) -> dict:
    """The pygame_gui theme with our fonts; a theme file that cannot be used gives the built-in look
    and an ui.notices message naming the file. ``ui_scales``: the UI scale classes ("@ui120") to
    include (None: every step of UI_SCALES; the app starts with none and adds each one when a side
    panel first uses it, ``use_scale_class``: pygame_gui loads every font a theme names, and each size
    of the Japanese font holds about 0.7 MB)."""
    theme, problem = load_theme_file()
    if problem:
        from ui import notices

        notices.post("notice.theme_broken", file="assets/themes/theme.json", reason=problem,
                     fallback="The interface theme {file} cannot be used: {reason}.")
    regular, bold = font_path(False), font_path(True)
    for element, size in _FONT_TARGETS.items():
        block = theme.setdefault(element, {})
        font = block.setdefault("font", {})
        font.update({"name": "notosansjp", "size": str(block.pop("font_size", size)),
                     "regular_path": regular, "bold_path": bold})
    # one class per UI scale step (the table's side panel): "@ui120" is 16 px × 120 %
    from ui.settings import UI_SCALES
    for pct in UI_SCALES if ui_scales is None else ui_scales:
        theme.update(scale_class(pct))
    return theme


def scale_class(pct: int) -> dict:
    """The theme block of the UI scale class ``@ui<pct>``: the font at 16 px × pct %."""
    return {f"@ui{pct}": {"font": {"name": "notosansjp", "size": str(round(16 * pct / 100)),
                                   "regular_path": font_path(False), "bold_path": font_path(True)}}}


def use_scale_class(manager, pct: int) -> str:
    """The class id ``@ui<pct>``, added to ``manager``'s theme first if it is not there yet (before the
    elements that use it are made)."""
    loaded = manager.__dict__.setdefault("_scale_classes", set())
    if pct not in loaded:
        manager.get_theme().load_theme(scale_class(pct))
        loaded.add(pct)
    return f"@ui{pct}"
