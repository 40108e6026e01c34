"""The Galaxy Hunters table: its art, the star-map layout and the pieces drawn from plain values."""
from __future__ import annotations

import itertools

import toytable  # noqa: F401  (headless SDL before pygame)

import pygame
import pytest

from ui import i18n
from ui.games.galaxy import art, faces, layout as L, views as V
from ui.table.camera import Camera
from ui.table.views import World

PLANETS = [("prim", 1), ("ferrum", 2), ("lumen", 3), ("phyta", 4), ("aurel", 5), ("cinder", 6), ("drydock", 7),
           ("forge", None), ("nexus", None), ("halo", None)]


# ------------------------------------------------------------------ art


def test_every_component_kind_has_its_own_svg_and_it_rasterises_at_the_size_asked():
    names = ([f"planet_{p}" for p in art.PLANET_ART] + [f"mech_{m}" for m in art.MECH_ART]
             + [f"pilot_{p}" for p in art.PILOT_ART] + [f"mutant_{s}" for s in art.SPECIES]
             + [f"res_{r}" for r in art.RESOURCES] + [f"icon_{i}" for i in art.BLUEPRINT_ICONS]
             + ["icon_medal", "icon_merchant", "mutant_back", "mutant_back_red", "ship", "ship_hired", "mech", "rep",
                "dna", "star", "lock", "credit", "radiation", "hull", "debt", "repair", "recall", "pilot_upgrade"])
    for name in names:
        assert art.exists(name), name
        img = art.picture(name, (37, 29))
        assert img.get_size() == (37, 29)
        # drawn, not the neutral stand-in: some pixel is opaque and not the placeholder grey
        px = {tuple(img.get_at((x, y))) for x in range(0, 37, 3) for y in range(0, 29, 3)}
        assert any(p[3] > 0 and p[:3] not in ((170, 170, 170), (90, 90, 90)) for p in px), name


def test_tinted_pieces_take_the_seat_colour_and_a_missing_file_does_not_crash():
    red = art.picture("ship", 40, (220, 40, 40))
    centre = red.get_at((20, 24))
    assert centre.r > 150 and centre.g < 80 and centre.b < 80
    assert art.picture("ship", 40) is art.picture("ship", 40)           # cached
    assert art.picture("no_such_piece", 20).get_size() == (20, 20)


# ------------------------------------------------------------------ the star map layout


def test_planet_cells_fill_the_map_without_overlap_and_planets_run_clockwise_in_invasion_order():
    cells = {key: L.planet_cell(num, key) for key, num in PLANETS}
    cells["uran"] = L.planet_cell(None, "uran")
    areas = dict(cells, **{f"display:{k}": pygame.FRect(r) for k, r in L.DISPLAYS.items()})
    for (a, ra), (b, rb) in itertools.combinations(areas.items(), 2):
        assert not ra.colliderect(rb), (a, b)
    for key, r in areas.items():
        assert L.MAP.contains(r), key
    # 1 at the top, then clockwise around Uran
    centre = pygame.Vector2(L.RING_CENTRE)
    angles = [pygame.Vector2(cells[k].center - centre).as_polar()[1] % 360 for k, n in PLANETS if n]
    assert cells["prim"].centery < cells["uran"].top
    assert angles == sorted(angles, key=lambda a: (a - 270) % 360)


def test_docks_fit_their_planet_and_uran_spots_do_not_overlap():
    for key, num in PLANETS:
        parts = L.planet_parts(L.planet_cell(num, key))
        docks = L.dock_rects(parts["docks"], 3)
        for d in docks:
            assert L.planet_cell(num, key).contains(d)
            assert not d.colliderect(parts["art"])
        for a, b in itertools.combinations(docks, 2):
            assert not a.colliderect(b)
    up = L.uran_parts(L.planet_cell(None, "uran"))
    rects = up["spots"] + [up["pile"]]
    for a, b in itertools.combinations(rects, 2):
        assert not a.colliderect(b)
    for r in rects:
        assert L.planet_cell(None, "uran").contains(r)


