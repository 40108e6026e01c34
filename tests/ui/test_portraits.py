"""Misfit Heroes portraits (ui/games/misfits/portraits.py): every character has one, stacked from the
shared hand-written parts, drawn at any size, told apart from every other, rasterised once per size; the
card faces show them in the art band; faction emblems and quest tiles are drawn art too."""
from __future__ import annotations

import dataclasses
import re
import xml.etree.ElementTree as ET

import toytable  # noqa: F401  (headless SDL, pygame ready)

import pygame
import pytest

from gamecore.misfits.content import content, make_hero
from ui.games.misfits import faces, portraits
from ui.resources import resource_path
from ui.table import art as kit_art
from ui.table import cardface
from ui.table.icons import placeholder

CHARS = sorted(content().characters)
SLOTS = {"fill", "shade", "light", "skin", "skin_shade", "hair", "hair_shade", "accent", "accent_shade"}


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def _opaque_share(surface: pygame.Surface) -> float:
    data = _pixels(surface)
    alpha = data[3::4]
    return sum(1 for a in alpha if a > 200) / len(alpha)


def test_there_are_82_characters_and_each_has_its_own_parts():
    assert len(CHARS) == 82
    spec = portraits._spec()
    assert set(spec) == set(CHARS)
    combos = {portraits.portrait_parts(c) + tuple(sorted(portraits.portrait_colours(c).items())) for c in CHARS}
    assert len(combos) == 82                      # no two characters drawn from the same parts and colours
    for c in CHARS:
        parts = portraits.portrait_parts(c)
        assert parts[0].startswith("bg_"), c      # a backdrop first, from the character's first effect
        assert [portraits.layer_of(p) for p in parts] == sorted(portraits.layer_of(p) for p in parts)
        assert any(p.split("_")[0] in ("head", "hat", "torso", "body") for p in parts), c
        for p in parts:
            assert portraits.part_body(p), f"{c}: part {p} is missing or empty"


def test_every_part_file_is_a_hand_written_svg_on_the_portrait_grid():
    folder = resource_path("art", "misfits", "parts")
    files = sorted(folder.glob("*.svg"))
    assert len(files) > 100
    for path in files:
        text = path.read_text(encoding="utf-8")
        root = ET.fromstring(re.sub(r"\{\{[a-z_]+\}\}", "#808080", text))   # well-formed with slots filled
        assert root.get("viewBox") == "0 0 120 80", path.name
        assert set(re.findall(r"\{\{([a-z_]+)\}\}", text)) <= SLOTS, path.name
        assert portraits.layer_of(path.stem) < len(portraits.LAYERS), f"{path.name}: no layer for its prefix"
        assert "<image" not in text and "<text" not in text, path.name    # drawn, never embedded or lettered


@pytest.mark.parametrize("size", [(48, 32), (180, 120)])
def test_every_character_gets_a_portrait_at_two_sizes(size):
    blank = _pixels(placeholder(size))
    seen = {}
    for c in CHARS:
        img = portraits.portrait(c, size)
        assert img.get_size() == size, c
        pixels = _pixels(img)
        assert pixels != blank, f"{c}: the placeholder stands in (a broken document)"
        assert _opaque_share(img) > 0.9, c        # the backdrop fills the box: a whole picture
        seen.setdefault(pixels, []).append(c)
    # two different characters never look the same, even as small as on a crowded table
    assert all(len(cs) == 1 for cs in seen.values()), [cs for cs in seen.values() if len(cs) > 1]


def test_two_characters_differ_where_they_should():
    wolf, fox = portraits.portrait("c18", (120, 80)), portraits.portrait("c30", (120, 80))
    # same body, ears and head: the colours tell them apart; shapes tell the bear from the hamster
    assert portraits.portrait_parts("c18") == portraits.portrait_parts("c30")
    assert _pixels(wolf) != _pixels(fox)
    assert portraits.portrait_parts("c56") != portraits.portrait_parts("c22")
    assert portraits.portrait_svg("c01") != portraits.portrait_svg("c02")


