"""The changing deck: which character overlay sits on which attribute card.

A *pairing* is a list of ``[attribute_id, character_id]`` pairs covering every attribute and every
character exactly once, sorted by attribute id. The session keeps the current pairing in the user
data dir (``save_pairing``/``load_pairing``, atomic writes) and hands it to a new game through
``gamecore.misfits.new_game(..., pairing=...)``. Between games a *remix* deals 4 attribute cards to
each seat (``remix_deal``); the seat swaps overlays among them (``apply_swaps``); bots choose their
swaps with ``bot_remix``. ``random_pairing`` makes a fresh random deck ("reset").
``deck_path()`` is the file in the user data dir; ``current_pairing(rng)`` loads it, or starts and
saves a fresh random deck when it is missing or unreadable.
"""
from __future__ import annotations

import itertools
import json
import os
import tempfile
from pathlib import Path
from typing import Any, Iterable

from gamecore.engine import ContentError, Rng

from .content import Content, content, make_hero


class PairingError(ValueError):
    """A pairing that does not cover every attribute and character exactly once."""


def validate_pairing(pairing: Any, data: Content | None = None) -> list[list[str]]:
    """A clean sorted copy of ``pairing``; raises PairingError saying what is wrong."""
    data = data or content()
    if not isinstance(pairing, (list, tuple)):
        raise PairingError("a pairing must be a list of [attribute_id, character_id] pairs")
    seen_a: set[str] = set()
    seen_c: set[str] = set()
    out = []
    for i, pair in enumerate(pairing):
        if not isinstance(pair, (list, tuple)) or len(pair) != 2:
            raise PairingError(f"pair {i} must be [attribute_id, character_id]")
        a, c = pair
        if not isinstance(a, str) or not isinstance(c, str):
            raise PairingError(f"pair {i} must name an attribute id and a character id (two strings)")
        if a not in data.attributes:
            raise PairingError(f"pair {i}: unknown attribute {a!r}")
        if c not in data.characters:
            raise PairingError(f"pair {i}: unknown character {c!r}")
        if a in seen_a:
            raise PairingError(f"pair {i}: attribute {a} is used twice")
        if c in seen_c:
            raise PairingError(f"pair {i}: character {c} is used twice")
        seen_a.add(a)
        seen_c.add(c)
        out.append([a, c])
    if len(seen_a) != len(data.attributes):
        missing = sorted(set(data.attributes) - seen_a)
        raise PairingError(f"the pairing leaves out attribute {missing[0]} (and {len(missing) - 1} more)")
    out.sort()
    return out


def random_pairing(rng: Rng, data: Content | None = None) -> list[list[str]]:
    data = data or content()
    attrs = sorted(data.attributes)
    chars = sorted(data.characters)
    rng.shuffle(chars)
    return [[a, c] for a, c in zip(attrs, chars)]


def save_pairing(path: str | Path, pairing: list) -> None:
    """Write atomically (temp file in the same folder, then os.replace)."""
    clean = validate_pairing(pairing)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".misfits-deck-", suffix=".tmp", dir=str(path.parent))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump({"version": 1, "pairing": clean}, fh, indent=0)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


MAX_DECK_BYTES = 64 * 1024


def load_pairing(path: str | Path) -> list[list[str]]:
    """Read a saved pairing; a broken file raises ContentError naming the file and field.

    The file is read like every user file (gamecore.persistence.read_limited): a FIFO, device or
    symlink to /dev/zero in its place, a file over 64 KiB, a huge number or deep nesting is refused.
    """
    from gamecore import persistence

    path = Path(path)
    try:
        data = persistence.parse_json_bytes(persistence.read_limited(path, MAX_DECK_BYTES))
    except persistence.FileProblem as exc:
        if exc.code == "missing":
            raise _deck_error(path.name, "(file)", "is missing", "missing") from None
        raise _deck_error(path.name, "(file)", str(exc), exc.code, **exc.params) from None
    if not isinstance(data, dict) or data.get("version") != 1:
        raise _deck_error(path.name, "version", "must be 1", "bad_field", field="version")
    try:
        return validate_pairing(data.get("pairing"))
    except PairingError as exc:
        detail = persistence.clip(str(exc), 200)
        raise _deck_error(path.name, "pairing", detail, "bad_deck", detail=detail) from None


def _deck_error(file_name: str, where: str, problem: str, code: str, **params) -> ContentError:
    """A ContentError that also carries a code for the app's translated message (i18n ``file.<code>``)."""
    error = ContentError(file_name, where, problem)
    error.code, error.params = code, params
    return error


