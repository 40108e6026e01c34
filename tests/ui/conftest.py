"""Table-scene tests: pygame ready, no events left over, English and no pygame_gui manager afterwards.
(User dirs are already per-test temp folders: tests/conftest.py.)"""
from __future__ import annotations

import gc

import pygame
import pygame_gui
import pytest

import toytable
from ui import i18n


_COLLECTED = [0]             # resident MB after the last collection


def _resident_mb() -> int:
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * 4096 // 2**20
    except (OSError, ValueError, IndexError):      # no /proc (macOS, Windows): left to the collector
        return 0


@pytest.fixture(autouse=True)
def _clean_pygame_state():
    toytable.ensure_pygame()
    pygame.event.clear()
    yield
    for app in list(toytable.FakeApp.live):
        app.close()
    # a table is a cycle of Python objects holding megabytes of SDL surfaces the collector does not
    # weigh: once they pile up, collected (the UI tests peaked at 6 GB; a collection after every test
    # doubles their time)
    if _resident_mb() > _COLLECTED[0] + 200:
        gc.collect()
        _COLLECTED[0] = _resident_mb()
    i18n.set_language("en")
    pygame_gui.core.utility.set_default_manager(None)
    pygame.event.clear()
