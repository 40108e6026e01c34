"""Every scene renders and reacts under the dummy video driver, in both languages; bad files never crash."""
from __future__ import annotations

import json

import pygame
import pygame_gui
import pytest

import gamecore
from gamecore import persistence
from gamecore.session import Seat, Session
from ui import i18n
from ui.settings import Settings


@pytest.fixture
def app(pygame_session, tmp_path):
    from ui.app import App

    application = App(settings=Settings(tmp_path / "settings.json"), smoke=True)
    yield application
    application.scenes.switch("menu")


def frames(app, n=3, events=()):
    for e in events:
        pygame.event.post(e)
    for _ in range(n):
        app.frame(1 / 60)


def click(pos, button=1):
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]


def press(app, element):
    app.scenes.top.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=element))


def _finished_toy():
    s = Session.new("toy", 4, 2, seats=[Seat(), Seat("bot", "random")])
    while not s.state.is_over():
        s.apply(s.state.legal_actions()[0])
    return s


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_scene_renders(app, lang):
    app.set_language(lang)
    for name, args in [("menu", {}), ("settings", {}), ("load", {}), ("rules", {"game": "misfits"}),
                       ("setup", {"game": "toy"}), ("results", {"session": _finished_toy()})]:
        app.scenes.switch(name, **args)
        frames(app, 2, [pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 300), rel=(1, 1), buttons=(0, 0, 0))])
        assert app.scenes.top is not None
        assert app.screen.get_at((5, 5))[:3] != (0, 0, 0), f"{name} drew nothing"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_label_is_clipped_at_the_smallest_window(app, lang):
    """pygame_gui warns when a label's text does not fit its rect (and clips it): every screen's labels,
    setup for every ready game included, fit at the minimum window size in both languages."""
    import warnings

    from ui.app import MIN_SIZE

    app.set_language(lang)
    app.on_resize(MIN_SIZE)
    scenes = [("menu", {}), ("settings", {}), ("load", {}), ("results", {"session": _finished_toy()})]
    scenes += [(kind, {"game": g.id}) for g in gamecore.games() if g.ready for kind in ("setup", "rules")]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for name, args in scenes:
            scene = app.scenes.switch(name, **args)
            frames(app, 2)
            if name == "setup":      # every option row and the seed clear the buttons at the bottom
                buttons = min(scene.start_button.rect.top, scene.back_button.rect.top)
                rows = [e.rect.bottom for e in scene.elements if e not in (scene.start_button, scene.back_button)
                        and e.rect.top < buttons]
                assert max(rows) <= buttons - 8, (args, max(rows), buttons)
                assert max(e.rect.right for e in scene.elements) <= app.size[0], args
    clipped = [str(w.message) for w in caught if "too small for text" in str(w.message)]
    assert clipped == []
    app.set_language("en")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_choice_label_is_cut_and_no_prompt_clipped_on_the_tables_at_the_smallest_window(app, lang):
    """Both tables at the minimum window size, through many decisions of a random game each: every
    panel button shows its whole label (on up to two lines), every prompt fits, no label warns."""
    import random
    import warnings

    from ui.app import MIN_SIZE
    from ui.games import playable, table_for

    app.set_language(lang)
    app.on_resize(MIN_SIZE)
    cut, clipped = [], []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for info in gamecore.games(ready_only=True):
            if not playable(info):
                continue
            options = {}
            if info.id == "misfits":
                from ui.games.misfits import prepare_options
                options = prepare_options({})
            players = info.counts()[-1]
            session = Session.new(info.id, 11, players, options, [Seat()] * players)
            scene = app.scenes.switch(table_for(info.id), session=session)
            rng = random.Random(5)
            for _ in range(90):
                if session.state.is_over():
                    break
                if scene.pass_overlay is not None:
                    scene._confirm_pass()
                frames(app, 1)
                cut += [(info.id, label) for label in scene.panel.truncated]
                if scene.panel.prompt_clipped:
                    clipped.append((info.id, scene.panel.prompt))
                legal = session.state.legal_actions()
                scene.apply_action(legal[rng.randrange(len(legal))])
    assert cut == [] and clipped == []
    assert [str(w.message) for w in caught if "too small for text" in str(w.message)] == []
    app.set_language("en")


