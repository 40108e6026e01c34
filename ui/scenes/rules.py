"""Rules reference viewer: each game's rules in our own words (assets/rules/<id>.<lang>.md), scrollable,
in the language chosen in Settings. The document is laid out once per (game, language, width)."""
from __future__ import annotations

import re
from functools import lru_cache

import pygame
import pygame_gui

import gamecore
from ui import fonts, i18n
from ui.i18n import t
from ui.fonts import fit_label
from ui.resources import resource_path
from ui.scenes.base import Scene
from ui.scenes.common import backdrop, draw_header, rounded_panel
from ui.theme import GOLD, MUTED, TEXT

_BOLD = re.compile(r"\*\*(.+?)\*\*")


def rules_file(game_id: str, lang: str):
    path = resource_path("rules", f"{game_id}.{lang}.md")
    if not path.exists():
        path = resource_path("rules", f"{game_id}.en.md")
    return path


def parse_blocks(text: str) -> list[tuple[str, str]]:
    """(kind, text) blocks: h1/h2/h3, bullet, para. Consecutive plain lines join into one paragraph."""
    blocks: list[tuple[str, str]] = []
    para: list[str] = []

    def flush():
        if para:
            blocks.append(("para", " ".join(para) if not any(ord(c) > 0x2E80 for c in "".join(para)) else "".join(para)))
            para.clear()

    for raw in text.splitlines():
        line = raw.rstrip()
        if not line.strip():
            flush()
            continue
        if line.startswith("### "):
            flush(); blocks.append(("h3", line[4:].strip()))
        elif line.startswith("## "):
            flush(); blocks.append(("h2", line[3:].strip()))
        elif line.startswith("# "):
            flush(); blocks.append(("h1", line[2:].strip()))
        elif line.lstrip().startswith(("- ", "* ")):
            flush(); blocks.append(("bullet", line.lstrip()[2:].strip()))
        else:
            para.append(line.strip())
    flush()
    return blocks


def _rich_line(surface, x, y, segments, size, colour):
    """Blit a line made of (text, bold) segments."""
    for text_, bold in segments:
        if not text_:
            continue
        img = fonts.text(text_, size, GOLD if bold else colour, bold)
        surface.blit(img, (x, y))
        x += img.get_width()


def _wrap_rich(text: str, size: int, width: int) -> list[list[tuple[str, bool]]]:
    """Wrap text with **bold** spans into lines of (segment, bold) pairs."""
    plain = _BOLD.sub(lambda m: m.group(1), text)
    bold_mask = []
    pos = 0
    for m in _BOLD.finditer(text):
        bold_mask.extend([False] * (m.start() - pos))
        bold_mask.extend([True] * len(m.group(1)))
        pos = m.end()
    bold_mask.extend([False] * (len(text) - pos))
    lines = fonts.wrap(plain, size, width)
    out = []
    cursor = 0
    for line in lines:
        start = plain.find(line, cursor) if line else cursor
        if start < 0:
            start = cursor
        segs: list[tuple[str, bool]] = []
        for i, ch in enumerate(line):
            b = bold_mask[start + i] if start + i < len(bold_mask) else False
            if segs and segs[-1][1] == b:
                segs[-1] = (segs[-1][0] + ch, b)
            else:
                segs.append((ch, b))
        out.append(segs)
        cursor = start + len(line)
    return out


@lru_cache(maxsize=16)
def layout_document(game_id: str, lang: str, width: int) -> tuple[list, int]:
    """The document's lines with their positions (no rendering): (pieces, total height).

    Lines are rendered when they first scroll into view (fonts.text caches them), so opening a long
    Japanese reference never stalls a frame.
    """
    from gamecore.persistence import FileProblem, read_limited

    path = rules_file(game_id, lang)
    try:   # like every file the app reads: regular files only, size-capped, never blocking; bad bytes shown as �
        text = read_limited(path, 8 * 1024 * 1024).decode("utf-8", errors="replace")
    except FileProblem:
        text = ""
    blocks = parse_blocks(text) if text else [("para", t("rules.missing"))]
    styles = {"h1": (30, GOLD, True, 18, 10), "h2": (23, GOLD, True, 16, 8), "h3": (19, TEXT, True, 10, 6),
              "para": (17, TEXT, False, 0, 10), "bullet": (17, TEXT, False, 0, 4)}
    pieces = []
    y = 0
    for kind, content in blocks:
        size, colour, bold, before, after = styles[kind]
        y += before
        indent = 26 if kind == "bullet" else 0
        if bold:
            lines = [[(ln, False)] for ln in fonts.wrap(_BOLD.sub(lambda m: m.group(1), content), size, width - indent, True)]
        else:
            lines = _wrap_rich(content, size, width - indent)
        line_h = fonts.font(size, bold).get_linesize() + 3
        for i, segs in enumerate(lines):
            pieces.append((kind, i == 0, indent, y, line_h, segs, size, colour, bold))
            y += line_h
        if kind == "h2":
            pieces.append(("rule", False, 0, y + 2, 1, None, 0, None, False))
            y += 6
        y += after
    return pieces, y + 40


