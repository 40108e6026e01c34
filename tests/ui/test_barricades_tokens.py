"""The end of turn's destruction tokens on the real Barricades table: the drawn token is shown over its
location, the spots the engine allows glow, and a drag (or a click on the token, then on a spot) puts it
there. Issue 10: the team picks each token's spot."""
from __future__ import annotations

import pytest

from toytable import FakeApp, ensure_pygame, post_click, post_drag, screen_of, wait_for  # noqa: F401

import gamecore  # noqa: E402
from gamecore.engine import Rng  # noqa: E402
from gamecore.session import Seat, Session  # noqa: E402
from ui import i18n  # noqa: E402


def _to_token_spot(language="en"):
    """A solo game on the table, played by the hint bot's choices until the team must place a token."""
    pytest.importorskip("gamecore.barricades.state")
    from gamecore import bots as B
    from ui.games.barricades.table import BarricadesTable
    ensure_pygame()
    i18n.set_language(language)
    app = FakeApp({"animation_speed": "off"})
    app.settings.set("highlights", True, save=False)
    session = Session.new("barricades", 7, 1, {"difficulty": "first_time", "guardian": "ashmaw"},
                          [Seat("human")], "practice")
    scene = app.scenes.switch(BarricadesTable, session=session)
    app.frames(3)
    rng, bot = Rng(3), B.make_bot("greedy")
    for _ in range(400):
        if scene.state.pending().kind == "token_spot":
            break
        scene.apply_action(B.choose_for(scene.state, bot, rng))
        app.frames(2)
    else:
        pytest.fail("no token to place in the first turns")
    assert wait_for(app, lambda: not scene.animator.busy, 10)
    return app, scene


@pytest.fixture
def english():
    yield
    i18n.set_language("en")


def test_the_drawn_token_is_shown_and_dragged_onto_a_glowing_spot(english):
    from ui.games.barricades.views import DrawnTokenView
    app, scene = _to_token_spot()
    dec = scene.state.pending()
    tid = dec.args["token"]
    view = scene.world.get(tid)
    assert isinstance(view, DrawnTokenView) and view.token.loc == dec.args["loc"]
    assert tid == scene.state.d["limbo_token"]
    loc_name = i18n.t(f"barricades.loc.{dec.args['loc']}")
    assert loc_name in scene.decision_prompt(dec)           # the prompt names the location, not its id
    legal = {a.target for a in scene.state.legal_actions()}
    assert scene.drag.targets_of(tid) == legal and len(legal) >= 2
    # the drag controller offers exactly the engine's spots
    start, end = screen_of(scene, tid), screen_of(scene, sorted(legal)[-1])
    post_drag(start, end)
    app.frames(4)
    placed = scene.session.steps[-1].action
    assert placed.kind == "place_token" and placed.source == tid and placed.target == sorted(legal)[-1]
    loc, k = placed.target.split(":")[1:]
    assert scene.state.d["spots"][loc][int(k) - 1] == tid


def test_the_token_starts_selected_so_its_spots_glow_and_one_click_places_it(english):
    app, scene = _to_token_spot()
    tid = scene.state.pending().args["token"]
    legal = sorted(a.target for a in scene.state.legal_actions())
    assert scene.drag.selected == tid                  # no click needed to see where it may go
    glowing = {cid for cid, how in scene.drag.highlights().items() if how == "target"}
    assert glowing == set(legal)
    post_click(screen_of(scene, tid))                  # a click on the token lets go of it, a second takes it again
    app.frames(3)
    assert scene.drag.selected is None
    post_click(screen_of(scene, tid))
    app.frames(3)
    assert scene.drag.selected == tid
    post_click(screen_of(scene, legal[0]))
    app.frames(4)
    placed = scene.session.steps[-1].action
    assert placed.kind == "place_token" and placed.target == legal[0]


def test_the_token_prompt_and_caption_are_japanese_in_japanese(english):
    app, scene = _to_token_spot("ja")
    dec = scene.state.pending()
    text = scene.decision_prompt(dec)
    assert i18n.t(f"barricades.loc.{dec.args['loc']}") in text and "破壊トークン" in text
    view = scene.world.get(dec.args["token"])
    assert "引いたトークン" in view.caption
