"""Card faces of Heroes of the Grid, built from the content data and the i18n catalogs.

Every face is built once per (component kind, card key, language, colour-blind mode) and cached, so
``card_face(cid)`` returns the very same CardFace object until the language changes. Inline icon
tokens ({dice}, {hit}, {shield}, {heart}, {energy}) are drawn by the kit's rich text.
"""
from __future__ import annotations

from functools import lru_cache

from gamecore.rangers.content import content
from ui import i18n
from ui.i18n import t
from ui.table.cardface import CardFace

from . import art as A

# ranger colours (the real suits); black is lifted a little so it reads on the dark felt
RANGER_COLOURS = {
    "red": (204, 52, 52), "black": (70, 70, 80), "blue": (44, 96, 214), "yellow": (232, 196, 40),
    "pink": (236, 120, 178), "green": (48, 158, 72),
}
# colour-blind mode never relies on hue alone: each ranger also has a shape
RANGER_SHAPES = {"red": "circle", "black": "square", "blue": "triangle", "yellow": "diamond", "pink": "star",
                 "green": "hexagon"}
FOE_COLOURS = {"putty": (120, 118, 140), "super_putty": (168, 124, 66), "pudgy": (206, 128, 150),
               "knasty": (96, 100, 124), "bones": (204, 200, 176), "woe": (118, 70, 160), "rita": (160, 40, 66),
               "cyclopsis": (80, 120, 160)}
KIND_FRAMES = {"foot": (96, 92, 112), "monster": (52, 112, 84), "boss": (142, 36, 52)}
DEPLOY_BACK = (64, 58, 92)
ZORD_FRAME = (150, 150, 160)


def ranger_colour(rid: str) -> tuple:
    return RANGER_COLOURS.get(rid, (150, 150, 150))


def foe_colour(foe: str) -> tuple:
    return FOE_COLOURS.get(foe, (130, 130, 130))


def short_name(rid: str) -> str:
    return t(f"rangers.ui.short.{rid}")


def loc_name(lid: str) -> str:
    return t(f"rangers.loc.{lid}.name")


def foe_name(foe: str) -> str:
    return t(f"rangers.foe.{foe}.name")


def foe_short(foe: str) -> str:
    key = f"rangers.ui.foe_short.{foe}"
    return t(key) if i18n.has(key) or i18n.has(key, "en") else foe_name(foe)


def card_key(cid: str) -> str | None:
    return content().card_of.get(cid)


def enemy_key(cid: str) -> str | None:
    return content().enemy_of.get(cid)


def card_name(cid: str) -> str:
    C = content()
    if cid in C.card_of:
        return t(f"rangers.card.{C.card_of[cid]}.name")
    if cid in C.enemy_of:
        return t(f"rangers.enemy.{C.enemy_of[cid]}.name")
    cyc = getattr(C, "cyc", None)
    if cyc and cid in cyc["card_of"]:
        return t(f"rangers.cyc.card.{cyc['card_of'][cid]}.name")
    if cyc and cid in cyc["parts"]:
        return t(f"rangers.cyc.part.{cid[4:]}.name")
    return cid


# ------------------------------------------------------------------ combat cards


def _attack_of(cdef: dict) -> dict | None:
    return next((e for e in cdef["effects"] if e["op"] == "attack"), None)


def combat_stats(cdef: dict) -> list[str]:
    """Short icon phrases for a combat card: dice, fixed hits, shields."""
    out = []
    att = _attack_of(cdef)
    if att is not None:
        if att.get("dice"):
            out.append(f"{att['dice']}{{dice}}")
        if att.get("x_hits"):
            out.append("X{hit}")
        elif att.get("hits"):
            out.append(f"{att['hits']}{{hit}}")
    out.append(f"{cdef['shields']}{{shield}}")
    return out


@lru_cache(maxsize=512)
def _combat_face(key: str, ranger: str, lang: str) -> CardFace:
    C = content()
    cdef = C.card_def[key]
    kind = cdef["type"]
    keywords = [t(f"rangers.ui.kw.{kind}")] + combat_stats(cdef)
    if cdef.get("defense"):
        keywords.append("★")
    return CardFace(
        title=t(f"rangers.card.{key}.name"), cost=cdef["cost"], cost_icon="energy",
        type_line=t("rangers.ui.type_line", kind=t(f"rangers.ui.type.{kind}"), ranger=short_name(ranger)),
        text=t(f"rangers.card.{key}.text"), frame=ranger_colour(ranger), keywords=tuple(keywords),
        footer=t("rangers.ui.shields", n=cdef["shields"]), back_label=short_name(ranger),
        art_icon={"attack": "hit", "maneuver": "energy", "reaction": "shield"}.get(kind, ""),
    )


