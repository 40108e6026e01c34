"""A battle (rulebook: battle): preparation, the enemy cards laid out, and the alternating turns.

Preparation (the pool's energy, drawing up to the hand size, which foot soldiers fight), laying out the
enemy cards (FAST first), the battle-start effects in the team's order, then ranger turn / enemy turn
until every enemy card has acted, plus a final ranger turn. In a ranger turn the team first chooses the
active ranger's seat (team_turn.py), which then plays one combat card (attacks, maneuvers), uses an
ability or a zord, or adds energy; targeting follows GUARD and immunity.
Reactions are played when their condition happens. Enemy turns and damage are in enemy_cards.py.
"""
from __future__ import annotations

from gamecore.engine import Action

from .common import WAIT
from .cyclopsis import CYC
from .effects import DISPATCH
from .team_turn import PICK_KINDS


_PASS = Action.make("pass")
_PLAYS: dict = {}        # (card, target, x, boost) -> the play action: listed again at every ranger turn


def _play(c, t, x, bo):
    """The action playing card ``c`` on ``t`` (``x``/``boost`` when not None), made once and kept."""
    params = {}
    if x is not None:
        params["x"] = x
    if bo is not None:
        params["boost"] = bo
    if len(_PLAYS) >= 20000:            # a bound: the keys are the content's cards and enemy cards
        _PLAYS.clear()
    got = _PLAYS[(c, t, x, bo)] = Action.make("play", source=c, target=t, **params)
    return got


_PREP_LISTS: dict = {}   # ((seat, missing cards), ...) -> the draw step's listing, made once


def _prep_list(key):
    """The draw step's actions for these seats and missing cards: one card per seat, up to the hand
    size per seat missing more than one, for the whole group when it has several seats, then ready."""
    out = [Action.make("draw", source=f"deck:{s}", target=f"hand:{s}") for s, _ in key]
    out.extend(Action.make("draw_up", source=f"deck:{s}", target=f"hand:{s}", n=m) for s, m in key if m > 1)
    if len(key) > 1:
        out.append(Action.make("draw_team"))
    out.append(Action.make("ready"))
    if len(_PREP_LISTS) >= 20000:       # a bound: at most 6 seats, each missing 1 to a hand size
        _PREP_LISTS.clear()
    got = _PREP_LISTS[key] = tuple(out)
    return got


_IGNORE_GUARD: dict = {}  # card key -> whether one of its effects ignores GUARD (content)
_IS_GUARD: dict = {}      # enemy card id -> whether it has GUARD (content)
_CARD_PLAYS: dict = {}    # (card, targets, top X or None, boost offered) -> its play actions, in the listing's order


def _card_plays(c, targets, top, boost):
    """Every play of attack card ``c``: each target, then each X (1..top; None: no X), then each boost
    (0, 1; None when not offered), made once and kept (a hand is listed again at every ranger turn)."""
    xs = range(1, top + 1) if top is not None else (None,)
    boosts = (0, 1) if boost else (None,)
    got = tuple(_PLAYS.get((c, t, x, bo)) or _play(c, t, x, bo) for t in targets for x in xs for bo in boosts)
    if len(_CARD_PLAYS) >= 20000:       # a bound: the keys are cards, sets of enemy cards, X and boost
        _CARD_PLAYS.clear()
    _CARD_PLAYS[(c, targets, top, boost)] = got
    return got


