"""Pure rule arithmetic for Barricades Mode: hand size, light, battle strength, dungeon paths.

Nothing here mutates a state; the state module calls these with its plain-data dict ``d`` and the
content tables. Keeping the numbers in one place lets the bots and the table ask "what would this
party's attack be" without applying anything.
"""
from __future__ import annotations

from .content import Content

WILD = "wilderness"
GUARDIAN_ROOM = "guardian"


def hand_size(C: Content, wounds: int) -> int:
    return max(1, C.village["hand_size"] - wounds // 2)


_NO_RANKS: tuple = ((), frozenset(), None)
_RANKS: dict = {}


def _ranks(C: Content, p: dict) -> tuple:
    """(the rank effects a hero has, the set of their ops, C), worked out once per board and rank."""
    board = p.get("board")
    if not board:
        return _NO_RANKS
    key = (board, p["rank"])
    hit = _RANKS.get(key)
    if hit is None or hit[2] is not C:
        effects = C.boards[board]["ranks"][:p["rank"]]
        hit = _RANKS[key] = (tuple(effects), frozenset(r["op"] for r in effects), C)
    return hit


_OP_SUMS: dict = {}


def op_sum(C: Content, key: str, op: str) -> int:
    """The n of every effect ``op`` of card kind ``key`` added up (worked out once per kind and op)."""
    table = _OP_SUMS.get(op)
    if table is None or table[""] is not C:
        table = _OP_SUMS[op] = {"": C}
    got = table.get(key)
    if got is None:
        got = table[key] = sum(e["n"] for e in C.cards[key]["effects"] if e["op"] == op)
    return got


def op_table(C: Content, op: str) -> dict[str, int]:
    """{card kind: the n of its effects ``op`` added up}, only the kinds that have one (worked out once)."""
    table = C.derived.get(("op", op))
    if table is None:
        table = C.derived[("op", op)] = {}
        for key, card in C.cards.items():
            n = sum(e["n"] for e in card["effects"] if e["op"] == op)
            if n:
                table[key] = n
    return table


def rank_effects(C: Content, p: dict) -> tuple[dict, ...]:
    return _ranks(C, p)[0]


def has_rank_op(C: Content, p: dict, op: str) -> bool:
    return op in _ranks(C, p)[1]


def hand_cards(d: dict, seat: int) -> list[str]:
    """Cards this hero may use now: its own hand plus what it borrowed this turn."""
    p = d["p"][seat]
    if not p["borrowed"]:
        return list(p["hand"])
    return p["hand"] + [c for c, _owner in p["borrowed"]]


def gold_of(d: dict, C: Content, seat: int) -> int:
    p = d["p"][seat]
    au = C.derived.get("au")
    if au is None:
        au = C.derived["au"] = {k: c["au"] for k, c in C.cards.items()}
    kinds = d["cards"]
    total = sum([au[kinds[c]] for c in p["hand"]])
    if p["borrowed"]:
        total += sum(au[kinds[c]] for c, _owner in p["borrowed"])
    if p["rank"] and has_rank_op(C, p, "gold"):
        total += 1
    # gold pledged to a barricade this turn is spent only when it is built, but it is no longer free to spend
    pledges = d.get("pledges")
    pledged = 0
    if pledges:
        me = str(seat)
        for v in pledges.values():
            got = v.get(me)
            if got:
                pledged += got.get("gold", 0)
    return total + p["buff"].get("au", 0) - p["gold_used"] - pledged  # may dip below 0 only outside the village


def menace_ops(d: dict, C: Content) -> list[dict]:
    out = []
    cards, kinds = C.cards, d["cards"]
    for cid in d["rooms"].values():
        if cid is not None:
            menace = cards[kinds[cid]].get("menace")
            if menace:
                out.append(menace)
    return out


def room_level(C: Content, room: str) -> int:
    if room == WILD:
        return 0
    if room == GUARDIAN_ROOM:
        return 4
    return C.rooms[room]["level"]


def darkness(d: dict, C: Content, room: str, menaces: list[dict] | None = None) -> int:
    """Darkness of ``room`` now (``menaces``: menace_ops(d, C) when the caller has it already)."""
    if room == WILD:
        base = C.wilderness["darkness"]
    elif room == GUARDIAN_ROOM:
        base = C.guardians[d["guardian"]]["darkness"] + d["mods"].get("guardian_dark", 0)
    else:
        base = C.rooms[room]["darkness"]
    level = room_level(C, room)
    for menace in (menace_ops(d, C) if menaces is None else menaces):
        if menace["op"] == "darkness" and level >= menace["from_level"]:
            base += menace["n"]
    if level == 3:
        base += d["mods"].get("l3_dark", 0)
    return base


def rooms_at(d: dict, C: Content, level: int) -> list[str]:
    if level == 0:
        return [WILD]
    if level == 4:
        return [GUARDIAN_ROOM] if d["side"] == "guardian" else []
    by_level = C.derived.get("rooms_at")
    if by_level is None:
        by_level = C.derived["rooms_at"] = {lv: tuple(r for r in C.rooms if C.rooms[r]["level"] == lv) for lv in (1, 2, 3)}
    return list(by_level.get(level, ()))


def path_cost(d: dict, C: Content, start: str, target: str, free_passes: int = 0,
              dark: dict | None = None) -> int | None:
    """Light needed to go from ``start`` ("village" or a room) to ``target``: the darkness of every
    room entered on the way (the cheapest room of each level passed through) plus the target's.
    ``free_passes`` rooms passed through cost nothing (the dearest ones). None if unreachable.
    ``dark``: a dict the caller keeps while the state does not change, filled with each room's darkness."""
    if target == GUARDIAN_ROOM and d["side"] != "guardian":
        return None
    if start == target:
        return 0
    a = -1 if start == "village" else room_level(C, start)
    b = room_level(C, target)
    if a < b:
        between = range(a + 1, b)
    else:
        between = range(a - 1, b, -1)
    if dark is None:
        dark = {}
    menaces = dark.get("")
    if menaces is None:
        menaces = dark[""] = menace_ops(d, C)
    passes = []
    for level in between:
        cheapest = dark.get(level)          # the cheapest room of a level passed through
        if cheapest is None:
            rooms = rooms_at(d, C, level)
            if not rooms:
                return None
            cheapest = dark[level] = min(darkness(d, C, r, menaces) for r in rooms)
        passes.append(cheapest)
    if len(passes) > 1:
        passes.sort(reverse=True)
    got = dark.get(target)
    if got is None:
        got = dark[target] = darkness(d, C, target, menaces)
    return sum(passes[free_passes:]) + got


def move_costs(d: dict, C: Content, start: str, free_passes: int = 0) -> list[tuple[str, int]]:
    """[(room, light needed)] for every room reachable from ``start`` (levels 0 to 4 in order, ``start``
    itself left out): the numbers path_cost gives one by one, worked out in one pass (darkness as
    ``darkness`` reckons it: the room's own, the menaces' from their level on, the level-3 modifier)."""
    static = C.derived.get("move")
    if static is None:                      # per level: the rooms and their own darkness (levels 1-3)
        static = C.derived["move"] = [((WILD, C.wilderness["darkness"]),)] + \
            [tuple((r, C.rooms[r]["darkness"]) for r in C.rooms if C.rooms[r]["level"] == lv) for lv in (1, 2, 3)]
    mods = d["mods"]
    add = [0, 0, 0, 0, 0]
    kinds, cards = d["cards"], C.cards
    for cid in d["rooms"].values():
        if cid is not None:
            menace = cards[kinds[cid]].get("menace")
            if menace and menace["op"] == "darkness":
                for lv in range(max(0, menace["from_level"]), 5):
                    add[lv] += menace["n"]
    if mods:
        add[3] += mods.get("l3_dark", 0)
    revealed = d["side"] == "guardian"
    key = (start, free_passes, tuple(add), revealed and d["guardian"], revealed and mods.get("guardian_dark", 0))
    hit = _MOVES.get(key)
    if hit is not None and hit[0] is C:
        return list(hit[1])
    levels = [[(r, dk + add[lv]) for r, dk in static[lv]] for lv in range(4)]
    if d["side"] == "guardian":
        levels.append([(GUARDIAN_ROOM, C.guardians[d["guardian"]]["darkness"] + mods.get("guardian_dark", 0) + add[4])])
    else:
        levels.append([])
    cheapest = [min(dk for _r, dk in rooms) if rooms else None for rooms in levels]
    a = -1 if start == "village" else room_level(C, start)
    out = []
    for b in range(5):
        between = range(a + 1, b) if a < b else range(a - 1, b, -1)
        passes = [cheapest[lv] for lv in between]
        if None in passes:
            continue
        if len(passes) > 1:
            passes.sort(reverse=True)
        base = sum(passes[free_passes:]) if passes else 0
        for room, dk in levels[b]:
            if room != start:
                out.append((room, base + dk))
    if len(_MOVES) >= 5_000:
        _MOVES.clear()
    _MOVES[key] = (C, tuple(out))
    return out


_MOVES: dict = {}       # move_costs by everything they depend on (start, passes, darkness added per level, Guardian)


_LIGHTS: dict = {}
_HAND_LIGHT: dict = {}


def _card_light(C: Content, key: str) -> tuple:
    """(light always given, party light, ((with_card, n), ...) given only beside that card, C) of a card kind."""
    hit = _LIGHTS.get(key)
    if hit is None or hit[3] is not C:
        card = C.cards[key]
        base, party, conds = card["lt"], 0, []
        for eff in card["effects"]:
            if eff["op"] == "light":
                if eff.get("with_card"):
                    conds.append((eff["with_card"], eff["n"]))
                else:
                    base += eff["n"]
            if eff["op"] == "party_light":
                party += eff["n"]
        hit = _LIGHTS[key] = (base, party, tuple(conds), C)
    return hit


def light_of(d: dict, C: Content, seat: int, party_size: int = 1, menaces: list[dict] | None = None) -> int:
    """Light ``seat`` brings (``menaces``: menace_ops(d, C) when the caller has it already)."""
    p = d["p"][seat]
    kinds = d["cards"]
    keys = tuple([kinds[c] for c in p["hand"]] + [kinds[c] for c, _o in p["borrowed"]])
    hit = _HAND_LIGHT.get(keys)
    if hit is None or hit[2] is not C:      # (light of the cards alone, their party light), per hand of kinds
        alone = party = 0
        conds = []
        for k in keys:
            base, pl, cond, _C = _card_light(C, k)
            alone += base
            party += pl
            conds += cond
        held = set(keys)
        alone += sum(n for with_card, n in conds if with_card in held)
        if len(_HAND_LIGHT) >= 20_000:
            _HAND_LIGHT.clear()
        hit = _HAND_LIGHT[keys] = (alone, party, C)
    total = hit[0] + (hit[1] if party_size > 1 else 0)
    for eff in rank_effects(C, p):
        if eff["op"] == "light":
            total += eff["n"]
            if party_size > 1 and has_rank_op(C, p, "ambush"):
                total += 1
        if eff["op"] == "party_light_per_member" and party_size > 1:
            total += eff["n"] * party_size
    total += p["buff"].get("lt", 0)
    for menace in (menace_ops(d, C) if menaces is None else menaces):
        if menace["op"] == "light":
            total += menace["n"]
    total += d["mods"].get("light", 0)
    return max(0, total)


def free_passes(d: dict, C: Content, seats: list[int]) -> int:
    n = 0
    kinds = d["cards"]
    table = op_table(C, "free_room")
    for s in seats:
        p = d["p"][s]
        if table:
            for c in p["hand"]:
                n += table.get(kinds[c], 0)
            for c, _owner in p["borrowed"]:
                n += table.get(kinds[c], 0)
        ranks, ops, _C = _ranks(C, p)
        if "free_room" in ops:
            n += sum(e["n"] for e in ranks if e["op"] == "free_room")
    return n


def monster_stats(d: dict, C: Content, room: str) -> dict | None:
    """The numbers of the foe in ``room`` before any party modifier: hp, def, mdef, xp, level, type..."""
    if room == GUARDIAN_ROOM:
        g = C.guardians[d["guardian"]]
        hp = g["hp"][d["players"]]
        if d["side"] != "guardian" or d["gwounds"] >= len(hp):
            return None
        return {"key": d["guardian"], "hp": hp[d["gwounds"]], "def": d["gdef"], "mdef": d["gmdef"], "swarm": 0,
                "incorporeal": False, "xp": 0, "au": 0, "level": 7, "mtype": g["type"], "wounds": g["defeat"]["wounds"],
                "wound_cards": g["defeat"]["wound_cards"], "discard": 0, "treasure": 0, "guardian": True,
                "room_attack": 0, "room_wounds": 0}
    cid = d["rooms"].get(room) if room != WILD else "wild"
    if cid is None:
        return None
    m = C.wilderness["monster"] if room == WILD else C.cards[d["cards"][cid]]
    r = C.rooms.get(room, {"hp": 0, "xp": 0, "mdef": 0, "attack": 0, "wounds": 0, "treasure": 0})
    return {"key": m["key"], "hp": m["hp"] + r["hp"], "def": m["def"] if "def" in m else 0,
            "mdef": m.get("mdef", 0) + r["mdef"], "swarm": m.get("swarm", 0), "incorporeal": m.get("incorporeal", False),
            "xp": m["xp"] + r["xp"], "au": m["au"], "level": m["level"], "mtype": m["mtype"],
            "wounds": m.get("wounds", 0), "wound_cards": m.get("wound_cards", 0), "discard": m.get("discard", 0),
            "treasure": m.get("treasure", 0) + r["treasure"], "guardian": False, "room_attack": r["attack"],
            "room_wounds": r["wounds"]}


def _weapon_gain(C: Content, hero: dict, weapons: tuple[dict, ...]) -> tuple[int, int, int]:
    """(physical, magic, Def cut) that wielding ``weapons`` adds to ``hero`` (its "with <keyword>" bonuses too)."""
    a = sum(w["a"] for w in weapons)
    m = sum(w["m"] for w in weapons)
    cut = sum(e["n"] for w in weapons for e in w["effects"] if e["op"] == "def_minus")
    kws = {k for w in weapons for k in w["keywords"]}
    for eff in hero["effects"]:
        if eff["op"] == "attack" and eff.get("with") and eff["with"] in kws:
            a += eff["n"]
    return a, m, cut


_PLANS: dict = {}


def _wield_plans(C: Content, heroes: tuple[str, ...], weapons: tuple[str, ...], rations: int) -> tuple:
    """Every way worth choosing for heroes (card keys) to wield weapons (card keys): a hero wields any number
    of weapons whose Skill needs add up to at most its Skill (§2 rule 46, the base game's rule); each Iron
    Rations adds 1 Skill to one hero. Returns the non-dominated outcomes, best total first, each as
    ((physical, magic, Def cut), ((weapon index, hero index), ...)); equal outcomes are one choice."""
    memo = (id(C), heroes, weapons, rations)
    hit = _PLANS.get(memo)
    if hit is None or hit[0] is not C:
        if len(_PLANS) > 8192:
            _PLANS.clear()
        hit = _PLANS[memo] = (C, _find_plans(C, heroes, weapons, rations))
    return hit[1]


def _find_plans(C: Content, heroes: tuple[str, ...], weapons: tuple[str, ...], rations: int) -> tuple:
    H = [C.cards[k] for k in heroes]
    W = [C.cards[k] for k in weapons]
    best: dict[tuple, tuple] = {}
    if len(W) == 1:                 # one weapon: unwielded, or in the hands of each hero able to (the search's order)
        best[(0, 0, 0)] = ()
        need = W[0]["sk"]
        seen = set()
        for i, hero in enumerate(H):
            if heroes[i] in seen or need > hero["sk"] + rations:
                continue
            seen.add(heroes[i])
            key = _weapon_gain(C, hero, (W[0],))
            if key not in best:
                best[key] = ((0, i),)
        return _plan_front(best)
    loads = [0] * len(H)
    held: list[list[int]] = [[] for _ in H]

    gains: dict = {}                # (hero index, weapons it holds) -> what they add: leaves share loads

    def outcome():
        a = m = cut = 0
        for i, hero in enumerate(H):
            if held[i]:
                key = (i, tuple(held[i]))
                got = gains.get(key)
                if got is None:
                    got = gains[key] = _weapon_gain(C, hero, tuple(W[j] for j in held[i]))
                ga, gm, gc = got
                a, m, cut = a + ga, m + gm, cut + gc
        return a, m, cut

    def go(j: int) -> None:
        if j == len(W):
            over = sum(max(0, loads[i] - H[i]["sk"]) for i in range(len(H)))
            if over <= rations:
                key = outcome()
                if key not in best:
                    best[key] = tuple((w, i) for i in range(len(H)) for w in held[i])
            return
        go(j + 1)                                   # this weapon stays unwielded
        tried = set()
        for i, hero in enumerate(H):
            sig = (heroes[i], tuple(weapons[w] for w in held[i]))
            if sig in tried or loads[i] + W[j]["sk"] > hero["sk"] + rations:
                continue                            # an identical hero with the same load: the same choice
            tried.add(sig)
            loads[i] += W[j]["sk"]
            held[i].append(j)
            go(j + 1)
            held[i].pop()
            loads[i] -= W[j]["sk"]

    go(0)
    return _plan_front(best)


def _plan_front(best: dict) -> tuple:
    """The outcomes no other beats in every number, best total first, each with its plan."""
    keys = list(best)
    front = [k for k in keys if not any(o != k and all(o[x] >= k[x] for x in range(3)) for o in keys)]
    front.sort(key=lambda k: (-(k[0] + k[1] + k[2]), -k[0], -k[1]))
    return tuple((k, best[k]) for k in front)


def wield_options(d: dict, C: Content, seat: int) -> list[dict]:
    """The ways ``seat``'s heroes may wield its weapons that are worth a choice (none is better in every
    number than another): [{"a", "m", "cut", "plan": [[weapon cid, hero cid], ...]}], best total first.
    One entry means there is nothing to choose."""
    cids = hand_cards(d, seat)
    weapons = sorted((c for c in cids if C.cards[d["cards"][c]]["type"] == "weapon"), key=lambda c: (d["cards"][c], c))
    heroes = sorted((c for c in cids if C.cards[d["cards"][c]]["type"] == "hero"), key=lambda c: (d["cards"][c], c)) \
        if weapons else []
    if not heroes:                  # nothing to wield, or no hero to wield it: the one empty way
        return [{"a": 0, "m": 0, "cut": 0, "plan": []}]
    rations = d["p"][seat]["buff"].get("rations", 0)
    plans = _wield_plans(C, tuple(d["cards"][c] for c in heroes), tuple(d["cards"][c] for c in weapons), rations)
    return [{"a": k[0], "m": k[1], "cut": k[2], "plan": [[weapons[w], heroes[h]] for w, h in plan]}
            for k, plan in plans]


def wielded(d: dict, C: Content, seat: int, options: list[dict] | None = None) -> list[list[str]]:
    """The [[weapon cid, hero cid], ...] ``seat`` fights with: its chosen plan while every card of it is still
    in hand, else the best option (the only one when there is no choice)."""
    chosen = d["p"][seat].get("wield")
    cids = set(hand_cards(d, seat))
    if chosen and all(w in cids and h in cids for w, h in chosen):
        return chosen
    if options is None:                     # the caller may have listed them already (wield_options)
        options = wield_options(d, C, seat)
    return options[0]["plan"] if options else []


def _member_strength(d: dict, C: Content, seat: int, foe: dict, party: list[int],
                     options: list[dict] | None = None) -> tuple[int, int, dict]:
    """(physical, magic, extras) one member brings; extras hold party-wide bonuses and defence cuts."""
    p = d["p"][seat]
    cards = [C.cards[d["cards"][c]] for c in hand_cards(d, seat)]
    keys = {c["key"] for c in cards}
    heroes = [c for c in cards if c["type"] == "hero"]
    spells = [c for c in cards if c["type"] == "spell"] if heroes else []
    classes = {h["class"] for h in heroes}
    extras = {"party_a": 0, "def_minus": 0, "ignore_mdef": 0, "spells": len(spells)}
    a = m = 0
    rations = p["buff"].get("rations", 0)
    by_hero: dict[str, list[dict]] = {}
    for w, h in wielded(d, C, seat, options):
        by_hero.setdefault(h, []).append(C.cards[d["cards"][w]])
    for hid in [c for c in hand_cards(d, seat) if C.cards[d["cards"][c]]["type"] == "hero"]:
        hero = C.cards[d["cards"][hid]]
        a += hero["a"]
        m += hero["m"]
        if hid in by_hero:
            ga, gm, gc = _weapon_gain(C, hero, tuple(by_hero[hid]))
            a, m = a + ga, m + gm
            extras["def_minus"] += gc
        for eff in hero["effects"]:
            op = eff["op"]
            if op == "attack":
                if eff.get("with"):
                    continue                        # counted with the weapons it needs (_weapon_gain)
                if eff.get("with_card") and eff["with_card"] not in keys:
                    continue
                a += eff["n"]
            elif op == "magic" and (not eff.get("vs") or foe["mtype"] in eff["vs"]):
                m += eff["n"]
            elif op == "magic_per_spell":
                m += min(eff["max"], len(spells)) * eff["n"]
            elif op == "party_attack":
                extras["party_a"] += eff["n"]
            elif op == "def_minus":
                extras["def_minus"] += eff["n"]
    a += rations
    for c in cards:
        if c["type"] == "ally" and (heroes or c["no_hero"]):
            a += c["a"]
            m += c["m"]
    for s in spells:
        m += s["m"]
        for eff in s["effects"]:
            if eff["op"] == "magic":
                if eff.get("with_class") and eff["with_class"] not in classes:
                    continue
                if eff.get("vs") and foe["mtype"] not in eff["vs"]:
                    continue
                m += eff["n"]
            elif eff["op"] == "magic_per_member":
                m += eff["n"] * (len(party) - 1)
    for eff in rank_effects(C, p):
        op = eff["op"]
        if op == "attack":
            if eff.get("vs_guardian") and not foe["guardian"]:
                continue
            if eff.get("alone") and len(party) > 1:
                continue
            a += eff["n"]
        elif op == "magic":
            if eff.get("vs") and foe["mtype"] not in eff["vs"]:
                continue
            if has_rank_op(C, p, "arcane_mastery"):
                m += min(3, len(spells))
            else:
                m += eff["n"]
        elif op == "ignore_mdef":
            extras["ignore_mdef"] += eff["n"]
        elif op == "rally":
            extras["party_a"] += len(party) - 1
    a += p["buff"].get("a", 0)
    m += p["buff"].get("m", 0)
    extras["party_a"] += p["buff"].get("party_a_per_member", 0) * len(party)
    return a, m, extras


def party_attack(d: dict, C: Content, party: list[int], room: str, wields: dict | None = None) -> dict | None:
    """The party's pooled attack against the foe in ``room``: Def and MDef subtracted once. ``wields``:
    {seat: wield_options(d, C, seat)} when the caller has them already."""
    foe = monster_stats(d, C, room)
    if foe is None:
        return None
    A = M = 0
    cut_def = cut_mdef = spells = 0
    for seat in party:
        a, m, ex = _member_strength(d, C, seat, foe, party, wields.get(seat) if wields else None)
        A += a + ex["party_a"]
        M += m
        cut_def += ex["def_minus"]
        cut_mdef += ex["ignore_mdef"]
        spells += ex["spells"]
    A = max(0, A + foe["room_attack"])
    if foe["incorporeal"]:
        A //= 2
    eff_def = max(0, foe["def"] - cut_def)
    eff_mdef = max(0, foe["mdef"] - cut_mdef)
    total = max(0, A - eff_def) + max(0, M - eff_mdef)
    return {"physical": A, "magic": M, "def": eff_def, "mdef": eff_mdef, "total": total, "hp": foe["hp"],
            "swarm": foe["swarm"], "foe": foe}


def prevention(d: dict, C: Content, seat: int, party: list[int]) -> int:
    """Wounds ``seat`` is spared in a battle: its own prevents plus every member's 'each member' ones."""
    n = 0
    for s in party:
        for c in hand_cards(d, s):
            for eff in C.cards[d["cards"][c]]["effects"]:
                if eff["op"] == "prevent" and (eff["scope"] == "each_member" or (s == seat and eff["scope"] == "self")):
                    n += eff["n"]
        for eff in rank_effects(C, d["p"][s]):
            if eff["op"] == "prevent" and (eff["scope"] == "each_member" or s == seat):
                n += eff["n"]
    return n


def party_pool_prevention(d: dict, C: Content, party: list[int]) -> int:
    return sum(eff["n"] for s in party for c in hand_cards(d, s)
               for eff in C.cards[d["cards"][c]]["effects"] if eff["op"] == "prevent" and eff["scope"] == "party_pool")
