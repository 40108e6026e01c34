"""The replay viewer: every game's own table, read-only, at any step; playing at a speed; every hand;
"Play from here" branching without touching the save; unreadable saves get Load's message."""
from __future__ import annotations

import json

import pygame
import pygame_gui
import pytest

import gamecore
from gamecore import persistence
from gamecore.engine import Action, Rng
from gamecore.session import Seat, Session
from ui import i18n
from ui.games import has_table
from ui.settings import Settings

GAMES = [g for g in gamecore.games(ready_only=True) if has_table(g.id)]    # every game with a table (+ toy below)
MOVES = 36


@pytest.fixture
def app(pygame_session, tmp_path):
    from ui.app import App

    application = App(settings=Settings(tmp_path / "settings.json"), smoke=True)
    application.settings.set("animation_speed", "off", save=False)
    yield application
    application.scenes.switch("menu")


def frames(app, n=2, dt=1 / 60):
    for _ in range(n):
        app.frame(dt)


def played(game: str, seed: int = 7, moves: int = MOVES) -> Session:
    """A game of ``game`` played ``moves`` random legal actions in (or to its end), bots in the other
    seats of a competitive game."""
    info = gamecore.game(game)
    players = info.counts()[0] if info.coop else min(3, info.counts()[-1])
    seats = [Seat()] + [Seat("bot", info.bot_levels[0]) if not info.coop and info.bot_levels else Seat()
                        for _ in range(players - 1)]
    session = Session.new(game, seed, players, seats=seats)
    rng = Rng(seed)
    for _ in range(moves):
        if session.state.is_over():
            break
        legal = session.state.legal_actions()
        session.apply(legal[rng.randrange(len(legal))])
    return session


def fresh_digests(session: Session) -> list[str]:
    """The digest after each prefix of the session's actions, from a game started afresh."""
    state = gamecore.start(session.game, seed=session.seed, players=session.players, **session.options)
    out = [state.digest()]
    for step in session.steps:
        state.apply(Action.from_json(step.action.to_json()))
        out.append(state.digest())
    return out


def open_viewer(app, path):
    from ui.scenes.replay import open_replay

    assert open_replay(app, path=path) is None
    frames(app)
    return app.scenes.top


@pytest.mark.parametrize("game", [g.id for g in GAMES] + ["toy"])
def test_every_step_shows_the_state_of_a_fresh_replay_of_that_many_actions(app, game, monkeypatch):
    if game == "toy":                                 # the tests' own game, on the tests' own table
        import toytable
        from ui import games

        real = games.table_for
        monkeypatch.setattr(games, "table_for", lambda gid: toytable.ToyTable if gid == "toy" else real(gid))
    session = played(game)
    path = session.save_as(f"{game} replay")
    expected = fresh_digests(session)
    viewer = open_viewer(app, path)
    n = viewer.timeline.n
    assert n == len(session.steps) > 0 and viewer.read_only
    assert viewer.k == 0 and viewer.state.digest() == expected[0]
    order = list(range(1, n + 1)) + list(range(n - 1, -1, -1))           # forward, then back, one by one
    for k in order:
        viewer.command("forward" if k > viewer.k else "back")
        assert viewer.k == k
        assert viewer.state.digest() == expected[k], f"{game}: step {k}"
        assert len(viewer.session.steps) == k
        assert not viewer.blocked, f"{game}: a dialog or picker opened at step {k}"
    rng = Rng(3)
    for _ in range(8):                                                   # and jumps anywhere
        k = rng.randrange(n + 1)
        viewer.go(k)
        frames(app, 1)
        assert viewer.state.digest() == expected[k]
    viewer.command("end")
    assert viewer.k == n and viewer.state.digest() == expected[n] == session.state.digest()
    assert viewer.panel.log_lines, "the log follows the step shown"


@pytest.mark.parametrize("game", [g.id for g in GAMES])
def test_round_jumps_land_on_the_first_move_of_a_round(app, game):
    session = played(game, moves=80)
    viewer = open_viewer(app, session.save_as("rounds"))
    tl = viewer.timeline
    marks = tl.marks
    assert marks[0] == 0
    viewer.command("next_round")
    assert viewer.k == (marks[1] if len(marks) > 1 else tl.n)
    if len(marks) > 1:
        assert tl.round_at(viewer.k) != tl.round_at(viewer.k - 1)
    viewer.command("end")
    viewer.command("prev_round")
    assert viewer.k == max(m for m in marks if m < tl.n)


