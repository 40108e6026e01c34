"""The results page: an outcome banner, the finished table as a thumbnail, an icon on every score row."""
from __future__ import annotations

import toytable as tt

from gamecore import bots
from gamecore.engine import Rng
from gamecore.session import Seat, Session
from ui.games import table_for
from ui.resources import resource_path
from ui.scenes.results import ResultsScene


def finished_galaxy() -> Session:
    s = Session.new("galaxy", 7, 3, {}, [Seat()] + [Seat("bot", "normal")] * 2, "practice", None)
    while not s.state.is_over():
        rng = Rng(int(s.state.digest()[:15], 16) ^ len(s.steps))
        s.apply(bots.choose_for(s.state, bots.make_bot("greedy"), rng))
    return s


def test_the_finished_table_becomes_the_results_thumbnail_and_every_row_has_an_icon():
    app = tt.FakeApp({"animation_speed": "fast"})
    app.size = app.screen.get_size()
    app.scenes.register("results", ResultsScene)
    session = finished_galaxy()
    app.scenes.switch(table_for("galaxy"), session=session)
    for _ in range(200):
        app.frame()
        if isinstance(app.scene, ResultsScene):
            break
    results = app.scene
    assert isinstance(results, ResultsScene)
    thumb = results._thumbnail()
    assert thumb is not None and thumb.get_width() == 200
    app.frame()                                     # banner, thumbnail and rows draw
    for key in session.state.result().breakdown[0]:
        name = results._category_icon(key)
        assert resource_path("icons", f"{name}.svg").is_file(), (key, name)
