"""Heroes of the Grid rules engine.

The whole game flow is a stack of plain-data tasks (``d["stack"]``; the top is the last element).
A task either runs to completion (it pops itself, maybe pushing sub-tasks that run first) or waits
for a decision; then ``_legal()`` lists the choices and ``_apply()`` hands the chosen action to the
task. Because tasks are plain dicts the state serialises, clones and restores exactly mid-battle.

Card effects are small effect dicts from assets/data/rangers/*.json interpreted by ``_op_*``
methods. Continuous and triggered effects (PASSIVE enemy cards, location B sides, the Megazord,
character abilities that fire at battle start) are subscriptions derived from the state and routed
through one :class:`Dispatcher` (``_dispatch``).
"""
from __future__ import annotations

import pickle

from gamecore.engine import (
    Action, Decision, Dispatcher, Event, GameState, IllegalAction, OptionError, Result, Rng,
)

from . import evaluation as _evaluation
from .content import content
from .cyclopsis import CYC, CYC_DEPLOY, CyclopsisRules

CC = "command_center"
WAIT = True


# --------------------------------------------------------------------------- dispatcher handlers
# Each handler gets (state, arg, **payload) and returns a list (values or nothing).

def _h_value(state, arg, **payload):
    return [arg]


def _h_loc_value(state, arg, loc=None, **payload):
    return [arg["n"]] if loc == arg["loc"] else []


def _h_immune(state, arg, card=None, **payload):
    c = state.C
    if card != arg and c.enemy_deck[card] == c.enemy_deck[arg]:
        return [True]
    return []


def _h_revive(state, arg, foe=None, **payload):
    return [True] if state.C.enemy_deck[arg] == foe else []


def _h_reflect(state, arg, card=None, **payload):
    return [True] if card == arg else []


def _h_battle_start_megazord(state, arg, loc=None, **payload):
    return [("megazord", None)] if loc == arg else []


def _h_battle_start_location(state, arg, loc=None, **payload):
    return [("topdeck", None)] if loc == arg else []


def _h_battle_start_ability(state, arg, rangers=(), **payload):
    return [("ability", arg)] if arg in rangers else []


def _h_round_end_slide(state, arg, **payload):
    return [arg]


DISPATCH = Dispatcher({
    "value": _h_value, "loc_value": _h_loc_value, "immune": _h_immune, "revive": _h_revive,
    "reflect": _h_reflect, "megazord": _h_battle_start_megazord, "loc_topdeck": _h_battle_start_location,
    "ability": _h_battle_start_ability, "slide": _h_round_end_slide,
})


