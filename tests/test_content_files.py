"""A broken content file stops that game (a ContentError naming file and field) while the other games
still start; the menu greys the broken game and says why. Each case runs in a fresh interpreter, with
the assets copied to a temp folder (TABLETOP_DOJO_ASSETS) so nothing shipped is touched."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import gamecore

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = [g.id for g in gamecore.games(ready_only=True) if g.id != "toy"]

PROBE = r"""
import json, sys
sys.path.insert(0, {root!r})
import gamecore
out = {{}}
for info in gamecore.games(ready_only=True):
    try:
        gamecore.start(info.id, seed=1, players=info.counts()[0])
        out[info.id] = "ok"
    except gamecore.ContentError as exc:
        out[info.id] = {{"file": exc.file, "field": exc.field, "message": str(exc)}}
print(json.dumps(out))
"""


def _probe(assets: Path) -> dict:
    env = dict(os.environ, TABLETOP_DOJO_ASSETS=str(assets))
    done = subprocess.run([sys.executable, "-c", PROBE.format(root=str(ROOT))], capture_output=True, text=True,
                          env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _data_files(assets: Path, game: str) -> list[Path]:
    return sorted(p for p in (assets / "data" / game).glob("*.json") if not p.name.startswith("i18n."))


def _first_number_path(data, path=()):
    if isinstance(data, bool):
        return None
    if isinstance(data, (int, float)):
        return path
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else []
    for key, value in items:
        found = _first_number_path(value, path + (key,))
        if found is not None:
            return found
    return None


@pytest.fixture
def assets(tmp_path):
    copy = tmp_path / "assets"
    shutil.copytree(ROOT / "assets", copy)
    return copy


def test_shipped_content_is_valid(assets):
    assert all(v == "ok" for v in _probe(assets).values())


@pytest.mark.parametrize("game", SHIPPED)
def test_invalid_json_names_the_file_and_spares_other_games(assets, game):
    target = _data_files(assets, game)[0]
    target.write_text(target.read_text(encoding="utf-8")[:-20] + "{{{", encoding="utf-8")
    result = _probe(assets)
    assert isinstance(result[game], dict) and target.name in result[game]["file"]
    assert all(v == "ok" for g, v in result.items() if g != game)


@pytest.mark.parametrize("game", SHIPPED)
def test_wrong_field_type_names_file_and_field(assets, game):
    broken = None
    for target in _data_files(assets, game):
        data = json.loads(target.read_text(encoding="utf-8"))
        path = _first_number_path(data)
        if path is None:
            continue
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = "not a number"
        target.write_text(json.dumps(data), encoding="utf-8")
        broken = (target, path)
        break
    assert broken is not None, f"{game} has no numeric field to break"
    result = _probe(assets)
    assert isinstance(result[game], dict), f"{game} accepted a string where {broken[1]} needs a number"
    assert broken[0].name in result[game]["file"] and result[game]["field"]
    last_name = [k for k in broken[1] if isinstance(k, str)][-1]
    assert last_name in result[game]["field"], result[game]
    assert all(v == "ok" for g, v in result.items() if g != game)


@pytest.mark.parametrize("game", SHIPPED)
def test_missing_file_is_reported(assets, game):
    target = _data_files(assets, game)[0]
    target.unlink()
    result = _probe(assets)
    assert isinstance(result[game], dict) and target.name in result[game]["file"]
