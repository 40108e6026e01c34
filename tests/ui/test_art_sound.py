"""Sound hooks of the table kit (ui/table/sounds.py): which effect each game's events, drags, refusals,
turns and endings ring, heard through a stand-in mixer (ui.audio.Audio accepts one), so the tests stay
silent under the dummy driver. Volume and mute come from Settings, are remembered and apply at once."""
from __future__ import annotations

import random
from types import SimpleNamespace

import toytable as tt
from toytable import post_drag, screen_of

import pygame
import pygame_gui
import pytest

import gamecore
from gamecore.engine import Event
from gamecore.session import Seat, Session
from ui import audio
from ui.games import table_for
from ui.games.misfits import prepare_options
from ui.settings import Settings
from ui.table import sounds
from ui.table.sounds import TableSounds, event_sound, event_sounds


class FakeSound:
    def __init__(self, log, path):
        self.log, self.name, self.vol = log, path.rsplit("/", 1)[-1][:-4], None

    def set_volume(self, v):
        self.vol = v

    def play(self):
        self.log.append((self.name, self.vol))


class FakeMixer:
    """Stands in for pygame.mixer: records (sound, volume) instead of making a noise."""

    def __init__(self):
        self.log, self.opened = [], False

    def get_init(self):
        return self.opened

    def init(self, **kw):
        self.opened = True

    def Sound(self, path):
        return FakeSound(self.log, path)

    def names(self):
        return [n for n, _ in self.log]


@pytest.fixture
def mixer(monkeypatch):
    """The app's one Audio, bound to settings at 50 % and a stand-in mixer."""
    fake = FakeMixer()
    settings = Settings(None)
    settings.set("volume", 50, save=False)
    monkeypatch.setattr(audio, "_audio", audio.Audio(settings, fake))
    fake.settings = settings
    return fake


# ------------------------------------------------------------------ the table of event sounds


def test_each_games_events_map_to_their_sounds():
    cases = [
        ("rangers", Event("flip", "rangers.ev.panicked"), "alarm"),
        ("rangers", Event("roll", "rangers.ev.dice_rolled"), "dice"),
        ("rangers", Event("damage", "rangers.ev.damage_taken"), "damage"),
        ("rangers", Event("shuffle", "rangers.ev.deploy_reshuffled"), "shuffle"),
        ("rangers", Event("reveal", "rangers.ev.enemy_card_drawn"), "draw"),
        ("misfits", Event("draw", "misfits.ev.draw"), "draw"),
        ("misfits", Event("flip", "misfits.ev.stun"), "flip"),
        ("misfits", Event("shuffle", "misfits.ev.reshuffle"), "shuffle"),
        ("galaxy", Event("reveal", "galaxy.log.invasion"), "alarm"),
        ("galaxy", Event("combat", "galaxy.log.strike"), "damage"),
        ("galaxy", Event("reveal", "galaxy.log.display_revealed"), "flip"),
        ("barricades", Event("info", "barricades.log.location_destroyed"), "alarm"),
        ("barricades", Event("roll", "barricades.log.rolled"), "dice"),
        ("barricades", Event("score", "barricades.log.wounded"), "damage"),
        ("barricades", Event("reveal", "barricades.log.token_drawn"), "draw"),
    ]
    for game, event, name in cases:
        assert event_sound(game, event) == name, (game, event.key)
    # moves and log-only events stay silent (a person's own drop already made its sound)
    assert event_sound("misfits", Event("move", "misfits.ev.hire")) is None
    assert event_sound("barricades", Event("info", "barricades.log.pledge")) is None
    assert event_sound("rangers", Event("phase", "rangers.ev.game_lost")) is None


def test_an_action_rings_its_most_telling_sounds_once_each():
    events = [Event("draw", "barricades.log.draw"), Event("roll", "barricades.log.rolled"),
              Event("roll", "barricades.log.rolled"), Event("info", "barricades.log.location_destroyed")]
    assert event_sounds("barricades", events) == ["alarm", "dice"]
    assert event_sounds("misfits", [Event("draw", "misfits.ev.draw")] * 3) == ["draw"]


def test_every_game_has_a_table_and_every_sound_exists():
    ids = {g.id for g in gamecore.games()} - {"toy"}
    assert ids <= set(sounds.GAME_SOUNDS) and ids <= set(sounds.TURN_EVENTS)
    named = set(sounds.KIND_SOUNDS.values()) | {n for table in sounds.GAME_SOUNDS.values() for n in table.values()}
    assert named - {None} <= set(audio.NAMES)


