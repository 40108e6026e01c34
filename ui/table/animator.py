"""Plays the Events an action caused: slides for moves, flips for flips and reveals, dice for rolls,
a red flash for damage — at the Settings speed (0 s: off). A click skips everything queued.

The scene records where every view was before applying an action (``snapshot_positions``), syncs the
views to the new state, then calls ``play(events, before)``: each moved view starts at its old place
(through ``view.offset``) and slides home when its turn comes, so nothing jumps.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

import pygame

from .views import DiceView, View, World

SLIDE_KINDS = ("move", "draw", "deploy", "discard", "place")
FLIP_KINDS = ("flip", "reveal")
ROLL_KINDS = ("roll",)
FLASH_KINDS = ("damage", "wound", "hit")


@dataclass
class Anim:
    kind: str                 # "slide" | "flip" | "roll" | "flash"
    cid: str
    start: pygame.Vector2 | None = None
    value: object = None
    elapsed: float = 0.0
    duration: float = 0.3


def snapshot_positions(world: World) -> dict[str, tuple[float, float]]:
    """Where every view is drawn now (world top-left, including drag and animation offsets)."""
    return {v.cid: tuple(v.world_rect().topleft) for v in world.all()}


class Animator:
    def __init__(self, world: World, seconds: Callable[[], float]):
        self.world = world
        self.seconds = seconds
        self.queue: list[Anim] = []

    @property
    def busy(self) -> bool:
        return bool(self.queue)

    def play(self, events: Iterable, before: dict[str, tuple[float, float]] | None = None) -> None:
        before = before or {}
        duration = self.seconds()
        if duration <= 0:
            self._settle_all()
            return
        for event in events:
            cid = event.source or event.target
            if event.kind in SLIDE_KINDS and event.source is not None:
                self._slide(event.source, before, duration)
                continue
            view = self.world.get(cid)
            if view is None:
                continue
            if event.kind in FLIP_KINDS:
                view.flip = 0.0
                self.queue.append(Anim("flip", view.cid, duration=duration))
            elif event.kind in ROLL_KINDS:
                value = event.params.get("value", event.params.get("result")) if isinstance(event.params, dict) else None
                if isinstance(view, DiceView):
                    view.rolling = 0.0
                self.queue.append(Anim("roll", view.cid, value=value, duration=max(duration * 2, 0.3)))
            elif event.kind in FLASH_KINDS:
                target = self.world.get(event.target) or view
                self.queue.append(Anim("flash", target.cid, duration=duration))
        # a long chain of events plays faster so the table never lags far behind the rules
        if len(self.queue) > 6:
            for a in self.queue:
                a.duration *= 6 / len(self.queue)

    def _slide(self, cid: str, before: dict, duration: float) -> None:
        view = self.world.get(cid)
        if view is None or cid not in before:
            return
        old = pygame.Vector2(before[cid])
        new = pygame.Vector2(view.world_rect().topleft) - view.offset
        delta = old - new
        if delta.length() < 0.5:
            return
        view.offset = delta
        self.queue.append(Anim("slide", cid, start=delta, duration=duration))

    def _start(self, anim: Anim) -> None:
        view = self.world.get(anim.cid)
        if anim.kind == "roll" and isinstance(view, DiceView):
            view.roll(anim.value if isinstance(anim.value, int) else view.value, anim.duration)

    def _apply(self, anim: Anim, p: float) -> None:
        view: View | None = self.world.get(anim.cid)
        if view is None:
            return
        if anim.kind == "slide":
            ease = 1 - (1 - p) ** 3
            view.offset = anim.start * (1 - ease)
        elif anim.kind == "flip":
            view.flip = p
        elif anim.kind == "flash":
            view.flash = (1 - p) if p > 0.3 else p / 0.3
        elif anim.kind == "roll" and p >= 1 and isinstance(view, DiceView):
            view.rolling = 0.0

    def update(self, dt: float) -> None:
        while self.queue and dt >= 0:
            anim = self.queue[0]
            if anim.elapsed == 0.0:
                self._start(anim)
            anim.elapsed += dt
            p = min(1.0, anim.elapsed / anim.duration) if anim.duration > 0 else 1.0
            self._apply(anim, p)
            if p < 1.0:
                return
            self.queue.pop(0)
            dt = 0.0 if p >= 1.0 else dt

    def _settle_all(self) -> None:
        for anim in self.queue:
            self._apply(anim, 1.0)
            view = self.world.get(anim.cid)
            if view is not None:
                view.offset = pygame.Vector2()
                view.flip = 1.0
                view.flash = 0.0
                if isinstance(view, DiceView):
                    view.rolling = 0.0
        self.queue.clear()

    def skip_all(self) -> None:
        """Jump every queued animation to its end (a click does this)."""
        self._settle_all()
