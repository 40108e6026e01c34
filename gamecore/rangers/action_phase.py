"""The action phase (rulebook: 2. action phase): the team spends its action tokens in any order.

A token moves a ranger (into the Command Center: power up), starts a battle where the ranger stands,
or recovers (combat cards from the discard pile back into the deck, up to a number of shields).
The zords used in this phase are in cleanup_zords.py.
"""
from __future__ import annotations

from gamecore.engine import Action

from .common import CC, WAIT


class ActionPhase:
    """The action phase: moves, battles started, recovers, power ups."""

    def _start_actions(self, task):
        d = self.d
        if (all(st["actions"] <= 0 for st in d["seats"]) and d["team_tokens"] <= 0
                and not self._zord_actions("actions")):
            # zords are used by exhausting them, not with tokens: a ready one keeps the phase open
            self._pop()
            self._e("phase", "action_phase_over")
            return
        return WAIT

    def _choices_actions(self, task):
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

    def _choose_actions(self, task, action):
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
