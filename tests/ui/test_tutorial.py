"""The guided first game: every scripted move is legal in its position, the coach waits for it (another
legal move is explained, not made), a guided game resumes where it was left, and the setup offers it."""
from __future__ import annotations

import pytest

import toytable as tt
from toytable import click

from gamecore import bots
from gamecore.engine import Rng
from gamecore.session import Session
from ui import i18n
from ui.games import table_for
from ui.i18n import has, t
from ui.tutorials import SCRIPTS, coach_for, script_for


def new_app():
    app = tt.FakeApp({"animation_speed": "off", "confirm_end_turn": False})
    app.size = app.screen.get_size()
    return app


def bot_move(session):
    """The move the table's bot makes here (the same level and seed as ui/table/scene.py gives it)."""
    seat = session.state.current_seat()
    script = script_for(session.game)
    rng = script.bot_rng(session) if script is not None and script.matches(session) else None
    if rng is None:
        rng = Rng(int(session.state.digest()[:15], 16) ^ len(session.steps))
    return bots.choose_for(session.state, bots.make_bot(session.seats[seat].level), rng)


def play_script(script, upto=None):
    session = script.new_session(None)
    done = 0
    for step in script.steps:
        if step.expect is None:
            continue
        if upto is not None and done >= upto:
            break
        while session.bot_to_move():
            session.apply(bot_move(session))
        assert session.state.current_seat() == script.seat
        legal = session.state.legal_actions()
        assert step.expect in legal, (step.text, step.expect)
        session.apply(step.expect)
        done += 1
    return session


def test_every_scripted_move_is_legal_in_its_position():
    assert SCRIPTS, "no guided game registered"
    for game in SCRIPTS:
        script = script_for(game)
        session = play_script(script)
        moves = script.moves()
        assert len([s for s in session.steps if s.seat == script.seat]) == len(moves)
        assert not session.state.is_over()          # a real game goes on for the person to finish
        keys = [s.text for s in script.steps] + [m.text for m in script.moments] + [script.title]
        for key in keys:                              # every text exists in both languages
            for lang in ("en", "ja"):
                assert has(key, lang), (key, lang)


def test_the_misfits_lesson_covers_hiring_an_activation_chain_and_a_quest():
    script = script_for("misfits")
    kinds = [a.kind for a in script.moves()]
    assert kinds.count("hire") >= 2 and kinds.count("activate") >= 3 and "quest" in kinds
    session = play_script(script)
    state = session.state
    assert len(state.won[script.seat]) == 1                   # the quest was completed
    assert sum(1 for h in state.tab[script.seat] if h) == 2   # two heroes, side by side


def test_the_coach_explains_another_legal_move_instead_of_making_it():
    script = script_for("misfits")
    session = script.new_session(None)
    app = new_app()
    scene = app.scenes.switch(table_for("misfits"), session=session)
    app.frames(2)
    coach = scene.coach
    assert coach is not None and coach.step.expect is None
    first = script.moves()[0]
    assert scene.apply_action(first) is False and not session.steps    # read first, then Next
    assert t("coach.press_next") in scene.toasts.texts
    while coach.step.expect is None:
        coach.next(session)
    other = next(a for a in session.state.legal_actions() if a.kind == "hire" and a != first)
    assert scene.apply_action(other) is False and not session.steps
    assert t("coach.not_this_one") in scene.toasts.texts
    before = coach.index
    assert scene.apply_action(first) is True
    assert session.steps[0].action == first and coach.index == before + 1
    app.frames(2)                                    # the box and its rings draw
    assert set(coach.rects) >= {"leave"}


def test_leaving_the_lesson_frees_every_legal_move():
    script = script_for("misfits")
    session = script.new_session(None)
    app = new_app()
    scene = app.scenes.switch(table_for("misfits"), session=session)
    app.frames(2)
    scene.coach.leave()
    other = next(a for a in session.state.legal_actions() if a.kind == "hire" and a != script.moves()[0])
    assert scene.apply_action(other) is True


def test_a_guided_game_resumes_where_it_was_left_and_an_ordinary_game_has_no_coach():
    script = script_for("misfits")
    session = play_script(script, upto=3)
    resumed = Session.from_save(session.to_save())
    coach = coach_for(resumed)
    assert coach is not None
    expected = [i for i, s in enumerate(script.steps) if s.expect is not None][2] + 1
    assert coach.index == expected
    ordinary = Session.new("misfits", script.new_session(None).seed + 1, 2,
                           {"pairing": session.options["pairing"]}, list(session.seats))
    assert coach_for(ordinary) is None
    from ui.tutorials.rangers import LESSON
    hotseat = Session.new("rangers", LESSON.seed, 2, {"ai_seats": [1], "hotseat": True}, list(LESSON.seats))
    assert coach_for(hotseat) is None                      # another option: not the lesson's game
    assert coach_for(LESSON.new_session(None)) is not None


