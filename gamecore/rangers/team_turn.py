"""Who acts next (rulebook: action phase 「チームは各レンジャーがアクションを実行するタイミングを集合的に
決定します」; ranger turn 「チームは１人のレンジャーを選択してアクティブなレンジャーとする」).

Whenever several seats could act — the action phase (any seat with an action token, a team Recover
token or a zord to use) and a rangers' turn in a battle (any ranger there that can play a card, use an
ability or a zord, or add energy) — the team first chooses its active seat. That choice is a decision
of its own, and the seat chosen then decides alone:

- ``act`` (source ``seat:<n>``): seat n acts. In the action phase a ``seat_actions`` step for seat n
  goes on top (one action, then the team chooses again); in a battle the ranger turn's ``only`` becomes
  ``{"seat": n}``. Either way ``current_seat()`` is n and ``legal_actions()`` are n's alone.
- ``end_actions`` / ``pass``: the team ends the action phase / passes this rangers' turn.
- When only one seat can act there is no "who" to ask: the team step offers that seat's own actions
  (and the end) directly, and names that seat.
- ``team_act``: the person hands the choice to the team AI ("let the team act"): the AI teammates act
  until the team AI hands back (``hand_back``, offered once an AI seat has acted since) or they have
  nothing left to do. In a battle the hand-over lasts one rangers' turn.

Who decides that choice: the seats the person plays are the seats not in the ``ai_seats`` option (the
app fills it from the setup's seat types; ``hotseat`` — "I control every seat" — empties it). If a seat
of the person's can act and the choice was not handed over, the person decides (the lowest such seat
is named) and is offered their own seats, ``team_act`` when an AI teammate can act, and the end. Else
the team AI decides (the lowest AI seat that can act is named), choosing among the AI seats; it may end
the action phase only when none of the person's seats can act (a battle's pass is always the team's).
With no AI seats every seat is the person's: that is the hotseat game.

The team's splits (engine v7) — which ranger takes a damage (and Cyclopsis' split of one), whose
stored energy an energy drain takes, who keeps the pool's leftover energy at cleanup, which ranger a
new zord goes to — are asked the same way, of the seats they concern (the rangers that may take the
damage, the holders of stored energy, the rangers with room for energy, every ranger for a zord): while
a seat of the person's is concerned and the choice was not handed over, the person decides (the lowest
such seat is named) among their own seats, with ``team_act`` ("leave it to the team") when an AI seat
is concerned too; else the team AI decides (the lowest AI seat concerned is named) among the AI seats.
So an AI seat never puts a damage, a drain or a choice of energy or zord on the person's ranger, and the
person never decides for an AI teammate's ranger. A hand-over lasts the rest of that step (for a damage
that several rangers take in turn, until the next ranger is chosen), and ends when no AI seat is
concerned any more.
"""
from __future__ import annotations

from gamecore.engine import Action, OptionError, Rng

from .common import SHARED_EVENTS, shared_event

PICK_KINDS = ("act", "team_act", "hand_back")
_ACT: dict = {}           # seat -> its "act" action, built once


def _act(seat: int) -> Action:
    got = _ACT[seat] = Action.make("act", source=f"seat:{seat}")
    return got


def check_ai_seats(value):
    """The ``ai_seats`` option: a list of distinct seat numbers 0-5 (extra seats are ignored)."""
    if not isinstance(value, (list, tuple)) or any(isinstance(s, bool) or not isinstance(s, int) for s in value):
        raise OptionError("option 'ai_seats' must be a list of seat numbers")
    if any(s < 0 or s > 5 for s in value) or len(set(value)) != len(value):
        raise OptionError("option 'ai_seats' must list distinct seats between 0 and 5")
    return sorted(value)