@pytest.mark.parametrize("game, players, wanted", [
    ("rangers", 3, {"alarm", "dice", "damage", "shuffle"}),
    ("misfits", 4, {"draw", "shuffle"}),
    ("galaxy", 4, {"alarm", "damage", "flip"}),
    ("barricades", 4, {"alarm", "dice", "draw"}),
])
def test_the_engines_real_events_ring_the_sounds(game, players, wanted):
    """Seeded random playouts: the event keys the engines really emit reach the danger, dice and card
    sounds (a renamed event key would fall silent and fail here)."""
    heard: set[str] = set()
    for seed in range(1, 7):
        state = gamecore.start(game, seed=seed, players=players)
        rng = random.Random(seed)
        for _ in range(4000):
            if state.is_over() or wanted <= heard:
                break
            legal = state.legal_actions()
            # a random team that ends its action phase at once never fights: play on while it can
            keep = [a for a in legal if a.kind != "end_actions"] or legal
            heard.update(filter(None, (event_sound(game, e) for e in state.apply(rng.choice(keep)))))
        if wanted <= heard:
            break
    assert wanted <= heard, wanted - heard


# ------------------------------------------------------------------ turn and the end, through a stand-in session


def _fake_session(game="misfits", coop=False, over=False, bot=False, seat=0, outcome="win", winners=(0,), humans=(0,)):
    state = SimpleNamespace(is_over=lambda: over, current_seat=lambda: None if over else seat,
                            result=lambda: SimpleNamespace(outcome=outcome, winners=list(winners)))
    return SimpleNamespace(game=game, state=state, info=SimpleNamespace(coop=coop), bot_to_move=lambda: bot,
                           human_seats=lambda: list(humans))


def test_turn_rings_when_a_turn_of_the_persons_begins():
    heard = []
    s = TableSounds(lambda name: heard.append(name))
    bot_turn = _fake_session(bot=True, seat=1)
    s.start(bot_turn)
    s.after_change(SimpleNamespace(session=bot_turn), [Event("move", "misfits.ev.hire")])
    assert heard == []
    mine = _fake_session(seat=0)
    s.after_change(SimpleNamespace(session=mine), [Event("phase", "misfits.ev.turn")])
    assert heard == ["turn"]
    s.after_change(SimpleNamespace(session=mine), [Event("move", "misfits.ev.coins")])   # same turn goes on
    assert heard == ["turn"]
    coop = _fake_session(game="rangers", coop=True, seat=2, humans=(0, 1, 2))
    s.after_change(SimpleNamespace(session=coop), [Event("phase", "rangers.ev.action_phase")])
    assert heard == ["turn", "turn"]


def test_the_end_rings_win_or_loss_for_the_person():
    cases = [(dict(coop=True, outcome="win"), "win"), (dict(coop=True, outcome="loss"), "loss"),
             (dict(winners=(0,), humans=(0,)), "win"), (dict(winners=(1,), humans=(0,)), "loss"),
             (dict(outcome="shared", winners=(0, 2), humans=(2,)), "win")]
    for kw, name in cases:
        heard = []
        session = _fake_session(over=True, **kw)
        TableSounds(heard.append).after_change(SimpleNamespace(session=session), [Event("roll", "rangers.ev.dice_rolled")])
        assert heard == [name], kw


# ------------------------------------------------------------------ through a real table and the stand-in mixer


def _misfits_table(settings=None, seats=None, players=2):
    options = prepare_options({})
    seats = seats or [Seat()] + [Seat("bot", "easy") for _ in range(players - 1)]
    session = next(s for s in (Session.new("misfits", seed, players, options, seats) for seed in range(1, 200))
                   if s.state.current_seat() == 0)
    app = tt.FakeApp({"animation_speed": "off", "confirm_end_turn": False, **(settings or {})})
    app.size = app.screen.get_size()
    scene = app.scenes.switch(table_for("misfits"), session=session)
    app.frames(2)
    return app, scene, session


def test_a_drag_rings_pickup_then_drop_at_the_settings_volume(mixer):
    app, scene, session = _misfits_table()
    hire = next(a for a in session.state.legal_actions() if a.kind == "hire")
    post_drag(screen_of(scene, hire.source), screen_of(scene, hire.target))
    app.frames(2)
    assert session.steps and session.steps[0].action == hire
    assert mixer.log[:2] == [("pickup", 0.5), ("drop", 0.5)]


def test_a_refused_drop_rings_refused(mixer):
    app, scene, session = _misfits_table()
    card = session.state.hands[0][0]
    post_drag(screen_of(scene, card), screen_of(scene, "tab:0:3:3"))      # not the first slot
    app.frames(2)
    assert not session.steps
    assert mixer.names() == ["pickup", "refused"]


def test_mute_silences_the_table_at_once(mixer):
    app, scene, session = _misfits_table()
    mixer.settings.set("muted", True, save=False)
    hire = next(a for a in session.state.legal_actions() if a.kind == "hire")
    post_drag(screen_of(scene, hire.source), screen_of(scene, hire.target))
    app.frames(2)
    assert session.steps and mixer.log == []


def test_the_last_move_of_a_game_rings_the_persons_result(mixer):
    """A whole seeded game (the seats' moves handed to the session, the last one through the table):
    the ending rings win or loss for the person's seat, and nothing after it."""
    app, scene, session = _misfits_table(players=2)
    rng = random.Random(5)
    while True:
        action = rng.choice(session.state.legal_actions())
        ahead = session.state.clone()
        ahead.apply(action)
        if ahead.is_over():
            break
        session.apply(action)
    mixer.log.clear()
    assert scene.apply_action(action)
    result = session.state.result()
    assert mixer.names() == ["win" if 0 in result.winners else "loss"]


