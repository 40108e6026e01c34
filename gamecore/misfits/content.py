"""Misfit Heroes content: attribute cards, character overlays, setup numbers; loading and validation.

The JSON files under assets/data/misfits/ are the source. Every file is validated on load and a
mistake raises ContentError(file, field path, problem). A hero is the pairing of one attribute (the
hire box) and one character overlay (the activation box); its cost, faction and printed points are
computed here, never typed twice.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gamecore.content import Checker, load_guarded, read_content
from gamecore.engine import ContentError  # noqa: F401  (re-exported: callers catch it from here)
from gamecore.resources import asset_path

GAME_ID = "misfits"
FACTIONS = ("human", "beast", "misfit")
ATTR_FACTIONS = ("human", "beast", "neutral")
CHAR_FACTIONS = ("human", "beast")
HIRE_TYPES = ("bonus", "condition", "extra", "score")
FILES = ("setup.json", "attributes.json", "characters.json")


@dataclass(frozen=True, slots=True)
class Attribute:
    id: str
    faction: str
    cost: int
    points: int
    hire: dict


@dataclass(frozen=True, slots=True)
class Character:
    id: str
    faction: str
    cost: int
    points: int
    activation: tuple


@dataclass(frozen=True, slots=True)
class Hero:
    """One sleeved card: attribute + character overlay. Everything but the two halves is computed."""
    id: str
    attr: str
    char: str
    cost: int
    faction: str
    points: int
    hire: dict
    activation: tuple

    @property
    def hire_type(self) -> str:
        return self.hire["type"]


def hero_id(attr_id: str, char_id: str) -> str:
    return f"hero:{attr_id}+{char_id}"


def combine_faction(attr_faction: str, char_faction: str) -> str:
    """Same faction → that faction; neutral attribute → the character's; different → misfit."""
    if attr_faction == "neutral":
        return char_faction
    return attr_faction if attr_faction == char_faction else "misfit"


def make_hero(attr: Attribute, char: Character) -> Hero:
    return Hero(hero_id(attr.id, char.id), attr.id, char.id, attr.cost + char.cost,
                combine_faction(attr.faction, char.faction), attr.points + char.points, attr.hire, char.activation)


@dataclass(frozen=True)
class Content:
    attributes: dict
    characters: dict
    setup: dict

    @property
    def influence_types(self) -> tuple:
        return tuple(self.setup["influence_types"])


# ---------------------------------------------------------------- validation helpers

class _Checker(Checker):
    """The shared checks (gamecore.content.Checker) under the name this module's helpers use."""


INFLUENCE_CHOICES = ("forest", "sea", "mountain", "any")
WHERE = ("column", "row", "adjacent", "any")


def _check_effect(ck: _Checker, e: Any, path: str, bonus_only: bool = False) -> None:
    ck.obj(e, path)
    simple = ("coins", "influence", "draw")
    kinds = simple if bonus_only else simple + (
        "draw_per", "coins_per", "choice", "activate", "hire", "coins_per_activated", "stun_self", "activate_all")
    kind = ck.choice(e, "do", path, kinds)
    if kind == "coins":
        ck.keys(e, path, {"do", "n"}); ck.int_(e, "n", path, 1, 50)
    elif kind == "influence":
        ck.keys(e, path, {"do", "n", "type"}); ck.int_(e, "n", path, 1, 6); ck.choice(e, "type", path, INFLUENCE_CHOICES)
    elif kind == "draw":
        ck.keys(e, path, {"do", "n"}); ck.int_(e, "n", path, 1, 8)
    elif kind == "draw_per":
        ck.keys(e, path, {"do", "faction"}); ck.choice(e, "faction", path, FACTIONS)
    elif kind == "coins_per":
        ck.keys(e, path, {"do", "faction", "n"}); ck.choice(e, "faction", path, FACTIONS); ck.int_(e, "n", path, 1, 20)
    elif kind == "choice":
        ck.keys(e, path, {"do", "options"})
        opts = ck.lst(e.get("options"), f"{path}.options", nonempty=True)
        if len(opts) < 2:
            ck.fail(f"{path}.options", "needs at least two options")
        for i, opt in enumerate(opts):
            for j, sub in enumerate(ck.lst(opt, f"{path}.options[{i}]", nonempty=True)):
                _check_effect(ck, sub, f"{path}.options[{i}][{j}]", bonus_only=True)
    elif kind == "activate":
        ck.keys(e, path, {"do", "where", "faction", "cost_max", "cost_min"})
        ck.choice(e, "where", path, WHERE)
        ck.choice(e, "faction", path, FACTIONS, optional=True)
        ck.int_(e, "cost_max", path, 0, 60, optional=True); ck.int_(e, "cost_min", path, 0, 60, optional=True)
    elif kind == "hire":
        ck.keys(e, path, {"do", "discount", "faction", "max_cost", "ignore_hire_box"})
        ck.int_(e, "discount", path, 0, 99)
        ck.choice(e, "faction", path, FACTIONS, optional=True)
        ck.int_(e, "max_cost", path, 0, 60, optional=True)
        if "ignore_hire_box" in e and not isinstance(e["ignore_hire_box"], bool):
            ck.fail(f"{path}.ignore_hire_box", "must be true or false")
    elif kind == "coins_per_activated":
        ck.keys(e, path, {"do", "n", "faction"}); ck.int_(e, "n", path, 1, 20); ck.choice(e, "faction", path, FACTIONS, optional=True)
    elif kind == "stun_self":
        ck.keys(e, path, {"do"})
    elif kind == "activate_all":
        ck.keys(e, path, {"do", "where"}); ck.choice(e, "where", path, ("row", "column"))


