"""Fonts and cached text surfaces. Text is rendered once per (text, size, colour, bold) and reused."""
from __future__ import annotations

from functools import lru_cache

import pygame

from .resources import font_path


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The app's font at ``size`` (one Font per size and weight: ``font(16)`` and ``font(16, False)`` are
    the same object, loading a size costs a couple of milliseconds)."""
    return _font(max(6, int(size)), bool(bold))


@lru_cache(maxsize=64)
def _font(size: int, bold: bool) -> pygame.font.Font:
    return pygame.font.Font(font_path(bold), size)


def fitting_size(string: str, width: int, largest: int, smallest: int, bold: bool = False) -> int:
    """The largest size from ``largest`` down to ``smallest`` at which ``string`` fits ``width`` pixels:
    guessed from its width at ``largest`` (widths grow with the size), then checked, so that only a size
    or two are loaded rather than every size in between."""
    wide = font(largest, bold).size(string)[0]
    if wide <= width:
        return largest
    size = max(smallest, min(largest - 1, int(largest * width / max(1, wide))))
    while size < largest and font(size + 1, bold).size(string)[0] <= width:
        size += 1
    while size > smallest and font(size, bold).size(string)[0] > width:
        size -= 1
    return size


MAX_LINE_CHARS = 400     # no line the app draws is longer; text from a file may be (pygame fails on huge lines)


@lru_cache(maxsize=4096)
def text(string: str, size: int, color: tuple = (235, 235, 235), bold: bool = False) -> pygame.Surface:
    """A rendered line of text (anti-aliased, transparent background), cached. A line longer than
    MAX_LINE_CHARS is cut with an ellipsis first, so text from a damaged file can never crash pygame."""
    if len(string) > MAX_LINE_CHARS:
        string = string[:MAX_LINE_CHARS - 1] + "…"
    return font(size, bold).render(string, True, color)


def wrap(string: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split text into lines that fit ``width`` pixels. Japanese has no spaces: break between characters.

    Widths come from one ``metrics()`` call per paragraph (glyph advances summed), so wrapping a long
    document stays linear in its length.
    """
    f = font(size, bold)
    lines: list[str] = []
    for paragraph in string.split("\n"):
        if not paragraph:
            lines.append("")
            continue
        advances = [m[4] if m else size // 2 for m in f.metrics(paragraph)]
        current, current_w = "", 0
        pos = 0
        for tok in _tokens(paragraph):
            tok_w = sum(advances[pos:pos + len(tok)])
            pos += len(tok)
            if current_w + tok_w <= width or not current:
                current += tok
                current_w += tok_w
            else:
                lines.append(current.rstrip())
                stripped = tok.lstrip()
                current = stripped
                current_w = tok_w - sum(advances[pos - len(tok):pos - len(stripped)]) if stripped != tok else tok_w
        if current:
            lines.append(current.rstrip())
    return lines


# Characters a Japanese line must not start with (kinsoku): they stick to the character before them.
_NO_LINE_START = set("、。，．・：；？！ー～…‥）」』】〕〉》’”ゝゞヽヾぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ")


def _tokens(paragraph: str) -> list[str]:
    out: list[str] = []
    word = ""
    for ch in paragraph:
        if ch in _NO_LINE_START and (out or word):
            if word:
                word += ch
            else:
                out[-1] += ch
        elif ord(ch) > 0x2E80:          # CJK: every other character may start a new line
            if word:
                out.append(word)
                word = ""
            out.append(ch)
        elif ch == " ":
            word += ch
            out.append(word)
            word = ""
        else:
            word += ch
    if word:
        out.append(word)
    return out


@lru_cache(maxsize=1024)
def paragraph(string: str, size: int, width: int, color: tuple = (235, 235, 235), bold: bool = False,
              line_gap: int = 2) -> pygame.Surface:
    """A wrapped block of text as one cached surface."""
    lines = wrap(string, size, width, bold)
    f = font(size, bold)
    # a negative gap draws the lines closer; the last line still gets its whole height
    height = max(1, len(lines)) * (f.get_linesize() + line_gap) - min(0, line_gap)
    surf = pygame.Surface((max(1, width), height), pygame.SRCALPHA)
    y = 0
    for line in lines:
        if line:
            surf.blit(text(line, size, color, bold), (0, y))
        y += f.get_linesize() + line_gap
    return surf


def fit_label(label: str, width: int, size: int = 17) -> str:
    """A label that fits ``width`` pixels: cut with an ellipsis (callers show the whole text elsewhere)."""
    f = font(size)
    if f.size(label)[0] <= width:
        return label
    while label and f.size(label + "…")[0] > width:
        label = label[:-1]
    return label.rstrip() + "…"


def fit_text(string: str, size: int, width: int, colour, bold: bool = False, minimum: int = 7) -> pygame.Surface:
    """One line shrunk (then ellipsised) until it fits ``width`` (measured once per line, size and width:
    tables call this for every label of every frame that redraws them)."""
    return _fit_text(string, int(size), int(width), tuple(colour), bool(bold), int(minimum))


@lru_cache(maxsize=4096)
def _fit_text(string: str, size: int, width: int, colour: tuple, bold: bool, minimum: int) -> pygame.Surface:
    # the largest size from ``size`` down to ``minimum`` at which it fits, guessed then checked (fitting_size):
    # trying each size in turn loaded every one on the way (a narrow seat's name went from 17 down to 7 in
    # both weights, ~0.7 MB of Japanese font a size)
    s = fitting_size(string, width, size, minimum, bold) if size > minimum else size
    f = font(s, bold)
    if f.size(string)[0] > width:
        # the longest beginning that fits with an ellipsis (widths grow with the length: halved, not cut
        # a character at a time), at least one character
        lo, hi = 1, len(string) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if f.size(string[:mid] + "…")[0] <= width:
                lo = mid
            else:
                hi = mid - 1
        string = string[:max(1, lo)] + "…"
    return text(string, s, colour, bold)
