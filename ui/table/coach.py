"""The guided first game: a coach that teaches a game at its own table, one step at a time.

A ``Script`` is a real game (a fixed seed and, where the game has one, a stacked deck given through the
game's own options) plus the lesson: a list of ``Step``s and a few ``Moment``s.

- A step with ``expect`` waits for that move of the person's. The move itself is made as always (drag,
  click or button); the pieces named in ``show`` glow so the person sees what to take and where to put
  it. Another move that the engine allows is not made: the coach says that it is legal and what this
  lesson asks for instead (an illegal one is refused with the engine's reason, as everywhere).
- A step without ``expect`` explains something (an automatic effect that just happened, a part of the
  table); the person reads it and presses Next.
- When the script's steps are done the game goes on as an ordinary game against the bots, and each
  ``Moment`` explains a rule once, the first time its situation comes up (the hand limit at the end of a
  turn, the end of the game...).

Nothing is stored apart: a guided game is an ordinary session (saved and resumed like any other), and
the coach finds its place again from the moves already played (``Coach.resume_index``). The rules
engine decides every move; the coach only chooses which legal move it waits for.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

import pygame

from gamecore.engine import Action, Rng
from ui import fonts
from ui.i18n import t

RING = (255, 206, 84)


@dataclass(frozen=True)
class Step:
    text: str                                  # i18n key of what the coach says
    expect: Action | None = None               # the person's move this step waits for (None: Next)
    show: tuple = ()                           # cids that glow: the piece to move and where it goes
    args: dict = field(default_factory=dict)   # parameters of the text (a callable: read when shown, e.g. from the data)


@dataclass(frozen=True)
class Moment:
    text: str                                  # i18n key
    when: Callable                             # (state, seat) -> bool: the situation that calls for it


@dataclass(frozen=True)
class FixedGame:
    """The game a lesson is played on: a fixed seed, seats and options. ``new_session`` starts it;
    ``matches`` tells such a game apart from any other (the same seed, seats and options once validated),
    so a saved lesson is recognised again when it is resumed."""
    game: str
    seed: int
    seats: tuple            # Seat objects
    options: dict = field(default_factory=dict)

    def new_session(self, autosave=None):
        from gamecore.session import Session

        return Session.new(self.game, self.seed, len(self.seats), dict(self.options), list(self.seats), "practice",
                           autosave)

    def matches(self, session) -> bool:
        import gamecore

        if (session.game, session.seed, session.players) != (self.game, self.seed, len(self.seats)):
            return False
        if [s.to_json() for s in session.seats] != [s.to_json() for s in self.seats]:
            return False
        return session.options == gamecore.game(self.game).validate_options(len(self.seats), dict(self.options))


@dataclass
class Script:
    game: str
    seat: int                                  # the person's seat
    steps: list
    moments: list
    matches: Callable                          # (session) -> bool: is this session this guided game?
    new_session: Callable                      # (autosave path or None) -> Session
    title: str = "coach.title"
    # The lesson's bots draw their tie-breaks from this seed and the move number instead of the state's digest
    # (which includes the rules version), so a new rules version or a changed number of the game's data does
    # not send the bot to another place the lesson needs. None: the table's ordinary seeding.
    bot_seed: int | None = None

    def bot_rng(self, session) -> Rng | None:
        """The random source of the bot's next move in this lesson's game, or None where the table's own applies."""
        if self.bot_seed is None:
            return None
        return Rng(self.bot_seed ^ len(session.steps))

    def moves(self) -> list[Action]:
        return [s.expect for s in self.steps if s.expect is not None]