def _check_condition(ck: _Checker, c: Any, path: str) -> None:
    ck.obj(c, path)
    kind = ck.choice(c, "kind", path, ("column", "row", "neighbor", "faction_count", "more_than_next",
                                       "hand_min", "quests_min", "adjacent_min", "tableau_min"))
    if kind in ("column", "row"):
        ck.keys(c, path, {"kind", "in"})
        vals = ck.lst(c.get("in"), f"{path}.in", nonempty=True)
        for i, v in enumerate(vals):
            if v not in (1, 2, 3, 4):
                ck.fail(f"{path}.in[{i}]", f"must be 1..4, not {v!r}")
    elif kind == "neighbor":
        ck.keys(c, path, {"kind", "dir", "faction"}); ck.choice(c, "dir", path, ("left", "below"))
        ck.choice(c, "faction", path, FACTIONS)
    elif kind == "faction_count":
        ck.keys(c, path, {"kind", "faction", "min"}); ck.choice(c, "faction", path, FACTIONS); ck.int_(c, "min", path, 1, 15)
    elif kind == "more_than_next":
        ck.keys(c, path, {"kind", "what"}); ck.choice(c, "what", path, ("coins", "influence", "hand"))
    else:
        ck.keys(c, path, {"kind", "min"}); ck.int_(c, "min", path, 1, 15)


def _check_pay(ck: _Checker, p: Any, path: str) -> None:
    ck.obj(p, path)
    kind = ck.choice(p, "kind", path, ("coins", "discard_cards", "discard_influence", "give_coins", "stun_own"))
    if kind == "stun_own":
        ck.keys(p, path, {"kind"})
    else:
        ck.keys(p, path, {"kind", "n"}); ck.int_(p, "n", path, 1, 30)


def _check_scoring(ck: _Checker, s: Any, path: str) -> None:
    ck.obj(s, path)
    kind = ck.choice(s, "kind", path, ("row_col", "group", "threshold", "sets", "per_quest", "per_faction"))
    ck.int_(s, "points", path, 1, 20)
    if kind in ("row_col", "group", "per_faction"):
        ck.keys(s, path, {"kind", "faction", "points"}); ck.choice(s, "faction", path, FACTIONS)
    elif kind == "threshold":
        ck.keys(s, path, {"kind", "faction", "points", "min"}); ck.choice(s, "faction", path, FACTIONS)
        ck.int_(s, "min", path, 1, 16)
    else:
        ck.keys(s, path, {"kind", "points"})


def _check_hire(ck: _Checker, h: Any, path: str) -> None:
    ck.obj(h, path)
    kind = ck.choice(h, "type", path, HIRE_TYPES)
    if kind == "bonus":
        ck.keys(h, path, {"type", "effects"})
        for i, e in enumerate(ck.lst(h.get("effects"), f"{path}.effects", nonempty=True)):
            _check_effect(ck, e, f"{path}.effects[{i}]", bonus_only=True)
    elif kind == "condition":
        ck.keys(h, path, {"type", "condition", "activations"})
        _check_condition(ck, h.get("condition"), f"{path}.condition")
        ck.int_(h, "activations", path, 1, 3)
    elif kind == "extra":
        ck.keys(h, path, {"type", "cost", "activations"})
        _check_pay(ck, h.get("cost"), f"{path}.cost")
        ck.int_(h, "activations", path, 1, 3)
    else:
        ck.keys(h, path, {"type", "scoring"})
        _check_scoring(ck, h.get("scoring"), f"{path}.scoring")


