"""Sound: silent and error-free without a device, volume and mute from the settings, files present."""
import wave

import pygame

from ui import audio
from ui.resources import resource_path


class FakeSound:
    def __init__(self, log, path):
        self.log, self.path, self.vol = log, path, None

    def set_volume(self, v):
        self.vol = v

    def play(self):
        self.log.append((self.path.rsplit("/", 1)[-1], self.vol))


class FakeMixer:
    def __init__(self, fail=False):
        self.fail, self.log, self.opened = fail, [], False

    def get_init(self):
        return self.opened

    def init(self, **kw):
        if self.fail:
            raise pygame.error("no audio device")
        self.opened = True

    def Sound(self, path):
        return FakeSound(self.log, path)


class FakeSettings(dict):
    def get(self, key, default=None):
        return super().get(key, default)


def test_every_effect_is_a_short_mono_wav():
    for name in audio.NAMES:
        path = resource_path("sounds", f"{name}.wav")
        with wave.open(str(path)) as w:
            assert w.getnchannels() == 1 and w.getsampwidth() == 2
            assert 0.05 < w.getnframes() / w.getframerate() < 2.0


def test_volume_and_mute_come_from_the_settings():
    mixer = FakeMixer()
    settings = FakeSettings(volume=40, muted=False)
    a = audio.Audio(settings, mixer)
    assert a.play("drop")
    assert mixer.log == [("drop.wav", 0.4)]
    settings["muted"] = True
    assert not a.play("drop")
    assert len(mixer.log) == 1


def test_no_device_means_silence_not_an_error():
    a = audio.Audio(FakeSettings(volume=80), FakeMixer(fail=True))
    assert a.play("win") is False
    assert a.play("nonsense") is False


def test_dummy_driver_never_opens_the_mixer(monkeypatch):
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    assert audio.Audio(FakeSettings(volume=80)).play("dice") is False


def test_committed_sounds_are_what_the_script_makes(tmp_path):
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_sounds", resource_path("sounds", "make.py"))
    make = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make)
    for name in ("drop", "dice"):
        fresh = make.write(name, make.SOUNDS[name](), tmp_path)
        assert fresh.read_bytes() == resource_path("sounds", f"{name}.wav").read_bytes()
