"""Galaxy Hunters content: planets, mutants, mech upgrade tiles, mechs, pilots, pilot upgrades,
missions, specialists and the setup numbers; loading and validation.

The JSON files under assets/data/galaxy/ are the source, read and validated once per process. A
mistake raises ContentError(file, field path, problem) and only this game stops.

Effect vocabulary (planet effects, specialists' "when hired" and "flip" effects), one dict each:
  gain {what, n}             credits ("cr") or a resource; resources stop at the tracker's cap
  rep {n}                    reputation steps
  repair {n}                 restore up to n cubes (the seat picks the mix)
  buy_tile {section, n?}     buy up to n (default 1) market tiles of that section (weapon/system/prestige)
  pilot_upgrade {cost}       pay cost cr for one face-up pilot upgrade
  cleanse {cost, n}          pay cost cr to remove n radiation
  hire_specialist            hire one face-up specialist for its printed cost
  take_mission               take one face-up mission free
  choose_resources {n}       take n resources of one's choice, one at a time (not Favour)
  swap_resource              give 1 resource, take 1 of another type
  splice_dna                 2 DNA of one type -> 1 DNA of any type
  lone_ship                  this turn one lone ship may land on an invaded dock
  recall                     the mech comes home
A planet's ``effect`` is a list of options ("or"), each a list of effects done in order.

Ability vocabulary (pilot abilities, pilot upgrades, passive specialists), one dict each with a
``hook``: attack_bonus, strike_reduction, combat_discount {cube: ammo|energy|any}, kill_cr,
invader_rep, kill_dna {species}, repair_bonus, recall_repair, planet_bonus {planet, what},
market_discount {section?}, mission_discount, mission_cr, upkeep_per_ship, upkeep_discount,
radiation_shield, after_combat_cube, after_combat_resource {choices}, mech_planet_cr,
opponent_mission_cr, opponent_kill_cr {max_per_round}, opponent_hire_cr. Every hook carries ``n``.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gamecore.content import Checker, load_guarded, read_content
from gamecore.engine import ContentError
from gamecore.resources import asset_path

GAME_ID = "galaxy"
FILES = ("mechs.json", "missions.json", "mutants.json", "pilot_upgrades.json", "pilots.json", "planets.json",
         "setup.json", "specialists.json", "tiles.json")
RESOURCES = ("alloy", "fuel", "crystal", "circuit", "isotope", "favour")
DNA = ("S", "G", "R", "B", "M")
CUBES = ("armour", "ammo", "energy")
ICONS = ("bal", "enr", "hvy", "arm", "cel", "rck")
SECTIONS = ("weapon", "system", "prestige")
PRESTIGE_KINDS = ("medal", "merchant", "ship")
DOCK_MARKS = ("all", "3", "4", "rep4", "rep8", "rep12")
GAINS = ("cr",) + RESOURCES
EFFECTS = ("gain", "rep", "repair", "buy_tile", "pilot_upgrade", "cleanse", "hire_specialist", "take_mission",
           "choose_resources", "swap_resource", "splice_dna", "lone_ship", "recall")
HOOKS = ("attack_bonus", "strike_reduction", "combat_discount", "kill_cr", "invader_rep", "kill_dna", "repair_bonus",
         "recall_repair", "planet_bonus", "market_discount", "mission_discount", "mission_cr", "upkeep_per_ship",
         "upkeep_discount", "radiation_shield", "after_combat_cube", "after_combat_resource", "mech_planet_cr",
         "opponent_mission_cr", "opponent_kill_cr", "opponent_hire_cr")


@dataclass(frozen=True)
class Content:
    planets: dict       # id -> dict (number, radiation, docks, effect, mech_rep)
    planet_order: tuple
    species: dict       # id -> dict (dna, strength, armour, reward, tiles, red)
    tiles: dict         # kind -> dict
    tile_order: tuple
    mechs: dict
    pilots: dict
    pilot_upgrades: dict
    missions: dict
    specialists: dict
    setup: dict

    def numbered(self) -> list:
        """Numbered planets in number order (the invasion path)."""
        return sorted((p for p in self.planets.values() if p["number"]), key=lambda p: p["number"])


class _Checker(Checker):
    """The shared content checker (gamecore.content) plus the few field kinds only Galaxy Hunters has."""

    def str_(self, d: dict, key: str, path: str):
        v = d.get(key)
        if not isinstance(v, str) or not v:
            self.fail(f"{path}.{key}", "must be a non-empty string")
        return v

    def ids(self, items: list, path: str) -> dict:
        out = {}
        for i, item in enumerate(items):
            self.obj(item, f"{path}[{i}]")
            ident = self.str_(item, "id", f"{path}[{i}]")
            if ident in out:
                self.fail(f"{path}[{i}].id", f"duplicate id {ident!r}")
            out[ident] = item
        return out

    def copies(self, d: dict, path: str):
        c = self.lst(d.get("copies"), f"{path}.copies")
        if len(c) != 3:
            self.fail(f"{path}.copies", "must list the copies for 2, 3 and 4 players")
        for i, v in enumerate(c):
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 9:
                self.fail(f"{path}.copies[{i}]", f"must be a whole number 0..9, not {v!r}")
        if not c[0] <= c[1] <= c[2]:
            self.fail(f"{path}.copies", "must not shrink with more players")


def _check_effect(ck: _Checker, e: Any, path: str) -> None:
    ck.obj(e, path)
    kind = ck.choice(e, "do", path, EFFECTS)
    if kind == "gain":
        ck.keys(e, path, {"do", "what", "n"}); ck.choice(e, "what", path, GAINS); ck.int_(e, "n", path, 1, 9)
    elif kind == "rep":
        ck.keys(e, path, {"do", "n"}); ck.int_(e, "n", path, 1, 5)
    elif kind == "repair":
        ck.keys(e, path, {"do", "n"}); ck.int_(e, "n", path, 1, 9)
    elif kind == "buy_tile":
        ck.keys(e, path, {"do", "section", "n"}); ck.choice(e, "section", path, SECTIONS)
        ck.int_(e, "n", path, 1, 3, optional=True)
    elif kind == "pilot_upgrade":
        ck.keys(e, path, {"do", "cost"}); ck.int_(e, "cost", path, 0, 9)
    elif kind == "cleanse":
        ck.keys(e, path, {"do", "cost", "n"}); ck.int_(e, "cost", path, 0, 9); ck.int_(e, "n", path, 1, 3)
    elif kind == "choose_resources":
        ck.keys(e, path, {"do", "n"}); ck.int_(e, "n", path, 1, 5)
    else:
        ck.keys(e, path, {"do"})


def _check_ability(ck: _Checker, a: Any, path: str, planets: dict) -> None:
    ck.obj(a, path)
    hook = ck.choice(a, "hook", path, HOOKS)
    ck.int_(a, "n", path, 1, 5)
    allowed = {"hook", "n"}
    if hook == "combat_discount":
        allowed.add("cube"); ck.choice(a, "cube", path, ("ammo", "energy", "any"))
    elif hook == "kill_dna":
        allowed.add("species")
        for i, sp in enumerate(ck.lst(a.get("species"), f"{path}.species", nonempty=True)):
            if not isinstance(sp, str):
                ck.fail(f"{path}.species[{i}]", "must be a species id")
    elif hook == "planet_bonus":
        allowed |= {"planet", "what"}; ck.choice(a, "planet", path, tuple(planets)); ck.choice(a, "what", path, GAINS)
    elif hook == "market_discount":
        allowed.add("section"); ck.choice(a, "section", path, SECTIONS, optional=True)
    elif hook == "after_combat_resource":
        allowed.add("choices")
        for i, r in enumerate(ck.lst(a.get("choices"), f"{path}.choices", nonempty=True)):
            if r not in RESOURCES:
                ck.fail(f"{path}.choices[{i}]", f"must be a resource, not {r!r}")
    elif hook == "opponent_kill_cr":
        allowed.add("max_per_round"); ck.int_(a, "max_per_round", path, 1, 9)
    ck.keys(a, path, allowed)


def _read(directory: Path, name: str) -> Any:
    return read_content(directory, name)


def load_content(directory: Path | str | None = None) -> Content:
    """Read and check every data file (any slip past the checks still ends in a ContentError)."""
    return load_guarded("galaxy data", lambda: _load_content(directory))


def _load_content(directory: Path | str | None) -> Content:
    directory = Path(directory) if directory is not None else asset_path("data", GAME_ID)
    raw = {name: _read(directory, name) for name in FILES}

    ck = _Checker("planets.json")
    planets = ck.ids(ck.lst(ck.obj(raw["planets.json"], "").get("planets"), "planets", nonempty=True), "planets")
    numbers = set()
    for i, p in enumerate(raw["planets.json"]["planets"]):
        path = f"planets[{i}]"
        ck.keys(p, path, {"id", "number", "radiation", "docks", "effect", "mech_rep"})
        n = ck.int_(p, "number", path, 0, 9)
        if n and n in numbers:
            ck.fail(f"{path}.number", f"number {n} is used twice")
        numbers.add(n)
        ck.int_(p, "radiation", path, 0, 3)
        ck.int_(p, "mech_rep", path, 0, 20, optional=True)
        for j, m in enumerate(ck.lst(p.get("docks"), f"{path}.docks")):
            if m not in DOCK_MARKS:
                ck.fail(f"{path}.docks[{j}]", f"must be one of {', '.join(DOCK_MARKS)}, not {m!r}")
        for j, opt in enumerate(ck.lst(p.get("effect"), f"{path}.effect", nonempty=True)):
            for k, e in enumerate(ck.lst(opt, f"{path}.effect[{j}]", nonempty=True)):
                _check_effect(ck, e, f"{path}.effect[{j}][{k}]")
    numbered = sorted(n for n in numbers if n)
    if numbered != list(range(1, len(numbered) + 1)):
        ck.fail("planets", "numbered planets must be numbered 1, 2, 3... without gaps")

    ck = _Checker("mutants.json")
    species = ck.ids(ck.lst(ck.obj(raw["mutants.json"], "").get("species"), "species", nonempty=True), "species")
    dna_seen = set()
    for i, sp in enumerate(raw["mutants.json"]["species"]):
        path = f"species[{i}]"
        ck.keys(sp, path, {"id", "dna", "strength", "armour", "reward", "tiles", "red"})
        d = ck.choice(sp, "dna", path, DNA)
        if d in dna_seen:
            ck.fail(f"{path}.dna", f"DNA {d} is used by two species")
        dna_seen.add(d)
        ck.int_(sp, "strength", path, 1, 9); ck.int_(sp, "armour", path, 1, 20)
        tiles = ck.int_(sp, "tiles", path, 1, 20)
        ck.int_(sp, "red", path, 0, tiles)
        rw = ck.obj(sp.get("reward"), f"{path}.reward")
        ck.keys(rw, f"{path}.reward", {"dna", "rep", "cr"})
        for key in ("dna", "rep", "cr"):
            ck.int_(rw, key, f"{path}.reward", 0, 9)

    ck = _Checker("tiles.json")
    tiles = ck.ids(ck.lst(ck.obj(raw["tiles.json"], "").get("tiles"), "tiles", nonempty=True), "tiles")
    for i, t in enumerate(raw["tiles.json"]["tiles"]):
        path = f"tiles[{i}]"
        sec = ck.choice(t, "section", path, SECTIONS)
        cost = ck.obj(t.get("cost"), f"{path}.cost")
        ck.keys(cost, f"{path}.cost", set(GAINS))
        for key in cost:
            ck.int_(cost, key, f"{path}.cost", 0, 9)
        if sec == "weapon":
            ck.keys(t, path, {"id", "section", "icon", "attack", "ammo", "energy", "cost", "copies"})
            ck.choice(t, "icon", path, ICONS)
            ck.int_(t, "attack", path, 1, 12); ck.int_(t, "ammo", path, 0, 6); ck.int_(t, "energy", path, 0, 6)
        elif sec == "system":
            ck.keys(t, path, {"id", "section", "icon", "adds", "cost", "copies"})
            ck.choice(t, "icon", path, ICONS)
            adds = ck.obj(t.get("adds"), f"{path}.adds")
            ck.keys(adds, f"{path}.adds", set(CUBES))
            if not adds:
                ck.fail(f"{path}.adds", "must add at least one kind of cube")
            for key in adds:
                ck.int_(adds, key, f"{path}.adds", 1, 6)
        else:
            ck.keys(t, path, {"id", "section", "kind", "vp", "cost", "copies", "min_rep"})
            ck.choice(t, "kind", path, PRESTIGE_KINDS)
            ck.int_(t, "vp", path, 0, 20); ck.int_(t, "min_rep", path, 0, 20, optional=True)
        ck.copies(t, path)

    ck = _Checker("mechs.json")
    mechs = ck.ids(ck.lst(ck.obj(raw["mechs.json"], "").get("mechs"), "mechs", nonempty=True), "mechs")
    for i, m in enumerate(raw["mechs.json"]["mechs"]):
        path = f"mechs[{i}]"
        ck.keys(m, path, {"id", "armour", "ammo", "energy", "live"})
        for key in CUBES:
            ck.int_(m, key, path, 0, 9)
        live = ck.lst(m.get("live"), f"{path}.live")
        if len(live) != 2 or len(set(live)) != 2 or any(v not in (1, 2, 3, 4) for v in live):
            ck.fail(f"{path}.live", "must name 2 different abilities among 1..4")

    ck = _Checker("pilots.json")
    pilots = ck.ids(ck.lst(ck.obj(raw["pilots.json"], "").get("pilots"), "pilots", nonempty=True), "pilots")
    for i, p in enumerate(raw["pilots.json"]["pilots"]):
        path = f"pilots[{i}]"
        ck.keys(p, path, {"id", "blueprint", "abilities"})
        bp = ck.lst(p.get("blueprint"), f"{path}.blueprint")
        if len(bp) != 6:
            ck.fail(f"{path}.blueprint", "must list 6 icons")
        for j, icon in enumerate(bp):
            if icon not in ICONS:
                ck.fail(f"{path}.blueprint[{j}]", f"must be one of {', '.join(ICONS)}, not {icon!r}")
        abil = ck.lst(p.get("abilities"), f"{path}.abilities")
        if len(abil) != 4:
            ck.fail(f"{path}.abilities", "must list 4 abilities")
        for j, a in enumerate(abil):
            _check_ability(ck, a, f"{path}.abilities[{j}]", planets)
    if len(mechs) < 4 or len(pilots) < 4:
        ck.fail("pilots", "the draft needs at least 4 mechs and 4 pilots")

    ck = _Checker("pilot_upgrades.json")
    pupgs = ck.ids(ck.lst(ck.obj(raw["pilot_upgrades.json"], "").get("pilot_upgrades"), "pilot_upgrades", nonempty=True),
                   "pilot_upgrades")
    for i, u in enumerate(raw["pilot_upgrades.json"]["pilot_upgrades"]):
        path = f"pilot_upgrades[{i}]"
        ck.keys(u, path, {"id", "copies", "ability"})
        ck.int_(u, "copies", path, 1, 9)
        _check_ability(ck, u.get("ability"), f"{path}.ability", planets)

    ck = _Checker("missions.json")
    missions = ck.ids(ck.lst(ck.obj(raw["missions.json"], "").get("missions"), "missions", nonempty=True), "missions")
    for i, m in enumerate(raw["missions.json"]["missions"]):
        path = f"missions[{i}]"
        ck.keys(m, path, {"id", "dna", "favour", "vp"})
        ck.int_(m, "favour", path, 0, 9); ck.int_(m, "vp", path, 1, 40)
        dna = ck.obj(m.get("dna"), f"{path}.dna")
        if not dna:
            ck.fail(f"{path}.dna", "must need at least one DNA")
        ck.keys(dna, f"{path}.dna", set(DNA))
        for key in dna:
            ck.int_(dna, key, f"{path}.dna", 1, 5)

    ck = _Checker("specialists.json")
    specs = ck.ids(ck.lst(ck.obj(raw["specialists.json"], "").get("specialists"), "specialists", nonempty=True),
                   "specialists")
    for i, s in enumerate(raw["specialists.json"]["specialists"]):
        path = f"specialists[{i}]"
        ck.keys(s, path, {"id", "cost", "ability", "on_hire", "flip", "min_players"})
        ck.int_(s, "cost", path, 0, 9); ck.int_(s, "min_players", path, 2, 4, optional=True)
        if sum(k in s for k in ("ability", "on_hire", "flip")) != 1:
            ck.fail(path, "needs exactly one of ability, on_hire, flip")
        if "ability" in s:
            _check_ability(ck, s["ability"], f"{path}.ability", planets)
        for key in ("on_hire", "flip"):
            if key in s:
                for j, e in enumerate(ck.lst(s[key], f"{path}.{key}", nonempty=True)):
                    _check_effect(ck, e, f"{path}.{key}[{j}]")

    ck = _Checker("setup.json")
    setup = ck.obj(raw["setup.json"], "")
    for key, lo, hi in (("rounds", 1, 20), ("start_ships", 1, 5), ("third_ship_round", 1, 20), ("upkeep_per_ship", 0, 9),
                        ("uran_spots", 1, 8), ("mission_display", 1, 6), ("specialist_display", 1, 6),
                        ("pilot_upgrade_display", 1, 6), ("pilot_upgrade_limit", 0, 9), ("mech_slots", 1, 12),
                        ("repair_dock", 1, 9), ("resource_cap", 1, 99), ("blueprint_bonus", 0, 30), ("penalty", 0, 10),
                        ("rep_max", 1, 40), ("dna_points", 0, 5)):
        ck.int_(setup, key, "", lo, hi)
    sc = ck.lst(setup.get("start_credits"), "start_credits")
    if len(sc) != 4:
        ck.fail("start_credits", "must list 4 amounts (seats 1..4)")
    for i, v in enumerate(sc):
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 30:
            ck.fail(f"start_credits[{i}]", f"must be a whole number 0..30, not {v!r}")
    for key in ("invasion_rounds", "upkeep_rounds"):
        for i, v in enumerate(ck.lst(setup.get(key), key)):
            if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= setup["rounds"]:
                ck.fail(f"{key}[{i}]", f"must be a round number 1..{setup['rounds']}, not {v!r}")
    vp = ck.lst(setup.get("rep_vp"), "rep_vp")
    if len(vp) != setup["rep_max"] + 1:
        ck.fail("rep_vp", f"must list {setup['rep_max'] + 1} values (spaces 0..{setup['rep_max']})")
    for i, v in enumerate(vp):
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 99:
            ck.fail(f"rep_vp[{i}]", f"must be a whole number 0..99, not {v!r}")
    ck.obj(setup.get("rep_symbols"), "rep_symbols")
    ck.keys(setup, "", {"rounds", "start_credits", "start_ships", "third_ship_round", "invasion_rounds", "upkeep_rounds",
                        "upkeep_per_ship", "uran_spots", "mission_display", "specialist_display", "pilot_upgrade_display",
                        "pilot_upgrade_limit", "mech_slots", "repair_dock", "resource_cap", "blueprint_bonus", "penalty",
                        "rep_max", "rep_vp", "rep_symbols", "dna_points"})

    # cross-file checks
    for pid, p in pilots.items():
        for j, a in enumerate(p["abilities"]):
            for sp in a.get("species", ()):
                if sp not in species:
                    raise ContentError("pilots.json", f"pilots.{pid}.abilities[{j}].species", f"unknown species {sp!r}")
    for uid, u in pupgs.items():
        for sp in u["ability"].get("species", ()):
            if sp not in species:
                raise ContentError("pilot_upgrades.json", f"pilot_upgrades.{uid}.ability.species", f"unknown species {sp!r}")
    if sum(sp["tiles"] for sp in species.values()) < setup["uran_spots"] + 2:
        raise ContentError("mutants.json", "species", "too few mutant tiles for Uran's spots")

    order = tuple(p["id"] for p in raw["planets.json"]["planets"])
    return Content(planets, order, species, tiles, tuple(t["id"] for t in raw["tiles.json"]["tiles"]), mechs, pilots,
                   pupgs, missions, specs, setup)


_CACHE: dict[str, Content] = {}
_LOADED: Content | None = None         # _CACHE["c"], read without a lookup: the rules ask ~1,000 times a game


def content() -> Content:
    """The shipped content, loaded and validated once per process."""
    global _LOADED
    got = _LOADED
    if got is None:
        got = _CACHE.get("c")
        if got is None:
            got = _CACHE["c"] = load_content()
        _LOADED = got
    return got


def check_content() -> None:
    content()
