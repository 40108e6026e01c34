"""Card faces and monster cards of the Barricades table, built from the content's card definitions
(the dicts ``gamecore.barricades.content`` produces: type, Sk/A/M/Lt/Au, cost, keywords, effects...),
and the art that goes with each room, monster group, hero class and card type.

Names come from the game's catalogs (``barricades.card.<key>``); a card without a name there shows its
key in words rather than nothing. Effect lines are worded by the table's own templates
(``barricades.ui.op.<op>``), in English and Japanese. Nothing here decides a rule: it words numbers.
"""
from __future__ import annotations

from functools import lru_cache

from ui.i18n import has, language, t
from ui.table.cardface import CardFace

from . import art as _art  # noqa: F401  (registers the card art painter "barricades")
from .model import Monster

ROOM_ART = {"wilderness": "room_wilderness", "mossy_tunnels": "room_tunnels", "goblin_warrens": "room_warrens",
            "flooded_crypt": "room_crypt", "old_armory": "room_armory", "bone_gallery": "room_gallery",
            "fallen_chapel": "room_chapel", "guardian": "room_guardian"}
GROUP_ART = {"vermin_horde": "mon_vermin", "goblin_scouts": "mon_goblin", "restless_dead": "mon_undead",
             "orc_warband": "mon_orc", "wyrmspawn": "mon_dragon", "abyssal_host": "mon_demon"}
TYPE_ART = {"vermin": "mon_vermin", "humanoid": "mon_goblin", "undead": "mon_undead", "dragon": "mon_dragon",
            "demon": "mon_demon"}
CLASS_ART = {"fighter": "class_fighter", "rogue": "class_rogue", "cleric": "class_cleric", "wizard": "class_wizard",
             "none": "class_starter"}
CARD_TYPE_ART = {"weapon": "class_weapon", "item": "class_item", "spell": "class_spell", "ally": "class_ally",
                 "treasure": "class_treasure", "wound": "class_wound"}
GUARDIAN_ART = {"ashmaw": "guardian_ashmaw", "morvane": "guardian_morvane"}
FRAME = {"fighter": (178, 58, 50), "rogue": (62, 122, 74), "cleric": (214, 176, 60), "wizard": (63, 86, 181),
         "none": (122, 106, 82), "weapon": (120, 124, 132), "item": (160, 112, 62), "spell": (126, 91, 196),
         "ally": (78, 122, 176), "treasure": (200, 160, 40), "wound": (120, 30, 30), "monster": (90, 60, 50)}
ART_RATIO = 0.24        # a card's art band (class or kind picture): a little taller than the kit's 0.17
STAT_ICONS = (("a", "hit"), ("m", "energy"), ("lt", "light"), ("au", "gold"))


def tn(key: str, n: int, **params) -> str:
    """``key`` with its ".one" form when ``n`` is 1 (English plurals; Japanese has the same keys)."""
    one = f"{key}.one"
    return t(one if n == 1 and (has(one) or has(one, "en")) else key, n=n, **params)


def words(key: str) -> str:
    """A key's words: prettified when no catalog names it (never a raw dotted key on a card)."""
    return key.replace("_", " ").strip().title()


def card_name(key: str) -> str:
    if has(f"barricades.card.{key}") or has(f"barricades.card.{key}", "en"):
        return t(f"barricades.card.{key}")
    base, _, level = key.rpartition("_")
    if base and level.isdigit():
        return t("barricades.ui.hero_level", name=card_name(base), n=int(level))
    return words(key)


def _op_line(eff: dict) -> str:
    op = eff.get("op", "")
    key = f"barricades.ui.op.{op}"
    if not (has(key) or has(key, "en")):
        return words(op)
    line = tn(key, eff.get("n", 1), max=eff.get("max", 0), draw=eff.get("draw", 0), keep=eff.get("keep", 0))
    cond = []
    if eff.get("with"):
        cond.append(t("barricades.ui.cond.with", what=kw_name(eff["with"])))
    if eff.get("with_card"):
        cond.append(t("barricades.ui.cond.with", what=card_name(eff["with_card"])))
    if eff.get("vs"):
        cond.append(t("barricades.ui.cond.vs", what=" / ".join(type_name(v) for v in eff["vs"])))
    if eff.get("when"):
        when = f"barricades.ui.when.{eff['when']}"
        line = t(when) + ": " + line if has(when) or has(when, "en") else line
    if eff.get("scope") == "each_member":
        cond.append(t("barricades.ui.cond.each_member"))
    elif eff.get("target") == "member":
        cond.append(t("barricades.ui.cond.party"))
    return line + ("" if not cond else " (" + ", ".join(cond) + ")")


def kw_name(k: str) -> str:
    key = f"barricades.ui.kw.{k}"
    return t(key) if has(key) or has(key, "en") else words(k)


def type_name(k: str) -> str:
    key = f"barricades.ui.type.{k}"
    return t(key) if has(key) or has(key, "en") else words(k)


def stat_line(defn: dict) -> str:
    parts = []
    if defn.get("type") == "hero" or defn.get("sk"):
        parts.append(t("barricades.ui.stat.sk", n=defn.get("sk", 0)))
    for stat, icon in STAT_ICONS:
        if defn.get(stat):
            parts.append(f"{defn[stat]}{{{icon}}}")
    return "  ".join(parts)


def _type_line(defn: dict) -> str:
    kind = defn.get("type", "")
    if kind == "hero":
        cls = defn.get("class", "none")
        return t("barricades.ui.hero_line", cls=t(f"barricades.ui.class.{cls}"), n=defn.get("level", 0))
    key = f"barricades.ui.ctype.{kind}"
    return t(key) if has(key) or has(key, "en") else words(kind)


