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
    # at 1600x900 (UI scale 110 %, beside the side panel) the table fits at the scale asked: the
    # active board at least at its designed size, the markets readable without zooming
    from ui.table.panel import panel_rect
    scale = 1.1
    viewport = (1600 - panel_rect((1600, 900), scale).width, 900)
    geo = L.Geometry((viewport[0] / scale, viewport[1] / scale), 4)
    cam = Camera((0, 0, *viewport))
    cam.fit(pygame.Rect(0, 0, *geo.size).inflate(40, 40))
    assert cam.zoom >= scale * 0.98
    assert cam.zoom * geo.seats[0][1].k >= 1.0 and cam.zoom * geo.top_k >= 0.75


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


# ------------------------------------------------------------------ the table on a real game (needs the engine)


def _engine():
    return pytest.importorskip("gamecore.galaxy.state", reason="the Galaxy Hunters engine has not landed here")


def _app(size=(1600, 900), settings=None):
    toytable.ensure_pygame()
    pygame.display.set_mode(size)
    app = toytable.FakeApp({"animation_speed": "off", "confirm_end_turn": False, **(settings or {})})
    return app


@pytest.fixture(autouse=True)
def _window_back():
    yield
    pygame.display.set_mode(toytable.WINDOW)


def _to_my_turn(session, seat: int = 0):
    """Play every decision before seat ``seat``'s first ordinary turn with the first legal action."""
    state = session.state
    for _ in range(200):
        d = state.pending()
        if d.kind == "turn" and d.seat == seat:
            return
        session.apply(state.legal_actions()[0])
    raise AssertionError("seat 0 never got a turn")


def _session(players=2, seed=4, level="easy"):
    from gamecore.session import Seat, Session

    return Session.new("galaxy", seed, players, {}, [Seat()] + [Seat("bot", level) for _ in range(players - 1)])


def _open(session, size=(1600, 900)):
    from ui.games import table_for

    app = _app(size)
    scene = app.scenes.switch(table_for("galaxy"), session=session)
    app.frames(2)
    return app, scene


def test_galaxy_is_playable_from_the_menu_once_its_engine_is_here():
    _engine()
    import gamecore
    from ui.games import playable, table_for
    from ui.games.galaxy.table import GalaxyTable

    info = next(g for g in gamecore.games() if g.id == "galaxy")
    assert table_for("galaxy") is GalaxyTable
    assert playable(info)


def test_the_draft_is_a_screen_of_its_own_and_a_click_takes_the_mech():
    _engine()
    session = _session()
    app, scene = _open(session)
    state = session.state
    # every mech and pilot is on the screen, nothing of the star map yet
    for m in state.draft_mechs:
        assert scene.world.get(f"mechtile:{m}") is not None
    for p in state.draft_pilots:
        assert scene.world.get(f"pilot:{p}") is not None
    assert scene.world.get("map") is None
    toytable.wait_for(app, lambda: state.current_seat() == 0 and state.phase == "draft_mech", 20)
    choice = state.draft_mechs[-1]
    toytable.post_click(toytable.screen_of(scene, f"mechtile:{choice}"))
    app.frames(3)
    assert state.p[0]["mech"] == choice


