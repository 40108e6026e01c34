"""Loads and validates the Heroes of the Grid content (assets/data/rangers/*.json).

Content is plain data; card effects are lists of small effect dicts ({"op": ..., ...}) that the
engine interprets. Every problem raises ContentError(file, field path, problem).
"""
from __future__ import annotations

from functools import lru_cache

from gamecore.content import Checker, load_guarded, read_content
from gamecore.engine import ContentError
from gamecore.resources import asset_path

from . import cyclopsis as _cyclopsis

GAME = "rangers"
CARD_TYPES = ("attack", "maneuver", "reaction")
TRIGGERS = ("damage", "after_attack")
KEYWORDS = ("fast", "guard", "passive")
PASSIVE_OPS = {"damage_plus", "reflect", "immune_others", "only_zero_cost", "cost_plus", "revive"}
RANGER_OPS = {"attack", "splash", "on_kill", "attack_choose", "next_attack", "gain_energy", "draw",
              "extra_play", "to_deck_top", "recover_top", "reduce", "save_reveals", "extra_hit", "topdeck",
              "hit_any", "hit_adjacent_defeated", "double_play"}
ENEMY_OPS = {"damage", "drain", "mill", "discard_random", "discard_highest", "deploy_fs"} | PASSIVE_OPS
ZORD_OPS = {"next_attack", "capture_fs", "recover_top", "draw_each", "gain_energy", "place_megazord"}
DAMAGE_TO = ("choose", "lead", "each", "two", "others", "biggest_hand", "thinnest_deck")
B_SIDE_OPS = {"recover_limit", "slide_fs", "battle_topdeck", "hand_minus"}


def _read(name: str):
    return read_content(asset_path("data", GAME), name)


def _need(file, path, obj, key, kind, *, choices=None, minimum=None, maximum=None):
    """``obj[key]`` checked (gamecore.content.Checker.need): type, choices, range; ContentError otherwise."""
    return Checker(file).need(obj, key, path, kind, choices=choices, minimum=minimum, maximum=maximum)


def _ref(file, path, value, known, what):
    """A string naming one of ``known`` (a location, a ranger...); a list or number in its place is refused."""
    return Checker(file).ref(value, path, known, what)


def _effects(file, path, effects, ops, depth=0):
    if not isinstance(effects, list):
        raise ContentError(file, path, "must be a list of effects")
    for i, eff in enumerate(effects):
        op = _need(file, f"{path}[{i}]", eff, "op", str)
        if op not in ops:
            raise ContentError(file, f"{path}[{i}].op", f"unknown effect {op!r}")
        for k in ("n", "dice", "hits"):
            if k in eff and (isinstance(eff[k], bool) or not isinstance(eff[k], int) or not 0 <= eff[k] <= 99):
                raise ContentError(file, f"{path}[{i}].{k}", "must be a whole number from 0 to 99")
        if op == "damage":
            _need(file, f"{path}[{i}]", eff, "to", str, choices=DAMAGE_TO)
            _need(file, f"{path}[{i}]", eff, "n", int, minimum=0)
        if op == "on_kill":
            if depth > 4:
                raise ContentError(file, f"{path}[{i}].effects", "effects nest too deeply")
            _effects(file, f"{path}[{i}].effects", eff.get("effects"), ops, depth + 1)


