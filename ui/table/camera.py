"""World ↔ screen transform of the table viewport: wheel zoom around the cursor, pan, fit."""
from __future__ import annotations

import pygame

MIN_ZOOM = 0.35
MAX_ZOOM = 3.0
WHEEL_STEP = 1.12
CLICK_SLOP = 4          # pixels a right-button press may move and still count as a click


class Camera:
    """``zoom`` screen pixels per world unit; ``origin`` is the world point at the viewport's top-left."""

    def __init__(self, viewport: pygame.Rect | tuple = (0, 0, 1280, 800), zoom: float = 1.0, origin=(0.0, 0.0)):
        self.viewport = pygame.Rect(viewport)
        self.zoom = self.clamp(zoom)
        self.origin = pygame.Vector2(origin)
        self.mouse = pygame.Vector2(self.viewport.center)
        self.fit_rect: pygame.Rect | None = None
        self._pan_button: int | None = None
        self._pan_from: pygame.Vector2 | None = None
        self._pan_moved = 0.0
        self.space_held = False

    # ---------------------------------------------------------------- transforms
    @staticmethod
    def clamp(zoom: float) -> float:
        return max(MIN_ZOOM, min(MAX_ZOOM, float(zoom)))

    def to_screen(self, world_pos) -> tuple[float, float]:
        x, y = world_pos
        return (self.viewport.x + (x - self.origin.x) * self.zoom, self.viewport.y + (y - self.origin.y) * self.zoom)

    def to_world(self, screen_pos) -> tuple[float, float]:
        x, y = screen_pos
        return (self.origin.x + (x - self.viewport.x) / self.zoom, self.origin.y + (y - self.viewport.y) / self.zoom)

    def rect_to_screen(self, rect) -> pygame.Rect:
        rect = pygame.FRect(rect)
        x, y = self.to_screen(rect.topleft)
        return pygame.Rect(round(x), round(y), max(1, round(rect.width * self.zoom)), max(1, round(rect.height * self.zoom)))

    def rect_to_world(self, rect) -> pygame.FRect:
        rect = pygame.Rect(rect)
        x, y = self.to_world(rect.topleft)
        return pygame.FRect(x, y, rect.width / self.zoom, rect.height / self.zoom)

    def scale(self, length: float) -> int:
        return max(1, round(length * self.zoom))

    # ---------------------------------------------------------------- moves
    def set_viewport(self, viewport) -> None:
        self.viewport = pygame.Rect(viewport)

    def zoom_at(self, screen_pos, factor: float) -> None:
        """Zoom by ``factor`` keeping the world point under ``screen_pos`` where it is (clamped)."""
        before = self.to_world(screen_pos)
        self.zoom = self.clamp(self.zoom * factor)
        after = self.to_world(screen_pos)
        self.origin += pygame.Vector2(before) - pygame.Vector2(after)

    def pan(self, dx: float, dy: float) -> None:
        """Move the view by a screen-pixel delta (content follows the mouse)."""
        self.origin -= pygame.Vector2(dx, dy) / self.zoom

    def fit(self, world_rect=None, margin: int = 16) -> None:
        """Show the whole ``world_rect`` (or the last fitted one) centred in the viewport."""
        if world_rect is not None:
            self.fit_rect = pygame.Rect(world_rect)
        if self.fit_rect is None or self.fit_rect.width <= 0 or self.fit_rect.height <= 0:
            return
        area = self.viewport.inflate(-2 * margin, -2 * margin)
        zoom = min(area.width / self.fit_rect.width, area.height / self.fit_rect.height)
        self.zoom = self.clamp(zoom)
        centre = pygame.Vector2(self.fit_rect.center)
        self.origin = centre - pygame.Vector2(self.viewport.width, self.viewport.height) / (2 * self.zoom)

    # ---------------------------------------------------------------- input
    @property
    def panning(self) -> bool:
        return self._pan_button is not None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Wheel zoom, right/middle-drag or space+left-drag pan, F/Home fit. True when the event was used.

        A right-button press released without moving is NOT consumed, so the scene can treat it as
        a right-click (inspect).
        """
        et = event.type
        if et == pygame.MOUSEMOTION:
            self.mouse = pygame.Vector2(event.pos)
            if self._pan_button is not None:
                delta = pygame.Vector2(event.pos) - self._pan_from
                self._pan_from = pygame.Vector2(event.pos)
                self._pan_moved += delta.length()
                if self._pan_button != 3 or self._pan_moved > CLICK_SLOP:
                    self.pan(delta.x, delta.y)
                return True
            return False
        if et == pygame.MOUSEWHEEL:
            if not self.viewport.collidepoint(self.mouse):
                return False
            dy = getattr(event, "precise_y", event.y) or event.y
            if dy:
                self.zoom_at(self.mouse, WHEEL_STEP ** dy)
            return True
        if et == pygame.MOUSEBUTTONDOWN:
            self.mouse = pygame.Vector2(event.pos)
            if not self.viewport.collidepoint(event.pos):
                return False
            if event.button in (2, 3) or (event.button == 1 and self.space_held):
                self._pan_button = event.button
                self._pan_from = pygame.Vector2(event.pos)
                self._pan_moved = 0.0
                return event.button != 3   # the right button may still turn out to be a click
            return False
        if et == pygame.MOUSEBUTTONUP:
            if self._pan_button is not None and event.button == self._pan_button:
                was_click = event.button == 3 and self._pan_moved <= CLICK_SLOP
                self._pan_button = None
                return not was_click
            return False
        if et == pygame.KEYDOWN:
            if event.key == pygame.K_SPACE:
                self.space_held = True
                return True
            if event.key in (pygame.K_f, pygame.K_HOME):
                self.fit()
                return True
            return False
        if et == pygame.KEYUP and event.key == pygame.K_SPACE:
            self.space_held = False
            return True
        return False