def test_menu_lists_every_game_and_greys_unplayable(app, monkeypatch):
    app.scenes.switch("menu")
    frames(app)
    menu = app.scenes.top
    ids = [info.id for _, info in menu.tiles]
    assert ids == [g.id for g in gamecore.games() if g.id in ("rangers", "misfits", "galaxy", "barricades")]
    from ui.games import playable

    waiting = [rect for rect, info in menu.tiles if not playable(info)]
    if waiting:                                  # a game in preparation (while one is left)
        frames(app, 2, click(waiting[0].center))
        assert app.scenes.top is menu, "a game in preparation must not open"
    ready = next(rect for rect, info in menu.tiles if playable(info))
    frames(app, 2, click(ready.center))
    assert app.scenes.top is not menu, "a playable game opens its setup"


def test_menu_offers_resume_only_with_an_autosave(app):
    app.scenes.switch("menu")
    assert "resume" not in app.scenes.top.buttons.values()
    s = Session.new("toy", 1, 2, autosave=persistence.autosave_path())
    s.apply(s.state.legal_actions()[0])
    app.scenes.switch("menu")
    assert "resume" in app.scenes.top.buttons.values()


def test_corrupt_autosave_is_not_offered_and_kept_aside_unchanged(app):
    path = persistence.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"schema": 1, "kind": "tabletop-dojo-save", "game": ')
    app.scenes.switch("menu")
    frames(app)
    assert "resume" not in app.scenes.top.buttons.values()
    kept = list(path.parent.glob("autosave.json.damaged-*"))
    assert not path.exists() and len(kept) == 1      # moved aside, so the next game cannot overwrite it
    assert kept[0].read_text() == '{"schema": 1, "kind": "tabletop-dojo-save", "game": '


def test_settings_are_applied_and_persisted(app, tmp_path):
    app.scenes.switch("menu")
    app.scenes.push("settings")
    scene = app.scenes.top
    dropdown = next(dd for dd, (key, _) in scene.handlers.items() if key == "language")
    scene.handle_event(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=dropdown, text="日本語"))
    assert i18n.language() == "ja"
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert saved["language"] == "ja"
    scene = app.scenes.top
    colour = next(dd for dd, (key, _) in scene.handlers.items() if key == "colorblind")
    scene.handle_event(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=colour, text=i18n.t("common.on")))
    assert Settings.load(tmp_path / "settings.json").get("colorblind") is True
    frames(app)
    press(app, app.scenes.top.back)
    assert app.scenes.top.__class__.__name__ == "MenuScene"
    app.set_language("en")


def test_broken_settings_file_falls_back_to_defaults(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("{{{")
    settings = Settings.load(path)
    assert settings.get("language") == "en" and settings.load_problem and not settings.problem
    path.write_text(json.dumps({"language": "klingon", "highlights": "yes", "colorblind": True}))
    settings = Settings.load(path)
    assert settings.get("language") == "en" and settings.get("highlights") is True and settings.get("colorblind") is True


def test_setup_is_generated_from_the_schema_and_rejects_nothing_silently(app, monkeypatch):
    app.scenes.switch("setup", game="toy")
    scene = app.scenes.top
    info = gamecore.game("toy")
    # one dropdown for players, one per seat, one per option, one for undo mode
    assert len(scene.handlers) == 1 + scene.players + len(info.options) + 1
    players_dd = next(iter(scene.handlers))
    scene.handle_event(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=players_dd, text="3"))
    scene = app.scenes.top
    assert scene.players == 3 and len(scene.seats) == 3 and scene.seats[2].is_bot
    scene.seed_entry.set_text("")
    assert scene.start() is None and scene.error_box is not None


