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
from ui.scenes.common import backdrop, bot_level_label, draw_header, message, rounded_panel
from ui.theme import GOLD, GREEN, MUTED, RED, TEXT, seat_colour


def seat_name(session: Session, seat: int) -> str:
    s = session.seats[seat]
    who = t("results.you") if not s.is_bot else t("results.bot", level=bot_level_label(session.game, s.level))
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
        elif result is not None and s.game == "barricades":
            y = self._draw_barricades(surface, y + 6)
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
        stats = dict(self.session.state.stats())
        stats.update(self._extra_facts())
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
            # the value right-aligned; a worded value (a name) may take more room from its label
            img = fit_text(str(value), 18, max(60, col_w // 2 - 16), TEXT, True)
            surface.blit(img, img.get_rect(topright=(x + col_w - 16, yy + 2)))
            surface.blit(fit_text(t(key), 16, col_w - 40 - max(54, img.get_width()), MUTED), (x + 16, yy + 4))

    # ------------------------------------------------------------------ Barricades: medals and heroes
    def _barricades_facts(self) -> dict:
        """What the heroes defeated, read from the session's events (the engine keeps no running total):
        per seat the monster types of every battle won (a party shares its victory), and the Guardian."""
        cached = getattr(self, "_bfacts", None)
        if cached is not None and cached[0] == len(self.session.steps):
            return cached[1]
        from gamecore.barricades.content import content

        C = content()
        mtype = {k: v.get("mtype", "") for k, v in C.cards.items() if v.get("type") == "monster"}
        wild = C.wilderness["monster"]
        mtype[wild["key"]] = wild.get("mtype", "")
        for g in C.guardians:                 # the Guardian fought in its room
            mtype[g] = "guardian"
        per_seat: dict[int, dict[str, int]] = {}
        monsters = 0
        guardian_down = False
        for step in self.session.steps:
            for e in step.events:
                if e.key.endswith(".battle_won") and isinstance(e.params, dict):
                    kind = mtype.get(e.params.get("monster"), "")
                    monsters += 1
                    for m in e.params.get("members", ()):
                        row = per_seat.setdefault(int(m) - 1, {})
                        row[kind] = row.get(kind, 0) + 1
                elif e.key.endswith(".guardian_defeated"):
                    guardian_down = True
        facts = {"per_seat": per_seat, "monsters": monsters, "guardian_down": guardian_down}
        self._bfacts = (len(self.session.steps), facts)
        return facts

    def _extra_facts(self) -> dict:
        if self.session.game != "barricades" or not self.session.state.is_over():
            return {}
        f = self._barricades_facts()
        d = self.session.state.d
        down = f["guardian_down"] or self.session.state.outcome() in ("win", "pyrrhic")   # a win fells it
        state = t("results.barricades.guardian_down") if down else t("results.barricades.guardian_up")
        return {"results.barricades.fact.monsters": f["monsters"],
                f"barricades.guardian.{d['guardian']}": state}

    def _seat_medals(self, seat: int, medals: list[str]) -> list[str]:
        """The medals a seat shares: every team medal; Grand Master only for a hero who reached rank 5."""
        p = self.session.state.d["p"][seat]
        return [m for m in medals if m != "grand_master" or p.get("rank", 0) >= 5]

    def _medal_icon(self, medal: str, size: int):
        from ui.games.barricades.art import medal_icon

        return medal_icon(medal, size)

    def _draw_barricades(self, surface, y) -> int:
        """Barricades has no scores: its medals (each with its name) and one row per hero — prestige
        board and rank, XP, wounds, the monsters its battles defeated (by type) and its medals."""
        from gamecore.barricades.medals import medals_for
        from ui.games.barricades.art import art
        from ui.table.palette import draw_shape, palette

        s = self.session
        state = s.state
        w, h = self.app.size
        medals = medals_for(state)
        outcome = state.outcome() or "loss"
        bottom = h - 84 - 14
        # the medals of this game
        rect = pygame.Rect(64, y, w - 128, 96 if medals else 48)
        rounded_panel(surface, rect)
        surface.blit(fonts.text(t("results.barricades.medals"), 17, GOLD, True), (rect.x + 16, rect.y + 10))
        if not medals:
            surface.blit(fit_text(t(f"barricades.ui.medals.none.{outcome}"), 16, rect.width - 260, MUTED),
                         (rect.x + 240, rect.y + 12))
        else:
            slot = min(150, (rect.width - 32) // max(1, len(medals)))
            for i, m in enumerate(medals):
                cx = rect.x + 16 + i * slot + slot // 2
                ic = self._medal_icon(m, 44)
                surface.blit(ic, ic.get_rect(midtop=(cx, rect.y + 30)))
                name = fit_text(t(f"barricades.medal.{m}"), 13, slot - 6, TEXT, True)
                surface.blit(name, name.get_rect(midtop=(cx, rect.y + 76)))
        y = rect.bottom + 12
        # one row per hero
        facts = self._barricades_facts()
        seats = list(range(state.players))
        pal = palette(bool(self.app.settings.get("colorblind")))
        row_h = max(40, min(56, (bottom - y - 44) // max(1, len(seats))))
        width = min(w - 128, 820)
        if w - 128 - width < 264:            # room for the facts beside it, else full width
            width = w - 128
        rect = pygame.Rect(64, y, width, 40 + row_h * len(seats))
        if rect.bottom > bottom:
            return y
        self._table_rect = rect              # the facts box sits beside it when there is room
        rounded_panel(surface, rect)
        surface.blit(fonts.text(t("results.barricades.heroes"), 17, GOLD, True), (rect.x + 16, rect.y + 10))
        cols = (rect.x + 16, rect.x + 200, rect.x + 360, rect.x + 420, rect.x + 480)
        head = fonts.text(t("results.barricades.defeated"), 13, MUTED)
        surface.blit(head, (cols[4], rect.y + 14))
        isz = max(18, min(28, row_h - 18))
        for i, seat in enumerate(seats):
            p = state.d["p"][seat]
            yy = rect.y + 40 + i * row_h
            mid = yy + row_h // 2
            badge = pygame.Rect(cols[0], mid - 9, 18, 18)
            draw_shape(surface, pal.seat_shape(seat), seat_colour(seat, pal.colorblind), badge)
            surface.blit(fit_text(seat_name(s, seat), 15, cols[1] - cols[0] - 34, TEXT, True), (cols[0] + 26, mid - 10))
            board = t(f"barricades.board.{p['board']}") if p.get("board") else "—"
            bx = cols[1]
            if p.get("board"):                 # the prestige class's emblem before its name
                emblem = art(f"board_{p['board']}", 24)
                surface.blit(emblem, emblem.get_rect(midleft=(bx, mid)))
                bx += 28
            surface.blit(fit_text(t("results.barricades.rank", board=board, n=p.get("rank", 0)), 14,
                                  cols[2] - bx - 8, TEXT), (bx, mid - 9))
            for col, name, value in ((cols[2], "xp", p.get("xp", 0)), (cols[3], "wound", p.get("wounds", 0))):
                ic = _icon(name, 20)
                if ic is not None:
                    surface.blit(ic, ic.get_rect(midleft=(col, mid)))
                surface.blit(fonts.text(str(value), 15, TEXT, True), (col + 24, mid - 10))
            # monsters defeated, a figure per type with its count
            x = cols[4]
            kinds = facts["per_seat"].get(seat, {})
            from ui.games.barricades.faces import TYPE_ART

            for kind, n in sorted(kinds.items(), key=lambda kv: -kv[1]):
                name = f"guardian_{state.d['guardian']}" if kind == "guardian" else TYPE_ART.get(kind, "mon_vermin")
                pic = art(name, isz)
                surface.blit(pic, pic.get_rect(midleft=(x, mid)))
                num = fonts.text(f"×{n}", 13, TEXT, True)
                surface.blit(num, num.get_rect(midleft=(x + isz + 1, mid)))
                x += isz + num.get_width() + 8
            if not kinds:
                surface.blit(fonts.text("—", 15, MUTED), (x, mid - 10))
                x += 24
            # this hero's medals, at the row's end, packed closer (down to overlapping a little) when many
            mine = self._seat_medals(seat, medals)
            if mine:
                step = max(10, min(isz + 4, (rect.right - 12 - (x + 10) - isz) // max(1, len(mine) - 1)))
                x = max(x + 10, rect.right - 12 - isz - step * (len(mine) - 1))
                for m in mine:
                    ic = self._medal_icon(m, isz)
                    surface.blit(ic, ic.get_rect(midleft=(x, mid)))
                    x += step
        return rect.bottom + 14

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
            from ui.table.palette import draw_shape, palette

            cb = bool(self.app.settings.get("colorblind"))     # the seat's shape too, never its colour alone
            draw_shape(surface, palette(cb).seat_shape(seat), seat_colour(seat, cb), pygame.Rect(cx + 1, yy + 9, 15, 15))
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
