"""Drag-and-drop and click input turned into the engine's legal actions — never deciding legality itself.

Anything that is the ``source`` of a legal action can be picked up; while it is dragged, the targets
of the legal actions with that source glow. A drop on such a target returns the matching action (or
several, for the player to choose from); a drop anywhere else snaps the piece back and returns the
engine's reason (``state.explain(source, target)``). A click on a source whose actions have no target
returns those actions; a click on a source whose actions all need a target selects it, and a second
click on a glowing target completes the move (a keyboard-free alternative to dragging).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from gamecore.engine import Action, IllegalAction

from .camera import Camera
from .views import View, World

DRAG_THRESHOLD = 5       # screen pixels before a press becomes a drag
HANG = (14, 18)          # screen pixels from the pointer to a dragged piece's top-left corner


@dataclass
class DragResult:
    """What the input amounted to: "apply" one action, "choose" among several, or "refuse" with a reason."""

    kind: str
    source: str | None = None
    target: str | None = None
    actions: list[Action] = field(default_factory=list)
    reason: IllegalAction | None = None

    @property
    def action(self) -> Action | None:
        return self.actions[0] if len(self.actions) == 1 else None


def _result(actions: list[Action], source, target) -> DragResult:
    return DragResult("apply" if len(actions) == 1 else "choose", source, target, list(actions))


class DragController:
    def __init__(self, world: World, camera: Camera, actions: Callable[[], list[Action]],
                 explain: Callable[[str | None, str | None], IllegalAction],
                 snap_seconds: Callable[[], float] = lambda: 0.2):
        self.world = world
        self.camera = camera
        self.actions = actions          # the legal actions now ([] while input is blocked)
        self.explain = explain          # the engine's reason for an illegal drop
        self.snap_seconds = snap_seconds
        self.enabled = True
        self.view: View | None = None   # the piece being dragged
        self.selected: str | None = None
        self._press: tuple[View, tuple, tuple, pygame.Vector2] | None = None
        self._snaps: list[list] = []    # [view, start offset, elapsed, duration]

    # ---------------------------------------------------------------- queries
    def actions_of(self, source: str) -> list[Action]:
        return [a for a in self.actions() if a.source == source]

    def sources(self) -> set[str]:
        return {a.source for a in self.actions() if a.source is not None}

    def targets_of(self, source: str) -> set[str]:
        return {a.target for a in self.actions_of(source) if a.target is not None}

    @property
    def dragging(self) -> bool:
        return self.view is not None

    @property
    def busy(self) -> bool:
        return self._press is not None or self.view is not None

    @property
    def floating(self) -> View | None:
        """The view to draw above everything: the dragged one, else one snapping back."""
        if self.view is not None:
            return self.view
        return self._snaps[0][0] if self._snaps else None

    def highlights(self) -> dict[str, str]:
        """cid -> "source" | "target" | "selected" for the current input state."""
        active = self.view.cid if self.view is not None else self.selected
        if active is not None:
            out = {t: "target" for t in self.targets_of(active)}
            out[active] = "selected"
            return out
        return {s: "source" for s in self.sources()}

    # ---------------------------------------------------------------- input
    def _source_under(self, world_pos) -> View | None:
        sources = self.sources()
        for view in self.world.views_at(world_pos):
            if view.cid in sources:
                return view
        return None

    def _match(self, source: str, world_pos, exclude: View | None = None) -> tuple[list[Action], str | None]:
        """Actions of ``source`` whose target is under ``world_pos`` (innermost view first), and the target named."""
        acts = self.actions_of(source)
        first = None
        for view in self.world.views_at(world_pos, exclude=exclude):
            if view.cid == source or (exclude is not None and view.parent is exclude):
                continue
            if first is None:
                first = view.cid
            matching = [a for a in acts if a.target == view.cid]
            if matching:
                return matching, view.cid
        return [], first

    def handle_event(self, event: pygame.event.Event) -> DragResult | bool | None:
        """Returns a DragResult when a move was made or refused, True when the event was used, else None."""
        if not self.enabled:
            return None
        et = event.type
        if et == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.camera.viewport.collidepoint(event.pos):
                return None
            wp = self.camera.to_world(event.pos)
            if self.selected is not None:
                matching, target = self._match(self.selected, wp)
                if matching:
                    source, self.selected = self.selected, None
                    return _result(matching, source, target)
            view = self._source_under(wp)
            if view is None:
                if self.selected is not None:
                    self.selected = None
                    return True
                return None
            self._press = (view, tuple(event.pos), wp, pygame.Vector2(view.offset))
            return True
        if et == pygame.MOUSEMOTION:
            if self._press is None:
                return None
            view, start, wp0, offset0 = self._press
            if self.view is None:
                moved = abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1])
                if moved < DRAG_THRESHOLD or not self.targets_of(view.cid):
                    return True
                self.view = view
                self.selected = None
                self._snaps = [s for s in self._snaps if s[0] is not view]
            # the piece hangs below and right of the pointer, so the target under the pointer (and its
            # glow) stays in sight
            wp = pygame.Vector2(self.camera.to_world(event.pos))
            hang = pygame.Vector2(HANG) / self.camera.zoom
            view.offset += wp + hang - pygame.Vector2(view.world_rect().topleft)
            return True
        if et == pygame.MOUSEBUTTONUP and event.button == 1:
            if self._press is None:
                return None
            view, start, wp0, offset0 = self._press
            self._press = None
            if self.view is None:
                return self._click(view)
            self.view = None
            wp = self.camera.to_world(event.pos)
            matching, target = self._match(view.cid, wp, exclude=view)
            if matching:
                return _result(matching, view.cid, target)
            self.snap_back(view)
            return DragResult("refuse", view.cid, target, [], self.explain(view.cid, target))
        if et == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and (self.view is not None or self.selected):
            self.cancel()
            return True
        return None

    def _click(self, view: View) -> DragResult | bool:
        acts = self.actions_of(view.cid)
        untargeted = [a for a in acts if a.target is None]
        if untargeted:
            self.selected = None
            return _result(untargeted, view.cid, None)
        if acts:
            self.selected = None if self.selected == view.cid else view.cid
        return True

    def cancel(self) -> None:
        """Drop whatever is held back where it came from."""
        if self.view is not None:
            self.snap_back(self.view)
        elif self._press is not None:
            self._press[0].offset = pygame.Vector2(self._press[3])
        self.view = None
        self._press = None
        self.selected = None

    # ---------------------------------------------------------------- snap-back
    def snap_back(self, view: View) -> None:
        seconds = self.snap_seconds()
        if seconds <= 0:
            view.offset = pygame.Vector2()
            return
        self._snaps.append([view, pygame.Vector2(view.offset), 0.0, seconds])

    def release(self, view: View | None) -> None:
        """The held piece was used (its action applied or offered): stop tracking it."""
        self._snaps = [s for s in self._snaps if s[0] is not view]

    @property
    def snapping(self) -> bool:
        return bool(self._snaps)

    def update(self, dt: float) -> None:
        keep = []
        for snap in self._snaps:
            view, start, elapsed, duration = snap
            elapsed += dt
            p = min(1.0, elapsed / duration)
            ease = 1 - (1 - p) ** 3
            view.offset = start * (1 - ease)
            if p < 1.0:
                snap[2] = elapsed
                keep.append(snap)
            else:
                view.offset = pygame.Vector2()
        self._snaps = keep
