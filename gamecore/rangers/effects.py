"""The effect vocabulary of combat cards, abilities and zords, and the dispatcher of continuous effects.

Card texts (assets/data/rangers/*.json) are lists of effect dicts ``{"op": ...}``; an ``effects`` step
runs a list and resumes after any choice a sub-effect opens. PASSIVE enemy cards, location B sides, the
Megazord and battle-start abilities are subscriptions derived from the state and answered through one
Dispatcher. Enemy-card effects are in enemy_cards.py, Cyclopsis's in cyclopsis.py.
"""
from __future__ import annotations

from gamecore.engine import Dispatcher


# --------------------------------------------------------------------------- dispatcher handlers
# Each handler gets (state, arg, **payload) and returns a list (values or nothing).

def _answer_value(state, arg, **payload):
    return [arg]


def _answer_loc_value(state, arg, loc=None, **payload):
    return [arg["n"]] if loc == arg["loc"] else []


def _answer_immune(state, arg, card=None, **payload):
    c = state.C
    if card != arg and c.enemy_deck[card] == c.enemy_deck[arg]:
        return [True]
    return []


def _answer_revive(state, arg, foe=None, **payload):
    return [True] if state.C.enemy_deck[arg] == foe else []


def _answer_reflect(state, arg, card=None, **payload):
    return [True] if card == arg else []


def _answer_battle_start_megazord(state, arg, loc=None, **payload):
    return [("megazord", None)] if loc == arg else []


def _answer_battle_start_location(state, arg, loc=None, **payload):
    return [("topdeck", None)] if loc == arg else []


def _answer_battle_start_ability(state, arg, rangers=(), **payload):
    return [("ability", arg)] if arg in rangers else []


def _answer_round_end_slide(state, arg, **payload):
    return [arg]


DISPATCH = Dispatcher({
    "value": _answer_value, "loc_value": _answer_loc_value, "immune": _answer_immune, "revive": _answer_revive,
    "reflect": _answer_reflect, "megazord": _answer_battle_start_megazord, "loc_topdeck": _answer_battle_start_location,
    "ability": _answer_battle_start_ability, "slide": _answer_round_end_slide,
})


# the topics each source of subscriptions can have (_subs skips a source that cannot answer a topic)
_PASSIVE_TOPICS = frozenset({"damage_bonus", "cost", "only_zero", "immune", "reflect", "revive"})
_B_SIDE_TOPICS = frozenset({"recover_limit", "hand_minus", "battle_start", "round_end"})


_PASSIVE_SUBS: dict = {}  # enemy card id -> its PASSIVE subscriptions while it stands (content), made once


def _passive_subs(C, cid):
    """The subscriptions (topic, handler, arg) of enemy card ``cid``'s PASSIVE effects, in the card's
    order; () for a card that is not PASSIVE. Made once per card: the args are read, never changed."""
    cdef = C.enemy_def[C.enemy_of[cid]]
    subs = []
    if "passive" in cdef["keywords"]:
        for eff in cdef["effects"]:
            op = eff["op"]
            if op == "damage_plus":
                subs.append(("damage_bonus", "value", {"card": cid, "n": eff["n"]}))
            elif op == "cost_plus":
                subs.append(("cost", "value", eff["n"]))
            elif op == "only_zero_cost":
                subs.append(("only_zero", "value", cid))
            elif op == "immune_others":
                subs.append(("immune", "immune", cid))
            elif op == "reflect":
                subs.append(("reflect", "reflect", cid))
            elif op == "revive":
                subs.append(("revive", "revive", cid))
    got = _PASSIVE_SUBS[cid] = tuple(subs)
    return got


