"""Statistics: per game, a row per setup (played, won, lost, abandoned, best and average score, streaks,
time played), co-op games by scenario, and two small charts drawn here with pygame: the results over
time and the score distribution. The counting itself is gamecore/stats.py; this module also opens
the book for the app (a damaged file is reported through ui.notices, as the settings file is).
"""
from __future__ import annotations

from functools import lru_cache

import pygame
import pygame_gui

import gamecore
from gamecore import persistence
from gamecore import stats as gstats
from ui import fonts, notices
from ui.i18n import has, language, t
from ui.scenes.base import Scene
from ui.scenes.common import backdrop, draw_header, option_value_label, rounded_panel
from ui.theme import DISABLED, GOLD, GREEN, MUTED, RED, TEXT

WIN, LOSS, OTHER = GREEN, RED, (130, 140, 150)
CHART_GAMES = 40             # the results chart shows the last this many games
BINS = 8


class NoticedBook(gstats.StatsBook):
    """The book the app keeps: a write that fails (read-only or full folder) is said once per run in a
    message box; the counts go on in memory and the file on disk is left as it was."""

    def save(self) -> bool:
        ok = super().save()
        if not ok and not self.memory:
            notices.post("notice.stats_unwritable", file=gstats.FILE_NAME,
                         reason=persistence.clip(self.write_problem or "", 200),
                         fallback="The statistics file {file} cannot be written: {reason}.")
        return ok


def open_book(memory: bool = False) -> gstats.StatsBook:
    """The statistics book of the user data folder; a file that cannot be used is reported (kept aside
    as ``stats.json.damaged-<time>``, or left untouched when it cannot be moved)."""
    if memory:
        return gstats.StatsBook(None, memory=True)
    book = NoticedBook.load()
    if book.load_problem is not None:
        name = gstats.FILE_NAME
        reason = notices.reason(book.load_problem, name)
        if book.kept is not None:
            notices.post("notice.stats_damaged", file=name, reason=reason, kept=book.kept.name,
                         fallback="The statistics file {file} could not be read: {reason}. It was kept as {kept}.")
        else:
            notices.post("notice.stats_not_kept", file=name, reason=reason,
                         fallback="The statistics file {file} could not be read: {reason}.")
    return book


def played_won(book: gstats.StatsBook, game: str) -> str:
    """The results screen's line: "played N · won M" for this game."""
    total = book.totals(game)
    return t("stats.played_won", played=total.played, won=total.won)


