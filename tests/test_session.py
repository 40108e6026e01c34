"""Session: action log, undo/redo in practice and strict modes, autosave, saves and replays."""
from __future__ import annotations

import json
import os

import pytest

from gamecore import persistence
from gamecore.persistence import SaveError
from gamecore.session import Seat, Session, UndoRefused


def _play_first(session, n):
    for _ in range(n):
        session.apply(session.state.legal_actions()[0])


def test_undo_redo_restore_digests_in_practice_mode():
    s = Session.new("toy", 3, 2)
    digests = [s.state.digest()]
    for _ in range(4):
        _play_first(s, 1)
        digests.append(s.state.digest())
    for expected in reversed(digests[:-1]):
        s.undo()
        assert s.state.digest() == expected
    assert not s.can_undo()
    for expected in digests[1:]:
        s.redo()
        assert s.state.digest() == expected
    assert not s.can_redo()


def test_new_action_clears_redo():
    s = Session.new("toy", 3, 2)
    _play_first(s, 2)
    s.undo()
    assert s.can_redo()
    s.apply(s.state.legal_actions()[-1])
    assert not s.can_redo()


def test_strict_mode_refuses_to_undo_across_a_draw():
    s = Session.new("toy", 3, 2, mode="strict")
    play = next(a for a in s.state.legal_actions() if a.kind == "play")
    s.apply(play)  # playing draws a replacement card: a reveal
    assert any(e.kind == "draw" for e in s.steps[-1].events)
    with pytest.raises(UndoRefused) as info:
        s.undo()
    assert info.value.code == "strict"
    practice = Session.new("toy", 3, 2, mode="practice")
    practice.apply(play)
    practice.undo()
    assert practice.state.digest() == Session.new("toy", 3, 2).state.digest()


def test_a_long_game_keeps_few_whole_states_and_undoes_every_step_to_its_digest():
    """Undo snapshots are thinned (the last KEEP_RECENT whole, then one in KEEP_EVERY); undoing right back
    to the start still restores each state exactly, and the replay timeline sees every state."""
    from gamecore import session as session_mod

    s = Session.new("misfits", 4, 2)
    digests = [s.state.digest()]
    n = session_mod.KEEP_RECENT + 3 * session_mod.KEEP_EVERY + 5
    for i in range(n):
        legal = s.state.legal_actions()
        s.apply(legal[(i * 7) % len(legal)])
        digests.append(s.state.digest())
    kept = sum(snap is not None for snap in s._before)
    assert kept <= session_mod.KEEP_RECENT + n // session_mod.KEEP_EVERY + 1 < n
    assert [st.digest() for st in s.states_before()] == digests[:-1]
    assert s.state_before(n - session_mod.KEEP_RECENT - 2).digest() == digests[n - session_mod.KEEP_RECENT - 2]
    for expected in reversed(digests[:-1]):
        s.undo()
        assert s.state.digest() == expected
    assert not s.can_undo()


def test_undo_takes_back_bot_replies_with_the_human_move():
    s = Session.new("toy", 5, 2, seats=[Seat(), Seat("bot", "random")])
    start = s.state.digest()
    _play_first(s, 1)          # human
    _play_first(s, 1)          # the bot's reply, applied by the table through the same door
    assert s.undo() == 2
    assert s.state.digest() == start


def test_only_bot_moves_cannot_be_undone():
    s = Session.new("toy", 5, 2, seats=[Seat("bot", "random"), Seat()])
    _play_first(s, 1)
    assert s.undo_problem().code == "nothing"


def test_autosave_after_every_action_is_atomic_and_replays(tmp_path):
    auto = tmp_path / "data" / "autosave.json"
    s = Session.new("toy", 7, 2, autosave=auto)
    for _ in range(3):
        _play_first(s, 1)
        data = json.loads(auto.read_text())
        assert len(data["actions"]) == len(s.steps)
        assert data["snapshot"]["digest"] == s.state.digest()
    assert [p.name for p in auto.parent.iterdir()] == ["autosave.json"], "no temp files left behind"
    back = Session.load(auto)
    assert back.state.digest() == s.state.digest()
    assert back.seats == s.seats and back.options == s.options


