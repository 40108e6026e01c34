"""The Heroes of the Grid pictures: assets/art/rangers/<name>.svg through the kit's art loader
(``ui.table.art``: rasterised once per (file, colour, size), a neutral stand-in for a broken file).

Pieces: ``ranger_<colour>`` (a helmeted bust, tinted by the suit colour), ``foe_<id>`` (each enemy's
own silhouette), ``zord_<id>`` (tinted by the owner's colour), ``die_*`` (the combat die's faces),
``loc_<id>`` (a location scene whose sky takes the side / panic colour) and ``deploy_back`` (a
deployment card back in its location's tone). The composed surfaces below (a location tile with its
scrim, a figure with its colour-blind badge, a deployment back) are cached per size too, so a frame
only blits. Views call these; nothing here knows a rule.
"""
from __future__ import annotations

from functools import lru_cache

import pygame

from ui.table import art as kit_art
from ui.table.cardface import register_art
from ui.table.palette import draw_shape

GAME = "rangers"

RANGERS = ("red", "black", "blue", "yellow", "pink", "green")
FOES = ("putty", "super_putty", "bones", "knasty", "woe", "pudgy", "rita", "cyclopsis")
LOCATIONS = ("juice_bar", "park", "industrial", "high_school", "command_center")
ZORDS = ("tyrannosaurus", "mastodon", "triceratops", "sabertooth", "pterodactyl", "dragonzord", "megazord")
DIE_FACES = {0: "die_blank", 1: "die_hit1", 2: "die_hit2"}

MEGAZORD_GOLD = (200, 170, 60)
ART_RATIO = 0.2          # the art band's share of an enemy, zord or deployment card (the kit's usual: 0.17)
# the sky of a location tile: side A at dusk, side B at night, alarm red when the location panics
SKY = {"A": (242, 177, 52), "B": (52, 72, 128), "panic": (200, 62, 52)}
# the tone of a deployment card back, by the location it names (the picture in its window differs too)
LOC_TONES = {"juice_bar": (242, 140, 40), "park": (95, 143, 62), "industrial": (91, 107, 128),
             "high_school": (181, 82, 58), "command_center": (63, 193, 201)}
INK = (28, 27, 34)


def _wh(size) -> tuple[int, int]:
    if isinstance(size, (int, float)):
        return max(1, int(size)), max(1, int(size))
    return max(1, int(size[0])), max(1, int(size[1]))


def exists(name: str) -> bool:
    return bool(name) and kit_art.exists(GAME, name)


def picture(name: str, size, colour=None) -> pygame.Surface:
    """``assets/art/rangers/<name>.svg`` at ``size``, its colour slots tinted by ``colour``; cached, shared
    (never draw on it)."""
    return kit_art.art(GAME, str(name), size, colour)


def ranger_art(rid: str, size, colour) -> pygame.Surface:
    return picture(f"ranger_{rid}", size, colour)


def foe_art(foe: str, size) -> pygame.Surface:
    return picture(f"foe_{foe}", size)


def zord_art(zid: str, size, colour=None) -> pygame.Surface:
    return picture(f"zord_{zid}", size, MEGAZORD_GOLD if zid == "megazord" or colour is None else colour)


def die_art(value: int | None, size) -> pygame.Surface:
    return picture(DIE_FACES.get(max(0, min(2, int(value or 0)))), size)


def foe_of(cid: str) -> str | None:
    """The enemy a figure view shows, from its id: ``fs:<type>:<loc>``, ``big:<foe>``, ``figure:cyclopsis``."""
    parts = str(cid).split(":")
    if len(parts) >= 2 and parts[0] in ("fs", "big"):
        return parts[1]
    if parts[0] == "figure" and len(parts) == 2:
        return parts[1]
    return None


# ------------------------------------------------------------------ card art (CardFace.art)


def _paint_card_art(name: str, *rest) -> pygame.Surface:
    """The kit's art painter "rangers": ``(name[, colour], (w, h))`` -> the picture centred in the band."""
    size = rest[-1]
    return picture(name, size, rest[0] if len(rest) > 1 else None)


