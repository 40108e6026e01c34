"""Component art: tinted through its colour placeholders, cached, and never fatal when missing."""
import pygame

from ui.table import art


def test_placeholders_take_the_seat_colour():
    red = art.art("common", "pawn", 64, (200, 40, 40))
    blue = art.art("common", "pawn", 64, (40, 40, 200))
    assert red.get_at((32, 40))[:3] == (200, 40, 40)
    assert blue.get_at((32, 40))[:3] == (40, 40, 200)


def test_same_request_is_rendered_once():
    assert art.art("common", "pawn", 48, (1, 2, 3)) is art.art("common", "pawn", 48, (1, 2, 3))


def test_missing_art_gives_a_placeholder_of_the_asked_size():
    surf = art.art("nogame", "nothing", (30, 20))
    assert isinstance(surf, pygame.Surface) and surf.get_size() == (30, 20)
    assert not art.exists("nogame", "nothing")
