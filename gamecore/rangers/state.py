"""Heroes of the Grid rules engine: the game state, the step runner and the engine contract.

The whole game flow is a stack of plain-data steps (``d["stack"]``; the top is the last element). A
step named ``t`` has up to three parts, methods of the rule modules: ``_start_<t>`` runs when the step
reaches the top (it finishes by popping itself, maybe pushing sub-steps that run first, or returns
WAIT to ask for a decision), ``_choices_<t>`` lists the legal actions of a waiting step and
``_choose_<t>`` applies the chosen one. Because steps are plain dicts the state serialises, clones and
restores exactly mid-battle; the stored step names (``d["stack"][i]["t"]``) are part of the save format.

The rules live in one module per chapter of the rulebook, each a mixin of :class:`RangersState`:
setup_deployment.py (setup, 1. deployment phase), team_turn.py (the team's choice of who acts next and
who makes it), action_phase.py (2. action phase), battle.py (a
battle: preparation, turns, ranger turns, reactions), enemy_cards.py (enemy turns, damage, defence,
defeat, energy drain), effects.py (the effect vocabulary and the dispatcher of continuous effects),
cleanup_zords.py (battle cleanup, 3. end phase, zords) and cyclopsis.py (the deluxe figure and
Scenario #13). This module keeps the shared plumbing (events, the stack, small queries of the table)
and the contract (legal actions, apply, views, saves, invariants).
"""
from __future__ import annotations

import pickle

from gamecore.rangers import ENGINE_VERSION as _ENGINE_VERSION
from gamecore.engine import Decision, GameState, IllegalAction, Result, Rng, new_event

from . import evaluation as _evaluation
from .action_phase import ActionPhase
from .battle import Battle
from .cleanup_zords import CleanupAndZords
from .common import CC, SHARED_EVENTS, WAIT, shared_event
from .content import content
from .cyclopsis import CYC, CYC_DEPLOY, CyclopsisRules
from .effects import DISPATCH, Effects
from .enemy_cards import EnemyCardsAndDamage
from .setup_deployment import SetupAndDeployment
from .team_turn import TeamTurn

__all__ = ["RangersState", "CC", "WAIT", "DISPATCH"]

# A step's methods by its name ("_start_" + t...), looked up once: the runner calls them ~60 times a game
_START: dict = {}
_CHOICES: dict = {}
_CHOOSE: dict = {}
_STEP_TABLES = {"_start_": _START, "_choices_": _CHOICES, "_choose_": _CHOOSE}


def _step(prefix, t):
    got = _STEP_TABLES[prefix][t] = getattr(RangersState, prefix + t)
    return got


