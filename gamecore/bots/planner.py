"""The planner: a co-op team bot that searches by rolling out the team's plan.

For each of its best few candidate moves (ranked by the greedy one-step judgement) it deals several
worlds from its view (determinised hidden decks and dice, the same worlds for every candidate so the
comparison is fair), applies the candidate and lets the greedy team play on to the end of the current
stretch of play — the state's ``plan_key()`` names it as a tuple, and a rollout goes on while the key
still starts with the one it began with (for Heroes of the Grid ``("round", r)`` in the action phase
and ``("round", r, "battle", loc)`` in a battle, so an action-phase plan includes the battles it
starts) — or a step cap, then scores the world with the team
evaluation. The candidate with the best mean wins; ties keep the greedy order.

A state may say a decision is local (``worth_planning()`` false): the greedy choice is taken then.

A co-op team first chooses who acts (Heroes of the Grid: "seat n acts"); a state says so through
``choice_expansion(legal)``, which turns each such choice into the moves it leads to (the pick, then one
of that seat's actions). The planner then weighs those sequences — in its ranking, its candidates, its
rollouts and its greedy choices — and answers with the sequence's first action, so the seat it sends is
the one with the best move, not the first one listed. ``expanded_greedy`` is that greedy judgement on
its own.

"Who acts, then what" is one plan in two decisions: judging the seat's move afresh once the seat is
sent (another world, other dice and decks) undoes half of the plan — the seat was sent for a move that
now looks worse than another, or than passing — and made the greedy team of engine v6 much weaker
than v5's, which chose among all the seats' moves at once (NOTES.md). So the sent seat plays the move
the choice was made for: a state that can take the pick back (``pick_undone()``) and deal the world
of a public position (``team_world()``) lets ``team_greedy`` judge both decisions in the same world
(the greedy AI teammates use it through the state's ``team_choice``), and the planner remembers the
sequence its search chose for a public position (``public_key()``) and plays its second move.

Budget: ``candidates`` x ``worlds`` rollouts of at most ``depth`` moves; ``seconds`` is a hard cap (a
world not finished in time is dropped; if none finished, the greedy choice stands), so with a generous
cap — or ``seconds=None`` — the choice depends on the seed alone.
"""
from __future__ import annotations

import math
import time

from gamecore.engine import Action, GameState, Rng

WIN, LOSS = 1e5, -1e5


def expansion(view: GameState, legal: list[Action]) -> list[tuple[Action, ...]]:
    """The candidate moves as action sequences: a "who acts" choice expanded into the chosen seat's
    moves (``choice_expansion``), every other action alone."""
    expand = getattr(view, "choice_expansion", None)
    seqs = expand(legal) if expand is not None else None
    return seqs or [(a,) for a in legal]


def _after(view: GameState, seq: tuple[Action, ...], lookahead: int, seat: int | None = None) -> GameState:
    """``view`` after the sequence and the deciding seat's forced continuation (one option,
    ``lookahead`` at most), as GreedyBot follows it. ``seat``: ``view.current_seat()``, if the caller
    has it (in a battle finding it lists every seat's moves: the rollouts' one-ply greedy, which never
    reads it, spent a seventh of a game on it)."""
    child = view.clone()
    child.quiet = True                  # a search copy: its events are never read
    for action in seq:
        child.apply_unchecked(action)
    if lookahead <= 0:
        return child
    if seat is None:
        seat = view.current_seat()
    steps = 0
    while steps < lookahead and not child.is_over() and child.current_seat() == seat:
        options = child.legal_actions()
        if len(options) != 1:
            break
        child.apply_unchecked(options[0])
        steps += 1
    return child


def expanded_greedy(view: GameState, legal: list[Action], rng: Rng, greedy=None) -> tuple[Action, ...]:
    """The greedy judgement over the expanded candidates: the best sequence (ties at random)."""
    from gamecore.bots import GreedyBot
    greedy = greedy or GreedyBot()
    seqs = expansion(view, legal)
    if len(seqs) == 1:
        return seqs[0]
    seat = view.current_seat()
    best, best_value = [], -math.inf
    for seq in seqs:
        value = greedy._score(_after(view, seq, greedy.lookahead, seat), seat)
        if greedy.noise:
            value += rng.random() * greedy.noise
        if value > best_value + 1e-9:
            best, best_value = [seq], value
        elif abs(value - best_value) <= 1e-9:
            best.append(seq)
    return best[rng.randrange(len(best))]


