"""No file can stop the app or be lost by it (issue 13), through the loaders and the scenes in-process.

Each class of bad file — a JSON integer of thousands of digits, a field of the wrong type, a value of
millions of characters, a FIFO / device / symlink to /dev/zero / folder in place of the file, plain
damage — is tried on every user file the app reads (saves, autosave, settings, the Misfit Heroes
deck). The app must keep running, say what happened naming the file, and leave the file byte for byte
as it was (or kept aside under a new name when it must start fresh). The fresh-process start-up path
is in tests/test_startup_faults.py; content files in tests/test_content_files.py.
"""
from __future__ import annotations

import json
import os
import signal
import stat
import sys
from pathlib import Path

import pygame
import pygame_gui
import pytest

import gamecore
from gamecore import persistence
from gamecore.persistence import SaveError
from gamecore.session import Session
from ui import fonts, i18n, notices
from ui.settings import Settings

POSIX = sys.platform != "win32"
HUGE_INT = "9" * 5000                     # over Python's 4,300-digit int-conversion limit


@pytest.fixture(autouse=True)
def _fresh_notices():
    notices.reset()
    yield
    notices.reset()
    i18n.set_language("en")


@pytest.fixture
def app(pygame_session, tmp_path):
    from ui.app import App

    application = App(settings=Settings(tmp_path / "settings.json"), smoke=True)
    yield application
    application.scenes.switch("menu")
    pygame_gui.core.utility.set_default_manager(None)


def frames(app, n=3):
    for _ in range(n):
        app.frame(1 / 60)


def toy_save(label: str = "mine") -> dict:
    s = Session.new("toy", 4, 2)
    for _ in range(3):
        s.apply(s.state.legal_actions()[0])
    return s.to_save(label)


def with_huge_int(data: dict, field: str) -> bytes:
    """The save's JSON text with ``meta[field]`` (or a top-level field) a 5,000-digit number."""
    if field in data:
        data[field] = "@HUGE@"
    else:
        data["meta"][field] = "@HUGE@"
    return json.dumps(data).replace('"@HUGE@"', HUGE_INT).encode()


# ---------------------------------------------------------------- the special files, made per kind
SPECIALS = ["fifo", "dev_zero", "dev_null", "folder", "dangling"] if POSIX else ["folder"]


@pytest.fixture
def hang_guard():
    """Turn a read that blocks on a FIFO (the bug these tests guard against) into a failure instead
    of a hung suite. Nothing is timed: a correct reader refuses the file without waiting at all."""
    if not hasattr(signal, "SIGALRM"):
        yield
        return

    def blocked(*_):
        raise TimeoutError("the app blocked reading a special file")

    previous = signal.signal(signal.SIGALRM, blocked)
    signal.alarm(120)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