register_art(GAME, _paint_card_art)


def card_art(kind: str, key: str, colour=None) -> tuple:
    """The ``CardFace.art`` of a card (painter "rangers", picture name[, colour]): what its art band
    shows ("foe", "zord"); () when there is no picture, so the face keeps its icon."""
    if kind == "foe" and exists(f"foe_{key}"):
        return (GAME, f"foe_{key}")
    if kind == "ranger" and exists(f"ranger_{key}"):
        return (GAME, f"ranger_{key}", tuple(colour[:3]) if colour is not None else None)
    if kind == "zord" and exists(f"zord_{key}"):
        c = MEGAZORD_GOLD if key == "megazord" or colour is None else tuple(colour[:3])
        # the art band is the card frame's colour, softened: the zord stands out a tone darker (a light
        # tone on a dark frame)
        lum = 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2]
        c = kit_art.shade_of(c, 0.62) if lum > 100 else kit_art.light_of(c, 0.5)
        return (GAME, f"zord_{key}", c)
    return ()


# ------------------------------------------------------------------ composed pieces (cached per size)


# A location picture is rasterised at one of these scales of its viewBox (the smallest that covers the
# tile, the last one above that) and the crop scaled to the tile: every zoom step makes a new tile size,
# and a picture per size would keep megabytes per wheel notch in the kit's cache.
COVER_SCALES = (1.5, 3.0, 5.0)


def _cover(name: str, w: int, h: int, colour) -> pygame.Surface:
    """The picture scaled to cover ``(w, h)``, cropped at the centre."""
    data_w, data_h = (240, 60) if name == "loc_command_center" else (120, 80)
    k = max(w / data_w, h / data_h)
    kb = next((c for c in COVER_SCALES if c >= k), COVER_SCALES[-1])
    full = picture(name, (round(data_w * kb), round(data_h * kb)), colour)
    crop = pygame.Rect(0, 0, max(1, round(w * kb / k)), max(1, round(h * kb / k)))
    crop.center = full.get_rect().center
    part = full.subsurface(crop.clip(full.get_rect()))
    return part.copy() if part.get_size() == (w, h) else pygame.transform.smoothscale(part, (w, h))


def _rounded(surf: pygame.Surface, radius: int) -> pygame.Surface:
    mask = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(0, radius))
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return surf


@lru_cache(maxsize=12)
def _tile(lid: str, side: str, panic: bool, w: int, h: int, radius: int) -> pygame.Surface:
    sky = SKY["panic"] if panic else SKY.get(side, SKY["A"])
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    surf.fill(sky)                  # under the picture: its edges stay opaque after scaling
    if exists(f"loc_{lid}"):
        surf.blit(_cover(f"loc_{lid}", w, h, sky), (0, 0))
    else:
        surf.fill((30, 44, 40))
    # a scrim so the title, the counts, the B-side text and the figures read on the picture: the whole
    # tile dimmed, the top band (title, note, effect) darker still, fading towards the middle
    veil = pygame.Surface((w, h), pygame.SRCALPHA)
    veil.fill((12, 14, 20, 150 if not panic else 120))
    band = max(1, int(h * 0.6))
    for y in range(band):
        a = int(155 * (1 - y / band) ** 1.2)
        pygame.draw.line(veil, (12, 14, 20, a), (0, y), (w, y))
    surf.blit(veil, (0, 0))
    if panic:          # alarm: a red wash over the whole tile, on top of the red sky
        wash = pygame.Surface((w, h), pygame.SRCALPHA)
        wash.fill((150, 20, 16, 70))
        surf.blit(wash, (0, 0))
    return _rounded(surf, radius)


def location_tile(lid: str, side: str, panic: bool, size, radius: int) -> pygame.Surface:
    """A location's illustrated tile at ``size``: its picture (sky by side A/B, red when panicked) under a
    scrim that keeps the text and figures readable; cached per (location, side, panic, size)."""
    w, h = _wh(size)
    return _tile(str(lid), "B" if side == "B" else "A", bool(panic), w, h, int(radius))


