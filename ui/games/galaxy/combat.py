"""A fight shown in place: the mutant, its strike (already applied: armour cubes lost, hull damage),
then the running attack total against its armour while the person clicks weapons on the mech board
(each weapon's attack and cost are on its slot and on its panel button)."""
from __future__ import annotations

import pygame

from ui import fonts
from ui.i18n import t
from ui.table.views import View, label_size, draw_zone

from . import art
from .views import DANGER, GOLD, INK, MutantFace, MutantView, scaled


class CombatView(View):
    layer = 8

    def __init__(self, cid: str, rect, info: dict):
        super().__init__(cid, rect)
        self.info = dict(info)

    def hit(self, world_pos) -> bool:
        return False                   # the weapons on the board are what the person clicks

    def draw(self, surface, camera) -> None:
        camera = scaled(camera, self)
        info = self.info
        rect = self.screen_rect(camera)
        s = camera.scale
        draw_zone(surface, rect, (40, 18, 22, 240), DANGER, s(10))
        size = lambda n: label_size(camera.zoom, n)  # noqa: E731
        face: MutantFace = info["mutant"]
        title = f"{info.get('title', '')}: {face.name}"
        img = fonts.fit_text(title, size(14), rect.width - s(12), INK, True)
        surface.blit(img, (rect.x + s(6), rect.y + s(4)))
        # the mutant, large
        k = getattr(self, "k", 1.0)
        tile = pygame.FRect(0, 0, 64 * k, 64 * k)
        tile.topleft = camera.to_world((rect.x + s(8), rect.y + s(26)))
        MutantView("combat:mutant", tile, face).draw(surface, camera)
        x = rect.x + s(84)
        y = rect.y + s(26)
        strike = info.get("strike")
        if strike:
            line = t("galaxy.ui.combat.strike", strike=strike.get("strike", 0), armour=strike.get("armour", 0),
                     hull=strike.get("hull", 0))
            img = fonts.paragraph(line, size(11), max(10, rect.right - x - s(6)), (255, 200, 190), line_gap=0)
            surface.blit(img, (x, y))
            y += img.get_height() + s(4)
        # the running total against the armour, as a bar
        total, armour = info["total"], info["armour"]
        bar = pygame.Rect(x, y, rect.right - x - s(8), s(16))
        pygame.draw.rect(surface, (20, 20, 26), bar, border_radius=s(4))
        pygame.draw.rect(surface, (150, 150, 160), bar, 1, border_radius=s(4))
        fill = bar.copy()
        fill.width = int(bar.width * min(1.0, total / max(1, armour)))
        pygame.draw.rect(surface, GOLD if total < armour else (110, 220, 120), fill, border_radius=s(4))
        label = t("galaxy.ui.combat.total", total=total, armour=armour)
        shadow = fonts.text(label, size(11), (0, 0, 0), True)
        surface.blit(shadow, shadow.get_rect(center=(bar.centerx + 1, bar.centery + 1)))
        img = fonts.text(label, size(11), (255, 255, 255), True)
        surface.blit(img, img.get_rect(center=bar.center))
        y = bar.bottom + s(6)
        ammo, energy = info.get("budget", (0, 0))
        for name, n in (("ammo", ammo), ("energy", energy)):
            c = s(10)
            lab = fonts.text(t(f"galaxy.ui.{name}"), size(10), INK)
            surface.blit(lab, (x, y))
            for i in range(n):
                pygame.draw.rect(surface, art.CUBE_COLOURS[name],
                                 pygame.Rect(x + s(62) + i * (c + s(2)), y + s(2), c, c), border_radius=2)
            y += c + s(6)
        hint = fonts.paragraph(t("galaxy.ui.combat.hint"), size(10), max(10, rect.width - s(12)), (220, 210, 200),
                               line_gap=0)
        surface.blit(hint, (rect.x + s(6), rect.bottom - hint.get_height() - s(4)))