@lru_cache(maxsize=512)
def _face(key: str, frozen: tuple, lang: str) -> CardFace:
    defn = dict(frozen)
    lines = [stat_line(defn)] if stat_line(defn) else []
    lines += [_op_line(dict(e)) for e in defn.get("effects", ())]
    if defn.get("once"):
        use = dict(defn)
        lines.append(_op_line({"op": "use_" + defn.get("use", ""), "n": use.get("n", 1)}))
        lines.append(t("barricades.ui.once"))
    if defn.get("no_level_up"):
        lines.append(t("barricades.ui.no_level_up"))
    if defn.get("lend_with"):
        lines.append(t("barricades.ui.lend_with", name=card_name(defn["lend_with"])))
    kind = defn.get("type", "")
    cls = defn.get("class", "none")
    frame = FRAME.get(cls if kind == "hero" else kind, FRAME["none"])
    return CardFace(title=card_name(key), cost=defn.get("cost") or None, type_line=_type_line(defn),
                    text="\n".join(lines), frame=frame, keywords=tuple(kw_name(k) for k in defn.get("keywords", ())),
                    cost_icon="gold", back_label=t("barricades.ui.deck"),
                    art=("barricades", card_art(defn)), art_ratio=ART_RATIO)


def _freeze(value):
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


_frozen: dict = {}        # id(defn) -> (defn, its frozen form): content's definitions are read once, never changed


def card_face(key: str, defn: dict) -> CardFace:
    """The face of the card kind ``key`` (hero level, market card, treasure, starter, Wound)."""
    held = _frozen.get(id(defn))
    if held is None or held[0] is not defn:
        if len(_frozen) > 4096:
            _frozen.clear()
        held = _frozen[id(defn)] = (defn, _freeze(defn))
    return _face(key, held[1], language())


def card_art(defn: dict) -> str:
    if defn.get("type") == "hero":
        return CLASS_ART.get(defn.get("class", "none"), "class_starter")
    if defn.get("type") == "monster":         # a defeated monster (bounty) in a deck: its group's figure
        return TYPE_ART.get(defn.get("mtype", ""), "mon_vermin")
    return CARD_TYPE_ART.get(defn.get("type", ""), "class_item")


def monster(cid: str, key: str, defn: dict, *, group: str = "", room: dict | None = None,
            hp_roll: int | None = None) -> Monster:
    """A monster card as the table shows it; ``room`` adds the room's printed changes (HP, XP, MDef), as
    numbers only (the engine applies them). ``hp_roll``: a Swarm's rolled HP, once the battle rolled it."""
    room = room or {}
    kws = []
    if defn.get("swarm"):
        kws.append(t("barricades.ui.kw_swarm", n=defn["swarm"]))
    if defn.get("incorporeal"):
        kws.append(t("barricades.ui.kw_incorporeal"))
    if defn.get("menace"):
        kws.append(t("barricades.ui.kw_menace"))
    if defn.get("raider"):
        kws.append(t("barricades.ui.kw_raider", n=defn["raider"]))
    text = []
    if defn.get("wounds"):
        text.append(tn("barricades.ui.mon.wounds", defn["wounds"]))
    if defn.get("wound_cards"):
        text.append(tn("barricades.ui.mon.wound_cards", defn["wound_cards"]))
    if defn.get("discard"):
        text.append(tn("barricades.ui.mon.discard", defn["discard"]))
    if defn.get("treasure"):
        text.append(tn("barricades.ui.mon.treasure", defn["treasure"]))
    if defn.get("menace"):
        m = defn["menace"]
        text.append(t(f"barricades.ui.menace.{m.get('op')}", n=m.get("n", 0), level=m.get("from_level", 0)))
    hp = defn.get("hp", 0) + room.get("hp", 0)
    extra = ""
    if hp_roll is not None:
        hp = hp_roll
    elif defn.get("swarm"):
        extra = f"+{defn['swarm']}d6"
    return Monster(cid, card_name(key), hp, hp_extra=extra, defence=defn.get("def", 0),
                   mdefence=defn.get("mdef", 0) + room.get("mdef", 0), xp=defn.get("xp", 0) + room.get("xp", 0),
                   gold=defn.get("au", 0), level=defn.get("level", 0), keywords=tuple(kws),
                   types=(type_name(defn["mtype"]),) if defn.get("mtype") else (), text="\n".join(text),
                   art=GROUP_ART.get(group) or TYPE_ART.get(defn.get("mtype", ""), "mon_vermin"),
                   incorporeal=bool(defn.get("incorporeal")))


def monster_face(m: Monster) -> CardFace:
    """The large (inspect) face of a monster card."""
    stats = [f"HP {m.hp}{m.hp_extra}"]
    if m.defence:
        stats.append(f"{t('barricades.ui.def')} {m.defence}")
    if m.mdefence:
        stats.append(f"{t('barricades.ui.mdef')} {m.mdefence}")
    body = "  ".join(stats) + f"\n{m.xp}{{xp}}  {m.gold}{{gold}}"
    if m.text:
        body += "\n" + m.text
    return CardFace(title=m.name, type_line=t("barricades.ui.level", n=m.level) + (" · " + " · ".join(m.types) if m.types else ""),
                    text=body, frame=FRAME["monster"], keywords=tuple(m.keywords), vp=None,
                    art=("barricades", m.art) if m.art else (), art_ratio=ART_RATIO)


def clear_caches() -> None:
    _face.cache_clear()
