"""Misfit Heroes portraits, stacked from shared hand-written SVG parts, and the card's art band.

Each character's portrait is one SVG document built from part files in ``assets/art/misfits/parts/``
(every part a standalone 120×80 drawing: a backdrop, a body or torso, a head, ears, a face detail, hair,
a hat, a thing held). ``assets/art/misfits/portraits.json`` names the parts of each of the 82 characters
and the colours of their slots; the rest is chosen from the character's data, so it never changes from
one run to the next:

- the **backdrop** from the character's first effect (coins: a market, cards: a library, influence:
  hills, activations: rays, hires: banners, a choice: a crossroads);
- for humans without their own, **skin and hair** tones from a checksum of the character's id;
- a character missing from the file (new content) still gets a portrait from its faction and id.

Parts are stacked in ``LAYERS`` order whatever order the file lists them in. Colour slots in the parts:
``{{fill}}``/``{{shade}}``/``{{light}}`` (clothing or fur), ``{{skin}}``/``{{skin_shade}}`` (skin, muzzle,
belly), ``{{hair}}``/``{{hair_shade}}`` (hair, mane, wings, shell), ``{{accent}}``/``{{accent_shade}}``
(hats, beaks, horns, trims). Documents are built once per character and rasterised once per size through
the kit's art loader (``ui.table.art.svg_surface``), so drawing a card costs a blit.
"""
from __future__ import annotations

import json
import re
import zlib
from functools import lru_cache

import pygame

from ui.resources import resource_path
from ui.table import art as kit_art
from ui.table import cardface

GAME = "misfits"
MAX_PART_BYTES = 64 * 1024
MAX_SPEC_BYTES = 256 * 1024

# bottom to top: a part's layer is the first word of its name
LAYERS = ("bg", "back", "body", "torso", "ears", "gills", "head", "snout", "beak", "bill", "mask", "eyes",
          "face", "whiskers", "cheeks", "tusks", "fangs", "spots", "beard", "hair", "crest", "horn", "horns",
          "antlers", "hat", "front", "prop")
_LAYER = {name: i for i, name in enumerate(LAYERS)}

BACKDROPS = {"coins": "bg_market", "coins_per": "bg_market", "coins_per_activated": "bg_market",
             "draw": "bg_library", "draw_per": "bg_library", "influence": "bg_hills",
             "activate": "bg_rays", "activate_all": "bg_rays", "stun_self": "bg_rays",
             "hire": "bg_banner", "choice": "bg_crossroads"}
SKIN_TONES = ("#f6d7b8", "#eec39a", "#d9a273", "#b87a4b", "#8d5a36", "#f3cfae", "#c98e5f")
HAIR_TONES = ("#2a2a33", "#4a2f1a", "#7a4a22", "#c98a3c", "#e8c46a", "#b8452a", "#6b5a44")
FACTION_FILLS = {"human": "#3f7fbf", "beast": "#8b5a2b"}

# a character absent from portraits.json: parts picked by its id from these
FALLBACK = {
    "human": (("torso_tunic", "torso_robe", "torso_coat", "torso_vest", "torso_apron"), ("head_human",),
              ("hair_short", "hair_curly", "hair_long", "hair_bun", "hair_spiky"),
              ("prop_staff", "prop_book", "prop_bag", "prop_sword", "prop_flower")),
    "beast": (("body_fur", "body_feathers", "body_scales"), ("head_round", "head_canine", "head_bird", "head_frog"),
              ("ears_round", "ears_pointy", "ears_tuft"), ()),
}
_SVG_BODY = re.compile(rb"<svg\b[^>]*>(.*)</svg>", re.S)
_SLOT = re.compile(rb"\{\{([a-z_]+)\}\}")


def _pick(seq, char_id: str, salt: str):
    return seq[zlib.crc32(f"{char_id}:{salt}".encode()) % len(seq)] if seq else None


@lru_cache(maxsize=1)
def _spec() -> dict:
    """portraits.json's characters (an unreadable file gives {}: every portrait then uses the fallback)."""
    path = resource_path("art", GAME, "portraits.json")
    try:
        if not path.is_file() or path.stat().st_size > MAX_SPEC_BYTES:
            return {}
        data = json.loads(path.read_text(encoding="utf-8"))
        chars = data.get("characters", {}) if isinstance(data, dict) else {}
        return {k: v for k, v in chars.items() if isinstance(v, dict) and isinstance(v.get("parts"), list)}
    except (OSError, ValueError, UnicodeDecodeError):
        return {}


@lru_cache(maxsize=256)
def part_body(name: str) -> bytes:
    """The drawing inside ``parts/<name>.svg`` (without its <svg> wrapper); b"" when missing or broken."""
    if not re.fullmatch(r"[a-z0-9_]+", name):
        return b""
    path = resource_path("art", GAME, "parts", f"{name}.svg")
    try:
        if not path.is_file() or path.stat().st_size > MAX_PART_BYTES:
            return b""
        m = _SVG_BODY.search(path.read_bytes())
    except OSError:
        return b""
    return m.group(1).strip() if m else b""


def _character(char_id: str):
    from gamecore.misfits.content import content

    try:
        return content().characters.get(char_id)
    except Exception:  # content that cannot be loaded: the portrait still draws from the id alone
        return None


def layer_of(part: str) -> int:
    return _LAYER.get(part.split("_", 1)[0], len(LAYERS))