def make_special(path: Path, kind: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev_zero":
        os.symlink("/dev/zero", path)
    elif kind == "dev_null":
        os.symlink("/dev/null", path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "dangling":
        os.symlink(path.parent / "nowhere", path)


def snapshot(path: Path):
    """What a file is, without reading a special one: kind and, for a regular file, its bytes."""
    info = os.lstat(path)
    if stat.S_ISREG(info.st_mode):
        return ("file", path.read_bytes(), info.st_mtime_ns)
    if stat.S_ISLNK(info.st_mode):
        return ("link", os.readlink(path))
    return ("other", stat.S_IFMT(info.st_mode))


# ================================================================ 1: huge integers
@pytest.mark.parametrize("field", ["seed", "players", "saved_at"])
def test_huge_integer_in_a_save_is_refused_clearly(tmp_path, field):
    path = tmp_path / "big.json"
    raw = with_huge_int(toy_save(), field)
    path.write_bytes(raw)
    with pytest.raises(SaveError, match="big.json.*5000 digits"):
        Session.load(path)
    assert path.read_bytes() == raw


def test_huge_integer_in_the_load_list_does_not_crash_it(app):
    folder = persistence.ensure_dir(persistence.saves_dir())
    (folder / "huge.json").write_bytes(with_huge_int(toy_save(), "summary"))
    entries = persistence.list_saves()
    assert len(entries) == 1 and "5000 digits" in entries[0].error
    app.scenes.switch("menu")
    app.scenes.push("load")
    frames(app)
    assert app.scenes.top.entries[0].error
    from ui.scenes.load import describe_entry

    i18n.set_language("ja")                  # the reason is translated, not the English sentence
    assert i18n.t("file.huge_number") in describe_entry(entries[0])[1]


def test_huge_integer_in_settings_keeps_the_defaults_and_says_so(tmp_path):
    path = tmp_path / "settings.json"
    raw = b'{"language": "ja", "window_size": [' + HUGE_INT.encode() + b', 800]}'
    path.write_bytes(raw)
    settings = Settings.load(path)
    assert settings.get("language") == "en" and "5000 digits" in settings.load_problem
    kept = list(tmp_path.glob("settings.json.damaged-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == raw
    assert any("settings.json" in m and kept[0].name in m for m in notices.history())


# ================================================================ 2: fields of the wrong type
@pytest.mark.parametrize("summary", [[1, 2], "round 3", 7, None, {"round": [1]}, {"round": "x" * 500},
                                     {"turn": True}, {"round": 10**30}])
def test_autosave_summary_of_any_shape_never_stops_the_menu(app, summary):
    data = toy_save()
    data["meta"]["summary"] = summary
    path = persistence.autosave_path()
    persistence.atomic_write_json(path, data)
    raw = path.read_bytes()
    app.scenes.switch("menu")
    frames(app)
    assert "resume" in app.scenes.top.buttons.values()
    assert len(app.scenes.top.resume_detail) <= 60
    assert path.read_bytes() == raw


@pytest.mark.parametrize("meta", [{"label": ["a"], "saved_at": 5, "over": "yes"}, {"label": {"x": 1}},
                                  {"summary": "s", "label": None, "saved_at": [None]}])
def test_load_list_type_checks_every_field_it_shows(app, meta):
    data = toy_save()
    data["meta"].update(meta)
    data["seats"] = data["seats"] + ["not a seat", 3]
    folder = persistence.ensure_dir(persistence.saves_dir())
    persistence.atomic_write_json(folder / "odd.json", data)
    (entry,) = persistence.list_saves()
    assert isinstance(entry.label, str) and isinstance(entry.saved_at, str) and isinstance(entry.over, bool)
    assert all(isinstance(s, dict) for s in entry.seats)
    app.scenes.switch("menu")
    app.scenes.push("load")
    frames(app)


# ================================================================ 3: values of millions of characters
def test_long_label_and_summary_are_cut_before_drawing(app):
    data = toy_save()
    data["meta"]["label"] = "L" * 3_000_000
    data["meta"]["saved_at"] = "S" * 3_000_000
    data["meta"]["summary"] = {"round": 2, "note": "N" * 1_000_000}
    folder = persistence.ensure_dir(persistence.saves_dir())
    persistence.atomic_write_json(folder / "long.json", data)
    persistence.atomic_write_json(persistence.autosave_path(), data)
    (entry,) = persistence.list_saves()
    assert len(entry.label) <= persistence.LABEL_CHARS and len(entry.saved_at) <= persistence.STAMP_CHARS
    app.scenes.switch("menu")
    frames(app)
    app.scenes.push("load")
    frames(app)
    app.scenes.top.load_selected()           # a long game id / reason in the message is cut too
    frames(app)


def test_long_game_id_in_a_save_is_cut_in_the_list_and_the_message(app):
    data = toy_save()
    data["game"] = "g" * 2_000_000
    folder = persistence.ensure_dir(persistence.saves_dir())
    persistence.atomic_write_json(folder / "alien.json", data)
    (entry,) = persistence.list_saves()
    assert len(entry.game) <= 40
    app.scenes.switch("menu")
    app.scenes.push("load")
    frames(app)
    app.scenes.top.load_selected()
    frames(app)
    assert len(app.scenes.top.error_box.text_block.html_text) < 1000


def test_no_line_of_any_length_can_crash_text_rendering(pygame_session):
    surface = fonts.text("W" * 3_000_000, 19)
    assert 0 < surface.get_width() < 20000


# ================================================================ 4: FIFO, devices, folders
@pytest.mark.parametrize("kind", SPECIALS)
def test_special_file_as_a_save_is_refused_at_once(tmp_path, kind, hang_guard):
    path = tmp_path / "odd.json"
    make_special(path, kind)
    before = snapshot(path) if os.path.lexists(path) else None
    with pytest.raises(SaveError) as info:
        Session.load(path)
    assert "odd.json" in str(info.value)
    assert snapshot(path) == before
    entries = persistence.list_saves(tmp_path)
    assert len(entries) == 1 and entries[0].error


@pytest.mark.parametrize("kind", SPECIALS)
def test_special_file_as_settings_is_kept_aside_and_reported(tmp_path, kind, hang_guard):
    path = tmp_path / "settings.json"
    make_special(path, kind)
    before = snapshot(path)
    settings = Settings.load(path)
    assert settings.load_problem and settings.get("language") == "en"
    (kept,) = tmp_path.glob("settings.json.damaged-*")
    assert snapshot(kept) == before
    settings.set("language", "ja")            # the new settings go beside it, not into it
    assert json.loads(path.read_text())["language"] == "ja" and snapshot(kept) == before


@pytest.mark.parametrize("kind", SPECIALS)
def test_special_file_as_the_autosave_is_kept_aside_and_reported(app, kind, hang_guard):
    path = persistence.autosave_path()
    make_special(path, kind)
    before = snapshot(path)
    app.scenes.switch("menu")
    frames(app)
    assert "resume" not in app.scenes.top.buttons.values()
    (kept,) = path.parent.glob("autosave.json.damaged-*")
    assert snapshot(kept) == before and not os.path.lexists(path)
    assert app.notice_boxes, "the player is told"
    assert any("autosave.json" in m and kept.name in m for m in notices.history())


@pytest.mark.parametrize("kind", SPECIALS)
def test_special_file_as_the_deck_is_kept_aside_and_reported(tmp_path, kind, hang_guard):
    from gamecore.misfits import deck

    path = tmp_path / "misfits-deck.json"
    make_special(path, kind)
    before = snapshot(path)
    seen = []
    pairing = deck.current_pairing(gamecore.Rng(1), path, on_problem=lambda *a: seen.append(a))
    assert deck.validate_pairing(pairing) == pairing
    (kept,) = tmp_path.glob("misfits-deck.json.damaged-*")
    assert snapshot(kept) == before
    assert seen and seen[0][0] == "misfits-deck.json" and seen[0][2] == kept.name
    assert deck.load_pairing(path) == pairing      # the fresh deck was saved in its place


def test_reading_never_goes_past_the_size_limit(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 2048 + b"{}")
    with pytest.raises(persistence.FileProblem, match="too large"):
        persistence.read_limited(path, 1024)


# ================================================================ 5: the deck file
@pytest.mark.parametrize("raw", [b"{not json", b'{"version": 1, "pairing": [["a1", "c1"]]}',
                                 b'{"version": 1, "pairing": ' + HUGE_INT.encode() + b"}", b"\xff\xfe",
                                 b'{"version": 2}', b'{"version": 1, "pairing": [[["a01"], "c01"]]}',
                                 b'{"version": 1, "pairing": [["a01", {"c": 1}]]}'],
                         ids=["json", "short", "huge_int", "utf8", "version", "list_id", "object_id"])
def test_damaged_deck_is_reported_kept_aside_then_replaced(tmp_path, raw):
    from gamecore.misfits import deck

    path = tmp_path / "misfits-deck.json"
    path.write_bytes(raw)
    seen = []
    pairing = deck.current_pairing(gamecore.Rng(2), path, on_problem=lambda *a: seen.append(a))
    (kept,) = tmp_path.glob("misfits-deck.json.damaged-*")
    assert kept.read_bytes() == raw
    assert len(seen) == 1 and seen[0][1] and seen[0][2] == kept.name
    assert deck.load_pairing(path) == pairing


def test_missing_deck_starts_fresh_without_a_message(tmp_path):
    from gamecore.misfits import deck

    seen = []
    deck.current_pairing(gamecore.Rng(2), tmp_path / "misfits-deck.json", on_problem=lambda *a: seen.append(a))
    assert not seen and not list(tmp_path.glob("*.damaged-*"))


def test_starting_misfits_with_a_damaged_deck_says_so(app):
    from gamecore.misfits import deck

    if "misfits" not in {g.id for g in gamecore.games(ready_only=True)}:
        pytest.skip("Misfit Heroes is not ready")
    path = deck.deck_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b'{"version": 1, "pairing": "broken"}')
    app.scenes.switch("setup", game="misfits")
    session = app.scenes.top.start()
    assert session is not None
    frames(app)
    assert app.notice_boxes
    (kept,) = path.parent.glob("misfits-deck.json.damaged-*")
    assert kept.read_bytes() == b'{"version": 1, "pairing": "broken"}'
    assert any("misfits-deck.json" in m and kept.name in m for m in notices.history())


# ================================================================ 6: the autosave
def test_autosave_that_does_not_replay_is_kept_aside_at_resume(app):
    data = toy_save()
    data["snapshot"]["digest"] = "0" * 64
    path = persistence.autosave_path()
    persistence.atomic_write_json(path, data)
    raw = path.read_bytes()
    app.scenes.switch("menu")
    frames(app)
    assert "resume" in app.scenes.top.buttons.values()
    app.scenes.top._press("resume")
    frames(app)
    assert app.scenes.top.__class__.__name__ == "MenuScene"
    assert "resume" not in app.scenes.top.buttons.values()     # nothing pretends it loaded
    (kept,) = path.parent.glob("autosave.json.damaged-*")
    assert kept.read_bytes() == raw
    assert app.notice_boxes


def test_damaged_autosave_is_never_overwritten_by_the_next_game(app):
    path = persistence.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b'{"kind": "tabletop-dojo-save", "schema": 1, "game": 5}')
    app.scenes.switch("menu")
    frames(app)
    s = Session.new("toy", 1, 2, autosave=path)
    s.write_autosave()
    (kept,) = path.parent.glob("autosave.json.damaged-*")
    assert kept.read_bytes() == b'{"kind": "tabletop-dojo-save", "schema": 1, "game": 5}'


def test_notices_are_shown_in_japanese_too(app):
    i18n.set_language("ja")
    path = persistence.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"{broken")
    app.scenes.switch("menu")
    frames(app)
    assert any("オートセーブ" in m for m in notices.history("ja"))


# ================================================================ 7: settings
def test_damaged_settings_are_reported_once_kept_aside_and_rewritten_beside(app, tmp_path):
    path = tmp_path / "conf" / "settings.json"
    path.parent.mkdir()
    path.write_bytes(b'{"language": "ja",')
    settings = Settings.load(path)
    (kept,) = path.parent.glob("settings.json.damaged-*")
    assert kept.read_bytes() == b'{"language": "ja",'
    assert settings.problem is None and "damaged" in settings.load_problem
    settings.set("colorblind", True)
    assert json.loads(path.read_text())["colorblind"] is True
    assert kept.read_bytes() == b'{"language": "ja",'
    assert len(notices.history()) == 1 and "settings.json" in notices.history()[0]
    again = Settings.load(path)
    assert again.load_problem is None and again.get("colorblind") is True


# ================================================================ 9: theme; 10: catalogs
def _assets_copy(tmp_path, monkeypatch):
    import shutil

    root = Path(__file__).resolve().parent.parent / "assets"
    copy = tmp_path / "assets"
    shutil.copytree(root / "themes", copy / "themes")
    shutil.copytree(root / "i18n", copy / "i18n")
    monkeypatch.setenv("TABLETOP_DOJO_ASSETS", str(copy))
    return copy


@pytest.mark.parametrize("raw", [b"[]", b'{"button": []}', b'{"button": {"colours": {"normal_bg": 5}}}',
                                 b'{"label": {"font_size": "999999999"}}', b"\xff", b'{"a": ' + HUGE_INT.encode() + b"}"],
                         ids=["list", "block", "colour", "font_size", "utf8", "huge_int"])
def test_theme_of_the_wrong_shape_gives_the_built_in_look(pygame_session, tmp_path, monkeypatch, raw):
    from ui.theme import build_theme

    assets = _assets_copy(tmp_path, monkeypatch)
    (assets / "themes" / "theme.json").write_bytes(raw)
    theme = build_theme()
    assert isinstance(theme, dict) and theme["button"]["font"]["name"] == "notosansjp"
    pygame_gui.UIManager((800, 600), theme, enable_live_theme_updates=False)
    assert any("theme.json" in m for m in notices.history())


def test_broken_catalog_is_reported_and_the_other_language_fills_in(tmp_path, monkeypatch):
    assets = _assets_copy(tmp_path, monkeypatch)
    (assets / "i18n" / "en.json").write_text('{"menu.load": "Load",', encoding="utf-8")
    i18n.reload()
    try:
        problems = i18n.check_catalogs()
        assert problems and "en.json" in problems[0]
        i18n.set_language("en")
        ja = json.loads((assets / "i18n" / "ja.json").read_text(encoding="utf-8"))
        assert i18n.t("menu.load") == ja["menu.load"]          # not the raw key
    finally:
        monkeypatch.undo()
        i18n.reload()


def test_app_start_reports_a_broken_catalog(pygame_session, tmp_path, monkeypatch):
    from ui.app import App

    assets = _assets_copy(tmp_path, monkeypatch)
    (assets / "i18n" / "ja.json").write_bytes(b"\x00\x01")
    i18n.reload()
    try:
        application = App(settings=Settings(None), smoke=True)
        application.scenes.switch("menu")
        frames(application)
        assert application.notice_boxes
        assert any("ja.json" in m for m in notices.history())
    finally:
        monkeypatch.undo()
        i18n.reload()
        pygame_gui.core.utility.set_default_manager(None)


# ================================================================ 11: brackets in a label
@pytest.mark.parametrize("label", ["[" * 100, "{" * 70, "[{" * 300 + '"\\', "]" * 80], ids=["brackets", "braces", "mixed", "closing"])
def test_a_save_with_any_label_loads(tmp_path, label):
    s = Session.new("toy", 5, 2)
    s.apply(s.state.legal_actions()[0])
    path = s.save_as(label, tmp_path)
    back = Session.load(path)
    assert back.state.digest() == s.state.digest()
    (entry,) = persistence.list_saves(tmp_path)
    assert entry.error is None


def test_real_nesting_is_still_refused(tmp_path):
    path = tmp_path / "deep.json"
    path.write_bytes(b"[" * 70 + b"]" * 70)
    with pytest.raises(SaveError, match="nested too deeply"):
        Session.load(path)


# ================================================================ 12: stale temp files
def test_stale_temp_files_are_removed_from_every_folder_the_app_writes(tmp_path):
    config = persistence.ensure_dir(persistence.config_dir())
    data = persistence.ensure_dir(persistence.data_dir())
    saves = persistence.ensure_dir(persistence.saves_dir())
    stale = [config / ".settings.json.abc.tmp", data / ".autosave.json.x1.tmp", saves / ".a.json.y.tmp",
             data / ".misfits-deck-zz.tmp"]
    for p in stale:
        p.write_text("half")
    Settings.load()
    assert persistence.storage_problem() is None
    assert not any(p.exists() for p in stale)


def test_a_save_whose_deck_names_a_list_where_an_id_belongs_is_refused_clearly(tmp_path):
    if "misfits" not in {g.id for g in gamecore.games(ready_only=True)}:
        pytest.skip("Misfit Heroes is not ready")
    from gamecore.misfits import deck

    s = Session.new("misfits", 3, 2, {"pairing": deck.random_pairing(gamecore.Rng(1))})
    data = s.to_save()
    data["options"]["pairing"][0][0] = ["a01"]
    path = tmp_path / "odd-deck.json"
    path.write_text(json.dumps(data))
    raw = path.read_bytes()
    with pytest.raises(SaveError, match="odd-deck.json"):
        Session.load(path)
    assert path.read_bytes() == raw


@pytest.mark.parametrize("change", ["game", "version"])
def test_autosave_resume_cannot_play_is_not_offered(app, change):
    data = toy_save()
    if change == "game":
        data["game"] = "chess"
    else:
        data["engine_version"] += 1
    path = persistence.autosave_path()
    persistence.atomic_write_json(path, data)
    raw = path.read_bytes()
    app.scenes.switch("menu")
    frames(app)
    assert "resume" not in app.scenes.top.buttons.values()
    (kept,) = path.parent.glob("autosave.json.damaged-*")
    assert kept.read_bytes() == raw and app.notice_boxes


# ================================================================ the Barricades medal record
@pytest.mark.parametrize("kind", [k for k in SPECIALS if k != "dangling"])
def test_special_file_as_the_medal_record_is_kept_aside_and_reported(tmp_path, kind, hang_guard):
    from gamecore.barricades import medals

    path = tmp_path / "barricades-record.json"
    make_special(path, kind)
    before = snapshot(path)
    rec = medals.load_record(path)
    assert rec.problem is not None and rec.problem[0] == "barricades.record.corrupt"
    (kept,) = tmp_path.glob("barricades-record.json.damaged-*")
    assert rec.problem[1]["backup"] == kept.name
    assert snapshot(kept)[0] == before[0]            # the same thing, only renamed
    assert not path.exists()


@pytest.mark.parametrize("raw", [b"{not json", ('{"schema": 1, "games": ' + HUGE_INT + "}").encode(),
                                 b"[1, 2]", b"\xff\xfe", b'{"schema": 1, "medals": [], "games": 5}'])
def test_damaged_medal_record_is_kept_byte_for_byte_and_a_fresh_one_started(tmp_path, raw):
    from gamecore.barricades import medals

    path = tmp_path / "barricades-record.json"
    path.write_bytes(raw)
    rec = medals.load_record(path)
    assert rec.problem is not None
    (kept,) = tmp_path.glob("barricades-record.json.damaged-*")
    assert kept.read_bytes() == raw
    assert rec.problem[1]["backup"] == kept.name
    assert rec.to_json() == medals.Record().to_json()   # nothing invented from the damaged file


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_line_under_resume_stays_inside_the_menus_column_in_both_languages(app, lang):
    """The game that resumes is named under the button, wrapped to the column: on one line, Barricades' Japanese
    title and round ran past the window's edge at 1280x800."""
    from ui import fonts, i18n

    i18n.set_language(lang)
    try:
        session = Session.new("barricades", 1, 3)            # the longest title
        path = session.autosave = persistence.autosave_path()
        session.write_autosave()
        app.scenes.switch("menu")
        frames(app)
        menu = app.scenes.top
        assert menu.resume_lines and "".join(menu.resume_lines).replace(" ", "") == menu.resume_detail.replace(" ", "")
        assert all(fonts.font(14).size(line)[0] <= 280 - 8 for line in menu.resume_lines)
    finally:
        i18n.set_language("en")
