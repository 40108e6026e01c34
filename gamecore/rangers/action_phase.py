"""The action phase (rulebook: 2. action phase): the team spends its action tokens in any order.

The team first chooses who acts (team_turn.py: the ``actions`` step); the chosen seat then takes one
action (the ``seat_actions`` step) and the team chooses again, until it ends the phase or nobody can act.

A token moves a ranger (into the Command Center: power up), starts a battle where the ranger stands,
or recovers (combat cards from the discard pile back into the deck, up to a number of shields).
The zords used in this phase are in cleanup_zords.py.
"""
from __future__ import annotations

from gamecore.engine import Action

from .common import CC, SHARED_EVENTS, WAIT, shared_event
from .team_turn import PICK_KINDS

ANY_SEAT = -1           # the Megazord token is the team's: any seat may use it


_END_ACTIONS = Action.make("end_actions")
_MOVES: dict = {}        # (ranger, where it stands, ring) -> its move actions, in the listing's order


def _moves(r, here, ring):
    """A ranger's moves to every other location (the outer ring clockwise, then the Command Center),
    built once per place and board."""
    key = (r, here, ring)
    got = _MOVES.get(key)
    if got is None:
        if len(_MOVES) >= 4096:         # a bound: every game deals its own ring
            _MOVES.clear()
        got = _MOVES[key] = tuple(Action.make("move", source=f"ranger:{r}", target=f"loc:{l}")
                                  for l in ring + (CC,) if l != here)
    return got


_SEAT_ACTS: dict = {}    # (first ranger of a seat, where it stands) -> its battle, recover and team recover actions


def _seat_acts(r0, here):
    if len(_SEAT_ACTS) >= 4096:
        _SEAT_ACTS.clear()
    got = _SEAT_ACTS[(r0, here)] = (Action.make("battle", source=f"ranger:{r0}", target=f"loc:{here}"),
                                    Action.make("recover", source=f"ranger:{r0}"),
                                    Action.make("recover", source=f"ranger:{r0}", token="team"))
    return got


