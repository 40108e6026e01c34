"""The engine's Barricades state read into the table's :class:`model.TableModel` (plus the faces and the
glossary lines of every card on the table). Read only: the numbers the table shows that the rules
compute (light to enter a room, a party's pooled attack, gold in hand) come from
``gamecore.barricades.rules`` and the state's own queries, never from arithmetic of ours.

Component ids are the engine's (gamecore/barricades/API.md): ``spot:<loc>:<n>``, ``barricade:<loc>``,
``loc:<loc>``, ``room:<room>``, ``champion:<seat>``, ``hero:<seat>`` (the hero board), ``deck:<seat>``,
``discard:<seat>``, ``hand:<seat>``, ``gold:<seat>``, ``market:<key>``, ``heroes:<hero>:<level>``,
``board:<prestige>``, ``die:<seat>:<i>``, ``gear:<kind>``, ``card:<n>``.
"""
from __future__ import annotations

from ui.i18n import has, t

from . import faces as F
from .model import (Army, Battle, DiceRoll, DrawnToken, Guardian, Hero, Location, Prestige, Room, Spot, Stack,
                    TableModel)

GEAR = ("lantern", "potion", "rations")


def _tr(key: str, fallback: str, **params) -> str:
    return t(key, **params) if has(key) or has(key, "en") else fallback


def loc_name(lid: str) -> str:
    return _tr(f"barricades.loc.{lid}", F.words(lid))


def room_name(rid: str) -> str:
    return _tr(f"barricades.room.{rid}", F.words(rid))


def guardian_name(gid: str) -> str:
    return _tr(f"barricades.guardian.{gid}", F.words(gid))


def board_name(bid: str) -> str:
    return _tr(f"barricades.board.{bid}", F.words(bid))


def hero_name(hid: str) -> str:
    return _tr(f"barricades.hero.{hid}", F.words(hid))


def gear_name(g: str) -> str:
    return _tr(f"barricades.gear.{g}", F.words(g))


def effect_text(eff: dict) -> str:
    """A Guardian / die effect ({"op": ..., "n": ...}) in words (the table's own templates)."""
    op = eff.get("op", "")
    n = eff.get("n", eff.get("foot", eff.get("x", 1)))
    key = f"barricades.ui.geff.{op}"
    if op == "army":
        parts = []
        if eff.get("foot"):
            parts.append(F.tn("barricades.ui.geff.foot", eff["foot"]))
        if eff.get("x"):
            parts.append(F.tn("barricades.ui.geff.x", eff["x"]))
        return ", ".join(parts)
    return F.tn(key, n, level=eff.get("level", 0)) if has(key) or has(key, "en") else F.words(op)


def seat_label(state, seat: int) -> str:
    """"Player 2 · Garrik" style names are too long for the boards: the table names seats by player number."""
    return t("barricades.ui.player", n=seat + 1)


