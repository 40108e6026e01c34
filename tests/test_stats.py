"""The statistics book: counts, streaks, abandoned games, and every way its file can be bad."""
from __future__ import annotations

import json
import os
import stat
import sys

import pytest

from gamecore import persistence
from gamecore import stats as gstats
from gamecore.session import Seat, Session


def finished_toy(seed: int, win: bool, seats=None) -> Session:
    """A finished toy game whose human seat 0 wins (or loses): the toy game scores the cards played,
    so we play until it ends and retry seeds until the outcome is the one asked for."""
    for s in range(seed, seed + 400):
        session = Session.new("toy", s, 2, seats=seats or [Seat(), Seat("bot", "random")])
        while not session.state.is_over():
            session.apply(session.state.legal_actions()[0])
        result = session.state.result()
        if (0 in result.winners and len(result.winners) == 1) == win and (win or result.winners):
            return session
    raise AssertionError("no toy seed gives that outcome")


def in_progress(seed: int = 3) -> Session:
    session = Session.new("toy", seed, 2, seats=[Seat(), Seat("bot", "random")])
    session.apply(session.state.legal_actions()[0])
    return session


def book(tmp_path) -> gstats.StatsBook:
    return gstats.StatsBook.load(tmp_path / "stats.json")


def test_counts_streaks_and_scores_per_setup(tmp_path):
    b = book(tmp_path)
    games = [finished_toy(10, True), finished_toy(500, True), finished_toy(1000, False), finished_toy(1500, True)]
    for i, g in enumerate(games):
        assert b.finish(g, when=f"2026-12-0{i + 1} 10:00")
    assert b.save()
    again = book(tmp_path)
    assert again.load_problem is None
    line = again.lines_of("toy")[0]
    assert (line.played, line.won, line.lost, line.abandoned) == (4, 3, 1, 0)
    assert line.streak == 1 and line.best_streak == 2           # won, won, lost, won
    scores = [gstats.outcome_of(g)[1] for g in games]
    assert line.best == max(scores) and line.average == pytest.approx(sum(scores) / 4)
    assert [h[1] for h in line.history] == ["won", "won", "lost", "won"]
    assert line.setup == {"players": 2, "bots": ["random"], "options": {"hand": games[0].options["hand"]}}


def test_a_finished_game_is_counted_once_however_often_it_is_seen(tmp_path):
    b = book(tmp_path)
    g = finished_toy(10, True)
    assert b.finish(g) and not b.finish(g)
    reloaded = Session.from_save(json.loads(json.dumps(g.to_save())))     # the same game loaded from its save
    assert reloaded.uid == g.uid and not b.finish(reloaded)
    assert b.totals("toy").played == 1


def test_different_setups_are_kept_apart(tmp_path):
    b = book(tmp_path)
    b.finish(finished_toy(10, True))
    b.finish(finished_toy(10, True, seats=[Seat(), Seat("bot", "greedy")]))
    assert len(b.lines_of("toy")) == 2
    assert b.totals("toy").played == 2 and b.totals("toy").won == 2


def test_left_game_is_abandoned_until_picked_up_and_never_counted_twice(tmp_path):
    b = book(tmp_path)
    g = in_progress()
    assert b.left(g) and not b.left(g)
    assert b.totals("toy").abandoned == 1 and b.totals("toy").played == 1
    assert b.resumed(g)                               # resumed from its autosave
    assert b.totals("toy").abandoned == 0
    b.left(g)
    while not g.state.is_over():
        g.apply(g.state.legal_actions()[0])
    assert b.finish(g)
    total = b.totals("toy")
    assert total.abandoned == 0 and total.finished == 1 and total.played == 1


def test_abandoning_does_not_end_a_streak(tmp_path):
    b = book(tmp_path)
    b.finish(finished_toy(10, True))
    b.left(in_progress(77))
    b.finish(finished_toy(500, True))
    assert b.lines_of("toy")[0].streak == 2


def test_tracker_counts_replaced_game_and_time_and_writes_the_file(tmp_path):
    path = tmp_path / "stats.json"
    tracker = gstats.Tracker(lambda: gstats.StatsBook.load(path))
    first, second = in_progress(3), in_progress(4)
    for _ in range(120):
        tracker.frame(first, 0.5)                     # a minute at the table
    tracker.frame(second, 1.0)                        # another game replaces it (and a second there)
    tracker.frame(None, 0.5)                          # back to the menu: left too
    data = json.loads(path.read_text())
    assert data["kind"] == gstats.STATS_KIND
    line = gstats.StatsBook.load(path).lines_of("toy")[0]
    assert line.abandoned == 2 and line.seconds == 60 + 1
    tracker.frame(second, 1.0)                        # picked up again
    assert gstats.StatsBook.load(path).lines_of("toy")[0].abandoned == 1


def test_idle_time_is_not_counted(tmp_path):
    tracker = gstats.Tracker(lambda: gstats.StatsBook(None, memory=True))
    g = in_progress()
    tracker.frame(g, 30.0)                            # a long frame counts one second at most
    tracker.frame(g, 5.0, active=False)
    tracker.close()
    assert tracker.book.lines_of("toy")[0].seconds == 1


