"""Misfit Heroes card faces, names and glossary lines, built from the engine's data (never per frame).

A hero is an attribute card (the hire box) under a character overlay (the activation box); its cost,
faction and points come from ``gamecore.misfits.content.make_hero``. The art band shows the
character's portrait beside the hero's faction emblem (``portraits.py``, rasterised once per size). Faces are cached per
(attribute, character, language, colour-blind) so the kit's surface cache sees the same CardFace
object every time.
"""
from __future__ import annotations

import re
from functools import lru_cache

from gamecore.misfits.content import content, make_hero
from ui.i18n import language, t
from ui.table.cardface import CardFace

from . import portraits  # noqa: F401  (registers the "misfits_portrait" art painter)

# faction frame colours: normal, and a colour-blind set whose patterns (palette.pattern_for_colour)
# and shape marks differ for each faction
FACTION_COLOURS = {
    False: {"human": (52, 104, 196), "beast": (200, 56, 56), "misfit": (136, 72, 176)},
    True: {"human": (0, 110, 180), "beast": (215, 95, 5), "misfit": (200, 120, 165)},
}
FACTION_MARKS = {"human": "circle", "beast": "triangle", "misfit": "diamond"}

# the hire texts open with the box symbol; on the card it becomes the matching icon
_SYMBOLS = {"♥": "{heart}", "▲": "{condition}", "★": "{extra_cost}", "◆": "{trophy}"}
_SYMBOL_RE = re.compile("|".join(map(re.escape, _SYMBOLS)))


def iconise(text: str) -> str:
    """Hire-box symbols as inline icon tokens (the card renderer draws them as icons)."""
    return _SYMBOL_RE.sub(lambda m: _SYMBOLS[m.group(0)], text)


def faction_colour(faction: str, colorblind: bool = False) -> tuple:
    return FACTION_COLOURS[bool(colorblind)].get(faction, (120, 120, 130))


def split_id(hid: str) -> tuple[str, str]:
    """"hero:a12+c40" -> ("a12", "c40")."""
    attr, char = hid.split(":", 1)[1].split("+", 1)
    return attr, char


def hero_name(attr: str, char: str) -> str:
    joiner = "" if language() == "ja" else " "
    return t(f"misfits.attr.{attr}.name") + joiner + t(f"misfits.char.{char}.name")


@lru_cache(maxsize=2048)
def _face(attr: str, char: str, lang: str, colorblind: bool) -> CardFace:
    data = content()
    hero = make_hero(data.attributes[attr], data.characters[char])
    hire = iconise(t(f"misfits.attr.{attr}.text"))
    act = t(f"misfits.char.{char}.text")
    type_line = t("misfits.faction." + hero.faction) + " · " + t("misfits.hire." + hero.hire["type"])
    frame = faction_colour(hero.faction, colorblind)
    return CardFace(
        title=hero_name(attr, char), cost=hero.cost, vp=hero.points, type_line=type_line,
        text=hire + "\n{action} " + act, frame=frame,
        back_label=t("misfits.title"), cost_icon="coin", art_icon=hero.faction, mark=FACTION_MARKS[hero.faction],
        art=("misfits_portrait", char, hero.faction, frame))


def face_for(attr: str, char: str, colorblind: bool = False) -> CardFace:
    """The face of the hero ``attr`` + ``char`` in the current language (one object per key)."""
    return _face(attr, char, language(), bool(colorblind))


def hero_face(hid: str, colorblind: bool = False) -> CardFace:
    return face_for(*split_id(hid), colorblind)


def glossary_lines(hid: str, stunned: bool = False) -> list[str]:
    """One line per box type and keyword the card carries, plus where its numbers come from."""
    data = content()
    attr_id, char_id = split_id(hid)
    attr, char = data.attributes[attr_id], data.characters[char_id]
    hero = make_hero(attr, char)
    lines = [t("misfits.ui.halves", attr=t(f"misfits.attr.{attr_id}.name"),
               afaction=t(f"misfits.faction.{attr.faction}"), acost=attr.cost, apoints=attr.points,
               char=t(f"misfits.char.{char_id}.name"), cfaction=t(f"misfits.faction.{char.faction}"),
               ccost=char.cost, cpoints=char.points)]
    if stunned:
        lines.append(t("misfits.glossary.stun"))
    lines.append(t("misfits.ui.gloss." + hero.hire["type"]))
    lines.append(t("misfits.glossary.faction"))
    kinds = {e["do"] for e in char.activation}
    for e in char.activation:
        if e["do"] == "choice":
            kinds |= {x["do"] for opt in e["options"] for x in opt}
    if kinds & {"activate", "activate_all"}:
        lines.append(t("misfits.glossary.activate"))
    if any(e.get("where") == "adjacent" for e in char.activation):
        lines.append(t("misfits.glossary.adjacent"))
    if "coins_per_activated" in kinds:
        lines.append(t("misfits.glossary.this_turn"))
    if "stun_self" in kinds and not stunned:
        lines.append(t("misfits.glossary.stun"))
    sc = hero.hire.get("scoring") or {}
    if sc.get("kind") == "group":
        lines.append(t("misfits.glossary.group"))
    return lines