def test_a_ship_dragged_onto_a_dock_lands_there_and_a_locked_dock_refuses_with_the_engines_reason():
    _engine()
    session = _session()
    _to_my_turn(session)
    app, scene = _open(session)
    state = session.state
    assert scene.world.get("map") is not None
    legal = {a.target for a in state.legal_actions() if a.kind == "place_ship"}
    # while the ship is carried, exactly the legal docks glow
    start = toytable.screen_of(scene, "ship:0")
    ev = pygame.event.Event
    pygame.event.post(ev(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(ev(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(ev(pygame.MOUSEMOTION, pos=(start[0] - 40, start[1] - 40), rel=(1, 1), buttons=(1, 0, 0)))
    app.frames(2)
    glowing = {v.cid for v in scene.world.all() if v.highlight == "target"}
    assert glowing == legal
    pygame.event.post(ev(pygame.MOUSEBUTTONUP, pos=(start[0] - 40, start[1] - 40), button=1))
    app.frames(2)
    # a reputation-locked dock: snapped back, the engine's reason shown
    locked = next(d for d in ("dock:halo:0", "dock:forge:2") if scene.world.get(d).locked)
    before = state.digest()
    toytable.post_drag(toytable.screen_of(scene, "ship:0"), toytable.screen_of(scene, locked))
    app.frames(3)
    assert state.digest() == before
    reason = state.explain("ship:0", locked)
    from ui.i18n import illegal_text
    assert illegal_text(reason) in scene.toasts.texts
    assert reason.code not in ("bad_target", "not_legal")          # a precise reason, not a generic one
    # a legal dock: the ship lands
    target = "dock:ferrum:0"
    assert target in legal
    toytable.post_drag(toytable.screen_of(scene, "ship:0"), toytable.screen_of(scene, target))
    app.frames(3)
    assert state.docks[target] == [0]


def test_the_mech_dragged_onto_a_planet_goes_there():
    _engine()
    session = _session()
    _to_my_turn(session)
    app, scene = _open(session)
    state = session.state
    planets = [a.target for a in state.legal_actions() if a.kind == "place_mech" and a.target.startswith("art:")]
    target = "art:ferrum" if "art:ferrum" in planets else planets[0]
    toytable.post_drag(toytable.screen_of(scene, "mech:0"), toytable.screen_of(scene, target))
    app.frames(3)
    assert state.p[0]["mech_at"] == target.split(":")[1]
    assert scene.world.get("mech:0").rect.collidepoint(scene.world.get(target).rect.center)


def test_a_market_tile_dragged_onto_the_mech_board_is_bought_into_a_slot():
    _engine()
    session = _session()
    _to_my_turn(session)
    state = session.state
    state.p[0]["cr"] = 10                       # a position for the test: enough to buy at the Forge
    state.p[0]["res"]["alloy"] = 2
    ship = next(a for a in state.legal_actions() if a.kind == "place_ship" and a.target.startswith("dock:forge"))
    session.apply(ship)
    app, scene = _open(session)
    assert state.pending().kind == "buy_tile"
    toytable.post_drag(toytable.screen_of(scene, "market:autocannon"), toytable.screen_of(scene, "slot:0:4"))
    app.frames(3)
    assert [t.split(":")[1] for t in state.p[0]["tiles"]] == ["autocannon"]
    assert scene.world.get("slot:0:0").tile is not None


def test_dna_dragged_onto_a_held_mission_completes_it():
    _engine()
    from gamecore.galaxy.content import content

    session = _session()
    _to_my_turn(session)
    state = session.state
    mission = state.p[0]["missions"][0]
    for letter, n in content().missions[mission.split(":", 1)[1]]["dna"].items():
        state.p[0]["dna"][letter] += n          # a position for the test: the DNA the mission asks
    app, scene = _open(session)
    toytable.post_drag(toytable.screen_of(scene, "dna:0"), toytable.screen_of(scene, mission))
    app.frames(3)
    assert mission in state.p[0]["done"]


def test_a_fight_at_uran_shows_the_strike_and_a_click_on_a_weapon_fires_it():
    _engine()
    session = _session()
    _to_my_turn(session)
    state = session.state
    p = state.p[0]
    p["tiles"] = ["tile:fusion_cannon:0"]        # a position for the test: an armed mech
    state.market["fusion_cannon"] = state.market["fusion_cannon"][1:]
    p["cubes"]["ammo"], p["cubes"]["energy"] = 2, 2
    spot = next(a for a in state.legal_actions() if a.kind == "place_mech" and a.target.startswith("uran:"))
    app, scene = _open(session)
    armour_before = p["cubes"]["armour"]
    toytable.post_drag(toytable.screen_of(scene, "mech:0"), toytable.screen_of(scene, spot.target))
    app.frames(3)
    assert state.pending().kind == "combat"
    combat = scene.world.get("combat")
    assert combat is not None and combat.info["strike"]["strike"] >= 1
    assert p["cubes"]["armour"] < armour_before
    assert scene.world.get("slot:0:0").highlight == "source"
    toytable.post_click(toytable.screen_of(scene, "slot:0:0"))
    app.frames(3)
    assert state.pending().kind != "combat"
    assert p["kills"]


@pytest.mark.parametrize("players,lang", [(4, "en"), (2, "ja")])
def test_a_whole_game_against_bots_through_the_table_reaches_the_results(players, lang):
    _engine()
    import random

    i18n.set_language(lang)
    session = _session(players, seed=11, level="random")
    app, scene = _open(session, (1280, 800))
    state = session.state
    rng = random.Random(5)
    drags = 0
    for _ in range(2000):
        if state.is_over():
            break
        if session.bot_to_move():
            toytable.wait_for(app, lambda: state.is_over() or not session.bot_to_move(), 30)
            continue
        shown = scene.input_actions()
        pairs = [(a.source, a.target) for a in shown]
        moves = [a for a in shown if a.kind in ("place_ship", "place_mech") and a.target
                 and pairs.count((a.source, a.target)) == 1]
        if moves and rng.random() < 0.7:
            a = rng.choice(moves)
            before = len(session.steps)
            toytable.post_drag(toytable.screen_of(scene, a.source), toytable.screen_of(scene, a.target))
            app.frames(2)
            assert len(session.steps) > before and session.steps[before].action == a     # the drop made that move
            drags += 1
        else:
            scene.apply_action(rng.choice(state.legal_actions()))
        app.frames(1)
    assert state.is_over()
    assert drags > 5
    # every log line is a sentence of the catalogs, never a raw key or an unfilled placeholder
    lines = scene.panel.log_lines
    assert lines and not [x for x in lines if x.startswith("galaxy.") or "{" in x]
    toytable.wait_for(app, lambda: type(app.scenes.top).__name__ == "ResultsScene", 10)
    assert type(app.scenes.top).__name__ == "ResultsScene"
    result = state.result()
    assert set(result.breakdown) == set(range(players))


def test_a_click_on_another_seats_board_shows_it_at_full_size():
    _engine()
    session = _session(players=3)
    _to_my_turn(session)
    state = session.state
    state.p[1]["tiles"] = ["tile:autocannon:0"]      # a position for the test: seat 2 owns a weapon
    app, scene = _open(session)
    board = scene.seat_board("seat:1")
    assert board is not None and scene.seat_board("seat:0") is None      # your own board is already large
    assert board.rows[0][0] is not None and board.rows[0][0].title == faces.name("tile", "autocannon")
    assert all(face is None for face in board.rows[0][1:])
    assert str(state.p[1]["cr"]) in board.notes[0]


def test_a_mutants_reward_line_names_credits_only_when_it_pays_some():
    from gamecore.galaxy.content import content

    species = content().species
    paying = [k for k, v in species.items() if v["reward"].get("cr")]
    free = [k for k, v in species.items() if not v["reward"].get("cr")]
    assert paying and free                          # Razorback pays no credit (pass 11)
    for lang in ("en", "ja"):                      # both catalogs write credits as "cr" on a tile
        i18n.set_language(lang)
        try:
            for k in paying:
                assert f"+{species[k]['reward']['cr']}" in faces.mutant_face(k, species[k]).reward
            for k in free:
                line = faces.mutant_face(k, species[k]).reward
                assert "cr" not in line and f"+{species[k]['reward']['rep']}" in line
        finally:
            i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_pilot_ability_shows_the_number_its_data_gives(lang):
    # Ivo Marsh IV read "1 credit per ship" after its data went back to 2 (pass 11): the number is the data's
    from gamecore.galaxy.content import content

    i18n.set_language(lang)
    try:
        for pid, pilot in content().pilots.items():
            for k, ability in enumerate(pilot["abilities"]):
                n = ability.get("n", 1)
                text = faces.pilot_ability(pid, k, ability)
                assert str(n) in text, (pid, k, text)
                assert str(n + 5) in faces.pilot_ability(pid, k, {**ability, "n": n + 5}), (pid, k)
        ivo = content().pilots["ivo"]["abilities"][3]
        assert ivo["hook"] == "upkeep_per_ship"
        words = faces.pilot_ability("ivo", 3, {**ivo, "n": 1}), faces.pilot_ability("ivo", 3, {**ivo, "n": 2})
        assert words[0] != words[1]
        if lang == "en":
            assert "1 credit per ship" in words[0] and "2 credits per ship" in words[1]
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_planets_choice_buttons_name_the_planet_and_say_each_option_whole(lang):
    """Drydock's two buttons read "{planet}: {text}" (the label looked the planet up by the engine's target,
    "art:drydock", and found none), and "buy 1 Systems tile" where the planet lets a player buy up to 2."""
    _engine()
    from gamecore import Action
    from gamecore.galaxy.content import content
    from ui.games.galaxy import faces

    i18n.set_language(lang)
    from gamecore.galaxy.testing import set_cubes, set_res

    session = _session(2)
    _to_my_turn(session)
    state = session.state
    set_cubes(state, 0, armour=0, ammo=0)                     # something to repair, and credits for a tile
    set_res(state, 0, cr=20, **{r: 3 for r in state.p[0]["res"]})
    ship = next(a for a in state.legal_actions() if a.kind == "place_ship" and a.target.startswith("dock:drydock"))
    session.apply(ship)
    app, scene = _open(session)
    assert state.pending().kind == "option"
    labels = [scene.describe_action(a) for a in state.legal_actions() if a.kind == "option"]
    assert len(labels) == 2
    drydock = faces.name("planet", "drydock")
    assert all(label.startswith(drydock) and "{" not in label and "}" not in label for label in labels), labels
    assert any("2" in label for label in labels) and any("5" in label for label in labels), labels
    # every planet with a choice: each button names the planet and its option's numbers
    for pid, planet in content().planets.items():
        if len(planet.get("effect", [])) < 2:
            continue
        for i, option in enumerate(planet["effect"]):
            label = scene.describe_action(Action.make("option", None, f"art:{pid}", index=i))
            assert label.startswith(faces.name("planet", pid)) and "{" not in label, (pid, label)
            for effect in option:
                assert str(effect.get("n", 1)) in label, (pid, effect, label)


def test_a_mech_dropped_on_uran_where_another_mech_stands_is_told_to_pick_a_mutant():
    """Dropped on Uran's picture, on the other seat's mech standing there, the refusal said only "That cannot be
    done right now": it names what to do (drop it on the mutant to fight)."""
    _engine()
    from gamecore.galaxy.testing import give_tile, put_uran
    from ui.i18n import illegal_text

    session = _session()
    _to_my_turn(session)
    state = session.state
    give_tile(state, 0, "autocannon")
    put_uran(state, 0, "skitter")
    state.uran_mechs.append(1)                     # the other seat's mech already fights at Uran
    state.changed()
    app, scene = _open(session)
    assert scene.world.get("mech:1") is not None
    before = state.digest()
    toytable.post_drag(toytable.screen_of(scene, "mech:0"), toytable.screen_of(scene, "mech:1"))
    app.frames(3)
    assert state.digest() == before
    assert illegal_text(state.explain("mech:0", "art:uran")) in scene.toasts.texts
    assert state.explain("mech:0", "art:uran").code == "galaxy_uran_pick"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_log_names_the_card_a_display_is_refilled_with(lang):
    """'A new card is put on the board' said nothing a player could use: the line names the card and its display."""
    from gamecore.engine import Event

    _engine()
    session = _session(players=3)
    app, scene = _open(session)
    i18n.set_language(lang)
    try:
        state = session.state
        for cid, display in ((state.sdisplay[0], "specialists"), (state.udisplay[0], "pilot_upgrades")):
            line = scene.log_line(Event("reveal", "galaxy.log.display_revealed", {}, source=cid))
            assert scene.card_name(cid) in line and i18n.t(f"galaxy.ui.{display}") in line, line
    finally:
        i18n.set_language("en")
