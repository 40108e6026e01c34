"""Content files: shipped data loads, heroes are computed, broken files name file and field, texts exist."""
import json
import shutil
from collections import Counter

import pytest

import gamecore
from gamecore import ContentError, Rng
from gamecore.misfits.content import combine_faction, content, load_content, make_hero
from gamecore.resources import asset_path

DATA = asset_path("data", "misfits")


def catalog(lang):
    return json.loads((DATA / f"i18n.{lang}.json").read_text(encoding="utf-8"))


def test_shipped_content_has_82_of_each_and_every_effect_kind():
    data = content()
    assert len(data.attributes) == 82 and len(data.characters) == 82
    assert set(Counter(a.hire["type"] for a in data.attributes.values())) == {"bonus", "condition", "extra", "score"}
    kinds = {e["do"] for c in data.characters.values() for e in c.activation}
    assert kinds >= {"coins", "influence", "draw", "activate", "hire", "stun_self", "activate_all",
                     "coins_per_activated", "choice"}
    wheres = {e["where"] for c in data.characters.values() for e in c.activation if e["do"] == "activate"}
    assert wheres == {"row", "column", "adjacent", "any"}
    filters = {k for c in data.characters.values() for e in c.activation if e["do"] == "activate" for k in e}
    assert {"faction", "cost_max", "cost_min"} <= filters


def test_faction_and_cost_and_points_are_computed_from_both_halves():
    assert combine_faction("human", "human") == "human"
    assert combine_faction("beast", "beast") == "beast"
    assert combine_faction("neutral", "beast") == "beast"
    assert combine_faction("neutral", "human") == "human"
    assert combine_faction("human", "beast") == "misfit"
    assert combine_faction("beast", "human") == "misfit"
    data = content()
    a, c = data.attributes["a01"], data.characters["c01"]
    h = make_hero(a, c)
    assert h.cost == a.cost + c.cost and h.points == a.points + c.points
    assert h.id == "hero:a01+c01" and h.hire is a.hire and h.activation is c.activation


def test_i18n_catalogs_have_identical_keys_and_every_card_text():
    en, ja = catalog("en"), catalog("ja")
    assert set(en) == set(ja)
    assert all(k.startswith(("misfits.", "illegal.")) for k in en)
    assert all(isinstance(v, str) and v for v in list(en.values()) + list(ja.values()))
    data = content()
    for a in data.attributes:
        assert f"misfits.attr.{a}.name" in en and f"misfits.attr.{a}.text" in en
    for c in data.characters:
        assert f"misfits.char.{c}.name" in en and f"misfits.char.{c}.text" in en
    names = [en[f"misfits.attr.{a}.name"] for a in data.attributes] + [en[f"misfits.char.{c}.name"] for c in data.characters]
    assert len(set(names)) == len(names)


def test_every_key_the_engine_emits_is_translated():
    en = catalog("en")
    seen = set()

    def visit(value):
        if isinstance(value, str) and value.startswith("$"):
            seen.add(value[1:])
        elif isinstance(value, (list, tuple)):
            for v in value:
                visit(v)
    for seed in range(6):
        s = gamecore.start("misfits", seed=seed, players=2 + seed % 3)
        rng = Rng(seed)
        while not s.is_over():
            seen.add(s.pending().prompt)
            acts = s.legal_actions()
            a = rng.choice(acts)
            for e in s.apply(a):
                seen.add(e.key)
                if e.cause:
                    seen.add(e.cause)
                for v in e.params.values():
                    visit(v)
        seen.add(s.result().reason)
        seen.update(s.result().breakdown[0])
    missing = sorted(k for k in seen if k not in en)
    assert not missing


def test_every_illegal_code_has_a_translation():
    import re
    from pathlib import Path
    src = Path(gamecore.__file__).parent / "misfits" / "state.py"
    codes = set(re.findall(r'IllegalAction\("(misfits_[a-z_]+)"', src.read_text(encoding="utf-8")))
    en = catalog("en")
    assert codes and all(f"illegal.{c}" in en for c in codes)


