"""Main menu: a tile per registered game (greyed while in preparation), Resume, Load, Settings, Rules, Quit."""
from __future__ import annotations

import html
import os
from functools import lru_cache

import pygame
import pygame_gui

import gamecore
from gamecore import persistence
from gamecore.persistence import SaveError
from ui import fonts, notices
from ui.games import content_checked, content_problem, has_table, playable
from ui.i18n import has, t
from ui.scenes.base import Scene
from ui.scenes.common import backdrop, message, players_label, rounded_panel
from ui.theme import DISABLED, GOLD, MUTED, TEXT

GAME_ICONS = {"rangers": "zord", "misfits": "misfit", "galaxy": "dna", "barricades": "guard"}
GAME_COLOURS = {"rangers": (178, 60, 60), "misfits": (132, 84, 176), "galaxy": (48, 128, 168),
                "barricades": (170, 128, 52)}


@lru_cache(maxsize=16)
def key_art(game: str, w: int, h: int, dim: bool) -> pygame.Surface | None:
    """The game's key art (assets/art/menu/<game>.svg) filling a ``w`` x ``h`` tile, faded towards the
    left where the tile's text sits, rasterised once per size; None if the game has none."""
    from ui.table import art

    if w < 8 or h < 8 or not art.exists("menu", game):
        return None
    src_w, src_h = 160, 100
    k = max(w / src_w, h / src_h)                      # cover the tile, cropping what falls outside
    img = art.art("menu", game, (round(src_w * k), round(src_h * k)))
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    out.blit(img, ((w - img.get_width()) // 2 * 2, (h - img.get_height()) // 2))
    # alpha ramp: faint behind the text, full at the right edge
    ramp = pygame.Surface((w, 1), pygame.SRCALPHA)
    for x in range(w):
        f = x / max(1, w - 1)
        a = 0.06 if f < 0.58 else min(0.9, 0.06 + (f - 0.58) / 0.30 * 0.84)
        ramp.set_at((x, 0), (255, 255, 255, int(255 * a * (0.45 if dim else 1.0))))
    out.blit(pygame.transform.scale(ramp, (w, h)), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def _icon(name: str, size: int):
    try:
        from ui.table.icons import icon
    except ImportError:
        return None
    return icon(name, size)


def _check_resumable(data: dict, name: str) -> None:
    """The cheap checks Resume would fail on (known, ready game; same rules version), made before
    Resume is offered so it never pretends; the full replay happens when the player resumes."""
    try:
        info = gamecore.game(data["game"])
    except gamecore.OptionError:
        raise SaveError(f"{name} is a save of a game this version does not know", "unknown_game") from None
    if not info.ready:
        raise SaveError(f"{name} is a save of a game that is still in preparation", "unknown_game")
    if data["engine_version"] != info.engine_version:
        raise SaveError(f"{name} was made by another version of the rules", "other_rules")


def set_aside_autosave(path, problem: SaveError) -> None:
    """An autosave that cannot be used: rename it aside (never lost, never overwritten by the next
    game) and post a message that names it and says what happened."""
    reason = notices.reason(problem, path.name)
    kept = persistence.keep_aside(path)
    if kept is None:
        notices.post("notice.autosave_not_kept", file=path.name, reason=reason,
                     fallback="The autosave {file} could not be read: {reason}.")
    else:
        notices.post("notice.autosave_damaged", file=path.name, reason=reason, kept=kept.name,
                     fallback="The autosave {file} could not be read: {reason}. It was kept as {kept}.")


class MenuScene(Scene):
    _art_ready = False

    def enter(self, **args) -> None:
        self.hover: str | None = None
        self.tiles: list[tuple[pygame.Rect, object]] = []
        self.error_box = None
        self.drawn = False
        self.autosave = self._autosave_entry()
        super().enter(**args)

    def _autosave_entry(self):
        """The autosave as a checked load-list entry (every field the menu shows type-checked and cut
        to length), or None. A damaged autosave is not hidden: it is kept aside and reported."""
        path = persistence.autosave_path()
        if not os.path.lexists(path):
            return None
        try:
            data = persistence.check_save_shape(persistence.read_json(path), path.name)
            entry = persistence.entry_from_save(path, data)
            _check_resumable(data, path.name)
        except SaveError as exc:
            set_aside_autosave(path, exc)
            return None
        if entry.over:
            return None
        return entry

    # ------------------------------------------------------------------ layout
    def build_ui(self) -> None:
        w, h = self.app.size
        col_w = 280
        x = w - col_w - 48
        y = 150
        self.buttons = {}

        def button(key, label, object_id=None, enabled=True):
            nonlocal y
            b = self.add(pygame_gui.elements.UIButton(
                pygame.Rect(x, y, col_w, 52), label, self.app.manager,
                object_id=pygame_gui.core.ObjectID(object_id=object_id) if object_id else None))
            if not enabled:
                b.disable()
            self.buttons[b] = key
            y += 64
            return b

        if self.autosave is not None:
            key = f"game.{self.autosave.game}.title"
            title = t(key) if has(key) else self.autosave.game
            summary = self.autosave.summary or {}
            detail = persistence.clip(t("menu.resume_detail", game=title,
                                        round=summary.get("round", summary.get("turn", "?"))), 60)
            button("resume", t("menu.resume"), "#primary")
            # which game resumes, under the button, wrapped to the column (on one line a long Japanese title
            # ran past the window's edge at 1280x800)
            self.resume_lines = fonts.wrap(detail, 14, col_w - 8)[:2]
            self.resume_at = (x + 4, y - 8, col_w - 8)      # the first line's place, and the lines' width
            y += 22 + 18 * (len(self.resume_lines) - 1)
            self.resume_detail = detail
        else:
            self.resume_detail = ""
            self.resume_lines = []
        button("load", t("menu.load"))
        button("stats", t("menu.stats"))
        button("settings", t("menu.settings"))
        button("rules", t("menu.rules"))
        button("quit", t("menu.quit"), "#danger")
        self._layout_tiles()

    def _layout_tiles(self) -> None:
        w, h = self.app.size
        infos = [g for g in gamecore.games() if g.id in GAME_ICONS] or gamecore.games()
        area = pygame.Rect(48, 150, w - 48 - 280 - 96, h - 150 - 60)
        cols = 2
        rows = max(1, (len(infos) + cols - 1) // cols)
        gap = 20
        tw = (area.w - gap * (cols - 1)) // cols
        th = min(270, (area.h - gap * (rows - 1)) // rows)
        self.tiles = []
        for i, info in enumerate(infos):
            r, c = divmod(i, cols)
            self.tiles.append((pygame.Rect(area.x + c * (tw + gap), area.y + r * (th + gap), tw, th), info))

    # ------------------------------------------------------------------ input
    def handle_event(self, event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self._press(self.buttons[event.ui_element])
        elif event.type == pygame.MOUSEMOTION:
            self.hover = None
            for rect, info in self.tiles:
                if rect.collidepoint(event.pos):
                    self.hover = info.id
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, info in self.tiles:
                if rect.collidepoint(event.pos) and playable(info):
                    self.app.scenes.switch("setup", game=info.id)
                    return
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()

    def _press(self, key: str) -> None:
        if key == "resume":
            self._resume()
        elif key == "load":
            self.app.scenes.push("load")
        elif key == "stats":
            self.app.scenes.push("stats")
        elif key == "settings":
            self.app.scenes.push("settings")
        elif key == "rules":
            self.app.scenes.push("rules")
        elif key == "quit":
            self.app.quit()

    def _resume(self) -> None:
        from gamecore.session import Session
        from ui.games import open_table

        path = persistence.autosave_path()
        try:
            problem = open_table(self.app, Session.load(path, autosave=path))
        except SaveError as exc:
            # it looked like a save but does not replay: keep it aside and say so, offer no Resume
            set_aside_autosave(path, exc)
            self.autosave = None
            self.on_resize()
            return
        if problem:
            self.error_box = message(self.app.manager, "dialog.load_failed", html.escape(persistence.clip(problem, 300)))

    # ------------------------------------------------------------------ draw
    def draw(self, surface) -> None:
        surface.blit(backdrop(self.app.size), (0, 0))
        surface.blit(fonts.text("Tabletop Dojo", 46, GOLD, True), (48, 34))
        surface.blit(fonts.text(t("menu.tagline"), 18, MUTED), (52, 100))
        for rect, info in self.tiles:
            self._draw_tile(surface, rect, info)
        h = self.app.size[1]
        if getattr(self, "resume_lines", None):
            rx, ry, rw = self.resume_at
            for i, line in enumerate(self.resume_lines):
                surface.blit(fonts.fit_text(line, 14, rw, MUTED), (rx, ry + 18 * i))
        if self.app.storage_problem:
            line = t("menu.storage_unavailable")
            surface.blit(fonts.text(line, 15, (230, 140, 120)), (48, h - 40))

    def update(self, dt: float) -> None:
        # the content files are read and checked after the first frame is up (each game once per run):
        # until then a tile shows what it will show unless a file turns out broken
        if self.drawn:
            MenuScene._art_ready = True          # once the first menu frame is up, for the whole run
            for _, info in self.tiles:
                if not content_checked(info):
                    content_problem(info)
        super().update(dt)

    def _draw_tile(self, surface, rect: pygame.Rect, info) -> None:
        self.drawn = True
        problem = content_problem(info) if content_checked(info) else None
        ok = info.ready and problem is None and has_table(info.id)
        hovered = self.hover == info.id and ok
        accent = GAME_COLOURS.get(info.id, (90, 110, 130))
        base = (34, 43, 54) if ok else (28, 32, 38)
        rounded_panel(surface, rect, base, GOLD if hovered else (61, 72, 86), 12)
        band = pygame.Rect(rect.x, rect.y, 10, rect.h)
        pygame.draw.rect(surface, accent if ok else (70, 74, 80), band, border_top_left_radius=12, border_bottom_left_radius=12)
        pad = 22
        size = 64
        # the key art is drawn from the second frame on: the first frame is up before it is rasterised
        picture = key_art(info.id, rect.w - 12, rect.h - 4, not ok) if self._art_ready else None
        if picture is not None:
            clip = surface.get_clip()
            surface.set_clip(rect.inflate(-4, -4))
            surface.blit(picture, (rect.x + 10, rect.y + 2))
            surface.set_clip(clip)
        art = _icon(GAME_ICONS.get(info.id, "cards"), size) if picture is None and self._art_ready else None
        if art is not None:
            if not ok:
                art = art.copy()
                art.set_alpha(90)
            surface.blit(art, (rect.right - size - pad, rect.y + pad))
        title_colour = TEXT if ok else DISABLED
        title_w = rect.w - 2 * pad - size - 16
        title_size = fonts.fitting_size(t(info.title), title_w, 24, 15, bold=True)
        surface.blit(fonts.text(t(info.title), title_size, title_colour, True), (rect.x + pad + 8, rect.y + pad - 4))
        surface.blit(fonts.text(players_label(info), 15, GOLD if ok else DISABLED), (rect.x + pad + 8, rect.y + pad + 34))
        line_h = fonts.font(16).get_linesize() + 2
        room = max(0, (rect.bottom - 62) - (rect.y + pad + 64)) // line_h
        pitch = t("menu.content_error", problem=problem) if problem else t(info.pitch)
        lines = fonts.wrap(pitch, 16, rect.w - 2 * pad - size - 24)
        if len(lines) > room:
            lines = lines[:room]
            if lines:
                lines[-1] = lines[-1].rstrip(" .。") + "…"
        for i, line in enumerate(lines):
            colour = (230, 140, 120) if problem else MUTED if ok else DISABLED
            surface.blit(fonts.text(line, 16, colour), (rect.x + pad + 8, rect.y + pad + 64 + i * line_h))
        badge = t("menu.play") if ok else t("menu.broken") if problem else t("menu.in_preparation")
        badge_surf = fonts.text(badge, 15, (20, 20, 20) if ok else MUTED, True)
        brect = badge_surf.get_rect()
        brect.inflate_ip(24, 10)
        brect.bottomleft = (rect.x + pad + 8, rect.bottom - 16)
        pygame.draw.rect(surface, accent if ok else (48, 54, 62), brect, border_radius=14)
        if ok:
            pygame.draw.rect(surface, (255, 255, 255), brect, 1, border_radius=14)
        surface.blit(badge_surf, badge_surf.get_rect(center=brect.center))

    def smoke_inputs(self):
        w, h = self.app.size
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=(rect.centerx, rect.centery), rel=(0, 0), buttons=(0, 0, 0))
                for rect, _ in self.tiles]
