"""Test set-up: headless SDL, user dirs in a temp folder, the tests-only toy game registered."""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
_HOME = tempfile.mkdtemp(prefix="dojo-test-home-")
for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
    os.environ[var] = os.path.join(_HOME, var.lower())

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
for p in (str(ROOT), str(TESTS)):
    if p not in sys.path:
        sys.path.insert(0, p)

import pytest  # noqa: E402

import toygame  # noqa: E402

toygame.register()


@pytest.fixture(autouse=True)
def _repeatable_random(request):
    """The app draws fresh seeds and first decks from ``random``: seed it per test so a failure repeats."""
    import random
    import zlib

    random.seed(zlib.crc32(request.node.nodeid.encode()))
    yield


@pytest.fixture(autouse=True)
def _user_dirs(tmp_path, monkeypatch):
    """Each test gets its own empty user dirs."""
    for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(var, str(tmp_path / var.lower()))
    yield


@pytest.fixture(scope="session")
def pygame_session():
    import pygame

    pygame.init()
    yield pygame


@pytest.fixture(autouse=True)
def _reset_gui_manager():
    yield
    if "pygame_gui" in sys.modules:
        from pygame_gui.core import utility

        utility.set_default_manager(None)