def test_the_viewer_offers_no_move_and_a_drag_changes_nothing(app):
    import toytable

    session = played("misfits")
    path = session.save_as("locked")
    before = path.read_bytes()
    viewer = open_viewer(app, path)
    viewer.go(4)
    frames(app)
    digest = viewer.state.digest()
    assert viewer.legal() == [] and viewer.input_actions() == []
    assert viewer.timeline.state_at(4).legal_actions(), "the position itself has moves: the viewer hides them"
    assert all(not b.is_enabled for cmd in ("undo", "redo", "hint") for b in [viewer.panel.tool_buttons[cmd]])
    cards = [v.cid for v in viewer.world.all() if v.cid.startswith("misfits") or ":" not in v.cid]
    hand = [c for c in cards if viewer.world.get(c) is not None and viewer.world.get(c).parent is not None]
    if hand:
        start = toytable.screen_of(viewer, hand[0])
        toytable.post_drag(start, viewer.camera.viewport.center)
        frames(app, 12)
    for k in (pygame.K_z, pygame.K_y):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=pygame.KMOD_CTRL, unicode="", scancode=0))
    frames(app, 3)
    assert viewer.k == 4 and viewer.state.digest() == digest
    assert path.read_bytes() == before


def test_the_keys_step_through_every_decision(app):
    """The arrow keys reach the viewer at every step (no picker or dialog of the game takes them)."""
    session = played("misfits", moves=60)
    viewer = open_viewer(app, session.save_as("keys"))
    for k in range(1, viewer.timeline.n + 1):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
        frames(app, 1)
        assert viewer.k == k
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0, unicode="", scancode=0))
    frames(app, 1)
    assert viewer.k == 0


def test_playing_steps_by_the_frames_time_at_the_chosen_speed(app):
    session = played("misfits")
    viewer = open_viewer(app, session.save_as("speed"))
    viewer.command("play")
    frames(app, 60, dt=1 / 30)                        # 2 seconds at one move a second
    assert viewer.k == 2 and viewer.playing
    viewer.command("speed")                           # two moves a second
    frames(app, 30, dt=1 / 30)
    assert viewer.k == 4
    viewer.command("play")                            # pause
    frames(app, 90, dt=1 / 30)
    assert viewer.k == 4 and not viewer.playing
    viewer.command("speed")                           # four a second, then it stops at the end
    assert viewer.button("speed").text == i18n.t("replay.speed", x="4")
    viewer.command("play")
    frames(app, int(viewer.timeline.n * 30 / 4) + 40, dt=1 / 30)
    assert viewer.k == viewer.timeline.n and not viewer.playing


def test_show_every_hand_shows_the_acting_seat(app):
    session = played("misfits", moves=20)
    viewer = open_viewer(app, session.save_as("hands"))
    k = next(k for k in range(viewer.timeline.n) if viewer.timeline.state_at(k).current_seat() == 1)
    viewer.go(k)
    assert viewer.viewer_seat() == 0                  # the person's seat: the bot's hand stays hidden
    hand0 = {c.cid for c in viewer.world.get("hand:0").cards} if viewer.world.get("hand:0") else set()
    assert hand0 == set(viewer.state.hands[0])
    viewer.command("hands")
    assert viewer.show_all and viewer.viewer_seat() == 1
    hand = viewer.world.get("hand:1")
    assert hand is not None and {c.cid for c in hand.cards} == set(viewer.state.hands[1])
    assert viewer.world.get("hand:0") is None


def test_play_from_here_branches_in_practice_mode_and_leaves_the_save_byte_identical(app):
    from ui.table.scene import TableScene

    session = played("misfits")
    session.mode = "strict"
    path = session.save_as("original")
    before = path.read_bytes()
    expected = fresh_digests(session)
    viewer = open_viewer(app, path)
    k = next(k for k in range(9, viewer.timeline.n) if viewer.timeline.state_at(k).current_seat() == 0)
    viewer.go(k)
    new = viewer.play_from_here()
    assert new is not None and new.mode == "practice" and len(new.steps) == k
    assert new.state.digest() == expected[k]
    table = app.scenes.top
    assert isinstance(table, TableScene) and not getattr(table, "read_only", False) and table.session is new
    assert table.legal() and not new.bot_to_move(), "the branch is a game to play"
    table.apply_action(new.state.legal_actions()[0])
    assert len(new.steps) == k + 1 and new.uid != session.uid
    assert path.read_bytes() == before
    frames(app, table.AUTOSAVE_AFTER_FRAMES + 1)      # the table writes its autosave a few frames after a move
    autosave = json.loads(persistence.autosave_path().read_text())
    assert len(autosave["actions"]) == k + 1


def test_play_from_a_replayed_autosave_keeps_the_original_as_a_save(app):
    session = played("misfits")
    session.autosave = persistence.autosave_path()
    session.write_autosave()
    original = persistence.autosave_path().read_bytes()
    viewer = open_viewer(app, persistence.autosave_path())
    viewer.go(3)
    assert viewer.play_from_here() is not None
    kept = [p for p in persistence.saves_dir().glob("*.json")]
    assert len(kept) == 1 and kept[0].read_bytes() == original
    assert len(json.loads(persistence.autosave_path().read_text())["actions"]) == 3


