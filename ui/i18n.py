"""Player-visible text in English and Japanese.

Catalogs: assets/i18n/<lang>.json (app chrome) merged with assets/data/<game>/i18n.<lang>.json (each
game's events, prompts, card names and texts). Strings use ``{name}`` placeholders. A string
parameter that starts with "$" is itself a key and is translated first; a list parameter is rendered
element by element and joined with spaces.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .resources import asset_path

LANGUAGES = ("en", "ja")
_catalogs: dict[str, dict[str, str]] = {}
_problems: list[str] = []
_lang = "en"


def catalog_files(lang: str) -> list[Path]:
    files = [asset_path("i18n", f"{lang}.json")]
    data_dir = asset_path("data")
    if data_dir.is_dir():
        files.extend(sorted(data_dir.glob(f"*/i18n.{lang}.json")))
    return files


def load_catalog(lang: str) -> dict[str, str]:
    merged: dict[str, str] = {}
    for path in catalog_files(lang):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict):
                raise ValueError("top level is not an object")
        except (OSError, ValueError) as exc:
            _problems.append(f"{path.name}: {exc}")
            continue
        for key, value in data.items():
            if isinstance(value, str):
                merged[key] = value
    return merged


def catalog(lang: str) -> dict[str, str]:
    if lang not in _catalogs:
        _catalogs[lang] = load_catalog(lang)
    return _catalogs[lang]


def problems() -> list[str]:
    return list(_problems)


def set_language(lang: str) -> None:
    global _lang
    _lang = lang if lang in LANGUAGES else "en"


def language() -> str:
    return _lang


def has(key: str, lang: str | None = None) -> bool:
    return key in catalog(lang or _lang)


def _param(value: Any) -> Any:
    if isinstance(value, str) and value.startswith("$"):
        return t(value[1:])
    if isinstance(value, (list, tuple)):
        joiner = "" if _lang == "ja" else " "
        return joiner.join(str(_param(v)) for v in value)
    return value


def t(key: str, **params: Any) -> str:
    """The translation of ``key`` in the current language (English as fallback, then the key itself)."""
    template = catalog(_lang).get(key)
    if template is None:
        template = catalog("en").get(key, key)
    if not params:
        return template
    try:
        return template.format(**{k: _param(v) for k, v in params.items()})
    except (KeyError, IndexError, ValueError):
        return template


def event_text(event) -> str:
    """A game-log sentence for an Event, with its cause when the effect was automatic."""
    line = t(event.key, **event.params)
    if event.cause:
        line += t("log.because", cause=t(event.cause, **event.cause_params))
    return line


def illegal_text(exc) -> str:
    """The engine's reason for refusing an action, translated when a translation exists."""
    key = f"illegal.{exc.code}"
    if has(key) or has(key, "en"):
        return t(key, **exc.params)
    try:
        return exc.reason.format(**exc.params)
    except (KeyError, IndexError, ValueError):
        return exc.reason