class TeamTurn:
    """The team's choice of who acts next, and who makes that choice."""

    def ai_seats(self) -> set:
        """The seats AI teammates play (empty in the hotseat game)."""
        options = self.options
        listed = options.get("ai_seats")
        if not listed or options.get("hotseat"):
            return set()
        return {s for s in listed if 0 <= s < self.players}

    def _split(self, cands):
        ai = self.ai_seats()
        if not ai:                          # no AI teammate (every random playout, the hotseat game)
            return list(cands), []
        return [s for s in cands if s not in ai], [s for s in cands if s in ai]

    def _decider(self, task, cands):
        """The seat whose owner makes the team's choice among ``cands`` (None: nobody can act)."""
        humans, bots = self._split(cands)
        if bots and (task.get("handed") or not humans):
            return bots[0]
        return humans[0] if humans else None

    def _pick_choices(self, task, cands, end: Action, ai_may_end: bool):
        """The team's choice: ``act`` per seat the decider may send, the hand-over, and the end."""
        humans, bots = self._split(cands)
        if not bots:                        # _decider's answer without AI seats: the first seat, if any
            if not humans:
                return [end]
            out = [_ACT.get(s) or _act(s) for s in humans]
            out.append(end)
            return out
        decider = self._decider(task, cands)
        out = []
        if decider is None:
            return [end]
        if decider in humans:
            out.extend(Action.make("act", source=f"seat:{s}") for s in humans)
            if bots:
                out.append(Action.make("team_act"))
            out.append(end)
            return out
        out.extend(Action.make("act", source=f"seat:{s}") for s in bots)
        if task.get("handed") and humans and task.get("since", 0) > 0:
            out.append(Action.make("hand_back"))
        if ai_may_end or not humans:
            out.append(end)
        return out

    def _choose_pick(self, task, action) -> int | None:
        """Apply a team choice; returns the seat chosen to act (None for a hand-over)."""
        if action.kind == "team_act":
            task["handed"], task["since"] = True, 0
            self._e("info", "team_acts")
            return None
        if action.kind == "hand_back":
            task["handed"], task["since"] = False, 0
            self._e("info", "team_hands_back")
            return None
        source = action.source
        key = ("seat_acts", source)
        got = SHARED_EVENTS.get(key)
        if got is None:
            got = shared_event(key, "info", "rangers.ev.seat_acts", {"seat": int(source.split(":")[1])}, source)
        self._ev.append(got)
        return got.params["seat"]

    def _note_ai_step(self, task, seat):
        """An AI seat acted while the choice was handed over: the team AI may now hand it back."""
        if task.get("handed") and seat in self.ai_seats():
            task["since"] = task.get("since", 0) + 1

    def _settle_handover(self, task, cands):
        """A hand-over ends when no AI teammate can act any more."""
        if task.get("handed") and not self._split(cands)[1]:
            task["handed"], task["since"] = False, 0

    # ------------------------------------------------------------------ the team's splits (engine v7)
    def _split_side(self, task, seats):
        """(deciding seat, the seats it decides for) of a team split among ``seats``: the person while
        one of their seats is concerned and the split was not handed over, else the AI seats."""
        humans, bots = self._split(seats)
        if bots and (task.get("handed") or not humans):
            return bots[0], bots
        if humans:
            return humans[0], humans
        return None, []

    def _split_choices(self, task, seats, choices_of):
        """The split's legal actions: ``choices_of(seat)`` for each seat the decider decides for, and
        ``team_act`` when the person decides and an AI seat is concerned too."""
        decider, side = self._split_side(task, seats)
        out = [a for s in side for a in choices_of(s)]
        if decider is not None and decider not in self.ai_seats() and self._split(seats)[1]:
            out.append(Action.make("team_act"))
        return out

    def _split_handover(self, task, action) -> bool:
        """Apply a ``team_act`` on a split (True), else leave the action to the step (False)."""
        if action.kind != "team_act":
            return False
        task["handed"] = True
        self._e("info", "team_acts")
        return True

    def _settle_split(self, task, seats):
        """A split's hand-over ends when no AI seat is concerned any more."""
        if task.get("handed") and not self._split(seats)[1]:
            task["handed"] = False

    def _ranger_seats(self, rangers):
        """The seats of ``rangers``, each once, in the order the rangers are listed."""
        out = []
        for r in rangers:
            s = self.d["rseat"][r]
            if s not in out:
                out.append(s)
        return out

    def split_decider(self, task):
        """The seat whose owner decides a waiting team split (damage, drain, leftover energy, zord,
        Cyclopsis' split damage), or a target choice (the ranger's own seat); None for other steps."""
        t = task["t"]
        seats = None
        if t == "damage" and task.get("ranger") is None:
            seats = self._ranger_seats(self._damage_cands(task))
        elif t == "cyc_split" and self.d["battle"] is not None:
            seats = self._ranger_seats(self.d["battle"]["rangers"])
        elif t == "drain" and self.d["battle"] is not None:
            seats = self._drain_holders()
        elif t == "cleanup" and self.d["battle"] is not None:
            seats = list(self._energy_slots())
        elif t == "summon":
            seats = list(range(len(self.d["seats"])))
        elif t == "choose_enemy" and task.get("ranger") in self.d["rseat"]:
            return self.d["rseat"][task["ranger"]]
        if not seats:
            return None
        return self._split_side(task, seats)[0]

    def acting_choices(self, seat: int) -> list[Action]:
        """The legal actions ``seat`` would have if the team chose it now to act ([] when it cannot be
        chosen now): lets a table offer a seat's own moves directly on the team's choice (a drag of
        the person's ranger means "I act, and do this"). Read from a copy; this state is untouched."""
        pick = _ACT.get(seat) or _act(seat)
        if self.is_over() or pick not in self.legal_actions():
            return []
        direct = self._acting_choices_direct(seat)
        if direct is not None:
            return direct
        probe = self.clone()
        probe.apply_unchecked(pick)
        return probe.legal_actions()

    def team_choice_pending(self) -> bool:
        """The pending decision is the team's choice of who acts (``act`` actions are offered; bots
        expand each into the chosen seat's moves, see planner.py)."""
        d = self.d
        if d["over"] is not None or not d["stack"]:
            return False
        top = d["stack"][-1]
        if top["t"] not in ("actions", "ranger_turn") or "seat" in (top.get("only") or {}):
            return False
        return any(a.kind == "act" for a in self.legal_actions())

    def choice_expansion(self, legal):
        """For bots (planner.py): on the team's choice of who acts, each ``act`` becomes the sequences
        (act, one of that seat's actions); the other choices stay alone. None on any other decision."""
        if not self.team_choice_pending():
            return None
        out = []
        for pick in legal:
            if pick.kind != "act":
                out.append((pick,))
                continue
            probe = self.clone()
            probe.apply_unchecked(pick)
            # a move the team step offers too (energy added at any time) is weighed there, alone: sent
            # with a seat it would tie the turn to that seat
            out.extend((pick, a) for a in probe.legal_actions() if a not in legal)
        return out

    def pick_undone(self):
        """(this state before the team's pick that opened the pending step, the seat picked) — a copy
        with the pick taken back — when the pending step is a seat's turn the team sent it to
        (``seat_actions``, or a rangers' turn whose ``only`` is that seat); else (None, None)."""
        st = self.d["stack"]
        top = st[-1] if st and self.d["over"] is None else None
        if top is None:
            return None, None
        if top["t"] == "seat_actions" and len(st) > 1 and st[-2]["t"] == "actions":
            pre = self.clone()
            pre.d["stack"].pop()
        elif top["t"] == "ranger_turn" and set(top.get("only") or {}) == {"seat"}:
            pre = self.clone()
            pre.d["stack"][-1]["only"] = None
        else:
            return None, None
        pre.changed()
        return pre, top.get("seat", (top.get("only") or {}).get("seat"))

    def public_key(self) -> str:
        """A key of what the team can see (equal for two states that differ only in hidden cards)."""
        return self.view(0, Rng(0)).digest()

    def team_world(self):
        """A world dealt from what the team can see, the same for the same public position, with the
        rng to judge it: the team's choice and the chosen seat's move are judged in one world (two
        worlds judge the same plan twice, with other dice and decks, and undo half of it)."""
        key = int(self.public_key()[:12], 16)
        return self.view(0, Rng(key)), Rng(key ^ 0x7EA)

    def team_choice(self, level, legal, rng):
        """The greedy AI teammates' answer to the team's choice of who acts — the seat whose best move
        is best — and, once a seat is sent, that seat's move: the move the choice was made for
        (bots/planner.py ``team_greedy``). None elsewhere, and for the planner and the random level,
        which decide it themselves."""
        if level in (None, "planner", "random", "mcts", "hard"):
            return None
        from gamecore.bots import GreedyBot, make_bot
        from gamecore.bots.planner import team_greedy
        try:
            bot = make_bot(level)
        except ValueError:
            return None
        if not isinstance(bot, GreedyBot):
            return None
        return team_greedy(self, legal, rng, bot)
