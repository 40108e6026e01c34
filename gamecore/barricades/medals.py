"""Barricades medals (design §3.10) and the win/loss record, kept in the user data dir.

    report = record_result(state)      # at the end of a game: medals earned, first-time ones, any problem
    record = load_record()             # for the menu and the results screen
Medals are tracked per Guardian; a Pyrrhic victory earns none (it still counts in the record). The file is
written atomically (gamecore.persistence). A damaged file is kept aside and a fresh record started; a file
that cannot be written leaves the game's medals shown but not kept. Neither ever raises: the problem comes
back as an i18n key with parameters (``barricades.record.corrupt`` / ``barricades.record.unwritable``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from gamecore import persistence

from .content import DIFFICULTIES, GUARDIANS, content

RECORD_FILE = "barricades-record.json"
SCHEMA = 1
MEDALS = tuple(f"defender_{d}" for d in DIFFICULTIES) + (
    "untouched_keep", "walls_hold", "swift_justice", "one_blow", "lone_lantern", "full_keep", "grand_master",
    "veterans", "clean_wounds", "spartan")
OUTCOMES = ("win", "pyrrhic", "loss")


@dataclass
class Record:
    medals: dict = field(default_factory=lambda: {g: [] for g in GUARDIANS})       # guardian -> medal ids
    games: dict = field(default_factory=lambda: {g: {d: {o: 0 for o in OUTCOMES} for d in DIFFICULTIES}
                                                 for g in GUARDIANS})
    problem: tuple[str, dict] | None = None

    def to_json(self) -> dict:
        return {"schema": SCHEMA, "medals": self.medals, "games": self.games}


@dataclass
class MedalReport:
    medals: list[str]            # earned in this game (empty for a loss or a Pyrrhic victory)
    new: list[str]               # of those, the ones this Guardian had not given before
    record: Record
    problem: tuple[str, dict] | None = None


def record_path() -> Path:
    return persistence.data_dir() / RECORD_FILE


def _clean(data) -> Record:
    """A Record from file data; ValueError when the shape is not ours."""
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        raise ValueError("not a Barricades record")
    rec = Record()
    medals = data.get("medals", {})
    games = data.get("games", {})
    if not isinstance(medals, dict) or not isinstance(games, dict):
        raise ValueError("damaged medal lists")
    for g in GUARDIANS:
        got = medals.get(g, [])
        if not isinstance(got, list) or not all(isinstance(m, str) for m in got):
            raise ValueError(f"damaged medals of {g}")
        rec.medals[g] = [m for m in MEDALS if m in got]
        per = games.get(g, {})
        if not isinstance(per, dict):
            raise ValueError(f"damaged record of {g}")
        for d in DIFFICULTIES:
            row = per.get(d, {})
            if not isinstance(row, dict):
                raise ValueError(f"damaged record of {g} {d}")
            for o in OUTCOMES:
                n = row.get(o, 0)
                if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                    raise ValueError(f"bad count for {g} {d} {o}")
                rec.games[g][d][o] = n
    return rec


def load_record(path: Path | None = None) -> Record:
    """The record on disk; a fresh one when there is none; a damaged file is kept aside (problem set)."""
    path = Path(path) if path else record_path()
    if not path.exists():
        return Record()
    try:
        return _clean(persistence.read_json(path))
    except (persistence.SaveError, ValueError, OSError) as exc:
        backup = None
        try:
            backup = persistence.keep_aside(path)
        except OSError:
            pass
        rec = Record()
        rec.problem = ("barricades.record.corrupt", {"error": persistence.clip(str(exc)),
                                                     "backup": backup.name if backup else path.name})
        return rec


def medals_for(state) -> list[str]:
    """The medals a finished game earns (none unless it is a full, non-Pyrrhic victory)."""
    if state.outcome() != "win":
        return []
    C = content()
    d = state.d
    st = d["stats"]
    difficulty = state.options["difficulty"]
    out = [f"defender_{difficulty}"]
    if st["tokens_placed"] == 0:
        out.append("untouched_keep")
    if st["max_built"] >= 5:
        out.append("walls_hold")
    if st["reveal_turn"] is not None and st["full_defeat_turn"] is not None and st["full_defeat_turn"] - st["reveal_turn"] <= 2:
        out.append("swift_justice")
    if any(n >= len(state.guardian_hp()) for n in st["gw_turns"].values()):
        out.append("one_blow")
    if state.players == 1 and difficulty in ("medium", "hard", "legendary"):
        out.append("lone_lantern")
    if state.players == 6:
        out.append("full_keep")
    if any(p["rank"] >= 5 for p in d["p"]):
        out.append("grand_master")
    cards = [C.cards[d["cards"][c]] for p in d["p"] for c in p["deck"] + p["hand"] + p["discard"] + p["prepped"]]
    if all(c["level"] >= 2 for c in cards if c["type"] == "hero" and not c["no_level_up"]):
        out.append("veterans")
    if not any(c["type"] == "wound" for c in cards):
        out.append("clean_wounds")
    if not st["treasure_bought"]:
        out.append("spartan")
    return out


def record_result(state, options: dict | None = None, path: Path | None = None) -> MedalReport:
    """Count a finished game in the record and keep its medals; never raises on a file problem."""
    path = Path(path) if path else record_path()
    options = options or state.options
    rec = load_record(path)
    problem = rec.problem
    earned = medals_for(state)
    guardian = state.d["guardian"]
    difficulty = options.get("difficulty", state.options["difficulty"])
    new = [m for m in earned if m not in rec.medals[guardian]]
    rec.medals[guardian] = [m for m in MEDALS if m in rec.medals[guardian] or m in earned]
    outcome = state.outcome() or "loss"
    rec.games[guardian][difficulty][outcome] += 1
    try:
        persistence.atomic_write_json(path, rec.to_json())
    except (persistence.SaveError, OSError) as exc:
        problem = ("barricades.record.unwritable", {"error": persistence.clip(str(exc))})
    rec.problem = problem
    return MedalReport(earned, new, rec, problem)
