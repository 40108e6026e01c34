"""Heroes of the Grid art: every component in the data has its own hand-written SVG, it renders at
two sizes, distinct pieces look different (in silhouette, not only in colour), and the table draws
from the cache (a second frame rasterises nothing)."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from itertools import combinations

import toytable as tt

import pygame
import pytest

from gamecore.rangers import testing as T
from gamecore.rangers.content import content
from gamecore.session import Seat, Session
from ui.games import table_for
from ui.games.rangers import art as A
from ui.games.rangers import faces as F
from ui.games.rangers.views import CombatDie, DeployPile, LocationView, PawnGroup, RangerFigure
from ui.resources import resource_path
from ui.table import art as kit_art
from ui.table.camera import Camera
from ui.table.cardface import CardFace, render_face
from ui.table.icons import placeholder
from ui.table.palette import COLORBLIND, NORMAL

SIZES = ((24, 24), (96, 96))
GREY = (150, 150, 150)


def _names() -> dict[str, list[str]]:
    C = content()
    foes = sorted(C.foe_kind)          # foot soldiers, monsters, bosses and Cyclopsis
    assert set(C.fs_types) | set(C.monsters) | set(C.bosses) <= set(foes) and "cyclopsis" in foes
    return {
        "ranger": [f"ranger_{r}" for r in C.rangers],
        "foe": [f"foe_{f}" for f in foes],
        "zord": [f"zord_{z}" for z in list(C.zords) + [C.megazord["id"]]],
        "loc": [f"loc_{lid}" for lid in list(C.locations) + ["command_center"]],
        "die": [A.DIE_FACES[v] for v in sorted(set(C.comp["die"]))],
    }


def _bytes(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def _silhouette(surface: pygame.Surface) -> bytes:
    """The alpha channel only: what the piece looks like as a solid black shape."""
    return bytes(pygame.image.tobytes(surface, "RGBA")[3::4])


@pytest.fixture(autouse=True)
def _fresh_art():
    A.clear_cache()
    yield
    A.clear_cache()


# ------------------------------------------------------------------ every component has art


def test_every_component_in_the_data_has_art_that_renders_at_two_sizes():
    for kind, names in _names().items():
        assert names, kind
        for name in names:
            assert A.exists(name), f"assets/art/rangers/{name}.svg is missing"
            for size in SIZES if kind != "loc" else ((60, 40), (240, 160)):
                img = A.picture(name, size, GREY)
                assert img.get_size() == size
                assert _bytes(img) != _bytes(placeholder(size)), f"{name} at {size} did not rasterise"
                assert pygame.mask.from_surface(img).count() > size[0] * size[1] * 0.15, name


def test_every_deployment_back_and_location_tile_is_drawn():
    C = content()
    backs = {info["back"] for info in C.deploy_cards.values() if info["back"]}
    assert backs == set(C.locations)
    for lid in backs:
        for size in ((44, 62), (80, 108)):
            img = A.deploy_back(lid, size)
            assert img.get_size() == size and pygame.mask.from_surface(img).count() > size[0] * size[1] * 0.8
    for lid in list(C.locations) + ["command_center"]:
        for side in ("A", "B"):
            tile = A.location_tile(lid, side, False, (300, 150), 10)
            assert tile.get_size() == (300, 150)
            assert tile.get_at((150, 75)).a == 255 and tile.get_at((0, 0)).a < 255     # rounded corners


def test_the_svg_files_follow_the_art_direction():
    folder = resource_path("art", "rangers")
    files = sorted(folder.glob("*.svg"))
    assert len(files) >= 30
    for path in files:
        root = ET.parse(path).getroot()          # well-formed XML
        tags = {el.tag.split("}")[-1] for el in root.iter()}
        assert "text" not in tags and "image" not in tags, path.name     # no text, nothing embedded
        assert root.get("viewBox") in ("0 0 64 64", "0 0 120 80", "0 0 240 60", "0 0 50 70"), path.name
        assert "#1c1b22" in path.read_text(), f"{path.name} has no ink outline"


# ------------------------------------------------------------------ distinct pieces differ


@pytest.mark.parametrize("kind", ["ranger", "foe", "zord", "die"])
def test_distinct_pieces_differ_in_silhouette(kind):
    # drawn in one colour, so what tells them apart is the shape (the colour-blind rule)
    shapes = {name: _silhouette(A.picture(name, 48, GREY)) for name in _names()[kind]}
    for a, b in combinations(shapes, 2):
        if kind == "die":            # the die faces share the outline; their faces differ
            assert _bytes(A.picture(a, 48)) != _bytes(A.picture(b, 48)), (a, b)
        else:
            assert shapes[a] != shapes[b], (a, b)


def test_locations_differ_and_their_sides_and_panic_show():
    names = _names()["loc"]
    tiles = {lid: _bytes(A.location_tile(lid[4:], "A", False, (200, 100), 8)) for lid in names}
    assert len(set(tiles.values())) == len(names)
    a = A.location_tile("park", "A", False, (200, 100), 8)
    b = A.location_tile("park", "B", False, (200, 100), 8)
    panic = A.location_tile("park", "A", True, (200, 100), 8)
    assert _bytes(a) != _bytes(b) != _bytes(panic)
    # the sky (top corner, under the scrim) is warm on side A, cool at night on side B, red in a panic
    sa, sb, sp = (t.get_at((100, 4)) for t in (a, b, panic))
    assert sa.r > sa.b and sb.b > sb.r and sp.r > 2 * sp.g
    backs = {lid: _bytes(A.deploy_back(lid, (50, 70))) for lid in content().locations}
    assert len(set(backs.values())) == len(backs)


def test_ranger_figures_keep_the_palette_shape_as_a_badge():
    plain = A.ranger_figure("red", F.ranger_colour("red"), 48)
    badged = A.ranger_figure("red", F.ranger_colour("red"), 48, "circle")
    cb = A.ranger_figure("red", F.ranger_colour("red"), 48, "circle", colorblind=True)
    assert _bytes(plain) != _bytes(badged) != _bytes(cb)
    # the badge sits in the lower-right corner, where the bust alone is empty
    assert plain.get_at((46, 40)).a == 0 and badged.get_at((44, 42)).a == 255


def test_the_figure_ids_name_their_enemy():
    assert A.foe_of("fs:super_putty:park") == "super_putty"
    assert A.foe_of("big:rita") == "rita"
    assert A.foe_of("figure:cyclopsis") == "cyclopsis"
    assert A.foe_of("ranger:red") is None and A.foe_of("") is None


# ------------------------------------------------------------------ cards show their art


def test_enemy_zord_and_deployment_faces_carry_their_picture():
    C = content()
    for cid in C.enemy_of:
        face = F.enemy_face(cid)
        assert face.art == ("rangers", f"foe_{C.enemy_deck[cid]}"), cid
    for zid in list(C.zords) + [C.megazord["id"]]:
        assert F.zord_face(zid).art[:2] == ("rangers", f"zord_{zid}")
    red = F.zord_face("tyrannosaurus").art[2]
    assert red[0] > red[1] and red != F.ranger_colour("red")      # red, a tone apart from its frame
    for did, info in C.deploy_cards.items():
        if F.face_for(did) is not None:
            assert F.face_for(did).art == ("rangers", f"foe_{info['foe']}")


def test_a_face_with_art_draws_it_in_the_art_band_and_a_broken_name_never_crashes():
    base = CardFace(title="Swarm", frame=(96, 92, 112), art_icon="human")
    with_art = CardFace(title="Swarm", frame=(96, 92, 112), art_icon="human", art=("rangers", "foe_putty"))
    broken = CardFace(title="Swarm", frame=(96, 92, 112), art=("rangers", "no_such_picture"))
    a, b = render_face(base, (110, 154)), render_face(with_art, (110, 154))
    band = pygame.Rect(10, 28, 90, 22)
    assert _bytes(a.subsurface(band)) != _bytes(b.subsurface(band))
    assert render_face(broken, (110, 154)).get_size() == (110, 154)


# ------------------------------------------------------------------ views draw from the cache


def _views():
    C = content()
    return [
        LocationView("loc:park", (0, 0, 300, 150), name="Park", limit=6, count=2, panic=False),
        LocationView("loc:juice_bar", (0, 160, 300, 150), name="Bar", limit=5, count=4, panic=True, effect="B"),
        LocationView("loc:command_center", (0, 320, 600, 136), name="CC", limit=None, count=0, panic=False,
                     centre=True, energy=3),
        PawnGroup("fs:putty:park", (10, 30, 120, 40), count=3, colour=F.foe_colour("putty"), name="Putty"),
        PawnGroup("big:rita", (140, 30, 96, 50), count=1, colour=F.foe_colour("rita"), name="Rita", big=True),
        PawnGroup("figure:cyclopsis", (240, 30, 100, 50), count=1, colour=F.foe_colour("cyclopsis"),
                  name="Cyclopsis", big=True),
        RangerFigure("ranger:pink", (40, 120), size=32, colour=F.ranger_colour("pink"), shape="star", label="Kim"),
        CombatDie("die:0", (100, 120), size=30, value=2),
        DeployPile("deck:deployment", (320, 0, 80, 108), count=5, label="Park", loc="park",
                   back_colour=F.DEPLOY_BACK),
    ] + [PawnGroup(f"fs:{ft}:park", (10, 80, 120, 40), count=2, colour=F.foe_colour(ft), name=ft) for ft in C.fs_types]


@pytest.mark.parametrize("palette", [NORMAL, COLORBLIND], ids=["normal", "colourblind"])
def test_a_second_draw_of_every_view_rasterises_nothing(palette):
    surface = pygame.Surface((700, 480), pygame.SRCALPHA)
    camera = Camera((0, 0, 700, 480))
    views = _views()
    for v in views:
        v.palette = palette
        v.draw(surface, camera)
    first = A.cache_info()
    assert first["svg"].misses > 0
    for v in views:
        v.draw(surface, camera)
    second = A.cache_info()
    for part in first:
        assert second[part].misses == first[part].misses, part
    assert second["svg"].hits + second["tile"].hits + second["figure"].hits + second["foe"].hits > \
        first["svg"].hits + first["tile"].hits + first["figure"].hits + first["foe"].hits


def test_the_views_draw_the_art_not_the_old_shapes():
    camera = Camera((0, 0, 400, 200))
    a = pygame.Surface((400, 200), pygame.SRCALPHA)
    b = pygame.Surface((400, 200), pygame.SRCALPHA)
    PawnGroup("fs:putty:park", (10, 10, 120, 40), count=2, colour=(120, 118, 140), name="P").draw(a, camera)
    PawnGroup("fs:super_putty:park", (10, 10, 120, 40), count=2, colour=(120, 118, 140), name="P").draw(b, camera)
    assert _bytes(a) != _bytes(b)          # same colour, same count: only the silhouettes differ
    die = [pygame.Surface((40, 40), pygame.SRCALPHA) for _ in range(3)]
    for v, s in enumerate(die):
        CombatDie("die:0", (20, 20), size=30, value=v).draw(s, Camera((0, 0, 40, 40)))
    assert len({_bytes(s) for s in die}) == 3


def test_the_real_table_draws_a_second_frame_from_the_cache():
    session = Session.new("rangers", 7, 4, {"locations": "B"}, [Seat() for _ in range(4)])
    T.draw_openings(session)
    app = tt.FakeApp({"animation_speed": "off", "confirm_end_turn": False})
    scene = app.scenes.switch(table_for("rangers"), session=session)
    app.frames(3)
    assert any(isinstance(v, RangerFigure) for v in scene.world.all())
    before = A.cache_info()
    scene.world.forget_picture()             # paint every view again (not only what changed)
    app.frames(2)
    after = A.cache_info()
    for part in before:
        assert after[part].misses == before[part].misses, part
    assert kit_art.cache_info().misses > 0          # the pictures went through the kit's rasteriser once
    assert sum(i.hits for i in after.values()) > sum(i.hits for i in before.values())


@pytest.mark.parametrize("foe", ["putty", "super_putty", "bones", "rita"])
def test_enemy_figures_stay_inside_their_view(foe):
    # the B-side text sits right above a location's figures: nothing may be drawn over it
    surface = pygame.Surface((300, 200), pygame.SRCALPHA)
    big = foe not in content().fs_types
    cid = f"big:{foe}" if big else f"fs:{foe}:park"
    view = PawnGroup(cid, (20, 80, 140, 50 if big else 40), count=1 if big else 4, colour=F.foe_colour(foe), name=foe,
                     big=big)
    view.draw(surface, Camera((0, 0, 300, 200)))
    above = pygame.mask.from_surface(surface.subsurface(pygame.Rect(0, 0, 300, 80)))
    assert above.count() == 0
    assert pygame.mask.from_surface(surface).count() > 300
