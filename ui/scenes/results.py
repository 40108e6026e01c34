"""Results: the outcome and why, each seat's score broken down, play again with the same setup, or menu."""
from __future__ import annotations

import random

import pygame
import pygame_gui

from gamecore import persistence
from gamecore.session import Session
from ui import fonts
from ui.games import extra_screen, open_table, prepare_options
from ui.i18n import has, t
from ui.scenes.base import Scene
from ui.fonts import fit_text
from ui.scenes.common import backdrop, draw_header, message, rounded_panel
from ui.theme import GOLD, GREEN, MUTED, RED, TEXT, seat_colour


def seat_name(session: Session, seat: int) -> str:
    s = session.seats[seat]
    who = t("results.you") if not s.is_bot else t("results.bot", level=t(f"bot.{s.level}"))
    return t("results.seat", n=seat + 1, who=who)


def headline(session: Session) -> tuple[str, tuple]:
    result = session.state.result()
    if result is None:
        return t("results.unfinished"), MUTED
    if session.info.coop:
        return (t("results.coop_win"), GREEN) if result.outcome == "win" else (t("results.coop_loss"), RED)
    if result.outcome == "shared" or len(result.winners) > 1:
        names = ", ".join(str(w + 1) for w in result.winners)
        return t("results.shared", seats=names), GOLD
    winner = result.winners[0] if result.winners else None
    if winner is None:
        return t("results.no_winner"), MUTED
    if not session.seats[winner].is_bot:
        return t("results.you_win", n=winner + 1), GREEN
    return t("results.bot_wins", n=winner + 1), RED


_FINAL_TABLES: dict = {}       # id(session) -> the table's last frame (remember_table)
_THUMBS: dict = {}


def remember_table(session, frame: pygame.Surface) -> None:
    """The table scene hands its last frame over before the results open (a thumbnail is drawn of it)."""
    if len(_FINAL_TABLES) > 8:
        _FINAL_TABLES.clear()
        _THUMBS.clear()
    _FINAL_TABLES[id(session)] = frame.copy()


def _icon(name: str, size: int):
    from ui.table.icons import icon

    return icon(name, size)