class ActionPhase:
    """The action phase: moves, battles started, recovers, power ups."""

    def _start_actions(self, task):
        """The team's choice of who acts next (team_turn.py); the phase ends when nobody can act."""
        cands = self._action_actors()
        if not cands:
            # zords are used by exhausting them, not with tokens: a ready one keeps the phase open
            self._pop()
            self._ev.append(SHARED_EVENTS.get("action_phase_over")
                            or shared_event("action_phase_over", "phase", "rangers.ev.action_phase_over", {}))
            return
        self._settle_handover(task, cands)
        return WAIT

    def _action_actors(self):
        """Seats that have an action now: an action token, a team Recover token, a zord to use.

        The same seats as those whose ``_seat_action_choices`` is not empty, found without building
        their actions: an action token always offers a recover, a team token a team recover, and the
        zords' actions are the same for every seat but for who holds each zord."""
        d = self.d
        seats = d["seats"]
        if d["team_tokens"] > 0:
            return list(range(len(seats)))
        out = []
        holders = None
        for s, st in enumerate(seats):
            if st["actions"] > 0:
                out.append(s)
                continue
            if holders is None:
                holders = self._zord_holders()
            if ANY_SEAT in holders or s in holders:
                out.append(s)
        return out

    def _zord_holders(self):
        """The seats holding a zord they may use in the action phase (ANY_SEAT: the Megazord token)."""
        zords = self.d["zords"]
        holders = set()
        for a in self._zord_actions("actions"):
            zid = a.source[5:]                    # "zord:<id>"
            holders.add(ANY_SEAT if zid == "megazord" else zords[zid]["seat"])
        return holders

    def _can_act(self, si):
        """``_seat_action_choices(si)`` is not empty (found without building it)."""
        d = self.d
        if d["seats"][si]["actions"] > 0 or d["team_tokens"] > 0:
            return True
        holders = self._zord_holders()
        return ANY_SEAT in holders or si in holders

    def _choices_actions(self, task):
        cands = self._action_actors()
        if len(cands) == 1:                 # one seat can act: no "who" to ask, its actions are offered
            return self._seat_action_choices(cands[0]) + [_END_ACTIONS]
        return self._pick_choices(task, cands, _END_ACTIONS, ai_may_end=False)

    def _choose_actions(self, task, action):
        if action.kind == "end_actions":
            self._pop()
            self._ev.append(SHARED_EVENTS.get("action_phase_over")
                            or shared_event("action_phase_over", "phase", "rangers.ev.action_phase_over", {}))
            return
        if action.kind not in PICK_KINDS:   # the only seat that can act took an action
            self._seat_action(action)
            return
        seat = self._choose_pick(task, action)
        if seat is not None:
            self._push({"t": "seat_actions", "seat": seat})

    def _seat_action_choices(self, si):
        """What seat ``si`` may do with one action: move, battle or recover (its own tokens), recover
        with a team token, or use a zord it holds (the Megazord token is the team's: any seat)."""
        d = self.d
        st = d["seats"][si]
        out = []
        r0 = st["rangers"][0]
        here = d["rloc"][r0]
        battle, recover, team = _SEAT_ACTS.get((r0, here)) or _seat_acts(r0, here)
        if st["actions"] > 0:
            ring = tuple(d["ring"])
            for r in st["rangers"]:
                out.extend(_MOVES.get((r, here, ring)) or _moves(r, here, ring))
            L = d["locs"][here]
            if sum(L["fs"].values()) + len(L["big"]) > 0:       # self._enemies_at(here)
                out.append(battle)
            out.append(recover)
        if d["team_tokens"] > 0:
            out.append(team)
        if not d["zords"] and d["megazord"] is None:
            return out                      # _zord_actions lists nothing
        for a in self._zord_actions("actions"):
            zid = a.source.split(":")[1]
            if zid == "megazord" or d["zords"][zid]["seat"] == si:
                out.append(a)
        return out

    def _start_seat_actions(self, task):
        if not self._can_act(task["seat"]):
            self._pop()
            return
        return WAIT

    def _choices_seat_actions(self, task):
        return self._seat_action_choices(task["seat"])

    def _choose_seat_actions(self, task, action):
        """Seat ``task["seat"]`` takes one action; then the team chooses who acts next again."""
        d = self.d
        self._pop()
        team = d["stack"][-1] if d["stack"] and d["stack"][-1]["t"] == "actions" else {}
        self._note_ai_step(team, task["seat"])
        self._seat_action(action)

    def _seat_action(self, action):
        d = self.d
        kind = action.kind
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
                key = ("ranger_moved", rr, dest)
                self._ev.append(SHARED_EVENTS.get(key) or shared_event(
                    key, "move", "rangers.ev.ranger_moved",
                    {"ranger": f"$rangers.ranger.{rr}.name", "loc": f"$rangers.loc.{dest}.name"},
                    f"ranger:{rr}", f"loc:{dest}"))
            if dest == CC and self._enemies_at(CC) == 0:
                self._push({"t": "power_up", "seat": seat})
        elif kind == "battle":
            loc = action.target.split(":")[1]
            self._push({"t": "battle_setup", "loc": loc, "lead": r})
        elif kind == "recover":
            loc = d["rloc"][r]
            limit = self.C.comp["recover_shields"]
            limit = max([limit] + self._dispatch("recover_limit", loc=loc))
            key = ("recover_started", r, limit)
            self._ev.append(SHARED_EVENTS.get(key) or shared_event(
                key, "info", "rangers.ev.recover_started", {"ranger": f"$rangers.ranger.{r}.name", "n": limit},
                f"ranger:{r}"))
            self._push({"t": "recover", "seat": seat, "picked": [], "limit": limit})

    def _start_power_up(self, task):
        return WAIT

    def _choices_power_up(self, task):
        r = self.d["seats"][task["seat"]]["rangers"][0]
        return [Action.make("power_up", source=f"ranger:{r}", target=f"loc:{CC}"), Action.make("decline")]

    def _choose_power_up(self, task, action):
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

    def _start_recover(self, task):
        return WAIT

    def _recover_room(self, task):
        return task["limit"] - sum(self.C.card_def[self.C.card_of[c]]["shields"] for c in task["picked"])

    def _choices_recover(self, task):
        st = self.d["seats"][task["seat"]]
        room = self._recover_room(task)
        out = [Action.make("pick", source=c, target=f"deck:{task['seat']}") for c in st["discard"]
               if c not in task["picked"] and self.C.card_def[self.C.card_of[c]]["shields"] <= room]
        out.append(Action.make("recover_done"))
        return out

    def _choose_recover(self, task, action):
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
