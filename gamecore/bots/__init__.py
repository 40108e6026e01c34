"""Bots over the State protocol: random, greedy (per-game evaluation) and determinised MCTS.

One protocol: ``bot.choose(view, legal, rng) -> Action`` where ``view`` is ``state.view(seat, rng)``,
so no bot ever sees hidden cards. ``make_bot(name)`` builds one from a level name or kind.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass

from gamecore.engine import Action, GameState, Rng

__all__ = ["RandomBot", "GreedyBot", "MctsBot", "make_bot", "choose_for", "BOT_KINDS"]


class RandomBot:
    name = "random"

    def choose(self, view: GameState, legal: list[Action], rng: Rng) -> Action:
        return legal[rng.randrange(len(legal))]


class GreedyBot:
    """Applies each legal action to a copy of its view and keeps the best by ``evaluate`` (ties at random).

    ``depth`` extra plies follow the same seat's own forced continuation (the greedy choice again)
    so that multi-step decisions (choose, then confirm) are judged by where they lead.
    """

    name = "greedy"

    def __init__(self, noise: float = 0.0, lookahead: int = 2, evaluator: str = "evaluate"):
        self.noise = noise
        self.lookahead = lookahead
        self.evaluator = evaluator  # a game may offer a simpler evaluation (e.g. "evaluate_simple")

    def _score(self, state: GameState, seat: int) -> float:
        if state.is_over():
            result = state.result()
            if result is not None:
                if result.outcome in ("win", "shared") and seat in result.winners:
                    return 1e6
                if result.outcome == "win" and not result.winners:
                    return 1e6
                return -1e6
        return getattr(state, self.evaluator, state.evaluate)(seat)

    def choose(self, view: GameState, legal: list[Action], rng: Rng) -> Action:
        seat = view.current_seat()
        if len(legal) == 1:
            return legal[0]
        best, best_value = [], -math.inf
        for action in legal:
            child = view.clone()
            child.quiet = True            # a search copy: its events are never read
            child.apply_unchecked(action)
            steps = 0
            while steps < self.lookahead and not child.is_over() and child.current_seat() == seat:
                options = child.legal_actions()
                if len(options) != 1:
                    break
                child.apply_unchecked(options[0])
                steps += 1
            value = self._score(child, seat) + (rng.random() * self.noise if self.noise else 0.0)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return best[rng.randrange(len(best))]


@dataclass
class _Node:
    action: Action | None
    parent: "_Node | None"
    seat: int | None
    visits: int = 0
    value: float = 0.0
    children: dict | None = None


class MctsBot:
    """Determinised UCT: each iteration deals the hidden cards anew (``view``), then selects, expands,
    plays out at random (up to ``rollout_cap`` actions, then ``evaluate``) and backs up.

    Budget: ``iterations`` and/or ``seconds``; the caller runs it off the UI thread. ``seconds`` is a
    deadline, not a target: counted from the call, no iteration starts unless the longest one so far
    still fits before it, and a rollout still running at the deadline is dropped (the first iteration
    always completes). ``last_iterations`` says how many iterations the last choice used.
    """

    name = "mcts"

    def __init__(self, iterations: int = 200, seconds: float | None = None, rollout_cap: int = 60, c: float = 1.2):
        self.iterations = iterations
        self.seconds = seconds
        self.rollout_cap = rollout_cap
        self.c = c

    def _reward(self, state: GameState, seat: int, root_eval: float) -> float:
        if state.is_over():
            result = state.result()
            if result is None:
                return 0.5
            if seat in result.winners or (result.outcome == "win" and not result.winners):
                return 1.0 / max(1, len(result.winners)) if result.outcome == "shared" else 1.0
            return 0.0
        diff = state.evaluate(seat) - root_eval
        return 1.0 / (1.0 + math.exp(-diff / 10.0))

    def choose(self, view: GameState, legal: list[Action], rng: Rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        # the clock starts here, so the root's evaluation counts against the budget too
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        seat = view.current_seat()
        root = _Node(None, None, seat)
        root_eval = view.evaluate(seat)
        done = 0
        longest = 0.0                     # the longest whole iteration so far
        self.last_iterations = 0
        while done < self.iterations or (deadline and done < 1):
            if deadline is not None and done > 0 and time.perf_counter() + longest > deadline:
                break                     # the next iteration would likely end past the deadline
            began = time.perf_counter()
            done += 1
            state = view.view(seat, rng) if done > 1 else view.clone()
            state.quiet = True            # a search copy: its events are never read
            node = root
            # selection and expansion among actions legal in this determinisation
            while not state.is_over():
                actions = state.legal_actions()
                if node.children is None:
                    node.children = {}
                untried = [a for a in actions if a not in node.children]
                if untried:
                    action = untried[rng.randrange(len(untried))]
                    mover = state.current_seat()
                    state.apply_unchecked(action)
                    child = _Node(action, node, mover)
                    node.children[action] = child
                    node = child
                    break
                log_n = math.log(max(1, node.visits))
                best, best_u = None, -math.inf
                for action in actions:
                    ch = node.children[action]
                    u = ch.value / ch.visits + self.c * math.sqrt(log_n / ch.visits) if ch.visits else math.inf
                    if u > best_u:
                        best, best_u = ch, u
                state.apply_unchecked(best.action)
                node = best
            # rollout; an iteration still running at the deadline (a slow one, a loaded machine) is
            # dropped before its scoring, except the first one, so that there is always an answer
            steps = 0
            late = False
            while not state.is_over() and steps < self.rollout_cap:
                if deadline is not None and done > 1 and time.perf_counter() > deadline:
                    late = True
                    break
                actions = state.legal_actions()
                state.apply_unchecked(actions[rng.randrange(len(actions))])
                steps += 1
            if late or (deadline is not None and done > 1 and time.perf_counter() > deadline):
                done -= 1
                break
            # backup: each node's value is from the point of view of the seat that moved into it
            rewards: dict = {}
            while node is not None:
                node.visits += 1
                if node.seat is not None:
                    if node.seat not in rewards:
                        rewards[node.seat] = self._reward(state, node.seat, root_eval if node.seat == seat else state.evaluate(node.seat))
                    node.value += rewards[node.seat]
                node = node.parent
            longest = max(longest, time.perf_counter() - began)
        self.last_iterations = done
        candidates = [root.children[a] for a in legal if root.children and a in root.children]
        if not candidates:
            return legal[rng.randrange(len(legal))]
        return max(candidates, key=lambda n: (n.visits, n.value)).action


BOT_KINDS = ("random", "greedy", "mcts")

# Level names the setup screen offers, mapped to bot settings; a game may offer a subset.
LEVELS = {
    "random": lambda: RandomBot(),
    "easy": lambda: GreedyBot(noise=1.0, lookahead=0, evaluator="evaluate_simple"),  # immediate value only
    "greedy": lambda: GreedyBot(),
    "normal": lambda: GreedyBot(),
    "mcts": lambda: MctsBot(iterations=150),
    "hard": lambda: MctsBot(iterations=200, seconds=1.5, rollout_cap=12),  # ~0.2 s a move, never over 1.5 s
    "planner": lambda: _planner(),   # co-op team search: rolls out the team's plan (gamecore/bots/planner.py)
}


def _planner():
    from gamecore.bots.planner import PlannerBot
    return PlannerBot()


def make_bot(name: str):
    try:
        bot = LEVELS[name]()
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; choose from {', '.join(LEVELS)}") from None
    bot.level = name
    return bot


def choose_for(state: GameState, bot, rng: Rng) -> Action:
    """Let ``bot`` pick a move for the seat to play, from that seat's view (never the full state)."""
    seat = state.current_seat()
    view = state.view(seat, rng) if seat is not None else state.clone()
    view.quiet = True       # the bots' own copy: every copy they search from it skips building events
    legal = view.legal_actions()
    # a game may bring its own AI for a level name (Barricades' team bots): ``team_choice(level, legal, rng)``
    own = getattr(view, "team_choice", None)
    level = getattr(bot, "level", None)
    action = own(level, legal, rng) if own is not None and level else None
    if action is None:
        action = bot.choose(view, legal, rng)
    real_legal = state.legal_actions()
    if action not in real_legal:
        # the view and the real state list the same moves for the seat to play; guard anyway
        return real_legal[rng.randrange(len(real_legal))]
    return action
