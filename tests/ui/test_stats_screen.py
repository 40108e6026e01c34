"""The statistics in the app: counted when a game ends or is left, shown on the statistics screen and
the results screen, and a bad statistics file reported without stopping anything."""
from __future__ import annotations

import pygame
import pygame_gui
import pytest

from gamecore import persistence
from gamecore import stats as gstats
from gamecore.engine import Rng
from gamecore.session import Seat, Session
from ui import i18n, notices
from ui.settings import Settings


@pytest.fixture
def app(pygame_session, tmp_path):
    from ui.app import App

    application = App(settings=Settings(tmp_path / "settings.json"), smoke=True)
    application.settings.set("animation_speed", "off", save=False)
    # the smoke flag keeps statistics in memory: these tests want the real file
    from ui.scenes.stats import open_book

    application.stats = gstats.Tracker(open_book)
    notices.reset()
    yield application
    application.scenes.switch("menu")
    notices.reset()


def frames(app, n=2, dt=1 / 60):
    for _ in range(n):
        app.frame(dt)


def finished_misfits(seed: int) -> Session:
    s = Session.new("misfits", seed, 2, seats=[Seat(), Seat("bot", "easy")])
    rng = Rng(seed)
    while not s.state.is_over():
        legal = s.state.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    return s


def test_results_count_the_game_once_and_say_played_and_won(app):
    s = finished_misfits(3)
    app.scenes.switch("results", session=s)
    frames(app)
    app.scenes.switch("results", session=s)          # back from the table or the replay: not counted again
    frames(app)
    book = gstats.StatsBook.load(gstats.stats_path())
    total = book.totals("misfits")
    assert total.played == 1 and total.won + total.lost + total.other == 1
    from ui.scenes.stats import played_won

    assert played_won(app.stats.book, "misfits") == i18n.t("stats.played_won", played=1, won=total.won)


def test_a_game_left_for_another_counts_as_abandoned(app):
    from ui.games import open_table

    first = Session.new("misfits", 5, 2, seats=[Seat(), Seat("bot", "easy")])
    assert open_table(app, first) is None
    frames(app, 3)
    second = Session.new("misfits", 6, 2, seats=[Seat(), Seat("bot", "easy")])
    assert open_table(app, second) is None
    frames(app, 3)
    line = gstats.StatsBook.load(gstats.stats_path()).lines_of("misfits")[0]
    assert line.abandoned == 1 and line.played == 1
    app.scenes.push("settings")                      # an overlay over the table is not leaving it
    frames(app, 2)
    app.scenes.pop()
    frames(app, 2)
    assert gstats.StatsBook.load(gstats.stats_path()).lines_of("misfits")[0].abandoned == 1


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_statistics_screen_shows_tables_and_charts(app, lang):
    book = app.stats.book
    for seed in (3, 4, 5, 6):
        book.finish(finished_misfits(seed))
    book.left(Session.new("misfits", 9, 2, seats=[Seat(), Seat("bot", "easy")]))
    book.save()
    app.set_language(lang)
    app.scenes.switch("menu")
    menu = app.scenes.top
    stats_button = next(b for b, key in menu.buttons.items() if key == "stats")
    menu.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=stats_button))
    scene = app.scenes.top
    assert type(scene).__name__ == "StatsScene" and scene.game == "misfits"
    frames(app, 3)
    assert scene.results_rect.width > 100 and scene.scores_rect.width > 100
    # the results chart has a bar per game: green or red pixels inside it
    colours = {tuple(app.screen.get_at((x, y))[:3]) for x in range(scene.results_rect.x, scene.results_rect.right, 2)
               for y in range(scene.results_rect.y, scene.results_rect.bottom, 2)}
    from ui.theme import GREEN, RED

    assert GREEN in colours or RED in colours
    tab = next(b for b, gid in scene.tabs.items() if gid == "rangers")
    scene.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=tab))
    frames(app, 2)
    assert scene.game == "rangers"
    i18n.set_language("en")


def test_score_bins_cover_every_score():
    from ui.scenes.stats import score_bins

    scores = [3, 7, 7, 12, 30, 31, 55]
    bins = score_bins(scores)
    assert len(bins) <= 8 and sum(c for _, _, c in bins) == len(scores)
    assert bins[0][0] == 3 and bins[-1][1] >= 55
    assert score_bins([]) == [] and score_bins([4]) == [(4, 4, 1)]


def test_a_damaged_statistics_file_is_reported_and_replaced(app):
    path = gstats.stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"{ this is not json")
    app.scenes.switch("stats")
    frames(app, 3)
    said = notices.history("en")
    assert any("statistics file stats.json" in line and "damaged-" in line for line in said), said
    kept = list(path.parent.glob("stats.json.damaged-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == b"{ this is not json"
    app.scenes.switch("results", session=finished_misfits(3))
    frames(app)
    assert gstats.StatsBook.load(path).totals("misfits").played == 1


def test_statistics_that_cannot_be_written_say_so_and_keep_counting(app, monkeypatch):
    def refuse(*_a, **_k):
        raise persistence.StorageUnavailable("the data folder is read-only")

    monkeypatch.setattr(persistence, "atomic_write_json", refuse)
    app.scenes.switch("results", session=finished_misfits(3))
    frames(app)
    assert app.stats.book.totals("misfits").played == 1
    assert "read-only" in app.stats.book.write_problem
    said = notices.history("en")
    assert sum("cannot be written" in line and "read-only" in line for line in said) == 1, said
    app.scenes.switch("stats")
    frames(app, 2)
    assert not gstats.stats_path().exists()