def draw_document(surface: pygame.Surface, pieces: list, x: int, y0: int, top: int, height: int, width: int) -> None:
    """Draw the lines of a laid-out document between ``top`` and ``top + height`` at (x, y0)."""
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(x - 20, y0, width + 40, height))
    for kind, first, indent, yy, line_h, segs, size, colour, bold in pieces:
        if yy + line_h < top or yy > top + height:
            continue
        sy = y0 + yy - top
        if kind == "rule":
            pygame.draw.line(surface, (90, 78, 50), (x, sy), (x + width, sy), 1)
            continue
        if kind == "bullet" and first:
            pygame.draw.circle(surface, GOLD, (x + 10, sy + size // 2 + 4), 4)
        if bold:
            surface.blit(fonts.text(segs[0][0], size, colour, True), (x + indent, sy))
        else:
            _rich_line(surface, x + indent, sy, segs, size, colour)
    surface.set_clip(clip)


class RulesScene(Scene):
    def enter(self, game: str | None = None, **args) -> None:
        infos = gamecore.games()
        self.game_ids = [g.id for g in infos if g.id in ("rangers", "misfits", "galaxy", "barricades")] or [g.id for g in infos]
        self.game = game if game in self.game_ids else self.game_ids[0]
        self.scroll = 0
        self.dragging = False
        super().enter(**args)

    def build_ui(self) -> None:
        m = self.app.manager
        w, h = self.app.size
        self.tabs = {}
        y = 140
        for gid in self.game_ids:
            b = self.add(pygame_gui.elements.UIButton(pygame.Rect(48, y, 250, 48), fit_label(t(f"game.{gid}.short"), 250 - 20), m,
                                                      object_id=pygame_gui.core.ObjectID(object_id="#primary") if gid == self.game else None))
            self.tabs[b] = gid
            y += 58
        self.back = self.add(pygame_gui.elements.UIButton(pygame.Rect(48, h - 84, 160, 52), t("common.back"), m))

    @property
    def view_rect(self) -> pygame.Rect:
        w, h = self.app.size
        return pygame.Rect(330, 130, w - 330 - 48, h - 130 - 40)

    def document(self) -> tuple[list, int]:
        return layout_document(self.game, i18n.language(), self.view_rect.w - 60)

    def max_scroll(self) -> int:
        return max(0, self.document()[1] - (self.view_rect.h - 40))

    def handle_event(self, event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.scenes.pop()
            elif event.ui_element in self.tabs:
                self.game = self.tabs[event.ui_element]
                self.scroll = 0
                self.on_resize()
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self.max_scroll(), self.scroll - event.y * 60))
        elif event.type == pygame.KEYDOWN:
            page = self.view_rect.h - 80
            moves = {pygame.K_DOWN: 40, pygame.K_UP: -40, pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page,
                     pygame.K_SPACE: page, pygame.K_HOME: -10**9, pygame.K_END: 10**9}
            if event.key == pygame.K_ESCAPE:
                self.app.scenes.pop()
            elif event.key in moves:
                self.scroll = max(0, min(self.max_scroll(), self.scroll + moves[event.key]))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._track().collidepoint(event.pos):
            self.dragging = True
            self._scroll_to(event.pos[1])
        elif event.type == pygame.MOUSEMOTION and self.dragging:
            self._scroll_to(event.pos[1])
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = False

    def _track(self) -> pygame.Rect:
        r = self.view_rect
        return pygame.Rect(r.right - 16, r.y + 10, 10, r.h - 20)

    def _scroll_to(self, y: int) -> None:
        track = self._track()
        f = (y - track.y) / max(1, track.h)
        self.scroll = int(max(0, min(1, f)) * self.max_scroll())

    def draw(self, surface) -> None:
        surface.blit(backdrop(self.app.size), (0, 0))
        draw_header(surface, t("rules.title"), t("rules.subtitle"))
        r = self.view_rect
        rounded_panel(surface, r, (24, 30, 38))
        pieces, total = self.document()
        draw_document(surface, pieces, r.x + 24, r.y + 20, self.scroll, r.h - 40, r.w - 60)
        track = self._track()
        pygame.draw.rect(surface, (44, 52, 62), track, border_radius=5)
        if total > r.h - 40:
            frac = (r.h - 40) / total
            thumb_h = max(30, int(track.h * frac))
            pos = int((track.h - thumb_h) * (self.scroll / max(1, self.max_scroll())))
            pygame.draw.rect(surface, GOLD, (track.x, track.y + pos, track.w, thumb_h), border_radius=5)
        w, h = self.app.size
        surface.blit(fonts.text(t("rules.hint"), 14, MUTED), (330, h - 34))