class Coach:
    """The coach of one table: where the lesson is, what it lets the person do, and its box."""

    def __init__(self, script: Script, session):
        self.script = script
        self.index = self.resume_index(script, session)
        self.seen: set[int] = set()
        self.moment: int | None = None
        self.left = False
        self.rects: dict[str, pygame.Rect] = {}
        self.clock = 0.0

    # ------------------------------------------------------------------ where the lesson is
    @staticmethod
    def resume_index(script: Script, session) -> int:
        """The first step not yet done, judged from the person's moves already in the session."""
        mine = [s.action for s in session.steps if s.seat == script.seat]
        i = 0
        for action in mine:
            while i < len(script.steps) and script.steps[i].expect is None:
                i += 1
            if i < len(script.steps) and script.steps[i].expect == action:
                i += 1
            else:
                return len(script.steps)          # the game left the script: it goes on freely
        return i

    @property
    def step(self) -> Step | None:
        if self.left or self.index >= len(self.script.steps):
            return None
        return self.script.steps[self.index]

    @property
    def active(self) -> bool:
        return not self.left and (self.step is not None or self.moment is not None)

    def waiting_for(self) -> Action | None:
        step = self.step
        return step.expect if step is not None and self.moment is None else None

    def allows(self, action: Action) -> str | None:
        """None if the person may make ``action`` now; else what the coach says instead."""
        step = self.step
        if step is None:
            return None                              # the free game: every legal move
        if step.expect is None:
            return t("coach.press_next")
        if action == step.expect:
            return None
        return t("coach.not_this_one")

    def after_move(self, session) -> None:
        """Called after every change: a move that was waited for moves the lesson on."""
        step = self.step
        if step is not None and step.expect is not None and session.steps:
            last = session.steps[-1]
            if last.seat == self.script.seat and last.action == step.expect:
                self.index += 1
        self.check_moments(session)

    def check_moments(self, session) -> None:
        if self.left or self.step is not None or self.moment is not None:
            return
        state = session.state
        for k, m in enumerate(self.script.moments):
            if k not in self.seen and m.when(state, self.script.seat):
                self.seen.add(k)
                self.moment = k
                return

    def next(self, session) -> None:
        if self.moment is not None:
            self.moment = None
            self.check_moments(session)
            return
        step = self.step
        if step is not None and step.expect is None:
            self.index += 1
            self.check_moments(session)

    def leave(self) -> None:
        self.left = True
        self.moment = None

    def highlighted(self) -> tuple:
        step = self.step
        return step.show if step is not None and self.moment is None else ()

    def text(self) -> str:
        if self.moment is not None:
            return t(self.script.moments[self.moment].text)
        step = self.step
        return t(step.text, **{k: v() if callable(v) else v for k, v in step.args.items()}) if step is not None else ""

    # ------------------------------------------------------------------ drawing and clicks
    def update(self, dt: float) -> None:
        self.clock += dt

    def draw(self, surface: pygame.Surface, viewport: pygame.Rect, scene, scale: float = 1.0) -> None:
        if not self.active:
            self.rects = {}
            return
        # the rings first (under the box), pulsing gently
        pulse = 0.5 + 0.5 * math.sin(self.clock * 4.0)
        for cid in self.highlighted():
            view = scene.world.get(cid)
            if view is None or not view.visible:
                continue
            r = view.screen_rect(scene.camera).inflate(10, 10)
            if not r.colliderect(viewport):
                continue
            pygame.draw.rect(surface, RING, r, 3 + round(2 * pulse), border_radius=10)
        # the expected move's button in the side panel (when it is offered there too)
        expect = self.waiting_for()
        panel = getattr(scene, "panel", None)
        if expect is not None and panel is not None:
            button = panel.button_for("action", expect) or (
                panel.button_for("end", expect) if hasattr(panel, "button_for") else None)
            if button is not None and button.visible:
                pygame.draw.rect(surface, RING, button.get_abs_rect().inflate(8, 8), 2 + round(2 * pulse),
                                 border_radius=8)
        size = max(13, round(15 * scale))
        width = min(round(470 * scale), viewport.width - 40)
        waiting = self.waiting_for() is not None
        text = self.text() + ("\n" + t("coach.your_move") if waiting else "")
        body = fonts.paragraph(text, size, width - 28, (240, 238, 230))
        title = fonts.text(t(self.script.title), size, RING, True)
        label_next = t("coach.next")
        label_leave = t("coach.leave")
        bh = size + 16
        h = 14 + title.get_height() + 6 + body.get_height() + 10 + bh + 12
        box = self._place((width, h), viewport, self._avoid(scene))
        pygame.draw.rect(surface, (16, 20, 28), box, border_radius=10)
        pygame.draw.rect(surface, RING, box, 2, border_radius=10)
        y = box.y + 14
        surface.blit(title, (box.x + 14, y))
        y += title.get_height() + 6
        surface.blit(body, (box.x + 14, y))
        y += body.get_height() + 10
        self.rects = {}
        x = box.right - 14
        for key, label, primary in (("leave", label_leave, False), ("next", label_next, True)):
            if key == "next" and waiting:
                continue
            img = fonts.text(label, size, (20, 20, 24) if primary else (230, 230, 230), True)
            r = pygame.Rect(0, y, img.get_width() + 28, bh)
            r.right = x
            pygame.draw.rect(surface, RING if primary else (60, 66, 80), r, border_radius=8)
            surface.blit(img, img.get_rect(center=r.center))
            self.rects[key] = r
            x = r.x - 10
        self.box = box

    def _avoid(self, scene) -> list[pygame.Rect]:
        """What the box must not cover: the pieces of the decision in progress and those it points at."""
        from ui.table.views import HandView

        rects = list(scene.decision_rects()) if scene.session is not None else []
        rects += [v.screen_rect(scene.camera) for v in scene.world.roots if isinstance(v, HandView) and v.visible]
        for cid in self.highlighted():
            view = scene.world.get(cid)
            if view is not None and view.visible:
                rects.append(view.screen_rect(scene.camera))
        return rects

    @staticmethod
    def _place(size, viewport: pygame.Rect, avoid: list) -> pygame.Rect:
        """The first of the viewport's corners (below the bot banner at the top) where the box covers
        nothing it must avoid; else the one where it covers least."""
        w, h = size
        m = 20
        top = viewport.y + 56
        spots = [(viewport.right - m - w, viewport.bottom - m - h), (viewport.right - m - w, top),
                 (viewport.x + m, top), (viewport.x + m, viewport.bottom - m - h),
                 (viewport.centerx - w // 2, top)]
        best = None
        for x, y in spots:
            box = pygame.Rect(x, max(viewport.y, y), w, h)
            covered = sum(box.clip(r).width * box.clip(r).height for r in avoid)
            if covered == 0:
                return box
            if best is None or covered < best[0]:
                best = (covered, box)
        return best[1]

    def click(self, pos) -> str | None:
        """"next", "leave" or "box" for a click on the coach's box; None elsewhere."""
        for key, r in self.rects.items():
            if r.collidepoint(pos):
                return key
        box = getattr(self, "box", None)
        if self.active and box is not None and box.collidepoint(pos):
            return "box"
        return None
