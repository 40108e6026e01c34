"""Drawing helpers shared by the menu-side scenes: the backdrop, headings, panels, message boxes."""
from __future__ import annotations

from functools import lru_cache

import pygame
import pygame_gui

from ui import fonts
from ui.i18n import has, t
from ui.theme import BG, GOLD, MUTED


@lru_cache(maxsize=8)
def backdrop(size: tuple[int, int]) -> pygame.Surface:
    """A calm vertical gradient with a faint felt grain, rendered once per window size."""
    w, h = size
    top, bottom = (28, 38, 50), BG
    column = pygame.Surface((1, h))          # one pixel wide, then stretched: each row is one colour
    for y in range(h):
        f = y / max(1, h - 1)
        column.set_at((0, y), tuple(int(top[i] + (bottom[i] - top[i]) * f) for i in range(3)))
    surf = pygame.transform.scale(column, size)
    # the grain repeats every two dot rows: draw one such band of dots, then stamp it down the window
    # (a few hundred fills and a hundred blits instead of a fill per dot)
    step = 6
    band = pygame.Surface((w, step * 2), pygame.SRCALPHA)
    for row in (0, 1):
        for x in range(row * step, w, step * 2):
            band.fill((255, 255, 255, 5), (x, row * step, 2, 2))
    for y in range(0, h, step * 2):
        surf.blit(band, (0, y))
    return surf


def draw_header(surface: pygame.Surface, title: str, subtitle: str = "") -> int:
    """The scene title at the top left; returns the y where content may start."""
    x, y = 48, 28
    surface.blit(fonts.text(title, 34, GOLD, True), (x, y))
    y += 52
    if subtitle:
        surface.blit(fonts.text(subtitle, 17, MUTED), (x, y))
        y += 30
    pygame.draw.line(surface, (60, 72, 88), (x, y + 4), (surface.get_width() - 48, y + 4), 1)
    return y + 18


def rounded_panel(surface: pygame.Surface, rect: pygame.Rect, colour=(30, 38, 48), border=(61, 72, 86), radius=10) -> None:
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    pygame.draw.rect(surface, border, rect, 1, border_radius=radius)


def message(manager, title_key: str, text: str, size=(460, 240)) -> pygame_gui.windows.UIMessageWindow:
    """A modal-looking message box (used for errors such as a damaged save)."""
    w, h = manager.get_root_container().get_size()
    rect = pygame.Rect(0, 0, *size)
    rect.center = (w // 2, h // 2)
    return pygame_gui.windows.UIMessageWindow(rect, text, manager, window_title=t(title_key))


def players_label(info) -> str:
    counts = info.counts()
    if len(counts) == 1:
        players = t("menu.players_one", n=counts[0])
    else:
        players = t("menu.players_range", lo=counts[0], hi=counts[-1])
    return players + " · " + t("menu.coop" if info.coop else "menu.competitive")


def bot_level_label(game: str, level: str) -> str:
    """How an AI level reads: the game's own words when its catalog has ``<game>.bot.<level>`` (a level that means
    something particular in that game, e.g. Barricades' searching teammate), else the shared ``bot.<level>``."""
    key = f"{game}.bot.{level}"
    if has(key) or has(key, "en"):
        return t(key)
    return t(f"bot.{level}")


def option_value_label(option, value) -> str:
    """How a game option's value reads (setup dropdowns, statistics): its catalog text, Yes/No, or itself."""
    key = f"{option.label}.{value}"
    if has(key) or has(key, "en"):
        return t(key)
    if option.kind == "bool":
        return t("common.yes") if value else t("common.no")
    return str(value)
