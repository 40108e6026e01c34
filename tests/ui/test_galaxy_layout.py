"""The Galaxy Hunters table at any window size and UI scale: what fits, what stays readable, where the
fight panel opens and which slot a dropped tile takes."""
from __future__ import annotations

import itertools

import toytable  # noqa: F401  (headless SDL before pygame)

import pygame
import pytest

from ui import i18n
from ui.games.galaxy import layout as L
from ui.table.panel import panel_rect

SIZES = [((1280, 800), 80), ((1280, 800), 100), ((1280, 800), 160), ((1600, 900), 110), ((1920, 1080), 140)]


def _viewport(size, pct):
    scale = pct / 100
    return ((size[0] - panel_rect(size, scale).width) / scale, size[1] / scale)


@pytest.fixture(autouse=True)
def _window_back():
    yield
    pygame.display.set_mode(toytable.WINDOW)


# ------------------------------------------------------------------ pure geometry


@pytest.mark.parametrize("size,pct", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_blocks_fit_the_table_without_overlap_and_the_large_board_keeps_its_designed_size(size, pct, players):
    geo = L.Geometry(_viewport(size, pct), players)
    rects = geo.rects()
    table = pygame.FRect(0, 0, *geo.size)
    for name, r in rects.items():
        assert table.contains(r.inflate(-0.01, -0.01)), (name, r, geo.size)
    for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2):
        assert not ra.inflate(-0.01, -0.01).colliderect(rb), (a, b)
    assert len(geo.seats) == players
    assert geo.seats[0][1].k >= 1.0                       # the active seat is never shrunk
    assert all(region.k >= 0.6 for _design, region in geo.seats[1:])
    assert L.TOP_K[0] <= geo.top_k <= L.TOP_K[1]


def test_a_larger_window_or_a_smaller_scale_gives_the_map_and_market_more_room():
    small = L.Geometry(_viewport((1280, 800), 100), 4)
    large = L.Geometry(_viewport((1280, 800), 80), 4)
    wide = L.Geometry(_viewport((1600, 900), 100), 4)
    assert large.top_k > small.top_k and wide.top_k > small.top_k
    assert large.size[0] > small.size[0]


def test_a_region_maps_design_rects_into_the_world():
    region = L.Region(100, 50, 0.5, dx=10, dy=20)
    assert tuple(region.r((10, 20, 40, 60))) == (100, 50, 20, 30)
    assert region.p((30, 40)) == (110, 60)


# ------------------------------------------------------------------ on a real table


def _session(players=2, seed=4):
    from gamecore.session import Seat, Session

    return Session.new("galaxy", seed, players, {}, [Seat()] + [Seat("bot", "easy") for _ in range(players - 1)])


def _to_my_turn(session, seat: int = 0):
    state = session.state
    for _ in range(200):
        d = state.pending()
        if d.kind == "turn" and d.seat == seat:
            return
        session.apply(state.legal_actions()[0])
    raise AssertionError("seat 0 never got a turn")


def _open(session, size, pct):
    from ui.games import table_for

    toytable.ensure_pygame()
    pygame.display.set_mode(size)
    app = toytable.FakeApp({"animation_speed": "off", "confirm_end_turn": False, "ui_scale": pct})
    scene = app.scenes.switch(table_for("galaxy"), session=session)
    app.frames(2)
    return app, scene


def _screen(scene, cid) -> pygame.Rect:
    return scene.world.get(cid).screen_rect(scene.camera)


@pytest.mark.parametrize("size,pct,players,lang", [((1280, 800), 80, 4, "en"), ((1280, 800), 160, 2, "ja"),
                                                   ((1280, 800), 100, 4, "ja"), ((1600, 900), 110, 3, "en")])