def combat_face(cid: str) -> CardFace:
    C = content()
    return _combat_face(C.card_of[cid], C.card_ranger[cid], i18n.language())


# ------------------------------------------------------------------ enemy cards


@lru_cache(maxsize=256)
def _enemy_face(key: str, foe: str, lang: str) -> CardFace:
    C = content()
    edef = C.enemy_def[key]
    kind = C.foe_kind[foe]
    keywords = [t(f"rangers.ui.kw.{k}") for k in edef["keywords"]] + [f"{edef['health']}{{heart}}"]
    return CardFace(
        title=t(f"rangers.enemy.{key}.name"),
        type_line=t("rangers.ui.enemy_line", foe=foe_name(foe), kind=t(f"rangers.ui.kind.{kind}")),
        text=t(f"rangers.enemy.{key}.text"), frame=KIND_FRAMES.get(kind, (100, 100, 100)),
        keywords=tuple(keywords), footer=t("rangers.ui.health", n=edef["health"]), back_label=foe_short(foe),
        art_icon="beast" if kind != "foot" else "human", art=A.card_art("foe", foe), art_ratio=A.ART_RATIO,
    )


def enemy_face(cid: str) -> CardFace:
    C = content()
    return _enemy_face(C.enemy_of[cid], C.enemy_deck[cid], i18n.language())


# ------------------------------------------------------------------ character cards


@lru_cache(maxsize=256)
def _character_face(rid: str, hand_size: int, energy: int, status: str, lang: str) -> CardFace:
    colour = ranger_colour(rid)
    return CardFace(
        title=t(f"rangers.ranger.{rid}.name"),
        type_line=t("rangers.ui.char_line", role=t(f"rangers.ranger.{rid}.role"), colour=t(f"rangers.ui.colour.{rid}")),
        text=t(f"rangers.ranger.{rid}.ability"), frame=colour,
        keywords=(t("rangers.ui.char_hand", n=hand_size), t("rangers.ui.char_energy", n=energy, energy="{energy}")),
        footer=status, back_label=short_name(rid), art_icon="star", art=A.card_art("ranger", rid, colour),
        art_ratio=A.ART_RATIO)


def character_face(rid: str, hand_size: int, energy: int, status: str) -> CardFace:
    """A ranger's character card: name, role and colour, the ability text, the seat's hand size and
    stored energy, and what the ability is doing now (``status``, translated)."""
    return _character_face(rid, hand_size, energy, status, i18n.language())


# ------------------------------------------------------------------ zords and deployment cards


@lru_cache(maxsize=64)
def _zord_face(zid: str, lang: str) -> CardFace:
    C = content()
    if zid == C.megazord["id"]:
        return CardFace(title=t(f"rangers.zord.{zid}.name"), type_line=t("rangers.ui.megazord_line"),
                        text=t(f"rangers.zord.{zid}.text"), frame=(200, 170, 60), art_icon="zord",
                        art=A.card_art("zord", zid), art_ratio=A.ART_RATIO,
                        keywords=(t("rangers.ui.when.actions"),), back_label=t("rangers.ui.zords"))
    zd = C.zords[zid]
    owner = zd["ranger"]
    return CardFace(title=t(f"rangers.zord.{zid}.name"),
                    type_line=t("rangers.ui.zord_line", ranger=short_name(owner)),
                    text=t(f"rangers.zord.{zid}.text"), frame=ranger_colour(owner), art_icon="zord",
                    art=A.card_art("zord", zid, ranger_colour(owner)), art_ratio=A.ART_RATIO,
                    keywords=(t(f"rangers.ui.when.{zd['when']}"),), back_label=t("rangers.ui.zords"))


def zord_face(zid: str) -> CardFace:
    return _zord_face(zid, i18n.language())


@lru_cache(maxsize=64)
def _deploy_face(did: str, lang: str) -> CardFace:
    C = content()
    info = C.deploy_cards[did]
    foe = info["foe"]
    kind = C.foe_kind[foe]
    if info["figures"]:
        text = t("rangers.ui.deploy_text", n=info["figures"], foe=foe_name(foe))
    else:
        text = t("rangers.ui.deploy_big_text", foe=foe_name(foe))
    back = loc_name(info["back"]) if info["back"] else ""
    return CardFace(title=foe_name(foe), type_line=t("rangers.ui.deploy_line"), text=text,
                    frame=KIND_FRAMES.get(kind, DEPLOY_BACK), art_icon="human" if kind == "foot" else "beast",
                    art=A.card_art("foe", foe), art_ratio=A.ART_RATIO,
                    footer=t("rangers.ui.back_names", loc=back) if back else "", back_label=back)