def duration(seconds: int) -> str:
    if 0 < seconds < 60:
        return t("stats.seconds", n=seconds)
    minutes = seconds // 60
    if minutes < 60:
        return t("stats.minutes", n=minutes)
    return t("stats.hours", h=minutes // 60, m=minutes % 60)




def setup_label(game: str, setup: dict) -> str:
    """A setup in words: players, bots, then the options that differ from the game's defaults."""
    parts = [t("menu.players_one", n=setup.get("players", 0))]
    bots = setup.get("bots", [])
    if bots:
        sep = "、" if language() == "ja" else ", "
        parts.append(t("stats.bots", levels=sep.join(t(f"bot.{b}") if has(f"bot.{b}") else b for b in bots)))
    try:
        info = gamecore.game(game)
        options = {o.name: o for o in info.options}
    except gamecore.OptionError:
        options = {}
    for name, value in setup.get("options", {}).items():
        option = options.get(name)
        if option is None or value == option.default:
            continue
        parts.append(f"{t(option.label)}: {option_value_label(option, value)}")
    return " · ".join(parts)


def scenario_label(game: str, name: str) -> str:
    if not name:
        return t("stats.scenario_standard")
    try:
        info = gamecore.game(game)
    except gamecore.OptionError:
        return name
    for option in info.options:
        if option.name in gstats.SCENARIO_OPTIONS:
            return option_value_label(option, name)
    return name


@lru_cache(maxsize=256)
def _fit(string: str, size: int, width: int, colour, bold: bool = False):
    return fonts.fit_text(string, size, width, colour, bold, minimum=11)


class StatsScene(Scene):
    def enter(self, game: str | None = None, **args) -> None:
        self.book = self.app.stats.book
        infos = [g for g in gamecore.games(ready_only=True) if g.id != "toy"] or gamecore.games(ready_only=True)
        self.games = [g.id for g in infos]
        played = [g for g in self.games if self.book.totals(g).played]
        self.game = game if game in self.games else (played[0] if played else (self.games[0] if self.games else ""))
        self.scroll = 0
        super().enter(**args)

    def build_ui(self) -> None:
        m = self.app.manager
        w, h = self.app.size
        self.back = self.add(pygame_gui.elements.UIButton(pygame.Rect(64, h - 84, 160, 52), t("common.back"), m))
        self.tabs = {}
        x = 64
        labels = [t(gamecore.game(gid).title) for gid in self.games]
        widths = [max(140, fonts.font(16).size(label)[0] + 36) for label in labels]
        gaps = 10 * max(0, len(widths) - 1)
        scale = min(1.0, (w - 128 - gaps) / max(1, sum(widths)))
        for gid, label, natural in zip(self.games, labels, widths):
            width = int(natural * scale)
            b = self.add(pygame_gui.elements.UIButton(
                pygame.Rect(x, 124, width, 40), fonts.fit_label(label, width - 16, 16), m,
                object_id=pygame_gui.core.ObjectID(object_id="#primary") if gid == self.game else None))
            self.tabs[b] = gid
            x += width + 10

    def handle_event(self, event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.scenes.pop()
            elif event.ui_element in self.tabs:
                self.select(self.tabs[event.ui_element])
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.scenes.pop()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.games:
                step = 1 if event.key == pygame.K_RIGHT else -1
                i = self.games.index(self.game) if self.game in self.games else 0
                self.select(self.games[(i + step) % len(self.games)])
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y)

    def select(self, game: str) -> None:
        self.game = game
        self.scroll = 0
        self.on_resize()

    # ------------------------------------------------------------------ draw
    def draw(self, surface) -> None:
        surface.blit(backdrop(self.app.size), (0, 0))
        draw_header(surface, t("stats.title"), t("stats.subtitle"))
        w, h = self.app.size
        if self.book.write_problem:
            surface.blit(_fit(t("stats.cannot_save", reason=self.book.write_problem), 15, w - 128, RED), (64, h - 126))
        if not self.game:
            return
        coop = gamecore.game(self.game).coop
        total = self.book.totals(self.game)
        y = 180
        if not total.played:
            surface.blit(fonts.text(t("stats.none"), 18, MUTED), (64, y + 10))
            return
        summary = t("stats.summary", played=total.played, won=total.won, lost=total.lost,
                    abandoned=total.abandoned, time=duration(total.seconds))
        surface.blit(_fit(summary, 18, w - 128, TEXT, True), (64, y))
        y += 34
        rows = len(self.book.lines_of(self.game))
        bottom = h - 110
        table_h = max(48 + 26 * 2, min(48 + 26 * rows, (bottom - y) // 2))   # as tall as its rows need
        charts_h = max(150, min(320, bottom - y - table_h - 16))
        table_bottom = bottom - charts_h - 16
        y = self._draw_lines(surface, pygame.Rect(64, y, w - 128, table_bottom - y), coop)
        chart_top = table_bottom + 10
        # co-op games add their games by scenario; a co-op game without scores shows no score chart
        panels = 2 + (1 if coop and total.scored else 0)
        width = (w - 128 - 16 * (panels - 1)) // panels
        rects = [pygame.Rect(64 + i * (width + 16), chart_top, width, charts_h) for i in range(panels)]
        self.results_rect = rects[0]
        self.scores_rect = rects[1]
        draw_results_chart(surface, rects[0], total.history)
        if coop:
            self._draw_scenarios(surface, rects[-1])
        if not coop or total.scored:
            draw_score_chart(surface, rects[1], [h_[2] for h_ in total.history if h_[2] is not None])

    COLUMNS = ("stats.col.played", "stats.col.won", "stats.col.lost", "stats.col.abandoned", "stats.col.best",
               "stats.col.average", "stats.col.streak", "stats.col.time")

    def _draw_lines(self, surface, rect: pygame.Rect, coop: bool) -> int:
        rounded_panel(surface, rect)
        lines = self.book.lines_of(self.game)
        col_w = 88
        first_w = rect.w - 28 - col_w * len(self.COLUMNS)
        x0, y = rect.x + 14, rect.y + 10
        surface.blit(_fit(t("stats.col.setup"), 15, first_w - 10, GOLD, True), (x0, y))
        for i, key in enumerate(self.COLUMNS):
            surface.blit(_fit(t(key), 14, col_w - 6, GOLD, True), (x0 + first_w + i * col_w, y))
        y += 28
        row_h = 26
        room = max(1, (rect.bottom - 8 - y) // row_h)
        self.scroll = min(self.scroll, max(0, len(lines) - room))
        for line in lines[self.scroll:self.scroll + room]:
            surface.blit(_fit(setup_label(self.game, line.setup), 14, first_w - 10, TEXT), (x0, y + 3))
            values = [line.played, line.won, line.lost, line.abandoned,
                      "—" if line.best is None else line.best,
                      "—" if line.average is None else f"{line.average:.1f}",
                      t("stats.streak", now=line.streak, best=line.best_streak), duration(line.seconds)]
            for i, value in enumerate(values):
                colour = GREEN if i == 1 and value else RED if i == 2 and value else TEXT
                surface.blit(_fit(str(value), 15, col_w - 6, colour), (x0 + first_w + i * col_w, y + 3))
            y += row_h
        if len(lines) > room:
            more = t("stats.more_rows", n=len(lines) - room)
            surface.blit(fonts.text(more, 13, MUTED), (rect.right - 14 - fonts.font(13).size(more)[0], rect.y + 12))
        return rect.bottom

    def _draw_scenarios(self, surface, rect: pygame.Rect) -> None:
        """Co-op games by scenario (in place of a score chart when the game keeps no score)."""
        rounded_panel(surface, rect)
        surface.blit(fonts.text(t("stats.by_scenario"), 16, GOLD, True), (rect.x + 14, rect.y + 10))
        y = rect.y + 40
        for name, group in sorted(self.book.by_scenario(self.game).items()):
            if y > rect.bottom - 24:
                break
            label = scenario_label(self.game, name)
            surface.blit(_fit(label, 15, rect.w // 2 - 20, TEXT), (rect.x + 14, y))
            counts = t("stats.scenario_counts", played=group.played, won=group.won, lost=group.lost)
            surface.blit(_fit(counts, 15, rect.w // 2 - 20, MUTED), (rect.x + rect.w // 2, y))
            y += 26


def draw_results_chart(surface, rect: pygame.Rect, history: list) -> None:
    """The last games as bars, oldest on the left: up and green for a win, down and red for a loss,
    a grey stub for a game without winner; a gold line follows the win rate so far."""
    rounded_panel(surface, rect)
    surface.blit(fonts.text(t("stats.chart.results", n=min(CHART_GAMES, len(history))), 16, GOLD, True),
                 (rect.x + 14, rect.y + 10))
    games = history[-CHART_GAMES:]
    area = pygame.Rect(rect.x + 14, rect.y + 40, rect.w - 28, rect.h - 72)
    mid = area.centery
    if not games:                                       # nothing finished yet: say so, no empty axis
        note = fonts.paragraph(t("stats.chart.none"), 15, area.w, MUTED)
        surface.blit(note, note.get_rect(center=area.center))
        return
    pygame.draw.line(surface, (70, 80, 94), (area.x, mid), (area.right, mid), 1)
    step = area.w / max(12, len(games))                # a few games get wide bars; 40 fill the width
    bar = max(2, min(28, int(step) - 3))
    wins = 0
    points = []
    for i, (_, outcome, _score) in enumerate(games):
        x = area.x + int(i * step)
        half = area.h // 2 - 4
        if outcome == "won":
            wins += 1
            pygame.draw.rect(surface, WIN, (x, mid - half, bar, half))
        elif outcome == "lost":
            pygame.draw.rect(surface, LOSS, (x, mid + 1, bar, half))
        else:
            pygame.draw.rect(surface, OTHER, (x, mid - 4, bar, 8))
        rate = wins / (i + 1)
        points.append((x + bar // 2, area.bottom - int(rate * area.h)))
    if len(points) > 1:
        pygame.draw.lines(surface, GOLD, False, points, 2)
    legend = t("stats.chart.legend", rate=round(100 * wins / len(games)))
    surface.blit(_fit(legend, 13, rect.w - 28, MUTED), (rect.x + 14, rect.bottom - 24))


def score_bins(scores: list[int], bins: int = BINS) -> list[tuple[int, int, int]]:
    """(low, high, count) ranges covering the scores in at most ``bins`` equal whole-number widths."""
    if not scores:
        return []
    lo, hi = min(scores), max(scores)
    width = max(1, -(-(hi - lo + 1) // bins))
    out = []
    start = lo
    while start <= hi:
        end = start + width - 1
        out.append((start, end, sum(1 for s in scores if start <= s <= end)))
        start = end + 1
    return out


def draw_score_chart(surface, rect: pygame.Rect, scores: list[int]) -> None:
    """How often each range of scores came up (the person's score in each finished game)."""
    rounded_panel(surface, rect)
    surface.blit(fonts.text(t("stats.chart.scores"), 16, GOLD, True), (rect.x + 14, rect.y + 10))
    bins = score_bins(scores)
    if not bins:
        surface.blit(fonts.text(t("stats.chart.no_scores"), 14, DISABLED), (rect.x + 14, rect.y + 44))
        return
    area = pygame.Rect(rect.x + 14, rect.y + 44, rect.w - 28, rect.h - 44 - 50)
    top = max(c for _, _, c in bins)
    step = min(area.w / len(bins), 90.0)                # a few ranges stay bars, not a wall
    area.x += int((area.w - step * len(bins)) / 2)
    pygame.draw.line(surface, (70, 80, 94), (rect.x + 14, area.bottom), (rect.right - 14, area.bottom), 1)
    for i, (lo, hi, count) in enumerate(bins):
        x = area.x + int(i * step)
        height = int((area.h - 16) * count / top)
        pygame.draw.rect(surface, (96, 140, 200), (x + 2, area.bottom - height, max(2, int(step) - 4), height))
        if count:
            num = fonts.text(str(count), 12, TEXT)
            surface.blit(num, (x + step / 2 - num.get_width() / 2, area.bottom - height - 15))
        label = str(lo) if lo == hi else f"{lo}–{hi}"
        img = _fit(label, 12, max(10, int(step) - 2), MUTED)
        surface.blit(img, (x + step / 2 - img.get_width() / 2, area.bottom + 4))
    best = max(scores)
    avg = sum(scores) / len(scores)
    legend = t("stats.chart.score_legend", best=best, average=f"{avg:.1f}")
    surface.blit(_fit(legend, 13, rect.w - 28, MUTED), (rect.x + 14, rect.bottom - 22))
