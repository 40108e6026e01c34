"""The menu's first frame waits for nothing it does not show: no table package, no scene module nobody
opened, and the content files are checked on the frames after it."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import sys
from ui.app import App
from ui.settings import Settings
app = App(size=(1280, 800), settings=Settings(None), smoke=True)
app.scenes.switch("menu")
app.frame(0.0)
loaded = sorted(m for m in sys.modules if m.startswith(("ui.games.", "ui.scenes.", "multiprocessing")))
print("after-first:" + ",".join(loaded))
from ui import games
print("checked-first:" + ",".join(sorted(games._content_problems)))
app.frame(0.0)
print("checked-second:" + ",".join(sorted(games._content_problems)))
"""


def _probe() -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=120, check=True).stdout
    return {line.split(":", 1)[0]: line.split(":", 1)[1].split(",") for line in out.splitlines() if ":" in line}


def test_first_menu_frame_imports_no_table_and_checks_content_after():
    got = _probe()
    loaded = [m for m in got["after-first"] if m]
    assert not [m for m in loaded if m.startswith("ui.games.")], loaded           # tables load when opened
    assert [m for m in loaded if m.startswith("ui.scenes.")] == ["ui.scenes.base", "ui.scenes.common",
                                                                    "ui.scenes.menu"], loaded
    assert not [m for m in loaded if m.startswith("multiprocessing")], loaded
    assert [g for g in got["checked-first"] if g] == []
    assert {"rangers", "misfits"} <= set(got["checked-second"])


def test_playable_is_told_without_importing_the_table():
    import gamecore
    from ui import games

    info = gamecore.game("rangers")
    games._has_table.clear()
    before = "ui.games.rangers" in sys.modules
    assert games.has_table("rangers")
    assert ("ui.games.rangers" in sys.modules) == before
    assert not games.has_table("no_such_game")
    assert games.playable(info)


def test_a_table_folder_without_its_package_file_is_not_playable():
    from ui import games

    folder = Path(games.__file__).parent / "zz_half_built"
    folder.mkdir()
    try:
        (folder / "table.py").write_text("TABLE_SCENE = None\n")
        games._has_table.pop("zz_half_built", None)
        assert not games.has_table("zz_half_built")
    finally:
        (folder / "table.py").unlink()
        folder.rmdir()
        games._has_table.pop("zz_half_built", None)
