"""Battle cleanup, the end of the round, and the zords (rulebook: cleanup; 3. end phase; zords).

Cleanup shares the pool's energy back to the rangers, discards defeated monster and boss cards (their
progress), shuffles foot-soldier cards back, and decides the battle: a boss down wins, a monster down
summons a zord. Defeated foot soldiers go to the experience track, which summons the next zord when
full. The round's end resets the action tokens and zords and runs the end-of-round location effects.
"""
from __future__ import annotations

from gamecore.engine import Action

from .common import CC, SHARED_EVENTS, WAIT, shared_event
from .cyclopsis import CYC


class CleanupAndZords:
    """Battle cleanup, the end of the round, and zords."""

    def _start_cleanup(self, task):
        d, C = self.d, self.C
        b = d["battle"]
        if task["stage"] == 0:
            task["stage"] = 1
            if b["in_play"] is not None:
                c = b["in_play"]
                seat = next(s for s, st in enumerate(d["seats"]) if C.card_ranger[c] in st["rangers"])
                d["seats"][seat]["discard"].append(c)
                b["in_play"] = None
        slots = self._energy_slots()
        if d["pool"] > 0 and slots:
            if len(slots) > 1 and d["pool"] < sum(slots.values()):
                self._settle_split(task, list(slots))
                return WAIT
            for s, k in slots.items():
                take = min(k, d["pool"])
                d["pool"] -= take
                d["seats"][s]["energy"] += take
                if take:
                    self._e("move", "energy_shared", source="pool", target=f"seat:{s}", seat=s, n=take)
        self._pop()
        self._finish_battle()

    def _energy_slots(self):
        d = self.d
        b = d["battle"]
        out = {}
        for s in self._battle_seats():
            cap = sum(1 for r in d["seats"][s]["rangers"] if r in b["rangers"])
            k = cap - d["seats"][s]["energy"]
            if k > 0:
                out[s] = k
        return out

    def _choices_cleanup(self, task):
        """Who keeps the pool's leftover energy, one at a time: the person for their own seats (or
        leaves it to the team), the AI teammates among theirs (team_turn.py, the team's splits)."""
        return self._split_choices(task, list(self._energy_slots()), lambda s: [
            Action.make("take_energy", source="pool", target=f"seat:{s}")])

    def _choose_cleanup(self, task, action):
        d = self.d
        if self._split_handover(task, action):
            return
        s = int(action.target.split(":")[1])
        d["pool"] -= 1
        d["seats"][s]["energy"] += 1
        self._e("move", "energy_shared", source="pool", target=action.target, seat=s, n=1)

    def _finish_battle(self):
        d, C = self.d, self.C
        b = d["battle"]
        loc = b["loc"]
        if d["pool"]:
            d["energy_supply"] += d["pool"]
            why = "holders_full" if b["rangers"] else "no_ranger_left"
            self._e("move", "energy_returned", source="pool", target="supply", n=d["pool"], cause=why)
            d["pool"] = 0
        touched = set()
        for c in b["order"]:
            d["hits_supply"] += b["hits"].get(c, 0)
            foe = C.enemy_deck[c]
            if C.foe_kind[foe] != "foot" and c in b["defeated"] and not self._dispatch("revive", foe=foe):
                d["ediscard"][foe].append(c)
            else:
                d["edeck"][foe].append(c)
                touched.add(foe)
        for foe in sorted(touched):
            self.rng.shuffle(d["edeck"][foe])
            self._e("shuffle", "enemy_deck_shuffled", target=f"edeck:{foe}", foe=f"$rangers.foe.{foe}.name")
        L = d["locs"][loc]
        won = False
        survived = bool(b["rangers"])       # a boss defeat wins only if a ranger lives to the battle's end
        for foe in list(L["big"]):
            if foe == CYC:
                kind, beaten = self._cyc_beaten(dry=True)
            else:
                kind = C.foe_kind[foe]
                need = C.comp["monster_defeat"] if kind == "monster" else C.comp["boss_defeat"]
                beaten = len(d["ediscard"][foe]) >= need
            if beaten and kind == "boss" and not survived:
                self._e("info", "boss_not_beaten", source=f"loc:{loc}", cause="no_survivor",
                        foe=f"$rangers.foe.{foe}.name")
                continue
            if beaten:
                if foe == CYC:
                    self._cyc_beaten()
                L["big"].remove(foe)
                d["big_loc"][foe] = None
                d["big_out"].append(foe)
                self._e("flip", "foe_defeated", source=f"loc:{loc}", foe=f"$rangers.foe.{foe}.name")
                if kind == "boss":
                    won = True
                else:
                    for t in C.fs_types:
                        d["fs_supply"][t] += L["fs"][t]
                        L["fs"][t] = 0
                    self._push({"t": "summon"})
        d["battle"] = None
        d["ctxs"] = {}
        d["ctx_n"] = 0
        self._e("phase", "battle_over", target=f"loc:{loc}")
        if won:
            self._win("boss_defeated")
            return
        if loc != CC and L["panic"] and self._enemies_at(loc) == 0:
            L["panic"] = False
            d["panic_supply"] += 1
            self._e("flip", "panic_cleared", target=f"loc:{loc}", loc=f"$rangers.loc.{loc}.name")
        if loc == CC and d["cc_side"] == "B" and self._enemies_at(CC) == 0:
            seats = sorted({d["rseat"][r] for r, l in d["rloc"].items() if l == CC})
            self._push(*[{"t": "power_up", "seat": s} for s in seats])
        self._cyc_after_battle(loc)

    def _start_round_end(self, task):
        d = self.d
        self._pop()
        if d["cc_side"] == "B" and self._enemies_at(CC) > 0:
            self._lose("cc_overrun")
            return
        for lid in self._dispatch("round_end"):
            L = d["locs"][lid]
            types = [t for t in self.C.fs_types if L["fs"][t] > 0]
            if len(types) == 1:
                self._slide(lid, types[0])
            elif len(types) > 1:
                self._push({"t": "slide_choice", "loc": lid})
        for st in d["seats"]:
            st["actions"] = d["action_base"]
        d["team_tokens"] = d["team_max"]
        for z in d["zords"].values():
            z["exhausted"] = False
        if d["megazord"] is not None:
            d["megazord"]["exhausted"] = False
        key = ("round_ended", d["round"])
        self._ev.append(SHARED_EVENTS.get(key) or shared_event(key, "phase", "rangers.ev.round_ended",
                                                               {"round": d["round"]}))

    def _slide(self, lid, ftype):
        d = self.d
        d["locs"][lid]["fs"][ftype] -= 1
        d["fs_supply"][ftype] += 1
        nxt = d["ring"][(d["ring"].index(lid) + 1) % len(d["ring"])]
        self._place_fs(ftype, nxt, cause="park_slide")

    def _start_slide_choice(self, task):
        return WAIT

    def _choices_slide_choice(self, task):
        L = self.d["locs"][task["loc"]]
        return [Action.make("slide", source=f"fs:{t}:{task['loc']}", target=f"loc:{task['loc']}")
                for t in self.C.fs_types if L["fs"][t] > 0]

    def _choose_slide_choice(self, task, action):
        self._pop()
        self._slide(task["loc"], action.source.split(":")[1])

    def _zord_actions(self, phase):
        d, C = self.d, self.C
        out = []
        if not d["zords"] and d["megazord"] is None:
            return out                      # no zord summoned yet (most of a game): nothing below lists one
        b = d["battle"]
        if phase == "battle" and self._cyc_zords_locked():
            return out
        battle_seats = self._battle_seats() if b is not None else []
        for zid in sorted(d["zords"]):
            z = d["zords"][zid]
            if z["exhausted"]:
                continue
            zd = C.zords[zid]
            when = zd["when"]
            if phase == "actions" and when not in ("actions", "any"):
                continue
            if phase == "battle" and (when not in ("battle", "any") or z["seat"] not in battle_seats):
                continue
            op = zd["effects"][0]["op"]
            src = f"zord:{zid}"
            if op == "capture_fs":
                if d["megazord"] is not None:
                    continue
                for l in d["ring"] + [CC]:
                    if b is not None and l == b["loc"]:
                        continue
                    for t in C.fs_types:
                        if d["locs"][l]["fs"][t] > 0:
                            out.append(Action.make("zord", source=src, target=f"loc:{l}", foe=t))
            elif op == "recover_top":
                for si, st in enumerate(d["seats"]):
                    if st["discard"]:
                        out.append(Action.make("zord", source=src, target=f"ranger:{st['rangers'][0]}"))
            else:
                out.append(Action.make("zord", source=src, target="pool"))
        mz = d["megazord"]
        if phase == "actions" and mz is not None and not mz["exhausted"]:
            for l in d["ring"] + [CC]:
                if l != mz["loc"]:
                    out.append(Action.make("zord", source="zord:megazord", target=f"loc:{l}"))
        return out

    def _use_zord(self, action):
        d, C = self.d, self.C
        zid = action.source.split(":")[1]
        if zid == "megazord":
            mz = d["megazord"]
            mz["exhausted"] = True
            mz["loc"] = action.target.split(":")[1]
            self._e("move", "megazord_placed", source="token:megazord", target=action.target,
                    loc=f"$rangers.loc.{mz['loc']}.name")
            return
        d["zords"][zid]["exhausted"] = True
        self._e("flip", "zord_used", source=action.source, zord=f"$rangers.zord.{zid}.name")
        self._cyc_zord_used(zid)
        for eff in C.zords[zid]["effects"]:
            op = eff["op"]
            if op == "next_attack":
                self._effect_next_attack(eff, {"zord": zid})
            elif op == "gain_energy":
                self._gain_pool(eff["n"])
            elif op == "draw_each":
                for s in self._battle_seats():
                    self._draw(s, eff["n"])
            elif op == "recover_top":
                r = action.target.split(":")[1]
                self._recover_top(d["rseat"][r], eff["n"])
            elif op == "capture_fs":
                loc = action.target.split(":")[1]
                t = action.get("foe")
                d["locs"][loc]["fs"][t] -= 1
                d["fs_supply"][t] += 1
                self._e("move", "fs_captured", source=f"loc:{loc}", target="track:xp", foe=f"$rangers.foe.{t}.name")
                self._fs_to_track(t)

    def _recover_top(self, seat, n):
        st = self.d["seats"][seat]
        take = st["discard"][-n:] if n else []
        for c in reversed(take):
            st["discard"].remove(c)
            st["deck"].insert(0, c)
        if take:
            self._e("move", "recovered_top", source=f"discard:{seat}", target=f"deck:{seat}", seat=seat, n=len(take))

    def _fs_to_track(self, ftype):
        """A defeated foot-soldier figure (already back in the supply count) goes to the experience track."""
        d = self.d
        if d["megazord"] is not None or not d["zdeck"]:
            return
        d["fs_supply"][ftype] -= 1
        d["xp"][ftype] += 1
        if sum(d["xp"].values()) >= self.C.comp["xp_track"]:
            for t in d["xp"]:
                d["fs_supply"][t] += d["xp"][t]
                d["xp"][t] = 0
            self._e("info", "xp_full")
            self._push({"t": "summon"})

    def _start_summon(self, task):
        d, C = self.d, self.C
        if not d["zdeck"] or d["megazord"] is not None:
            self._pop()
            return
        zid = d["zdeck"][0]
        if zid == C.megazord["id"]:
            self._pop()
            d["zdeck"].pop(0)
            d["power"] += 1
            d["megazord"] = {"exhausted": False, "loc": None}
            self._e("reveal", "megazord_summoned", source="zord:megazord", power=d["power"])
            return
        owner = C.zords[zid]["ranger"]
        if owner in d["rseat"]:
            self._pop()
            self._summon_to(d["rseat"][owner])
            return
        if len(d["seats"]) == 1:
            self._pop()
            self._summon_to(0)
            return
        return WAIT

    def _choices_summon(self, task):
        """A zord whose ranger is not in play goes to any ranger: the person chooses among their own
        seats (or leaves it to the team), the AI teammates among theirs (team_turn.py)."""
        zid = self.d["zdeck"][0]
        d = self.d
        return self._split_choices(task, list(range(len(d["seats"]))), lambda s: [
            Action.make("assign_zord", source=f"zord:{zid}", target=f"ranger:{d['seats'][s]['rangers'][0]}")])

    def _choose_summon(self, task, action):
        if self._split_handover(task, action):
            return
        self._pop()
        self._summon_to(self.d["rseat"][action.target.split(":")[1]])

    def _summon_to(self, seat):
        d = self.d
        zid = d["zdeck"].pop(0)
        d["power"] += 1
        d["zords"][zid] = {"seat": seat, "exhausted": False}
        self._e("reveal", "zord_summoned", source=f"zord:{zid}", target=f"seat:{seat}",
                zord=f"$rangers.zord.{zid}.name", power=d["power"])
