"""The English and Japanese catalogs have identical key sets (app chrome and every game), and every key
the app's scenes ask for exists."""
from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _load(path):
    return json.loads(path.read_text(encoding="utf-8"))


def test_app_catalogs_have_identical_keys():
    en, ja = _load(ROOT / "assets/i18n/en.json"), _load(ROOT / "assets/i18n/ja.json")
    assert set(en) ^ set(ja) == set()
    assert all(isinstance(v, str) and v.strip() for v in list(en.values()) + list(ja.values()))


def test_each_game_catalog_pair_has_identical_keys():
    for en_path in (ROOT / "assets/data").glob("*/i18n.en.json"):
        ja_path = en_path.with_name("i18n.ja.json")
        assert ja_path.exists(), f"{ja_path} missing"
        en, ja = _load(en_path), _load(ja_path)
        assert set(en) ^ set(ja) == set(), f"{en_path.parent.name}: keys differ"


def test_placeholders_match_between_languages():
    field = re.compile(r"\{(\w+)\}")
    pairs = [(ROOT / "assets/i18n/en.json", ROOT / "assets/i18n/ja.json")]
    pairs += [(p, p.with_name("i18n.ja.json")) for p in (ROOT / "assets/data").glob("*/i18n.en.json")]
    for en_path, ja_path in pairs:
        en, ja = _load(en_path), _load(ja_path)
        bad = [k for k in en if k in ja and set(field.findall(en[k])) != set(field.findall(ja[k]))]
        assert bad == [], f"{en_path.name}: placeholders differ for {bad[:5]}"


def test_every_literal_key_used_by_the_ui_exists():
    en = _load(ROOT / "assets/i18n/en.json")
    for p in (ROOT / "assets/data").glob("*/i18n.en.json"):
        en.update(_load(p))
    used = set()
    for path in list((ROOT / "ui").rglob("*.py")):
        used |= set(re.findall(r"\bt\(\s*\"([a-z_]+\.[a-zA-Z0-9_.]+)\"", path.read_text(encoding="utf-8")))
    missing = sorted(k for k in used if k not in en and not k.endswith("."))  # "x." + var: built at run time
    assert missing == []


def test_every_game_has_title_pitch_and_rules_in_both_languages():
    import gamecore

    en, ja = _load(ROOT / "assets/i18n/en.json"), _load(ROOT / "assets/i18n/ja.json")
    for info in gamecore.games():
        if info.id == "toy":
            continue
        for key in (info.title, info.pitch, f"game.{info.id}.short"):
            assert key in en and key in ja
        for lang in ("en", "ja"):
            text = (ROOT / "assets/rules" / f"{info.id}.{lang}.md").read_text(encoding="utf-8")
            assert text.startswith("# ") and len(text.splitlines()) > 60


def test_a_named_noun_agrees_with_the_count_of_its_sentence():
    from ui import i18n
    i18n.set_language("en")
    assert i18n.t("galaxy.log.gain", player=2, n=1, what="$galaxy.res.cr") == "Player 2 gets 1 credit"
    assert i18n.t("galaxy.log.gain", player=2, n=4, what="$galaxy.res.cr") == "Player 2 gets 4 credits"
    assert i18n.t("galaxy.res.cr") == "credits"          # alone (a label): the plural form


def test_every_choice_of_every_game_option_reads_as_words_in_both_languages():
    """The setup's dropdowns show option values through their catalog labels, never a raw id."""
    import gamecore
    from ui import i18n
    from ui.scenes.common import option_value_label

    try:
        for lang in ("en", "ja"):
            i18n.set_language(lang)
            for info in gamecore.games():
                if info.id == "toy":
                    continue
                for option in info.options:
                    for value in option.choices if option.kind == "choice" else ():
                        assert i18n.has(f"{option.label}.{value}", lang), (lang, info.id, option.name, value)
                        assert option_value_label(option, value) != str(value)
    finally:
        i18n.set_language("en")
