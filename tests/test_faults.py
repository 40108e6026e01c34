"""Bad input and faults: mutated, truncated and spliced saves; crash recovery under SIGKILL; unusable user dirs.

Every load either succeeds with a valid state or reports a clear SaveError; never an unhandled
exception, never a write to the file.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamecore
from gamecore.persistence import SaveError
from gamecore.session import Session

ROOT = Path(__file__).resolve().parent.parent
READY = [g.id for g in gamecore.games(ready_only=True)]


def _valid_save(game: str, seed: int = 3, moves: int = 12) -> dict:
    info = gamecore.game(game)
    s = Session.new(game, seed, info.counts()[0])
    rng = gamecore.Rng(seed)
    for _ in range(moves):
        if s.state.is_over():
            break
        legal = s.state.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    return s.to_save()


_SAVES: dict = {}


def valid_save(game: str) -> dict:
    if game not in _SAVES:
        _SAVES[game] = _valid_save(game)
    return json.loads(json.dumps(_SAVES[game]))


def _load_bytes(tmp_path: Path, raw: bytes):
    from gamecore import persistence

    path = tmp_path / "candidate.json"
    path.write_bytes(raw)
    before = path.stat().st_mtime_ns
    try:
        session = Session.load(path)
    except SaveError as exc:
        assert str(exc), "a refusal must say why"
        session = None
    (entry,) = persistence.list_saves(tmp_path)          # the Load list's view of it: checked and cut
    assert isinstance(entry.label, str) and len(entry.label) <= persistence.LABEL_CHARS
    assert isinstance(entry.saved_at, str) and len(entry.saved_at) <= persistence.STAMP_CHARS
    assert entry.error is None or len(entry.error) <= 200
    assert all(type(v) is int for v in (entry.summary or {}).values())
    assert path.read_bytes() == raw and path.stat().st_mtime_ns == before, "loading must never write the file"
    if session is not None:
        assert session.state.invariants() == []
        assert session.state.is_over() or session.state.legal_actions()
    return session


HUGE_INT = "@@huge-int@@"      # written into the JSON text as a 5,000-digit number (json.dumps cannot)
huge_string = st.builds(lambda ch, n: ch * n, st.sampled_from(["a", "[", "{", '"', "\\", "あ"]),
                        st.sampled_from([70, 5000, 300_000]))   # 3-million-character values: test_file_safety
json_leaf = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**12), st.text(max_size=12),
                      st.just(HUGE_INT), huge_string)


def _dumps(save) -> bytes:
    return json.dumps(save).replace(json.dumps(HUGE_INT), "9" * 5000).encode()
json_value = st.recursive(json_leaf, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                             st.dictionaries(st.text(max_size=6), inner, max_size=4)),
                          max_leaves=12)


def _paths(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _paths(v, prefix + (i,))


def _set(data, path, value):
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value


GAMES = READY + ["toy"]


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_saves_load_or_fail_clearly(tmp_path, game, data):
    save = valid_save(game)
    paths = [p for p in _paths(save) if p]
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        try:
            _set(save, path, data.draw(json_value))
        except (KeyError, IndexError, TypeError):
            pass
        paths = [p for p in _paths(save) if p]
    _load_bytes(tmp_path, _dumps(save))


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=30, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.floats(0, 1), splice=st.binary(max_size=40))
def test_truncated_and_spliced_saves(tmp_path, game, cut, splice):
    raw = json.dumps(valid_save(game)).encode()
    at = int(len(raw) * cut)
    _load_bytes(tmp_path, raw[:at])
    _load_bytes(tmp_path, raw[:at] + splice + raw[at:])


def test_saves_of_one_game_presented_as_another(tmp_path):
    if len(GAMES) < 2:
        pytest.skip("needs two games")
    a, b = valid_save(GAMES[0]), valid_save(GAMES[-1])
    a["actions"], a["snapshot"] = b["actions"], b["snapshot"]
    assert _load_bytes(tmp_path, json.dumps(a).encode()) is None


@pytest.mark.parametrize("raw", [b"\x00" * 100, b"null", b"42", b'"a save"', b"[]" * 3, b"{}",
                                 b'{"kind": "tabletop-dojo-save"}', b"[" * 100000])
def test_non_json_and_absurd_files(tmp_path, raw):
    assert _load_bytes(tmp_path, raw) is None


@pytest.mark.parametrize("reports_before_kill", [1, 7, 23, 61])
def test_sigkill_never_leaves_a_half_written_autosave(tmp_path, reports_before_kill):
    from gamecore.conformance import check_crash_recovery

    game = "misfits" if "misfits" in READY else READY[0]
    reported = check_crash_recovery(game, 77 + reports_before_kill, 2, tmp_path, reports_before_kill)
    assert reported >= reports_before_kill


def test_app_starts_without_usable_user_dirs(pygame_session, tmp_path, monkeypatch):
    from ui.app import App
    from ui.settings import Settings

    blocker = tmp_path / "not-a-dir"
    blocker.write_text("x")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(blocker))
    settings = Settings.load()
    app = App(settings=settings, smoke=True)
    assert app.storage_problem
    app.scenes.switch("menu")
    app.frame(1 / 60)
    settings.set("language", "ja")            # must not raise: the problem is remembered and shown
    assert settings.problem
    settings.set("language", "en")