def team_greedy(view: GameState, legal: list[Action], rng: Rng, greedy) -> Action | None:
    """The greedy team's answer on the two steps of "who acts, then what": on the team's choice the
    first action of the best sequence, judged in the team's world of that position; on the turn of a
    seat the team sent, the move that sequence was chosen for (the same world gives the same sequence),
    else the greedy choice among the seat's moves. None on any other decision (or a state without the
    hooks)."""
    pending = getattr(view, "team_choice_pending", None)
    if pending is None or not hasattr(view, "team_world"):
        return None
    if pending():
        return _team_sequence(view, legal, greedy)[0]
    pre, seat = view.pick_undone()
    if pre is None:
        return None
    if pre.team_choice_pending():
        seq = _team_sequence(pre, pre.legal_actions(), greedy)
        if _sends(seq, seat) and seq[1] in legal:
            return seq[1]
    return expanded_greedy(view, legal, rng, greedy)[0]


_GREEDY_PLANS: dict = {}         # (public position, greedy settings) -> sequence: the seat's turn reuses it


def _team_sequence(view: GameState, legal: list[Action], greedy) -> tuple[Action, ...]:
    """The greedy team's sequence for the team's choice in ``view``'s public position (the same for
    every world of it; remembered, so the sent seat's turn does not judge it again)."""
    key = (view.public_key(), greedy.noise, greedy.lookahead, greedy.evaluator)
    seq = _GREEDY_PLANS.get(key)
    if seq is None:
        world, judge = view.team_world()
        seq = expanded_greedy(world, legal, judge, greedy)
        _GREEDY_PLANS[key] = seq
        while len(_GREEDY_PLANS) > 256:
            _GREEDY_PLANS.pop(next(iter(_GREEDY_PLANS)))
    return seq


def _sends(seq, seat) -> bool:
    """``seq`` is (act seat:<seat>, a move)."""
    return len(seq) == 2 and seq[0].kind == "act" and seq[0].source == f"seat:{seat}"


