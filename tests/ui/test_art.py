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


def test_every_game_has_menu_key_art_and_a_table_surface_drawn_once_per_size():
    import gamecore
    from ui.scenes.menu import key_art
    from ui.table.scene import table_cloth

    for info in gamecore.games():
        if info.id == "toy":                   # the tests' own toy game has no art
            continue
        assert art.exists("menu", info.id), info.id
        assert art.exists("surfaces", info.id), info.id
        picture = key_art(info.id, 380, 240, False)
        assert picture.get_size() == (380, 240)
        assert picture.get_at((370, 120))[3] > 200 > picture.get_at((20, 120))[3]   # faded behind the text
        assert key_art(info.id, 380, 240, False) is picture                         # rasterised once
        colour = (40, 60, 50)
        surf = pygame.Surface((300, 200))
        cloth = table_cloth(colour, (50, 70, 60), info.id)
        cloth.paint(surf, surf.get_rect(), (0, 0))
        part = pygame.Surface((300, 200))
        cloth.paint(part, pygame.Rect(140, 30, 90, 150), (0, 0))        # a part, laid from the same corner
        assert all(part.get_at((x, y)) == surf.get_at((x, y)) for x in range(140, 230, 7) for y in range(30, 180, 7))
        plain = sum(1 for x in range(0, 300, 3) for y in range(0, 200, 3) if surf.get_at((x, y))[:3] == colour)
        assert plain < 100 * 67                                  # the tile's pattern shows
        assert surf.get_at((5, 5))[:3] == surf.get_at((133, 133))[:3]             # repeated every 128 px
        assert table_cloth(colour, (50, 70, 60), info.id) is cloth and cloth.tile.get_size() == (128, 128)


def test_art_missing_from_another_assets_folder_is_not_remembered_as_missing_from_the_shipped_one(
        tmp_path, monkeypatch):
    """The content tests run the app on a partial copy of assets/ (TABLETOP_DOJO_ASSETS): its missing art
    was cached as missing for the rest of the process, and a later menu drew placeholders for key art."""
    from ui.table import icons

    shipped = art.art("menu", "rangers", (160, 100))
    monkeypatch.setenv("TABLETOP_DOJO_ASSETS", str(tmp_path))
    assert not art.exists("menu", "rangers") and not icons._source("energy")
    placeholder = art.art("menu", "rangers", (160, 100))
    assert placeholder is not shipped
    monkeypatch.delenv("TABLETOP_DOJO_ASSETS")
    assert art.exists("menu", "rangers") and icons._source("energy")
    assert art.art("menu", "rangers", (160, 100)) is shipped