@lru_cache(maxsize=16)
def _deploy_back(lid: str, w: int, h: int) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    # the window of deploy_back.svg: x 9..41, y 6..40 on its 50x70 grid
    window = pygame.Rect(round(w * 9 / 50), round(h * 6 / 70), round(w * 32 / 50), round(h * 34 / 70))
    if exists(f"loc_{lid}") and window.width > 2 and window.height > 2:
        surf.blit(_cover(f"loc_{lid}", window.width, window.height, SKY["A"]), window.topleft)
    surf.blit(picture("deploy_back", (w, h), LOC_TONES.get(lid, (64, 58, 92))), (0, 0))
    return surf


def deploy_back(lid: str | None, size) -> pygame.Surface:
    """The back of a deployment card naming location ``lid`` (the location's tone and picture); cached."""
    w, h = _wh(size)
    return _deploy_back(str(lid or ""), w, h)


@lru_cache(maxsize=256)
def _figure(name: str, colour: tuple | None, d: int, shape: str, colorblind: bool) -> pygame.Surface:
    surf = pygame.Surface((d, d), pygame.SRCALPHA)
    surf.blit(picture(name, d, colour), (0, 0))
    if shape:      # the palette's shape as a badge (larger with the colour-blind palette)
        b = max(6, int(d * (0.42 if colorblind else 0.34)))
        rect = pygame.Rect(d - b, d - b, b, b)
        draw_shape(surf, shape, colour or (200, 200, 200), rect, outline=(245, 245, 240) if colorblind else INK,
                   width=max(1, b // 8))
    return surf


@lru_cache(maxsize=256)
def _foe_figure(foe: str, d: int, base: tuple | None) -> pygame.Surface:
    surf = pygame.Surface((d, d), pygame.SRCALPHA)
    if base is not None:   # a figure base in the enemy's colour (the experience track's colour too)
        ring = pygame.Rect(round(d * 0.14), round(d * 0.84), round(d * 0.72), max(2, round(d * 0.15)))
        pygame.draw.ellipse(surf, base, ring)
        pygame.draw.ellipse(surf, INK, ring, max(1, d // 24))
    pic = picture(f"foe_{foe}", d)
    # a pale rim around the silhouette (a sticker's edge) so small figures stand out on a busy tile
    rim = pygame.mask.from_surface(pic, 127).to_surface(setcolor=(240, 236, 222, 235), unsetcolor=(0, 0, 0, 0))
    k = max(1, d // 28)
    for dx, dy in ((-k, 0), (k, 0), (0, -k), (0, k)):
        surf.blit(rim, (dx, dy))
    surf.blit(pic, (0, 0))
    return surf


def foe_figure(foe: str, d: int, base=None) -> pygame.Surface:
    """An enemy's figure at ``d`` pixels, standing on a base of colour ``base``; cached."""
    return _foe_figure(str(foe), max(4, int(d)), None if base is None else tuple(base[:3]))


def ranger_figure(rid: str, colour, d: int, shape: str = "", colorblind: bool = False) -> pygame.Surface:
    """A ranger's helmeted bust at ``d`` pixels with the palette shape as a badge; cached."""
    return _figure(f"ranger_{rid}", tuple(colour[:3]), max(4, int(d)), str(shape or ""), bool(colorblind))


def clear_cache() -> None:
    for fn in (_tile, _deploy_back, _figure, _foe_figure):
        fn.cache_clear()
    kit_art.clear_cache()


def cache_info() -> dict:
    """Hits and misses of the kit's rasteriser and of the composed pieces (tests check a second draw
    rasterises nothing)."""
    return {"svg": kit_art.cache_info(), "tile": _tile.cache_info(), "deploy_back": _deploy_back.cache_info(),
            "figure": _figure.cache_info(), "foe": _foe_figure.cache_info()}
