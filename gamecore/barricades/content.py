"""Barricades Mode content: cards, dungeon, Guardians, prestige boards and village numbers.

The JSON files under assets/data/barricades/ are the source. They are validated once per process
(``check_content``); a mistake raises ContentError(file, field path, problem). ``content()`` returns
the parsed, flattened tables the engine reads: every card kind (starters, hero levels, market cards,
treasures, the Wound card and every monster) is one entry of ``Content.cards`` keyed by its card key
(``garrik_2``, ``longsword``, ``drake``...).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gamecore.content import read_content
from gamecore.engine import ContentError
from gamecore.resources import asset_path
from . import DIFFICULTIES      # listed by the package, which the menu reads without this module

GAME_ID = "barricades"
FILES = ("cards.json", "dungeon.json", "guardians.json", "prestige.json", "village.json")
CLASSES = ("fighter", "rogue", "cleric", "wizard")
CARD_TYPES = ("hero", "weapon", "item", "spell", "ally", "treasure", "wound", "monster")
KEYWORDS = ("edged", "blunt", "bow", "arcane", "divine")
MONSTER_TYPES = ("vermin", "humanoid", "undead", "dragon", "demon")
LOCATIONS = ("marketplace", "bazaar", "guild", "temple", "shop")
GEAR = ("lantern", "potion", "rations")
FACES = ("purple", "blue", "red", "green", "wound", "foot1", "foot2", "x", "plus1", "trophy")
GUARDIANS = ("ashmaw", "morvane")
PRESTIGE = ("warlord", "shadowblade", "templar", "archmage", "warden", "quartermaster")
USES = ("heal", "battle_magic", "light", "barricade", "xp", "battle_party_attack")
CARD_OPS = ("attack", "magic", "light", "prevent", "def_minus", "heal", "draw", "treasure", "treasure_pick", "xp",
            "party_attack", "party_light", "free_room", "buy", "barricade_discount", "magic_per_spell",
            "magic_per_member")
STAT_FIELDS = ("sk", "a", "m", "lt", "au")
COUNTED_OPS = ("army_x", "temple_heal")    # advanced-token ops that count their n (the others count 1 a token)


@dataclass
class Content:
    cards: dict[str, dict]                 # card key -> definition (type, stats, effects...)
    starting_deck: dict[str, int]
    starting_deck_both: dict[str, int]
    heroes: dict[str, dict]                # hero id -> class, race, cost
    hero_stack: dict[int, int]
    level_up_xp: dict[int, int]
    market: dict[str, dict]
    market_slots: list[str]
    market_stack_size: int
    treasures: dict[str, int]              # treasure key -> count
    wound_cards: int
    wilderness: dict
    rooms: dict[str, dict]
    groups: dict[str, dict]
    guardians: dict[str, dict]
    rank_costs: list[int]
    boards: dict[str, dict]
    village: dict
    raw: dict = field(default_factory=dict, repr=False)
    # values derived from the tables above, worked out on first use (content never changes once loaded)
    derived: dict = field(default_factory=dict, repr=False, compare=False)


def _read(name: str) -> Any:
    """One data file through the shared reader (regular files only, size-capped, UTF-8, sane JSON)."""
    try:
        return read_content(asset_path("data", GAME_ID), name)
    except ContentError as exc:
        raise ContentError(f"data/{GAME_ID}/{name}", exc.field, exc.problem) from None


class _Checker:
    """Small typed getters that raise ContentError naming the file and the field path."""

    def __init__(self, file: str):
        self.file = f"data/{GAME_ID}/{file}"

    def fail(self, path: str, problem: str):
        raise ContentError(self.file, path, problem)

    def obj(self, data, path) -> dict:
        if not isinstance(data, dict):
            self.fail(path, "must be an object")
        return data

    def lst(self, data, path) -> list:
        if not isinstance(data, list):
            self.fail(path, "must be a list")
        return data

    def get(self, data, key, path, kind, default=...):
        if key not in data:
            if default is ...:
                self.fail(f"{path}.{key}", "is missing")
            return default
        value = data[key]
        where = f"{path}.{key}"
        if kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                self.fail(where, f"must be a whole number, not {value!r}")
            if value < -20 or value > 1000:
                self.fail(where, f"is out of range ({value})")
        elif kind is bool:
            if not isinstance(value, bool):
                self.fail(where, f"must be true or false, not {value!r}")
        elif kind is str:
            if not isinstance(value, str):
                self.fail(where, f"must be a string, not {value!r}")
        elif kind is dict:
            self.obj(value, where)
        elif kind is list:
            self.lst(value, where)
        return value

    def one_of(self, value, allowed, path):
        if value not in allowed:
            self.fail(path, f"must be one of {', '.join(allowed)}, not {value!r}")
        return value


def _card(c: _Checker, key: str, data: dict, path: str, *, default_type: str | None = None) -> dict:
    c.obj(data, path)
    out: dict[str, Any] = {"key": key}
    out["type"] = c.one_of(c.get(data, "type", path, str, default_type) if default_type else c.get(data, "type", path, str),
                           CARD_TYPES, f"{path}.type")
    for stat in STAT_FIELDS:
        out[stat] = c.get(data, stat, path, int, 0)
    out["cost"] = c.get(data, "cost", path, int, 0)
    out["level"] = c.get(data, "level", path, int, 0)
    out["class"] = c.get(data, "class", path, str, "none")
    out["keywords"] = [c.one_of(k, KEYWORDS, f"{path}.keywords[{i}]")
                       for i, k in enumerate(c.get(data, "keywords", path, list, []))]
    out["no_hero"] = c.get(data, "no_hero", path, bool, False)
    out["no_level_up"] = c.get(data, "no_level_up", path, bool, False)
    out["lend_with"] = c.get(data, "lend_with", path, str, "")
    out["once"] = c.get(data, "once", path, bool, False)
    if out["once"]:
        out["use"] = c.one_of(c.get(data, "use", path, str), USES, f"{path}.use")
        out["n"] = c.get(data, "n", path, int)
    effects = []
    for i, eff in enumerate(c.get(data, "effects", path, list, [])):
        where = f"{path}.effects[{i}]"
        c.obj(eff, where)
        op = c.one_of(c.get(eff, "op", where, str), CARD_OPS, f"{where}.op")
        e = {"op": op}
        for name in ("n", "max", "draw", "keep"):
            if name in eff:
                e[name] = c.get(eff, name, where, int)
        for name in ("with", "with_card", "with_class", "when", "target", "scope"):
            if name in eff:
                e[name] = c.get(eff, name, where, str)
        if "vs" in eff:
            e["vs"] = [c.one_of(t, MONSTER_TYPES, f"{where}.vs[{j}]") for j, t in enumerate(c.get(eff, "vs", where, list))]
        effects.append(e)
    out["effects"] = effects
    return out


def _monster(c: _Checker, key: str, data: dict, path: str, level: int, mtype: str) -> dict:
    c.obj(data, path)
    m = {"key": key, "type": "monster", "level": level, "mtype": mtype, "cost": 0, "keywords": [], "effects": [],
         "sk": 0, "a": 0, "m": 0, "lt": 0, "class": "none", "no_hero": False, "no_level_up": True, "lend_with": "",
         "once": False}
    m["hp"] = c.get(data, "hp", path, int)
    for name in ("swarm", "def", "mdef", "xp", "au", "wounds", "wound_cards", "discard", "raider", "treasure"):
        m[name] = c.get(data, name, path, int, 0)
    m["incorporeal"] = c.get(data, "incorporeal", path, bool, False)
    menace = c.get(data, "menace", path, dict, None)
    if menace is not None:
        op = c.one_of(c.get(menace, "op", f"{path}.menace", str), ("darkness", "light", "no_plus_one"), f"{path}.menace.op")
        menace = {"op": op, "n": c.get(menace, "n", f"{path}.menace", int, 0),
                  "from_level": c.get(menace, "from_level", f"{path}.menace", int, 0)}
    m["menace"] = menace
    m["spoils"] = [c.obj(s, f"{path}.spoils[{i}]") for i, s in enumerate(c.get(data, "spoils", path, list, []))]
    return m


def _parse() -> Content:
    raw = {name: _read(name) for name in FILES}
    cards: dict[str, dict] = {}

    c = _Checker("cards.json")
    data = c.obj(raw["cards.json"], "(top)")
    for key, value in c.get(data, "starters", "(top)", dict).items():
        cards[key] = _card(c, key, value, f"starters.{key}")
    decks = {}
    for name in ("starting_deck", "starting_deck_both_shards"):
        deck = c.get(data, name, "(top)", dict)
        for key in deck:
            c.get(deck, key, name, int)
            if key not in cards:
                c.fail(f"{name}.{key}", "is not a starter card")
        decks[name] = dict(deck)
    heroes = {}
    for hid, hero in c.get(data, "heroes", "(top)", dict).items():
        path = f"heroes.{hid}"
        c.obj(hero, path)
        cls = c.one_of(c.get(hero, "class", path, str), CLASSES, f"{path}.class")
        heroes[hid] = {"class": cls, "race": c.get(hero, "race", path, str), "cost": c.get(hero, "cost", path, int)}
        levels = c.get(hero, "levels", path, dict)
        for lvl in ("1", "2", "3"):
            if lvl not in levels:
                c.fail(f"{path}.levels.{lvl}", "is missing")
            card = dict(levels[lvl])
            card.update({"type": "hero", "class": cls, "level": int(lvl), "cost": heroes[hid]["cost"]})
            made = _card(c, f"{hid}_{lvl}", card, f"{path}.levels.{lvl}")
            made["hero"] = hid
            cards[f"{hid}_{lvl}"] = made
    if sorted(h["class"] for h in heroes.values()).count("fighter") < 1:
        c.fail("heroes", "needs at least one hero of every class")
    for cls in CLASSES:
        if not any(h["class"] == cls for h in heroes.values()):
            c.fail("heroes", f"has no {cls}")
    stack = c.get(data, "hero_stack", "(top)", dict)
    hero_stack = {int(k): c.get(stack, k, "hero_stack", int) for k in ("1", "2", "3")}
    lvl_xp = c.get(data, "level_up_xp", "(top)", dict)
    level_up_xp = {int(k): c.get(lvl_xp, k, "level_up_xp", int) for k in ("0", "1", "2")}
    market = {}
    for key, value in c.get(data, "market", "(top)", dict).items():
        market[key] = cards[key] = _card(c, key, value, f"market.{key}")
    ms = c.get(data, "market_stacks", "(top)", dict)
    slots = [c.one_of(s, ("weapon", "item", "spell", "any"), f"market_stacks.slots[{i}]")
             for i, s in enumerate(c.get(ms, "slots", "market_stacks", list))]
    stack_size = c.get(ms, "cards_per_stack", "market_stacks", int)
    if c.get(ms, "count", "market_stacks", int) != len(slots):
        c.fail("market_stacks.count", "must equal the number of slots")
    for kind in ("weapon", "item", "spell"):
        if sum(1 for m in market.values() if m["type"] == kind) < slots.count(kind):
            c.fail("market", f"has fewer {kind} cards than market slots")
    treasures = {}
    for key, value in c.get(data, "treasures", "(top)", dict).items():
        path = f"treasures.{key}"
        treasures[key] = c.get(c.obj(value, path), "count", path, int)
        cards[key] = _card(c, key, value, path)
        cards[key]["treasure"] = True
    wound_cards = c.get(data, "wound_cards", "(top)", int)
    cards["wound"] = {"key": "wound", "type": "wound", "sk": 0, "a": 0, "m": 0, "lt": 0, "au": 0, "cost": 0, "level": 0,
                      "class": "none", "keywords": [], "effects": [], "no_hero": False, "no_level_up": True,
                      "lend_with": "", "once": False}

    c = _Checker("dungeon.json")
    data = c.obj(raw["dungeon.json"], "(top)")
    wild = c.get(data, "wilderness", "(top)", dict)
    wild_m = c.get(wild, "monster", "wilderness", dict)
    rat_type = c.one_of(c.get(wild_m, "type", "wilderness.monster", str), MONSTER_TYPES, "wilderness.monster.type")
    rat = _monster(c, c.get(wild_m, "id", "wilderness.monster", str), wild_m, "wilderness.monster", 0, rat_type)
    wilderness = {"level": 0, "darkness": c.get(wild, "darkness", "wilderness", int), "monster": rat}
    rooms = {}
    for rid, room in c.get(data, "rooms", "(top)", dict).items():
        path = f"rooms.{rid}"
        c.obj(room, path)
        r = {"level": c.get(room, "level", path, int), "darkness": c.get(room, "darkness", path, int)}
        if r["level"] not in (1, 2, 3):
            c.fail(f"{path}.level", "must be 1, 2 or 3")
        for name in ("hp", "xp", "attack", "treasure", "wounds", "mdef"):
            r[name] = c.get(room, name, path, int, 0)
        r["spoils"] = [c.obj(s, f"{path}.spoils[{i}]") for i, s in enumerate(c.get(room, "spoils", path, list, []))]
        rooms[rid] = r
    for lvl in (1, 2, 3):
        if sum(1 for r in rooms.values() if r["level"] == lvl) != 2:
            c.fail("rooms", f"level {lvl} needs exactly 2 rooms")
    groups = {}
    for gid, group in c.get(data, "groups", "(top)", dict).items():
        path = f"groups.{gid}"
        c.obj(group, path)
        lvl = c.get(group, "level", path, int)
        mtype = c.one_of(c.get(group, "type", path, str), MONSTER_TYPES, f"{path}.type")
        members = {}
        for mid, mon in c.get(group, "monsters", path, dict).items():
            m = _monster(c, mid, mon, f"{path}.monsters.{mid}", lvl, mtype)
            m["count"] = c.get(mon, "count", f"{path}.monsters.{mid}", int)
            members[mid] = cards[mid] = m
        groups[gid] = {"level": lvl, "type": mtype, "monsters": members}
    for lvl in (1, 2, 3):
        if sum(1 for g in groups.values() if g["level"] == lvl) < 1:
            c.fail("groups", f"has no group of level {lvl}")
    cards[rat["key"]] = rat

    c = _Checker("guardians.json")
    data = c.obj(raw["guardians.json"], "(top)")
    guardians = {}
    for gid in GUARDIANS:
        g = c.get(data, gid, "(top)", dict)
        path = gid
        out = {"type": c.one_of(c.get(g, "type", path, str), MONSTER_TYPES, f"{path}.type")}
        for track in ("lair_track", "threat_track"):
            values = c.get(g, track, path, list)
            if not values:
                c.fail(f"{path}.{track}", "must not be empty")
            for i, v in enumerate(values):
                if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                    c.fail(f"{path}.{track}[{i}]", f"must be a whole number, not {v!r}")
            out[track] = list(values)
        # v6: an optional lair track for some hero counts (solo keeps the v5 track; see NOTES "Numbers changed")
        out["lair_track_by_heroes"] = {}
        for n, values in c.obj(c.get(g, "lair_track_by_heroes", path, dict, {}), f"{path}.lair_track_by_heroes").items():
            where = f"{path}.lair_track_by_heroes.{n}"
            if n not in ("1", "2", "3", "4", "5", "6"):
                c.fail(where, "must be a hero count from 1 to 6")
            if not isinstance(values, list) or not values:
                c.fail(where, "must be a list that is not empty")
            for i, v in enumerate(values):
                if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                    c.fail(f"{where}[{i}]", f"must be a whole number, not {v!r}")
            out["lair_track_by_heroes"][int(n)] = list(values)
        for side in ("lair_triangles", "triangles"):
            tri = c.get(g, side, path, dict)
            for colour in ("purple", "blue", "red", "green"):
                eff = c.get(tri, colour, f"{path}.{side}", dict)
                c.get(eff, "op", f"{path}.{side}.{colour}", str)
                for k, v in eff.items():
                    if k != "op":
                        c.get(eff, k, f"{path}.{side}.{colour}", int)
            out[side] = tri
        for name in ("reveal", "ongoing"):
            eff = c.get(g, name, path, dict)
            c.get(eff, "op", f"{path}.{name}", str)
            c.get(eff, "n", f"{path}.{name}", int)
            out[name] = eff
        for name in ("darkness", "def", "mdef"):
            out[name] = c.get(g, name, path, int)
        defeat = c.get(g, "defeat", path, dict)
        out["defeat"] = {k: c.get(defeat, k, f"{path}.defeat", int) for k in ("wounds", "wound_cards", "xp", "treasure")}
        effects = c.get(g, "wound_effects", path, list)
        for i, eff in enumerate(effects):
            c.get(c.obj(eff, f"{path}.wound_effects[{i}]"), "op", f"{path}.wound_effects[{i}]", str)
        out["wound_effects"] = effects
        hp = c.get(g, "hp", path, dict)
        out["hp"] = {}
        for n in range(1, 7):
            entries = c.get(hp, str(n), f"{path}.hp", list)
            for i, v in enumerate(entries):
                if isinstance(v, bool) or not isinstance(v, int) or v <= 0:
                    c.fail(f"{path}.hp.{n}[{i}]", f"must be a positive whole number, not {v!r}")
            if len(entries) < 1:
                c.fail(f"{path}.hp.{n}", "needs at least one entry")
            out["hp"][n] = list(entries)
        guardians[gid] = out

    c = _Checker("prestige.json")
    data = c.obj(raw["prestige.json"], "(top)")
    costs = c.get(data, "rank_costs", "(top)", list)
    for i, v in enumerate(costs):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            c.fail(f"rank_costs[{i}]", f"must be a whole number, not {v!r}")
    boards = {}
    for bid in PRESTIGE:
        b = c.get(c.get(data, "boards", "(top)", dict), bid, "boards", dict)
        path = f"boards.{bid}"
        trophy = c.get(b, "trophy", path, dict)
        c.get(trophy, "n", f"{path}.trophy", int)
        c.get(trophy, "r3", f"{path}.trophy", int)
        ranks = c.get(b, "ranks", path, list)
        if len(ranks) != len(costs):
            c.fail(f"{path}.ranks", f"needs {len(costs)} ranks")
        for i, r in enumerate(ranks):
            c.get(c.obj(r, f"{path}.ranks[{i}]"), "op", f"{path}.ranks[{i}]", str)
            if "n" in r:
                c.get(r, "n", f"{path}.ranks[{i}]", int)
        boards[bid] = {"trophy": trophy, "double": c.get(b, "double", path, str), "ranks": ranks}

    c = _Checker("village.json")
    data = c.obj(raw["village.json"], "(top)")
    village = {}
    if c.get(data, "locations", "(top)", list) != list(LOCATIONS):
        c.fail("locations", f"must list {', '.join(LOCATIONS)}")
    for name in ("spots_per_location", "barricade_cost", "heal_cost", "temple_heal", "dice_cap", "hand_size",
                 "wound_token_cap", "turn_limit"):
        village[name] = c.get(data, name, "(top)", int)
    gear = c.get(data, "gear", "(top)", dict)
    village["gear"] = {}
    for g in GEAR:
        entry = c.get(gear, g, "gear", dict)
        village["gear"][g] = {k: c.get(entry, k, f"gear.{g}", int) for k in ("cost", "supply")}
    shop = c.get(data, "shop", "(top)", dict)
    village["shop"] = {k: c.get(shop, k, "shop", int) for k in ("cost", "draw", "keep")}
    blanks = c.get(data, "blank_tokens", "(top)", dict)
    village["blank_tokens"] = {loc: c.get(blanks, loc, "blank_tokens", int) for loc in LOCATIONS}
    village["advanced_tokens"] = {}
    for tid, tok in c.get(data, "advanced_tokens", "(top)", dict).items():
        path = f"advanced_tokens.{tid}"
        village["advanced_tokens"][tid] = entry = {
            "location": c.one_of(c.get(tok, "location", path, str), LOCATIONS, f"{path}.location"),
            "count": c.get(tok, "count", path, int), "op": c.get(tok, "op", path, str), "n": c.get(tok, "n", path, int)}
        # v7 (ours): a token that counts its n (army_x, temple_heal) may give another n for some hero counts
        # (the Defiled Altar adds no X at 4 heroes; see NOTES "Numbers changed"); other counts keep "n"
        entry["n_by_heroes"] = {}
        by = c.get(tok, "n_by_heroes", path, dict, {})
        if by and entry["op"] not in COUNTED_OPS:
            c.fail(f"{path}.n_by_heroes", f"only a token whose op is {' or '.join(COUNTED_OPS)} counts its n")
        for n, value in by.items():
            where = f"{path}.n_by_heroes.{n}"
            if n not in ("1", "2", "3", "4", "5", "6"):
                c.fail(where, "must be a hero count from 1 to 6")
            if isinstance(value, bool) or not isinstance(value, int) or value < 0 or value > 10:
                c.fail(where, f"must be a whole number from 0 to 10, not {value!r}")
            entry["n_by_heroes"][int(n)] = value
    village["raider_min_heroes"] = c.get(data, "raider_min_heroes", "(top)", int) if "raider_min_heroes" in data else 1
    faces = c.get(data, "die_faces", "(top)", list)
    for i, f in enumerate(faces):
        c.one_of(f, FACES, f"die_faces[{i}]")
    if len(faces) != 12:
        c.fail("die_faces", "a Guardian die has 12 faces")
    village["die_faces"] = faces
    diffs = c.get(data, "difficulties", "(top)", dict)
    village["difficulties"] = {}
    for did in DIFFICULTIES:
        entry = c.get(diffs, did, "difficulties", dict)
        path = f"difficulties.{did}"
        village["difficulties"][did] = {
            "adventurers_out": c.get(entry, "adventurers_out", path, int),
            "heroes_in": c.get(entry, "heroes_in", path, int),
            "advanced": c.get(entry, "advanced", path, bool),
            "loss": c.get(entry, "loss", path, int)}

    return Content(cards=cards, starting_deck=decks["starting_deck"], starting_deck_both=decks["starting_deck_both_shards"],
                   heroes=heroes, hero_stack=hero_stack, level_up_xp=level_up_xp, market=market, market_slots=slots,
                   market_stack_size=stack_size, treasures=treasures, wound_cards=wound_cards, wilderness=wilderness,
                   rooms=rooms, groups=groups, guardians=guardians, rank_costs=list(costs), boards=boards,
                   village=village, raw=raw)


_CACHE: Content | None = None


def content() -> Content:
    global _CACHE
    if _CACHE is None:
        _CACHE = _parse()
    return _CACHE


def check_content() -> None:
    """Validate every data file once per process (raises ContentError naming file and field)."""
    content()
