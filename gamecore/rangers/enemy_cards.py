"""Enemy cards and damage (rulebook: enemy turn, damage and defence, defeat of a ranger).

An enemy card's turn runs its effects (damage to a ranger or to each, energy drain, mill, discards,
more foot soldiers). Damage reveals combat cards from the top of the ranger's deck until their shields
absorb it; a ranger whose deck runs out is defeated and pays one Command Center energy. Energy drain
takes from the pool, then the rangers' stored energy, then cards from hand.
"""
from __future__ import annotations

from gamecore.engine import Action

from .common import CC, WAIT


class EnemyCardsAndDamage:
    """Enemy turns, the damage they deal and what it costs the rangers."""

    def _start_enemy_card(self, task):
        d, C = self.d, self.C
        self._pop()
        b = d["battle"]
        c = task["card"]
        b["resolved"].append(c)
        key = C.enemy_of[c]
        if c in b["defeated"]:
            self._e("flip", "enemy_turn_defeated", source=c, card=f"$rangers.enemy.{key}.name")
            self._cyc_idle_turn()
            return
        if "passive" in C.enemy_def[key]["keywords"]:
            self._e("flip", "enemy_turn_passive", source=c, card=f"$rangers.enemy.{key}.name")
            self._cyc_idle_turn()
            return
        self._e("flip", "enemy_turn", source=c, card=f"$rangers.enemy.{key}.name")
        self._push({"t": "effects", "ref": ["enemy", key], "i": 0, "ctx": self._mkctx({"enemy": c})})

    def _effect_damage(self, eff, ctx, task=None, i=0):
        d, C = self.d, self.C
        b = d["battle"]
        src = ctx["enemy"]
        n = eff["n"]
        if eff.get("per_fs"):
            # 1 more per foot-soldier card still standing in this battle
            standing = sum(1 for c in b["order"] if c not in b["defeated"] and C.foe_kind[C.enemy_deck[c]] == "foot")
            self._e("info", "swarm_damage", source=src,
                    base=n, n=standing, total=n + standing)
            n += standing
        for v in self._dispatch("damage_bonus"):
            if v["card"] != src:
                n += v["n"]
                self._e("info", "damage_bonus", source=v["card"], n=v["n"], total=n,
                        card=f"$rangers.enemy.{C.enemy_of[v['card']]}.name")
        rangers = list(b["rangers"])
        to = eff["to"]
        if not b["rangers"]:
            return
        base = {"t": "damage", "n": n, "n0": n, "src": src, "stage": "assign", "count": 1, "done": [],
                "strip": bool(eff.get("strip")), "save": False, "ranger": None, "cands": None}
        tasks = []
        if to in ("each", "others"):
            # every ranger takes it once; the team picks the order (one at a time)
            cands = [r for r in rangers if not (to == "others" and r == b["lead"])]
            if cands:
                tasks.append(dict(base, cands=cands, count=len(cands)))
        elif to == "lead":
            tasks.append(dict(base, ranger=b["lead"]))
        elif to == "two":
            tasks.append(dict(base, count=2))
        elif to == "biggest_hand":
            sizes = {r: len(d["seats"][d["rseat"][r]]["hand"]) for r in rangers}
            top = max(sizes.values())
            tasks.append(dict(base, cands=[r for r in rangers if sizes[r] == top]))
        elif to == "thinnest_deck":
            sizes = {r: len(d["seats"][d["rseat"][r]]["deck"]) for r in rangers}
            low = min(sizes.values())
            tasks.append(dict(base, cands=[r for r in rangers if sizes[r] == low]))
        else:
            tasks.append(base)
        self._push(*tasks)

    def _effect_drain(self, eff, ctx, task=None, i=0):
        self._push({"t": "drain", "n": eff["n"], "src": ctx["enemy"]})

    def _effect_mill(self, eff, ctx, task=None, i=0):
        d = self.d
        for r in list(d["battle"]["rangers"]):
            s = d["rseat"][r]
            st = d["seats"][s]
            for _ in range(eff["n"]):
                if st["deck"]:
                    milled = st["deck"].pop(0)
                    st["discard"].append(milled)
                    self._e("move", "milled", source=f"deck:{s}", target=f"discard:{s}", seat=s, n=1,
                            card=f"$rangers.card.{self.C.card_of[milled]}.name")

    def _effect_discard_random(self, eff, ctx, task=None, i=0):
        d = self.d
        for r in list(d["battle"]["rangers"]):
            s = d["rseat"][r]
            st = d["seats"][s]
            if st["hand"]:
                c = st["hand"].pop(self.rng.randrange(len(st["hand"])))
                st["discard"].append(c)
                self._e("reveal", "discarded_random", source=c, target=f"discard:{s}", seat=s,
                        card=f"$rangers.card.{self.C.card_of[c]}.name")

    def _effect_discard_highest(self, eff, ctx, task=None, i=0):
        d = self.d
        tasks = [{"t": "discard_highest", "seat": d["rseat"][r]} for r in d["battle"]["rangers"]]
        self._push(*tasks)

    def _effect_deploy_fs(self, eff, ctx, task=None, i=0):
        d = self.d
        foe = self.C.enemy_deck[ctx["enemy"]]
        for _ in range(eff["n"]):
            self._place_fs(foe, d["battle"]["loc"], cause="regrow")

    def _effect_passive(self, eff, ctx, task=None, i=0):
        return None

    _effect_damage_plus = _effect_reflect = _effect_immune_others = _effect_only_zero_cost = _effect_cost_plus = _effect_revive = _effect_passive

    def _damage_cands(self, task):
        b = self.d["battle"]
        pool = task["cands"] if task["cands"] is not None else b["rangers"]
        return [r for r in pool if r in b["rangers"] and r not in task["done"]]

    def _start_damage(self, task):
        d = self.d
        b = d["battle"]
        if task["ranger"] is None:
            cands = self._damage_cands(task)
            if not cands:
                self._pop()
                return
            if len(cands) > 1:
                self._settle_split(task, self._ranger_seats(cands))
                return WAIT
            task["ranger"] = cands[0]
        r = task["ranger"]
        if r not in b["rangers"]:
            self._pop()
            return
        if task["stage"] == "assign":
            task["stage"] = "react"
            ctx = {"damage": task, "ranger": r}
            if self._reactions("damage", ctx, with_reserve=True):
                self._push({"t": "react", "trigger": "damage", "ctx": self._mkctx({"ranger": r}),
                            "idx": len(d["stack"]) - 1})
                return
        # defend
        seat = d["rseat"][r]
        task["done"].append(r)
        task["count"] -= 1
        n, save, strip = task["n"], task["save"], task["strip"]
        more = task["count"] > 0 and [x for x in self._damage_cands(task) if x != r]
        if more:
            task["ranger"] = None
            task["stage"] = "assign"
            task["save"] = False
            task["handed"] = False          # the next ranger to take it is the team's choice again
            task["n"] = task["n0"]
        else:
            self._pop()
        self._e("damage", "damage_taken", source=task["src"], target=f"ranger:{r}", n=n,
                ranger=f"$rangers.ranger.{r}.name")
        defeated = self._defend(seat, n, save)
        if strip and not defeated:
            st = d["seats"][seat]
            if st["hand"]:
                st["discard"].extend(st["hand"])
                self._e("move", "hand_discarded", source=f"hand:{seat}", target=f"discard:{seat}", seat=seat,
                        n=len(st["hand"]))
                st["hand"] = []
        if defeated:
            self._push({"t": "defeat", "seat": seat})

    def _choices_damage(self, task):
        """Which ranger takes it: the person for their own rangers (or leaves it to the team), the AI
        teammates among theirs (team_turn.py, the team's splits)."""
        cands = self._damage_cands(task)
        return self._split_choices(task, self._ranger_seats(cands), lambda s: [
            Action.make("assign_damage", source=task["src"], target=f"ranger:{r}")
            for r in cands if self.d["rseat"][r] == s])

    def _choose_damage(self, task, action):
        if self._split_handover(task, action):
            return
        task["ranger"] = action.target.split(":")[1]

    def _defend(self, seat, n, save):
        """Reveal cards from the top of the deck until n damage is absorbed; True if the ranger falls."""
        d, C = self.d, self.C
        st = d["seats"][seat]
        rem = n
        while rem > 0:
            if not st["deck"]:
                return True
            c = st["deck"].pop(0)
            cdef = C.card_def[C.card_of[c]]
            sh = cdef["shields"]
            for eff in cdef.get("defense", []):
                if eff["op"] == "gain_energy" and d["battle"] is not None:
                    self._gain_pool(eff["n"])
                elif eff["op"] == "reduce":
                    sh += eff["n"]
                    self._e("info", "defence_bonus", source=c, n=eff["n"],
                            card=f"$rangers.card.{C.card_of[c]}.name")
            self._e("reveal", "defence_revealed", source=c, target=f"deck:{seat}", seat=seat, shields=sh, n=rem,
                    card=f"$rangers.card.{C.card_of[c]}.name")
            if sh > rem:
                st["deck"].append(c)
                rem = 0
                self._e("move", "defence_held", source=c, target=f"deck:{seat}", seat=seat)
            else:
                rem -= sh
                if save:
                    st["deck"].append(c)
                    self._e("move", "defence_saved", source=c, target=f"deck:{seat}", seat=seat)
                else:
                    st["discard"].append(c)
                    self._e("move", "defence_discarded", source=c, target=f"discard:{seat}", seat=seat)
                if not st["deck"]:
                    return True
        return False

    def _start_defeat(self, task):
        d = self.d
        self._pop()
        seat = task["seat"]
        st = d["seats"][seat]
        b = d["battle"]
        for r in st["rangers"]:
            self._e("flip", "ranger_defeated", source=f"ranger:{r}", ranger=f"$rangers.ranger.{r}.name")
        if len(st["rangers"]) > 1:
            # two rangers on one shared 20-card deck (2 players, 3x2): its running out loses the game
            self._lose("shared_deck_empty")
            return
        if d["cc_energy"] <= 0:
            self._lose("no_energy")
            return
        d["cc_energy"] -= 1
        d["energy_supply"] += 1
        self._e("move", "morphin_grid", source=f"loc:{CC}", target="supply", n=d["cc_energy"])
        for r in st["rangers"]:
            if b is not None and r in b["rangers"]:
                b["rangers"].remove(r)
            d["rloc"][r] = CC
            self._e("move", "ranger_moved", source=f"ranger:{r}", target=f"loc:{CC}",
                    ranger=f"$rangers.ranger.{r}.name", loc=f"$rangers.loc.{CC}.name", cause="defeated")
        st["deck"].extend(st["hand"])
        st["deck"].extend(st["discard"])
        st["hand"], st["discard"] = [], []
        self.rng.shuffle(st["deck"])
        self._e("shuffle", "deck_rebuilt", target=f"deck:{seat}", seat=seat)
        self._draw(seat, self._hand_size(seat))
        self._top_up_energy(seat)
        if b is None:
            return
        if not b["rangers"]:
            b["end"] = True
            return
        if b["lead"] not in b["rangers"]:
            if len(b["rangers"]) == 1:
                b["lead"] = b["rangers"][0]
                self._e("move", "lead_passed", target=f"ranger:{b['lead']}", ranger=f"$rangers.ranger.{b['lead']}.name")
            else:
                self._push({"t": "choose_lead"})

    def _start_choose_lead(self, task):
        return WAIT

    def _choices_choose_lead(self, task):
        return [Action.make("lead", source="token:lead", target=f"ranger:{r}") for r in self.d["battle"]["rangers"]]

    def _choose_choose_lead(self, task, action):
        self._pop()
        b = self.d["battle"]
        b["lead"] = action.target.split(":")[1]
        self._e("move", "lead_passed", target=action.target, ranger=f"$rangers.ranger.{b['lead']}.name")

    def _start_drain(self, task):
        """Energy drain: from the pool, then the rangers' stored energy; whatever is still owed makes
        each ranger in the battle discard one hand card per point (rulebook: 戦闘に参加しているレンジャー達は
        手札からカードを１枚ずつ廃棄; a player with two rangers counts each of them)."""
        d = self.d
        if task["n"] > 0 and d["pool"] > 0:
            take = min(task["n"], d["pool"])
            d["pool"] -= take
            d["energy_supply"] += take
            task["n"] -= take
            self._e("move", "energy_drained", source="pool", target="supply", n=take)
        if task["n"] <= 0:
            self._pop()
            return
        holders = self._drain_holders()
        total = sum(d["seats"][s]["energy"] for s in holders)
        if holders and (total <= task["n"] or len(holders) == 1):
            for s in holders:
                take = min(task["n"], d["seats"][s]["energy"])
                d["seats"][s]["energy"] -= take
                d["energy_supply"] += take
                task["n"] -= take
                self._e("move", "energy_drained", source=f"energy:{s}", target="supply", n=take)
            if task["n"] <= 0:
                self._pop()
                return
        if holders and task["n"] > 0 and total > task["n"]:
            self._settle_split(task, holders)
            return WAIT
        self._pop()
        owed = task["n"]
        b = d["battle"]
        steps = []
        for s in self._battle_seats():
            here = sum(1 for r in d["seats"][s]["rangers"] if r in b["rangers"])
            if d["seats"][s]["hand"]:
                steps.append({"t": "drain_discard", "seat": s, "n": owed * here})
        self._e("info", "drain_to_discards", n=owed)
        self._push(*steps)

    def _drain_holders(self):
        """The seats in the battle holding stored energy (an energy drain may take theirs)."""
        d = self.d
        return [s for s in self._battle_seats() if d["seats"][s]["energy"] > 0]

    def _choices_drain(self, task):
        """Whose stored energy goes, one point at a time: the person's seats' (or leave it to the
        team), the AI seats' (team_turn.py, the team's splits)."""
        return self._split_choices(task, self._drain_holders(), lambda s: [
            Action.make("drain_energy", source=f"energy:{s}", target="supply")])

    def _choose_drain(self, task, action):
        d = self.d
        if self._split_handover(task, action):
            return
        task["n"] -= 1
        s = int(action.source.split(":")[1])
        d["seats"][s]["energy"] -= 1
        d["energy_supply"] += 1
        self._e("move", "energy_drained", source=action.source, target="supply", n=1)
        if task["n"] <= 0:
            self._pop()

    def _start_drain_discard(self, task):
        """One seat discards ``n`` hand cards for an energy drain (its choice of which)."""
        st = self.d["seats"][task["seat"]]
        if task["n"] <= 0 or not st["hand"]:
            self._pop()
            return
        if len(st["hand"]) <= task["n"] or len({self.C.card_of[c] for c in st["hand"]}) == 1:
            self._pop()
            for c in list(st["hand"][:task["n"]]):
                self._discard_for_drain(task["seat"], c)
            return
        return WAIT

    def _choices_drain_discard(self, task):
        s = task["seat"]
        return [Action.make("discard", source=c, target=f"discard:{s}") for c in self.d["seats"][s]["hand"]]

    def _choose_drain_discard(self, task, action):
        task["n"] -= 1
        self._discard_for_drain(task["seat"], action.source)
        if task["n"] <= 0:
            self._pop()

    def _discard_for_drain(self, seat, card):
        st = self.d["seats"][seat]
        st["hand"].remove(card)
        st["discard"].append(card)
        self._e("move", "card_discarded", source=card, target=f"discard:{seat}", seat=seat,
                card=f"$rangers.card.{self.C.card_of[card]}.name", cause="drain")

    def _highest(self, seat):
        C = self.C
        hand = self.d["seats"][seat]["hand"]
        if not hand:
            return []
        top = max(C.card_def[C.card_of[c]]["shields"] for c in hand)
        return [c for c in hand if C.card_def[C.card_of[c]]["shields"] == top]

    def _start_discard_highest(self, task):
        cands = self._highest(task["seat"])
        if not cands:
            self._pop()
            return
        if len({self.C.card_of[c] for c in cands}) == 1:
            self._choose_discard_highest(task, Action.make("discard", source=cands[0], target=f"discard:{task['seat']}"))
            return
        return WAIT

    def _choices_discard_highest(self, task):
        return [Action.make("discard", source=c, target=f"discard:{task['seat']}") for c in self._highest(task["seat"])]

    def _choose_discard_highest(self, task, action):
        self._pop()
        st = self.d["seats"][task["seat"]]
        st["hand"].remove(action.source)
        st["discard"].append(action.source)
        self._e("move", "card_discarded", source=action.source, target=action.target, seat=task["seat"])