def test_the_whole_table_is_on_screen_and_the_active_boards_tiles_are_readable(size, pct, players, lang):
    from gamecore.galaxy.testing import give_tile

    i18n.set_language(lang)
    session = _session(players)
    _to_my_turn(session)
    for kind in ("autocannon", "armor_plate", "valor_medal"):
        give_tile(session.state, 0, kind)
    app, scene = _open(session, size, pct)
    viewport = scene.camera.viewport
    shown = [v for v in scene.world.all() if v.cid != "table:frame"]
    for v in shown:
        assert viewport.contains(v.screen_rect(scene.camera)), v.cid
    # the panel's buttons are beside the table, never over it
    assert not viewport.colliderect(scene.panel.rect)
    # the active seat's slots are at least as large on screen as designed: their titles are readable
    slot = _screen(scene, "slot:0:0")
    assert slot.width >= 62 and slot.height >= 48, slot
    assert scene.world.get("slot:0:0").tile is not None
    # the market tiles keep a usable size too
    tile = _screen(scene, "market:autocannon")
    assert tile.width >= 44, tile


def test_a_new_ui_scale_or_window_size_lays_the_table_out_again():
    session = _session(2)
    _to_my_turn(session)
    app, scene = _open(session, (1280, 800), 100)
    before = scene.geo.size
    app.settings.set("ui_scale", 80, save=False)
    scene.build_ui()
    assert scene.geo.size[0] > before[0]
    pygame.display.set_mode((1600, 900))
    app.screen = pygame.display.get_surface()
    scene.build_ui()
    assert scene.camera.viewport.width > 1000
    assert scene.camera.viewport.contains(_screen(scene, "seat:0"))


# ------------------------------------------------------------------ the fight panel


@pytest.mark.parametrize("where", ["aurel", "phyta", "uran"])
def test_the_fight_panel_never_hides_the_mutant_or_a_target_of_the_fight(where):
    from gamecore.galaxy.testing import give_tile, invade, put_uran, set_cubes, set_res

    session = _session(2)
    _to_my_turn(session)
    state = session.state
    give_tile(state, 0, "fusion_cannon")
    set_cubes(state, 0, ammo=3, energy=3)
    set_res(state, 0, rep=12)
    if where == "uran":
        put_uran(state, 0, "skitter")
        target = "uran:0"
    else:
        invade(state, where, "skitter")
        target = f"art:{where}"
    app, scene = _open(session, (1600, 900), 110)
    assert any(a.target == target for a in state.legal_actions() if a.kind == "place_mech"), target
    toytable.post_drag(toytable.screen_of(scene, "mech:0"), toytable.screen_of(scene, target))
    app.frames(3)
    assert state.pending().kind == "combat"
    panel = scene.world.get("combat").world_rect()
    frame = state.stack[-1]
    assert not panel.colliderect(scene.world.get(frame["mutant"]).world_rect())
    for a in state.legal_actions():
        for cid in (a.source, a.target):
            view = scene.world.get(cid) if cid else None
            if view is not None:
                assert not panel.colliderect(view.world_rect()), cid
    # the planets next to a planet's fight stay visible as well; at Uran, every ring planet is next to the
    # fight: the panel hides at most one planet's picture
    arts = [v for v in scene.world.all() if v.cid.startswith("art:")]
    if where == "uran":
        assert sum(panel.colliderect(v.world_rect()) for v in arts) <= 1
    else:
        for pid in ("aurel", "phyta"):
            assert not panel.colliderect(scene.world.get(f"art:{pid}").world_rect()), pid


# ------------------------------------------------------------------ which slot a dropped tile takes


def _at_the_forge(session, tiles: int):
    from gamecore.galaxy.testing import give_tile, set_res

    _to_my_turn(session)
    state = session.state
    kinds = [k for k in state.market if state.market[k] and k not in ("autocannon", "white_ship", "black_ship")]
    for k in range(tiles):
        give_tile(state, 0, next(kind for kind in kinds if state.market[kind]))
    set_res(state, 0, cr=20, alloy=3)
    ship = next(a for a in state.legal_actions() if a.kind == "place_ship" and a.target.startswith("dock:forge"))
    session.apply(ship)
    assert state.pending().kind == "buy_tile"
    return state