def remix_deal(pairing: list, rng: Rng, seats: int) -> list[list[str]]:
    """Deal 4 attribute ids to each seat for the remix step."""
    attrs = sorted(a for a, _ in pairing)
    rng.shuffle(attrs)
    return [sorted(attrs[4 * s:4 * s + 4]) for s in range(seats)]


def apply_swaps(pairing: list, swaps: Iterable) -> list[list[str]]:
    """Exchange the overlays of each ``(attribute_a, attribute_b)`` in order; returns a new pairing."""
    table = {a: c for a, c in pairing}
    for i, swap in enumerate(swaps):
        if not isinstance(swap, (list, tuple)) or len(swap) != 2 or swap[0] not in table or swap[1] not in table:
            raise PairingError(f"swap {i} must name two attribute ids of the deck")
        a, b = swap
        table[a], table[b] = table[b], table[a]
    return sorted([a, c] for a, c in table.items())


def hero_appeal(attr_id: str, char_id: str, data: Content | None = None) -> float:
    """How pleasant a hero is to play, roughly (used by the bots' remix)."""
    data = data or content()
    hero = make_hero(data.attributes[attr_id], data.characters[char_id])
    hire = hero.hire
    value = float(hero.points) * 2.0
    acts = hire.get("activations", 1)
    strength = data.characters[char_id].cost + 3          # an overlay's cost tracks its strength
    value += strength * acts
    if hire["type"] == "score":
        value += 6.0 - 0.3 * data.characters[char_id].cost   # scorers are costly already: cheap overlays
    if hire["type"] == "condition" and acts > 1:
        value += 2.0
    if hero.faction != "misfit":
        value += 1.0                                      # pure factions are easier to build around
    value -= max(0, hero.cost - 22) * 0.8                  # very expensive heroes rot in the hand
    return value


def bot_remix(pairing: list, hand: list[str], rng: Rng) -> list[tuple[str, str]]:
    """Swaps among the 4 dealt attributes that maximise ``hero_appeal`` (ties broken at random)."""
    table = {a: c for a, c in pairing}
    attrs = list(hand)
    chars = [table[a] for a in attrs]
    best, best_perm = None, None
    perms = list(itertools.permutations(range(len(attrs))))
    rng.shuffle(perms)
    for perm in perms:
        score = sum(hero_appeal(attrs[i], chars[perm[i]]) for i in range(len(attrs)))
        if best is None or score > best + 1e-9:
            best, best_perm = score, perm
    # turn the permutation into a list of pairwise swaps
    current = list(chars)
    target = [chars[p] for p in best_perm]
    swaps = []
    for i in range(len(attrs)):
        if current[i] != target[i]:
            j = current.index(target[i])
            swaps.append((attrs[i], attrs[j]))
            current[i], current[j] = current[j], current[i]
    return swaps


DECK_FILE = "misfits-deck.json"


def deck_path() -> Path:
    """Where the app keeps the current deck (the user data dir, see gamecore.persistence)."""
    from gamecore import persistence
    return persistence.data_dir() / DECK_FILE


def current_pairing(rng: Rng, path: str | Path | None = None, on_problem=None) -> list[list[str]]:
    """The saved deck, or a fresh random one (saved at once) when there is none or it is unusable.

    A deck file that cannot be used (damaged, not a regular file, or no longer matching the shipped
    cards after an update) is never silently replaced: it is first kept aside under
    ``<name>.damaged-<time>`` and ``on_problem(file_name, reason, kept_name_or_None, error)`` is called
    so the app can say so (``error`` is the ContentError; its ``code`` names a translated wording);
    only then is a fresh deck dealt and saved.
    """
    from gamecore import persistence

    path = Path(path) if path is not None else deck_path()
    try:
        return load_pairing(path)
    except ContentError as exc:
        missing = getattr(exc, "code", "") == "missing" and not os.path.lexists(path)
        kept = None
        if not missing:
            kept = persistence.keep_aside(path)
            if on_problem is not None:
                on_problem(path.name, f"{exc.field}: {exc.problem}" if exc.field != "(file)" else exc.problem,
                           kept.name if kept is not None else None, exc)
        pairing = random_pairing(rng)
        if missing or kept is not None:          # never write over a damaged file we could not move
            try:
                save_pairing(path, pairing)
            except OSError:
                pass                     # storage problems must never stop a game from starting
        return pairing