@lru_cache(maxsize=256)
def portrait_parts(char_id: str) -> tuple[str, ...]:
    """The parts of ``char_id``'s portrait, bottom to top, backdrop first."""
    char = _character(char_id)
    first = (char.activation[0].get("do") if char is not None and char.activation else None)
    parts = [BACKDROPS.get(first, "bg_rays")]
    spec = _spec().get(char_id)
    if spec is not None:
        parts += [str(p) for p in spec["parts"]]
    else:
        faction = char.faction if char is not None and char.faction in FALLBACK else "human"
        parts += [p for p in (_pick(seq, char_id, str(i)) for i, seq in enumerate(FALLBACK[faction])) if p]
    return tuple(sorted(parts, key=layer_of))


def _hex_colour(value, default: str) -> str:
    if isinstance(value, str) and re.fullmatch(r"#[0-9a-fA-F]{6}", value):
        return value.lower()
    return default


def _rgb(hexcode: str) -> tuple:
    return tuple(int(hexcode[i:i + 2], 16) for i in (1, 3, 5))


@lru_cache(maxsize=256)
def portrait_colours(char_id: str) -> dict:
    """Slot -> "#rrggbb" for ``char_id`` (from portraits.json, else from the faction and the id)."""
    char = _character(char_id)
    faction = char.faction if char is not None else "human"
    spec = _spec().get(char_id) or {}
    fill = _hex_colour(spec.get("fill"), FACTION_FILLS.get(faction, "#3f7fbf"))
    f = _rgb(fill)
    human = faction == "human"
    colours = {
        "fill": fill,
        "light": _hex_colour(spec.get("light"), kit_art._hex(kit_art.light_of(f))),
        "skin": _hex_colour(spec.get("skin"), _pick(SKIN_TONES, char_id, "skin") if human
                            else kit_art._hex(kit_art.light_of(f, 0.5))),
        "hair": _hex_colour(spec.get("hair"), _pick(HAIR_TONES, char_id, "hair") if human
                            else kit_art._hex(kit_art.shade_of(f, 0.6))),
        "accent": _hex_colour(spec.get("accent"), kit_art._hex(kit_art.shade_of(f, 0.7))),
    }
    colours["shade"] = kit_art._hex(kit_art.shade_of(f))
    for slot in ("skin", "hair", "accent"):
        colours[f"{slot}_shade"] = kit_art._hex(kit_art.shade_of(_rgb(colours[slot])))
    return colours


BUST = (0, 2, 120, 56)      # the head-and-shoulders crop the card's art band shows (x, y, w, h)


@lru_cache(maxsize=512)
def portrait_svg(char_id: str, bust: bool = False) -> bytes:
    """The portrait of ``char_id`` as one SVG document, colours filled in: the whole 120×80 drawing, or
    its head-and-shoulders crop (``BUST``) for the narrow art band of a card."""
    colours = {k.encode(): v.encode() for k, v in portrait_colours(char_id).items()}
    body = b"\n".join(part_body(p) for p in portrait_parts(char_id))
    body = _SLOT.sub(lambda m: colours.get(m.group(1), b"#808080"), body)
    x, y, w, h = BUST if bust else (0, 0, 120, 80)
    head = f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="{x} {y} {w} {h}">\n'
    return head.encode() + body + b"\n</svg>\n"


def portrait(char_id: str, size, bust: bool = False) -> pygame.Surface:
    """``char_id``'s portrait at ``size`` (int or (w, h); the drawing keeps its proportions, centred in
    the box), cached per size."""
    return kit_art.svg_surface(portrait_svg(str(char_id), bool(bust)), size)


def emblem(faction: str, size, colour=None) -> pygame.Surface:
    """The faction's emblem (assets/art/misfits/emblem_<faction>.svg), tinted ``colour``; cached."""
    return kit_art.art(GAME, f"emblem_{faction}", size, colour)


def quest_tile(qtype: str, size) -> pygame.Surface:
    """The quest tile of ``qtype`` (assets/art/misfits/quest_<type>.svg); cached."""
    return kit_art.art(GAME, f"quest_{qtype}", size)


@lru_cache(maxsize=512)
def _band(char_id: str, faction: str, colour: tuple, w: int, h: int) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pad = max(1, h // 16)
    ph = max(1, h - 2 * pad)
    pw = min(w - 2 * pad, int(ph * BUST[2] / BUST[3]))
    ph = min(ph, int(pw * BUST[3] / BUST[2]))
    box = pygame.Rect(0, 0, pw, ph)
    box.center = (w // 2, h // 2)
    surf.blit(portrait(char_id, box.size, bust=True), box.topleft)
    pygame.draw.rect(surf, (28, 27, 34), box.inflate(2, 2), max(1, h // 22), border_radius=max(2, h // 8))
    side = (w - pw) // 2 - pad          # room beside the portrait, for the faction's emblem
    e = min(side, int(h * 0.62))
    if e >= 8:
        img = emblem(faction, e, colour)
        surf.blit(img, img.get_rect(center=(pad + side // 2, h // 2)))
    return surf


def art_band(char_id: str, faction: str, colour: tuple, size) -> pygame.Surface:
    """The card's art band: the character's head-and-shoulders portrait in the middle, framed, and the
    hero's faction emblem beside it (the emblem's shape tells the factions apart without colour)."""
    w, h = (max(1, int(v)) for v in size)
    return _band(str(char_id), str(faction), tuple(colour)[:3], w, h)


def clear_cache() -> None:
    for fn in (_spec, part_body, portrait_parts, portrait_colours, portrait_svg, _band):
        fn.cache_clear()


cardface.register_art("misfits_portrait", art_band)
