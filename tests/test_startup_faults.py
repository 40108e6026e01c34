"""Every class of bad user file, through the real start-up path in a fresh process (issue 13).

For each class of damage, the autosave, the settings file, the Misfit Heroes deck and a save in the
saves folder are all broken that way at once; then a fresh interpreter starts the real app (settings
loaded from the user dirs, the menu with its Resume check, the Load list, a Misfit Heroes game started
from its setup screen, which reads the deck). It must exit cleanly, every damaged file must be named
in a message, and every file must be byte for byte as it was — or, for the files the app has to
replace (autosave, settings, deck), kept aside unchanged under ``<name>.damaged-<time>``.
"""
from __future__ import annotations

import hashlib
import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
POSIX = sys.platform != "win32"
HUGE = "9" * 5000

PROBE = r"""
import json, os, sys
sys.path.insert(0, {root!r})
os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
from ui.app import App
from ui import notices
import gamecore
app = App(size=(1280, 800))
app.scenes.switch("menu")
for _ in range(3):
    app.frame(1 / 60)
resume = "resume" in app.scenes.top.buttons.values()
app.scenes.push("load")
for _ in range(3):
    app.frame(1 / 60)
listed = [(e.path.name, e.error) for e in app.scenes.top.entries]
from gamecore import persistence
import hashlib
auto = persistence.autosave_path()
auto_sha = hashlib.sha256(auto.read_bytes()).hexdigest() if auto.is_file() and not auto.is_symlink() else None
started = None
if "misfits" in {{g.id for g in gamecore.games(ready_only=True)}}:
    app.scenes.switch("setup", game="misfits")
    started = app.scenes.top.start() is not None
    for _ in range(3):
        app.frame(1 / 60)
app.settings.set("colorblind", True)
print(json.dumps({{"notices": notices.history(), "resume": resume, "listed": listed, "started": started,
                  "boxes": len(app.notice_boxes), "autosave_sha": auto_sha}}))
"""


def _toy_free_save() -> dict:
    """A real save of the first ready shipped game (the fresh process does not know the toy game)."""
    sys.path.insert(0, str(ROOT))
    import gamecore
    from gamecore.session import Session

    info = next(g for g in gamecore.games(ready_only=True) if g.id != "toy")
    s = Session.new(info.id, 3, info.counts()[0])
    for _ in range(2):
        s.apply(s.state.legal_actions()[0])
    return s.to_save("a save")


def _write_class(kind: str, files: dict, save: dict) -> None:
    """Break each of ``files`` (name -> path) the way ``kind`` says."""
    for name, path in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        if kind == "fifo":
            os.mkfifo(path)
        elif kind == "dev_zero":
            os.symlink("/dev/zero", path)
        elif kind == "folder":
            path.mkdir()
        elif kind == "truncated":
            path.write_bytes(json.dumps(save if name in ("autosave", "save") else {"language": "ja"}).encode()[:-7])
        elif kind == "non_utf8":
            path.write_bytes(b'{"version": 1, "label": "\xff\xfe"}')
        elif kind == "huge_int":
            if name in ("autosave", "save"):
                data = json.loads(json.dumps(save))
                data["meta"]["summary"] = {"round": "@H@"}
                path.write_bytes(json.dumps(data).replace('"@H@"', HUGE).encode())
            elif name == "settings":
                path.write_bytes(b'{"window_size": [' + HUGE.encode() + b", 700]}")
            else:
                path.write_bytes(b'{"version": ' + HUGE.encode() + b', "pairing": []}')
        elif kind == "wrong_type":
            if name in ("autosave", "save"):
                data = json.loads(json.dumps(save))
                data["meta"].update(summary=["round", 3], label={"x": 1}, saved_at=7, over="no")
                path.write_text(json.dumps(data))
            elif name == "settings":
                path.write_text(json.dumps([{"language": "ja"}]))
            else:
                path.write_text(json.dumps({"version": 1, "pairing": {"a1": "c1"}}))
        elif kind == "huge_string":
            if name in ("autosave", "save"):
                data = json.loads(json.dumps(save))
                data["meta"]["label"] = "L" * 3_000_000
                data["meta"]["summary"] = {"round": 2, "x": "S" * 3_000_000}
                path.write_text(json.dumps(data))
            elif name == "settings":
                path.write_text(json.dumps({"language": "x" * 3_000_000}))
            else:
                path.write_text(json.dumps({"version": 1, "pairing": [["a1", "c" * 3_000_000]]}))
        else:
            raise AssertionError(kind)


def _what(path: Path):
    info = os.lstat(path)
    if stat.S_ISLNK(info.st_mode):
        return ("link", os.readlink(path))
    if stat.S_ISREG(info.st_mode):
        return ("file", path.read_bytes())
    return ("other", stat.S_IFMT(info.st_mode))


# the files the app has to replace when they cannot be used; a save in the saves folder is only listed
REPLACED = {"autosave": "autosave.json", "settings": "settings.json", "deck": "misfits-deck.json"}
CLASSES = ["huge_int", "wrong_type", "huge_string", "truncated"] + (["fifo", "dev_zero"] if POSIX else [])