GARBAGE = [
    b"not json at all",
    b"\xff\xfe\x00garbage",
    b"",
    b'{"kind": "someone-else", "schema": 1}',
    b'[1, 2, 3]',
    b'{"kind": "tabletop-dojo-stats", "schema": 99, "setups": [], "open": {}, "finished": []}',
    b'{"kind": "tabletop-dojo-stats", "schema": 1, "setups": "many", "open": {}, "finished": []}',
    b'{"kind": "tabletop-dojo-stats", "schema": 1, "setups": [{"game": "toy", "setup": {"players": 2}, "won": "3"}],'
    b' "open": {}, "finished": []}',
    b'{"kind": "tabletop-dojo-stats", "schema": 1, "setups": [{"game": "toy", "setup": {"players": 2, "bots": [],'
    b' "options": {}}, "won": -1, "lost": 0, "other": 0, "abandoned": 0, "best": null, "score_sum": 0, "scored": 0,'
    b' "streak": 0, "best_streak": 0, "seconds": 0, "history": []}], "open": {}, "finished": []}',
    b'{"kind": "tabletop-dojo-stats", "schema": 1, "setups": [], "open": {"x": {"key": "nowhere", "abandoned": 1}},'
    b' "finished": []}',
    b'{"kind": "tabletop-dojo-stats", "schema": 1, "setups": [], "open": {}, "finished": [' + b'9' * 5000 + b']}',
    b'{"kind": "tabletop-dojo-stats", "schema": 1, "setups": [], "open": {}, "finished": [NaN]}',
    b'[' * 5000 + b']' * 5000,
]


@pytest.mark.parametrize("raw", GARBAGE, ids=range(len(GARBAGE)))
def test_a_bad_file_is_reported_kept_aside_byte_for_byte_and_replaced(tmp_path, raw):
    path = tmp_path / "stats.json"
    path.write_bytes(raw)
    b = gstats.StatsBook.load(path)
    assert b.load_problem is not None and str(b.load_problem).startswith("stats.json")
    assert b.kept is not None and b.kept.name.startswith("stats.json.damaged-") and b.kept.read_bytes() == raw
    assert not path.exists()
    b.finish(finished_toy(10, True))
    assert b.save()
    fresh = gstats.StatsBook.load(path)
    assert fresh.load_problem is None and fresh.totals("toy").won == 1


def test_a_huge_file_is_refused_without_reading_it_whole(tmp_path):
    path = tmp_path / "stats.json"
    with open(path, "wb") as handle:
        handle.truncate(gstats.MAX_BYTES + 1)
    b = gstats.StatsBook.load(path)
    assert b.load_problem is not None and b.load_problem.code == "too_large"
    assert b.kept is not None and b.kept.stat().st_size == gstats.MAX_BYTES + 1


def test_a_folder_in_its_place_is_refused(tmp_path):
    path = tmp_path / "stats.json"
    path.mkdir()
    b = gstats.StatsBook.load(path)
    assert b.load_problem is not None and b.load_problem.code == "folder"


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0, reason="root writes anywhere")
def test_read_only_folder_keeps_the_file_and_says_why(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    path = folder / "stats.json"
    good = gstats.StatsBook.load(path)
    good.finish(finished_toy(10, True))
    assert good.save()
    before = path.read_bytes()
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        b = gstats.StatsBook.load(path)
        assert b.load_problem is None and b.totals("toy").won == 1
        b.finish(finished_toy(500, True))
        assert not b.save() and "read-only" in b.write_problem
        assert b.totals("toy").won == 2                 # still counted in memory
        assert path.read_bytes() == before
    finally:
        folder.chmod(stat.S_IRWXU)


def test_read_only_folder_as_root_is_simulated(tmp_path, monkeypatch):
    """The same promise where permissions cannot be tested (root): a write that fails changes nothing."""
    path = tmp_path / "stats.json"
    good = gstats.StatsBook.load(path)
    good.finish(finished_toy(10, True))
    assert good.save()
    before = path.read_bytes()

    def refuse(*_args, **_kw):
        raise persistence.StorageUnavailable(f"{tmp_path} is read-only")

    monkeypatch.setattr(persistence, "atomic_write_json", refuse)
    b = gstats.StatsBook.load(path)
    b.finish(finished_toy(500, True))
    assert not b.save() and "read-only" in b.write_problem
    assert path.read_bytes() == before and b.totals("toy").won == 2


def test_a_damaged_file_that_cannot_be_moved_is_never_written_over(tmp_path, monkeypatch):
    path = tmp_path / "stats.json"
    path.write_bytes(b"garbage")
    monkeypatch.setattr(persistence, "keep_aside", lambda p: None)
    b = gstats.StatsBook.load(path)
    assert b.load_problem is not None and b.kept is None
    b.finish(finished_toy(10, True))
    assert not b.save() and b.write_problem
    assert path.read_bytes() == b"garbage"


def test_a_hot_seat_game_without_bots_is_neither_won_nor_lost(tmp_path):
    b = book(tmp_path)
    b.finish(finished_toy(10, True, seats=[Seat(), Seat()]))
    line = b.lines_of("toy")[0]
    assert (line.played, line.won, line.lost, line.other) == (1, 0, 0, 1)


def test_the_setup_leaves_out_app_data_options():
    s = Session.new("misfits", 3, 3, seats=[Seat(), Seat("bot", "hard"), Seat("bot", "easy")])
    assert gstats.setup_of(s) == {"players": 3, "bots": ["easy", "hard"], "options": {}}