def test_setup_start_opens_the_table_with_the_chosen_setup(app, monkeypatch):
    import toytable  # tests-only table scene for the toy game
    from ui import games

    monkeypatch.setattr(games, "table_for", lambda gid: toytable.ToyTable if gid == "toy" else None)
    app.scenes.switch("setup", game="toy")
    scene = app.scenes.top
    scene.seed_entry.set_text("4242")
    scene._set_option("hand", 3)
    session = scene.start()
    assert session is not None and session.seed == 4242 and session.options["hand"] == 3
    assert isinstance(app.scenes.top, toytable.ToyTable)
    assert json.loads(persistence.autosave_path().read_text())["seed"] == 4242


def test_load_scene_lists_good_and_bad_saves_and_survives_loading_a_bad_one(app):
    s = Session.new("toy", 9, 2)
    s.apply(s.state.legal_actions()[0])
    s.save_as("good one")
    bad = persistence.saves_dir() / "broken.json"
    bad.write_text("not json at all")
    app.scenes.switch("menu")
    app.scenes.push("load")
    scene = app.scenes.top
    assert {e.label for e in scene.entries} == {"good one", "broken"}
    scene.selected = next(i for i, e in enumerate(scene.entries) if e.error)
    assert scene.load_selected() is None
    assert scene.error_box is not None
    frames(app, 3)
    assert bad.read_text() == "not json at all"


def test_rules_viewer_scrolls_and_switches_games(app):
    app.scenes.switch("rules", game="rangers")
    scene = app.scenes.top
    frames(app)
    assert scene.max_scroll() > 0, "the reference is longer than a screen"
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode=""))
    assert scene.scroll > 0
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode=""))
    assert scene.scroll == scene.max_scroll()
    tab = next(b for b, gid in scene.tabs.items() if gid == "misfits")
    press(app, tab)
    assert app.scenes.top.game == "misfits" and app.scenes.top.scroll == 0


def test_results_show_breakdown_and_play_again_keeps_the_setup(app, monkeypatch):
    import toytable
    monkeypatch.setattr("ui.games.table_for", lambda gid: toytable.ToyTable)
    finished = _finished_toy()
    app.scenes.switch("results", session=finished)
    frames(app)
    new = app.scenes.top.play_again()
    assert new is not None and new.game == "toy" and new.seats == finished.seats and new.options == finished.options
    assert not new.state.is_over()


def test_the_finished_table_can_be_viewed_from_the_results_and_left_again(app, monkeypatch):
    import toytable
    monkeypatch.setattr("ui.games.table_for", lambda gid: toytable.ToyTable)
    finished = _finished_toy()
    app.scenes.switch("results", session=finished)
    frames(app)
    press(app, app.scenes.top.view_table)
    table = app.scenes.top
    assert isinstance(table, toytable.ToyTable) and table.session is finished
    frames(app, 90)                                   # a finished game does not bounce back by itself
    assert app.scenes.top is table and table.panel.log_lines
    assert table.panel.end_actions == [(i18n.t("table.to_results"), None)]
    table.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=table.panel.end_button))
    assert type(app.scenes.top).__name__ == "ResultsScene" and app.scenes.top.session is finished


def test_resize_rebuilds_the_scene(app):
    app.scenes.switch("menu")
    app.on_resize((1600, 1000))
    frames(app)
    assert app.size == (1600, 1000)
    assert max(r.right for r, _ in app.scenes.top.tiles) < 1600
    app.on_resize((400, 300))
    assert app.size[0] >= 1024, "the window never gets smaller than the layouts need"


def test_japanese_has_no_tofu_in_the_app_font(pygame_session):
    import pygame.freetype
    from ui.resources import font_path

    pygame.freetype.init()
    face = pygame.freetype.Font(font_path(), 16)
    catalog = i18n.catalog("ja")
    missing = [key for key, text in catalog.items()
               if any(m is None for m in face.get_metrics(text.replace("{", "").replace("}", "")))]
    assert missing == []


def test_menu_greys_a_game_whose_content_is_broken(app, monkeypatch):
    from ui import games

    ready = [g for g in gamecore.games(ready_only=True) if g.id in ("rangers", "misfits")]
    if not ready:
        pytest.skip("no shipped game is ready")
    info = ready[0]
    monkeypatch.setitem(games._content_problems, info.id, "cards.json: cards[3].cost: must be a number")
    assert not games.playable(info)
    app.scenes.switch("menu")
    frames(app)
    rect = next(r for r, i in app.scenes.top.tiles if i.id == info.id)
    frames(app, 2, click(rect.center))
    assert app.scenes.top.__class__.__name__ == "MenuScene"