def test_named_saves_are_listed_with_their_facts(tmp_path):
    s = Session.new("toy", 7, 3, seats=[Seat(), Seat("bot", "easy"), Seat("bot", "random")])
    _play_first(s, 2)
    path = s.save_as("Friday night", tmp_path)
    second = s.save_as("Friday night", tmp_path)
    assert path != second and path.exists() and second.exists()
    (tmp_path / "junk.json").write_text("{not json")
    entries = persistence.list_saves(tmp_path)
    good = [e for e in entries if e.error is None]
    bad = [e for e in entries if e.error]
    assert len(good) == 2 and good[0].game == "toy" and good[0].players == 3
    assert good[0].summary == {"turn": 3}
    assert good[0].seats[1] == {"kind": "bot", "level": "easy"}
    assert len(bad) == 1 and "damaged" in bad[0].error


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.update(schema=42), "newer or unknown"),
    (lambda d: d.update(kind="photo"), "not a Tabletop Dojo save"),
    (lambda d: d.update(game="chess"), "does not know"),
    (lambda d: d.update(game="prep_only"), "in preparation"),
    (lambda d: d.update(engine_version=99), "another version"),
    (lambda d: d["actions"].append({"kind": "teleport"}), "cannot be replayed"),
    (lambda d: d["snapshot"].update(digest="0" * 64), "does not match"),
    (lambda d: d.update(seed="x"), "damaged"),
    (lambda d: d.update(players=9), "cannot be started"),
])
def test_bad_saves_give_clear_messages_and_are_not_touched(tmp_path, mutate, message, monkeypatch):
    import gamecore
    from gamecore.engine import GameInfo

    # a descriptor without an engine, as a game in preparation has (every shipped game may be ready)
    gamecore.games()
    monkeypatch.setattr(gamecore, "_registry", dict(gamecore._registry))   # restored after the test
    gamecore.register(GameInfo("prep_only", "game.galaxy.title", "game.galaxy.pitch", 2, 4, False))
    s = Session.new("toy", 2, 2)
    _play_first(s, 2)
    data = s.to_save()
    mutate(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    before = path.read_bytes(), path.stat().st_mtime_ns
    with pytest.raises(SaveError, match=message):
        Session.load(path)
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before


@pytest.mark.parametrize("content, message", [
    (b"", "empty"), (b"{\"schema\": 1,", "damaged or truncated"), (b"\xff\xfe\x00", "not a text file"),
    (b"[" * 5000 + b"]" * 5000, "nested too deeply"), (b"[1, 2]", "not a Tabletop Dojo save"),
])
def test_corrupt_files(tmp_path, content, message):
    path = tmp_path / "x.json"
    path.write_bytes(content)
    with pytest.raises(SaveError, match=message):
        Session.load(path)
    assert path.read_bytes() == content


def test_truncated_save_of_a_real_game(tmp_path):
    s = Session.new("toy", 2, 2)
    _play_first(s, 3)
    raw = json.dumps(s.to_save()).encode()
    for cut in (1, len(raw) // 3, len(raw) // 2, len(raw) - 1):
        path = tmp_path / f"cut{cut}.json"
        path.write_bytes(raw[:cut])
        with pytest.raises(SaveError):
            Session.load(path)


def test_missing_file_and_huge_file(tmp_path):
    with pytest.raises(SaveError, match="does not exist"):
        Session.load(tmp_path / "nope.json")
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (persistence.MAX_SAVE_BYTES + 10))
    with pytest.raises(SaveError, match="too large"):
        Session.load(big)


@pytest.mark.skipif(os.geteuid() == 0, reason="root ignores directory permissions")
def test_read_only_dir_is_reported(tmp_path):
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    try:
        with pytest.raises(persistence.StorageUnavailable):
            persistence.atomic_write_json(ro / "x.json", {})
    finally:
        ro.chmod(0o700)


def test_unwritable_location_is_reported_not_raised(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("I am a file, not a folder")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    assert persistence.storage_problem() is not None
    s = Session.new("toy", 1, 2, autosave=blocker / "TabletopDojo" / "autosave.json")
    _play_first(s, 1)          # must not raise
    assert s.last_save_error
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "fine"))
    assert persistence.storage_problem() is None


def test_atomic_write_leaves_old_file_when_interrupted(tmp_path, monkeypatch):
    path = tmp_path / "s.json"
    persistence.atomic_write_json(path, {"v": 1})

    def boom(*a, **k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(persistence.StorageUnavailable, match="No space"):
        persistence.atomic_write_json(path, {"v": 2})
    assert json.loads(path.read_text()) == {"v": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["s.json"]
