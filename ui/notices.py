"""Messages about the player's files, shown once in a message box by the app loop.

Code that finds a problem with a file (a damaged settings file kept aside, an unreadable autosave, a
broken catalog or theme, a damaged Misfit Heroes deck) calls ``post(key, **params)`` with an i18n key
whose sentence names the file and says what happened; ``App.frame`` takes the pending ones with
``take()`` (translated then, in the language of the moment) and opens a message box for each. Each
message is printed to stderr in English as well, so a headless run logs it. ``fallback`` is an English
template used when the catalogs themselves cannot be read.
"""
from __future__ import annotations

import sys

from gamecore.persistence import clip

MAX_CHARS = 400
_pending: list[tuple] = []
_seen: list[tuple] = []


def _freeze(params: dict) -> tuple:
    return tuple(sorted((k, clip(v, 300) if isinstance(v, str) else v) for k, v in params.items()))


def reason(exc: BaseException, name: str = "") -> object:
    """What is wrong, as a message parameter: translated when the error carries a code with a
    wording in the catalogs (``file.<code>``), else its English text without the file name."""
    text = clip(str(exc), 300)
    if name and text.startswith(name + " "):
        text = text[len(name) + 1:]
    code = getattr(exc, "code", "")
    if code:
        params = {k: v for k, v in getattr(exc, "params", {}).items() if isinstance(v, (str, int))}
        return ("@t", f"file.{code}", _freeze(params), text)
    return text


def _value(value, lang: str):
    from ui import i18n

    if isinstance(value, tuple) and len(value) == 4 and value[0] == "@t":
        _, key, params, english = value
        if not (i18n.has(key, lang) or i18n.has(key, "en")):
            return english
        return i18n.t_in(lang, key, **dict(params))
    return value


def render(note: tuple, lang: str | None = None) -> str:
    from ui import i18n

    key, fallback, params = note
    lang = lang or i18n.language()
    values = {k: _value(v, lang) for k, v in params}
    text = i18n.t_in(lang, key, **values)
    if text == key and fallback:
        try:
            text = fallback.format(**values)
        except (KeyError, IndexError, ValueError):
            text = fallback
    return clip(text, MAX_CHARS)


def post(key: str, fallback: str = "", **params) -> None:
    """Queue a message for the player (a repeat of one already posted in this run is dropped)."""
    note = (key, fallback, _freeze(params))
    if note in _seen:
        return
    _seen.append(note)
    _pending.append(note)
    print(f"tabletop-dojo: {render(note, 'en')}", file=sys.stderr)


def take() -> list[str]:
    """The messages not shown yet, oldest first, translated now (the queue is emptied)."""
    out = [render(note) for note in _pending]
    _pending.clear()
    return out


def pending() -> list[str]:
    return [render(note) for note in _pending]


def has_pending() -> bool:
    return bool(_pending)


def history(lang: str = "en") -> list[str]:
    """Every message posted in this run (tests and the smoke test read it)."""
    return [render(note, lang) for note in _seen]


def reset() -> None:
    _pending.clear()
    _seen.clear()