def table_model(state, viewer, table=None):
    # the engine is imported here: the names above serve the log and the buttons without it
    from gamecore.barricades import rules as R
    from gamecore.barricades.content import LOCATIONS, content

    C = content()
    d = state.d
    faces: dict = {}
    gloss: dict = {}
    # ---------------------------------------------------------------- village
    taken = {p["spot"]: s for s, p in enumerate(d["p"]) if p.get("spot")}
    cost = state.barricade_cost()
    locations = []
    destroyed = set(state.destroyed_locations())
    for lid in LOCATIONS:
        spots = []
        for k, tok in enumerate(d["spots"][lid]):
            spot_id = f"{lid}:{k + 1}"
            kind = d["tokens"][tok]["kind"] if tok else None
            spots.append(Spot(f"spot:{spot_id}", destroyed=tok is not None,
                              token=None if kind is None else ("blank" if kind == "blank" else kind),
                              champion=taken.get(spot_id)))
            if kind and kind != "blank":
                gloss[f"spot:{spot_id}"] = [_tr(f"barricades.ui.adv.{kind}", F.words(kind))]
        pledged = sum(v["gold"] + v["disc"] for v in d["pledges"].get(lid, {}).values())
        extra = ""
        if lid == "bazaar":
            extra = " · ".join(f"{gear_name(g)} {C.village['gear'][g]['cost']}" for g in GEAR)
        elif lid == "shop":
            extra = t("barricades.ui.shop_line", n=C.village["shop"]["cost"], left=len(d["tdeck"]))
        locations.append(Location(f"loc:{lid}", lid, loc_name(lid), effect=t(f"barricades.ui.loc_effect.{lid}"),
                                  spots=spots, destroyed=lid in destroyed, barricade_built=bool(d["barricades"][lid]),
                                  barricade_cost=cost, barricade_paid=pledged, barricade_cid=f"barricade:{lid}",
                                  extra=extra))
    # ---------------------------------------------------------------- market and hero stacks
    market = []
    for key in sorted(d["market"]):
        stack = d["market"][key]
        defn = C.cards[key]
        faces[f"market:{key}"] = face = F.card_face(key, defn)
        market.append(Stack(f"market:{key}", F.card_name(key), defn.get("cost"), len(stack), art=F.card_art(defn),
                            kind=F._type_line(defn), text=face.text))
    hero_stacks = []
    for hid in sorted(d["hstacks"]):
        for lvl in ("1", "2", "3"):
            key = f"{hid}_{lvl}"
            defn = C.cards[key]
            cid = f"heroes:{hid}:{lvl}"
            faces[cid] = face = F.card_face(key, defn)
            hero_stacks.append(Stack(cid, hero_name(hid) if lvl == "1" else f"L{lvl}",
                                     C.heroes[hid]["cost"] if lvl == "1" else None, len(d["hstacks"][hid][lvl]),
                                     art=F.CLASS_ART.get(C.heroes[hid]["class"], "class_starter"), kind=f"L{lvl}",
                                     text=face.text))
    # ---------------------------------------------------------------- dungeon
    rooms = []
    me = viewer if viewer is not None else 0
    group = None
    if d["phase"] == "dungeon" and d["groups"]:
        group = d["groups"][d["gi"]]
    light_from = d["p"][group["members"][0]]["pos"] if group else d["p"][me]["pos"]
    passes = R.free_passes(d, C, group["members"]) if group else 0
    order = [R.WILD] + sorted(C.rooms, key=lambda r: (C.rooms[r]["level"], r)) + [R.GUARDIAN_ROOM]
    for rid in order:
        level = R.room_level(C, rid)
        if rid == R.WILD:
            base = C.wilderness["darkness"]
            effect = ""
        elif rid == R.GUARDIAN_ROOM:
            base = C.guardians[d["guardian"]]["darkness"]
            effect = ""
        else:
            base = C.rooms[rid]["darkness"]
            effect = _tr(f"barricades.ui.room_effect.{rid}", "")
        dark = R.darkness(d, C, rid)
        mon = None
        stats = R.monster_stats(d, C, rid) if rid != R.GUARDIAN_ROOM else None
        if rid == R.WILD:
            m = C.wilderness["monster"]
            mon = F.monster(f"monster:{rid}", m["key"] if "key" in m else m.get("id", "giant_rat"), m, group="vermin_horde")
        elif rid == R.GUARDIAN_ROOM and d["side"] == "guardian" and d["gwounds"] < len(state.guardian_hp()):
            g = C.guardians[d["guardian"]]     # the Guardian is the foe of its room: its HP entry now
            mon = F.monster("guardian:foe", d["guardian"], {"hp": state.guardian_hp()[d["gwounds"]], "def": d["gdef"],
                                                           "mdef": d["gmdef"], "xp": g["defeat"]["xp"], "au": 0,
                                                           "mtype": g["type"], "level": 7})
            mon.name = guardian_name(d["guardian"])
            mon.art = F.GUARDIAN_ART.get(d["guardian"], "room_guardian")
        elif stats is not None:
            cid = d["rooms"][rid]
            key = d["cards"][cid]
            group_id = next((g for g, grp in C.groups.items() if key in grp["monsters"]), "")
            mon = F.monster(cid, key, C.cards[key], group=group_id, room=C.rooms.get(rid))
        cost_now = R.path_cost(d, C, light_from, rid, passes)      # None when it cannot be reached
        rooms.append(Room(f"room:{rid}", room_name(rid), level, base, darkness_mod=dark - base,
                          art=F.ROOM_ART.get(rid, "room_tunnels"), effect=effect, monster=mon,
                          champions=[s for s, p in enumerate(d["p"]) if p["pos"] == rid and not p.get("spot")], open=rid != R.GUARDIAN_ROOM or d["side"] == "guardian",
                          light_cost=cost_now))
        if mon is not None:
            faces[mon.cid] = F.monster_face(mon)
            gloss[mon.cid] = glossary_for(mon, C.cards.get(d["cards"].get(mon.cid, ""), {}))
    # ---------------------------------------------------------------- the Guardian
    g = C.guardians[d["guardian"]]
    revealed = d["side"] == "guardian"
    tri = g["triangles"] if revealed else g["lair_triangles"]
    lines = []
    if revealed:
        lines.append(t("barricades.ui.g_ongoing", what=effect_text(g["ongoing"])))
    else:
        lines.append(t("barricades.ui.g_reveal", what=effect_text(g["reveal"])))
    defence = []
    if d["gdef"]:
        defence.append(f"{t('barricades.ui.def')} {d['gdef']}")
    if d["gmdef"]:
        defence.append(f"{t('barricades.ui.mdef')} {d['gmdef']}")
    defence.append(t("barricades.ui.g_dark", n=R.darkness(d, C, R.GUARDIAN_ROOM)))
    guardian = Guardian("guardian", guardian_name(d["guardian"]) if revealed else t("barricades.ui.lair"), revealed,
                        F.GUARDIAN_ART.get(d["guardian"], "guardian_lair") if revealed else "guardian_lair",
                        list(state.threat_track()), d["threat"], hp_track=list(state.guardian_hp()),
                        wounds=d["gwounds"], text=" ".join(lines), defence=" · ".join(defence),
                        triangles=[(c, effect_text(tri[c])) for c in ("purple", "blue", "red", "green")])
    # ---------------------------------------------------------------- dice and army
    dice = [DiceRoll(s, [x["face"] for x in roll], [bool(x["done"]) for x in roll])
            for s, roll in enumerate(d["dice"]) if roll]
    army = d["army"]
    note = ""
    end = d.get("end") or {}
    if end.get("stage") not in (None, "raiders") and d["phase"] == "end":
        note = t("barricades.ui.army_note", left=end.get("left", 0), levels=d["killed"])
    # ---------------------------------------------------------------- heroes
    heroes = []
    show_all = state.open_hands()
    for s, p in enumerate(d["p"]):
        person = table is None or not table.session.seat_is_bot(s)
        hand = []
        visible = show_all or s == viewer
        for cid in R.hand_cards(d, s):
            key = d["cards"][cid]
            face = F.card_face(key, C.cards[key]) if visible else None
            hand.append((cid, face))
            if face is not None:
                faces[cid] = face
        prestige = None
        if p["board"]:
            prestige = Prestige(board_name(p["board"]), p["rank"], list(C.rank_costs), key=p["board"])
        at = None                      # where the champion stands now: a room once it is in the dungeon
        if p["pos"] != "village":
            at = f"room:{p['pos']}"
        elif p.get("spot"):
            at = f"spot:{p['spot']}"
        hero = Hero(s, seat_label(state, s), person, len(p["deck"]), len(p["discard"]), hand=hand,
                    hand_count=len(hand), hand_size=R.hand_size(C, p["wounds"]), xp=p["xp"], wounds=p["wounds"],
                    wound_cards=sum(1 for c in p["hand"] + p["discard"] + p["deck"] if d["cards"][c] == "wound"),
                    gold=max(0, R.gold_of(d, C, s)), light=R.light_of(d, C, s),
                    attack=0, prestige=prestige, champion_cid=f"champion:{s}", champion_at=at,
                    deck_cid=f"deck:{s}", discard_cid=f"discard:{s}", board_cid=f"hero:{s}", gold_cid=f"gold:{s}")
        heroes.append(hero)
    # ---------------------------------------------------------------- a battle about to be fought
    battle = None
    if group is not None and d["dstep"] == "battle":
        pos = d["p"][group["members"][0]]["pos"]
        calc = R.party_attack(d, C, group["members"], pos) if pos != "village" else None
        if calc is not None:
            room = next(r for r in rooms if r.cid == f"room:{pos}")
            mon = room.monster
            if pos == R.GUARDIAN_ROOM:
                foe = calc["foe"]
                mon = F.monster("guardian", d["guardian"], {"hp": foe["hp"], "def": foe["def"], "mdef": foe["mdef"],
                                                            "mtype": foe["mtype"], "level": 7})
                mon.name = guardian_name(d["guardian"])
                mon.art = F.GUARDIAN_ART.get(d["guardian"], "room_guardian")
            # the running sum: what each member adds as the party pools (prefixes of the party, as the
            # rules count them), then Def and MDef taken off once for the whole party
            sums = []
            pa = pm = 0
            for k in range(1, len(group["members"]) + 1):
                step = R.party_attack(d, C, group["members"][:k], pos)
                sums.append(t("barricades.ui.sum.member", name=seat_label(state, group["members"][k - 1]),
                              a=step["physical"] - pa, m=step["magic"] - pm))
                pa, pm = step["physical"], step["magic"]
            sums += [t("barricades.ui.sum.physical", a=calc["physical"], d=calc["def"]),
                     t("barricades.ui.sum.magic", m=calc["magic"], d=calc["mdef"])]
            if calc["swarm"]:
                sums.append(t("barricades.ui.sum.swarm", n=calc["swarm"]))
            battle = Battle(room.cid, mon, list(group["members"]), calc["physical"], calc["magic"], calc["hp"], sums,
                            effective=calc["total"])
    drawn = None
    tid = d.get("limbo_token")
    if tid and tid in d["tokens"]:          # drawn, waiting for the team to pick its spot
        tok = d["tokens"][tid]
        adv = tok["kind"] != "blank"
        drawn = DrawnToken(tid, tok["loc"], adv, _tr(f"barricades.ui.adv.{tok['kind']}", F.words(tok["kind"])) if adv
                           else loc_name(tok["loc"]))
        if adv:
            gloss[tid] = [drawn.label]
    model = TableModel(locations, market, hero_stacks, rooms, guardian, dice,
                       Army(army["foot"], army["x"], army.get("removed", 0), note), heroes,
                       gear={g: (d["gear_supply"][g], C.village["gear"][g]["cost"]) for g in GEAR}, turn=d["turn"],
                       threat=state.threat_level(), battle=battle,
                       phase=t("barricades.ui.turn_line", turn=d["turn"], threat=state.threat_level()),
                       active_seat=state.current_seat(), drawn_token=drawn)
    return model, faces, gloss


def glossary_for(mon, defn: dict) -> list[str]:
    out = []
    if defn.get("swarm"):
        out.append(t("barricades.ui.gloss.swarm"))
    if defn.get("incorporeal"):
        out.append(t("barricades.ui.gloss.incorporeal"))
    if defn.get("menace"):
        out.append(t("barricades.ui.gloss.menace"))
    if defn.get("raider"):
        out.append(t("barricades.ui.gloss.raider"))
    return out
