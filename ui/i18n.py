"""Player-visible text in English and Japanese.

Catalogs: assets/i18n/<lang>.json (app chrome) merged with assets/data/<game>/i18n.<lang>.json (each
game's events, prompts, card names and texts). Strings use ``{name}`` placeholders. A string
parameter that starts with "$" is itself a key and is translated first; a list parameter is rendered
element by element and joined with spaces. ``{n|card|cards}`` picks the singular when ``n`` is 1.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from gamecore.persistence import FileProblem, parse_json_bytes, read_limited

from .resources import asset_path

MAX_CATALOG_BYTES = 8 * 1024 * 1024

LANGUAGES = ("en", "ja")
_catalogs: dict[str, dict[str, str]] = {}
_problems: list[str] = []
_problem_files: list[tuple[str, Exception]] = []      # (file as shown, the FileProblem), for the app's message
_lang = "en"


def catalog_files(lang: str) -> list[Path]:
    files = [asset_path("i18n", f"{lang}.json")]
    data_dir = asset_path("data")
    if data_dir.is_dir():
        files.extend(sorted(data_dir.glob(f"*/i18n.{lang}.json")))
    return files


def _where(path: Path) -> str:
    """A catalog's name as messages show it: assets/i18n/en.json or assets/data/misfits/i18n.en.json."""
    if path.parent.name == "i18n":
        return f"assets/i18n/{path.name}"
    return f"assets/data/{path.parent.name}/{path.name}"


def load_catalog(lang: str) -> dict[str, str]:
    """Every catalog file of ``lang`` merged; a file that cannot be used is skipped and recorded in
    ``problems()`` (naming the file and what is wrong), so the other files and the other language
    still give text."""
    merged: dict[str, str] = {}
    for path in catalog_files(lang):
        try:
            data = parse_json_bytes(read_limited(path, MAX_CATALOG_BYTES))
            if not isinstance(data, dict):
                raise FileProblem("is not a JSON object of keys and texts")
        except FileProblem as exc:
            _problems.append(f"{_where(path)} {exc}")
            _problem_files.append((_where(path), exc))
            continue
        bad = [key for key, value in data.items() if not isinstance(value, str)]
        if bad:
            _problems.append(f"{_where(path)}: the value of {bad[0][:60]!r} is not a text"
                             + (f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""))
            _problem_files.append((_where(path), FileProblem(f"the value of {bad[0][:60]!r} is not a text",
                                                             "not_text", key=bad[0][:60])))
        for key, value in data.items():
            if isinstance(value, str):
                merged[key] = value
    return merged


def catalog(lang: str) -> dict[str, str]:
    if lang not in _catalogs:
        _catalogs[lang] = load_catalog(lang)
    return _catalogs[lang]


def problems() -> list[str]:
    """What is wrong with the catalogs read so far (``check_catalogs()`` reads them all)."""
    return list(_problems)


def problem_files() -> list[tuple[str, Exception]]:
    """The broken catalogs as (file as shown, FileProblem with its code), for a translated message."""
    return list(_problem_files)


def check_catalogs() -> list[str]:
    """Read every catalog of every language now; the problems found (empty when all are fine)."""
    for lang in LANGUAGES:
        catalog(lang)
    return problems()


def reload() -> None:
    """Forget the loaded catalogs and their problems (tests that break a catalog on purpose)."""
    _catalogs.clear()
    _problems.clear()
    _problem_files.clear()


def set_language(lang: str) -> None:
    global _lang
    _lang = lang if lang in LANGUAGES else "en"


def language() -> str:
    return _lang


def has(key: str, lang: str | None = None) -> bool:
    return key in catalog(lang or _lang)


def _param(value: Any, params: dict | None = None) -> Any:
    """A parameter as shown: ``$key`` is translated, with the sentence's plain parameters, so a named
    noun can agree with the count beside it (``"galaxy.res.cr": "{n|credit|credits}"``)."""
    if isinstance(value, str) and value.startswith("$"):
        plain = {k: v for k, v in (params or {}).items() if not (isinstance(v, str) and v.startswith("$"))
                 and not isinstance(v, (list, tuple))}
        return t(value[1:], **plain)
    if isinstance(value, (list, tuple)):
        joiner = "" if _lang == "ja" else " "
        return joiner.join(str(_param(v, params)) for v in value)
    return value


_PLURAL = re.compile(r"\{(\w+)\|([^|{}]*)\|([^|{}]*)\}")


def _plurals(template: str, params: dict) -> str:
    """``{n|card|cards}``: the first form when the parameter ``n`` is 1, else the second (English
    catalogs; Japanese needs none)."""
    def pick(m):
        value = params.get(m.group(1))
        try:
            one = int(value) == 1
        except (TypeError, ValueError):
            one = False
        return m.group(2) if one else m.group(3)
    return _PLURAL.sub(pick, template)


def t(key: str, **params: Any) -> str:
    """The translation of ``key`` in the current language (then English, then the other language when
    a catalog is missing or broken, then the key itself)."""
    return t_in(_lang, key, **params)


def t_in(lang: str, key: str, **params: Any) -> str:
    """``t`` in a given language."""
    template = catalog(lang).get(key)
    if template is None:
        for other in ("en",) + LANGUAGES:
            template = catalog(other).get(key)
            if template is not None:
                break
        else:
            template = key
    if "|" in template:
        template = _plurals(template, params)       # no count given: the plural form
    if not params:
        return template
    try:
        return template.format(**{k: _param(v, params) for k, v in params.items()})
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
