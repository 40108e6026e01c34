"""Table-scene tests: pygame ready, no events left over, English and no pygame_gui manager afterwards.
(User dirs are already per-test temp folders: tests/conftest.py.)"""
from __future__ import annotations

import pygame
import pygame_gui
import pytest

import toytable
from ui import i18n


@pytest.fixture(autouse=True)
def _clean_pygame_state():
    toytable.ensure_pygame()
    pygame.event.clear()
    yield
    for app in list(toytable.FakeApp.live):
        app.close()
    i18n.set_language("en")
    pygame_gui.core.utility.set_default_manager(None)
    pygame.event.clear()