def test_the_setup_offers_the_guided_game_once_and_starts_it():
    from ui.scenes.setup import SetupScene

    app = new_app()
    app.storage_problem = "no user folder in this test"     # no autosave written
    scene = app.scenes.switch(SetupScene, game="misfits")
    app.frames(1)
    assert scene.offer_tutorial is True and "misfits" in app.settings.get("tutorials_offered")
    scene = app.scenes.switch(SetupScene, game="misfits")
    app.frames(1)
    assert scene.offer_tutorial is False and scene.tutorial_button is not None
    click(app, scene.tutorial_button)
    table = app.scene
    assert table.coach is not None and table.session.game == "misfits"
    assert script_for("misfits").matches(table.session)


def test_the_offered_list_setting_refuses_nonsense():
    app = new_app()
    assert app.settings.set("tutorials_offered", "misfits", save=False) is False
    assert app.settings.set("tutorials_offered", [3], save=False) is False
    assert app.settings.set("tutorials_offered", ["misfits"], save=False) is True


def test_each_lesson_runs_to_its_end_on_the_real_table():
    """Every guided game, at its own table: Next on each explanation, the expected move made through the
    table (as a drag or a click would hand it over), the bots playing on their threads; the coach reaches
    the free game and the game is not over."""
    from toytable import wait_for

    for game in SCRIPTS:
        script = script_for(game)
        session = script.new_session(None)
        app = new_app()
        scene = app.scenes.switch(table_for(game), session=session)
        app.frames(2)
        coach = scene.coach
        assert coach is not None, game
        for _ in range(400):
            step = coach.step
            if step is None:
                break
            if step.expect is None:
                coach.next(session)
                app.frames(1)
                continue
            if session.bot_to_move() or session.state.current_seat() != script.seat:
                assert wait_for(app, lambda: not session.bot_to_move() or session.state.is_over()), game
                continue
            missing = [cid for cid in step.show if scene.world.get(cid) is None]
            assert not missing, (game, step.text, missing)                     # every ring has its piece
            if not step.show:                       # nothing to ring on the table: its button glows
                app.frames(1)
                panel = scene.panel
                assert (panel.button_for("action", step.expect) or panel.button_for("end", step.expect)), \
                    (game, step.text, step.expect)
            offered = scene.legal()
            assert step.expect in offered, (game, step.text, step.expect)      # the table offers it
            if step.expect.kind == "act":                                        # "I act" is made by a drag
                assert any(pick == step.expect for pick in getattr(scene, "_merged", {}).values()), game
            assert scene.apply_action(step.expect), (game, step.text, step.expect)
            app.frames(2)
        assert coach.step is None, (game, coach.index)
        assert not session.state.is_over(), game
        assert len([s for s in session.steps if s.seat == script.seat]) >= len(script.moves())
        if script.bot_seed is not None:     # the table's bot drew from the lesson's own seed, as play_script's
            guided = [s.action for s in play_script(script).steps]
            assert [s.action for s in session.steps][:len(guided)] == guided, game


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_galaxy_lessons_numbers_are_the_datas(lang, monkeypatch):
    # pass 11 changed Bulwark's cubes and the Skitter's reward; the coach's sentences had them written in: now they
    # read the data when shown, so a changed number shows in the lesson as on the table
    from gamecore.galaxy.content import content

    C = content()
    monkeypatch.setitem(C.mechs["bulwark"], "armour", 13)
    monkeypatch.setitem(C.pilots["ivo"]["abilities"][0], "n", 17)
    monkeypatch.setitem(C.species["skitter"]["reward"], "rep", 19)
    script = script_for("galaxy")
    coach = coach_for(script.new_session(None))
    i18n.set_language(lang)
    try:
        said = {}
        for i, step in enumerate(script.steps):
            coach.index = i
            said[step.text] = coach.text()
        assert "13" in said["coach.galaxy.mech"] and str(C.mechs["bulwark"]["ammo"]) in said["coach.galaxy.mech"]
        assert "17" in said["coach.galaxy.pilot"]
        assert "19" in said["coach.galaxy.invasion"]
        assert not any("{" in text for text in said.values())
    finally:
        i18n.set_language("en")