class RangersState(CyclopsisRules, GameState):
    GAME_ID = "rangers"
    ENGINE_VERSION = 2

    def __init__(self):
        self.C = content()
        self.d: dict = {}
        self.rng = Rng(0)
        self.seed = 0
        self.players = 0
        self.options: dict = {}
        self._ev: list = []

    # ================================================================== setup
    @classmethod
    def new(cls, seed: int, players: int, options: dict) -> "RangersState":
        s = cls()
        C = s.C
        s.seed, s.players, s.options = seed, players, dict(options)
        s.rng = Rng(seed)
        six = bool(options.get("six_rangers", False)) or players == 6
        if players == 6:
            per_seat = 1
        elif six:
            if players != 3:
                raise OptionError("the six-ranger game is played by 3 players (2 rangers each) or 6 players")
            per_seat = 2
        else:
            per_seat = 2 if players == 2 else 1
        pool = list(C.base_rangers) + ([r for r in C.rangers if r not in C.base_rangers] if six else [])
        n_rangers = players * per_seat
        if n_rangers > len(pool):
            raise OptionError("not enough rangers in the content for this team")
        if options.get("ranger_pick", "classic") == "random":
            pool = s.rng.sample(pool, n_rangers)
        chosen = pool[:n_rangers]
        comp = C.comp
        # player-count rules: action tokens per player, Command Center energy, team recover tokens
        if six:
            actions, cc, team = (2, 2, 0) if players == 6 else (3, 0, 0)
        else:
            actions, cc, team = {5: (2, 3, 0), 4: (2, 4, 2), 3: (3, 4, 0), 2: (3, 3, 2)}[players]
        d = s.d
        d.update({
            "mode": "six" if six else "standard", "per_seat": per_seat,
            "cc_side": options.get("command_center", "A"), "loc_side": options.get("locations", "A"),
            "round": 0, "stack": [], "battle": None, "over": None,
            "energy_supply": comp["supply"]["energy"], "cc_energy": 0, "pool": 0,
            "panic_supply": comp["supply"]["panic"], "hits_supply": comp["supply"]["hit"],
            "action_base": actions, "team_max": team, "team_tokens": team,
            "power": 0, "megazord": None, "zords": {}, "ctxs": {}, "ctx_n": 0,
        })
        seats = []
        for p in range(players):
            rs = chosen[p * per_seat:(p + 1) * per_seat]
            deck = [c for r in rs for c in C.deck_of[r]]
            s.rng.shuffle(deck)
            seats.append({"rangers": rs, "deck": deck, "hand": [], "discard": [], "energy": 0, "actions": actions})
        d["seats"] = seats
        d["rseat"] = {r: i for i, st in enumerate(seats) for r in st["rangers"]}
        d["rloc"] = {r: CC for st in seats for r in st["rangers"]}
        # tokens: each ranger seat takes energy; command center energy
        for st in seats:
            s._take_supply_energy(st, len(st["rangers"]))
        take = min(cc, d["energy_supply"])
        d["energy_supply"] -= take
        d["cc_energy"] = take
        # each player draws up to the hand size (they may stop early; the classic opening is a full hand)
        for i in range(players):
            s._draw(i, s._hand_size(i) - len(seats[i]["hand"]))
        # board
        ring = list(C.outer)
        s.rng.shuffle(ring)
        d["ring"] = ring
        d["locs"] = {l: {"fs": {t: 0 for t in C.fs_types}, "big": [], "panic": False} for l in ring + [CC]}
        d["fs_supply"] = {t: comp["supply"]["fs_per_type"] for t in C.fs_types}
        d["xp"] = {t: 0 for t in C.fs_types}
        # zord deck: the zords of the rangers in play, topped up to 5 at random; Megazord at the bottom
        zids = [C.rangers[r]["zord"] for r in chosen]
        others = [z for z, zd in C.zords.items() if z not in zids and not zd.get("six_only")]
        s.rng.shuffle(others)
        while len(zids) < 5 and others:
            zids.append(others.pop())
        s.rng.shuffle(zids)
        d["zdeck"] = zids + [C.megazord["id"]]
        # deployment deck: piles A > B > C > D
        fs_dep = [k for k, v in C.deploy_cards.items() if v["foe"] in C.fs_types]
        s.rng.shuffle(fs_dep)
        piles = [fs_dep[i * 5:(i + 1) * 5] for i in range(4)]
        mons = [f"deploy:{m}" for m in C.monsters]
        s.rng.shuffle(mons)
        bosses = [f"deploy:{b}" for b in C.bosses]
        s.rng.shuffle(bosses)
        piles[1].append(mons[0])
        piles[2].append(mons[1])
        piles[3].append(bosses[0])
        for p in piles[1:]:
            s.rng.shuffle(p)
        extra = fs_dep[20:]
        d["deploy"] = [c for p in piles for c in p] + extra
        d["deploy_seg"] = [[len(p), "piles"] for p in piles + [extra] if p]
        d["deploy_discard"] = []
        d["deploy_removed"] = []
        d["deploy_unused"] = mons[2:] + bosses[1:]
        d["big_loc"] = {f: None for f in C.monsters + C.bosses}
        d["big_out"] = []
        d["edeck"] = {}
        for f, ids in C.decks.items():
            deck = list(ids)
            s.rng.shuffle(deck)
            d["edeck"][f] = deck
        d["ediscard"] = {f: [] for f in C.decks}
        s._cyc_setup(options)
        s._push({"t": "round"})
        s._advance()
        s._ev = []
        return s

    # ================================================================== plumbing
    def _e(self, kind, key, source=None, target=None, cause=None, cause_params=None, **params):
        self._ev.append(Event(kind, "rangers.ev." + key, params, source=source, target=target,
                              cause=("rangers.cause." + cause) if cause else None, cause_params=cause_params or {}))

    def _push(self, *tasks):
        st = self.d["stack"]
        for t in reversed(tasks):
            st.append(t)

    def _mkctx(self, ctx):
        """Effect contexts live in one table (tasks hold keys) so no two tasks share a dict: a JSON
        round trip then restores exactly the same state."""
        d = self.d
        d["ctx_n"] += 1
        key = str(d["ctx_n"])
        d["ctxs"][key] = ctx
        return key

    def _cx(self, task):
        return self.d["ctxs"][task["ctx"]]

    def _pop(self):
        return self.d["stack"].pop()

    def _advance(self):
        d = self.d
        guard = 0
        while d["over"] is None and d["stack"]:
            guard += 1
            if guard > 100000:
                raise RuntimeError("rangers engine loop did not settle")
            task = d["stack"][-1]
            b = d["battle"]
            if b is not None and b["end"] and task["t"] not in ("cleanup", "share_energy", "summon", "assign_zord", "cyc_end"):
                d["stack"].pop()
                continue
            if getattr(self, "_t_" + task["t"])(task) is WAIT:
                return

    def _lose(self, reason):
        if self.d["over"] is None:
            self.d["over"] = {"outcome": "loss", "reason": "rangers.result." + reason}
            self._e("phase", "game_lost", reason="$rangers.result." + reason)
            self._cyc_story("loss")

    def _win(self, reason):
        if self.d["over"] is None:
            self.d["over"] = {"outcome": "win", "reason": "rangers.result." + reason}
            self._e("phase", "game_won", reason="$rangers.result." + reason)
            self._cyc_story("win")

    # ---------------------------------------------------------------- small queries
    def _subs(self):
        """Every live subscription (topic, handler, arg), derived from the state."""
        d, C = self.d, self.C
        subs = []
        b = d["battle"]
        if b is not None:
            for cid in b["order"]:
                if cid in b["defeated"]:
                    continue
                cdef = C.enemy_def[C.enemy_of[cid]]
                if "passive" not in cdef["keywords"]:
                    continue
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
        if d["loc_side"] == "B":
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
        mz = d["megazord"]
        if mz is not None and mz["loc"] is not None:
            subs.append(("battle_start", "megazord", mz["loc"]))
        for r in d["rseat"]:
            if C.rangers[r]["ability"]["when"] == "battle_start":
                subs.append(("battle_start", "ability", r))
        subs.extend(self._cyc_subs())
        return subs

    def _dispatch(self, topic, **payload):
        return DISPATCH.emit(self, topic, [s for s in self._subs() if s[0] == topic], **payload)

    def _hand_size(self, seat):
        d = self.d
        st = d["seats"][seat]
        base = self.C.comp["hand_size_pair"] if len(st["rangers"]) > 1 else self.C.comp["hand_size"]
        if not d.get("locs"):
            return base
        loc = d["rloc"][st["rangers"][0]]
        return max(0, base - sum(self._dispatch("hand_minus", loc=loc)))

    def _energy_cap(self, seat):
        return len(self.d["seats"][seat]["rangers"])

    def _take_supply_energy(self, st, n):
        take = max(0, min(n, self.d["energy_supply"]))
        self.d["energy_supply"] -= take
        st["energy"] += take
        return take

    def _top_up_energy(self, seat):
        st = self.d["seats"][seat]
        want = self._energy_cap(seat) - st["energy"]
        if st["energy"] == 0 or (len(st["rangers"]) > 1 and want > 0):
            got = self._take_supply_energy(st, want)
            if got:
                self._e("move", "energy_taken", source="supply", target=f"seat:{seat}", seat=seat, n=got)

    def _gain_pool(self, n):
        take = max(0, min(n, self.d["energy_supply"]))
        self.d["energy_supply"] -= take
        self.d["pool"] += take
        if take:
            self._e("move", "energy_gained", source="supply", target="pool", n=take)

    def _draw(self, seat, n):
        st = self.d["seats"][seat]
        got = 0
        for _ in range(max(0, n)):
            if not st["deck"]:
                break
            st["hand"].append(st["deck"].pop(0))
            got += 1
        if got:
            self._e("draw", "drew", source=f"deck:{seat}", target=f"hand:{seat}", seat=seat, n=got)
        return got

    def _enemies_at(self, loc):
        L = self.d["locs"][loc]
        return sum(L["fs"].values()) + len(L["big"])

    def _next_free(self, start_idx):
        """The first non-panicked outer location clockwise from ring[start_idx] (inclusive)."""
        ring = self.d["ring"]
        for k in range(len(ring)):
            lid = ring[(start_idx + k) % len(ring)]
            if not self.d["locs"][lid]["panic"]:
                return lid
        return None

    def _dest(self, loc, figure=False):
        """Where an enemy figure bound for ``loc`` goes. A monster or boss skips a panicked location;
        a foot soldier (``figure=True``) still goes to a panicked one while it is below its figure
        limit (rulebook: figures beyond the limit move on; official FAQ: foot soldiers may be placed
        in panicked locations until they reach their figure limit)."""
        if loc == CC:
            return CC
        if not self.d["locs"][loc]["panic"]:
            return loc
        if figure and self._enemies_at(loc) < self.C.locations[loc]["limit"] and not self._cyc_full(loc):
            return loc
        free = self._next_free(self.d["ring"].index(loc) + 1)
        if free is None and self.d["cc_side"] == "B":
            return CC
        return free

    def _panic(self, loc, cause=None):
        d = self.d
        if loc == CC or d["locs"][loc]["panic"]:
            return
        d["locs"][loc]["panic"] = True
        d["panic_supply"] -= 1
        self._e("flip", "panicked", target=f"loc:{loc}", cause=cause, loc=f"$rangers.loc.{loc}.name")
        if all(d["locs"][l]["panic"] for l in d["ring"]):
            self._lose("all_panicked")

    def _place_fs(self, ftype, loc, cause=None):
        d = self.d
        if d["fs_supply"][ftype] <= 0:
            self._e("info", "fs_supply_empty", foe=f"$rangers.foe.{ftype}.name")
            return None
        dest = self._dest(loc, figure=True)
        if dest is None:
            return None
        d["fs_supply"][ftype] -= 1
        d["locs"][dest]["fs"][ftype] += 1
        self._e("move", "fs_placed", source=f"supply:{ftype}", target=f"loc:{dest}",
                cause="overflow" if dest != loc else cause, foe=f"$rangers.foe.{ftype}.name",
                loc=f"$rangers.loc.{dest}.name")
        if dest != CC and self._enemies_at(dest) >= self.C.locations[dest]["limit"]:
            self._panic(dest, cause="figure_limit")
        return dest

    def _place_big(self, foe, loc):
        d = self.d
        boss = self.C.foe_kind[foe] == "boss"
        if boss and d["cc_side"] == "B":
            dest = CC
        else:
            dest = self._dest(loc)
        if dest is None:
            return None
        d["locs"][dest]["big"].append(foe)
        d["big_loc"][foe] = dest
        self._e("move", "big_placed", source=f"supply:{foe}", target=f"loc:{dest}",
                cause="overflow" if dest != loc else None, foe=f"$rangers.foe.{foe}.name",
                loc=f"$rangers.loc.{dest}.name")
        if dest != CC:
            self._panic(dest, cause="monster_arrived")
        return dest

    # ================================================================== rounds and deployment
    def _t_round(self, task):
        d = self.d
        self._pop()
        if d["round"] >= self.C.comp["round_cap"]:
            self._lose("round_cap")
            return
        d["round"] += 1
        self._e("phase", "round_started", round=d["round"])
        self._push({"t": "deploy_phase"}, {"t": "actions"}, {"t": "round_end"}, {"t": "round"})

    def _t_deploy_phase(self, task):
        return WAIT

    def _l_deploy_phase(self, task):
        return [Action.make("deploy", source="deck:deployment")]

    def _c_deploy_phase(self, task, action):
        self._pop()
        d = self.d
        self._cyc_story_start()
        self._e("phase", "deployment_phase")
        for _ in range(self._cyc_deploys()):
            if d["over"] is not None:
                return
            self._deploy_once()
        disc = d["deploy_discard"]
        if disc:
            self.rng.shuffle(disc)
            d["deploy"].extend(disc)
            d["deploy_seg"].append([len(disc), "known"])
            d["deploy_discard"] = []
            self._e("shuffle", "deploy_reshuffled", source="discard:deployment", target="deck:deployment")
        self._cyc_end_of_deploy()
        if d["over"] is None:
            self._e("phase", "action_phase")

    def _draw_deploy(self):
        """Take the top deployment card, keeping the public pile boundaries (``deploy_seg``) in step."""
        d = self.d
        seg = d["deploy_seg"]
        seg[0][0] -= 1
        if seg[0][0] == 0:
            seg.pop(0)
        return d["deploy"].pop(0)

    def _deploy_once(self):
        d, C = self.d, self.C
        deck = d["deploy"]
        if not deck:
            return
        top = self._draw_deploy()
        info = C.deploy_cards[top]
        self._e("reveal", "deploy_revealed", source=top, card=top, n=info["figures"],
                foe=f"$rangers.foe.{info['foe']}.name")
        bigs = []
        if info["figures"] == 0:
            bigs.append(top)
        while deck and C.deploy_cards[deck[0]]["figures"] == 0:
            nxt = self._draw_deploy()
            bigs.append(nxt)
            self._e("reveal", "deploy_revealed_big", source=nxt, foe=f"$rangers.foe.{C.deploy_cards[nxt]['foe']}.name")
        loc = C.deploy_cards[deck[0]]["back"] if deck else d["ring"][0]
        self._e("info", "deploy_location", target=f"loc:{loc}", loc=f"$rangers.loc.{loc}.name")
        boss_cc = d["cc_side"] == "B" and any(C.foe_kind[C.deploy_cards[b]["foe"]] == "boss" for b in bigs)
        n = info["figures"]
        if d["mode"] == "six" and n == 1:
            n = 3
        if info["figures"] > 0:
            d["deploy_discard"].append(top)
        bigs.sort(key=lambda x: 0 if C.foe_kind[C.deploy_cards[x]["foe"]] == "monster" else 1)
        d["deploy_removed"].extend(bigs)
        for _ in range(n):
            if d["over"] is not None:
                return
            self._place_fs(info["foe"], CC if boss_cc else loc, cause="boss_assault" if boss_cc else None)
        for big in bigs:
            if d["over"] is not None:
                return
            foe = C.deploy_cards[big]["foe"]
            if foe == CYC:
                self._cyc_deploy(loc)
                continue
            dest = self._place_big(foe, loc)
            self._cyc_after_big(foe, dest)
            self.rng.shuffle(d["edeck"][foe])
            self._e("shuffle", "enemy_deck_ready", target=f"edeck:{foe}", foe=f"$rangers.foe.{foe}.name")

    def _t_round_end(self, task):
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
        self._e("phase", "round_ended", round=d["round"])

    def _slide(self, lid, ftype):
        d = self.d
        d["locs"][lid]["fs"][ftype] -= 1
        d["fs_supply"][ftype] += 1
        nxt = d["ring"][(d["ring"].index(lid) + 1) % len(d["ring"])]
        self._place_fs(ftype, nxt, cause="park_slide")

    def _t_slide_choice(self, task):
        return WAIT

    def _l_slide_choice(self, task):
        L = self.d["locs"][task["loc"]]
        return [Action.make("slide", source=f"fs:{t}:{task['loc']}", target=f"loc:{task['loc']}")
                for t in self.C.fs_types if L["fs"][t] > 0]

    def _c_slide_choice(self, task, action):
        self._pop()
        self._slide(task["loc"], action.source.split(":")[1])

    # ================================================================== action phase
    def _t_actions(self, task):
        d = self.d
        if all(st["actions"] <= 0 for st in d["seats"]) and d["team_tokens"] <= 0:
            self._pop()
            self._e("phase", "action_phase_over")
            return
        return WAIT

    def _l_actions(self, task):
        d = self.d
        out = []
        locs = d["ring"] + [CC]
        for si, st in enumerate(d["seats"]):
            if st["actions"] <= 0:
                continue
            here = d["rloc"][st["rangers"][0]]
            for r in st["rangers"]:
                for l in locs:
                    if l != here:
                        out.append(Action.make("move", source=f"ranger:{r}", target=f"loc:{l}"))
            r0 = st["rangers"][0]
            if self._enemies_at(here) > 0:
                out.append(Action.make("battle", source=f"ranger:{r0}", target=f"loc:{here}"))
            out.append(Action.make("recover", source=f"ranger:{r0}"))
        if d["team_tokens"] > 0:
            for st in d["seats"]:
                out.append(Action.make("recover", source=f"ranger:{st['rangers'][0]}", token="team"))
        out.extend(self._zord_actions("actions"))
        out.append(Action.make("end_actions"))
        return out

    def _c_actions(self, task, action):
        d = self.d
        kind = action.kind
        if kind == "end_actions":
            self._pop()
            self._e("phase", "action_phase_over")
            return
        if kind == "zord":
            self._use_zord(action)
            return
        r = action.source.split(":")[1]
        seat = d["rseat"][r]
        st = d["seats"][seat]
        if kind == "recover" and action.get("token") == "team":
            d["team_tokens"] -= 1
        else:
            st["actions"] -= 1
        if kind == "move":
            dest = action.target.split(":")[1]
            for rr in st["rangers"]:
                d["rloc"][rr] = dest
                self._e("move", "ranger_moved", source=f"ranger:{rr}", target=f"loc:{dest}",
                        ranger=f"$rangers.ranger.{rr}.name", loc=f"$rangers.loc.{dest}.name")
            if dest == CC and self._enemies_at(CC) == 0:
                self._push({"t": "power_up", "seat": seat})
        elif kind == "battle":
            loc = action.target.split(":")[1]
            self._push({"t": "battle_setup", "loc": loc, "lead": r})
        elif kind == "recover":
            loc = d["rloc"][r]
            limit = self.C.comp["recover_shields"]
            limit = max([limit] + self._dispatch("recover_limit", loc=loc))
            self._e("info", "recover_started", source=f"ranger:{r}", ranger=f"$rangers.ranger.{r}.name", n=limit)
            self._push({"t": "recover", "seat": seat, "picked": [], "limit": limit})

    def _t_power_up(self, task):
        return WAIT

    def _l_power_up(self, task):
        r = self.d["seats"][task["seat"]]["rangers"][0]
        return [Action.make("power_up", source=f"ranger:{r}", target=f"loc:{CC}"), Action.make("decline")]

    def _c_power_up(self, task, action):
        self._pop()
        if action.kind == "power_up":
            self._power_up(task["seat"])

    def _power_up(self, seat):
        st = self.d["seats"][seat]
        st["deck"].extend(st["hand"])
        st["deck"].extend(st["discard"])
        st["hand"], st["discard"] = [], []
        self.rng.shuffle(st["deck"])
        self._e("shuffle", "powered_up", source=f"seat:{seat}", target=f"deck:{seat}", seat=seat)
        self._draw(seat, self._hand_size(seat))
        self._top_up_energy(seat)

    def _t_recover(self, task):
        return WAIT

    def _recover_room(self, task):
        return task["limit"] - sum(self.C.card_def[self.C.card_of[c]]["shields"] for c in task["picked"])

    def _l_recover(self, task):
        st = self.d["seats"][task["seat"]]
        room = self._recover_room(task)
        out = [Action.make("pick", source=c, target=f"deck:{task['seat']}") for c in st["discard"]
               if c not in task["picked"] and self.C.card_def[self.C.card_of[c]]["shields"] <= room]
        out.append(Action.make("recover_done"))
        return out

    def _c_recover(self, task, action):
        if action.kind == "pick":
            task["picked"].append(action.source)
            return
        self._pop()
        seat = task["seat"]
        st = self.d["seats"][seat]
        for c in task["picked"]:
            st["discard"].remove(c)
            st["deck"].append(c)
        if task["picked"]:
            self.rng.shuffle(st["deck"])
            self._e("shuffle", "recovered", source=f"discard:{seat}", target=f"deck:{seat}", seat=seat,
                    n=len(task["picked"]))
        self._top_up_energy(seat)

    # ---------------------------------------------------------------- zords
    def _zord_actions(self, phase):
        d, C = self.d, self.C
        out = []
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
                self._op_next_attack(eff, {})
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

    def _t_summon(self, task):
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

    def _l_summon(self, task):
        zid = self.d["zdeck"][0]
        return [Action.make("assign_zord", source=f"zord:{zid}", target=f"ranger:{st['rangers'][0]}")
                for st in self.d["seats"]]

    def _c_summon(self, task, action):
        self._pop()
        self._summon_to(self.d["rseat"][action.target.split(":")[1]])

    def _summon_to(self, seat):
        d = self.d
        zid = d["zdeck"].pop(0)
        d["power"] += 1
        d["zords"][zid] = {"seat": seat, "exhausted": False}
        self._e("reveal", "zord_summoned", source=f"zord:{zid}", target=f"seat:{seat}",
                zord=f"$rangers.zord.{zid}.name", power=d["power"])

    # ================================================================== battle
    def _battle_seats(self):
        d = self.d
        b = d["battle"]
        out = []
        for r in b["rangers"]:
            s = d["rseat"][r]
            if s not in out:
                out.append(s)
        return out

    def _t_battle_setup(self, task):
        d = self.d
        self._pop()
        loc = task["loc"]
        rangers = [r for st in d["seats"] for r in st["rangers"] if d["rloc"][r] == loc]
        d["battle"] = {"loc": loc, "lead": task["lead"], "rangers": rangers, "rows": [[], []], "order": [],
                       "hits": {}, "defeated": [], "resolved": [], "next": "ranger", "end": False,
                       "fight": {}, "used": [], "bonus_dice": 0, "reroll": False, "double": None,
                       "in_play": None}
        self._e("phase", "battle_started", source=f"ranger:{task['lead']}", target=f"loc:{loc}",
                ranger=f"$rangers.ranger.{task['lead']}.name", loc=f"$rangers.loc.{loc}.name")
        self._gain_pool(self.C.comp["battle_pool"])
        extra = self._cyc_battle_setup(d["battle"])
        self._push({"t": "prep_draw"}, {"t": "fs_select"}, {"t": "enemy_prep"}, {"t": "battle_start"},
                   {"t": "turns"}, *extra, {"t": "cleanup", "stage": 0})

    def _t_prep_draw(self, task):
        if not self._l_prep_draw(task)[:-1]:
            self._pop()
            return
        return WAIT

    def _l_prep_draw(self, task):
        d = self.d
        out = []
        for s in self._battle_seats():
            st = d["seats"][s]
            if st["deck"] and len(st["hand"]) < self._hand_size(s):
                out.append(Action.make("draw", source=f"deck:{s}", target=f"hand:{s}"))
        out.append(Action.make("ready"))
        return out

    def _c_prep_draw(self, task, action):
        if action.kind == "ready":
            self._pop()
            return
        self._draw(int(action.source.split(":")[1]), 1)

    def _t_fs_select(self, task):
        d, C = self.d, self.C
        b = d["battle"]
        L = d["locs"][b["loc"]]
        cap = C.comp["fs_per_battle"]
        present = {t: L["fs"][t] for t in C.fs_types if L["fs"][t] > 0}
        if sum(present.values()) <= cap or len(present) == 1:
            left = cap
            for t in C.fs_types:
                take = min(L["fs"][t], left)
                b["fight"][t] = take
                left -= take
            self._pop()
            return
        return WAIT

    def _l_fs_select(self, task):
        d, C = self.d, self.C
        b = d["battle"]
        L = d["locs"][b["loc"]]
        cap = C.comp["fs_per_battle"]
        t0, t1 = C.fs_types
        out = []
        for k in range(cap + 1):
            if k <= L["fs"][t0] and cap - k <= L["fs"][t1]:
                out.append(Action.make("fight", source=f"ranger:{b['lead']}", target=f"loc:{b['loc']}",
                                       **{t0: k, t1: cap - k}))
        return out

    def _c_fs_select(self, task, action):
        self._pop()
        b = self.d["battle"]
        for t in self.C.fs_types:
            b["fight"][t] = action.get(t, 0)

    def _t_enemy_prep(self, task):
        d, C = self.d, self.C
        self._pop()
        b = d["battle"]
        L = d["locs"][b["loc"]]

        def lay(row, cards):
            for c in cards:
                if "fast" in C.enemy_def[C.enemy_of[c]]["keywords"]:
                    row.insert(0, c)
                else:
                    row.append(c)
                b["hits"][c] = 0
                self._e("reveal", "enemy_card_drawn", source=c, target=f"battle:{b['loc']}",
                        card=f"$rangers.enemy.{C.enemy_of[c]}.name")

        for t in C.fs_types:
            n = b["fight"].get(t, 0)
            deck = d["edeck"][t]
            drawn, d["edeck"][t] = deck[:n], deck[n:]
            lay(b["rows"][1], drawn)
        for foe in sorted((f for f in L["big"] if f != CYC), key=lambda f: 0 if C.foe_kind[f] == "monster" else 1):
            deck = d["edeck"][foe]
            n = C.comp["big_cards_per_battle"]
            drawn, d["edeck"][foe] = deck[:n], deck[n:]
            lay(b["rows"][0], drawn)
        b["order"] = b["rows"][0] + b["rows"][1]
        if any("fast" in C.enemy_def[C.enemy_of[c]]["keywords"] for c in b["order"]):
            b["next"] = "enemy"
            self._e("info", "enemies_first", cause="fast")
        if not b["order"] and not self._cyc_standing():
            b["end"] = True

    def _t_battle_start(self, task):
        d = self.d
        self._pop()
        b = d["battle"]
        items = [[kind, arg] for kind, arg in self._dispatch("battle_start", loc=b["loc"], rangers=list(b["rangers"]))]
        if len(items) > 1:
            self._push({"t": "order", "items": items})
        elif items:
            self._push({"t": "trigger", "kind": items[0][0], "arg": items[0][1]})

    def _t_order(self, task):
        """Several effects fire at the start of the battle: the team picks which resolves next."""
        if len(task["items"]) <= 1:
            self._pop()
            for kind, arg in task["items"]:
                self._push({"t": "trigger", "kind": kind, "arg": arg})
            return
        return WAIT

    def _trigger_id(self, kind, arg):
        return f"trigger:{kind}:{arg}" if arg else f"trigger:{kind}"

    def _l_order(self, task):
        return [Action.make("resolve_first", source=self._trigger_id(k, a)) for k, a in task["items"]]

    def _c_order(self, task, action):
        for item in task["items"]:
            if self._trigger_id(*item) == action.source:
                task["items"].remove(item)
                self._push({"t": "trigger", "kind": item[0], "arg": item[1]})
                return

    def _t_trigger(self, task):
        d = self.d
        self._pop()
        b = d["battle"]
        kind, arg = task["kind"], task["arg"]
        pushes = []
        if kind == "megazord":
            self._e("info", "megazord_strikes", source="token:megazord", target=f"battle:{b['loc']}")
            for c in list(b["order"]) + self._cyc_standing():
                self._hit(c, 1)
        elif kind == "topdeck":
            self._e("info", "location_effect", target=f"loc:{b['loc']}", loc=f"$rangers.loc.{b['loc']}.name")
            for s in self._battle_seats():
                pushes.append({"t": "topdeck", "seat": s, "draw": 1})
        elif kind.startswith("cyc_"):
            pushes.extend(self._cyc_trigger(kind, arg))
        elif kind == "ability" and arg in b["rangers"]:
            for eff in self.C.rangers[arg]["ability"]["effects"]:
                if eff["op"] == "hit_any":
                    pushes.append({"t": "choose_enemy", "mode": "any", "n": eff["n"], "ranger": arg})
        self._push(*pushes)

    def _t_turns(self, task):
        d = self.d
        b = d["battle"]
        if b is None or b["end"] or not b["rangers"]:
            self._pop()
            return
        if b["next"] == "enemy":
            if self._cyc_turns_left():
                b["next"] = "ranger"
                self._push({"t": "cyc_turn"})
                return
            nxt = next((c for c in b["order"] if c not in b["resolved"]), None)
            if nxt is None:
                self._pop()
                return
            b["next"] = "ranger"
            self._push({"t": "enemy_card", "card": nxt})
        else:
            b["next"] = "enemy"
            final = all(c in b["resolved"] for c in b["order"]) and not self._cyc_turns_left()
            self._push({"t": "ranger_turn", "only": None, "final": final})

    # ---------------------------------------------------------------- targeting helpers
    def _pos(self, cid):
        b = self.d["battle"]
        for ri, row in enumerate(b["rows"]):
            if cid in row:
                return ri, row.index(cid)
        return None

    def _neighbours(self, cid):
        b = self.d["battle"]
        if self._cyc_is_part(cid):
            return self._cyc_neighbours(cid)
        p = self._pos(cid)
        if p is None:
            return []
        ri, ci = p
        out = []
        row = b["rows"][ri]
        if ci > 0:
            out.append(row[ci - 1])
        if ci + 1 < len(row):
            out.append(row[ci + 1])
        other = b["rows"][1 - ri]
        if ci < len(other):
            out.append(other[ci])
        return out

    def _is_guard(self, cid):
        return "guard" in self.C.enemy_def[self.C.enemy_of[cid]]["keywords"]

    def _guarded(self, cid):
        b = self.d["battle"]
        if self._is_guard(cid):
            return False
        return any(self._is_guard(n) and n not in b["defeated"] for n in self._neighbours(cid))

    # public for the table: what GUARD protects right now (the table draws it, never works it out)
    def is_guarded(self, cid) -> bool:
        return self.d["battle"] is not None and cid in self.d["battle"]["order"] and self._guarded(cid)

    def guard_links(self) -> list[tuple[str, str]]:
        """(guard card, card it protects) pairs of the current battle."""
        b = self.d["battle"]
        if b is None:
            return []
        return [(c, n) for c in b["order"] if c not in b["defeated"] and self._is_guard(c)
                for n in self._neighbours(c) if n not in b["defeated"] and not self._is_guard(n)]

    def _immune(self, cid):
        if self._cyc_is_part(cid):
            return False
        return bool(self._dispatch("immune", card=cid))

    def _immune_set(self):
        b = self.d["battle"]
        subs = [x for x in self._subs() if x[0] == "immune"]
        if not subs:
            return set()
        return {c for c in b["order"] if DISPATCH.emit(self, "immune", subs, card=c)}

    def _targets(self, ignore_guard=False):
        b = self.d["battle"]
        immune = self._immune_set()
        return [c for c in b["order"] if c not in b["defeated"] and c not in immune
                and (ignore_guard or not self._guarded(c))] + self._cyc_standing()

    def _hittable(self):
        b = self.d["battle"]
        immune = self._immune_set()
        return [c for c in b["order"] if c not in b["defeated"] and c not in immune] + self._cyc_standing()

    def _hit(self, cid, n, attacker=None):
        """Put n hit tokens on an enemy card; True if this defeated it."""
        d, C = self.d, self.C
        b = d["battle"]
        if b is None or cid in b["defeated"] or n <= 0:
            return False
        if self._cyc_is_part(cid):
            return self._cyc_hit(cid, n, attacker)
        if self._immune(cid):
            self._e("info", "immune", target=cid, cause="immune", card=f"$rangers.enemy.{C.enemy_of[cid]}.name")
            return False
        place = min(n, d["hits_supply"])
        d["hits_supply"] -= place
        b["hits"][cid] += place
        self._e("damage", "hits_placed", target=cid, n=place, card=f"$rangers.enemy.{C.enemy_of[cid]}.name")
        if attacker is not None and attacker in b["rangers"] and self._dispatch("reflect", card=cid):
            self._push({"t": "damage", "n": n, "n0": n, "ranger": attacker, "cands": None, "src": cid, "stage": "assign",
                        "count": 1, "done": [], "strip": False, "save": False})
        cdef = C.enemy_def[C.enemy_of[cid]]
        if b["hits"][cid] >= cdef["health"]:
            b["defeated"].append(cid)
            self._e("flip", "enemy_defeated", target=cid, card=f"$rangers.enemy.{C.enemy_of[cid]}.name")
            foe = C.enemy_deck[cid]
            if C.foe_kind[foe] == "foot":
                L = d["locs"][b["loc"]]
                if L["fs"][foe] > 0:
                    L["fs"][foe] -= 1
                    d["fs_supply"][foe] += 1
                    self._e("move", "fs_defeated", source=f"loc:{b['loc']}", target="track:xp",
                            foe=f"$rangers.foe.{foe}.name")
                    self._fs_to_track(foe)
            if all(c in b["defeated"] for c in b["order"]) and not self._cyc_standing():
                b["end"] = True
                self._e("info", "all_enemies_defeated")
            return True
        return False

    # ---------------------------------------------------------------- ranger turn
    def _cost(self, cdef, x=0):
        base = x if cdef["cost"] == "X" else cdef["cost"]
        return base + sum(self._dispatch("cost"))

    def _playable_cost(self, cdef):
        """None if the card may not be played now (Food Coma), else its cost before X."""
        if self._dispatch("only_zero") and cdef["cost"] != 0:
            return None
        return self._cost(cdef, 0)

    def _t_ranger_turn(self, task):
        b = self.d["battle"]
        if not b["rangers"]:
            self._pop()
            return
        return WAIT

    def _l_ranger_turn(self, task):
        d, C = self.d, self.C
        b = d["battle"]
        only = task.get("only") or {}
        out = []
        pool = d["pool"]
        zero_only = bool(self._dispatch("only_zero"))
        plus = sum(self._dispatch("cost"))
        tcache = {}
        for s in self._battle_seats():
            st = d["seats"][s]
            if "seat" in only and only["seat"] != s:
                continue
            for c in st["hand"]:
                key = C.card_of[c]
                cdef = C.card_def[key]
                if cdef["type"] == "reaction":
                    continue
                if "except" in only and C.card_ranger[c] == only["except"]:
                    continue
                if "name" in only and key != only["name"]:
                    continue
                if zero_only and cdef["cost"] != 0:
                    continue
                if cdef["cost"] == "X":
                    xs = [x for x in range(1, pool - plus + 1)]
                    if not xs:
                        continue
                else:
                    if cdef["cost"] + plus > pool:
                        continue
                    xs = [None]
                boosts = [None]
                if cdef.get("boost") and st["deck"]:
                    boosts = [0, 1]
                if cdef["type"] == "attack":
                    ig = any(e.get("ignore_guard") for e in cdef["effects"])
                    if ig not in tcache:
                        tcache[ig] = self._targets(ig)
                    for t in tcache[ig]:
                        for x in xs:
                            for bo in boosts:
                                params = {}
                                if x is not None:
                                    params["x"] = x
                                if bo is not None:
                                    params["boost"] = bo
                                out.append(Action.make("play", source=c, target=t, **params))
                else:
                    out.append(Action.make("play", source=c, target="pool"))
        if not only:
            for r in b["rangers"]:
                if r in b["used"]:
                    continue
                ab = C.rangers[r]["ability"]
                if ab["when"] != "active":
                    continue
                op = ab["effects"][0]["op"]
                src = f"ability:{r}"
                if op == "hit_adjacent_defeated":
                    cands = []
                    for dc in b["defeated"]:
                        for nb in self._neighbours(dc):
                            if nb not in b["defeated"] and nb not in cands and not self._immune(nb):
                                cands.append(nb)
                    for t in sorted(cands, key=(b["order"] + self.C.cyc["part_ids"]).index):
                        out.append(Action.make("ability", source=src, target=t))
                elif op == "draw" and not d["seats"][d["rseat"][r]]["deck"]:
                    continue
                elif op == "double_play" and b["double"] is not None:
                    continue
                else:
                    out.append(Action.make("ability", source=src, target="pool"))
            out.extend(self._zord_actions("battle"))
            out.extend(self._energy_actions())
        out.append(Action.make("pass"))
        return out

    def _energy_actions(self):
        d = self.d
        out = []
        for s in self._battle_seats():
            st = d["seats"][s]
            if st["energy"] > 0:
                out.append(Action.make("give_energy", source=f"energy:{s}", target="pool"))
            if st["actions"] > 0 and d["energy_supply"] > 0:
                out.append(Action.make("spend_action", source=f"action:{s}", target="pool"))
        return out

    def _add_energy(self, action):
        d = self.d
        s = int(action.source.split(":")[1])
        if action.kind == "give_energy":
            d["seats"][s]["energy"] -= 1
            d["pool"] += 1
            self._e("move", "energy_given", source=action.source, target="pool", seat=s)
        else:
            d["seats"][s]["actions"] -= 1
            self._e("flip", "action_spent_for_energy", source=action.source, seat=s)
            self._gain_pool(2)

    def _c_ranger_turn(self, task, action):
        d, C = self.d, self.C
        b = d["battle"]
        kind = action.kind
        if kind == "pass":
            self._pop()
            self._e("info", "ranger_passed")
            return
        if kind in ("give_energy", "spend_action"):
            self._add_energy(action)
            return
        if kind == "zord":
            self._use_zord(action)
            return
        if kind == "ability":
            r = action.source.split(":")[1]
            b["used"].append(r)
            seat = d["rseat"][r]
            self._e("info", "ability_used", source=action.source, ranger=f"$rangers.ranger.{r}.name")
            ctx = {"seat": seat, "ranger": r, "card": None, "target": action.target if action.target != "pool" else None}
            self._push({"t": "effects", "ref": ["ability", r], "i": 0, "ctx": self._mkctx(ctx)})
            return
        # play a combat card
        c = action.source
        seat = next(s for s in self._battle_seats() if c in d["seats"][s]["hand"])
        st = d["seats"][seat]
        cdef = C.card_def[C.card_of[c]]
        x = action.get("x", 0)
        cost = self._cost(cdef, x)
        d["pool"] -= cost
        d["energy_supply"] += cost
        st["hand"].remove(c)
        b["in_play"] = c
        owner = C.card_ranger[c]
        ranger = owner if owner in b["rangers"] else next(r for r in st["rangers"] if r in b["rangers"])
        target = action.target if action.target != "pool" else None
        self._e("move", "card_played", source=c, target=action.target, ranger=f"$rangers.ranger.{ranger}.name",
                card=f"$rangers.card.{C.card_of[c]}.name", cost=cost)
        boost = action.get("boost", 0)
        if boost and st["deck"]:
            st["discard"].append(st["deck"].pop(0))
            self._e("move", "milled", source=f"deck:{seat}", target=f"discard:{seat}", seat=seat, n=1)
        self._pop()
        ctx = {"seat": seat, "ranger": ranger, "card": c, "target": target, "x": x, "boost": boost}
        key = self._mkctx(ctx)
        self._push({"t": "effects", "ref": ["card", C.card_of[c]], "i": 0, "ctx": key},
                   {"t": "after_play", "ctx": key})

    def _t_after_play(self, task):
        d, C = self.d, self.C
        self._pop()
        b = d["battle"]
        ctx = self._cx(task)
        c = ctx["card"]
        seat = ctx["seat"]
        st = d["seats"][seat]
        if b["in_play"] == c:
            b["in_play"] = None
            if ctx.get("dest") == "top":
                st["deck"].insert(0, c)
                self._e("move", "card_to_deck_top", source=c, target=f"deck:{seat}")
            else:
                st["discard"].append(c)
        pushes = []
        if ctx.get("attacked") and ctx.get("target") and self._reactions("after_attack", ctx, with_reserve=True):
            pushes.append({"t": "react", "trigger": "after_attack", "ctx": task["ctx"]})
        extra = ctx.get("extra")
        if extra is not None:
            pushes.append({"t": "ranger_turn", "only": extra, "final": False})
        if b["double"] == seat:
            b["double"] = None
            key = C.card_of[c]
            if any(C.card_of[h] == key for h in st["hand"]):
                pushes.append({"t": "ranger_turn", "only": {"seat": seat, "name": key}, "final": False})
        self._push(*pushes)

    # ---------------------------------------------------------------- effect interpreter
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

    def _t_effects(self, task):
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
            getattr(self, "_op_" + eff["op"])(eff, self._cx(task), task, i)
            if len(d["stack"]) != depth or d["stack"][-1] is not task:
                return  # a sub-task was pushed; resume this list afterwards
        if d["stack"] and d["stack"][-1] is task:
            self._pop()

    # ranger ops --------------------------------------------------------
    def _op_attack(self, eff, ctx, task=None, i=0, target=None):
        d, C = self.d, self.C
        b = d["battle"]
        target = target or ctx.get("target")
        dice = eff.get("dice", 0) + b["bonus_dice"]
        b["bonus_dice"] = 0
        reroll = eff.get("reroll", False) or b["reroll"]
        b["reroll"] = False
        if ctx.get("boost") and ctx.get("card"):
            dice += C.card_def[C.card_of[ctx["card"]]].get("boost", {}).get("dice", 0)
        bid = eff.get("bonus_if_discard")
        if bid and len(d["seats"][ctx["seat"]]["discard"]) >= bid["min"]:
            dice += bid["dice"]
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

    def _op_splash(self, eff, ctx, task, i):
        b = self.d["battle"]
        cands = [c for c in self._neighbours(ctx.get("target")) if c not in b["defeated"] and not self._immune(c)]
        if cands:
            self._push({"t": "choose_enemy", "mode": "list", "cands": cands, "n": eff["n"], "ranger": ctx["ranger"]})

    def _op_on_kill(self, eff, ctx, task, i):
        if ctx.get("killed"):
            ref = list(task["ref"]) + [i]
            self._push({"t": "effects", "ref": ref, "i": 0, "ctx": task["ctx"]})

    def _op_attack_choose(self, eff, ctx, task, i):
        if self._targets():
            self._push({"t": "choose_enemy", "mode": "attack", "dice": eff.get("dice", 0), "n": 0,
                        "ranger": ctx["ranger"], "ctx": task["ctx"]})

    def _op_next_attack(self, eff, ctx, task=None, i=0):
        b = self.d["battle"]
        b["bonus_dice"] += eff.get("dice", 0)
        if eff.get("reroll"):
            b["reroll"] = True

    def _op_gain_energy(self, eff, ctx, task=None, i=0):
        self._gain_pool(eff["n"])

    def _op_draw(self, eff, ctx, task=None, i=0):
        self._draw(ctx["seat"], eff["n"])

    def _op_extra_play(self, eff, ctx, task=None, i=0):
        if eff.get("other"):
            ctx["extra"] = {"except": ctx["ranger"]}
        else:
            ctx["extra"] = {"seat": ctx["seat"]}

    def _op_to_deck_top(self, eff, ctx, task=None, i=0):
        ctx["dest"] = "top"

    def _op_recover_top(self, eff, ctx, task=None, i=0):
        self._recover_top(ctx["seat"], eff["n"])

    def _op_topdeck(self, eff, ctx, task=None, i=0):
        self._push({"t": "topdeck", "seat": ctx["seat"], "draw": 0})

    def _op_hit_any(self, eff, ctx, task=None, i=0):
        self._push({"t": "choose_enemy", "mode": "any", "n": eff["n"], "ranger": ctx["ranger"]})

    def _op_hit_adjacent_defeated(self, eff, ctx, task=None, i=0):
        if ctx.get("target"):
            self._hit(ctx["target"], eff["n"])

    def _op_double_play(self, eff, ctx, task=None, i=0):
        self.d["battle"]["double"] = ctx["seat"]

    # reactions (applied from the react task)
    def _op_reduce(self, eff, ctx, task=None, i=0):
        dmg = ctx.get("damage")
        if dmg is not None:
            dmg["n"] = max(0, dmg["n"] - eff["n"])

    def _op_save_reveals(self, eff, ctx, task=None, i=0):
        dmg = ctx.get("damage")
        if dmg is not None:
            dmg["save"] = True

    def _op_extra_hit(self, eff, ctx, task=None, i=0):
        if ctx.get("target"):
            self._hit(ctx["target"], eff["n"])

    # enemy ops ---------------------------------------------------------
    def _op_damage(self, eff, ctx, task=None, i=0):
        d, C = self.d, self.C
        b = d["battle"]
        src = ctx["enemy"]
        n = eff["n"]
        if eff.get("per_fs"):
            # 1 more per foot-soldier card still standing in this battle
            n += sum(1 for c in b["order"] if c not in b["defeated"] and C.foe_kind[C.enemy_deck[c]] == "foot")
        n += sum(v["n"] for v in self._dispatch("damage_bonus") if v["card"] != src)
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

    def _op_drain(self, eff, ctx, task=None, i=0):
        self._push({"t": "drain", "n": eff["n"], "src": ctx["enemy"]})

    def _op_mill(self, eff, ctx, task=None, i=0):
        d = self.d
        for r in list(d["battle"]["rangers"]):
            s = d["rseat"][r]
            st = d["seats"][s]
            for _ in range(eff["n"]):
                if st["deck"]:
                    st["discard"].append(st["deck"].pop(0))
                    self._e("move", "milled", source=f"deck:{s}", target=f"discard:{s}", seat=s, n=1)

    def _op_discard_random(self, eff, ctx, task=None, i=0):
        d = self.d
        for r in list(d["battle"]["rangers"]):
            s = d["rseat"][r]
            st = d["seats"][s]
            if st["hand"]:
                c = st["hand"].pop(self.rng.randrange(len(st["hand"])))
                st["discard"].append(c)
                self._e("reveal", "discarded_random", source=c, target=f"discard:{s}", seat=s,
                        card=f"$rangers.card.{self.C.card_of[c]}.name")

    def _op_discard_highest(self, eff, ctx, task=None, i=0):
        d = self.d
        tasks = [{"t": "discard_highest", "seat": d["rseat"][r]} for r in d["battle"]["rangers"]]
        self._push(*tasks)

    def _op_deploy_fs(self, eff, ctx, task=None, i=0):
        d = self.d
        foe = self.C.enemy_deck[ctx["enemy"]]
        for _ in range(eff["n"]):
            self._place_fs(foe, d["battle"]["loc"], cause="regrow")

    # passive ops never resolve as effects (the card is skipped when its turn comes)
    def _op_passive(self, eff, ctx, task=None, i=0):
        return None

    _op_damage_plus = _op_reflect = _op_immune_others = _op_only_zero_cost = _op_cost_plus = _op_revive = _op_passive

    # ---------------------------------------------------------------- choose an enemy card
    def _choose_cands(self, task):
        b = self.d["battle"]
        if task["mode"] == "list":
            return [c for c in task["cands"] if c not in b["defeated"] and not self._immune(c)]
        if task["mode"] == "attack":
            return self._targets()
        return self._hittable()

    def _t_choose_enemy(self, task):
        cands = self._choose_cands(task)
        if not cands:
            self._pop()
            return
        if len(cands) == 1 and task["mode"] != "attack":
            self._pop()
            self._hit(cands[0], task["n"])
            return
        return WAIT

    def _l_choose_enemy(self, task):
        return [Action.make("target", source=f"ranger:{task['ranger']}", target=c) for c in self._choose_cands(task)]

    def _c_choose_enemy(self, task, action):
        self._pop()
        if task["mode"] == "attack":
            ctx = dict(self._cx(task))
            ctx["target"] = action.target
            ctx["boost"] = 0
            self._op_attack({"op": "attack", "dice": task["dice"]}, ctx, target=action.target)
        else:
            self._hit(action.target, task["n"])

    def _t_topdeck(self, task):
        st = self.d["seats"][task["seat"]]
        if task["draw"]:
            self._draw(task["seat"], task["draw"])
            task["draw"] = 0
        if not st["hand"]:
            self._pop()
            return
        return WAIT

    def _l_topdeck(self, task):
        s = task["seat"]
        return [Action.make("topdeck", source=c, target=f"deck:{s}") for c in self.d["seats"][s]["hand"]]

    def _c_topdeck(self, task, action):
        self._pop()
        st = self.d["seats"][task["seat"]]
        st["hand"].remove(action.source)
        st["deck"].insert(0, action.source)
        self._e("move", "card_to_deck_top", source=action.source, target=f"deck:{task['seat']}")

    # ---------------------------------------------------------------- enemy turn
    def _t_enemy_card(self, task):
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

    # ---------------------------------------------------------------- damage and defence
    def _damage_cands(self, task):
        b = self.d["battle"]
        pool = task["cands"] if task["cands"] is not None else b["rangers"]
        return [r for r in pool if r in b["rangers"] and r not in task["done"]]

    def _t_damage(self, task):
        d = self.d
        b = d["battle"]
        if task["ranger"] is None:
            cands = self._damage_cands(task)
            if not cands:
                self._pop()
                return
            if len(cands) > 1:
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

    def _l_damage(self, task):
        return [Action.make("assign_damage", source=task["src"], target=f"ranger:{r}") for r in self._damage_cands(task)]

    def _c_damage(self, task, action):
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

    def _t_defeat(self, task):
        d = self.d
        self._pop()
        seat = task["seat"]
        st = d["seats"][seat]
        b = d["battle"]
        for r in st["rangers"]:
            self._e("flip", "ranger_defeated", source=f"ranger:{r}", ranger=f"$rangers.ranger.{r}.name")
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

    def _t_choose_lead(self, task):
        return WAIT

    def _l_choose_lead(self, task):
        return [Action.make("lead", source="token:lead", target=f"ranger:{r}") for r in self.d["battle"]["rangers"]]

    def _c_choose_lead(self, task, action):
        self._pop()
        b = self.d["battle"]
        b["lead"] = action.target.split(":")[1]
        self._e("move", "lead_passed", target=action.target, ranger=f"$rangers.ranger.{b['lead']}.name")

    # ---------------------------------------------------------------- reactions
    def _energy_reserve(self):
        """Energy the rangers in the battle could still add to the pool (own tokens, unused action tokens)."""
        d = self.d
        own = sum(d["seats"][s]["energy"] for s in self._battle_seats())
        flips = sum(2 * d["seats"][s]["actions"] for s in self._battle_seats())
        return own + min(flips, d["energy_supply"])

    def _reactions(self, trigger, ctx, with_reserve=False):
        """Reaction cards that may be played now: [(card, seat)]."""
        d, C = self.d, self.C
        b = d["battle"]
        if b is None:
            return []
        if trigger == "after_attack" and (ctx.get("target") is None or ctx["target"] in b["defeated"]):
            return []
        if self._dispatch("only_zero"):
            return []
        plus = sum(self._dispatch("cost"))
        out = []
        for s in self._battle_seats():
            for c in d["seats"][s]["hand"]:
                cdef = C.card_def[C.card_of[c]]
                if cdef["type"] != "reaction" or cdef["trigger"] != trigger:
                    continue
                if cdef["cost"] + plus > d["pool"] + (self._energy_reserve() if with_reserve else 0):
                    continue
                if trigger == "after_attack" and C.card_ranger[c] == ctx.get("ranger"):
                    continue
                out.append((c, s))
        return out

    def _react_ctx(self, task):
        ctx = dict(self._cx(task))
        if task["trigger"] == "damage":
            ctx["damage"] = self.d["stack"][task["idx"]]
        return ctx

    def _t_react(self, task):
        if not self._reactions(task["trigger"], self._react_ctx(task), with_reserve=True):
            self._pop()
            return
        return WAIT

    def _l_react(self, task):
        ctx = self._react_ctx(task)
        tgt = f"ranger:{ctx['ranger']}" if task["trigger"] == "damage" else ctx["target"]
        out = [Action.make("react", source=c, target=tgt) for c, s in self._reactions(task["trigger"], ctx)]
        if len(self._reactions(task["trigger"], ctx, with_reserve=True)) > len(out):
            out.extend(self._energy_actions())
        out.append(Action.make("pass"))
        return out

    def _c_react(self, task, action):
        d, C = self.d, self.C
        if action.kind == "pass":
            self._pop()
            return
        if action.kind in ("give_energy", "spend_action"):
            self._add_energy(action)
            return
        c = action.source
        ctx = self._react_ctx(task)
        seat = next(s for s in self._battle_seats() if c in d["seats"][s]["hand"])
        cdef = C.card_def[C.card_of[c]]
        cost = self._cost(cdef)
        d["pool"] -= cost
        d["energy_supply"] += cost
        d["seats"][seat]["hand"].remove(c)
        d["seats"][seat]["discard"].append(c)
        self._e("move", "reaction_played", source=c, target=action.target, card=f"$rangers.card.{C.card_of[c]}.name")
        for eff in cdef["effects"]:
            if eff["op"] == "gain_energy":
                self._gain_pool(eff["n"])
            else:
                getattr(self, "_op_" + eff["op"])(eff, ctx)

    # ---------------------------------------------------------------- energy drain and discards
    def _t_drain(self, task):
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
        holders = [s for s in self._battle_seats() if d["seats"][s]["energy"] > 0]
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
        if self._l_drain(task):
            return WAIT
        self._pop()

    def _l_drain(self, task):
        d = self.d
        seats = self._battle_seats()
        holders = [s for s in seats if d["seats"][s]["energy"] > 0]
        if holders:
            return [Action.make("drain_energy", source=f"energy:{s}", target="supply") for s in holders]
        return [Action.make("discard", source=c, target=f"discard:{s}") for s in seats for c in d["seats"][s]["hand"]]

    def _c_drain(self, task, action):
        d = self.d
        task["n"] -= 1
        if action.kind == "drain_energy":
            s = int(action.source.split(":")[1])
            d["seats"][s]["energy"] -= 1
            d["energy_supply"] += 1
            self._e("move", "energy_drained", source=action.source, target="supply", n=1)
        else:
            s = int(action.target.split(":")[1])
            d["seats"][s]["hand"].remove(action.source)
            d["seats"][s]["discard"].append(action.source)
            self._e("move", "card_discarded", source=action.source, target=action.target, seat=s)
        if task["n"] <= 0:
            self._pop()

    def _highest(self, seat):
        C = self.C
        hand = self.d["seats"][seat]["hand"]
        if not hand:
            return []
        top = max(C.card_def[C.card_of[c]]["shields"] for c in hand)
        return [c for c in hand if C.card_def[C.card_of[c]]["shields"] == top]

    def _t_discard_highest(self, task):
        cands = self._highest(task["seat"])
        if not cands:
            self._pop()
            return
        if len({self.C.card_of[c] for c in cands}) == 1:
            self._c_discard_highest(task, Action.make("discard", source=cands[0], target=f"discard:{task['seat']}"))
            return
        return WAIT

    def _l_discard_highest(self, task):
        return [Action.make("discard", source=c, target=f"discard:{task['seat']}") for c in self._highest(task["seat"])]

    def _c_discard_highest(self, task, action):
        self._pop()
        st = self.d["seats"][task["seat"]]
        st["hand"].remove(action.source)
        st["discard"].append(action.source)
        self._e("move", "card_discarded", source=action.source, target=action.target, seat=task["seat"])

    # ---------------------------------------------------------------- cleanup
    def _t_cleanup(self, task):
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

    def _l_cleanup(self, task):
        return [Action.make("take_energy", source="pool", target=f"seat:{s}") for s in self._energy_slots()]

    def _c_cleanup(self, task, action):
        d = self.d
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
            self._e("move", "energy_returned", source="pool", target="supply", n=d["pool"])
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
        for foe in list(L["big"]):
            if foe == CYC:
                kind, beaten = self._cyc_beaten()
            else:
                kind = C.foe_kind[foe]
                need = C.comp["monster_defeat"] if kind == "monster" else C.comp["boss_defeat"]
                beaten = len(d["ediscard"][foe]) >= need
            if beaten:
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

    # ================================================================== contract
    def _top(self):
        st = self.d["stack"]
        return st[-1] if st else None

    def _legal(self):
        if self.d["over"] is not None:
            return []
        top = self._top()
        return getattr(self, "_l_" + top["t"])(top)

    def _apply(self, action):
        self._ev = []
        top = self._top()
        getattr(self, "_c_" + top["t"])(top, action)
        self._advance()
        ev, self._ev = self._ev, []
        return ev

    def is_over(self):
        return self.d["over"] is not None

    def result(self):
        o = self.d["over"]
        if o is None:
            return None
        winners = list(range(self.players)) if o["outcome"] == "win" else []
        return Result(outcome=o["outcome"], winners=winners, reason=o["reason"],
                      reason_params={"round": self.d["round"]})

    def current_seat(self):
        d = self.d
        if d["over"] is not None:
            return None
        top = self._top()
        if "seat" in top:
            return top["seat"]
        b = d["battle"]
        if top["t"] == "ranger_turn" and top.get("only") and "seat" in top["only"]:
            return top["only"]["seat"]
        if b is not None and b["lead"] in d["rseat"]:
            if top["t"] == "damage" and top.get("ranger"):
                return d["rseat"][top["ranger"]]
            return d["rseat"][b["lead"]]
        for i, st in enumerate(d["seats"]):
            if st["actions"] > 0:
                return i
        return 0

    def pending(self):
        if self.d["over"] is not None:
            return None
        top = self._top()
        args = {k: v for k, v in top.items() if k in ("seat", "n", "loc", "trigger", "card")}
        return Decision(kind=top["t"], seat=self.current_seat(), prompt=f"rangers.prompt.{top['t']}", args=args)

    def _dump(self):
        return {"d": self.d, "rng": self.rng.state, "seed": self.seed, "players": self.players,
                "options": self.options}

    @classmethod
    def _load(cls, data):
        s = cls()
        s.d = pickle.loads(pickle.dumps(data["d"]))
        s.rng = Rng(state=int(data["rng"]))
        s.seed = data["seed"]
        s.players = data["players"]
        s.options = dict(data["options"])
        return s

    def clone(self):
        s = RangersState.__new__(RangersState)
        s.C = self.C
        s.d = pickle.loads(pickle.dumps(self.d, protocol=pickle.HIGHEST_PROTOCOL))
        s.rng = Rng(state=self.rng.state)
        s.seed, s.players, s.options = self.seed, self.players, dict(self.options)
        s._ev = []
        return s

    def _redact(self, seat, rng):
        """Hands are open in co-op; deck orders, the zord order and the unchosen monsters are not.

        Every hidden pile is sorted before it is shuffled, so the view depends only on what the team
        can see (two worlds that differ in hidden order give the same view)."""
        d = self.d

        def deal(pile):
            pile = sorted(pile)
            rng.shuffle(pile)
            return pile

        for st in d["seats"]:
            st["deck"] = deal(st["deck"])
        for f in sorted(d["edeck"]):
            d["edeck"][f] = deal(d["edeck"][f])
        if len(d["zdeck"]) > 1:
            d["zdeck"] = deal(d["zdeck"][:-1]) + d["zdeck"][-1:]
        self._redact_deployment(deal, rng)

    def _redact_deployment(self, deal, rng):
        """What the team knows of the deployment deck: how much is left of each pile and of each
        reshuffled discard; which cards each reshuffle put back (all were seen); how many monster and
        boss cards each pile still holds; the back of the top card. Hidden: which foot-soldier cards
        went to which pile, every order, and which monsters (and which boss, when it came from a pool)
        were shuffled in. The view deals a world that fits all of that."""
        d, C = self.d, self.C
        cyc = d.get("cyc")
        cyc_known = bool(cyc and cyc["scenario"])         # Scenario #13 puts Cyclopsis in pile C openly

        def slot(card, group):
            k = C.foe_kind[C.deploy_cards[card]["foe"]]
            if k == "foot":
                return "foot" if group == "piles" else "seen"
            if group == "known" or (k == CYC and cyc_known):
                return "fixed"
            return "boss" if k == CYC else k

        deck, segs, at = d["deploy"], [], 0
        for size, group in d["deploy_seg"]:
            segs.append((deck[at:at + size], group))
            at += size
        pools = {"foot": [], "monster": [], "boss": []}
        for cards, group in segs:
            for c in cards:
                if slot(c, group) in pools:
                    pools[slot(c, group)].append(c)
        for c in d["deploy_unused"]:
            if slot(c, "piles") in ("monster", "boss"):
                pools[slot(c, "piles")].append(c)
        pools = {k: deal(v) for k, v in pools.items()}
        out = []
        for i, (cards, group) in enumerate(segs):
            slots = [slot(c, group) for c in cards]
            seen = deal([c for c in cards if slot(c, group) == "seen"])
            fixed = deal([c for c in cards if slot(c, group) == "fixed"])
            head = []
            if i == 0:
                # the top card shows its back: a foot-soldier card with the same back, else itself
                top, kind0 = cards[0], slots.pop(0)
                if kind0 in ("foot", "seen"):
                    back = C.deploy_cards[top]["back"]
                    source = pools["foot"] if kind0 == "foot" else seen
                    same = sorted(c for c in source if C.deploy_cards[c]["back"] == back)
                    top = same[rng.randrange(len(same))]
                    source.remove(top)
                elif kind0 == "fixed":
                    fixed.remove(top)
                else:
                    pools[kind0].remove(top)
                head = [top]
            fill = {"seen": seen, "fixed": fixed, **pools}
            out.extend(head + [fill[k].pop() for k in deal(slots)])
        d["deploy"] = out
        keep = [c for c in d["deploy_unused"] if slot(c, "piles") not in ("monster", "boss")]
        d["deploy_unused"] = sorted(keep + pools["monster"] + pools["boss"])
        if cyc and cyc["state"] in ("unused", "reserve") and not cyc_known:
            # the world dealt may have drawn Cyclopsis (or another boss) from the boss pool
            cyc["state"] = "unused" if CYC_DEPLOY in d["deploy_unused"] else "reserve"

    def explain(self, source, target):
        legal = self.legal_actions()
        top = self._top()
        if source is not None and not any(a.source == source for a in legal):
            if source.startswith("ranger:") and top and top["t"] == "actions":
                r = source.split(":")[1]
                if r in self.d["rseat"] and self.d["seats"][self.d["rseat"][r]]["actions"] <= 0:
                    return IllegalAction("no_actions_left", "That Ranger has no action token left this round.")
            if source.startswith("card:") and top and top["t"] == "ranger_turn":
                key = self.C.card_of.get(source)
                if key and any(source in st["hand"] for st in self.d["seats"]):
                    cdef = self.C.card_def[key]
                    if cdef["type"] == "reaction":
                        return IllegalAction("reaction_not_now", "A reaction is played only when its condition happens.")
                    cost = self._cost(cdef, 1 if cdef["cost"] == "X" else 0)
                    if cost > self.d["pool"]:
                        return IllegalAction("not_enough_energy", "The shared pool holds {pool} energy; this card needs {cost}.",
                                             pool=self.d["pool"], cost=cost)
            return IllegalAction("cannot_move_now", "That piece cannot be used right now.")
        b = self.d["battle"]
        if target is not None and self._cyc_explain(target) is not None:
            return self._cyc_explain(target)
        if target is not None and b is not None and target in b["order"]:
            if target in b["defeated"]:
                return IllegalAction("enemy_defeated", "That enemy card is already defeated.")
            if self._guarded(target):
                return IllegalAction("enemy_guarded", "A GUARD card next to it protects that enemy card.")
            if self._immune(target):
                return IllegalAction("enemy_immune", "That enemy card cannot take hits right now.")
        return IllegalAction("bad_target", "That cannot go there.")

    # ---------------------------------------------------------------- checks and heuristics
    def invariants(self):
        d, C = self.d, self.C
        out = []
        comp = C.comp
        b = d["battle"]
        for st_i, st in enumerate(d["seats"]):
            have = st["deck"] + st["hand"] + st["discard"]
            if b is not None and b["in_play"] is not None and C.card_ranger[b["in_play"]] in st["rangers"]:
                have = have + [b["in_play"]]
            want = sorted(c for r in st["rangers"] for c in C.deck_of[r])
            if sorted(have) != want:
                out.append(f"seat {st_i}: combat cards not conserved")
            if st["energy"] < 0 or st["energy"] > len(st["rangers"]):
                out.append(f"seat {st_i}: stored energy {st['energy']} out of range")
            if st["actions"] < 0:
                out.append(f"seat {st_i}: negative action tokens")
        e = d["energy_supply"] + d["pool"] + d["cc_energy"] + sum(st["energy"] for st in d["seats"])
        if e != comp["supply"]["energy"]:
            out.append(f"energy not conserved: {e}")
        for k in ("energy_supply", "pool", "cc_energy", "panic_supply", "hits_supply", "team_tokens"):
            if d[k] < 0:
                out.append(f"negative {k}")
        panicked = sum(1 for l in d["ring"] if d["locs"][l]["panic"])
        if panicked + d["panic_supply"] != comp["supply"]["panic"]:
            out.append("panic tokens not conserved")
        hits = (sum(b["hits"].values()) if b is not None else 0) + self._cyc_hits()
        if hits + d["hits_supply"] != comp["supply"]["hit"]:
            out.append("hit tokens not conserved")
        if d["action_base"] * len(d["seats"]) + d["team_max"] > comp["supply"]["action"]:
            out.append("more action tokens than the box holds")
        for t in C.fs_types:
            n = d["fs_supply"][t] + d["xp"][t] + sum(d["locs"][l]["fs"][t] for l in d["locs"])
            if n != comp["supply"]["fs_per_type"]:
                out.append(f"{t} figures not conserved: {n}")
            if d["fs_supply"][t] < 0 or d["xp"][t] < 0 or any(d["locs"][l]["fs"][t] < 0 for l in d["locs"]):
                out.append(f"negative {t} figures")
        for foe, ids in C.decks.items():
            have = d["edeck"][foe] + d["ediscard"][foe] + ([c for c in b["order"] if C.enemy_deck[c] == foe] if b else [])
            if sorted(have) != sorted(ids):
                out.append(f"enemy deck {foe} not conserved")
        dep = d["deploy"] + d["deploy_discard"] + d["deploy_removed"] + d["deploy_unused"]
        if sum(n for n, _ in d["deploy_seg"]) != len(d["deploy"]) or any(n <= 0 for n, _ in d["deploy_seg"]):
            out.append("deployment pile boundaries out of step with the deck")
        if sorted(dep) != sorted(k for k in C.deploy_cards if k != CYC_DEPLOY or d.get("cyc")):
            out.append("deployment cards not conserved")
        for foe, loc in d["big_loc"].items():
            where = [l for l in d["locs"] if foe in d["locs"][l]["big"]]
            if (loc is None and where) or (loc is not None and where != [loc]):
                out.append(f"figure {foe} misplaced")
        if d["power"] != len(d["zords"]) + (1 if d["megazord"] is not None else 0):
            out.append("power track out of step with the summoned zords")
        out.extend(self._cyc_invariants())
        return out

    def evaluate(self, seat):
        """Team heuristic for greedy bots; see gamecore/rangers/evaluation.py."""
        return _evaluation.evaluate(self, seat) + self._cyc_value()

    def evaluate_simple(self, seat):
        """The simpler immediate-value heuristic (for an "easy" greedy level)."""
        return _evaluation.evaluate_simple(self, seat)

    def summary(self):
        d = self.d
        return {"round": d["round"], "power": d["power"],
                "panicked": sum(1 for l in d["ring"] if d["locs"][l]["panic"])}

    def stats(self):
        d, C = self.d, self.C
        return {
            "rangers.stat.rounds": d["round"],
            "rangers.stat.monsters": sum(1 for f in d["big_out"] if f in C.monsters),
            "rangers.stat.boss_cards": sum(len(d["ediscard"][f]) for f in C.bosses),
            "rangers.stat.zords": d["power"],
            "rangers.stat.panicked": sum(1 for l in d["ring"] if d["locs"][l]["panic"]),
            "rangers.stat.cc_energy": d["cc_energy"],
        }
