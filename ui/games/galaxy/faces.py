"""What the Galaxy Hunters pieces say: names and short texts built from the game's content (the
dicts of assets/data/galaxy/*.json) through the i18n catalogs, in English or Japanese.

Component names come from the game's catalog (``galaxy.<kind>.<id>``, written by the engine); a name
the catalog lacks is shown as its id made readable, so a new component never shows a raw key.
Effect and cost texts are composed here from the content's effect vocabulary with ``galaxy.ui.*``
phrases, so a planet's printed text always matches what the engine does.
"""
from __future__ import annotations

from ui.i18n import has, t

from .views import DisplayFace, MutantFace, TileFace

BANDS = ((236, 236, 240), (70, 120, 220), (210, 64, 64))      # white / blue (3+) / red (4) colour bands
STAR_COLOURS = {4: (205, 127, 50), 8: (200, 204, 214), 12: (236, 196, 70)}


def name(kind: str, cid: str) -> str:
    """The translated name of a component kind/id (``planet``, ``tile``, ``mech``, ``pilot``, ...)."""
    for key in (f"galaxy.{kind}.{cid}", f"galaxy.{kind}.{cid}.name"):
        if has(key) or has(key, "en"):
            return t(key)
    return cid.replace("_", " ").title()


def resource(what: str) -> str:
    return t(f"galaxy.ui.res.{what}")


def cost_text(cost: dict) -> str:
    """"3cr + Crystal + Isotope" from {"cr": 3, "crystal": 1, "isotope": 1}."""
    parts = []
    for what, n in cost.items():
        if what == "cr":
            parts.append(t("galaxy.ui.cr", n=n))
        elif n == 1:
            parts.append(resource(what))
        else:
            parts.append(f"{n} {resource(what)}")
    return " + ".join(parts)


def effect_text(effect: dict) -> str:
    do = effect.get("do")
    n = effect.get("n", 1)
    if do == "gain":
        what = effect.get("what")
        return t("galaxy.ui.fx.gain_cr", n=n) if what == "cr" else t("galaxy.ui.fx.gain", n=n, what=resource(what))
    if do == "buy_tile":
        return t("galaxy.ui.fx.buy_tile", section=t(f"galaxy.ui.section.{effect.get('section')}"))
    key = f"galaxy.ui.fx.{do}"
    return t(key, n=n, cost=effect.get("cost", 0)) if has(key, "en") else do


def option_text(options: list) -> str:
    """A planet's effect: options joined by "or", the effects of one option by commas."""
    joiner = t("galaxy.ui.fx.and")
    return t("galaxy.ui.fx.or").join(joiner.join(effect_text(e) for e in option) for option in options)


def dock_mark(mark: str) -> str:
    """A dock's printed mark: ● for every player count, 3 / 4 for 3+ / 4 players, ☆n for reputation n."""
    if mark == "all":
        return "●"
    if mark.startswith("rep"):
        return f"☆{mark[3:]}"
    return mark


def mutant_face(species_id: str, species: dict) -> MutantFace:
    r = species.get("reward", {})
    reward = t("galaxy.ui.reward", dna=r.get("dna", 0), letter=species["dna"], rep=r.get("rep", 0), cr=r.get("cr", 0))
    return MutantFace(species_id, name("species", species_id), species["strength"], species["armour"], reward,
                      species["dna"])


def tile_stats(tile: dict) -> str:
    section = tile.get("section")
    if section == "weapon":
        pays = []
        if tile.get("ammo"):
            pays.append(t("galaxy.ui.ammo_n", n=tile["ammo"]))
        if tile.get("energy"):
            pays.append(t("galaxy.ui.energy_n", n=tile["energy"]))
        return t("galaxy.ui.attack_n", n=tile.get("attack", 0)) + (" · " + " ".join(pays) if pays else "")
    if section == "system":
        return " ".join(t(f"galaxy.ui.adds.{k}", n=v) for k, v in tile.get("adds", {}).items())
    if tile.get("kind") == "ship":
        return t("galaxy.ui.hired_ship")
    return t("galaxy.ui.vp_n", n=tile.get("vp", 0))


def tile_icon(tile: dict) -> str:
    if tile.get("section") == "prestige":
        kind = tile.get("kind")
        return "ship_hired" if kind == "ship" else f"icon_{kind}"
    return f"icon_{tile.get('icon')}"


def tile_face(kind: str, tile: dict, copies: int | None = None, band: int = 0) -> TileFace:
    cost = cost_text(tile.get("cost", {}))
    if tile.get("min_rep"):
        cost += " · " + t("galaxy.ui.min_rep", n=tile["min_rep"])
    return TileFace(name("tile", kind), tile_icon(tile), tile_stats(tile), cost, copies, BANDS[band % len(BANDS)])


def mission_face(mid: str, mission: dict, done: bool = False) -> DisplayFace:
    letters = tuple(letter for letter, n in mission.get("dna", {}).items() for _ in range(n))
    return DisplayFace(t("galaxy.ui.mission"), cost=t("galaxy.ui.favour_n", n=mission.get("favour", 0)),
                       vp=mission.get("vp"), dna=letters, kind="mission", used=done)


def specialist_face(sid: str, card: dict, used: bool = False) -> DisplayFace:
    return DisplayFace(name("specialist", sid), text=ability_text("specialist", sid),
                       cost=t("galaxy.ui.cr", n=card.get("cost", 0)), vp=1, kind="specialist", used=used)


def upgrade_face(uid: str) -> DisplayFace:
    return DisplayFace(name("pilot_upgrade", uid), text=ability_text("pilot_upgrade", uid),
                       cost=t("galaxy.ui.cr", n=3), vp=1, kind="pilot_upgrade")


def ability_text(kind: str, cid: str, index: int | None = None) -> str:
    """The rules text of a component from the game's catalog (``galaxy.<kind>.<id>.text``)."""
    key = f"galaxy.{kind}.{cid}.text" if index is None else f"galaxy.{kind}.{cid}.ability{index}"
    return t(key) if has(key) or has(key, "en") else ""