def test_a_second_draw_is_a_cache_hit():
    kit_art.clear_cache()
    portraits.clear_cache()
    before = kit_art.document_cache_info()
    first = portraits.portrait("c40", (90, 60))
    mid = kit_art.document_cache_info()
    second = portraits.portrait("c40", (90, 60))
    after = kit_art.document_cache_info()
    assert mid.misses == before.misses + 1
    assert after.hits == mid.hits + 1 and after.misses == mid.misses
    assert second is first                        # the same surface: nothing rasterised again
    other = portraits.portrait("c40", (180, 120))  # another size: rasterised once more
    assert other.get_size() == (180, 120) and kit_art.document_cache_info().misses == mid.misses + 1


def test_the_card_face_shows_the_portrait_in_its_art_band():
    face = faces.face_for("a01", "c01")
    hero = make_hero(content().attributes["a01"], content().characters["c01"])
    assert face.art == ("misfits_portrait", "c01", hero.faction, faces.faction_colour(hero.faction))
    assert "misfits_portrait" in cardface.ART_PAINTERS
    plain = cardface.render_face(dataclasses.replace(face, art=()), (110, 154))
    drawn = cardface.render_face(face, (110, 154))
    assert _pixels(plain) != _pixels(drawn)
    # the band is only the band: title, cost and text areas are the same as without the portrait
    band_top = 5 + 20 + 1
    top = pygame.Rect(0, 0, 110, band_top)
    below = pygame.Rect(0, band_top + int(154 * 0.17) + 2, 110, 154 - band_top - int(154 * 0.17) - 2)
    assert _pixels(plain.subsurface(top)) == _pixels(drawn.subsurface(top))
    assert _pixels(plain.subsurface(below)) == _pixels(drawn.subsurface(below))
    # rendered once per size: the same surface again, and the band painter is not asked twice
    calls = []
    painter = cardface.ART_PAINTERS["misfits_portrait"]
    cardface.ART_PAINTERS["misfits_portrait"] = lambda *a: calls.append(a) or painter(*a)
    try:
        fresh = faces.face_for("a02", "c02")
        one = cardface.render_face(fresh, (96, 134))
        two = cardface.render_face(fresh, (96, 134))
    finally:
        cardface.ART_PAINTERS["misfits_portrait"] = painter
    assert one is two and len(calls) == 1


def test_every_hero_face_names_its_characters_portrait_and_faction():
    data = content()
    for attr in sorted(data.attributes)[:12]:
        for char in CHARS[::7]:
            face = faces.face_for(attr, char)
            assert face.art[0] == "misfits_portrait" and face.art[1] == char
            assert face.art[2] in ("human", "beast", "misfit")


def test_faction_emblems_and_quest_tiles_are_drawn_art():
    for faction in ("human", "beast", "misfit"):
        assert kit_art.exists("misfits", f"emblem_{faction}")
        img = portraits.emblem(faction, 40, (52, 104, 196))
        assert img.get_size() == (40, 40) and _pixels(img) != _pixels(placeholder(40))
    emblems = {_pixels(portraits.emblem(f, 40, (120, 120, 120))) for f in ("human", "beast", "misfit")}
    assert len(emblems) == 3                      # one colour, three shapes: told apart without colour
    tiles = set()
    for qtype in ("forest", "sea", "mountain", "town"):
        assert kit_art.exists("misfits", f"quest_{qtype}")
        img = portraits.quest_tile(qtype, (60, 40))
        assert img.get_size() == (60, 40) and _opaque_share(img) > 0.8
        tiles.add(_pixels(img))
    assert len(tiles) == 4


def test_an_unknown_character_or_a_missing_part_never_breaks_a_portrait(monkeypatch):
    parts = portraits.portrait_parts("c999")
    assert parts == portraits.portrait_parts("c999") and parts[0].startswith("bg_")
    assert portraits.portrait("c999", (60, 40)).get_size() == (60, 40)
    assert portraits.part_body("../../icons/app") == b"" and portraits.part_body("no_such_part") == b""
    portraits.clear_cache()
    monkeypatch.setattr(portraits, "_spec", lambda: {"c01": {"parts": ["torso_tunic", "no_such_part"]}})
    try:
        img = portraits.portrait("c01", (60, 40))
        assert img.get_size() == (60, 40) and _opaque_share(img) > 0.9
    finally:
        monkeypatch.undo()
        portraits.clear_cache()