def effects_label(effects: list) -> str:
    """A short label for one option of a "choose one" effect (e.g. "+30 coins")."""
    parts = []
    for e in effects:
        d = e.get("do")
        if d == "coins":
            parts.append(t("misfits.ui.fx.coins", n=e["n"]))
        elif d == "draw":
            parts.append(t("misfits.ui.fx.draw", n=e["n"]))
        elif d == "influence":
            kind = t("misfits.ui.any_type") if e["type"] == "any" else t(f"misfits.inf.{e['type']}")
            parts.append(t("misfits.ui.fx.influence", n=e["n"], type=kind))
        else:
            return ""
    return " + ".join(parts)


@lru_cache(maxsize=512)
def _mini(attr: str, char: str, size: tuple, lang: str, colorblind: bool):
    import pygame

    from ui import fonts
    from ui.table import icons
    from ui.table.cardface import COST_FILL, INK, INK_DIM, PAPER
    from ui.table.palette import draw_shape

    face = face_for(attr, char, colorblind)
    w, h = size
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    frame = tuple(face.frame[:3])
    card = pygame.Rect(0, 0, w, h)
    pygame.draw.rect(surf, frame, card, border_radius=6)
    inner = card.inflate(-8, -8)
    pygame.draw.rect(surf, PAPER, inner, border_radius=4)
    # cost circle, then the title wrapped on up to three lines at a size that reads
    r = max(9, min(15, w // 7))
    centre = (inner.x + r + 1, inner.y + r + 1)
    pygame.draw.circle(surf, COST_FILL, centre, r)
    pygame.draw.circle(surf, INK, centre, r, 1)
    num = fonts.text(str(face.cost), max(10, r + 2), INK, True)
    surf.blit(num, num.get_rect(center=centre))
    if face.vp is not None:
        vp = fonts.text(str(face.vp), max(10, r + 1), INK, True)
        ic = icons.icon("trophy", vp.get_height())
        x = inner.right - 3 - vp.get_width()
        surf.blit(vp, (x, inner.y + 2))
        surf.blit(ic, (x - ic.get_width() - 1, inner.y + 2))
    size_px = max(11, min(15, w // 8))
    y = inner.y + 2 * r + 6
    lines = fonts.wrap(face.title, size_px, inner.width - 6, True)
    room = max(1, (inner.bottom - 18 - y) // fonts.font(size_px, True).get_linesize())
    if len(lines) > room:
        lines = lines[:room - 1] + [" ".join(lines[room - 1:])]
    for k, line in enumerate(lines):
        img = fonts.fit_text(line, size_px, inner.width - 6, INK, bold=True, minimum=9) if k == len(lines) - 1 \
            else fonts.text(line, size_px, INK, True)
        surf.blit(img, (inner.x + 3, y))
        y += fonts.font(size_px, True).get_linesize()
    # the character's portrait in the room left between the name and the foot
    room_h = inner.bottom - 18 - y
    if room_h >= 18:
        pw = min(inner.width - 6, (room_h - 4) * 3 // 2)
        shot = portraits.portrait(char, (pw, pw * 2 // 3))
        box = surf.blit(shot, shot.get_rect(center=(inner.centerx, y + room_h // 2)))
        e = max(8, box.height * 2 // 5)          # and the hero's faction emblem on its corner
        hero_faction = face.art[2] if face.art else "misfit"
        surf.blit(portraits.emblem(hero_faction, e, frame), (box.x - 2, box.bottom - e + 2))
    # the faction at the foot, the colour-blind mark beside it
    faction = face.type_line.split(" · ")[0]
    foot = fonts.fit_text(faction, max(9, size_px - 2), inner.width - 6 - (14 if colorblind else 0), INK_DIM,
                          minimum=8)
    surf.blit(foot, (inner.x + 3, inner.bottom - foot.get_height() - 2))
    if colorblind and face.mark:
        draw_shape(surf, face.mark, frame, pygame.Rect(inner.right - 13, inner.bottom - 13, 11, 11), outline=INK, width=1)
    return surf


def mini_face(attr: str, char: str, size, colorblind: bool = False):
    """A compact face for a card drawn too small for its text: the cost, points, the whole name
    (wrapped, at a readable size) and the faction, so it reads without hovering."""
    return _mini(attr, char, (int(size[0]), int(size[1])), language(), bool(colorblind))