def test_markets_tracks_and_seats_fit_the_world_without_overlap():
    sections = L.market_sections({"weapon": 8, "system": 6, "prestige": 8})
    blocks = [L.REP, L.ROUND_TRACK, L.MAP] + [r for r, _tiles in sections.values()]
    for rect, tiles in sections.values():
        assert all(rect.contains(t) for t in tiles)
        assert rect.bottom <= L.SEATS.top
    for players in (2, 3, 4):
        seats = L.seat_rects(players)
        assert len(seats) == players
        for a, b in itertools.combinations(seats + blocks, 2):
            assert not pygame.FRect(a).colliderect(pygame.FRect(b)), (a, b)
        assert all(L.world_rect().contains(s) for s in seats)
    # near 1:1 beside the side panel at 1600x900: the table is readable without zooming
    cam = Camera((0, 0, 1600 - 340, 900))
    cam.fit(L.world_rect().inflate(40, 40))
    assert cam.zoom >= 0.85


# ------------------------------------------------------------------ texts from the content


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_planet_effects_costs_and_marks_are_composed_in_both_languages(lang):
    i18n.set_language(lang)
    text = faces.option_text([[{"do": "repair", "n": 5}], [{"do": "buy_tile", "section": "system"}]])
    assert "5" in text and "{" not in text and "galaxy." not in text
    cost = faces.cost_text({"cr": 5, "isotope": 2, "circuit": 1})
    assert "5" in cost and "2" in cost and "galaxy." not in cost
    assert [faces.dock_mark(m) for m in ("all", "3", "4", "rep4", "rep12")] == ["●", "3", "4", "☆4", "☆12"]
    face = faces.tile_face("fusion_cannon", {"section": "weapon", "icon": "hvy", "attack": 6, "ammo": 2, "energy": 2,
                                             "cost": {"cr": 5}}, copies=1)
    assert "6" in face.stats and face.icon == "icon_hvy"


# ------------------------------------------------------------------ pieces draw from plain values


def _draw(world, size=(1260, 900)):
    surf = pygame.Surface(size)
    cam = Camera((0, 0, *size))
    cam.fit(L.world_rect())
    world.changed()
    world.draw(surf, cam)
    return surf, cam


def test_a_locked_dock_shows_its_lock_and_an_occupied_dock_its_ship_in_the_seat_colour():
    world = World()
    world.add(V.DockView("dock:open", (10, 10, 30, 30), marks="3"))
    world.add(V.DockView("dock:locked", (50, 10, 30, 30), marks="☆8", locked=True))
    world.add(V.DockView("dock:taken", (90, 10, 30, 30), marks="●", ships=(0,)))
    surf = pygame.Surface((140, 60))
    cam = Camera((0, 0, 140, 60))
    world.changed()
    world.draw(surf, cam)
    seat = world.palette.seat_colour(0)
    taken = [tuple(surf.get_at((x, y)))[:3] for x in range(92, 118) for y in range(12, 38)]
    assert any(sum(abs(a - b) for a, b in zip(p, seat)) < 60 for p in taken)
    locked = [tuple(surf.get_at((x, y)))[:3] for x in range(62, 84) for y in range(6, 24)]
    assert any(p[0] > 180 and p[1] > 180 and p[2] > 180 for p in locked)       # the grey-white padlock


def test_a_planet_is_hit_only_on_its_round_art_and_the_star_map_never_takes_a_drop():
    cell = L.planet_cell(1, "prim")
    parts = L.planet_parts(cell)
    view = V.PlanetView("art:prim", parts["art"], cell, key="prim", name="Prim", number=1)
    assert view.hit(parts["art"].center)
    assert not view.hit(parts["art"].topleft)
    assert not V.StarMapView("map", L.MAP).hit((10, 10))
