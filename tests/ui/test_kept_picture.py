"""The table's kept picture (World.draw_cached) shows exactly what painting every view again shows: on each
game's table, through random clicks, drags, hovers, wheel zooms, moves, animations and undos, every frame
drawn from the kept picture equals the frame drawn from scratch, pixel for pixel."""
from __future__ import annotations

import pygame
import pytest

import gamecore
from gamecore.engine import Rng
from gamecore import bots
from gamecore.session import Seat, Session
from ui.settings import Settings

from test_monkey import random_events

FRAMES = 160


def _tables():
    from ui.games import playable, table_for

    return [(info.id, table_for(info.id)) for info in gamecore.games(ready_only=True) if playable(info)]


def _pictures(scene, size):
    kept, fresh = pygame.Surface(size), pygame.Surface(size)
    scene.draw(kept)
    scene.world.cache_enabled = False
    try:
        scene.draw(fresh)
    finally:
        scene.world.cache_enabled = True
    vp = scene.camera.viewport.clip(kept.get_rect())
    return kept.subsurface(vp), fresh.subsurface(vp)


def _open(app, table, game, seed):
    """The table with the person in seat 0 and random bots elsewhere, the bots answering at once on this
    thread (the move arrives as the next frame's event, as a worker's would)."""
    from ui.table import scene as kit

    count = gamecore.game(game).counts()[0]
    seats = [Seat()] + [Seat("bot", "random") for _ in range(count - 1)]
    app.scenes.switch(table, session=Session.new(game, seed, count, seats=seats))
    scene = app.scenes.top

    def start_bot():
        token = scene.token
        action = bots.choose_for(scene.state.clone(), bots.RandomBot(), scene._seed_for(len(scene.session.steps)))
        scene._bot_job = token
        kit._post(kit.BOT_MOVE_READY, token=token, action=action, error=None)
    scene._start_bot = start_bot
    return scene


@pytest.mark.parametrize("game,table", _tables(), ids=[g for g, _ in _tables()])
def test_kept_picture_matches_a_full_repaint(pygame_session, tmp_path, monkeypatch, game, table):
    from ui.app import App

    monkeypatch.setattr("ui.scenes.base.Scene.smoke_inputs", lambda self: [])
    app = App(settings=Settings(tmp_path / "s.json"), smoke=True)
    scene = _open(app, table, game, 7)
    rng = Rng(11)
    partial = 0
    for frame in range(FRAMES):
        if scene is not app.scenes.top:               # a dialog or another screen came up: back to the table
            scene = _open(app, table, game, 7 + frame)
        roll = rng.randrange(12)
        if roll == 0 and scene.input_actions():
            acts = scene.input_actions()
            scene.apply_action(acts[rng.randrange(len(acts))])
        elif roll == 1 and scene.session.steps:
            scene.undo()
        else:
            for event in random_events(rng, app.size, drags_only=rng.randrange(3) == 0):
                if event.type not in (pygame.QUIT, pygame.VIDEORESIZE, pygame.KEYDOWN, pygame.KEYUP):
                    pygame.event.post(event)
        app.frame(1 / 60)
        if scene is not app.scenes.top:
            continue
        painted = getattr(scene.world, "painted", None)
        if painted and painted != [scene.camera.viewport.clip(app.screen.get_rect())]:
            partial += 1
        kept, fresh = _pictures(scene, app.size)
        assert pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(fresh, "RGB"), \
            f"{game}: frame {frame} from the kept picture differs from a full repaint"
    assert partial > 0, "the kept picture never painted only a part: it saves nothing"
