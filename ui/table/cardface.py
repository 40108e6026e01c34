"""Card faces and backs rendered from data, once per (content, size), and cached.

A :class:`CardFace` holds already-translated strings; the game table builds it from its content
(``card_face(cid)``). Effect text may carry inline icon tokens such as ``{energy}`` or ``{coin}``
that are drawn as icons inside the wrapped text.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import pygame

from ui import fonts

from . import icons
from .palette import draw_shape, palette, pattern_surface

CARD_SIZE = (110, 154)          # world size of a card at zoom 1 (readable at 1280×800)
ICON_TOKEN = re.compile(r"\{([a-z][a-z0-9_]*)\}")

PAPER = (242, 238, 226)
INK = (30, 30, 34)
INK_DIM = (90, 88, 84)
COST_FILL = (244, 204, 80)
VP_FILL = (92, 64, 150)


# art painters by name: painter(*args, (w, h)) -> a surface of that size for the art band (cached by the
# painter; a game registers its own, e.g. Misfit Heroes' portraits)
ART_PAINTERS: dict = {}


def register_art(name: str, painter) -> None:
    ART_PAINTERS[name] = painter


@dataclass(frozen=True)
class CardFace:
    """What a card shows. Every string is already translated; hashable so faces cache by value."""

    title: str
    cost: int | str | None = None
    vp: int | str | None = None
    type_line: str = ""
    text: str = ""
    frame: tuple = (120, 120, 130)       # frame colour by owner / faction
    keywords: tuple = ()                 # translated keyword names, shown in bold above the text
    footer: str = ""
    back_label: str = ""
    cost_icon: str = ""                  # e.g. "energy", "coin": drawn beside the cost number
    art_icon: str = ""                   # an icon drawn large in the art band
    mark: str | None = None              # colour-blind shape mark (palette.SHAPES); None: from frame colour
    art: tuple = ()                      # (painter, *args): a registered art painter fills the art band
    art_ratio: float = 0.0               # the art band's share of the card's height (0: the usual 0.17)


def _shade(colour, factor: float) -> tuple:
    return tuple(max(0, min(255, int(c * factor))) for c in colour[:3])


# ------------------------------------------------------------------ rich text with inline icons


@lru_cache(maxsize=2048)       # a card's text is measured at a few sizes: split once
def _rich_tokens(paragraph: str) -> tuple[tuple[str, str], ...]:
    """Split into ("icon", name) and ("text", piece) tokens; pieces are words (with trailing space) or CJK chars."""
    out: list[tuple[str, str]] = []
    pos = 0
    for m in ICON_TOKEN.finditer(paragraph):
        out.extend(("text", tok) for tok in fonts._tokens(paragraph[pos:m.start()]))
        out.append(("icon", m.group(1)))
        pos = m.end()
    out.extend(("text", tok) for tok in fonts._tokens(paragraph[pos:]))
    return tuple(out)


@lru_cache(maxsize=16384)
def _text_width(value: str, size: int, bold: bool) -> int:
    return fonts.font(size, bold).size(value)[0]


def _line_height(size: int) -> int:
    return max(size + 2, round(size * 1.32))


def _rich_lines(string: str, size: int, width: int, bold: bool) -> list[list[tuple[str, str]]]:
    f = fonts.font(size, bold)
    icon_w = min(f.get_height() - 2, _line_height(size))

    def width_of(kind, value):
        return icon_w + 1 if kind == "icon" else _text_width(value, size, bold)

    lines: list[list[tuple[str, str]]] = []
    for paragraph in string.split("\n"):
        line: list[tuple[str, str]] = []
        line_w = 0
        for kind, value in _rich_tokens(paragraph):
            w = width_of(kind, value)
            if line and line_w + w > width and not (kind == "text" and value.strip() == ""):
                carry: list[tuple[str, str]] = []
                # punctuation right after an icon stays with it: move the icon to the new line too
                if kind == "text" and not value[:1].isspace() and line[-1][0] == "icon" and len(line) > 1:
                    carry = [line.pop()]
                lines.append(line)
                if kind == "text":
                    value = value.lstrip()
                    w = width_of(kind, value)
                line = carry
                line_w = sum(width_of(k, v) for k, v in carry)
            line.append((kind, value))
            line_w += w
        lines.append(line)
    return lines


@lru_cache(maxsize=1024)
def rich_text(string: str, size: int, width: int, colour: tuple = INK, bold: bool = False) -> pygame.Surface:
    """A wrapped block of text with ``{icon}`` tokens drawn as icons, as one cached surface."""
    f = fonts.font(size, bold)
    line_h = _line_height(size)
    icon_w = min(f.get_height() - 2, line_h)
    lines = _rich_lines(string, size, width, bold)
    # Noto Sans JP's line box is tall; the last line keeps its full glyph height
    surf = pygame.Surface((max(1, width), max(1, (len(lines) - 1) * line_h + f.get_height())), pygame.SRCALPHA)
    y = 0
    for line in lines:
        x = 0
        run = ""

        def flush(x: int, run: str) -> int:
            if run:
                img = fonts.text(run, size, colour, bold)
                surf.blit(img, (x, y))
                x += img.get_width()
            return x

        for kind, value in line:
            if kind == "text":
                run += value
            else:
                x = flush(x, run)
                run = ""
                surf.blit(icons.icon(value, icon_w), (x, y + (f.get_height() - icon_w) // 2))
                x += icon_w + 1
        flush(x, run.rstrip())
        y += line_h
    return surf


@lru_cache(maxsize=4096)
def rich_text_height(string: str, size: int, width: int, bold: bool = False) -> int:
    """The height of ``rich_text(string, size, width, bold=bold)``, from its line breaks alone."""
    return max(1, (len(_rich_lines(string, size, width, bold)) - 1) * _line_height(size) + fonts.font(size, bold).get_height())


def rich_text_fitting(string: str, size: int, width: int, height: int, colour: tuple = INK,
                      minimum: int = 7) -> pygame.Surface:
    """The largest size (down to ``minimum``) whose wrapped block fits ``height``: the sizes are tried by
    measuring their line breaks, and only the one chosen is rendered."""
    s = size
    while rich_text_height(string, s, width) > height and s > minimum:
        s -= 1
    return rich_text(string, s, width, colour)


# ------------------------------------------------------------------ faces and backs


def _size_of(size) -> tuple[int, int]:
    w, h = size
    return max(8, int(w)), max(8, int(h))


def _card_base(face: CardFace, w: int, h: int, colorblind: bool):
    """A face's frame, paper and title bar with its title: where every face starts, and what stands in
    for a face seen for the first time while the frame's render budget is spent."""
    s = h / CARD_SIZE[1]
    pal = palette(colorblind)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, int(8 * s))
    frame = tuple(face.frame[:3])
    card = pygame.Rect(0, 0, w, h)
    pygame.draw.rect(surf, frame, card, border_radius=radius)
    if colorblind:
        overlay = pattern_surface(pal.pattern_for_colour(frame), (w, h), (255, 255, 255, 110))
        mask = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), card, border_radius=radius)
        overlay = overlay.copy()
        overlay.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surf.blit(overlay, (0, 0))
    pygame.draw.rect(surf, _shade(frame, 0.55), card, max(1, int(2 * s)), border_radius=radius)

    pad = max(3, int(5 * s))
    inner = card.inflate(-2 * pad, -2 * pad)
    pygame.draw.rect(surf, PAPER, inner, border_radius=max(2, radius - 3))

    # title bar (the cost circle overlaps its left end; the VP badge sits in the bottom-right corner)
    title_h = max(10, int(20 * s))
    title_bar = pygame.Rect(inner.x, inner.y, inner.width, title_h)
    pygame.draw.rect(surf, _shade(frame, 0.8), title_bar, border_top_left_radius=max(2, radius - 3),
                     border_top_right_radius=max(2, radius - 3))
    left = inner.x + (int(23 * s) if face.cost is not None else 3)
    right = inner.right - 3
    title_img = fonts.fit_text(face.title, max(7, int(12 * s)), max(4, right - left), (250, 250, 250), bold=True)
    surf.blit(title_img, title_img.get_rect(center=((left + right) // 2, title_bar.centery)))
    return surf, s, pal, radius, frame, card, inner, title_bar


@lru_cache(maxsize=512)
def _render_face(face: CardFace, w: int, h: int, colorblind: bool) -> pygame.Surface:
    surf, s, pal, radius, frame, card, inner, title_bar = _card_base(face, w, h, colorblind)
    if face.cost is not None:
        r = int(11 * s)
        centre = (inner.x + r - 1, inner.y + r - 1)
        pygame.draw.circle(surf, COST_FILL, centre, r)
        pygame.draw.circle(surf, INK, centre, r, max(1, int(1.5 * s)))
        num = fonts.text(str(face.cost), max(7, int(13 * s)), INK, True)
        surf.blit(num, num.get_rect(center=centre))
        if face.cost_icon:
            ic = icons.icon(face.cost_icon, max(6, int(10 * s)))
            surf.blit(ic, ic.get_rect(center=(centre[0] + r - 1, centre[1] + r - 1)))
    vp_badge = None
    if face.vp is not None:
        vp_badge = pygame.Rect(0, 0, int(34 * s), int(17 * s))
        vp_badge.bottomright = (inner.right + 1, inner.bottom + 1)
        pygame.draw.rect(surf, VP_FILL, vp_badge, border_top_left_radius=max(2, int(8 * s)),
                         border_bottom_right_radius=max(2, radius - 3))
        ic = icons.icon("trophy", max(6, int(12 * s)))
        surf.blit(ic, ic.get_rect(midleft=(vp_badge.x + int(3 * s), vp_badge.centery)))
        num = fonts.text(str(face.vp), max(7, int(13 * s)), (255, 255, 255), True)
        surf.blit(num, num.get_rect(midright=(vp_badge.right - int(4 * s), vp_badge.centery)))

    # art band: the frame colour softened, with the card's emblem
    y = title_bar.bottom + 1
    art_h = int(h * (face.art_ratio or 0.17))
    art = pygame.Rect(inner.x + 2, y, inner.width - 4, art_h)
    pygame.draw.rect(surf, _shade(frame, 1.15), art, border_radius=max(1, int(3 * s)))
    painter = ART_PAINTERS.get(face.art[0]) if face.art else None
    if painter is not None:
        surf.blit(painter(*face.art[1:], art.size), art.topleft)
    elif face.art_icon:
        ic = icons.icon(face.art_icon, max(8, art_h - 6))
        surf.blit(ic, ic.get_rect(center=art.center))
    y = art.bottom + 1
    if face.type_line:
        tl = fonts.fit_text(face.type_line, max(7, int(9 * s)), inner.width - 6, INK_DIM)
        surf.blit(tl, (inner.x + 3, y))
        y += tl.get_height()
        pygame.draw.line(surf, _shade(frame, 0.8), (inner.x + 3, y), (inner.right - 4, y), 1)
        y += 2

    footer_h = 0
    bottom_reserve = vp_badge.height if vp_badge is not None else 0
    if face.footer:
        room = inner.width - 6 - (vp_badge.width + 2 if vp_badge is not None else 0)
        ft = fonts.fit_text(face.footer, max(6, int(8 * s)), max(4, room), INK_DIM)
        footer_h = max(ft.get_height(), bottom_reserve)
        surf.blit(ft, (inner.x + 3, inner.bottom - ft.get_height() - 1))
    footer_h = max(footer_h, bottom_reserve)

    if face.keywords:
        kw = rich_text(" · ".join(face.keywords), max(7, int(10 * s)), inner.width - 6, INK, True)
        surf.blit(kw, (inner.x + 3, y))
        y += kw.get_height() - max(0, fonts.font(max(7, int(10 * s)), True).get_height() - _line_height(max(7, int(10 * s))))
    if face.text:
        avail = inner.bottom - footer_h - 2 - y
        block = rich_text_fitting(face.text, max(7, int(10 * s)), inner.width - 6, avail, INK, minimum=max(6, int(7 * s)))
        surf.blit(block, (inner.x + 3, y), area=pygame.Rect(0, 0, block.get_width(), max(0, avail)))

    if colorblind:
        shape = face.mark or pal.shape_for_colour(frame)
        if shape:
            m = max(6, int(11 * s))
            draw_shape(surf, shape, frame, pygame.Rect(inner.right - m - 2, title_bar.bottom + 3, m, m),
                       outline=INK, width=1)
    return surf


@lru_cache(maxsize=256)
def _turned(kind: str, key: tuple, angle: int) -> pygame.Surface:
    base = _render_face(*key) if kind == "face" else _render_back(*key)
    return pygame.transform.rotate(base, angle)


def render_face(face: CardFace, size=CARD_SIZE, colorblind: bool = False, angle: int = 0) -> pygame.Surface:
    """The face of ``face`` at ``size`` (optionally turned ``angle`` degrees), cached: same args, same surface."""
    w, h = _size_of(size)
    if angle % 360:
        return _turned("face", (face, w, h, bool(colorblind)), int(angle) % 360)
    return _render_face(face, w, h, bool(colorblind))


@lru_cache(maxsize=128)
def _render_back(label: str, colour: tuple, w: int, h: int, colorblind: bool) -> pygame.Surface:
    s = h / CARD_SIZE[1]
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, int(8 * s))
    card = pygame.Rect(0, 0, w, h)
    colour = tuple(colour[:3])
    pygame.draw.rect(surf, _shade(colour, 0.7), card, border_radius=radius)
    inner = card.inflate(-int(10 * s), -int(10 * s))
    pygame.draw.rect(surf, colour, inner, border_radius=max(2, radius - 3))
    # a calm lattice of diamonds as the back's ornament
    step = max(8, int(16 * s))
    d, light = max(2, step // 4), _shade(colour, 1.25)
    for yy in range(inner.y + step // 2, inner.bottom, step):
        for xx in range(inner.x + step // 2, inner.right, step):
            pygame.draw.polygon(surf, light, [(xx, yy - d), (xx + d, yy), (xx, yy + d), (xx - d, yy)], 1)
    if colorblind:
        overlay = pattern_surface(palette(True).pattern_for_colour(colour), inner.size, (255, 255, 255, 70))
        surf.blit(overlay, inner.topleft)
    pygame.draw.rect(surf, _shade(colour, 0.45), card, max(1, int(2 * s)), border_radius=radius)
    if label:
        plate = pygame.Rect(0, 0, inner.width - int(8 * s), int(26 * s))
        plate.center = card.center
        pygame.draw.rect(surf, _shade(colour, 0.45), plate, border_radius=max(2, int(5 * s)))
        img = fonts.fit_text(label, max(7, int(12 * s)), plate.width - 6, (245, 245, 240), bold=True)
        surf.blit(img, img.get_rect(center=plate.center))
    return surf


def render_back(label: str, colour=(70, 80, 120), size=CARD_SIZE, colorblind: bool = False,
                angle: int = 0) -> pygame.Surface:
    """A card back with ``label`` (e.g. the deck's name), cached."""
    w, h = _size_of(size)
    key = (str(label), tuple(colour[:3]), w, h, bool(colorblind))
    if angle % 360:
        return _turned("back", key, int(angle) % 360)
    return _render_back(*key)


def cache_info() -> dict:
    return {"face": _render_face.cache_info(), "back": _render_back.cache_info(),
            "turned": _turned.cache_info(), "rich": rich_text.cache_info()}


# ------------------------------------------------------------------ a render budget per frame
#
# A zoom step changes every card's on-screen size at once, and a move that lays a hand out again gives
# each of its cards a new size and tilt: rendering them all in one frame would stutter (a face costs a
# few milliseconds). Views ask through ``face_for_view`` / ``back_for_view``: at most ``BUDGET`` renders
# at a new size per frame, and the others are drawn for a frame or two as a scaled copy of a size
# already rendered (a "stand-in"; the kept picture paints them again, see ``World.draw_cached``). A new
# tilt of a size already rendered is only a rotation of the cached face: no budget. A face never
# rendered at any size (a card drawn, revealed, or a row of a hand coming into view as the turn
# passes) is rendered at once on a table's first picture and at a new window size; after that it
# comes within the same budget, its stand-in the face's frame and title bar (``_card_base``).

BUDGET = 2
_budget = [BUDGET]
_frame = [None]
_first_at_once = [True]        # faces seen for the first time are rendered at once (see new_frame)
_stand_ins = [0]               # stand-ins drawn since the process started (the kept picture watches it)
_seen: dict = {}               # (kind, identity, colorblind, angle) -> {size: None}, insertion ordered
_sizes: dict = {}              # (kind, identity, colorblind) -> {size: None}: rendered at some tilt
_SEEN_MAX = 4096


def new_frame(frame=None, first_sight_at_once: bool = True) -> None:
    """Call once per frame (TableScene.draw does) to refill the render budget. With ``frame`` (the app's
    frame number), a second call in the same frame keeps what is left: every picture drawn in one frame
    then makes the same choices. ``first_sight_at_once`` False puts faces never rendered within the
    budget too (a table after its first picture)."""
    if frame is None or frame != _frame[0]:
        _budget[0] = BUDGET
    _frame[0] = frame
    _first_at_once[0] = first_sight_at_once


def stand_ins() -> int:
    """How many stand-ins have been drawn so far (a change means one was drawn in between)."""
    return _stand_ins[0]


def _remember(table: dict, key: tuple, size) -> None:
    sizes = table.get(key)
    if sizes is None:
        if len(table) >= _SEEN_MAX:
            table.pop(next(iter(table)))
        sizes = table[key] = {}
    sizes[size] = None
    while len(sizes) > 6:
        sizes.pop(next(iter(sizes)))


def _budgeted(key: tuple, size: tuple[int, int], render, first=None) -> pygame.Surface:
    sizes = _seen.get(key)
    if sizes is not None and size in sizes:
        return render(size)
    base = key[:-1]
    known = _sizes.get(base)
    if known is not None and size in known:        # that size at another tilt: a rotation
        _remember(_seen, key, size)
        return render(size)
    if _budget[0] > 0 or (not known and (first is None or _first_at_once[0])):
        _budget[0] -= 1
        _remember(_seen, key, size)
        _remember(_sizes, base, size)
        return render(size)
    _stand_ins[0] += 1
    if not known:
        return first(size)
    nearest = min(known, key=lambda s: abs(s[0] - size[0]))
    img = render(nearest)
    ratio = size[0] / nearest[0]
    return pygame.transform.scale(img, (max(1, round(img.get_width() * ratio)), max(1, round(img.get_height() * ratio))))


@lru_cache(maxsize=64)
def _first_sight(face: CardFace, w: int, h: int, colorblind: bool, angle: int) -> pygame.Surface:
    surf = _card_base(face, w, h, colorblind)[0]
    return pygame.transform.rotate(surf, angle) if angle else surf


def face_for_view(face: CardFace, size, colorblind: bool = False, angle: int = 0) -> pygame.Surface:
    size = _size_of(size)
    angle = int(angle) % 360
    return _budgeted(("face", face, bool(colorblind), angle), size,
                     lambda sz: render_face(face, sz, colorblind, angle),
                     lambda sz: _first_sight(face, sz[0], sz[1], bool(colorblind), angle))


def back_for_view(label: str, colour, size, colorblind: bool = False, angle: int = 0) -> pygame.Surface:
    size = _size_of(size)
    colour = tuple(colour[:3])
    return _budgeted(("back", str(label), colour, bool(colorblind), int(angle) % 360), size,
                     lambda sz: render_back(label, colour, sz, colorblind, angle))
