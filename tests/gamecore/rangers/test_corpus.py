"""The replay corpus: every recorded Heroes of the Grid game replays to the digest stored with it.

The saves under tests/corpus/rangers/games/ were recorded by tests/corpus/rangers/record.py (random,
busy-random and team-AI playouts over every variant). A refactor of the engine must leave every one of
them replaying unchanged; a deliberate rule change bumps the engine version and re-records them.
"""
import gzip
import json
from pathlib import Path

import pytest

import gamecore
from gamecore.session import Session

GAMES = Path(__file__).resolve().parents[2] / "corpus" / "rangers" / "games"
FILES = sorted(GAMES.glob("*.json.gz"))


def _load(path):
    return json.loads(gzip.decompress(path.read_bytes()))


def test_the_corpus_covers_every_variant():
    assert len(FILES) >= 200
    seen = {"players": set(), "policy": set()}
    flags = set()
    for path in FILES:
        name = path.name
        seen["players"].add(name.split("-")[0])
        seen["policy"].add(name.split("-")[-2])
        for flag in ("six_rangers=True", "command_center=B", "locations=B", "cyclopsis=True",
                     "scenario=cyclopsis13", "ranger_pick=random"):
            if flag in name:
                flags.add(flag)
    assert seen["players"] == {"p2", "p3", "p4", "p5", "p6"}
    assert seen["policy"] == {"random", "busy", "team"}
    assert len(flags) == 6
    assert sum(p.stat().st_size for p in FILES) < 3_000_000


def test_the_corpus_was_recorded_by_this_engine_version():
    version = gamecore.game("rangers").engine_version
    stale = [p.name for p in FILES if _load(p)["engine_version"] != version]
    assert not stale, f"re-record the corpus (tests/corpus/rangers/record.py): {stale[:3]}"


@pytest.mark.parametrize("chunk", range(4))
def test_every_recorded_game_replays_to_its_digest(chunk):
    bad = []
    for path in FILES[chunk::4]:
        data = _load(path)
        session = Session.from_save(data, path.name)       # replays the actions, checks the digest
        assert session.state.digest() == data["snapshot"]["digest"]
        assert session.state.is_over() == data["meta"]["over"], path.name
        if session.state.to_json() != data["snapshot"]["state"]:
            bad.append(path.name)
    assert not bad, bad