def _drag_and_hold(app, scene, source, target):
    ev = pygame.event.Event
    start, end = toytable.screen_of(scene, source), toytable.screen_of(scene, target)
    pygame.event.post(ev(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(ev(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for s in range(1, 9):
        p = (start[0] + (end[0] - start[0]) * s // 8, start[1] + (end[1] - start[1]) * s // 8)
        pygame.event.post(ev(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0)))
    app.frames(2)
    glowing = {v.cid for v in scene.world.all() if v.highlight == "target"}
    pygame.event.post(ev(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.frames(3)
    return glowing


def test_on_a_full_mech_the_slot_under_the_drop_is_the_one_replaced_and_only_legal_slots_glow():
    session = _session(2)
    state = _at_the_forge(session, 9)
    app, scene = _open(session, (1280, 800), 100)
    before = list(state.p[0]["tiles"])
    legal = {a.target for a in state.legal_actions() if a.kind == "buy_tile" and a.source == "market:autocannon"}
    assert len(legal) > 1
    target = "slot:0:5" if "slot:0:5" in legal else sorted(legal)[-1]
    glowing = _drag_and_hold(app, scene, "market:autocannon", target)
    assert glowing == legal
    i = int(target.rsplit(":", 1)[1])
    after = state.p[0]["tiles"]
    assert after[i].split(":")[1] == "autocannon" and after[i] != before[i]
    assert [t for k, t in enumerate(after) if k != i] == [t for k, t in enumerate(before) if k != i]


def test_with_free_slots_the_tile_shows_on_the_empty_square_it_was_dropped_on_and_every_empty_square_glows():
    session = _session(2)
    state = _at_the_forge(session, 2)
    app, scene = _open(session, (1280, 800), 100)
    square = pygame.FRect(scene.world.get("slot:0:7").world_rect())
    glowing = _drag_and_hold(app, scene, "market:autocannon", "slot:0:7")
    assert {f"slot:0:{j}" for j in range(2, 9)} <= glowing and "board:0" in glowing
    assert not {"slot:0:0", "slot:0:1"} & glowing                # the occupied squares are no target
    assert state.p[0]["tiles"][2].split(":")[1] == "autocannon"   # the engine's next free slot
    new = scene.world.get("slot:0:2")
    assert new.tile is not None and new.world_rect() == square    # shown where it was dropped
    # it stays there when the table is laid out again, and the square it left empty is free
    scene.build_ui()
    assert scene.world.get("slot:0:2").world_rect() == square
    assert len({tuple(scene.world.get(f"slot:0:{i}").world_rect().topleft) for i in range(9)}) == 9


# ------------------------------------------------------------------ the results screen


@pytest.mark.parametrize("size,players,lang", [((1600, 900), 4, "en"), ((1280, 800), 4, "ja"), ((1920, 1080), 3, "en")])
def test_the_score_table_and_the_facts_stay_above_the_bottom_buttons(size, players, lang):
    import random

    from gamecore.session import Seat, Session
    from ui.scenes.results import ResultsScene

    i18n.set_language(lang)
    session = Session.new("galaxy", 11, players, {}, [Seat()] + [Seat("bot", "random") for _ in range(players - 1)])
    rng = random.Random(3)
    while not session.state.is_over():
        session.apply(rng.choice(session.state.legal_actions()))
    toytable.ensure_pygame()
    pygame.display.set_mode(size)
    app = toytable.FakeApp()
    app.size = size
    scene = ResultsScene(app)
    scene.enter(session=session)
    surface = pygame.display.get_surface()
    scene.draw(surface)
    buttons = [b.rect for b in (scene.menu, scene.again, scene.change, scene.view_table) if b is not None]
    top = min(r.top for r in buttons)
    table, facts = scene._table_rect, scene._facts_rect
    assert table.bottom <= top and facts.bottom <= top
    assert not facts.colliderect(table)
    assert all(not facts.colliderect(r) and not table.colliderect(r) for r in buttons)


# ------------------------------------------------------------------ the draft


@pytest.mark.parametrize("width", [150, 200, 230, 320])
def test_the_taken_by_plate_sits_over_the_picture_clear_of_the_cards_name(width):
    from ui import fonts
    from ui.games.galaxy.draft import CARD, taken_plate, title_top

    rect = pygame.Rect(40, 30, width, round(width * CARD[1] / CARD[0]))
    zoom = width / CARD[0]
    for name in ("Player 4 (Normal)", "プレイヤー4（ふつう）", "You (player 1)"):
        img = fonts.fit_text(name, max(8, round(15 * zoom)), rect.width - round(20 * zoom), (255, 255, 255), True)
        plate = taken_plate(rect, img.get_size(), lambda n: max(1, round(n * zoom)))
        assert rect.contains(plate)
        assert plate.bottom <= rect.y + title_top(rect.size), (name, plate, title_top(rect.size))


@pytest.mark.parametrize("size", [(78, 48), (98, 52), (150, 60)])     # 1600x900, 1920x1080, large
def test_a_display_cards_name_is_drawn_whole_on_a_line_of_its_own_when_the_cost_leaves_too_little(size, monkeypatch):
    """Specialists and pilot upgrades: a name that does not fit beside the cost ("Favour Network" beside "3 cr" at
    1600x900 read "Favou…") moves under the cost line, whole, when the card's text still fits under it; one
    that fits stays beside it; a text that would lose a line keeps its room (the text decides)."""
    from ui import fonts
    from ui.games.galaxy import views as V

    drawn = []
    real = fonts.fit_text

    def spy(string, size_, width, colour, bold=False, minimum=7):
        drawn.append((string, size_, width))
        return real(string, size_, width, colour, bold, minimum)

    monkeypatch.setattr(fonts, "fit_text", spy)
    V.display_surface.cache_clear()
    for title in ("Targeting Optics", "Favour Network", "Repair Drone", "Ace"):
        drawn.clear()
        V.display_surface(V.DisplayFace(kind="specialist", title=title, cost="3 cr", text="+1 attack"), size)
        (string, size_, width), = [d for d in drawn if d[0] == title]
        assert fonts.font(max(7, size_ - 2), True).size(title)[0] <= width, (title, size)
    long_text = "Each upkeep costs 3 credits less, and one more line, and another, and one more again"
    drawn.clear()
    V.display_surface(V.DisplayFace(kind="specialist", title="Favour Network", cost="3 cr", text=long_text), (78, 48))
    (_s, _z, width), = [d for d in drawn if d[0] == "Favour Network"]
    assert width < 78 - 2 * 3 - 10          # kept beside the cost: the text has the room
    V.display_surface.cache_clear()


@pytest.mark.parametrize("size,pct,lang", [((1280, 800), 100, "en"), ((1280, 800), 100, "ja"),
                                           ((1600, 900), 100, "en"), ((1600, 900), 100, "ja")])
def test_every_planets_effect_is_shown_whole_above_its_docks(size, pct, lang):
    """A planet's effect ("Pay 3 cr for a face-up pilot upgrade, or ...") was cut at the dock row at 1600x900."""
    from ui.games.galaxy.views import PlanetView, scaled

    i18n.set_language(lang)
    session = _session(4)
    _to_my_turn(session)
    app, scene = _open(session, size, pct)
    planets = [v for v in scene.world.all() if isinstance(v, PlanetView) and v.effect]
    assert len(planets) >= 9
    for v in planets:
        img, room = v.effect_block(scaled(scene.camera, v))
        assert img.get_height() <= room, (v.cid, v.effect, img.get_height(), room)


def test_a_market_tiles_cost_that_does_not_fit_in_words_shows_the_resources_icons(monkeypatch):
    """At 1600x900 "3 cr + Fuel + Circuit" was cut to "3 cr + Fuel + Cir…" on a 67-pixel tile: the credits and
    one icon per resource (as on the seat boards) fit whole; a cost that fits in words keeps its words."""
    from gamecore.galaxy.content import content
    from ui import fonts
    from ui.games.galaxy import art
    from ui.games.galaxy import faces as F
    from ui.games.galaxy import views as V

    i18n.set_language("en")
    tiles = content().tiles
    asked = []
    real = art.picture
    monkeypatch.setattr(art, "picture", lambda name, size, tint=None: asked.append(name) or real(name, size, tint))
    size, width = 8, 61                                     # a 67x46 tile's cost line
    wide = [k for k, tile in tiles.items() if len(tile.get("cost", {})) >= 3]
    assert wide
    iconed = 0
    for kind in wide:
        face = F.tile_face(kind, tiles[kind], 1)
        asked.clear()
        img = V.cost_line(face, size, width)
        assert img.get_width() <= width, kind
        if fonts.font(size - 1, True).size(face.cost)[0] > width:
            assert {f"res_{what}" for what, _n in face.cost_parts if what != "cr"} <= set(asked), kind
            assert ("rep" in asked) == bool(tiles[kind].get("min_rep")), kind
            iconed += 1
    assert iconed >= 3
    cheap = next(k for k, tile in tiles.items() if list(tile.get("cost", {})) == ["cr"])
    asked.clear()
    V.cost_line(F.tile_face(cheap, tiles[cheap], 1), size, width)
    assert asked == []


def test_a_weapon_paying_ammo_and_energy_shows_its_cubes_when_the_words_take_a_third_line(monkeypatch):
    """Fusion Cannon's "Attack 6 / 2 ammo 2 energy" wrapped to three lines on a 67x46 tile and lost the last;
    it now reads "Attack 6" over the numbers with a cube in each colour, as the mech board draws cubes."""
    from gamecore.galaxy.content import content
    from ui.games.galaxy import faces as F
    from ui.games.galaxy import views as V

    i18n.set_language("en")
    tiles = content().tiles
    both = [k for k, tile in tiles.items() if tile.get("ammo") and tile.get("energy")]
    assert both
    called = []
    real = V._stats_with_cubes
    monkeypatch.setattr(V, "_stats_with_cubes", lambda *a: called.append(a[1]) or real(*a))
    V.tile_surface.cache_clear()
    for kind in both:
        called.clear()
        face = F.tile_face(kind, tiles[kind], 1)
        V.tile_surface(face, (67, 46), False)
        assert called == [(("ammo", tiles[kind]["ammo"]), ("energy", tiles[kind]["energy"]))], kind
        called.clear()
        V.tile_surface(face, (180, 124), False)           # a large tile keeps the words
        assert called == []
    V.tile_surface.cache_clear()


# ------------------------------------------------------------------ the displays' column


def test_a_wide_window_gives_the_specialists_and_pilot_upgrades_a_column_of_their_own_a_small_one_keeps_the_map(
        monkeypatch):
    narrow = L.Geometry(_viewport((1280, 800), 100), 4)
    wide = L.Geometry(_viewport((1600, 900), 110), 4)
    assert not narrow.column and wide.column
    # the column costs the map and market little of their scale (against the same window without it)
    monkeypatch.setattr(L, "COLUMN_MIN_SHARE", 99.0)
    without = L.Geometry(_viewport((1600, 900), 110), 4)
    monkeypatch.undo()
    assert not without.column
    assert L.COLUMN_MIN_SHARE * without.top_k <= wide.top_k < without.top_k
    places = wide.display_layout({"missions": 3, "specialists": 2, "pilot_upgrades": 2})
    assert places["specialists"][0] is wide.displays and places["pilot_upgrades"][0] is wide.displays
    assert places["missions"][0] is wide.map
    column = wide.displays.r((0, 0, L.COLUMN_W, L.MAP_BLOCK.height))
    for _region, area, cards in (places["specialists"], places["pilot_upgrades"]):
        assert all(area.contains(c) for c in cards) and pygame.FRect(0, 0, L.COLUMN_W, L.MAP_BLOCK.height).contains(area)
    assert not column.colliderect(wide.side.r(L.SIDE_BLOCK)) and not column.colliderect(wide.map.r(L.MAP_BLOCK))
    assert all(region is narrow.map for region, _a, _c in narrow.display_layout({"specialists": 2}).values())


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_at_1600x900_every_specialist_and_pilot_upgrade_reads_whole_at_a_readable_size(lang, monkeypatch):
    """At 1600x900 (its automatic UI scale, 110 %) a specialist's card in the map was 78x48 px and half the
    texts were cut at its edge. Every specialist and pilot upgrade of the game, drawn at the size its card
    has on that table, shows its name and its whole text at 11 px or more."""
    from gamecore.galaxy.content import content
    from ui import fonts
    from ui.games.galaxy import faces
    from ui.games.galaxy import views as V

    i18n.set_language(lang)
    session = _session(4)
    _to_my_turn(session)
    app, scene = _open(session, (1600, 900), 110)
    state = session.state
    sizes = {_screen(scene, cid).size for cid in list(state.sdisplay) + list(state.udisplay)}
    assert len(sizes) == 1
    size, = sizes
    assert size[0] >= 110 and size[1] >= 80, size
    data = content()
    cards = [faces.specialist_face(k, c) for k, c in data.specialists.items()]
    cards += [faces.upgrade_face(k, c) for k, c in data.pilot_upgrades.items()]
    drawn = []
    real_paragraph, real_fit = fonts.paragraph, fonts.fit_text

    def paragraph(string, size_, width, *a, **kw):
        img = real_paragraph(string, size_, width, *a, **kw)
        drawn.append(("text", string, size_, img.get_height()))
        return img

    def fit_text(string, size_, width, colour, bold=False, minimum=7):
        drawn.append(("name", string, size_, fonts.font(minimum, bold).size(string)[0] <= width))
        return real_fit(string, size_, width, colour, bold, minimum)

    monkeypatch.setattr(fonts, "paragraph", paragraph)
    monkeypatch.setattr(fonts, "fit_text", fit_text)
    V.display_surface.cache_clear()
    for face in cards:
        drawn.clear()
        V.display_surface(face, size)
        name = [d for d in drawn if d[0] == "name" and d[1] == face.title][-1]
        assert name[3], (face.title, size)                    # the name fits (shrunk, never cut)
        text = [d for d in drawn if d[0] == "text" and d[1] == face.text][-1]
        assert text[2] >= 11, (face.title, text)
        assert text[3] <= size[1] - fonts.font(text[2] + 2, True).get_height(), (face.title, text)
    V.display_surface.cache_clear()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_at_1600x900_every_market_tiles_name_is_whole_and_its_copies_count_is_drawn_on_the_tile(lang, monkeypatch):
    from ui import fonts
    from ui.games.galaxy import views as V

    i18n.set_language(lang)
    session = _session(4)
    _to_my_turn(session)
    app, scene = _open(session, (1600, 900), 110)
    tiles = [v for v in scene.world.all() if isinstance(v, V.TileView) and v.cid.startswith("market:")]
    assert len(tiles) >= 20
    drawn = []
    real = fonts.fit_text

    def fit_text(string, size_, width, colour, bold=False, minimum=7):
        drawn.append((string, fonts.font(minimum, bold).size(string)[0] <= width))
        return real(string, size_, width, colour, bold, minimum)

    monkeypatch.setattr(fonts, "fit_text", fit_text)
    V.tile_surface.cache_clear()
    for v in tiles:
        drawn.clear()
        V.tile_surface(v.face, _screen(scene, v.cid).size, False)
        assert all(ok for s, ok in drawn if s == v.face.name), (v.face.name, _screen(scene, v.cid).size)
    V.tile_surface.cache_clear()
    # a tile draws nothing outside itself (its copies count included): no neighbour hides the count, and no
    # count hides a section's title
    for v in tiles[:8]:
        rect = _screen(scene, v.cid)
        canvas = pygame.Surface((rect.right + 30, rect.bottom + 30))
        canvas.fill((1, 2, 3))
        v.draw(canvas, scene.camera)
        outside = canvas.copy()
        outside.fill((1, 2, 3), rect)
        assert pygame.mask.from_threshold(outside, (1, 2, 3), (1, 1, 1, 255)).count() == canvas.get_width() * \
            canvas.get_height(), v.cid
        assert v.face.copies is not None


def test_at_1600x900_a_missions_dna_tokens_fill_its_card_in_one_row_with_their_letters_inside(monkeypatch):
    """With the column, the missions' corner widens: every mission of the game (up to four tokens) shows its
    DNA tokens in one row at 18 px or more (they were 9 px, their letters under them at 7 px)."""
    from gamecore.galaxy.content import content
    from ui.games.galaxy import faces
    from ui.games.galaxy import views as V

    session = _session(4)
    _to_my_turn(session)
    app, scene = _open(session, (1600, 900), 110)
    size = _screen(scene, session.state.mdisplay[0]).size
    drawn = []
    real = V.art.picture

    def picture(name, d, *a, **kw):
        if name == "dna":
            drawn.append(d)
        return real(name, d, *a, **kw)

    monkeypatch.setattr(V.art, "picture", picture)
    V.display_surface.cache_clear()
    missions = content().missions
    assert max(sum(m["dna"].values()) for m in missions.values()) >= 4
    # the size on this test's table, and the one measured in the real window at 1600x900 (a few px smaller)
    for mid, mission in missions.items():
        for at in (size, (189, 33)):
            drawn.clear()
            V.display_surface(faces.mission_face(mid, mission), at)
            assert len(drawn) == sum(mission["dna"].values()) and min(drawn) >= 18, (mid, at, drawn)
    V.display_surface.cache_clear()
    narrow = L.Geometry(_viewport((1280, 800), 100), 4)
    assert not narrow.column and narrow.map_displays()["missions"] == L.DISPLAYS["missions"]



@pytest.mark.parametrize("lang", ["en", "ja"])
def test_at_1600x900_every_market_tiles_cost_is_shown_whole_beside_its_copies_count(lang):
    from ui.games.galaxy import views as V

    i18n.set_language(lang)
    session = _session(4)
    _to_my_turn(session)
    app, scene = _open(session, (1600, 900), 110)
    tiles = [v for v in scene.world.all() if isinstance(v, V.TileView) and v.cid.startswith("market:") and v.face.cost]
    assert len(tiles) >= 20
    from ui import fonts

    beside_cost = 0
    for v in tiles:
        w, h = _screen(scene, v.cid).size
        pad = max(2, w // 30)
        count, name_room, cost_room = V.tile_count(v.face, w, h)
        assert count is not None and (name_room > 0) != (cost_room > 0)
        assert V.cost_fits(v.face, max(7, int(h * 0.19)), w - 2 * pad - cost_room), (v.face.name, v.face.cost)
        assert fonts.font(7, True).size(v.face.name)[0] <= w - 2 * pad - name_room, v.face.name
        beside_cost += cost_room > 0
    assert beside_cost >= len(tiles) * 3 // 4           # most counts sit at the cost line's end


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_tile_on_the_mech_board_shows_its_numbers_whole_or_its_cubes(lang, monkeypatch):
    """On the mech board at 1600x900, Fusion Cannon's third line ("2 energy") was cut off and Japanese
    weapons broke "エネルギー1" in two and lost its end: a weapon whose words crowd its slot shows the
    cubes it pays; no slot's words are cut."""
    from gamecore.galaxy.content import content
    from gamecore.galaxy.testing import give_tile
    from ui import fonts
    from ui.games.galaxy import faces
    from ui.games.galaxy import views as V

    i18n.set_language(lang)
    session = _session(2)
    _to_my_turn(session)
    give_tile(session.state, 0, "autocannon")
    app, scene = _open(session, (1600, 900), 110)
    w, h = _screen(scene, "slot:0:0").size
    ic, pad = int(h * 0.46), max(2, w // 24)
    cubes, words = [], []
    real_cubes, real_paragraph = V._stats_with_cubes, fonts.paragraph
    monkeypatch.setattr(V, "_stats_with_cubes", lambda first, pays, *a: cubes.append(first) or real_cubes(first, pays, *a))

    def paragraph(string, size, width, *a, **kw):
        img = real_paragraph(string, size, width, *a, **kw)
        if kw.get("line_gap") == -2:
            words.append((string, size, width, img.get_height()))
        return img

    monkeypatch.setattr(fonts, "paragraph", paragraph)
    weapons = 0
    for kind, tile in content().tiles.items():
        face = faces.tile_face(kind, tile)
        cubes.clear()
        words.clear()
        V.slot_surface.cache_clear()
        V.slot_surface(face, (w, h))
        drawn = [d for d in words if d[0] == face.stats.replace(" · ", "\n")]
        if cubes:
            weapons += 1
            assert face.pays, kind
            continue
        string, size, width, height = drawn[-1]
        assert height <= ic + 4, (kind, string, size)
        if face.pays:                          # a weapon's words are never broken mid-word
            assert not V._crowded(string, size, width, ic + 4, -2), (kind, string)
    assert weapons >= 2                        # at least the two weapons that pay ammo and energy
    V.slot_surface.cache_clear()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_missions_cost_and_dna_tokens_stay_inside_its_card_and_a_held_mission_shows_no_cost(lang, monkeypatch):
    """A mission card at every size the table gives it (the display, and the board's row of held missions, down to
    the narrow cards of a full row): its cost is never wider than the room left of its points (cut at the card's
    edge, the board showed the tail of "2 Favour": "vour"), its DNA tokens lie side by side inside the card, and a
    mission on its owner's board shows no cost at all (its Favour is paid when it is taken)."""
    from gamecore.galaxy.content import content
    from ui import fonts
    from ui.games.galaxy import faces
    from ui.games.galaxy import views as V

    i18n.set_language(lang)
    costs, tokens = [], []
    real_fit, real_picture = fonts.fit_text, V.art.picture

    def fit_text(string, size_, width, colour, bold=False, minimum=7):
        img = real_fit(string, size_, width, colour, bold, minimum)
        costs.append((string, img.get_width()))
        return img

    def picture(name, d, *a, **kw):
        if name == "dna":
            tokens.append(d)
        return real_picture(name, d, *a, **kw)

    monkeypatch.setattr(fonts, "fit_text", fit_text)
    monkeypatch.setattr(V.art, "picture", picture)
    V.display_surface.cache_clear()
    try:
        for mid, mission in content().missions.items():
            n = sum(mission["dna"].values())
            held = faces.mission_face(mid, mission, held=True)
            assert held.cost == "" and held.dna == faces.mission_face(mid, mission).dna
            # the map's corner at 1280x800 and larger, the wide corner beside the column, and the board's row
            # of 1 to 5 held and done missions (66 wide alone, (210 - 4 (n - 1)) / n each for n > 3)
            board = [(66, 44)] + [(int((3 * 70 - 4 * (k - 1)) / k), 44) for k in (4, 5)]
            for w, h in [(92, 38), (96, 64), (189, 33)] + board:
                pad = max(3, w // 28)
                face = faces.mission_face(mid, mission)
                costs.clear()
                V.display_surface(face, (w, h))
                drawn = [width for string, width in costs if string == face.cost]
                assert (w, h) in board or drawn and drawn[0] <= V._cost_right(face, w, pad, max(8, min(14, int(h * 0.22)))) - pad, \
                    (mid, (w, h), face.cost, drawn)
                for f in (face, held) if (w, h) in board else (face,):
                    tokens.clear()
                    V.display_surface.cache_clear()
                    V.display_surface(f, (w, h))
                    assert len(tokens) == n and n * tokens[0] + 2 * (n - 1) <= w - 2 * pad, (mid, (w, h), tokens)
    finally:
        V.display_surface.cache_clear()
