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
    kind = KIND_KEYS.get(kind, kind)
    for key in (f"galaxy.{kind}.{cid}", f"galaxy.{kind}.{cid}.name"):
        if has(key) or has(key, "en"):
            return t(key)
    return cid.replace("_", " ").title()


KIND_KEYS = {"specialist": "spec", "pilot_upgrade": "pupg"}


def catalog_text(key: str) -> str | None:
    """The engine catalog's own wording of ``key`` when it has one (it is the reference), else None."""
    return t(key) if has(key) or has(key, "en") else None


def resource(what: str) -> str:
    """A resource's name: the engine's catalog first (galaxy.res.*), else the table's own."""
    return t(f"galaxy.res.{what}") if has(f"galaxy.res.{what}", "en") else t(f"galaxy.ui.res.{what}")


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
        return t("galaxy.ui.fx.buy_tile" if n == 1 else "galaxy.ui.fx.buy_tiles", n=n,
                 section=t(f"galaxy.ui.section.{effect.get('section')}"))
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
    reward = t("galaxy.ui.reward" if r.get("cr", 0) else "galaxy.ui.reward_no_cr", dna=r.get("dna", 0),
               letter=species["dna"], rep=r.get("rep", 0), cr=r.get("cr", 0))
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
    short = tuple((what, t("galaxy.ui.cr", n=n) if what == "cr" else n) for what, n in tile.get("cost", {}).items())
    rep = t("galaxy.ui.min_rep", n=tile["min_rep"]) if tile.get("min_rep") else ""
    return TileFace(name("tile", kind), tile_icon(tile), tile_stats(tile), cost, copies, BANDS[band % len(BANDS)],
                    cost_parts=short, cost_note=rep, cost_rep=tile.get("min_rep", 0),
                    pays=tuple((k, tile[k]) for k in ("ammo", "energy") if tile.get("section") == "weapon"
                               and tile.get(k)))


def mission_face(mid: str, mission: dict, done: bool = False, held: bool = False) -> DisplayFace:
    """A mission's card; ``held``: on its owner's board, where its Favour is paid already (no cost shown)."""
    letters = tuple(letter for letter, n in mission.get("dna", {}).items() for _ in range(n))
    return DisplayFace("".join(letters), cost="" if held else t("galaxy.ui.favour_n", n=mission.get("favour", 0)),
                       vp=mission.get("vp"), dna=letters, kind="mission", used=done)


def specialist_face(sid: str, card: dict, used: bool = False) -> DisplayFace:
    return DisplayFace(name("specialist", sid), text=catalog_text(f"galaxy.spec.{sid}.text") or card_text(card),
                       cost=t("galaxy.ui.cr", n=card.get("cost", 0)), vp=1, kind="specialist", used=used)


def upgrade_face(uid: str, card: dict) -> DisplayFace:
    return DisplayFace(name("pilot_upgrade", uid), text=catalog_text(f"galaxy.pupg.{uid}.text") or card_text(card),
                       cost=t("galaxy.ui.cr", n=3), vp=1, kind="pilot_upgrade")


def ability_phrase(ability: dict) -> str:
    """A passive ability (pilot, pilot upgrade, specialist) in words, from its hook and numbers."""
    hook = ability.get("hook", "")
    params = {"n": ability.get("n", 1), "max": ability.get("max_per_round", 0)}
    if "cube" in ability:
        params["cube"] = t(f"galaxy.ui.cube.{ability['cube']}")
    if "species" in ability:
        params["species"] = t("galaxy.ui.or").join(name("species", s) for s in ability["species"])
    if "planet" in ability:
        params["planet"] = name("planet", ability["planet"])
    if "what" in ability:
        params["what"] = t("galaxy.ui.cr", n="").strip() if ability["what"] == "cr" else resource(ability["what"])
    if "choices" in ability:
        params["what"] = t("galaxy.ui.or").join(resource(c) for c in ability["choices"])
    params["section"] = (t(f"galaxy.ui.section.{ability['section']}") if ability.get("section")
                         else t("galaxy.ui.all_tiles"))
    key = f"galaxy.ui.hook.{hook}"
    return t(key, **params) if has(key, "en") else hook


def card_text(card: dict) -> str:
    """A specialist's or upgrade's whole text: its passive ability, its flip and its "when hired"."""
    parts = []
    if card.get("ability"):
        parts.append(ability_phrase(card["ability"]))
    if card.get("flip"):
        parts.append(t("galaxy.ui.flip", text=t("galaxy.ui.fx.and").join(effect_text(e) for e in card["flip"])))
    if card.get("on_hire"):
        parts.append(t("galaxy.ui.on_hire", text=t("galaxy.ui.fx.and").join(effect_text(e) for e in card["on_hire"])))
    return " ".join(parts)


RESOURCE_IDS = ("alloy", "fuel", "crystal", "circuit", "isotope", "favour")