class ResultsScene(Scene):
    def enter(self, session: Session | None = None, **args) -> None:
        self.session = session
        self.error_box = None
        stats = getattr(self.app, "stats", None)
        if session is not None and stats is not None:
            stats.finished(session)          # counted once per game, however often this screen opens
        super().enter(**args)

    def build_ui(self) -> None:
        m = self.app.manager
        w, h = self.app.size
        self.again = self.add(pygame_gui.elements.UIButton(pygame.Rect(w - 64 - 240, h - 84, 240, 52), t("results.again"), m,
                                                           object_id=pygame_gui.core.ObjectID(object_id="#primary")))
        self.change = self.add(pygame_gui.elements.UIButton(pygame.Rect(w - 64 - 240 - 16 - 220, h - 84, 220, 52),
                                                            t("results.change_setup"), m))
        self.menu = self.add(pygame_gui.elements.UIButton(pygame.Rect(64, h - 84, 180, 52), t("results.menu"), m))
        self.extra = extra_screen(self.session.game) if self.session is not None else None
        x = 64 + 196
        # the finished table and its log stay to be looked at
        self.view_table = self.add(pygame_gui.elements.UIButton(pygame.Rect(x, h - 84, 200, 52), t("results.view_table"),
                                                                m)) if self.session is not None else None
        x += 216 if self.view_table is not None else 0
        self.extra_button = self.add(pygame_gui.elements.UIButton(pygame.Rect(x, h - 84, 240, 52), t(self.extra[0]),
                                                                  m)) if self.extra else None
        self.replay = self.add(pygame_gui.elements.UIButton(pygame.Rect(w - 64 - 200, 30, 200, 44), t("replay.open"),
                                                            m)) if self.session is not None else None

    def handle_event(self, event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.menu:
                self.app.scenes.switch("menu")
            elif event.ui_element is self.again:
                self.play_again()
            elif self.view_table is not None and event.ui_element is self.view_table:
                problem = open_table(self.app, self.session, review=True)
                if problem:
                    self.error_box = message(self.app.manager, "dialog.bad_setup", problem)
            elif self.replay is not None and event.ui_element is self.replay:
                from ui.scenes.replay import open_replay

                problem = open_replay(self.app, session=self.session, back=("results", {"session": self.session}))
                if problem:
                    import html

                    self.error_box = message(self.app.manager, "dialog.load_failed", html.escape(problem))
            elif self.extra_button is not None and event.ui_element is self.extra_button:
                self.app.scenes.push(self.extra[1], session=self.session)
            elif event.ui_element is self.change and self.session is not None:
                s = self.session
                self.app.scenes.switch("setup", game=s.game, players=s.players, options=s.options, seats=s.seats)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.switch("menu")

    def play_again(self) -> Session | None:
        s = self.session
        if s is None:
            return None
        autosave = None if self.app.storage_problem else persistence.autosave_path()
        options = prepare_options(s.game, dict(s.options))     # e.g. the Misfit Heroes deck as remixed since
        new = Session.new(s.game, random.randrange(1, 10**6), s.players, options, s.seats, s.mode, autosave)
        new.write_autosave()
        problem = open_table(self.app, new)
        if problem:
            self.error_box = message(self.app.manager, "dialog.bad_setup", problem)
            return None
        return new

    def draw(self, surface) -> None:
        surface.blit(backdrop(self.app.size), (0, 0))
        s = self.session
        if s is None:
            draw_header(surface, t("results.title"))
            return
        subtitle = t(s.info.title) + " · " + t("results.seed", seed=s.seed)
        stats = getattr(self.app, "stats", None)
        if stats is not None:
            from ui.scenes.stats import played_won

            subtitle += " · " + played_won(stats.book, s.game)
        y = draw_header(surface, t("results.title"), subtitle)
        text, colour = headline(s)
        w = self.app.size[0]
        thumb = self._thumbnail()
        banner = pygame.Rect(48, y - 2, w - 96 - (thumb.get_width() + 16 if thumb is not None else 0), 64)
        band = pygame.Surface(banner.size, pygame.SRCALPHA)
        pygame.draw.rect(band, (*colour[:3], 46), band.get_rect(), border_radius=12)
        pygame.draw.rect(band, (*colour[:3], 150), band.get_rect(), 2, border_radius=12)
        surface.blit(band, banner.topleft)
        medal = _icon("trophy" if colour != RED else "panic", 40)
        if medal is not None:
            surface.blit(medal, medal.get_rect(midleft=(banner.x + 14, banner.centery)))
        surface.blit(fit_text(text, 40, banner.width - 90, colour, bold=True), (banner.x + 66, banner.y + 6))
        if thumb is not None:                 # the final table, as it was left
            spot = thumb.get_rect(topright=(w - 48, y - 10))
            surface.blit(thumb, spot)
            pygame.draw.rect(surface, (120, 130, 150), spot.inflate(2, 2), 1, border_radius=4)
        y += 66
        result = s.state.result()
        if result is not None and result.reason:
            reason = t(result.reason, **result.reason_params)
            reason = reason[:1].upper() + reason[1:]       # a cause clause used as a sentence here
            surface.blit(fonts.paragraph(reason, 18, self.app.size[0] - 128, TEXT), (64, y))
            y += 40
        if result is not None and result.scores:
            top = y + 10
            y = self._draw_table(surface, top, result) + 24
            y = self._draw_details(surface, y + 10, sorted(result.scores))
        self._draw_stats(surface, y + 10)

    def _thumbnail(self):
        """The last frame of the finished table, scaled to a thumbnail (kept per game for this run)."""
        shot = _FINAL_TABLES.get(id(self.session))
        if shot is None:
            return None
        tw = 200
        th = max(1, round(shot.get_height() * tw / max(1, shot.get_width())))
        key = (id(self.session), tw)
        if _THUMBS.get(key) is None:
            _THUMBS[key] = pygame.transform.smoothscale(shot, (tw, min(th, 130)))
        return _THUMBS[key]

    def _draw_details(self, surface, y, seats) -> int:
        """A game's points card by card (Misfit Heroes: each ◆ box), one column per seat, beside the facts."""
        details = getattr(self.session.state, "score_details", None)
        if details is None:
            return y
        rows = {seat: details(seat) for seat in seats}
        if not any(rows.values()):
            return y
        w, h = self.app.size
        room_h = min(h - 110 - y, 24 + 20 * max(len(r) for r in rows.values()))
        first_w = 300                           # the score table's columns (see _draw_table)
        col_w = max(120, min(220, (w - 128 - first_w) // max(1, len(seats))))
        rect = pygame.Rect(64, y, first_w + col_w * len(seats) + 20, room_h)
        if rect.height < 60:
            return y
        rounded_panel(surface, rect)
        surface.blit(fit_text(t("results.details"), 16, first_w - 20, GOLD, bold=True), (rect.x + 14, rect.y + 10))
        line_h = 20
        fit = max(1, (rect.height - 20) // line_h)
        for i, seat in enumerate(seats):
            x = rect.x + 14 + first_w + i * col_w
            yy = rect.y + 10
            items = rows[seat]
            shown = items if len(items) <= fit else items[:fit - 1]
            for key, params, pts in shown:
                surface.blit(fit_text(t(key, **params), 14, col_w - 44, TEXT), (x, yy))
                surface.blit(fonts.text(str(pts), 14, GOLD, True), (x + col_w - 36, yy))
                yy += line_h
            if len(shown) < len(items):
                rest = sum(p for _, _, p in items[len(shown):])
                surface.blit(fonts.text(t("results.details_more", n=len(items) - len(shown), points=rest), 14, MUTED),
                             (x, yy))
            if not items:
                surface.blit(fonts.text("—", 14, MUTED), (x, yy))
        return rect.bottom + 14

    def _draw_stats(self, surface, y) -> None:
        """The game's own facts (rounds played, monsters defeated...), mostly for co-op games. Kept above
        the bottom buttons: below the score table when there is room, else beside it, else in columns,
        else on one line."""
        stats = self.session.state.stats()
        if not stats:
            return
        w, h = self.app.size
        bottom = h - 84 - 14                    # the bottom buttons' top, less a margin
        row_h, head = 32, 56
        rect = pygame.Rect(64, y, 520, head + row_h * len(stats))      # title, rows, and a margin below
        table = getattr(self, "_table_rect", None)
        if rect.bottom > bottom and table is not None:
            x = table.right + 24
            width = min(520, w - 64 - x)
            if width >= 240 and table.y + rect.height <= bottom:
                rect = pygame.Rect(x, table.y, width, rect.height)
        cols = 1
        if rect.bottom > bottom:
            per_col = (bottom - y - head) // row_h
            if per_col >= 1:
                cols = -(-len(stats) // per_col)
                col_w = min(520, (w - 128) // cols)
                if col_w >= 220:
                    rect = pygame.Rect(64, y, col_w * cols, head + row_h * -(-len(stats) // cols))
                else:
                    cols = 0
            else:
                cols = 0
        if cols == 0 or rect.bottom > bottom:     # no room for rows: the facts on one line
            rect = pygame.Rect(64, y, w - 128, 40)
            if rect.bottom > bottom:
                return                          # never under the buttons (the score table left no room)
            self._facts_rect = rect
            rounded_panel(surface, rect)
            line = t("results.facts") + "  ·  " + "  ·  ".join(f"{t(k)} {v}" for k, v in stats.items())
            surface.blit(fit_text(line, 16, rect.width - 32, TEXT), (rect.x + 16, rect.y + 10))
            return
        self._facts_rect = rect
        rounded_panel(surface, rect)
        surface.blit(fonts.text(t("results.facts"), 18, GOLD, True), (rect.x + 16, rect.y + 10))
        per_col = -(-len(stats) // cols)
        col_w = rect.width // cols
        for i, (key, value) in enumerate(stats.items()):
            x = rect.x + (i // per_col) * col_w
            yy = rect.y + 44 + (i % per_col) * row_h
            surface.blit(fit_text(t(key), 16, col_w - 100, MUTED), (x + 16, yy + 4))
            surface.blit(fonts.text(str(value), 18, TEXT, True), (x + col_w - 70, yy + 2))

    CATEGORY_ICONS = (("trophies", "trophy"), ("quest", "town"), ("influence", "influence"), ("coin", "coin"),
                      ("cards", "cards"), ("tiles", "cards"), ("blueprint", "star"), ("prestige", "star"),
                      ("mission", "dna"), ("reputation", "star"), ("pilot", "zord"), ("specialist", "human"),
                      ("dna", "dna"), ("radiation", "damage"), ("hull", "damage"), ("debt", "coin"))

    def _category_icon(self, key: str) -> str:
        low = key.lower()
        return next((icon for word, icon in self.CATEGORY_ICONS if word in low), "trophy")

    def _category(self, key: str) -> str:
        """A breakdown category's label: the key itself when it is a catalog key, else the game's
        ``<game>.score.<key>`` (a game may key its breakdown by short category names)."""
        if has(key) or has(key, "en"):
            return t(key)
        short = f"{self.session.game}.score.{key}"
        return t(short) if has(short) or has(short, "en") else key

    def _draw_table(self, surface, y, result) -> int:
        s = self.session
        w, h = self.app.size
        seats = sorted(result.scores)
        labels: list[str] = []
        for seat in seats:
            for key in result.breakdown.get(seat, {}):
                if key not in labels:
                    labels.append(key)
        first_w = 300
        col_w = max(120, min(220, (w - 128 - first_w) // max(1, len(seats))))
        # rows shrink (down to 24) so that the table, and a line of facts under it, stay above the buttons
        room = h - 84 - 14 - y - 20 - (76 if s.state.stats() else 0)
        row_h = max(24, min(34, room // (len(labels) + 2)))
        rect = pygame.Rect(64, y, first_w + col_w * len(seats) + 20, row_h * (len(labels) + 2) + 20)
        self._table_rect = rect                 # the facts box may sit beside it (_draw_stats)
        rounded_panel(surface, rect)
        x0 = rect.x + 14
        yy = rect.y + 10
        best = max(result.scores.values())
        for i, seat in enumerate(seats):
            cx = x0 + first_w + i * col_w
            pygame.draw.circle(surface, seat_colour(seat, self.app.settings.get("colorblind")), (cx + 8, yy + 16), 7)
            surface.blit(fit_text(seat_name(s, seat), 15, col_w - 28, TEXT, bold=True), (cx + 22, yy + 5))
        yy += row_h
        isz = max(14, row_h - 12)
        for key in labels:
            ic = _icon(self._category_icon(key), isz)
            if ic is not None:
                surface.blit(ic, ic.get_rect(midleft=(x0, yy + row_h // 2)))
            surface.blit(fit_text(self._category(key), 16, first_w - isz - 14, MUTED), (x0 + isz + 8, yy + 6))
            for i, seat in enumerate(seats):
                value = result.breakdown.get(seat, {}).get(key, 0)
                surface.blit(fonts.text(str(value), 17, TEXT), (x0 + first_w + i * col_w + 22, yy + 5))
            yy += row_h
        pygame.draw.line(surface, GOLD, (x0, yy + 2), (rect.right - 14, yy + 2), 1)
        surface.blit(fonts.text(t("results.total"), 17, GOLD, True), (x0, yy + 8))
        for i, seat in enumerate(seats):
            score = result.scores[seat]
            colour = GOLD if score == best else TEXT
            surface.blit(fonts.text(str(score), 19, colour, True), (x0 + first_w + i * col_w + 22, yy + 6))
        return rect.bottom
