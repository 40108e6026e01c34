"""pygame_gui 0.6 keeps a memo of each element's theming ids under a key made by nested str.join, which
grows to megabytes for an element a few containers deep; ui.theme puts a memo with a tuple key in front of
that method and empties pygame_gui's. The ids must be pygame_gui's own, and the memos small."""
from __future__ import annotations

import sys

import pygame
import pygame_gui
from pygame_gui.core.ui_appearance_theme import UIAppearanceTheme

from ui import theme
from ui.theme import build_theme


def test_the_theming_ids_are_pygame_guis_own_and_no_megabyte_key_is_kept(pygame_session):
    assert UIAppearanceTheme.build_all_combined_ids is theme._build_all_combined_ids
    assert theme.pygame_gui_original is not None
    manager = pygame_gui.UIManager((1280, 800), build_theme(), enable_live_theme_updates=False)
    ours = manager.get_theme()
    panel = pygame_gui.elements.UIPanel(pygame.Rect(0, 0, 400, 700), manager=manager, object_id="#side_panel")
    box = pygame_gui.elements.UIScrollingContainer(pygame.Rect(10, 10, 300, 100), manager, container=panel,
                                                   object_id="#table_actions")
    box.set_scrollable_area_dimensions((280, 400))           # a scroll bar with its buttons, deep inside
    buttons = [pygame_gui.elements.UIButton(pygame.Rect(0, i * 40, 280, 36), f"Move {i}", manager, container=box,
                                            object_id=pygame_gui.core.ObjectID("#table_action", "@ui100"))
               for i in range(3)]
    assert buttons and box.vert_scroll_bar is not None
    reference = UIAppearanceTheme.__new__(UIAppearanceTheme)
    reference.unique_theming_ids = {}
    cases = list(ours._dojo_combined_ids)
    assert len(cases) > 5
    for base, elements, classes, objects in cases:
        args = [None if x is None else list(x) for x in (base, elements, classes, objects)]
        assert ours.build_all_combined_ids(*args) == theme.pygame_gui_original(reference, *args), args
    assert not ours.unique_theming_ids                       # pygame_gui's own memo stays empty
    assert max(sys.getsizeof(k) for k in reference.unique_theming_ids) > 100_000     # what it kept instead
    assert sum(sys.getsizeof(v) for v in ours._dojo_combined_ids.values()) < 100_000