class RangersState(SetupAndDeployment, TeamTurn, ActionPhase, Battle, EnemyCardsAndDamage, Effects, CleanupAndZords,
                   CyclopsisRules, GameState):
    GAME_ID = "rangers"
    ENGINE_VERSION = _ENGINE_VERSION       # gamecore/rangers/__init__.py

    def __init__(self):
        self.C = content()
        self.d: dict = {}
        self.rng = Rng(0)
        self.seed = 0
        self.players = 0
        self.options: dict = {}
        self._ev: list = []

    def _e(self, kind, key, source=None, target=None, cause=None, cause_params=None, **params):
        if self.quiet:                  # a bot's search copy: nothing reads these events
            return
        self._ev.append(new_event(kind, "rangers.ev." + key, params, source, target,
                                  ("rangers.cause." + cause) if cause else None, cause_params or {}))

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
            t = task["t"]
            if b is not None and b["end"] and t not in ("cleanup", "share_energy", "summon", "assign_zord", "cyc_end"):
                d["stack"].pop()
                continue
            if (_START.get(t) or _step("_start_", t))(self, task) is WAIT:
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
        deck = st["deck"]
        got = min(max(0, n), len(deck))
        if got:
            st["hand"].extend(deck[:got])       # the top cards, in order
            del deck[:got]
            key = ("drew", seat, got)
            self._ev.append(SHARED_EVENTS.get(key) or shared_event(
                key, "draw", "rangers.ev.drew", {"seat": seat, "n": got}, f"deck:{seat}", f"hand:{seat}"))
        return got

    def _enemies_at(self, loc):
        L = self.d["locs"][loc]
        return sum(L["fs"].values()) + len(L["big"])

    def _top(self):
        st = self.d["stack"]
        return st[-1] if st else None

    def _legal(self):
        if self.d["over"] is not None:
            return []
        top = self.d["stack"][-1]
        return (_CHOICES.get(top["t"]) or _step("_choices_", top["t"]))(self, top)

    def _apply(self, action):
        self._ev = []
        top = self.d["stack"][-1]
        (_CHOOSE.get(top["t"]) or _step("_choose_", top["t"]))(self, top, action)
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
        if top["t"] == "actions":                      # the team's choice of who acts (team_turn.py)
            seat = self._decider(top, self._action_actors())
            return 0 if seat is None else seat
        if top["t"] == "ranger_turn":
            only = top.get("only") or {}
            if "seat" in only:
                return only["seat"]
            seat = self._decider(top, self._turn_actors(top))
            if seat is not None:
                return seat
        if top["t"] in ("prep_draw", "opening_draw", "react"):      # each seat's owner draws / reacts for it
            group = self._react_group(top) if top["t"] == "react" else self._prep_group(top)
            if group:
                return group[0]
        seat = self.split_decider(top)              # the team's splits ask the seats they concern
        if seat is not None:
            return seat
        if b is not None and b["lead"] in d["rseat"]:
            if top["t"] == "damage" and top.get("ranger"):
                return d["rseat"][top["ranger"]]
            return d["rseat"][b["lead"]]
        return 0

    def pending(self):
        if self.d["over"] is not None:
            return None
        top = self._top()
        args = {k: v for k, v in top.items() if k in ("seat", "n", "loc", "trigger", "card")}
        if self.team_choice_pending():
            args["handed"] = bool(top.get("handed"))
        if top["t"] == "deploy_phase":
            args["n"] = self.deployments_this_round()
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
        if self.quiet:
            s.quiet = True
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
        if source is not None and self.team_choice_pending() and not any(a.source == source for a in legal):
            # the team's choice of who acts: a seat's piece is explained as that seat's move would be
            for pick in legal:
                if pick.kind == "act":
                    probe = self.clone()
                    probe.apply_unchecked(pick)
                    if any(a.source == source for a in probe.legal_actions()):
                        return probe.explain(source, target)
        if source is not None and not any(a.source == source for a in legal):
            if source.startswith("ranger:") and top and top["t"] in ("actions", "seat_actions"):
                r = source.split(":")[1]
                if r in self.d["rseat"] and self.d["seats"][self.d["rseat"][r]]["actions"] <= 0:
                    return IllegalAction("no_actions_left", "That Ranger has no action token left this round.")
            if source.startswith("card:") and top and top["t"] == "ranger_turn":
                key = self.C.card_of.get(source)
                if key and any(source in st["hand"] for st in self.d["seats"]):
                    cdef = self.C.card_def[key]
                    if cdef["type"] == "reaction":
                        return IllegalAction("reaction_not_now", "A reaction is played only when its condition happens.")
                    if cdef["cost"] != 0 and self._dispatch("only_zero"):
                        return IllegalAction("zero_cost_only", "An enemy card allows only 0-cost cards now; this card costs {cost}.",
                                             cost=cdef["cost"])
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

    def deployments_this_round(self) -> int:
        """How many deployment cards the deployment phase reveals (5; Scenario #13 reveals 4)."""
        return self._cyc_deploys()

    def plan_key(self):
        """The stretch of play a team plan covers (bots/planner.py): the round's action phase, and
        inside it a battle; a key extends the key of the stretch it is part of."""
        d = self.d
        b = d["battle"]
        if b is not None:
            return ("round", d["round"], "battle", b["loc"])
        return ("round", d["round"])

    def worth_planning(self):
        """The planner searches the team's action-phase choices (who acts, where to go, when to fight
        or recover); choices inside a battle are left to the greedy judgement (cheap and local)."""
        return bool(self.d["stack"]) and self.d["stack"][-1]["t"] in ("actions", "seat_actions")

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