def test_a_save_that_cannot_be_replayed_gets_loads_message(app):
    from ui.scenes.replay import open_replay

    session = played("misfits")
    path = session.save_as("edited")
    data = json.loads(path.read_text())
    data["actions"] = data["actions"][:-1]                # no longer matches its digest
    path.write_text(json.dumps(data))
    message = open_replay(app, path=path)
    with pytest.raises(persistence.SaveError) as load_error:
        Session.load(path)
    assert message == str(load_error.value)
    garbage = persistence.saves_dir() / "garbage.json"
    garbage.write_bytes(b"\x00\x01 nonsense")
    app.scenes.switch("load")
    scene = app.scenes.top
    scene.selected = next(i for i, e in enumerate(scene.entries) if e.path == garbage)
    assert scene.replay_selected() is False and scene.error_box is not None
    frames(app)
    assert garbage.read_bytes() == b"\x00\x01 nonsense"


def test_load_and_results_open_the_viewer(app):
    from ui.scenes.replay import ReplayMixin

    session = played("misfits")
    session.save_as("from load")
    app.scenes.switch("load")
    load = app.scenes.top
    load.selected = next(i for i, e in enumerate(load.entries) if e.label == "from load")
    load.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=load.replay_button))
    assert isinstance(app.scenes.top, ReplayMixin)
    app.scenes.top.command("close")
    assert type(app.scenes.top).__name__ == "LoadScene"
    finished = played("misfits", moves=100000)
    assert finished.state.is_over()
    app.scenes.switch("results", session=finished)
    frames(app)
    results = app.scenes.top
    results.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=results.replay))
    viewer = app.scenes.top
    assert isinstance(viewer, ReplayMixin) and viewer.timeline.session is finished
    viewer.command("end")
    frames(app, 90)                                   # the end of the game stays on the viewer
    assert app.scenes.top is viewer
    viewer.command("close")
    assert type(app.scenes.top).__name__ == "ResultsScene"


def test_a_replay_is_not_counted_in_the_statistics(app):
    session = played("misfits")
    viewer = open_viewer(app, session.save_as("not counted"))
    frames(app, 5)
    viewer.command("close")
    frames(app, 2)
    assert app.stats.book.totals("misfits").played == 0


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_bar_labels_fit_at_the_smallest_window(app, lang):
    from ui.app import MIN_SIZE

    app.set_language(lang)
    app.on_resize(MIN_SIZE)
    viewer = open_viewer(app, played("misfits").save_as("small"))
    rights = [b.rect.right for b in viewer.bar_buttons]
    assert max(rights) <= MIN_SIZE[0]
    for b in viewer.bar_buttons:
        assert not b.text.endswith("…"), b.text
    i18n.set_language("en")


def test_a_jump_shows_what_stepping_there_shows(app):
    """Tables remember recent moves (Misfit Heroes' tip box lists a bot's last lines): after a jump
    they show what stepping to the same move shows, not what the step left behind showed."""
    session = played("misfits", moves=90)
    viewer = open_viewer(app, session.save_as("memory"))
    tl = viewer.timeline

    def bot_run(k):           # the same bot moved at k - 1 and k - 2 and is still to move at k
        seat = tl.state_at(k).current_seat()
        return seat != 0 and all(tl.state_at(j).current_seat() == seat for j in (k - 2, k - 1))

    runs = [k for k in range(3, tl.n) if bot_run(k)]
    seat = tl.state_at(runs[0]).current_seat()
    k, other = runs[0], next(j for j in reversed(runs) if j > runs[0] + 3 and tl.state_at(j).current_seat() == seat)
    viewer.go(k - 3)
    for _ in range(3):
        viewer.command("forward")
    stepped = viewer.world.get("tips").text
    viewer.go(other - 3)
    for _ in range(3):
        viewer.command("forward")                     # the same bot's other moves fill its lines
    assert viewer.world.get("tips").text != stepped
    viewer.go(k)
    assert viewer.world.get("tips").text == stepped


def test_replaying_a_finished_barricades_game_records_no_medal(app):
    from gamecore.barricades.medals import record_path

    finished = played("barricades", moves=100000)
    assert finished.state.is_over()
    from ui.scenes.replay import open_replay

    assert open_replay(app, session=finished) is None
    viewer = app.scenes.top
    viewer.go(viewer.timeline.n - 1)
    viewer.command("forward")                         # the move that ends the game, shown as it happens
    frames(app, 5)
    assert viewer.state.is_over()
    assert not record_path().exists()