# ------------------------------------------------------------------ settings: volume slider and mute


def test_volume_and_mute_are_checked_and_remembered(tmp_path):
    path = tmp_path / "settings.json"
    s = Settings(path)
    assert s.get("volume") == 70 and s.get("muted") is False
    for bad in (101, -1, True, "50", 5.5):
        assert not s.set("volume", bad)
    assert not s.set("muted", "yes")
    assert s.set("volume", 35) and s.set("muted", True)
    again = Settings.load(path)
    assert again.get("volume") == 35 and again.get("muted") is True


def test_the_settings_slider_sets_the_volume_and_plays_a_sample(mixer, tmp_path):
    from ui.scenes.settings import SettingsScene

    app = tt.FakeApp()
    app.size = app.screen.get_size()
    app.settings = mixer.settings
    app.settings.path = tmp_path / "settings.json"
    scene = app.scenes.switch(SettingsScene)
    app.frames(1)
    assert scene.volume is not None and scene.volume.get_current_value() == 50
    scene.volume.set_current_value(30)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=scene.volume, value=30))
    app.frames(2)
    assert app.settings.get("volume") == 30
    assert Settings.load(app.settings.path).get("volume") == 30
    assert mixer.log[-1] == ("drop", 0.3)          # heard at the new level at once
    mute = next(dd for dd, (key, _) in scene.handlers.items() if key == "muted")
    on = next(label for label, value in scene.handlers[mute][1].items() if value is True)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=mute, text=on))
    app.frames(2)
    assert app.settings.get("muted") is True
    n = len(mixer.log)
    scene.volume.set_current_value(80)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=scene.volume, value=80))
    app.frames(2)
    assert app.settings.get("volume") == 80 and len(mixer.log) == n      # muted: remembered, silent


def test_the_remix_screen_rings_pickup_and_drop_on_a_swap(mixer):
    from toytable import post_click
    from ui.games.misfits import RemixScene

    app = tt.FakeApp({"animation_speed": "off"})
    app.size = app.screen.get_size()
    scene = app.scenes.switch(RemixScene, players=2, seed=5)
    app.frames(1)
    assert mixer.log == []                        # the bots' own remix is silent
    rects = scene.card_rects()
    post_drag(rects[(0, 0)].center, rects[(0, 2)].center)
    app.frames(2)
    assert mixer.names() == ["pickup", "drop"]
    post_click(rects[(0, 1)].center)
    app.frames(1)
    post_click(rects[(0, 3)].center)
    app.frames(1)
    assert mixer.names() == ["pickup", "drop", "drop"]


def test_the_settings_rows_stay_above_the_back_button_on_the_smallest_window():
    from ui.scenes.settings import ROWS, SettingsScene

    app = tt.FakeApp()
    app.size = (1024, 700)                       # the app's minimum window size
    scene = app.scenes.switch(SettingsScene)
    app.frames(1)
    bottoms = [dd.get_abs_rect().bottom for dd in scene.handlers] + [scene.volume.get_abs_rect().bottom]
    assert len(bottoms) == len(ROWS)
    assert max(bottoms) < scene.back.get_abs_rect().top


def test_a_drop_the_engine_turns_down_rings_refused_alone(mixer, monkeypatch):
    """The drop's sound waits for the move to be applied: refused by the engine (or a lesson's coach)
    after a matching drop, the table rings "refused", never "drop" then "refused"."""
    from gamecore.engine import IllegalAction

    app, scene, session = _misfits_table()
    hire = next(a for a in session.state.legal_actions() if a.kind == "hire")

    def refuse(action):
        raise IllegalAction("test_refusal", "Not now.")

    monkeypatch.setattr(session, "apply", refuse)
    post_drag(screen_of(scene, hire.source), screen_of(scene, hire.target))
    app.frames(2)
    assert not session.steps
    assert mixer.names() == ["pickup", "refused"]


def test_a_drop_the_lessons_coach_turns_down_rings_refused_alone(mixer):
    from ui.tutorials import script_for

    script = script_for("misfits")
    session = script.new_session(None)
    app = tt.FakeApp({"animation_speed": "off", "confirm_end_turn": False})
    app.size = app.screen.get_size()
    scene = app.scenes.switch(table_for("misfits"), session=session)
    app.frames(2)
    coach = scene.coach
    while coach.step.expect is None:
        coach.next(session)
    first = script.moves()[0]
    other = next(a for a in session.state.legal_actions() if a.kind == "hire" and a != first)
    post_drag(screen_of(scene, other.source), screen_of(scene, other.target))
    app.frames(2)
    assert not session.steps
    assert mixer.names() == ["pickup", "refused"]
    mixer.log.clear()
    post_drag(screen_of(scene, first.source), screen_of(scene, first.target))
    app.frames(2)
    assert session.steps and session.steps[0].action == first
    assert mixer.names()[:2] == ["pickup", "drop"]
