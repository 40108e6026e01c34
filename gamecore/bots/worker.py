"""Thinking in another process: a bot's choice computed from a snapshot, so a long search (MCTS) never
competes with the window's thread for the interpreter lock. Pure gamecore: the UI owns the pool."""
from __future__ import annotations

import gamecore
from gamecore.bots import choose_for, make_bot
from gamecore.engine import Action, Rng


def choose_from_snapshot(snapshot: dict, level: str, rng_state: int) -> dict:
    """The action (as JSON) that the bot ``level`` picks in the state ``snapshot`` describes."""
    state = gamecore.restore(snapshot)
    action = choose_for(state, make_bot(level), Rng(state=rng_state))
    return action.to_json()


def action_from_json(data: dict) -> Action:
    return Action.from_json(data)