def kind_of(instance: str) -> str:
    """The component kind of an instance id: "tile:rail_rifle:1" -> "rail_rifle", "spec:scout" -> "scout"."""
    parts = instance.split(":")
    return parts[1] if len(parts) > 1 else instance


def mission_title(mission: dict) -> str:
    letters = "".join(letter * n for letter, n in mission.get("dna", {}).items())
    return catalog_text_with("galaxy.mission.name", dna=letters) or t("galaxy.ui.mission_named", dna=letters)


def catalog_text_with(key: str, **params) -> str | None:
    return t(key, **params) if has(key) or has(key, "en") else None


def planet_effect(pid: str, planet: dict) -> str:
    """A planet's printed effect: the engine's wording, else composed from its effect vocabulary."""
    return catalog_text(f"galaxy.planet.{pid}.effect") or option_text(planet.get("effect", []))


def pilot_ability(pid: str, index: int, ability: dict) -> str:
    """Pilot ``pid``'s ability ``index`` (0-based) in words."""
    # the wording is the catalog's, its number the data's (a number changed in pilots.json shows at once)
    return catalog_text_with(f"galaxy.ability.{pid}.{index + 1}", n=ability.get("n", 1)) or ability_phrase(ability)


def blueprint_cover(blueprint: list, icons: list) -> list:
    """[(icon, covered)] in the blueprint's order: each tile's icon covers one matching blueprint icon."""
    pool = [i for i in icons if i]
    out = []
    for icon in blueprint:
        if icon in pool:
            pool.remove(icon)
            out.append((icon, True))
        else:
            out.append((icon, False))
    return out


def inspect_face(state, cid: str):
    """The large card shown when hovering or right-clicking a piece (None: nothing to show)."""
    from gamecore.galaxy.content import content
    from ui.table.cardface import CardFace

    data = content()
    kind, _, rest = cid.partition(":")
    ident = rest.split(":")[0]
    if kind == "slot":
        seat, slot = (int(x) for x in rest.split(":"))
        tiles = state.p[seat]["tiles"]
        if slot >= len(tiles):
            return None
        kind, ident = "market", kind_of(tiles[slot])
    if kind == "market" and ident in data.tiles:
        tile = data.tiles[ident]
        cost = cost_text(tile.get("cost", {}))
        if tile.get("min_rep"):
            cost += " · " + t("galaxy.ui.min_rep", n=tile["min_rep"])
        return CardFace(name("tile", ident), type_line=t(f"galaxy.ui.section.{tile['section']}"),
                        text=f"{tile_stats(tile)}\n{cost}", frame=(90, 110, 160), vp=tile.get("vp"),
                        art_icon={"weapon": "hit", "system": "shield"}.get(tile["section"], "gold"))
    if kind == "mission" and ident in data.missions:
        m = data.missions[ident]
        return CardFace(mission_title(m), cost=m.get("favour"), vp=m.get("vp"), type_line=t("galaxy.ui.mission"),
                        text=t("galaxy.ui.mission_text", dna=" ".join(f"{n}×{k}" for k, n in m["dna"].items()),
                               favour=m.get("favour", 0)), frame=(64, 92, 150), art_icon="dna")
    if kind == "spec" and ident in data.specialists:
        card = data.specialists[ident]
        return CardFace(name("specialist", ident), cost=card.get("cost"), vp=1, type_line=t("galaxy.ui.specialist"),
                        text=catalog_text(f"galaxy.spec.{ident}.text") or card_text(card), frame=(70, 120, 96),
                        art_icon="human")
    if kind == "pupg" and ident in data.pilot_upgrades:
        card = data.pilot_upgrades[ident]
        return CardFace(name("pilot_upgrade", ident), cost=3, vp=1, type_line=t("galaxy.ui.pilot_upgrade"),
                        text=catalog_text(f"galaxy.pupg.{ident}.text") or card_text(card), frame=(150, 118, 40),
                        art_icon="passive")
    if kind == "mut":
        try:
            sp = state.species_of(cid)
        except (KeyError, ValueError, IndexError):
            return None
        f = mutant_face(sp["id"], sp)
        return CardFace(f.name, type_line=t("galaxy.ui.mutant"), frame=(110, 60, 60), art_icon="beast",
                        text=t("galaxy.ui.mutant_text", strength=f.strength, armour=f.armour) + "\n"
                        + t("galaxy.ui.mutant_reward", reward=f.reward))
    if kind == "art" and ident in data.planets:
        planet = data.planets[ident]
        text = planet_effect(ident, planet) if ident != "uran" else t("galaxy.ui.uran_note")
        if planet.get("radiation"):
            text += "\n" + t("galaxy.ui.radiation_n", n=planet["radiation"])
        return CardFace(name("planet", ident), type_line=t("galaxy.ui.planet"), frame=(50, 60, 100), text=text,
                        art_icon="light")
    return None


NUMERALS = ("I", "II", "III", "IV")
