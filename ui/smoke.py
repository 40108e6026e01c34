"""``--smoke-test N``: open the real app, drive every scene (in both languages) with synthetic mouse and
keyboard input for N frames in all, and fail loudly (exit 1 with a traceback) on any exception.

Prints the time to the first frame and the frame-time median and p99, so CI logs carry the figures.
"""
from __future__ import annotations

import os
import statistics
import sys
import time
import traceback

import pygame

import gamecore
from gamecore.engine import Rng


def _finished_session():
    """A finished game of the first ready game, for the results scene (no autosave)."""
    from gamecore.session import Session

    for info in gamecore.games(ready_only=True):
        session = Session.new(info.id, 3, info.counts()[0])
        rng = Rng(3)
        for _ in range(50000):
            if session.state.is_over():
                return session
            legal = session.state.legal_actions()
            session.state.apply(legal[rng.randrange(len(legal))])
    return None


def _plan(app):
    from gamecore.session import Session
    from ui.games import playable, table_for

    plan = [("menu", {}), ("settings", {}), ("load", {})]
    for info in gamecore.games():
        plan.append(("rules", {"game": info.id}))
    for info in gamecore.games(ready_only=True):
        plan.append(("setup", {"game": info.id}))
        if playable(info):
            seats = None
            if not info.coop and info.bot_levels:
                from gamecore.session import Seat
                seats = [Seat()] + [Seat("bot", info.bot_levels[0])] * (info.counts()[0] - 1)
            session = Session.new(info.id, 5, info.counts()[0], seats=seats)
            plan.append((table_for(info.id), {"session": session}))
    finished = _finished_session()
    if finished is not None:
        plan.append(("results", {"session": finished}))
        if table_for(finished.game) is not None:      # the replay viewer on that game's own table
            from ui.scenes.replay import Timeline, replay_table

            plan.append((replay_table(table_for(finished.game)), {"timeline": Timeline(finished)}))
    plan.append(("stats", {}))
    return plan


def _synthetic(rng: Rng, size, frame: int) -> list:
    w, h = size
    x, y = rng.randrange(w), rng.randrange(h)
    events = [pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(0, 0, 0))]
    if frame % 9 == 4:
        events.append(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False,
                                         precise_x=0.0, precise_y=1.0))
    if frame % 13 == 6:
        events.append(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=3))
        events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=3))
    if frame % 17 == 8:
        tx, ty = rng.randrange(w), rng.randrange(h)
        events.append(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
        events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=(tx, ty), rel=(tx - x, ty - y), buttons=(1, 0, 0)))
        events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(tx, ty), button=1))
    if frame % 23 == 11:
        key = rng.choice([pygame.K_h, pygame.K_f, pygame.K_DOWN, pygame.K_PAGEDOWN, pygame.K_SPACE])
        events.append(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        events.append(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    return events


def check_tables() -> list[str]:
    """Every game with an engine and a table package must be playable (catches a build that left a
    table out). Returns the playable game ids."""
    import pkgutil

    import ui.games
    from ui.games import content_problem, playable

    packages = {m.name for m in pkgutil.iter_modules(ui.games.__path__)}
    if not packages:
        raise RuntimeError("no table package can be listed in ui.games: the build left them out")
    ready = {g.id: g for g in gamecore.games(ready_only=True)}
    missing = [gid for gid in sorted(packages) if gid in ready and not playable(ready[gid])]
    if missing:
        problems = {gid: content_problem(ready[gid]) for gid in missing}
        raise RuntimeError(f"games with a table that are not playable here: {problems}")
    return sorted(gid for gid, info in ready.items() if playable(info))


def run_smoke(frames: int, lang: str | None = None) -> int:
    from ui.app import App, _T0
    from ui.settings import Settings

    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    frames = max(1, frames)
    try:
        app = App(settings=Settings(None), smoke=True)
        print(f"video driver: {pygame.display.get_driver()}")   # part of the report, not a warning
        from ui import i18n

        broken = i18n.check_catalogs()
        if broken:                    # a shipped catalog that cannot be read fails the build
            raise RuntimeError("broken interface catalog: " + "; ".join(broken))
        app.scenes.switch("menu")
        app.frame(0.016)
        first_frame_ms = (time.perf_counter() - _T0) * 1000.0
        print(f"playable games: {', '.join(check_tables()) or 'none'}")
        plan = _plan(app)
        langs = [lang] if lang else ["en", "ja"]
        runs = [(scene, args, lg) for lg in langs for scene, args in plan]
        per = max(1, frames // len(runs))
        rng = Rng(2024)
        times: list[float] = []
        done = 0
        visited = []
        for scene, args, lg in runs:
            if done >= frames:
                break
            app.set_language(lg)
            app.scenes.switch(scene, **args)
            visited.append(f"{getattr(scene, '__name__', scene)}[{lg}]")
            for f in range(per):
                if done >= frames:
                    break
                for event in _synthetic(rng, app.size, f):
                    pygame.event.post(event)
                began = time.perf_counter()
                app.frame(1 / 60)
                times.append((time.perf_counter() - began) * 1000.0)
                done += 1
        # a resize and a language switch mid-scene must rebuild cleanly
        app.on_resize((1500, 900))
        app.frame(1 / 60)
        app.set_language("ja")
        app.frame(1 / 60)
        times.sort()
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        print(f"smoke test: {done} frames over {len(visited)} scene visits: {', '.join(visited)}")
        print(f"first frame after {first_frame_ms:.0f} ms; frame time median {statistics.median(times):.2f} ms, "
              f"p99 {p99:.2f} ms")
        return 0
    except Exception:
        traceback.print_exc()
        print("smoke test FAILED", file=sys.stderr)
        return 1
    finally:
        pygame.quit()