class PlannerBot:
    name = "planner"
    heavy = True          # thinks for up to ``seconds``: the table runs it in another process

    # the sequences the searches chose on the team's choice, by public position (shared by every
    # planner in the process: the seat sent may be another AI seat's bot); a few hundred at most
    _plans: dict = {}
    PLANS_KEPT = 256

    def __init__(self, candidates: int = 4, worlds: int = 3, depth: int = 24, seconds: float | None = 2.0):
        from gamecore.bots import GreedyBot
        self.candidates = candidates
        self.worlds = worlds
        self.depth = depth
        self.seconds = seconds
        self.greedy = GreedyBot()
        self.rollout_policy = GreedyBot(lookahead=0)

    @staticmethod
    def _value(state: GameState, seat: int) -> float:
        if state.is_over():
            result = state.result()
            won = result is not None and (seat in result.winners or (result.outcome == "win" and not result.winners))
            if won:
                return WIN
            # a later loss is less bad than an early one (the team held out longer)
            summary = state.summary() if hasattr(state, "summary") else {}
            return LOSS + 100.0 * float(summary.get("round", 0) or 0)
        return state.evaluate(seat)

    def _ranked(self, view: GameState, legal: list[Action], rng: Rng, seat: int,
                until: float | None = None) -> list[tuple[float, tuple]]:
        """The candidates by the greedy judgement; past ``until`` (a loaded machine) the ones not yet
        judged are left out, so that the search keeps some of the budget."""
        out = []
        for i, seq in enumerate(expansion(view, legal)):
            if until is not None and out and time.perf_counter() > until:
                break
            child = _after(view, seq, self.greedy.lookahead, seat)
            out.append((self.greedy._score(child, seat), -i, seq))
        out.sort(key=lambda x: (x[0], x[1]), reverse=True)
        return [(v, a) for v, _, a in out]

    def _rollout(self, world: GameState, seq: tuple, seat: int, rng: Rng, deadline=None) -> float | None:
        """The team's plan played on from the sequence ``seq`` in ``world``; None if the deadline passed."""
        key = world.plan_key() if hasattr(world, "plan_key") else None
        seq = (seq,) if isinstance(seq, Action) else tuple(seq)
        world.apply_unchecked(seq[0])
        for action in seq[1:]:
            if action not in world.legal_actions():   # the world dealt differs where it matters: stop here
                return self._value(world, seat)
            world.apply_unchecked(action)
        moves = 0
        while moves < self.depth:
            if deadline is not None and time.perf_counter() > deadline:
                return None
            if world.is_over():
                break
            if key is not None and tuple(world.plan_key()[:len(key)]) != tuple(key):
                break
            legal = world.legal_actions()
            step = (legal[0],) if len(legal) == 1 else expanded_greedy(world, legal, rng, self.rollout_policy)
            for action in step:
                world.apply_unchecked(action)
            moves += len(step)
        return self._value(world, seat)

    def choose(self, view: GameState, legal: list[Action], rng: Rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        seat = view.current_seat()
        # the cap counts the ranking too; a rollout step still running at the deadline ends after it
        # (a tenth of a second, more on a loaded machine), so the search stops a margin before the cap
        deadline = time.perf_counter() + max(0.5 * self.seconds, self.seconds - 0.3) if self.seconds else None
        if hasattr(view, "worth_planning") and not view.worth_planning():
            # a local choice: the greedy judgement is enough (over the chosen seat's moves, if "who acts",
            # and once the seat is sent, the move it was sent for)
            return team_greedy(view, legal, rng, self.greedy) or expanded_greedy(view, legal, rng, self.greedy)[0]
        planned = self._planned_move(view, legal)
        if planned is not None:
            return planned
        until = time.perf_counter() + 0.5 * self.seconds if self.seconds else None
        ranked = self._ranked(view, legal, rng, seat, until)
        if ranked[0][0] >= 1e6:                        # a move that wins at once
            return self._remember(view, ranked[0][1])
        pool = [a for _, a in ranked[:self.candidates]]
        if len(pool) == 1:
            return self._remember(view, pool[0])
        totals = [0.0] * len(pool)
        done = 0
        for w in range(self.worlds):
            world_seed = rng.next_u32()
            values = []
            for seq in pool:
                world = view.view(seat, Rng(world_seed))
                world.quiet = True          # a search copy: its events are never read
                value = self._rollout(world, seq, seat, Rng(world_seed ^ 0x51), deadline)
                if value is None:
                    break                               # out of time: this world is dropped whole
                values.append(value)
            if len(values) < len(pool):
                break
            totals = [t + v for t, v in zip(totals, values)]
            done += 1
        if done == 0:
            return self._remember(view, pool[0])        # no world finished in time: the greedy choice
        best, best_value = 0, -math.inf
        for i, total in enumerate(totals):
            mean = total / max(1, done)
            if mean > best_value + 1e-9:
                best, best_value = i, mean
        return self._remember(view, pool[best])

    def _remember(self, view: GameState, seq: tuple) -> Action:
        """Keep the sequence chosen on the team's choice (its seat's move is played when the seat is
        sent); returns its first action."""
        if len(seq) > 1 and hasattr(view, "public_key") and getattr(view, "team_choice_pending", lambda: False)():
            plans = PlannerBot._plans
            plans[view.public_key()] = seq
            while len(plans) > self.PLANS_KEPT:
                plans.pop(next(iter(plans)))
        return seq[0]

    def _planned_move(self, view: GameState, legal: list[Action]) -> Action | None:
        """On the turn of a seat the team sent: the move the search chose it for, if remembered."""
        undone = getattr(view, "pick_undone", None)
        if undone is None:
            return None
        pre, seat = undone()
        if pre is None:
            return None
        seq = PlannerBot._plans.get(pre.public_key())
        if seq is not None and _sends(seq, seat) and seq[1] in legal:
            return seq[1]
        return None
