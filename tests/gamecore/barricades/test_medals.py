"""Medals and the win/loss record: earned only by full victories, kept atomically, and a damaged or
read-only file gives a clear problem (never an exception) and loses nothing already on disk."""
from __future__ import annotations

import json
import os

import pytest

from gamecore.barricades import medals
from gamecore.barricades.testing import new


def _won(players=1, difficulty="medium", pyrrhic=False):
    s = new(players=players, difficulty=difficulty)
    s.d["over"] = {"outcome": "pyrrhic" if pyrrhic else "win", "reason": "victory"}
    s.d["stats"].update({"reveal_turn": 10, "full_defeat_turn": 11, "gw_turns": {"11": len(s.guardian_hp())}})
    return s


def test_a_victory_earns_the_difficulty_medal_and_the_facts_it_met(tmp_path):
    s = _won()
    report = medals.record_result(s, path=tmp_path / "r.json")
    assert "defender_medium" in report.medals and "lone_lantern" in report.medals
    assert "swift_justice" in report.medals and "one_blow" in report.medals and "spartan" in report.medals
    assert "untouched_keep" in report.medals and "veterans" not in report.medals   # Adventurers are L0
    assert report.new == report.medals and report.problem is None
    again = medals.record_result(s, path=tmp_path / "r.json")
    assert again.new == [] and again.record.games[s.d["guardian"]]["medium"]["win"] == 2


def test_pyrrhic_victory_and_loss_earn_nothing_but_are_counted(tmp_path):
    path = tmp_path / "r.json"
    report = medals.record_result(_won(pyrrhic=True), path=path)
    assert report.medals == []
    lost = new(players=1)
    lost.d["over"] = {"outcome": "loss", "reason": "village_fell"}
    medals.record_result(lost, path=path)
    rec = medals.load_record(path)
    g = lost.d["guardian"]
    assert rec.games[g]["medium"]["pyrrhic"] == 1 and rec.games[g]["first_time"]["loss"] == 1
    assert rec.medals[g] == []


def test_a_corrupt_record_is_kept_aside_with_a_clear_message(tmp_path):
    path = tmp_path / "r.json"
    path.write_text("{not json", encoding="utf-8")
    rec = medals.load_record(path)
    assert rec.problem[0] == "barricades.record.corrupt" and rec.problem[1]["backup"].startswith("r.json.damaged")
    assert any(p.name.startswith("r.json.damaged") for p in tmp_path.iterdir())
    report = medals.record_result(_won(), path=path)
    assert report.medals and json.loads(path.read_text())["schema"] == 1


def test_a_wrong_shape_is_treated_as_damaged(tmp_path):
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"schema": 1, "medals": {"ashmaw": "all"}}), encoding="utf-8")
    assert medals.load_record(path).problem[0] == "barricades.record.corrupt"


@pytest.mark.skipif(os.geteuid() == 0, reason="root ignores file permissions")
def test_a_read_only_folder_reports_and_keeps_the_old_record(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    path = folder / "r.json"
    medals.record_result(_won(), path=path)
    before = path.read_text()
    folder.chmod(0o500)
    try:
        report = medals.record_result(_won(), path=path)
        assert report.problem[0] == "barricades.record.unwritable" and report.medals
        assert path.read_text() == before
    finally:
        folder.chmod(0o700)


def test_an_unwritable_target_reports_without_raising(tmp_path):
    path = tmp_path / "r.json"
    path.mkdir()          # a folder where the file should be: reading and writing both fail
    report = medals.record_result(_won(), path=path)
    assert report.problem is not None and report.medals


def test_a_failed_write_reports_unwritable_and_leaves_the_file(tmp_path, monkeypatch):
    path = tmp_path / "r.json"
    medals.record_result(_won(), path=path)
    before = path.read_text()

    def refuse(target, data):
        raise medals.persistence.StorageUnavailable("could not write r.json: Read-only file system")

    monkeypatch.setattr(medals.persistence, "atomic_write_json", refuse)
    report = medals.record_result(_won(), path=path)
    assert report.problem == ("barricades.record.unwritable", {"error": "could not write r.json: Read-only file system"})
    assert report.medals and path.read_text() == before
