"""A table scene for the toy game "Bins" (tests only, never shipped), plus a minimal fake app.

Importing this module sets the headless SDL variables before pygame is imported.
"""
from __future__ import annotations

import os
import sys
import tempfile
import time
import weakref
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
_TMP = tempfile.mkdtemp(prefix="tabletop-dojo-tests-")
for _name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
    os.environ.setdefault(_name, os.path.join(_TMP, _name.lower()))

ROOT = Path(__file__).resolve().parents[1]
for _p in (str(ROOT), str(ROOT / "tests")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import pygame  # noqa: E402
import pygame_gui  # noqa: E402

import gamecore  # noqa: E402
from gamecore.session import Seat, Session  # noqa: E402
from ui.scenes.base import Scene, SceneManager  # noqa: E402
from ui.settings import Settings  # noqa: E402
from ui.table import CardFace, CardView, HandView, PileView, ZoneView  # noqa: E402
from ui.table.scene import TableScene  # noqa: E402

import toygame  # noqa: E402  (the same module object the conftest registers)

WINDOW = (1280, 800)


class ToyTable(TableScene):
    """Three bins on top, the deck on the left, one fanned hand per seat below."""

    END_KINDS = ("draw", "pass")

    def layout(self, world):
        self._dynamic: set[str] = set()
        for i in range(3):
            world.add(ZoneView(f"bin:{i}", (40 + i * 300, 20, 280, 200), label=f"Bin {i + 1}"))
        self.deck = world.add(PileView("deck", (40, 260), label="Deck", count=0))
        self.hands = [world.add(HandView(f"hand:{s}", (200, 250 + s * 190, 700, 180), label=self.seat_name(s)))
                      for s in range(self.session.players)]

    def face(self, card: str, seat: int) -> CardFace:
        value = int(card[1:])
        return CardFace(title=f"Card {value}", vp=value, type_line="Number", text=f"Worth {value} {{coin}}.",
                        frame=self.palette().seat_colour(seat), keywords=("Plain",), footer="toy")

    def sync(self, state):
        for cid in getattr(self, "_dynamic", set()):
            self.world.remove(cid)
        self._dynamic = set()
        self.deck.count = len(state.deck)
        viewer = self.viewer_seat()
        for seat, hand in enumerate(state.hands):
            cards = [CardView(c, (0, 0), self.face(c, seat), face_up=(seat == viewer), back_label="Toy",
                              back_colour=(80, 70, 120)) for c in sorted(hand)]
            self.hands[seat].set_cards(cards)
        for i, bin_ in enumerate(state.bins):
            zone = self.world.get(f"bin:{i}")
            for j, (seat, card) in enumerate(bin_):
                view = CardView(card, (zone.rect.x + 12 + j * 86, zone.rect.y + 34), self.face(card, seat))
                self.world.add(view)
                self._dynamic.add(card)

    def card_face(self, cid):
        view = self.world.get(cid)
        return view.face if isinstance(view, CardView) and view.face_up else None

    def glossary(self, cid):
        return ["Plain: this card has no ability."]

    def describe_action(self, action):
        if action.kind == "play":
            return f"Play {action.source} into {action.target}"
        return action.kind.capitalize()


# ------------------------------------------------------------------ a minimal app for the tests


class Recorder(Scene):
    """Stands in for the lead's scenes: remembers how it was entered."""

    def enter(self, **args):
        self.args = args
        super().enter(**args)


class FakeApp:
    live: "weakref.WeakSet[FakeApp]" = weakref.WeakSet()     # closed after each UI test (conftest)

    def __init__(self, settings: dict | None = None):
        FakeApp.live.add(self)
        ensure_pygame()
        self.screen = pygame.display.get_surface()
        # as App: without live theme updates (a manager made with them is never freed, and each test's
        # FakeApp kept its whole table alive: the UI tests grew to 6 GB)
        self.manager = pygame_gui.UIManager(self.screen.get_size(), enable_live_theme_updates=False)
        self.settings = Settings(None)
        for key, value in (settings or {}).items():
            self.settings.set(key, value, save=False)
        self.clock = pygame.time.Clock()
        self.scenes = SceneManager(self)
        for name in ("menu", "setup", "settings", "load", "rules", "results"):
            self.scenes.register(name, type(name.capitalize() + "Scene", (Recorder,), {}))

    @property
    def scene(self):
        return self.scenes.top

    def frame(self, dt: float = 1 / 60) -> None:
        """One loop iteration in the order STYLE.md gives (after the scene's work put off from the last
        frame, as App.frame)."""
        if self.scenes.top is not None:
            self.scenes.top.before_input()
        for event in pygame.event.get():
            consumed = self.manager.process_events(event)
            if not consumed and self.scenes.top is not None:
                self.scenes.top.handle_event(event)
        self.manager.update(dt)
        top = self.scenes.top
        if top is not None:
            top.update(dt)
            top.draw(self.screen)
        self.manager.draw_ui(self.screen)

    def frames(self, n: int, dt: float = 1 / 60) -> None:
        for _ in range(n):
            self.frame(dt)

    def close(self) -> None:
        """Leave every scene (as the app does when it switches away from one) and drop the widgets. A
        scene left with its widgets alive is never freed (something under pygame_gui keeps a reference
        Python's collector cannot see): without this the UI tests grew by a table per test, to 6 GB."""
        while self.scenes.stack:
            self.scenes.stack.pop().exit()
        self.manager.clear_and_reset()


_ready = False


def ensure_pygame() -> None:
    global _ready
    if not _ready:
        pygame.init()
        _ready = True
    if pygame.display.get_surface() is None:
        pygame.display.set_mode(WINDOW)


def toy_session(seed: int = 3, seats=None, mode: str = "practice", players: int = 2) -> Session:
    if "toy" not in {g.id for g in gamecore.games()}:
        toygame.register()
    seats = seats or [Seat("human"), Seat("bot", "random")]
    return Session.new("toy", seed, players, {}, seats, mode)


def open_table(app: FakeApp, session: Session) -> ToyTable:
    return app.scenes.switch(ToyTable, session=session)


# ------------------------------------------------------------------ synthetic input, shared by the table tests

def screen_of(scene, cid):
    """The screen position of a view's centre."""
    view = scene.world.get(cid)
    assert view is not None, cid
    point = view.world_rect().center
    if isinstance(view.parent, HandView):      # a card in a back row shows only its title bar
        point = view.parent.grab_point(view)
    return tuple(round(c) for c in scene.camera.to_screen(point))


def post_drag(start, end, steps=8):
    ev = pygame.event.Event
    pygame.event.post(ev(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(ev(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for i in range(1, steps + 1):
        p = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
        pygame.event.post(ev(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0)))
    pygame.event.post(ev(pygame.MOUSEBUTTONUP, pos=end, button=1))


def post_click(pos):
    ev = pygame.event.Event
    pygame.event.post(ev(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(ev(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(ev(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def click(app, element, frames=3):
    """Click a pygame_gui element (or anything with a rect) through the event queue."""
    pos = element.get_abs_rect().center if hasattr(element, "get_abs_rect") else element.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.frames(frames)


def key(app, k, mod=0, frames=2):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    app.frames(frames)


def wait_for(app, predicate, seconds=20.0):
    """Run frames until ``predicate()`` holds (bots think on other threads); False after ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        app.frame()
        if predicate():
            return True
        time.sleep(0.002)
    return False
