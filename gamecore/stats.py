"""The person's statistics: games played, won, lost and abandoned per game and setup, scores, streaks
and time played, kept in ``stats.json`` in the user data folder (beside the saves).

A *setup* is what the setup screen chose: the player count, the bots' levels, and every option of
the game's schema that is picked on the setup screen (variant, scenario, difficulty; options of kind
"data", such as the Misfit Heroes deck, are left out). Each setup keeps its counts and its last
``HISTORY`` results (for the charts). Rules of counting, in one place:

- A game is counted once, by the id its saves keep (``Session.uid``): a finished game reached again
  (its save loaded, its results opened a second time) is not counted again; a game loaded from a save
  and finished two different ways counts twice (two endings, two games).
- **Won**: a co-op game the team won; a competitive game one of the person's seats won (a shared
  victory included). **Lost**: the team lost, or only other seats won. **Other**: a game that ended
  without a winner, or a competitive game with no bot in it (hot seat: the person played every side).
- **Abandoned**: a game left unfinished (quit from its table, replaced by another game, or open when
  the app closed). It is no longer abandoned when it is picked up again (resumed or loaded), and a
  finished game is never also counted as abandoned. **Played** = won + lost + other + abandoned.
- **Streak**: consecutive wins among finished games (a loss or a game without winner ends it;
  abandoning does not). **Score**: the best of the person's seats (co-op: the team's, when the game
  scores at all). **Time played**: seconds with the game's table open and the person active.

The file is read with the shared guarded reader (regular file, size limit, number and nesting
limits) and checked field by field; anything else (garbage, another program's JSON, wrong types, a
huge file) gives ``load_problem`` and the file is kept aside as ``stats.json.damaged-<time>`` before
a fresh book is written. A folder that cannot be written leaves the file as it is and sets
``write_problem``; the counts go on in memory. Pure Python: the UI posts the messages.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import gamecore
from gamecore import persistence
from gamecore.persistence import SaveError

STATS_KIND = "tabletop-dojo-stats"
STATS_SCHEMA = 1
FILE_NAME = "stats.json"
MAX_BYTES = 4 * 1024 * 1024
HISTORY = 100              # results kept per setup for the charts
MAX_SETUPS = 400
MAX_OPEN = 200             # unfinished games remembered (abandoned or in play)
MAX_FINISHED = 2000        # endings remembered, so none is counted twice
OUTCOMES = ("won", "lost", "other")
SCENARIO_OPTIONS = ("scenario", "guardian")    # the option that names a co-op game's scenario
BIG = 10 ** 12


def stats_path() -> Path:
    return persistence.data_dir() / FILE_NAME


def now_text() -> str:
    return datetime.now(timezone.utc).astimezone().strftime("%Y-%m-%d %H:%M")


# ------------------------------------------------------------------ what a session is, for the book

def setup_of(session) -> dict:
    """The setup a session was started with: players, bot levels, options picked on the setup screen."""
    try:
        info = gamecore.game(session.game)
        picked = {o.name for o in info.options if o.kind != "data"}
    except gamecore.OptionError:
        picked = set()
    options = {k: v for k, v in sorted(session.options.items()) if k in picked
               and (v is None or isinstance(v, (str, int, float, bool)))}
    bots = sorted(s.level or "random" for s in session.seats if s.is_bot)
    return {"players": session.players, "bots": bots, "options": options}


def setup_key(game: str, setup: dict) -> str:
    return json.dumps([game, setup], sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def outcome_of(session) -> tuple[str, int | None]:
    """("won" | "lost" | "other", the person's score or None) of a finished session."""
    result = session.state.result()
    if result is None:
        return "other", None
    humans = [i for i, s in enumerate(session.seats) if not s.is_bot]
    if session.info.coop:
        outcome = "won" if result.outcome == "win" else "lost"
        score = max(result.scores.values()) if result.scores else None
    else:
        winners = set(result.winners)
        if not winners or not humans or len(humans) == len(session.seats):
            outcome = "other"                 # no winner, or a hot-seat game without bots: nobody to beat
        else:
            outcome = "won" if winners & set(humans) else "lost"
        mine = [result.scores[i] for i in humans if i in result.scores]
        score = max(mine) if mine else None
    if score is not None and (isinstance(score, bool) or not isinstance(score, int)):
        score = None
    return outcome, score


def scenario_of(setup: dict) -> str:
    """The scenario a co-op setup plays ("" when its game names none)."""
    options = setup.get("options", {})
    for name in SCENARIO_OPTIONS:
        if name in options:
            return str(options[name])
    return ""


# ------------------------------------------------------------------ the book

@dataclass
class Line:
    """One setup's counts."""

    game: str
    setup: dict
    won: int = 0
    lost: int = 0
    other: int = 0
    abandoned: int = 0
    best: int | None = None
    score_sum: int = 0
    scored: int = 0
    streak: int = 0
    best_streak: int = 0
    seconds: int = 0
    history: list = field(default_factory=list)     # [[when, outcome, score or None], ...] oldest first

    @property
    def finished(self) -> int:
        return self.won + self.lost + self.other

    @property
    def played(self) -> int:
        return self.finished + self.abandoned

    @property
    def average(self) -> float | None:
        return self.score_sum / self.scored if self.scored else None

    def to_json(self) -> dict:
        return {"game": self.game, "setup": self.setup, "won": self.won, "lost": self.lost, "other": self.other,
                "abandoned": self.abandoned, "best": self.best, "score_sum": self.score_sum, "scored": self.scored,
                "streak": self.streak, "best_streak": self.best_streak, "seconds": self.seconds,
                "history": [list(h) for h in self.history]}


class Damaged(Exception):
    pass


def _int(value: Any, name: str, lo: int = 0, hi: int = BIG) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise Damaged(f"field '{name}' is missing or wrong")
    return value


def _str(value: Any, name: str, limit: int = 200) -> str:
    if not isinstance(value, str) or len(value) > limit:
        raise Damaged(f"field '{name}' is missing or wrong")
    return value


def _line_from(data: Any, where: str) -> Line:
    if not isinstance(data, dict):
        raise Damaged(f"field '{where}' is missing or wrong")
    game = _str(data.get("game"), f"{where}.game", 40)
    setup = data.get("setup")
    if (not isinstance(setup, dict) or not isinstance(setup.get("options", {}), dict)
            or not isinstance(setup.get("bots", []), list)
            or not all(isinstance(b, str) and len(b) < 40 for b in setup.get("bots", []))):
        raise Damaged(f"field '{where}.setup' is missing or wrong")
    _int(setup.get("players"), f"{where}.setup.players", 1, 99)
    for value in setup.get("options", {}).values():
        if not (value is None or isinstance(value, (str, int, float, bool))) or (isinstance(value, str) and len(value) > 80):
            raise Damaged(f"field '{where}.setup.options' is missing or wrong")
    line = Line(game, setup)
    for name in ("won", "lost", "other", "abandoned", "score_sum", "scored", "streak", "best_streak", "seconds"):
        lo = -BIG if name == "score_sum" else 0
        setattr(line, name, _int(data.get(name), f"{where}.{name}", lo))
    best = data.get("best")
    line.best = None if best is None else _int(best, f"{where}.best", -BIG)
    history = data.get("history")
    if not isinstance(history, list) or len(history) > HISTORY:
        raise Damaged(f"field '{where}.history' is missing or wrong")
    for i, item in enumerate(history):
        if (not isinstance(item, list) or len(item) != 3 or item[1] not in OUTCOMES
                or (item[2] is not None and (isinstance(item[2], bool) or not isinstance(item[2], int)
                                             or abs(item[2]) > BIG))):
            raise Damaged(f"field '{where}.history[{i}]' is missing or wrong")
        _str(item[0], f"{where}.history[{i}]", 32)
    line.history = [list(h) for h in history]
    if line.scored > line.finished or line.streak > line.best_streak:
        raise Damaged(f"the counts of '{where}' do not add up")
    return line


class StatsBook:
    """The statistics file in memory. ``load`` never raises; problems are on ``load_problem`` (the file
    could not be used; ``kept`` is where it was moved, None if it could not be moved) and
    ``write_problem`` (the last write failed)."""

    def __init__(self, path: Path | None, memory: bool = False):
        self.path = Path(path) if path is not None else None
        self.memory = memory                  # counts kept in memory only (the smoke test)
        self.lines: dict[str, Line] = {}
        self.open: dict[str, dict] = {}       # uid -> {"key": setup key, "abandoned": bool}
        self.finished: list[str] = []         # "uid:digest" of endings already counted
        self.load_problem: SaveError | None = None
        self.kept: Path | None = None
        self.write_problem: str | None = None

    # -------------------------------------------------------------- file
    @classmethod
    def load(cls, path: Path | None = None) -> "StatsBook":
        path = Path(path) if path is not None else stats_path()
        book = cls(path)
        try:
            persistence.remove_stale_temp_files(path.parent)
        except OSError:
            pass
        if not os.path.lexists(path):
            return book
        try:
            book._read(persistence.read_json(path, max_bytes=MAX_BYTES), path.name)
        except SaveError as exc:
            book.lines, book.open, book.finished = {}, {}, []
            book.load_problem = exc
            book.kept = persistence.keep_aside(path)
            if book.kept is None:
                book.path = None          # never write over a file that could be neither read nor moved
        return book

    def _read(self, data: Any, name: str) -> None:
        if not isinstance(data, dict) or data.get("kind") != STATS_KIND:
            raise SaveError(f"{name} is not a Tabletop Dojo statistics file", "not_stats")
        if data.get("schema") != STATS_SCHEMA:
            raise SaveError(f"{name} was written by a newer or unknown version", "newer_schema")
        try:
            lines = data.get("setups")
            if not isinstance(lines, list) or len(lines) > MAX_SETUPS:
                raise Damaged("field 'setups' is missing or wrong")
            for i, raw in enumerate(lines):
                line = _line_from(raw, f"setups[{i}]")
                self.lines[setup_key(line.game, line.setup)] = line
            opened = data.get("open")
            if not isinstance(opened, dict) or len(opened) > MAX_OPEN:
                raise Damaged("field 'open' is missing or wrong")
            for uid, entry in opened.items():
                if (len(uid) > 64 or not isinstance(entry, dict) or entry.get("key") not in self.lines
                        or not isinstance(entry.get("abandoned"), bool)):
                    raise Damaged("field 'open' is missing or wrong")
                self.open[uid] = {"key": entry["key"], "abandoned": entry["abandoned"]}
            finished = data.get("finished")
            if (not isinstance(finished, list) or len(finished) > MAX_FINISHED
                    or not all(isinstance(f, str) and len(f) <= 100 for f in finished)):
                raise Damaged("field 'finished' is missing or wrong")
            self.finished = list(finished)
        except Damaged as exc:
            raise SaveError(f"{name} is damaged ({exc})", "stats_field", detail=str(exc)) from None

    def to_json(self) -> dict:
        return {"kind": STATS_KIND, "schema": STATS_SCHEMA, "setups": [l.to_json() for l in self.lines.values()],
                "open": self.open, "finished": self.finished}

    def save(self) -> bool:
        """Write the book (atomically); False, with ``write_problem`` set, when that is not possible."""
        if self.memory:
            return True
        if self.path is None:
            self.write_problem = self.write_problem or "the statistics file could not be moved aside"
            return False
        try:
            persistence.atomic_write_json(self.path, self.to_json())
        except SaveError as exc:
            self.write_problem = str(exc)
            return False
        self.write_problem = None
        return True

    # -------------------------------------------------------------- counting
    def line_for(self, session) -> Line:
        setup = setup_of(session)
        key = setup_key(session.game, setup)
        line = self.lines.get(key)
        if line is None:
            if len(self.lines) >= MAX_SETUPS:          # the least played setup makes room
                del self.lines[min(self.lines, key=lambda k: self.lines[k].played)]
            line = self.lines[key] = Line(session.game, setup)
        return line

    def _open_entry(self, session) -> dict:
        entry = self.open.get(session.uid)
        if entry is None or entry["key"] not in self.lines:
            line = self.line_for(session)
            entry = {"key": setup_key(line.game, line.setup), "abandoned": False}
            self.open[session.uid] = entry
            while len(self.open) > MAX_OPEN:
                stale_uid = next(iter(self.open))
                self.open.pop(stale_uid)
        return entry

    def resumed(self, session) -> bool:
        """The game is on the table again: an abandoned mark is lifted. True when the book changed."""
        if session.state.is_over():
            return False
        entry = self.open.get(session.uid)
        if entry is not None and entry["abandoned"] and entry["key"] in self.lines:
            entry["abandoned"] = False
            line = self.lines[entry["key"]]
            line.abandoned = max(0, line.abandoned - 1)
            return True
        return False

    def left(self, session) -> bool:
        """The game was left unfinished: counted as abandoned (once). True when the book changed."""
        if session.state.is_over():
            return False
        entry = self._open_entry(session)
        if entry["abandoned"]:
            return False
        entry["abandoned"] = True
        self.lines[entry["key"]].abandoned += 1
        return True

    def add_time(self, session, seconds: float) -> None:
        if seconds > 0:
            line = self.lines.get(self.open.get(session.uid, {}).get("key")) or self.line_for(session)
            line.seconds = min(BIG, line.seconds + int(round(seconds)))

    def finish(self, session, when: str | None = None) -> bool:
        """Count a finished game's result (once per ending). True when it was counted now."""
        if not session.state.is_over():
            return False
        mark = f"{session.uid}:{session.state.digest()[:16]}"
        if mark in self.finished:
            return False
        entry = self.open.pop(session.uid, None)
        line = self.lines.get(entry["key"]) if entry else None
        if line is None:
            line = self.line_for(session)
        if entry and entry["abandoned"]:
            line.abandoned = max(0, line.abandoned - 1)
        outcome, score = outcome_of(session)
        setattr(line, outcome, getattr(line, outcome) + 1)
        if outcome == "won":
            line.streak += 1
            line.best_streak = max(line.best_streak, line.streak)
        else:
            line.streak = 0
        if score is not None:
            line.scored += 1
            line.score_sum += score
            line.best = score if line.best is None else max(line.best, score)
        line.history.append([when or now_text(), outcome, score])
        del line.history[:-HISTORY]
        self.finished.append(mark)
        del self.finished[:-MAX_FINISHED]
        return True

    # -------------------------------------------------------------- reading
    def lines_of(self, game: str) -> list[Line]:
        """A game's setups, most played first."""
        return sorted((l for l in self.lines.values() if l.game == game), key=lambda l: (-l.played, setup_key(l.game, l.setup)))

    def totals(self, game: str) -> Line:
        """A game's counts over every setup (streaks: the longest of any setup; history: merged by time)."""
        total = Line(game, {})
        for line in self.lines_of(game):
            for name in ("won", "lost", "other", "abandoned", "score_sum", "scored", "seconds"):
                setattr(total, name, getattr(total, name) + getattr(line, name))
            if line.best is not None:
                total.best = line.best if total.best is None else max(total.best, line.best)
            total.streak = max(total.streak, line.streak)
            total.best_streak = max(total.best_streak, line.best_streak)
            total.history.extend(line.history)
        total.history.sort(key=lambda h: h[0])
        return total

    def by_scenario(self, game: str) -> dict[str, Line]:
        """A co-op game's counts grouped by scenario."""
        out: dict[str, Line] = {}
        for line in self.lines_of(game):
            name = scenario_of(line.setup)
            group = out.setdefault(name, Line(game, {"scenario": name}))
            for attr in ("won", "lost", "other", "abandoned", "seconds"):
                setattr(group, attr, getattr(group, attr) + getattr(line, attr))
            group.best_streak = max(group.best_streak, line.best_streak)
        return out


class Tracker:
    """Follows the game on the table for the book: which game is open, for how long, when it is left
    and when it ends. The app calls ``frame`` with the session on the table (None when none is) and
    the frame's time; it writes the book only when something was counted (and a minute of play)."""

    FLUSH_SECONDS = 60.0

    def __init__(self, book_factory):
        self._factory = book_factory
        self._book: StatsBook | None = None
        self.session = None
        self.pending = 0.0

    @property
    def book(self) -> StatsBook:
        if self._book is None:
            self._book = self._factory()
        return self._book

    def frame(self, session, dt: float, active: bool = True) -> None:
        if session is not self.session:
            changed = self._flush_time()
            old = self.session
            if old is not None and not old.state.is_over() and (session is None or session.uid != old.uid):
                changed = self.book.left(old) or changed
            self.session = session
            if session is not None:
                changed = self.book.resumed(session) or changed
            if changed:
                self.book.save()
        if session is not None and active and not session.state.is_over():
            self.pending += min(dt, 1.0)
            if self.pending >= self.FLUSH_SECONDS:
                self._flush_time()
                self.book.save()

    def _flush_time(self) -> bool:
        if self.session is None or self.pending <= 0:
            self.pending = 0.0
            return False
        self.book.add_time(self.session, self.pending)
        self.pending = 0.0
        return True

    def finished(self, session) -> bool:
        """Count a finished session (the results screen calls this); True when counted now."""
        if session is self.session:
            self._flush_time()
        elif self.session is not None and session.uid == self.session.uid:
            self._flush_time()
        counted = self.book.finish(session)
        if counted:
            self.book.save()
        return counted

    def close(self) -> None:
        """The app closes: time played is kept, and an unfinished game on the table counts as left."""
        changed = self._flush_time()
        if self.session is not None and not self.session.state.is_over():
            changed = self.book.left(self.session) or changed
        self.session = None
        if changed:
            self.book.save()