@pytest.mark.parametrize("kind", CLASSES)
def test_app_starts_with_every_user_file_broken(tmp_path, kind):
    data_home, config_home = tmp_path / "data", tmp_path / "config"
    data, config = data_home / "TabletopDojo", config_home / "TabletopDojo"
    files = {"autosave": data / "autosave.json", "settings": config / "settings.json",
             "deck": data / "misfits-deck.json", "save": data / "saves" / "broken.json"}
    _write_class(kind, files, _toy_free_save())
    before = {name: _what(path) for name, path in files.items()}
    env = dict(os.environ, XDG_DATA_HOME=str(data_home), XDG_CONFIG_HOME=str(config_home), PYTHONPATH=str(ROOT))
    env.pop("TABLETOP_DOJO_ASSETS", None)
    done = subprocess.run([sys.executable, "-c", PROBE.format(root=str(ROOT))], capture_output=True, text=True,
                          env=env, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    messages = " ".join(out["notices"])
    valid_autosave = kind in ("huge_string", "wrong_type")   # odd but well-formed saves: offered, shown checked and cut
    assert out["resume"] is valid_autosave
    for name, path in files.items():
        if name == "save":
            assert _what(path) == before[name], "a save is never touched"
            listed = dict(out["listed"])
            assert "broken.json" in listed and (listed["broken.json"] is None) is valid_autosave
            continue
        if name == "autosave" and valid_autosave:     # untouched until the new game replaced it
            assert out["autosave_sha"] == hashlib.sha256(before[name][1]).hexdigest()
            continue
        kept = list(path.parent.glob(REPLACED[name] + ".damaged-*"))
        assert len(kept) == 1, f"{name} not kept aside: {sorted(p.name for p in path.parent.iterdir())}"
        assert _what(kept[0]) == before[name], f"{name} changed while kept aside"
        assert REPLACED[name] in messages and kept[0].name in messages, (name, out["notices"])
    if out["started"] is not None:
        assert out["started"] is True
    assert out["boxes"] >= 1
    assert json.loads(files["settings"].read_text())["colorblind"] is True     # fresh settings written beside


def test_smoke_test_survives_a_damaged_autosave_and_theme_and_fails_on_a_broken_catalog(tmp_path):
    import shutil

    data = tmp_path / "data" / "TabletopDojo"
    data.mkdir(parents=True)
    save = _toy_free_save()
    save["meta"]["summary"] = "not an object"
    (data / "autosave.json").write_text(json.dumps(save))
    assets = tmp_path / "assets"
    shutil.copytree(ROOT / "assets", assets, ignore=shutil.ignore_patterns("rules", "sounds"))
    (assets / "themes" / "theme.json").write_text("[]", encoding="utf-8")
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"), XDG_CONFIG_HOME=str(tmp_path / "config"),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TABLETOP_DOJO_ASSETS=str(assets))
    ok = subprocess.run([sys.executable, str(ROOT / "main.py"), "--smoke-test", "12", "--lang", "en"],
                        capture_output=True, text=True, env=env, timeout=600)
    assert ok.returncode == 0, ok.stderr[-3000:]
    assert "theme.json" in ok.stderr and "built-in look" in ok.stderr
    (assets / "i18n" / "en.json").write_text('{"menu.load": ', encoding="utf-8")
    bad = subprocess.run([sys.executable, str(ROOT / "main.py"), "--smoke-test", "3", "--lang", "en"],
                         capture_output=True, text=True, env=env, timeout=600)
    assert bad.returncode != 0 and "en.json" in bad.stderr, bad.stderr[-3000:]


def test_a_clean_start_writes_nothing_on_stderr(tmp_path):
    """A player's console stays quiet: the smoke test's report goes to stdout, warnings only when a file is bad."""
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"), XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_STATE_HOME=str(tmp_path / "state"), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--smoke-test", "8", "--lang", "en"],
                          capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stderr == "", done.stderr[-3000:]
    assert "video driver: dummy" in done.stdout


CLI_NONSENSE = [
    ["-m", "gamecore", "simulate", "--game", "misfits", "--games", "-5"],
    ["-m", "gamecore", "simulate", "--game", "misfits", "--games", "1", "--players", "0"],
    ["-m", "gamecore", "simulate", "--game", "misfits", "--games", "1", "--players", "9"],
    ["-m", "gamecore", "simulate", "--game", "rangers", "--games", "1", "--option", "six_rangers=maybe"],
    ["-m", "gamecore", "simulate", "--game", "rangers", "--games", "1", "--option", "six_rangers"],
    ["-m", "gamecore", "soak", "--minutes", "nan"],
    ["-m", "gamecore", "soak", "--minutes", "-1"],
    ["-m", "gamecore", "soak", "--minutes", "0"],
    ["-m", "gamecore", "soak", "--minutes", "inf"],
    ["main.py", "--smoke-test", "-5"],
    ["main.py", "--smoke-test", "0"],
]


@pytest.mark.parametrize("argv", CLI_NONSENSE, ids=lambda a: " ".join(a[-2:]))
def test_cli_refuses_nonsense_with_a_clear_message(argv):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable] + [str(ROOT / a) if a == "main.py" else a for a in argv], cwd=ROOT,
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode != 0
    assert "error" in done.stderr and "Traceback" not in done.stderr, done.stderr[-2000:]


def test_replay_of_a_huge_integer_save_is_a_clear_refusal(tmp_path):
    save = _toy_free_save()
    path = tmp_path / "huge.json"
    save["seed"] = "@H@"
    path.write_text(json.dumps(save).replace('"@H@"', HUGE))
    raw = path.read_bytes()
    done = subprocess.run([sys.executable, "-m", "gamecore", "replay", str(path)], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 2 and "huge.json" in done.stderr and "Traceback" not in done.stderr, done.stderr
    assert path.read_bytes() == raw
