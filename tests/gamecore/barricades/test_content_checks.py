"""Load checks of the Barricades data files for the fields of our own design read by hero count (v6-v7):
a bad value stops the load with a ContentError naming the file and the field."""
from __future__ import annotations

import copy

import pytest

from gamecore.barricades import content as content_mod
from gamecore.engine import ContentError


def _parse_with(monkeypatch, name, edit):
    real = content_mod._read

    def read(file):
        data = real(file)
        if file == name:
            data = copy.deepcopy(data)
            edit(data)
        return data

    monkeypatch.setattr(content_mod, "_read", read)
    return content_mod._parse()


def _altar(data):
    return data["advanced_tokens"]["defiled_altar"]


def test_shipped_n_by_heroes_is_read_by_hero_count():
    C = content_mod.content()
    adv = C.village["advanced_tokens"]
    assert adv["defiled_altar"]["n_by_heroes"] == {4: 0} and adv["defiled_altar"]["n"] == 1
    assert adv["burned_archives"]["n_by_heroes"] == {}


@pytest.mark.parametrize("bad, field, words", [
    ({"4": -1}, "advanced_tokens.defiled_altar.n_by_heroes.4", "whole number"),
    ({"4": "none"}, "advanced_tokens.defiled_altar.n_by_heroes.4", "whole number"),
    ({"4": True}, "advanced_tokens.defiled_altar.n_by_heroes.4", "whole number"),
    ({"7": 0}, "advanced_tokens.defiled_altar.n_by_heroes.7", "hero count"),
    ([0], "advanced_tokens.defiled_altar.n_by_heroes", "object"),
])
def test_a_bad_n_by_heroes_names_the_file_and_field(monkeypatch, bad, field, words):
    with pytest.raises(ContentError) as err:
        _parse_with(monkeypatch, "village.json", lambda d: _altar(d).__setitem__("n_by_heroes", bad))
    assert err.value.file == "data/barricades/village.json"
    assert err.value.field == field and words in err.value.problem


def test_n_by_heroes_only_on_a_token_that_counts_its_n(monkeypatch):
    with pytest.raises(ContentError) as err:
        _parse_with(monkeypatch, "village.json",
                    lambda d: d["advanced_tokens"]["market_xp"].__setitem__("n_by_heroes", {"4": 0}))
    assert err.value.file == "data/barricades/village.json"
    assert err.value.field == "advanced_tokens.market_xp.n_by_heroes"


@pytest.mark.parametrize("bad, field", [
    ([], "ashmaw.lair_track_by_heroes.4"),
    ([1, 2, -1], "ashmaw.lair_track_by_heroes.4[2]"),
    ([1, "2"], "ashmaw.lair_track_by_heroes.4[1]"),
])
def test_a_bad_lair_track_by_heroes_names_the_file_and_field(monkeypatch, bad, field):
    with pytest.raises(ContentError) as err:
        _parse_with(monkeypatch, "guardians.json", lambda d: d["ashmaw"]["lair_track_by_heroes"].__setitem__("4", bad))
    assert err.value.file == "data/barricades/guardians.json" and err.value.field == field
