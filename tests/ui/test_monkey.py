"""UI monkey test: every scene takes thousands of random mouse and keyboard events (clicks, drags, wheel,
resize, key presses, quit requests) under the dummy driver without an exception; table scenes also get
a storm of drags between random points."""
from __future__ import annotations

import pygame
import pytest

import gamecore
from gamecore.engine import Rng
from gamecore.session import Seat, Session
from ui.settings import Settings

EVENTS_PER_SCENE = 1500
KEYS = [pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_h, pygame.K_f, pygame.K_z, pygame.K_y,
        pygame.K_DOWN, pygame.K_UP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END, pygame.K_TAB, pygame.K_1]


def random_events(rng: Rng, size, drags_only=False):
    w, h = size
    pos = (rng.randrange(w), rng.randrange(h))
    kind = 9 if drags_only else rng.randrange(10)
    if kind <= 2:
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))]
    if kind == 3:
        button = rng.choice([1, 1, 2, 3])
        return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]
    if kind == 4:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-3, -1, 1, 3]), flipped=False,
                                   precise_x=0.0, precise_y=1.0)]
    if kind == 5:
        key = rng.choice(KEYS)
        mod = rng.choice([0, 0, pygame.KMOD_CTRL])
        return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0),
                pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)]
    if kind == 6 and rng.randrange(20) == 0:
        return [pygame.event.Event(pygame.VIDEORESIZE, w=rng.randint(900, 1920), h=rng.randint(560, 1080),
                                   size=(0, 0))]
    if kind == 7 and rng.randrange(30) == 0:
        return [pygame.event.Event(pygame.QUIT)]
    if kind == 8:
        return [pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(["7", "a", "あ", " "]))]
    end = (rng.randrange(w), rng.randrange(h))
    button = rng.choice([1, 1, 1, 3])
    steps = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)]
    for i in range(1, 4):
        p = (pos[0] + (end[0] - pos[0]) * i // 3, pos[1] + (end[1] - pos[1]) * i // 3)
        steps.append(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0)))
    steps.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=button))
    return steps


def _finished_toy():
    s = Session.new("toy", 4, 2, seats=[Seat(), Seat("bot", "random")])
    while not s.state.is_over():
        s.apply(s.state.legal_actions()[0])
    return s


def _scenes():
    out = [("menu", lambda: {}), ("settings", lambda: {}), ("load", lambda: {}),
           ("rules", lambda: {"game": "rangers"}), ("setup", lambda: {"game": "toy"}),
           ("results", lambda: {"session": _finished_toy()})]
    try:
        import toytable
        out.append((toytable.ToyTable, lambda: {"session": Session.new("toy", 5, 2, seats=[Seat(), Seat("bot", "random")])}))
    except ImportError:
        pass
    from ui.games import playable, table_for
    for info in gamecore.games(ready_only=True):
        if playable(info):
            out.append((table_for(info.id), lambda info=info: {"session": Session.new(info.id, 5, info.counts()[0])}))
    return out


@pytest.mark.parametrize("index", range(len(_scenes())), ids=[str(getattr(s, "__name__", s)) for s, _ in _scenes()])
def test_monkey(pygame_session, tmp_path, index, monkeypatch):
    from ui.app import App

    monkeypatch.setattr("ui.scenes.base.Scene.smoke_inputs", lambda self: [])
    app = App(settings=Settings(tmp_path / "s.json"), smoke=True)
    scene, make_args = _scenes()[index]
    rng = Rng(index + 1)
    app.scenes.switch(scene, **make_args())
    is_table = not isinstance(scene, str)
    sent = 0
    while sent < EVENTS_PER_SCENE:
        if rng.randrange(200) == 0:          # come back to the scene under test now and then
            app.scenes.switch(scene, **make_args())
        for event in random_events(rng, app.size, drags_only=is_table and rng.randrange(2) == 0):
            pygame.event.post(event)
            sent += 1
        app.frame(1 / 60)
    assert app.scenes.top is not None
    assert app.running
