"""The Scene protocol (enter/exit/pause/resume/handle_event/update/draw) and the SceneManager."""
from __future__ import annotations

import gc
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from ui.app import App


class Scene:
    """One screen. Build pygame_gui elements in ``build_ui`` (called on enter and on every resize)."""

    def __init__(self, app: "App"):
        self.app = app
        self.elements: list = []

    # lifecycle
    def enter(self, **args) -> None:
        self.build_ui()

    def exit(self) -> None:
        self.clear_ui()

    def pause(self) -> None:
        """Another scene was pushed on top: hide our widgets (they are rebuilt on resume)."""
        self.clear_ui()

    def resume(self) -> None:
        self.build_ui()

    # pygame_gui elements
    def build_ui(self) -> None:
        pass

    def clear_ui(self) -> None:
        for element in self.elements:
            element.kill()
        self.elements.clear()

    def add(self, element):
        self.elements.append(element)
        return element

    def on_resize(self) -> None:
        self.clear_ui()
        self.build_ui()

    # frame
    def before_input(self) -> None:
        """Called first in every frame, before the frame's input is handled (work a scene put off to the
        next frame is done here, so no input ever meets it undone)."""

    def handle_event(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def flush(self) -> None:
        """Write what the scene put off writing (a table: its autosave); called when the app closes."""

    def is_still(self) -> bool:
        """True when the next frame would look like the last one (the app then skips drawing it, after a
        quiet moment without input). A scene that animates by itself keeps the default, False."""
        return False

    def may_rest(self) -> bool:
        """While still, may the loop sleep until the next input (up to app.REST_MS)? A scene waiting for
        something that is not an input (a bot's move from its thread) says no."""
        return True

    # the smoke test drives every scene with a few synthetic inputs
    def smoke_inputs(self) -> list:
        return []


class SceneManager:
    """A stack of scenes: switch replaces the whole stack, push overlays one, pop returns to the one under."""

    def __init__(self, app: "App"):
        self.app = app
        self.stack: list[Scene] = []
        self.factories: dict[str, type] = {}

    def register(self, name: str, cls) -> None:
        """``cls`` is a Scene class or "package.module:ClassName", imported when the scene is first made
        (the menu's first frame does not wait for the modules of scenes nobody opened yet)."""
        self.factories[name] = cls

    def make(self, name_or_cls) -> Scene:
        cls = self.factories[name_or_cls] if isinstance(name_or_cls, str) else name_or_cls
        if isinstance(cls, str):
            import importlib

            module, _, attr = cls.partition(":")
            cls = getattr(importlib.import_module(module), attr)
            self.factories[name_or_cls] = cls
        return cls(self.app)

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def switch(self, scene, **args) -> Scene:
        left = bool(self.stack)
        while self.stack:
            self.stack.pop().exit()
        if left:
            # a scene left behind is a cycle of Python objects holding megabytes of pictures the
            # collector does not weigh (a table: its views, widgets and cached surfaces); collected now,
            # each game played in one session would otherwise stay in memory until a full collection
            gc.collect()
        return self.push(scene, _pause=False, **args)

    def push(self, scene, _pause: bool = True, **args) -> Scene:
        if _pause and self.stack:
            self.stack[-1].pause()
        new = self.make(scene) if not isinstance(scene, Scene) else scene
        self.stack.append(new)
        new.enter(**args)
        return new

    def pop(self) -> None:
        """Back to the scene underneath; a lone overlay (e.g. rules opened directly) goes back to the menu."""
        if len(self.stack) <= 1:
            self.switch("menu")
            return
        self.stack.pop().exit()
        self.stack[-1].resume()

    def resize(self) -> None:
        for scene in self.stack[-1:]:
            scene.on_resize()