@pytest.fixture
def broken(tmp_path):
    for name in ("setup.json", "attributes.json", "characters.json"):
        shutil.copy(DATA / name, tmp_path / name)

    def edit(name, change):
        path = tmp_path / name
        data = json.loads(path.read_text(encoding="utf-8"))
        change(data)
        path.write_text(json.dumps(data), encoding="utf-8")
        return tmp_path
    return edit


def test_copy_of_shipped_files_loads(broken):
    d = broken("setup.json", lambda data: None)
    assert len(load_content(d).attributes) == 82


@pytest.mark.parametrize("name, change, field", [
    ("attributes.json", lambda d: d["attributes"][3].__setitem__("cost", -1), "attributes[3].cost"),
    ("attributes.json", lambda d: d["attributes"][5].__setitem__("faction", "robot"), "attributes[5].faction"),
    ("attributes.json", lambda d: d["attributes"][7]["hire"].__setitem__("type", "magic"), "attributes[7].hire.type"),
    ("attributes.json", lambda d: d["attributes"][1].__setitem__("id", d["attributes"][0]["id"]), "attributes[1].id"),
    ("characters.json", lambda d: d["characters"][5]["activation"][0].__setitem__("do", "teleport"),
     "characters[5].activation[0].do"),
    ("characters.json", lambda d: d["characters"][2].pop("cost"), "characters[2].cost"),
    ("characters.json", lambda d: d["characters"][9].__setitem__("flavour", "x"), "characters[9].flavour"),
    ("setup.json", lambda d: d["removed_values"].__setitem__("3", [13]), "removed_values.3[0]"),
    ("setup.json", lambda d: d.__setitem__("influence_supply", "lots"), "setup.influence_supply"),
])
def test_broken_file_names_file_and_field(broken, name, change, field):
    d = broken(name, change)
    with pytest.raises(ContentError) as exc:
        load_content(d)
    assert exc.value.file == name
    assert exc.value.field == field


def test_nested_effect_errors_point_inside(broken):
    def change(d):
        for c in d["characters"]:
            for e in c["activation"]:
                if e["do"] == "choice":
                    e["options"][1][0]["n"] = 0
                    return
    d = broken("characters.json", change)
    with pytest.raises(ContentError) as exc:
        load_content(d)
    assert exc.value.field.endswith(".options[1][0].n")


def test_missing_and_unreadable_files(broken, tmp_path):
    d = broken("setup.json", lambda data: None)
    (d / "characters.json").unlink()
    with pytest.raises(ContentError) as exc:
        load_content(d)
    assert exc.value.file == "characters.json"
    (d / "characters.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(ContentError) as exc:
        load_content(d)
    assert exc.value.file == "characters.json"


def test_event_and_prompt_sentences_format_in_both_languages():
    from ui.i18n import _plurals

    cats = {"en": catalog("en"), "ja": catalog("ja")}

    def render(lang, key, params):
        cat = cats[lang]

        def param(v):
            if isinstance(v, str) and v.startswith("$"):
                return cat[v[1:]]
            if isinstance(v, (list, tuple)):
                return ("" if lang == "ja" else " ").join(str(param(x)) for x in v)
            return v
        template = _plurals(cat[key], params)  # the catalogs' {n|card|cards} plural forms
        return template.format(**{k: param(v) for k, v in params.items()})

    for seed in range(4):
        s = gamecore.start("misfits", seed=seed, players=2 + seed % 3)
        rng = Rng(seed + 100)
        while not s.is_over():
            d = s.pending()
            for lang in cats:
                assert "{" not in render(lang, d.prompt, d.args)
            for e in s.apply(rng.choice(s.legal_actions())):
                for lang in cats:
                    assert "{" not in render(lang, e.key, e.params)


def test_card_info_shows_computed_numbers_and_text_keys():
    s = gamecore.start("misfits", seed=3, players=2)
    en = catalog("en")
    for hid in s.hands[0]:
        info = s.card_info(hid)
        hero = s.heroes[hid]
        data = content()
        a, c = data.attributes[info["attribute"]], data.characters[info["character"]]
        assert info["cost"] == a.cost + c.cost and info["points"] == a.points + c.points
        assert info["faction"] == combine_faction(a.faction, c.faction) == hero.faction
        assert info["hire_text"] in en and info["activation_text"] in en and not info["stunned"]