def deploy_face(did: str) -> CardFace:
    return _deploy_face(did, i18n.language())


@lru_cache(maxsize=32)
def _cyc_card_face(key: str, lang: str) -> CardFace:
    return CardFace(title=t(f"rangers.cyc.card.{key}.name"), type_line=t("rangers.ui.cyc_line"),
                    text=t(f"rangers.cyc.card.{key}.text"), frame=KIND_FRAMES["boss"], art_icon="beast",
                    art=A.card_art("foe", "cyclopsis"), art_ratio=A.ART_RATIO,
                    back_label=t("rangers.cyc.deck.name"))


@lru_cache(maxsize=64)
def _cyc_part_face(pid: str, health: int, down: bool, lang: str) -> CardFace:
    part = pid.split(":", 1)[1]
    side = "defeated" if down else "active"
    return CardFace(title=t(f"rangers.cyc.part.{part}.name"),
                    type_line=t("rangers.ui.cyc_part_line", side=t(f"rangers.ui.cyc_side.{side}")),
                    text=t(f"rangers.cyc.part.{part}.{side}"), frame=(90, 96, 120) if not down else (60, 60, 66),
                    keywords=(f"{health}{{heart}}",), art_icon="beast", art=A.card_art("foe", "cyclopsis"),
                    art_ratio=A.ART_RATIO)


def cyc_card_face(cid: str) -> CardFace | None:
    cyc = getattr(content(), "cyc", None)
    key = cyc["card_of"].get(cid) if cyc else None
    return _cyc_card_face(key, i18n.language()) if key else None


def cyc_part_face(pid: str, health: int | None = None, down: bool = False) -> CardFace | None:
    cyc = getattr(content(), "cyc", None)
    if not cyc or pid not in cyc["parts"]:
        return None
    return _cyc_part_face(pid, health if health is not None else cyc["parts"][pid]["health"], down,
                          i18n.language())


def face_for(cid: str) -> CardFace | None:
    """The face of any component id that has one (a ``reveal:`` / ``played:`` prefix is looked through)."""
    for prefix in ("reveal:", "played:"):
        if cid.startswith(prefix):
            cid = cid[len(prefix):]
    C = content()
    if cid in C.card_of:
        return combat_face(cid)
    if cid in C.enemy_of:
        return enemy_face(cid)
    if cid.startswith("zord:"):
        zid = cid[5:]
        if zid in C.zords or zid == C.megazord["id"]:
            return zord_face(zid)
    if cid in C.deploy_cards and C.deploy_cards[cid]["foe"] in C.foe_kind and cid != "deploy:cyclopsis":
        return deploy_face(cid)
    if cid.startswith("cyccard:"):
        return cyc_card_face(cid)
    if cid.startswith("cyc:"):
        return cyc_part_face(cid)
    return None


def glossary_lines(cid: str) -> list[str]:
    """One line per keyword of the card ``cid`` (FAST, GUARD, PASSIVE, ★ defence, reactions...)."""
    for prefix in ("reveal:", "played:"):
        if cid.startswith(prefix):
            cid = cid[len(prefix):]
    C = content()
    lines: list[str] = []
    if cid in C.card_of:
        cdef = C.card_def[C.card_of[cid]]
        lines.append(t(f"rangers.keyword.{cdef['type']}"))
        if cdef["type"] == "reaction":
            lines.append(t(f"rangers.ui.gloss.trigger.{cdef.get('trigger', 'damage')}"))
        if cdef["cost"] == "X":
            lines.append(t("rangers.ui.gloss.x_cost"))
        if cdef.get("defense"):
            lines.append(t("rangers.ui.gloss.star"))
        if _attack_of(cdef) is not None:
            lines.append(t("rangers.die.faces"))
        lines.append(t("rangers.ui.gloss.shields"))
    elif cid in C.enemy_of:
        edef = C.enemy_def[C.enemy_of[cid]]
        for k in edef["keywords"]:
            lines.append(t(f"rangers.keyword.{k}"))
        lines.append(t("rangers.ui.gloss.health"))
    elif cid.startswith("zord:"):
        lines.append(t("rangers.ui.gloss.zord"))
    elif cid in C.deploy_cards:
        lines.append(t("rangers.ui.gloss.deploy"))
    elif cid.startswith("cyc:") or cid.startswith("cyccard:"):
        lines.append(t("rangers.cyc.rules"))
    return lines


def clear_caches() -> None:
    for fn in (_combat_face, _enemy_face, _zord_face, _deploy_face, _cyc_card_face, _cyc_part_face, _character_face):
        fn.cache_clear()
