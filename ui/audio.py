"""Sound effects: the WAVs that ``assets/sounds/make.py`` synthesises, played through pygame's mixer.

``play("drop")`` is all a scene calls. The mixer is opened on first use; where there is no audio
device (the tests' dummy driver, a machine without sound) or the mixer fails, every call is silently
a no-op — sound can never stop the app. Volume (0–100) and mute come from the settings and are
re-read at each call, so changing them in Settings applies at once.
"""
from __future__ import annotations

import logging
import os

import pygame

from ui.resources import resource_path

NAMES = ("pickup", "drop", "refused", "draw", "flip", "shuffle", "dice", "damage", "alarm", "turn",
         "win", "loss")

log = logging.getLogger(__name__)


class Audio:
    def __init__(self, settings=None, mixer=None):
        self.settings = settings
        self._mixer = mixer            # a stand-in for pygame.mixer (tests)
        self._ready: bool | None = None
        self._sounds: dict = {}

    # -- the mixer, opened once on first use ----------------------------------------------------
    def _open(self) -> bool:
        if self._ready is not None:
            return self._ready
        self._ready = False
        mixer = self._mixer
        if mixer is None:
            if os.environ.get("SDL_AUDIODRIVER", "").lower() in ("dummy", "disk"):
                return False            # no device: stay silent without touching SDL audio
            mixer = pygame.mixer
        try:
            if not mixer.get_init():
                mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
            self._mixer = mixer
            self._ready = True
        except (pygame.error, OSError, AttributeError) as exc:
            log.debug("no sound: %s", exc)
        return self._ready

    def _sound(self, name: str):
        if name not in self._sounds:
            sound = None
            path = resource_path("sounds", f"{name}.wav")
            try:
                if path.is_file() and path.stat().st_size <= 2 * 1024 * 1024:
                    sound = self._mixer.Sound(str(path))
            except (pygame.error, OSError, AttributeError) as exc:
                log.debug("sound %s unreadable: %s", name, exc)
            self._sounds[name] = sound
        return self._sounds[name]

    def volume(self) -> float:
        if self.settings is None:
            return 0.7
        if self.settings.get("muted"):
            return 0.0
        value = self.settings.get("volume")
        return max(0, min(100, value if isinstance(value, int) else 70)) / 100

    def play(self, name: str) -> bool:
        """Play one effect; True when it was handed to the mixer. Never raises."""
        volume = self.volume()
        if volume <= 0 or name not in NAMES or not self._open():
            return False
        sound = self._sound(name)
        if sound is None:
            return False
        try:
            sound.set_volume(volume)
            sound.play()
        except (pygame.error, AttributeError) as exc:
            log.debug("sound %s failed: %s", name, exc)
            return False
        return True


_audio: Audio | None = None


def setup(settings) -> Audio:
    """The app's one Audio, bound to its settings (called once by the app at start)."""
    global _audio
    _audio = Audio(settings)
    return _audio


def play(name: str) -> bool:
    return _audio.play(name) if _audio is not None else False