def test_results_of_a_coop_game_show_the_game_facts(app):
    from gamecore.engine import Rng

    s = Session.new("rangers", 2, 4)
    rng = Rng(1)
    while not s.state.is_over():
        legal = s.state.legal_actions()
        s.state.apply(legal[rng.randrange(len(legal))])
    stats = s.state.stats()
    assert stats["rangers.stat.rounds"] >= 1 and all(isinstance(v, int) for v in stats.values())
    app.scenes.switch("results", session=s)
    frames(app)
    assert all(i18n.has(k, "en") and i18n.has(k, "ja") for k in stats)


def test_first_window_size_comes_from_the_desktop_then_from_the_last_run():
    from ui.app import DEFAULT_SIZE, MIN_SIZE, initial_size

    big = initial_size(None, (2560, 1440))
    assert DEFAULT_SIZE[0] < big[0] <= 2560 and DEFAULT_SIZE[1] < big[1] < 1440   # most of a large desktop
    assert initial_size([1500, 900], (2560, 1440)) == (1500, 900)                  # the last run's size
    w, h = initial_size([4000, 3000], (1366, 768))                                 # a smaller desktop now
    assert w <= 1366 and h <= 768
    assert initial_size(None, (800, 500)) == MIN_SIZE                              # never below the minimum
    assert initial_size(None, None) == DEFAULT_SIZE


def test_the_window_size_setting_is_validated_and_persisted(tmp_path):
    path = tmp_path / "settings.json"
    s = Settings(path)
    for bad in ("1200x800", [1200], [1200, "800"], [True, 800], [1200, 10 ** 9], {"w": 1}):
        assert not s.set("window_size", bad) and s.get("window_size") is None
    assert s.set("window_size", [1500, 900])
    assert Settings.load(path).get("window_size") == [1500, 900]


def test_the_load_list_says_which_saved_games_are_finished():
    from ui.scenes.load import describe_entry

    finished = _finished_toy()
    finished.save_as("done")
    running = Session.new("toy", 5, 2, seats=[Seat(), Seat()])
    running.save_as("going")
    i18n.set_language("en")
    entries = {e.label: e for e in persistence.list_saves()}
    assert entries["done"].over and not entries["going"].over
    assert "finished" in describe_entry(entries["done"])[1]
    assert "finished" not in describe_entry(entries["going"])[1]


def test_the_app_lets_a_scene_finish_put_off_work_before_the_frames_input(app):
    """App.frame calls the scene's ``before_input`` first, then hands it the frame's events (a table's
    panel put off from a move's frame is made before any input meets it)."""
    from ui.scenes.base import Scene

    order = []

    class Probe(Scene):
        def before_input(self):
            order.append("before")

        def handle_event(self, event):
            order.append("event")

        def update(self, dt):
            order.append("update")

    app.scenes.switch(Probe)
    order.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F9, mod=0, unicode="", scancode=0))
    app.frame(1 / 60)
    assert order[0] == "before" and "event" in order and order.index("event") < order.index("update")


def test_a_table_left_behind_is_freed_when_the_app_moves_on(app):
    """Leaving a table frees it at the next scene change (a table is a cycle holding megabytes of
    pictures, which the collector alone would keep for a long while): games played one after another in
    one session do not pile up in memory."""
    import gc
    import weakref

    from ui.games import open_table

    refs = []
    for seed in (1, 2, 3):
        session = Session.new("misfits", seed, 2, {}, [Seat(), Seat("bot", "easy")], "practice", None)
        open_table(app, session)
        frames(app, 3)
        refs.append(weakref.ref(app.scenes.top))
        app.scenes.switch("menu")
        frames(app, 3)
    gc.disable()               # only the app's own collection may free them
    try:
        app.scenes.switch("menu")
        assert [r() is None for r in refs] == [True, True, True]
    finally:
        gc.enable()
