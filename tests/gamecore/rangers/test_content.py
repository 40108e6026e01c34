import json
import shutil

import pytest

from gamecore import ContentError
from gamecore.rangers import content as content_mod
from gamecore.rangers.content import Content, content


def test_rangers_follow_the_deck_skeleton():
    C = content()
    for rid in C.base_rangers:
        deck = C.deck_of[rid]
        assert len(deck) == 10
        assert sum(C.card_def[C.card_of[c]]["shields"] for c in deck) == 20
        keys = [C.card_of[c] for c in deck]
        counts = sorted(keys.count(k) for k in set(keys))
        assert counts == [1, 1, 2, 2, 2, 2]          # four pairs, Blade Blaster, power weapon
        costs = {C.card_def[k]["cost"] for k in keys}
        assert costs <= {0, 1, 3, "X"}
        blaster = C.card_def[f"{rid}_blade_blaster"]
        assert blaster["cost"] == "X" and blaster["shields"] == 1
        weapon = [C.card_def[k] for k in keys if C.card_def[k]["cost"] == 3]
        assert len(weapon) == 1 and weapon[0]["shields"] == 3
        assert 3 <= weapon[0]["effects"][0]["dice"] <= 6


def test_die_faces_and_supplies():
    C = content()
    assert sorted(C.die) == [0, 0, 1, 1, 1, 2]
    sup = C.comp["supply"]
    assert (sup["energy"], sup["action"], sup["hit"], sup["panic"], sup["fs_per_type"]) == (20, 12, 30, 4, 12)


def test_enemy_decks_and_deployment_cards():
    C = content()
    for foe, ids in C.decks.items():
        assert len(ids) == (10 if C.foe_kind[foe] == "foot" else 8)
    assert len(C.monsters) == 4 and len(C.bosses) == 1
    for t in C.fs_types:
        deps = [v for v in C.deploy_cards.values() if v["foe"] == t]
        assert len(deps) == 10
        assert all(1 <= v["figures"] <= 3 for v in deps)
        assert {v["back"] for v in deps} == set(C.fs_locations[t])
    assert {C.locations[l]["limit"] for l in C.outer} == {5, 6}


def test_i18n_catalogs_have_identical_keys_and_names_for_everything():
    C = content()
    base = content_mod.asset_path("data", "rangers")
    en = json.load(open(base / "i18n.en.json", encoding="utf-8"))
    ja = json.load(open(base / "i18n.ja.json", encoding="utf-8"))
    assert set(en) == set(ja)
    for key in C.card_def:
        assert f"rangers.card.{key}.text" in en
    for lid in C.outer + ["command_center"]:
        assert f"rangers.loc.{lid}.name" in ja


@pytest.mark.parametrize("file,mutate,field", [
    ("rangers.json", lambda d: d["rangers"][0]["cards"][0].update(shields=9), "rangers[0].cards"),
    ("rangers.json", lambda d: d["rangers"][1]["cards"][2].update(type="spell"), "rangers[1].cards[2].type"),
    ("enemies.json", lambda d: d["monsters"][0]["cards"][0].update(health="x"), "monsters[0].cards[0].health"),
    ("enemies.json", lambda d: d["foot_soldiers"][0]["cards"][1]["effects"][0].update(op="explode"),
     "foot_soldiers[0].cards[1].effects[0].op"),
    ("locations.json", lambda d: d["outer"][2].pop("limit"), "outer[2].limit"),
])
def test_broken_content_names_file_and_field(tmp_path, monkeypatch, file, mutate, field):
    src = content_mod.asset_path("data", "rangers")
    dst = tmp_path / "data" / "rangers"
    shutil.copytree(src, dst)
    data = json.load(open(dst / file, encoding="utf-8"))
    mutate(data)
    json.dump(data, open(dst / file, "w", encoding="utf-8"))
    monkeypatch.setattr(content_mod, "asset_path", lambda *parts: tmp_path.joinpath(*parts))
    with pytest.raises(ContentError) as exc:
        Content()
    assert exc.value.file == file
    assert exc.value.field == field