class Content:
    """Every static fact of the game, indexed for the engine (shared by all states; never mutated)."""

    def __init__(self):
        comp = _read("components.json")
        f = "components.json"
        if not isinstance(comp, dict):
            raise ContentError(f, "(top)", "must be an object")
        die = comp.get("die")
        if not isinstance(die, list) or len(die) != 6 or not all(
                isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 9 for x in die):
            raise ContentError(f, "die", "must list 6 die faces as hit counts")
        for key in ("energy", "action", "hit", "panic", "dice", "fs_per_type"):
            _need(f, "supply", comp.get("supply"), key, int, minimum=1)
        for key in ("xp_track", "power_track", "hand_size", "hand_size_pair", "battle_pool", "recover_shields",
                    "fs_per_battle", "big_cards_per_battle", "monster_defeat", "boss_defeat",
                    "deployments_per_round", "round_cap"):
            _need(f, "components", comp, key, int, minimum=1)
        self.comp = comp
        self.die = die

        # ---- rangers and their combat cards
        f = "rangers.json"
        data = _read(f)
        self.rangers: dict[str, dict] = {}
        self.card_def: dict[str, dict] = {}      # def key -> def
        self.card_of: dict[str, str] = {}        # instance id -> def key
        self.card_ranger: dict[str, str] = {}    # instance id -> ranger id
        self.deck_of: dict[str, list[str]] = {}  # ranger id -> instance ids
        rangers = data.get("rangers") if isinstance(data, dict) else None
        if not isinstance(rangers, list) or not rangers:
            raise ContentError(f, "rangers", "must be a non-empty list")
        for ri, r in enumerate(rangers):
            p = f"rangers[{ri}]"
            rid = _need(f, p, r, "id", str)
            if rid in self.rangers:
                raise ContentError(f, f"{p}.id", f"duplicate ranger {rid!r}")
            _need(f, p, r, "zord", str)
            if "six_only" in r and not isinstance(r["six_only"], bool):
                raise ContentError(f, f"{p}.six_only", "must be true or false")
            ab = _need(f, p, r, "ability", dict)
            _need(f, f"{p}.ability", ab, "when", str, choices=("active", "battle_start"))
            _effects(f, f"{p}.ability.effects", ab.get("effects"), RANGER_OPS)
            cards = _need(f, p, r, "cards", list)
            ids = []
            shields = 0
            for ci, c in enumerate(cards):
                cp = f"{p}.cards[{ci}]"
                key = _need(f, cp, c, "key", str)
                if key in self.card_def:
                    raise ContentError(f, f"{cp}.key", f"duplicate card {key!r}")
                _need(f, cp, c, "type", str, choices=CARD_TYPES)
                cost = c.get("cost")
                if cost != "X" and (isinstance(cost, bool) or not isinstance(cost, int) or cost < 0):
                    raise ContentError(f, f"{cp}.cost", "must be a whole number >= 0 or \"X\"")
                sh = _need(f, cp, c, "shields", int, minimum=0)
                n = _need(f, cp, c, "count", int, minimum=1, maximum=10)
                _effects(f, f"{cp}.effects", c.get("effects"), RANGER_OPS)
                _effects(f, f"{cp}.defense", c.get("defense", []), {"gain_energy", "reduce"})
                if c["type"] == "reaction":
                    _need(f, cp, c, "trigger", str, choices=TRIGGERS)
                if c["type"] == "attack" and not any(e["op"] == "attack" for e in c["effects"]):
                    raise ContentError(f, f"{cp}.effects", "an attack card needs an attack effect")
                self.card_def[key] = c
                for _ in range(n):
                    iid = f"card:{rid}:{len(ids)}"
                    ids.append(iid)
                    self.card_of[iid] = key
                    self.card_ranger[iid] = rid
                    shields += sh
            if len(ids) != 10:
                raise ContentError(f, f"{p}.cards", f"a combat deck has 10 cards, not {len(ids)}")
            if shields != 20:
                raise ContentError(f, f"{p}.cards", f"a combat deck has 20 shields in total, not {shields}")
            self.rangers[rid] = r
            self.deck_of[rid] = ids

        # ---- locations
        f = "locations.json"
        data = _read(f)
        outer = data.get("outer") if isinstance(data, dict) else None
        if not isinstance(outer, list) or len(outer) != 4:
            raise ContentError(f, "outer", "must list the 4 outer locations")
        self.locations: dict[str, dict] = {}
        for li, loc in enumerate(outer):
            p = f"outer[{li}]"
            lid = _need(f, p, loc, "id", str)
            if lid in self.locations:
                raise ContentError(f, f"{p}.id", f"duplicate location {lid!r}")
            _need(f, p, loc, "limit", int, minimum=1, maximum=99)
            b = _need(f, p, loc, "b_side", dict)
            _need(f, f"{p}.b_side", b, "op", str, choices=tuple(sorted(B_SIDE_OPS)))
            self.locations[lid] = loc
        self.outer = [loc["id"] for loc in outer]
        _need(f, "command_center", data.get("command_center"), "id", str, choices=("command_center",))

        # ---- enemies
        f = "enemies.json"
        data = _read(f)
        self.enemy_def: dict[str, dict] = {}
        self.enemy_of: dict[str, str] = {}      # instance -> def key
        self.enemy_deck: dict[str, str] = {}    # instance -> deck (foe) id
        self.decks: dict[str, list[str]] = {}   # foe id -> instance ids
        self.foe_kind: dict[str, str] = {}      # foe id -> foot/monster/boss
        self.fs_types: list[str] = []
        self.fs_locations: dict[str, list[str]] = {}
        self.deploy_cards: dict[str, dict] = {}  # deploy id -> {"foe", "figures", "back"}
        for group, kind in (("foot_soldiers", "foot"), ("monsters", "monster"), ("bosses", "boss")):
            foes = data.get(group) if isinstance(data, dict) else None
            if not isinstance(foes, list) or not foes:
                raise ContentError(f, group, "must be a non-empty list")
            for fi, foe in enumerate(foes):
                p = f"{group}[{fi}]"
                fid = _need(f, p, foe, "id", str)
                if fid in self.foe_kind:
                    raise ContentError(f, f"{p}.id", f"duplicate enemy {fid!r}")
                self.foe_kind[fid] = kind
                ids = []
                for ci, c in enumerate(_need(f, p, foe, "cards", list)):
                    cp = f"{p}.cards[{ci}]"
                    key = _need(f, cp, c, "key", str)
                    if key in self.enemy_def:
                        raise ContentError(f, f"{cp}.key", f"duplicate card {key!r}")
                    _need(f, cp, c, "health", int, minimum=1)
                    kws = _need(f, cp, c, "keywords", list)
                    for k in kws:
                        if k not in KEYWORDS:
                            raise ContentError(f, f"{cp}.keywords", f"unknown keyword {k!r}")
                    _effects(f, f"{cp}.effects", c.get("effects"), ENEMY_OPS)
                    passive_ops = [e for e in c["effects"] if e["op"] in PASSIVE_OPS]
                    if passive_ops and "passive" not in kws:
                        raise ContentError(f, f"{cp}.keywords", "a continuous effect needs the passive keyword")
                    self.enemy_def[key] = c
                    for _ in range(_need(f, cp, c, "count", int, minimum=1, maximum=10)):
                        iid = f"enemy:{fid}:{len(ids)}"
                        ids.append(iid)
                        self.enemy_of[iid] = key
                        self.enemy_deck[iid] = fid
                want = 10 if kind == "foot" else 8
                if len(ids) != want:
                    raise ContentError(f, f"{p}.cards", f"this enemy deck has {want} cards, not {len(ids)}")
                self.decks[fid] = ids
                if kind == "foot":
                    self.fs_types.append(fid)
                    locs = _need(f, p, foe, "locations", list)
                    if len(locs) != 2:
                        raise ContentError(f, f"{p}.locations", "must name 2 outer locations")
                    for li, loc_id in enumerate(locs):
                        _ref(f, f"{p}.locations[{li}]", loc_id, self.locations, "outer location")
                    self.fs_locations[fid] = locs
                    deps = _need(f, p, foe, "deployment", list)
                    if len(deps) != 10:
                        raise ContentError(f, f"{p}.deployment", f"a type has 10 deployment cards, not {len(deps)}")
                    for di, dep in enumerate(deps):
                        dp = f"{p}.deployment[{di}]"
                        figs = _need(f, dp, dep, "figures", int, minimum=1)
                        if figs > 3:
                            raise ContentError(f, f"{dp}.figures", "a deployment card shows 1 to 3 figures")
                        _need(f, dp, dep, "back", str, choices=tuple(locs))
                        self.deploy_cards[f"deploy:{fid}:{di}"] = {"foe": fid, "figures": figs, "back": dep["back"]}
                else:
                    self.deploy_cards[f"deploy:{fid}"] = {"foe": fid, "figures": 0, "back": None}
        if len(self.fs_types) != 2:
            raise ContentError(f, "foot_soldiers", "a game uses exactly 2 foot-soldier types")
        linked = sorted(l for t in self.fs_types for l in self.fs_locations[t])
        if linked != sorted(self.outer):
            raise ContentError(f, "foot_soldiers", "the 2 types must link to the 4 outer locations")
        self.monsters = [k for k, v in self.foe_kind.items() if v == "monster"]
        self.bosses = [k for k, v in self.foe_kind.items() if v == "boss"]
        if len(self.monsters) < 2:
            raise ContentError(f, "monsters", "at least 2 monsters are needed")

        # ---- zords
        f = "zords.json"
        data = _read(f)
        self.zords: dict[str, dict] = {}
        for zi, z in enumerate(_need(f, "", data, "zords", list)):
            p = f"zords[{zi}]"
            zid = _need(f, p, z, "id", str)
            if zid in self.zords:
                raise ContentError(f, f"{p}.id", f"duplicate zord {zid!r}")
            r = _need(f, p, z, "ranger", str)
            if r not in self.rangers:
                raise ContentError(f, f"{p}.ranger", f"unknown ranger {r!r}")
            _need(f, p, z, "when", str, choices=("battle", "actions", "any"))
            _effects(f, f"{p}.effects", z.get("effects"), ZORD_OPS)
            self.zords[zid] = z
        mz = _need(f, "", data, "megazord", dict)
        mid = _need(f, "megazord", mz, "id", str)
        if not mid or mid in self.zords:
            raise ContentError(f, "megazord.id", f"must be an id of its own, not {mid!r}")
        _effects(f, "megazord.effects", mz.get("effects"), ZORD_OPS)
        self.megazord = mz
        for rid, r in self.rangers.items():
            if r["zord"] not in self.zords:
                raise ContentError("rangers.json", f"rangers.{rid}.zord", f"unknown zord {r['zord']!r}")
        self.base_rangers = [rid for rid, r in self.rangers.items() if not r.get("six_only")]

        # ---- i18n: identical key sets, every named thing has a name
        en = _read("i18n.en.json")
        ja = _read("i18n.ja.json")
        if set(en) != set(ja):
            missing = sorted(set(en) ^ set(ja))[:3]
            raise ContentError("i18n.ja.json", missing[0] if missing else "", "the two catalogs must have the same keys")
        for key in en:
            if not (key.startswith("rangers.") or key.startswith("illegal.")):
                raise ContentError("i18n.en.json", key, "keys start with 'rangers.' or 'illegal.'")
        for key in list(self.card_def):
            if f"rangers.card.{key}.name" not in en:
                raise ContentError("i18n.en.json", f"rangers.card.{key}.name", "missing")
        for key in list(self.enemy_def):
            if f"rangers.enemy.{key}.name" not in en:
                raise ContentError("i18n.en.json", f"rangers.enemy.{key}.name", "missing")
        self.i18n_en = en

        # ---- Cyclopsis (deluxe figure, Scenario #13): cyclopsis.json
        _cyclopsis.load(self)


@lru_cache(maxsize=1)
def content() -> Content:
    return load_guarded("rangers data", Content)


def check_content() -> None:
    """Load and validate the content once (cached); raises ContentError when a file is broken."""
    content()