class Effects:
    """The interpreter of effect lists and the subscriptions of continuous effects."""

    def _subs(self, topic=None):
        """Every live subscription (topic, handler, arg), derived from the state; with ``topic``, only
        those of that topic (the sources that cannot have it are skipped)."""
        d, C = self.d, self.C
        b = d["battle"]
        if b is not None and (topic is None or topic in _PASSIVE_TOPICS):
            subs = self._passive_subs()
        else:
            subs = []
        if d["loc_side"] == "B" and (topic is None or topic in _B_SIDE_TOPICS):
            for lid, loc in C.locations.items():
                b_side = loc["b_side"]
                op = b_side["op"]
                if op == "recover_limit":
                    subs.append(("recover_limit", "loc_value", {"loc": lid, "n": b_side["n"]}))
                elif op == "hand_minus":
                    subs.append(("hand_minus", "loc_value", {"loc": lid, "n": b_side["n"]}))
                elif op == "battle_topdeck":
                    subs.append(("battle_start", "loc_topdeck", lid))
                elif op == "slide_fs":
                    subs.append(("round_end", "slide", lid))
        if topic is None or topic == "battle_start":
            mz = d["megazord"]
            if mz is not None and mz["loc"] is not None:
                subs.append(("battle_start", "megazord", mz["loc"]))
            for r in d["rseat"]:
                if C.rangers[r]["ability"]["when"] == "battle_start":
                    subs.append(("battle_start", "ability", r))
            subs.extend(self._cyc_subs())   # Cyclopsis's are battle-start effects
        return subs if topic is None else [s for s in subs if s[0] == topic]

    def _passive_subs(self):
        """The subscriptions of the battle's standing PASSIVE enemy cards (the only source of the
        ``_PASSIVE_TOPICS``), in the cards' order."""
        b = self.d["battle"]
        if b is None:
            return []
        subs = []
        defeated = b["defeated"]
        for cid in b["order"]:
            got = _PASSIVE_SUBS.get(cid)
            if got is None:
                got = _passive_subs(self.C, cid)
            if got and cid not in defeated:
                subs.extend(got)
        return subs

    def _dispatch(self, topic, **payload):
        d = self.d
        if (topic != "battle_start" and (d["battle"] is None or topic not in _PASSIVE_TOPICS)
                and (d["loc_side"] != "B" or topic not in _B_SIDE_TOPICS)):
            return []                       # no source of subscriptions can have this topic now (_subs)
        return DISPATCH.emit(self, topic, self._subs(topic), **payload)

    def _fx_list(self, ref):
        C = self.C
        kind = ref[0]
        if kind == "card":
            effs = C.card_def[ref[1]]["effects"]
        elif kind == "enemy":
            effs = C.enemy_def[ref[1]]["effects"]
        elif kind == "ability":
            effs = C.rangers[ref[1]]["ability"]["effects"]
        elif kind == "cyc":
            effs = C.cyc["cards"][ref[1]]["effects"]
        else:
            raise KeyError(ref)
        for i in ref[2:]:
            effs = effs[i]["effects"]
        return effs

    def _start_effects(self, task):
        effs = self._fx_list(task["ref"])
        d = self.d
        while task["i"] < len(effs):
            b = d["battle"]
            if d["over"] is not None or b is None or b["end"]:
                break
            i = task["i"]
            eff = effs[i]
            task["i"] += 1
            depth = len(d["stack"])
            getattr(self, "_effect_" + eff["op"])(eff, self._cx(task), task, i)
            if len(d["stack"]) != depth or d["stack"][-1] is not task:
                return  # a sub-task was pushed; resume this list afterwards
        if d["stack"] and d["stack"][-1] is task:
            self._pop()

    def _effect_attack(self, eff, ctx, task=None, i=0, target=None):
        d, C = self.d, self.C
        b = d["battle"]
        target = target or ctx.get("target")
        # every extra die says where it came from (the log explains the card maths)
        extra = [list(x) for x in b.get("bonus_from", [])]
        left = b["bonus_dice"] - sum(n for n, _ in extra)
        if left > 0:
            extra.append([left, "$rangers.ui.earlier_effect"])
        b["bonus_dice"] = 0
        b["bonus_from"] = []
        reroll = eff.get("reroll", False) or b["reroll"]
        b["reroll"] = False
        if ctx.get("boost") and ctx.get("card"):
            boost = C.card_def[C.card_of[ctx["card"]]].get("boost", {}).get("dice", 0)
            if boost:
                extra.append([boost, "$rangers.ui.boost_source"])
        bid = eff.get("bonus_if_discard")
        if bid and len(d["seats"][ctx["seat"]]["discard"]) >= bid["min"]:
            extra.append([bid["dice"], "$rangers.ui.discard_source"])
        base = eff.get("dice", 0)
        dice = base + sum(n for n, _ in extra)
        for n, what in extra:
            self._e("info", "dice_bonus", source=ctx.get("card"), target=target,
                    n=n, what=what, base=base, dice=dice)
        hits = eff.get("hits", 0) + (ctx.get("x", 0) if eff.get("x_hits") else 0)
        faces = [C.die[self.rng.randrange(6)] for _ in range(dice)]
        if dice:
            self._e("roll", "dice_rolled", target=target, faces=faces, dice=dice)
            if reroll and any(f == 0 for f in faces):
                faces = [C.die[self.rng.randrange(6)] if f == 0 else f for f in faces]
                self._e("roll", "dice_rerolled", target=target, faces=faces, dice=dice)
        total = hits + sum(faces)
        ctx["attacked"] = True
        if target is None or target in b["defeated"]:
            ctx["killed"] = False
            return
        self._e("info", "attack_total", source=ctx.get("card"), target=target, n=total)
        ctx["killed"] = self._hit(target, total, attacker=ctx.get("ranger"))

    def _source_name(self, ctx):
        """The name of what an effect comes from, for the log: a card, a zord or a ranger's ability."""
        C = self.C
        if ctx.get("card"):
            return f"$rangers.card.{C.card_of[ctx['card']]}.name"
        if ctx.get("zord"):
            return f"$rangers.zord.{ctx['zord']}.name"
        if ctx.get("ranger"):
            return f"$rangers.ranger.{ctx['ranger']}.name"
        return "$rangers.ui.earlier_effect"

    def _skip(self, ctx, why):
        """A follow-up effect that does not happen, and why (for the log)."""
        self._e("info", "follow_up_skipped", source=ctx.get("card"), cause=why, what=self._source_name(ctx))

    def _effect_splash(self, eff, ctx, task, i):
        b = self.d["battle"]
        cands = [c for c in self._neighbours(ctx.get("target")) if c not in b["defeated"] and not self._immune(c)]
        if cands:
            self._push({"t": "choose_enemy", "mode": "list", "cands": cands, "n": eff["n"], "ranger": ctx["ranger"]})
        else:
            self._skip(ctx, "no_neighbour")

    def _effect_on_kill(self, eff, ctx, task, i):
        if ctx.get("killed"):
            ref = list(task["ref"]) + [i]
            self._push({"t": "effects", "ref": ref, "i": 0, "ctx": task["ctx"]})
        else:
            self._skip(ctx, "target_survived")

    def _effect_attack_choose(self, eff, ctx, task, i):
        if self._targets():
            self._push({"t": "choose_enemy", "mode": "attack", "dice": eff.get("dice", 0), "n": 0,
                        "ranger": ctx["ranger"], "ctx": task["ctx"]})

    def _effect_next_attack(self, eff, ctx, task=None, i=0):
        b = self.d["battle"]
        b["bonus_dice"] += eff.get("dice", 0)
        if eff.get("dice", 0):
            b.setdefault("bonus_from", []).append([eff["dice"], self._source_name(ctx)])
        if eff.get("reroll"):
            b["reroll"] = True

    def _effect_gain_energy(self, eff, ctx, task=None, i=0):
        self._gain_pool(eff["n"])

    def _effect_draw(self, eff, ctx, task=None, i=0):
        self._draw(ctx["seat"], eff["n"])

    def _effect_extra_play(self, eff, ctx, task=None, i=0):
        if eff.get("other"):
            ctx["extra"] = {"except": ctx["ranger"]}
        else:
            ctx["extra"] = {"seat": ctx["seat"]}

    def _effect_to_deck_top(self, eff, ctx, task=None, i=0):
        ctx["dest"] = "top"

    def _effect_recover_top(self, eff, ctx, task=None, i=0):
        self._recover_top(ctx["seat"], eff["n"])

    def _effect_topdeck(self, eff, ctx, task=None, i=0):
        self._push({"t": "topdeck", "seat": ctx["seat"], "draw": 0})

    def _effect_hit_any(self, eff, ctx, task=None, i=0):
        self._push({"t": "choose_enemy", "mode": "any", "n": eff["n"], "ranger": ctx["ranger"]})

    def _effect_hit_adjacent_defeated(self, eff, ctx, task=None, i=0):
        if ctx.get("target"):
            self._hit(ctx["target"], eff["n"])

    def _effect_double_play(self, eff, ctx, task=None, i=0):
        self.d["battle"]["double"] = ctx["seat"]

    def _effect_reduce(self, eff, ctx, task=None, i=0):
        dmg = ctx.get("damage")
        if dmg is not None:
            dmg["n"] = max(0, dmg["n"] - eff["n"])

    def _effect_save_reveals(self, eff, ctx, task=None, i=0):
        dmg = ctx.get("damage")
        if dmg is not None:
            dmg["save"] = True

    def _effect_extra_hit(self, eff, ctx, task=None, i=0):
        if ctx.get("target"):
            self._hit(ctx["target"], eff["n"])
