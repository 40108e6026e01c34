"""The side panel (right, 340 px at 100 %, scaled with the UI scale): game title, whose turn and what is
asked (drawn by us, as tall as its text), buttons for the legal actions that are not drag moves (each
label on up to two lines, the whole text in its tooltip), the explicit end-of-turn/phase button (or,
on another seat's turn, "skip to my turn"), undo / redo / hint / menu, and the game log.

The log keeps the whole history and is drawn by us (``LogView``): appending a move wraps and renders
only the new lines and recomposes the visible rows, so a move never rebuilds the history (pygame_gui's
text box re-parses its whole HTML on every append). The mouse wheel over it scrolls.

A button that appears under a resting pointer (a step ended by itself, a different button took the
place of the one clicked) stays disabled for ``GUARD`` seconds, counted from the frames' dt: the
change is seen (greyed, then lit) and a second click meant for the old button does nothing.
"""
from __future__ import annotations

from functools import lru_cache

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIImage, UILabel, UIPanel, UIScrollingContainer

from gamecore.engine import Action
from ui import fonts
from ui.i18n import t
from ui.settings import UI_SCALES
from ui.theme import use_scale_class

WIDTH = 340
MARGIN = 10
BASE_FONT = 16
MAX_LOG = 100_000       # lines kept (the whole history of any real game)
SPARE_BUTTONS = 12       # action buttons made with the panel (a longer list makes the rest when it comes)
GUARD = 0.35            # seconds a button that appeared under the pointer ignores clicks
TEXT = (238, 241, 244)
TURN = (255, 214, 120)
DIM = (169, 179, 191)
LOG_BG = (22, 27, 34)


def scale_pct(scale: float) -> int:
    """The theme's nearest scale step (its fonts exist for UI_SCALES only)."""
    pct = int(round(scale * 10)) * 10
    return max(UI_SCALES[0], min(UI_SCALES[-1], pct))


def font_size(scale: float) -> int:
    return round(BASE_FONT * scale_pct(scale) / 100)


TABLE_MIN_W = 940       # a larger scale widens the panel only while the table keeps this much