def _check_half(ck: _Checker, item: Any, path: str, prefix: str, box: str, factions, seen: dict) -> Any:
    """The fields an attribute card and a character overlay share (id, faction, cost, points) plus its
    box (``hire`` or ``activation``); returns the id."""
    ck.obj(item, path)
    ck.keys(item, path, {"id", "faction", "cost", "points", box})
    hid = item.get("id")
    if not isinstance(hid, str) or not hid.startswith(prefix) or not hid[1:].isdigit():
        ck.fail(f"{path}.id", f"must look like '{prefix}12', not {hid!r}")
    if hid in seen:
        ck.fail(f"{path}.id", f"{hid} appears twice")
    ck.choice(item, "faction", path, factions)
    ck.int_(item, "cost", path, 0, 30)
    ck.int_(item, "points", path, 0, 10)
    return hid


def _read(directory: Path, name: str) -> Any:
    return read_content(directory, name)


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return {k: _freeze(v) for k, v in value.items()}
    return value


def load_content(directory: Path | str | None = None) -> Content:
    """Read and validate every content file; raise ContentError naming the file and field."""
    directory = Path(directory) if directory is not None else asset_path("data", GAME_ID)
    return load_guarded("misfits data", lambda: _load_content(directory))


def _load_content(directory: Path) -> Content:
    # setup.json
    ck = _Checker("setup.json")
    setup = ck.obj(_read(directory, "setup.json"), "(top)")
    ck.keys(setup, "setup", {"influence_types", "influence_supply", "quest_types", "quest_values", "removed_values",
                             "start_coins", "coin_step", "start_hand", "limits", "round_limit"})
    if setup.get("influence_types") != ["forest", "sea", "mountain"]:
        ck.fail("influence_types", "must be [\"forest\", \"sea\", \"mountain\"]")
    if setup.get("quest_types") != ["forest", "sea", "mountain", "town"]:
        ck.fail("quest_types", "must be [\"forest\", \"sea\", \"mountain\", \"town\"]")
    ck.int_(setup, "influence_supply", "setup", 8, 200)
    values = ck.lst(setup.get("quest_values"), "quest_values", nonempty=True)
    if any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in values) or values != sorted(values, reverse=True) \
            or len(set(values)) != len(values):
        ck.fail("quest_values", "must be distinct whole numbers from highest to lowest")
    removed = ck.obj(setup.get("removed_values"), "removed_values")
    for n in ("2", "3", "4"):
        rem = ck.lst(removed.get(n), f"removed_values.{n}")
        for i, v in enumerate(rem):
            if v not in values:
                ck.fail(f"removed_values.{n}[{i}]", f"{v!r} is not one of quest_values")
    ck.int_(setup, "start_coins", "setup", 0, 500); ck.int_(setup, "coin_step", "setup", 0, 100)
    ck.int_(setup, "start_hand", "setup", 0, 20); ck.int_(setup, "round_limit", "setup", 5, 1000)
    limits = ck.obj(setup.get("limits"), "limits")
    for key in ("hand", "influence", "coins"):
        ck.int_(limits, key, "limits", 1, 1000)
    # attributes.json
    ck = _Checker("attributes.json")
    top = ck.obj(_read(directory, "attributes.json"), "(top)")
    attributes: dict[str, Attribute] = {}
    for i, a in enumerate(ck.lst(top.get("attributes"), "attributes", nonempty=True)):
        path = f"attributes[{i}]"
        aid = _check_half(ck, a, path, "a", "hire", ATTR_FACTIONS, attributes)
        _check_hire(ck, a.get("hire"), f"{path}.hire")
        attributes[aid] = Attribute(aid, a["faction"], a["cost"], a["points"], _freeze(a["hire"]))
    # characters.json
    ck = _Checker("characters.json")
    top = ck.obj(_read(directory, "characters.json"), "(top)")
    characters: dict[str, Character] = {}
    for i, c in enumerate(ck.lst(top.get("characters"), "characters", nonempty=True)):
        path = f"characters[{i}]"
        cid = _check_half(ck, c, path, "c", "activation", CHAR_FACTIONS, characters)
        fx = ck.lst(c.get("activation"), f"{path}.activation", nonempty=True)
        for j, e in enumerate(fx):
            _check_effect(ck, e, f"{path}.activation[{j}]")
        characters[cid] = Character(cid, c["faction"], c["cost"], c["points"], _freeze(fx))
    if len(characters) != len(attributes):
        ck.fail("characters", f"there are {len(characters)} characters but {len(attributes)} attributes; "
                              "each attribute needs exactly one overlay")
    return Content(attributes, characters, setup)


_CACHE: dict[str, Content] = {}


def content() -> Content:
    """The shipped content, loaded once."""
    if "c" not in _CACHE:
        _CACHE["c"] = load_content()
    return _CACHE["c"]


def check_content() -> None:
    """Read and validate the shipped content once per process (every game start asks); raises ContentError
    when a file is broken (a broken file is read again at the next ask, so the message stays current)."""
    content()