class Battle:
    """A battle from its preparation to the last ranger turn, reactions included."""

    def _battle_seats(self):
        d = self.d
        b = d["battle"]
        out = []
        for r in b["rangers"]:
            s = d["rseat"][r]
            if s not in out:
                out.append(s)
        return out

    def _start_battle_setup(self, task):
        d = self.d
        self._pop()
        loc = task["loc"]
        rangers = [r for st in d["seats"] for r in st["rangers"] if d["rloc"][r] == loc]
        d["battle"] = {"loc": loc, "lead": task["lead"], "rangers": rangers, "rows": [[], []], "order": [],
                       "hits": {}, "defeated": [], "resolved": [], "next": "ranger", "end": False,
                       "fight": {}, "used": [], "bonus_dice": 0, "bonus_from": [], "reroll": False, "double": None,
                       "in_play": None}
        self._e("phase", "battle_started", source=f"ranger:{task['lead']}", target=f"loc:{loc}",
                ranger=f"$rangers.ranger.{task['lead']}.name", loc=f"$rangers.loc.{loc}.name")
        self._gain_pool(self.C.comp["battle_pool"])
        extra = self._cyc_battle_setup(d["battle"])
        self._push({"t": "prep_draw"}, {"t": "fs_select"}, {"t": "enemy_prep"}, {"t": "battle_start"},
                   {"t": "turns"}, *extra, {"t": "cleanup", "stage": 0})

    def _start_prep_draw(self, task):
        if not self._prep_anyone(task):
            self._pop()
            return
        return WAIT

    def _prep_seats(self, task):
        """The seats drawing in this step: every seat before the first round (the opening draw), the
        seats in the battle before one."""
        return range(len(self.d["seats"])) if task["t"] == "opening_draw" else self._battle_seats()

    def _prep_anyone(self, task):
        """Whether a seat that is not ready could still draw (``_prep_missing`` is not empty): the
        first such seat answers."""
        d = self.d
        ready = task.get("ready", ())
        for s in self._prep_seats(task):
            if s not in ready:
                st = d["seats"][s]
                if st["deck"] and len(st["hand"]) < self._hand_size(s):
                    return True
        return False

    def _prep_missing(self, task):
        """{seat: cards it could still draw} for the seats whose draws are decided now: the person's
        seats that could still draw, else the next AI seat that could (each seat's owner draws for it;
        team_turn.py). Before the first round (the opening draw) every seat draws; before a battle,
        the seats in it. Each seat's count is worked out once (a listing needs it three times)."""
        d = self.d
        seats, rloc = d["seats"], d["rloc"]
        ready = task.get("ready", ())
        missing = {}
        sizes = {}              # a hand size depends only on the location and on one or two rangers
        for s in self._prep_seats(task):
            if s in ready:
                continue
            st = seats[s]
            deck = len(st["deck"])
            if not deck:
                continue
            rangers = st["rangers"]
            key = (rloc[rangers[0]], len(rangers) > 1)
            size = sizes.get(key)
            if size is None:
                size = sizes[key] = self._hand_size(s)
            m = min(deck, size - len(st["hand"]))
            if m > 0:
                missing[s] = m
        humans, bots = self._split(missing)
        if not bots:                        # every seat is the person's (every random playout, hotseat)
            return missing
        return {s: missing[s] for s in (humans or bots[:1])}

    def _prep_group(self, task):
        """The seats whose draws are decided now (see ``_prep_missing``)."""
        return list(self._prep_missing(task))

    def _choices_prep_draw(self, task):
        """Draw one card at a time (a smaller hand leaves more cards to defend with), or up to the
        hand size in one go per ranger ("draw_up") or for the whole group ("draw_team"), then ready."""
        missing = self._prep_missing(task)
        key = tuple(missing.items())
        return list(_PREP_LISTS.get(key) or _prep_list(key))

    def _choose_prep_draw(self, task, action):
        # the step ends when no seat is left to draw (its start pops it)
        kind = action.kind
        if kind == "draw" or kind == "draw_up":
            # a listed draw_up carries the seat's missing cards (n), worked out for this very state
            s = int(action.source.split(":")[1])
            self._draw(s, action.get("n") if kind == "draw_up" else 1)
            return
        missing = self._prep_missing(task)
        if kind == "ready":
            task["ready"] = list(task.get("ready", ())) + list(missing)
        else:                                       # draw_team
            for s, m in missing.items():
                self._draw(s, m)

    # the opening draw (rulebook setup step 3: each player draws as many cards as they like, up to the
    # hand size) is the same decision as a battle's preparation, for every seat
    _start_opening_draw = _start_prep_draw
    _choices_opening_draw = _choices_prep_draw
    _choose_opening_draw = _choose_prep_draw

    def _start_fs_select(self, task):
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

    def _choices_fs_select(self, task):
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

    def _choose_fs_select(self, task, action):
        self._pop()
        b = self.d["battle"]
        for t in self.C.fs_types:
            b["fight"][t] = action.get(t, 0)

    def _start_enemy_prep(self, task):
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

    def _start_battle_start(self, task):
        d = self.d
        self._pop()
        b = d["battle"]
        items = [[kind, arg] for kind, arg in self._dispatch("battle_start", loc=b["loc"], rangers=list(b["rangers"]))]
        if len(items) > 1:
            self._push({"t": "order", "items": items})
        elif items:
            self._push({"t": "trigger", "kind": items[0][0], "arg": items[0][1]})

    def _start_order(self, task):
        """Several effects fire at the start of the battle: the team picks which resolves next."""
        if len(task["items"]) <= 1:
            self._pop()
            for kind, arg in task["items"]:
                self._push({"t": "trigger", "kind": kind, "arg": arg})
            return
        return WAIT

    def _trigger_id(self, kind, arg):
        return f"trigger:{kind}:{arg}" if arg else f"trigger:{kind}"

    def _choices_order(self, task):
        return [Action.make("resolve_first", source=self._trigger_id(k, a)) for k, a in task["items"]]

    def _choose_order(self, task, action):
        for item in task["items"]:
            if self._trigger_id(*item) == action.source:
                task["items"].remove(item)
                self._push({"t": "trigger", "kind": item[0], "arg": item[1]})
                return

    def _start_trigger(self, task):
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

    def _start_turns(self, task):
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
            self._note_zero_cost_only()
            final = all(c in b["resolved"] for c in b["order"]) and not self._cyc_turns_left()
            self._push({"t": "ranger_turn", "only": None, "final": final})

    def _note_zero_cost_only(self):
        """Log why costly cards cannot be played this turn (an "only 0-cost cards" enemy card stands)."""
        who = self._dispatch("only_zero")
        if not who:
            return
        d, C = self.d, self.C
        costly = sum(1 for s in self._battle_seats() for c in d["seats"][s]["hand"]
                     if C.card_def[C.card_of[c]]["cost"] != 0)
        if costly:
            self._e("info", "zero_cost_only", source=who[0], n=costly,
                    card=f"$rangers.enemy.{C.enemy_of[who[0]]}.name")

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
        got = _IS_GUARD.get(cid)
        if got is None:
            got = _IS_GUARD[cid] = "guard" in self.C.enemy_def[self.C.enemy_of[cid]]["keywords"]
        return got

    def _guarded(self, cid):
        b = self.d["battle"]
        if self._is_guard(cid):
            return False
        return any(self._is_guard(n) and n not in b["defeated"] for n in self._neighbours(cid))

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
        subs = self._subs("immune")
        if not subs:
            return set()
        return {c for c in b["order"] if DISPATCH.emit(self, "immune", subs, card=c)}

    def _targets(self, ignore_guard=False):
        b = self.d["battle"]
        immune = self._immune_set()
        if not ignore_guard and not any(c not in b["defeated"] and self._is_guard(c) for c in b["order"]):
            ignore_guard = True             # no GUARD card stands (a card's neighbours are laid-out cards)
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

    def _cost(self, cdef, x=0):
        base = x if cdef["cost"] == "X" else cdef["cost"]
        return base + sum(self._dispatch("cost"))

    def _playable_cost(self, cdef):
        """None if the card may not be played now (Food Coma), else its cost before X."""
        if self._dispatch("only_zero") and cdef["cost"] != 0:
            return None
        return self._cost(cdef, 0)

    def _start_ranger_turn(self, task):
        b = self.d["battle"]
        if not b["rangers"]:
            self._pop()
            return
        only = task.get("only")
        if only and "seat" in only and only["seat"] not in self._battle_seats():
            # a turn kept for one seat (Trini's twin card, an extra play) whose ranger was defeated by
            # the card before it (Cyclopsis' right arm): a defeated ranger has left the battle and plays
            # no more cards; the log says so
            if "name" in only:
                self._e("info", "twin_turn_lost", seat=only["seat"], cause="seat_left_battle",
                        card=f"$rangers.card.{only['name']}.name")
            else:
                self._e("info", "extra_turn_lost", seat=only["seat"], cause="seat_left_battle")
            self._pop()
            return
        return WAIT

    def _turn_actors(self, task, shared=None):
        """Battle seats that could do something this rangers' turn besides passing."""
        shared = {} if shared is None else shared
        return [s for s in self._battle_seats() if self._seat_can_turn(task, s, shared)]

    def _choices_ranger_turn(self, task):
        only = task.get("only") or {}
        if "seat" in only:
            return self._seat_turn_choices(task, only["seat"]) + [_PASS]
        # the team chooses the active ranger first (team_turn.py), unless only one seat can act
        shared = {}
        cands = self._turn_actors(task, shared)
        if len(cands) == 1:
            return self._seat_turn_choices(task, cands[0], shared) + [_PASS]
        out = self._pick_choices(task, cands, _PASS, ai_may_end=True)
        if "except" not in (task.get("only") or {}):
            # energy may be added at any time (rulebook): by the seats whose owner decides now
            decider = self._decider(task, cands)
            side = set(self._split(cands)[0 if decider not in self.ai_seats() else 1])
            energy = shared["energy"] if "energy" in shared else self._energy_actions()
            out[-1:-1] = [a for a in energy if int(a.source.split(":")[1]) in side]
        return out

    def _acting_choices_direct(self, seat):
        """``acting_choices(seat)`` on a rangers' turn of a battle, listed without a copy: sending a
        battle seat only narrows the turn to it (``_choose_ranger_turn``), and the turn then waits
        (``_start_ranger_turn``: the seat is in the battle), so its choices are that seat's turn
        choices and the pass. None on any other step (the caller then asks a copy)."""
        d = self.d
        top = d["stack"][-1]
        b = d["battle"]
        if top["t"] != "ranger_turn" or b is None or b["end"] or not b["rangers"] \
                or seat not in self._battle_seats():
            return None
        task = dict(top, only=dict(top.get("only") or {}, seat=seat))
        return self._seat_turn_choices(task, seat) + [_PASS]

    def _seat_can_turn(self, task, s, shared):
        """``_seat_turn_choices(task, s, shared)`` is not empty, found without building the actions (the
        same tests in the same order, stopping at the first action): the team's choice of who acts
        needs only which seats can act. Keep the two in step."""
        d, C = self.d, self.C
        b = d["battle"]
        only = task.get("only") or {}
        if "seat" in only and only["seat"] != s:
            return False
        if "plus" not in shared:
            subs = self._passive_subs()     # what self._dispatch reads, derived once for both topics
            shared["zero_only"] = bool(DISPATCH.emit(self, "only_zero", [x for x in subs if x[0] == "only_zero"]))
            shared["plus"] = sum(DISPATCH.emit(self, "cost", [x for x in subs if x[0] == "cost"]))
            shared["targets"] = {}
        zero_only = shared["zero_only"]
        plus = shared["plus"]
        tcache = shared["targets"]
        pool = d["pool"]
        for c in d["seats"][s]["hand"]:
            key = C.card_of[c]
            cdef = C.card_def[key]
            if cdef["type"] == "reaction":
                continue
            if "except" in only and C.card_ranger[c] == only["except"]:
                continue
            if "name" in only and key != only["name"]:
                continue
            cost = cdef["cost"]
            if zero_only and cost != 0:
                continue
            if cost == "X":
                if pool - plus < 1:
                    continue
            elif cost + plus > pool:
                continue
            if cdef["type"] != "attack":
                return True
            ig = _IGNORE_GUARD.get(key)
            if ig is None:
                ig = _IGNORE_GUARD[key] = any(e.get("ignore_guard") for e in cdef["effects"])
            if ig not in tcache:
                tcache[ig] = tuple(self._targets(ig))
            if tcache[ig]:
                return True
        if "except" in only or "name" in only:
            return False
        for r in b["rangers"]:
            if r in b["used"] or d["rseat"][r] != s:
                continue
            ab = C.rangers[r]["ability"]
            if ab["when"] != "active":
                continue
            op = ab["effects"][0]["op"]
            if op == "hit_adjacent_defeated":
                for dc in b["defeated"]:
                    for nb in self._neighbours(dc):
                        if nb not in b["defeated"] and not self._immune(nb):
                            return True
            elif op == "draw" and not d["seats"][d["rseat"][r]]["deck"]:
                continue
            elif op == "double_play" and b["double"] is not None:
                continue
            else:
                return True
        if "zords" not in shared:
            shared["zords"] = self._zord_actions("battle")
            shared["energy"] = self._energy_actions()
        zords = d["zords"]
        if any(zords[a.source.split(":")[1]]["seat"] == s for a in shared["zords"]):
            return True
        seat = str(s)
        return any(a.source.split(":")[1] == seat for a in shared["energy"])

    def _seat_turn_choices(self, task, s, shared=None):
        """What seat ``s`` may do as the active ranger: play a combat card (each target, X and boost),
        use an ability, a zord it holds or add energy (not in a turn limited by a card's rule).
        ``shared`` keeps what does not depend on the seat between the calls of one listing."""
        d, C = self.d, self.C
        b = d["battle"]
        only = task.get("only") or {}
        out = []
        pool = d["pool"]
        if shared is None:
            shared = {}
        if "plus" not in shared:
            subs = self._passive_subs()     # what self._dispatch reads, derived once for both topics
            shared["zero_only"] = bool(DISPATCH.emit(self, "only_zero", [x for x in subs if x[0] == "only_zero"]))
            shared["plus"] = sum(DISPATCH.emit(self, "cost", [x for x in subs if x[0] == "cost"]))
            shared["targets"] = {}
        zero_only = shared["zero_only"]
        plus = shared["plus"]
        tcache = shared["targets"]
        st = d["seats"][s]
        if "seat" in only and only["seat"] != s:
            return out
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
                top = pool - plus           # X from 1 to top
                if top < 1:
                    continue
            else:
                if cdef["cost"] + plus > pool:
                    continue
                top = None
            boost = bool(cdef.get("boost") and st["deck"])
            if cdef["type"] == "attack":
                ig = _IGNORE_GUARD.get(key)
                if ig is None:
                    ig = _IGNORE_GUARD[key] = any(e.get("ignore_guard") for e in cdef["effects"])
                if ig not in tcache:
                    tcache[ig] = tuple(self._targets(ig))
                targets = tcache[ig]
                got = _CARD_PLAYS.get((c, targets, top, boost))
                out.extend(got if got is not None else _card_plays(c, targets, top, boost))
            else:
                out.append(Action.make("play", source=c, target="pool"))
        if "except" in only or "name" in only:
            return out
        for r in b["rangers"]:
            if r in b["used"] or d["rseat"][r] != s:
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
        if "zords" not in shared:
            shared["zords"] = self._zord_actions("battle")
            shared["energy"] = self._energy_actions()
        out.extend(a for a in shared["zords"] if d["zords"][a.source.split(":")[1]]["seat"] == s)
        out.extend(a for a in shared["energy"] if a.source.split(":")[1] == str(s))
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

    def _choose_ranger_turn(self, task, action):
        d, C = self.d, self.C
        b = d["battle"]
        kind = action.kind
        if kind == "pass":
            self._pop()
            self._e("info", "ranger_passed")
            return
        if kind in PICK_KINDS:
            seat = self._choose_pick(task, action)
            if seat is not None:
                task["only"] = dict(task.get("only") or {}, seat=seat)
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
            milled = st["deck"].pop(0)
            st["discard"].append(milled)
            self._e("move", "milled", source=f"deck:{seat}", target=f"discard:{seat}", seat=seat, n=1,
                    card=f"$rangers.card.{C.card_of[milled]}.name", cause="boost")
        self._pop()
        ctx = {"seat": seat, "ranger": ranger, "card": c, "target": target, "x": x, "boost": boost}
        key = self._mkctx(ctx)
        self._push({"t": "effects", "ref": ["card", C.card_of[c]], "i": 0, "ctx": key},
                   {"t": "after_play", "ctx": key})

    def _start_after_play(self, task):
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

    def _choose_cands(self, task):
        b = self.d["battle"]
        if task["mode"] == "list":
            return [c for c in task["cands"] if c not in b["defeated"] and not self._immune(c)]
        if task["mode"] == "attack":
            return self._targets()
        return self._hittable()

    def _start_choose_enemy(self, task):
        cands = self._choose_cands(task)
        if not cands:
            self._pop()
            return
        if len(cands) == 1 and task["mode"] != "attack":
            self._pop()
            self._hit(cands[0], task["n"])
            return
        return WAIT

    def _choices_choose_enemy(self, task):
        return [Action.make("target", source=f"ranger:{task['ranger']}", target=c) for c in self._choose_cands(task)]

    def _choose_choose_enemy(self, task, action):
        self._pop()
        if task["mode"] == "attack":
            ctx = dict(self._cx(task))
            ctx["target"] = action.target
            ctx["boost"] = 0
            self._effect_attack({"op": "attack", "dice": task["dice"]}, ctx, target=action.target)
        else:
            self._hit(action.target, task["n"])

    def _start_topdeck(self, task):
        st = self.d["seats"][task["seat"]]
        if task["draw"]:
            self._draw(task["seat"], task["draw"])
            task["draw"] = 0
        if not st["hand"]:
            self._pop()
            return
        return WAIT

    def _choices_topdeck(self, task):
        s = task["seat"]
        return [Action.make("topdeck", source=c, target=f"deck:{s}") for c in self.d["seats"][s]["hand"]]

    def _choose_topdeck(self, task, action):
        self._pop()
        st = self.d["seats"][task["seat"]]
        st["hand"].remove(action.source)
        st["deck"].insert(0, action.source)
        self._e("move", "card_to_deck_top", source=action.source, target=f"deck:{task['seat']}")

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
        plus = None                 # the cost rules, read at the first reaction card held
        out = []
        for s in self._battle_seats():
            for c in d["seats"][s]["hand"]:
                cdef = C.card_def[C.card_of[c]]
                if cdef["type"] != "reaction" or cdef["trigger"] != trigger:
                    continue
                if plus is None:
                    zero_only = bool(self._dispatch("only_zero"))
                    plus = sum(self._dispatch("cost"))
                if zero_only and cdef["cost"] != 0:
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

    def _react_group(self, task):
        """The seats asked now whether they react: the person's seats holding a reaction that fits,
        else the next AI seat holding one (each seat's owner plays its own cards; team_turn.py)."""
        seats = []
        for c, s in self._reactions(task["trigger"], self._react_ctx(task), with_reserve=True):
            if s not in seats and s not in task.get("passed", ()):
                seats.append(s)
        humans, bots = self._split(seats)
        return humans or bots[:1]

    def _start_react(self, task):
        if not self._react_group(task):
            self._pop()
            return
        return WAIT

    def _choices_react(self, task):
        ctx = self._react_ctx(task)
        group = self._react_group(task)
        tgt = f"ranger:{ctx['ranger']}" if task["trigger"] == "damage" else ctx["target"]
        out = [Action.make("react", source=c, target=tgt) for c, s in self._reactions(task["trigger"], ctx)
               if s in group]
        reserve = [c for c, s in self._reactions(task["trigger"], ctx, with_reserve=True) if s in group]
        if len(reserve) > len(out):
            out.extend(a for a in self._energy_actions() if int(a.source.split(":")[1]) in group)
        out.append(_PASS)
        return out

    def _choose_react(self, task, action):
        d, C = self.d, self.C
        if action.kind == "pass":
            # these seats let it go; the window stays open for the others holding a reaction
            task["passed"] = list(task.get("passed", ())) + self._react_group(task)
            if not self._react_group(task):
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
                getattr(self, "_effect_" + eff["op"])(eff, ctx)