def panel_rect(window_size, scale: float = 1.0) -> pygame.Rect:
    w, h = window_size
    width = min(int(WIDTH * scale), max(int(WIDTH * min(scale, 1.0)), w - TABLE_MIN_W))
    width = min(width, max(220, w // 3))
    return pygame.Rect(w - width, 0, width, h)


def _common_prefix(a: str, b: str) -> int:
    """Length of the common beginning of ``a`` and ``b``, backed off to a word boundary (any character
    boundary in Japanese)."""
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    if n < len(a) and not any(ord(c) > 0x2E80 for c in a[:n]):
        n = a.rfind(" ", 0, n + 1) + 1 if " " in a[:n + 1] else 0
    return n


def distinguishing_first(labels: list[str]) -> list[str]:
    """Labels that share a long beginning with another label get their own part first ("no extra
    dice · Play Reckless Swing on …"), so a cut label still tells the choices apart."""
    out = list(labels)
    for i, a in enumerate(labels):
        shared = max((_common_prefix(a, b) for j, b in enumerate(labels) if j != i and b != a), default=0)
        if shared >= 10 and shared < len(a):
            out[i] = a[shared:].strip(" —–-:,、：") + " · " + a[:shared].strip(" —–-:,、：")
    return out


@lru_cache(maxsize=2048)       # the same labels are laid out again at every move
def wrap_label(label: str, size: int, width: int, max_lines: int = 2) -> tuple[str, bool]:
    """``label`` on at most ``max_lines`` lines of ``width`` pixels ("\\n" between them) and whether
    it had to be cut (then the last line ends with an ellipsis)."""
    lines = fonts.wrap(label, size, width)
    if len(lines) <= max_lines:
        return "\n".join(lines), False
    head = lines[:max_lines - 1]
    rest = " ".join(lines[max_lines - 1:]) if not any(ord(c) > 0x2E80 for c in label) else "".join(lines[max_lines - 1:])
    return "\n".join(head + [fonts.fit_label(rest, width, size)]), True


class _Label(UIImage):
    """A button's two-line label drawn by us (pygame_gui 0.6 draws only a button's first line): an image
    over the button that lets the pointer through to it."""

    def hover_point(self, hover_x: float, hover_y: float) -> bool:
        return False


def label_surface(text: str, size: tuple[int, int], font_size: int, colour=TEXT) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    lines = text.split("\n")
    line_h = fonts.font(font_size).get_linesize()
    y = (size[1] - line_h * len(lines)) // 2
    for line in lines:
        img = fonts.text(line, font_size, colour)
        surf.blit(img, img.get_rect(midtop=(size[0] // 2, y)))
        y += line_h
    return surf


class LogView:
    """The game log as rows of cached text, drawn into one surface per change."""

    def __init__(self, width: int, height: int, size: int):
        self.width, self.height, self.size = max(40, width), max(20, height), size
        self.line_h = fonts.font(size).get_linesize()
        self.lines: list[str] = []
        self.rows: list[tuple[str, bool]] = []     # (text, starts a line)
        self.scroll = 0                            # rows hidden below the view (0: follows the end)
        self._wrap_cache: dict[str, list[str]] = {}
        self._surf: pygame.Surface | None = None
        self._text: pygame.Surface | None = None   # the rows alone (no frame, no scroll bar), as last drawn
        self._text_end = 0                         # ... ending at this row, following the end of the log

    def _wrap(self, line: str) -> list[str]:
        rows = self._wrap_cache.get(line)
        if rows is None:
            rows = fonts.wrap(line, self.size, self.width - 18) or [""]
            if len(self._wrap_cache) > 4096:
                self._wrap_cache.clear()
            self._wrap_cache[line] = rows
        return rows

    def _rows_of(self, line: str) -> list[tuple[str, bool]]:
        return [(r, i == 0) for i, r in enumerate(self._wrap(line))]

    @property
    def visible_rows(self) -> int:
        return max(1, (self.height - 8) // self.line_h)

    def append(self, lines: list[str]) -> None:
        for line in lines:
            self.lines.append(line)
            new = self._rows_of(line)
            self.rows.extend(new)
            if self.scroll:                 # reading older lines: they stay where they are
                self.scroll += len(new)
        if len(self.lines) > MAX_LOG:
            self.set_lines(self.lines[-MAX_LOG:])
        self._surf = None

    def set_lines(self, lines: list[str]) -> None:
        """Replace the history; the common beginning is kept as it is (undo cuts only the end)."""
        lines = list(lines)
        keep = 0
        for a, b in zip(self.lines, lines):
            if a != b:
                break
            keep += 1
        if keep < len(self.lines):
            rows_kept = sum(len(self._wrap(line)) for line in self.lines[:keep])
            del self.rows[rows_kept:]
            del self.lines[keep:]
        for line in lines[keep:]:
            self.lines.append(line)
            self.rows.extend(self._rows_of(line))
        self.scroll = 0
        self._surf = None
        self._text = None

    def scroll_by(self, rows: int) -> bool:
        top = max(0, len(self.rows) - self.visible_rows)
        new = max(0, min(top, self.scroll + rows))
        if new != self.scroll:
            self.scroll = new
            self._surf = None
            return True
        return False

    def _rows_image(self, n: int, end: int, start: int) -> pygame.Surface:
        """The visible rows on the log's background. Following the end of the log, the rows drawn last
        time move up and only the new ones are drawn (a move adds a line or two to a screenful)."""
        size = (self.width, self.height)
        self._keep_rows_on_resize()
        text, y_top = self._text, self.height - 4 - (end - start) * self.line_h
        if text is not None and text.get_size() == size and self.scroll == 0 and 0 <= end - self._text_end < n:
            new = end - self._text_end
            first_new = end
            if new:
                text.scroll(0, -new * self.line_h)
                text.fill(LOG_BG, (0, 0, self.width, y_top))                  # rows gone over the top
                text.fill(LOG_BG, (0, self.height - 4 - new * self.line_h, self.width, new * self.line_h + 4))
                first_new = end - new
        else:
            text = pygame.Surface(size)
            text.fill(LOG_BG)
            first_new = start
        y = y_top + (first_new - start) * self.line_h
        for row, first in self.rows[first_new:end]:
            if row:
                img = fonts.text(row, self.size, TEXT if first else (214, 219, 226))
                text.blit(img, (6 if first else 14, y))
            y += self.line_h
        self._text, self._text_end = (text, end) if self.scroll == 0 else (None, 0)
        return text

    def _keep_rows_on_resize(self) -> None:
        """The log got taller or shorter (the buttons above it took or gave room): following the end, its
        rows keep their places from the bottom, so the rows drawn last time are moved, not drawn again;
        rows that come into view at the top are drawn, rows gone over it are cleared."""
        old = self._text
        if old is None or self.scroll != 0 or old.get_width() != self.width or old.get_height() == self.height:
            return
        end, lh = self._text_end, self.line_h
        old_start = max(0, end - max(1, (old.get_height() - 8) // lh))
        start = max(0, end - self.visible_rows)
        text = pygame.Surface((self.width, self.height))
        text.fill(LOG_BG)
        text.blit(old, (0, self.height - old.get_height()))
        y_top = self.height - 4 - (end - start) * lh
        text.fill(LOG_BG, (0, 0, self.width, max(0, y_top)))                 # rows gone over the top
        y = y_top
        for row, first in self.rows[start:old_start]:                         # rows come into view
            if row:
                text.blit(fonts.text(row, self.size, TEXT if first else (214, 219, 226)), (6 if first else 14, y))
            y += lh
        self._text = text

    def resize(self, height: int) -> None:
        """A new height (the rows kept, see _keep_rows_on_resize)."""
        if height != self.height:
            self.height = height
            self._surf = None

    def surface(self) -> pygame.Surface:
        if self._surf is not None:
            return self._surf
        n = self.visible_rows
        end = len(self.rows) - self.scroll
        start = max(0, end - n)
        surf = self._rows_image(n, end, start).copy()
        pygame.draw.rect(surf, (60, 68, 80), surf.get_rect(), 1, border_radius=4)
        if len(self.rows) > n:          # where the view stands in the history
            track = self.height - 8
            bar_h = max(12, track * n // len(self.rows))
            pos = (len(self.rows) - n - self.scroll) / max(1, len(self.rows) - n)
            by = 4 + int((track - bar_h) * pos)
            pygame.draw.rect(surf, (96, 106, 120), (self.width - 6, by, 3, bar_h), border_radius=2)
        self._surf = surf
        return surf


class SidePanel:
    """Built in one place (``build``) and rebuilt on resize; the log survives rebuilds."""

    def __init__(self, manager: pygame_gui.UIManager, rect: pygame.Rect, title: str = "", scale: float = 1.0,
                 pointer=None):
        self.manager = manager
        self.rect = pygame.Rect(rect)
        self.title = title
        self.scale = scale
        self.size = font_size(scale)
        self.pointer = pointer or pygame.mouse.get_pos
        self.turn = ""
        self.prompt = ""
        self.status = ""                     # one more line under the prompt (what another seat just did)
        self.actions: list[tuple[str, Action]] = []
        self.end_actions: list[tuple[str, Action]] = []
        self.skip_label = ""                 # on another seat's turn: the end button skips to the person's
        self.undo_enabled = self.redo_enabled = True
        self.elements: list = []
        self._buttons: dict = {}            # UIButton -> command tuple
        self._action_buttons: list = []
        self._spare_buttons: list = []        # hidden action buttons kept for the next longer list
        self._guarded: dict = {}            # UIButton -> seconds left disabled
        self._cut_actions: list[str] = []
        self.prompt_clipped = False         # the prompt had more lines than the panel gives it
        self._cut_end: list[str] = []
        self._labels: dict = {}             # UIButton -> (text shown, _Label image or None)
        self.log = LogView(200, 100, self.size)
        self.built = False

    @property
    def truncated(self) -> list[str]:
        """Labels that had to be cut to fit their button (their tooltip still has the whole text)."""
        return self._cut_actions + self._cut_end

    @property
    def log_lines(self) -> list[str]:
        return self.log.lines

    @log_lines.setter
    def log_lines(self, lines: list[str]) -> None:
        self.log.set_lines(lines)

    def _oid(self, object_id: str) -> ObjectID:
        return ObjectID(object_id=object_id, class_id=use_scale_class(self.manager, scale_pct(self.scale)))

    # ---------------------------------------------------------------- building
    def build(self, rect: pygame.Rect | None = None) -> None:
        self.kill()
        if rect is not None:
            self.rect = pygame.Rect(rect)
        m = self.manager
        self.panel = UIPanel(self.rect, manager=m, starting_height=1, object_id="#table_panel")
        c = self.panel
        size = self.size
        line_h = fonts.font(size).get_linesize()
        self.inner_w = inner_w = self.rect.width - 2 * MARGIN - 6
        self.title_label = UILabel(pygame.Rect(MARGIN, MARGIN, inner_w, line_h + 4),
                                   self._title_text(self.title, inner_w, size), m, container=c,
                                   object_id=ObjectID("#table_title", use_scale_class(m, scale_pct(self.scale))))
        self._header_max = max(3 * line_h, self.rect.height // 3)
        head = self._header_surface()
        self.header = UIImage(pygame.Rect(MARGIN, 0, inner_w, head.get_height()), head, m, container=c)
        self.actions_box = UIScrollingContainer(pygame.Rect(MARGIN, 0, inner_w, 40), m, container=c,
                                                allow_scroll_x=False)
        self.end_button = UIButton(pygame.Rect(MARGIN, 0, inner_w, self._button_height(2)), t("table.end_turn"), m,
                                   container=c, object_id=self._oid("#table_end"))
        names = [("undo", "table.undo"), ("redo", "table.redo"), ("hint", "table.hint"), ("menu", "table.menu")]
        self.tool_rows = 1 if self._tools_fit(inner_w) else 2
        per_row = 4 if self.tool_rows == 1 else 2
        bw = (inner_w - (per_row - 1) * 6) // per_row
        self.tool_buttons = {}
        for cmd, key in names:
            b = UIButton(pygame.Rect(MARGIN, 0, bw, self._button_height(1)), t(key), m, container=c,
                         tool_tip_text=t(key + ".tip"), object_id=self._oid(f"#table_{cmd}"))
            self._buttons[b] = (cmd,)
            self.tool_buttons[cmd] = b
        self.log_title = UILabel(pygame.Rect(MARGIN, 0, inner_w, line_h + 4), t("table.log"), m, container=c,
                                 object_id=self._oid("#table_log_title"))
        old = self.log
        self.log = LogView(inner_w, 100, size)
        self.log._wrap_cache = old._wrap_cache if old.width == self.log.width and old.size == size else {}
        self.log.set_lines(old.lines)
        self.log_image = UIImage(pygame.Rect(MARGIN, 0, inner_w, 100), self.log.surface(), m, container=c)
        self.elements = [self.panel]
        self.built = True
        # action buttons made now, hidden, for the moves' lists (making a pygame_gui button costs a
        # millisecond or two: a move that offers a dock's nine choices would otherwise make them in its frame)
        # They wait in the panel, not in the buttons' box: each change of the box's size or scroll area
        # moves every element in it, hidden or not (twelve spares were a third of that cost)
        for _ in range(SPARE_BUTTONS):
            b = UIButton(pygame.Rect(0, 0, inner_w - 14, self._button_height(1)), "", m, container=c,
                         object_id=self._oid("#table_action"))
            b.hide()
            self._spare_buttons.append(b)
        self._place(head.get_height())
        self._fill_actions()
        self._fill_end()
        self._fill_tools()

    def _needs_place(self, wanted: int) -> bool:
        """The buttons' box is laid out again only when they no longer fit, or when it is more than two
        rows too tall (moving the log on every move would cost the move's frame)."""
        box = self.actions_box.get_relative_rect().height
        if wanted > box:
            return wanted != self._placed[1] and box < self._box_max
        return box - wanted > 2 * (self._button_height(1) + 4)

    def _place(self, header_h: int) -> None:
        """Put everything under the header where its height and the buttons' heights say (no rebuild:
        a move that changes them only moves elements)."""
        size, inner_w = self.size, self.inner_w
        line_h = fonts.font(size).get_linesize()
        y = MARGIN + line_h + 6
        self.header.set_relative_position((MARGIN, y))
        y += header_h + 6
        btn_h, end_h = self._button_height(1), self._button_height(2)
        log_min = max(4 * line_h, 96)
        below = 6 + end_h + 6 + self.tool_rows * (btn_h + 4) + 4 + line_h + 6 + log_min + MARGIN
        room = self.rect.height - y - below
        wanted = self._actions_height(inner_w - 14)
        self._box_max = max(btn_h + 4, min(room, int((self.rect.height - y) * 0.5)))
        actions_h = max(btn_h + 4, min(wanted, self._box_max))
        if not self.actions:
            actions_h = min(actions_h, btn_h + 4)
        self._placed = (header_h, wanted)
        if self.actions_box.get_relative_rect().topleft != (MARGIN, y):
            self.actions_box.set_relative_position((MARGIN, y))
        if wanted > actions_h:        # a scroll bar needs room for its arrows and its slider
            actions_h = max(actions_h, min(wanted, 3 * (btn_h + 4)))
        if self.actions_box.get_relative_rect().height != actions_h:
            # no scroll bar while resizing (pygame_gui divides by a bar's length); _fill_actions follows
            self.actions_box.set_scrollable_area_dimensions((inner_w - 14, 1))
            self.actions_box.set_dimensions((inner_w, actions_h))
        y += actions_h + 6
        self.end_button.set_relative_position((MARGIN, y))
        if self.end_button in self._labels:
            self._set_label(self.end_button, self._labels[self.end_button][0], self.panel)
        y += end_h + 6
        per_row = 4 if self.tool_rows == 1 else 2
        bw = (inner_w - (per_row - 1) * 6) // per_row
        for i, b in enumerate(self.tool_buttons.values()):
            col, row = i % per_row, i // per_row
            b.set_relative_position((MARGIN + col * (bw + 6), y + row * (btn_h + 4)))
        y += self.tool_rows * (btn_h + 4) + 4
        self.log_title.set_relative_position((MARGIN, y))
        y += line_h + 6
        log_h = max(40, self.rect.height - y - MARGIN)
        if log_h != self.log.height:
            self.log.resize(log_h)
            # the log's new picture given to the image before its new size, so pygame_gui does not scale the
            # old one to it first (a smoothscale of the whole log, thrown away at once); the log is opaque,
            # so it needs no premultiplying
            self.log_image._set_image(self.log.surface().copy())
            self.log_image.set_dimensions((inner_w, log_h))
        if self.log_image.get_relative_rect().topleft != (MARGIN, y):
            self.log_image.set_relative_position((MARGIN, y))
        self._show_log()
        self.log_rect = pygame.Rect(self.rect.x + MARGIN, self.rect.y + y, inner_w, log_h)

    def _button_height(self, lines: int) -> int:
        return lines * fonts.font(self.size).get_linesize() + 10

    def _tools_fit(self, inner_w: int) -> bool:
        bw = (inner_w - 18) // 4
        f = fonts.font(self.size)
        return all(f.size(t(k))[0] + 14 <= bw for k in ("table.undo", "table.redo", "table.hint", "table.menu"))

    def _label_width(self, button_w: int) -> int:
        return button_w - 18

    def _actions_height(self, w: int) -> int:
        total = 0
        for label, _ in self.actions:
            text, _cut = wrap_label(label, self.size, self._label_width(w))
            total += self._button_height(text.count("\n") + 1) + 4
        return max(total, self._button_height(1) + 4)

    def _header_surface(self) -> pygame.Surface:
        w = self.rect.width - 2 * MARGIN - 6
        size = self.size
        line_h = fonts.font(size).get_linesize()
        blocks = []
        if self.turn:
            blocks += [(r, TURN, True) for r in fonts.wrap(self.turn, size, w - 4, True)]
        for part in (self.prompt, self.status):
            if part:
                blocks += [(r, TEXT if part is self.prompt else DIM, False) for r in fonts.wrap(part, size, w - 4)]
        max_rows = max(1, self._header_max // line_h) if hasattr(self, "_header_max") else 8
        self.prompt_clipped = len(blocks) > max_rows
        if len(blocks) > max_rows:
            blocks = blocks[:max_rows]
            text, colour, bold = blocks[-1]
            blocks[-1] = (fonts.fit_label(text + "…", w - 4, size), colour, bold)
        surf = pygame.Surface((w, max(1, len(blocks)) * line_h + 4), pygame.SRCALPHA)
        y = 2
        for text, colour, bold in blocks:
            if text:
                surf.blit(fonts.text(text, size, colour, bold), (2, y))
            y += line_h
        return surf

    def kill(self) -> None:
        for e in self.elements:
            e.kill()
        self.elements.clear()
        self._buttons.clear()
        self._action_buttons.clear()
        self._spare_buttons.clear()
        self._guarded.clear()
        self._labels.clear()
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
            self.title_label.set_text(self._title_text(text, self.inner_w, self.size))

    @staticmethod
    def _title_text(title: str, inner_w: int, size: int) -> str:
        """The game's title as the panel's header shows it: whole when it fits; a "Series — Mode" title
        that does not (Barricades' in Japanese) keeps its mode, the game the table is; cut only if even
        that is too long."""
        whole = fonts.fit_label(title, inner_w - 12, size)
        if whole != title and " — " in title:
            return fonts.fit_label(title.split(" — ", 1)[1], inner_w - 12, size)
        return whole

    def _refresh_header(self) -> None:
        if not self.built:
            return
        head = self._header_surface()
        have, need = self.header.get_relative_rect().height, head.get_height()
        # grow at once; shrink only when two lines or more come free: a prompt a line shorter or longer
        # than the last does not move every element under it on each move (that costs the move's frame)
        if need > have or have - need >= 2 * fonts.font(self.size).get_linesize():
            self.header.set_dimensions(head.get_size())
            self.header.set_image(head)
            self._place(need)
        else:
            if need < have:
                padded = pygame.Surface((head.get_width(), have), pygame.SRCALPHA)
                padded.blit(head, (0, 0))
                head = padded
            self.header.set_image(head)

    def set_turn(self, text: str) -> None:
        if text != self.turn:
            self.turn = text
            self._refresh_header()

    def set_prompt(self, text: str, status: str = "") -> None:
        if (text, status) != (self.prompt, self.status):
            self.prompt, self.status = text, status
            self._refresh_header()

    def set_actions(self, items: list[tuple[str, Action]], end_items: list[tuple[str, Action]],
                    skip_label: str = "") -> None:
        if items != self.actions:
            self.actions = list(items)
            if self.built and self._needs_place(self._actions_height(self.inner_w - 14)):
                self._place(self._placed[0])
            self._fill_actions()          # after _place: it sets the box's scrollable area
        if end_items != self.end_actions or skip_label != self.skip_label:
            self.end_actions = list(end_items)
            self.skip_label = skip_label
            self._fill_end()

    def set_tools(self, undo: bool, redo: bool) -> None:
        if (undo, redo) != (self.undo_enabled, self.redo_enabled):
            self.undo_enabled, self.redo_enabled = undo, redo
            self._fill_tools()

    def _set_label(self, button, text: str, container) -> None:
        """Show ``text`` on ``button``: one line through pygame_gui, two lines drawn by us over it."""
        shown, image = self._labels.get(button, (None, None))
        rect = button.get_relative_rect()
        if "\n" not in text:
            if image is not None:
                image.kill()
            if button.text != text:
                button.set_text(text)
            self._labels[button] = (text, None)
            return
        if button.text:
            button.set_text("")
        surf = label_surface(text, rect.size, self.size)
        if image is None:
            image = _Label(pygame.Rect(rect), surf, self.manager, container=container)
        else:
            if image.get_relative_rect() != rect:
                image.set_relative_position(rect.topleft)
                image.set_dimensions(rect.size)
            if shown != text or image.get_relative_rect().size != rect.size:
                image.set_image(surf)
        self._labels[button] = (text, image)

    def shown_text(self, button) -> str:
        """The label a button shows (its lines joined by "\n")."""
        return self._labels.get(button, (button.text, None))[0]

    def _drop_label(self, button) -> None:
        _, image = self._labels.pop(button, (None, None))
        if image is not None:
            image.kill()

    def _guard(self, button) -> None:
        """Disable a new button for a moment if the pointer rests on it (see the module docstring)."""
        try:
            under = button.rect.collidepoint(self.pointer())
        except (pygame.error, TypeError):
            under = False
        if under:
            button.disable()
            self._guarded[button] = GUARD

    def _fill_actions(self) -> None:
        """The action buttons, reusing the ones there are (creating a pygame_gui button is what makes a
        move's frame slow): only a changed label, size or place is set again."""
        if not self.built:
            return
        old = self._action_buttons
        for b in old:
            self._buttons.pop(b, None)
        self._action_buttons = []
        self._cut_actions = []
        w = self.actions_box.get_relative_rect().width - 14
        container = self.actions_box
        y = 0
        shown = [wrap_label(label, self.size, self._label_width(w)) for label, _ in self.actions]
        if any(cut for _, cut in shown):       # cut labels: the words that differ come first
            moved = distinguishing_first([label for label, _ in self.actions])
            shown = [wrap_label(m, self.size, self._label_width(w)) if cut else (text, cut)
                     for m, (text, cut) in zip(moved, shown)]
        for i, ((label, action), (text, cut)) in enumerate(zip(self.actions, shown)):
            if cut:
                self._cut_actions.append(label)
            h = self._button_height(text.count("\n") + 1)
            if i < len(old):
                b = old[i]
                changed = self.shown_text(b) != text
                if b.get_relative_rect().size != (w, h):
                    b.set_dimensions((w, h))
                if b.get_relative_rect().topleft != (0, y):
                    b.set_relative_position((0, y))
                self._set_label(b, text, container)
                if b.tool_tip_text != label:
                    b.set_tooltip(label)
                if changed:
                    self._guarded.pop(b, None)
                    b.enable()
                    self._guard(b)
            elif self._spare_buttons:           # a button hidden when a list was shorter: shown again
                b = self._spare_buttons.pop()
                b.set_container(container)
                b.set_dimensions((w, h))
                b.set_relative_position((0, y))
                self._set_label(b, text, container)
                b.set_tooltip(label)
                b.show()
                b.enable()
                self._guard(b)
            else:
                b = UIButton(pygame.Rect(0, y, w, h), "", self.manager, container=container,
                             object_id=self._oid("#table_action"), tool_tip_text=label)
                self._set_label(b, text, container)
                self._guard(b)
            self._buttons[b] = ("action", action)
            self._action_buttons.append(b)
            y += h + 4
        for b in old[len(self.actions):]:       # hidden, not killed: making a button costs a frame
            self._guarded.pop(b, None)
            self._drop_label(b)
            b.hide()
            b.set_container(self.panel)
            self._spare_buttons.append(b)
        self.actions_box.set_scrollable_area_dimensions((w, max(1, y)))

    def _fill_end(self) -> None:
        if not self.built:
            return
        self._buttons.pop(self.end_button, None)
        self._guarded.pop(self.end_button, None)
        width = self._label_width(self.end_button.get_relative_rect().width)
        self._cut_end = []
        if self.end_actions:
            label, action = self.end_actions[0]
            text, cut = wrap_label(label, self.size, width)
            if cut:
                self._cut_end.append(label)
            self._set_label(self.end_button, text, self.panel)
            self.end_button.set_tooltip(label)
            self.end_button.enable()
            self._buttons[self.end_button] = ("end", action)
            self._guard(self.end_button)
        elif self.skip_label:
            self._set_label(self.end_button, wrap_label(self.skip_label, self.size, width)[0], self.panel)
            self.end_button.set_tooltip(t("table.skip.tip"))
            self.end_button.enable()
            self._buttons[self.end_button] = ("skip",)
            self._guard(self.end_button)
        else:
            self._set_label(self.end_button, t("table.end_turn"), self.panel)
            self.end_button.set_tooltip(None)
            self.end_button.disable()

    def _fill_tools(self) -> None:
        if not self.built:
            return
        for cmd, enabled in (("undo", self.undo_enabled), ("redo", self.redo_enabled)):
            b = self.tool_buttons[cmd]
            b.enable() if enabled else b.disable()

    # ---------------------------------------------------------------- the log
    def add_log(self, lines: list[str]) -> None:
        if not lines:
            return
        self.log.append(lines)
        self._show_log()

    def set_log(self, lines: list[str]) -> None:
        self.log.set_lines(lines)
        self._show_log()

    def _show_log(self) -> None:
        if not self.built:
            return
        surf, shown = self.log.surface(), self.log_image.image
        if (shown is not None and shown.get_size() == surf.get_size()
                and getattr(self.log_image, "_pre_clipped_image", None) is None):
            # the log is opaque: copied over the image shown, it is that image premultiplied, without
            # set_image's convert and premultiply of the whole log on every move
            shown.blit(surf, (0, 0))
        else:
            self.log_image.set_image(surf)

    # ---------------------------------------------------------------- frame and input
    def update(self, dt: float) -> None:
        """Count down the click guard of new buttons (from the frame's dt: tests step it)."""
        if not self._guarded:
            return
        for b in list(self._guarded):
            self._guarded[b] -= dt
            if self._guarded[b] <= 0:
                del self._guarded[b]
                if b is not self.end_button or (self.end_actions or self.skip_label):
                    b.enable()

    @property
    def guarding(self) -> bool:
        return bool(self._guarded)

    def handle_event(self, event: pygame.event.Event) -> tuple | None:
        """("action", a) | ("end", a) | ("skip",) | ("undo",) | ("redo",) | ("hint",) | ("menu",) for our
        buttons; None for anything else (and for a button still under its click guard)."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element in self._guarded:
                return None
            return self._buttons.get(event.ui_element)
        return None

    def handle_wheel(self, event: pygame.event.Event, mouse) -> bool:
        """The wheel over the log scrolls it (three rows a notch)."""
        if event.type != pygame.MOUSEWHEEL or not self.built or not self.log_rect.collidepoint(mouse):
            return False
        if self.log.scroll_by(int(event.y) * 3):
            self._show_log()
        return True

    def button_for(self, command: str, action: Action | None = None):
        """The UIButton of a command (tests and the smoke test click it)."""
        for b, cmd in self._buttons.items():
            if cmd[0] == command and (action is None or (len(cmd) > 1 and cmd[1] == action)):
                return b
        return None
