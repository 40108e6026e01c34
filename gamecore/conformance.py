"""The checks every registered game must pass at every step of a seeded random playout.

Modelled on OpenSpiel's random simulation test; used by tests/test_conformance.py and by
``python -m gamecore soak``. Each failure raises ConformanceError naming the game, seed and step.
"""
from __future__ import annotations

import json

import gamecore
from gamecore.engine import Action, IllegalAction, Rng


class ConformanceError(AssertionError):
    pass


def _fail(ctx: str, message: str):
    raise ConformanceError(f"{ctx}: {message}")


def _mutations(action: Action, rng: Rng) -> list[Action]:
    """Actions near a legal one: other kinds, sources, targets and parameters."""
    out = [
        Action.make(action.kind + "_x", action.source, action.target, **dict(action.params)),
        Action(action.kind, (action.source or "") + "#bogus", action.target, action.params),
        Action(action.kind, action.source, (action.target or "") + "#bogus", action.params),
    ]
    if action.params:
        name, value = action.params[rng.randrange(len(action.params))]
        bogus = 987654 if not isinstance(value, int) or isinstance(value, bool) else value + 1000
        out.append(Action.make(action.kind, action.source, action.target, **{**dict(action.params), name: bogus}))
    return out


def check_playout(game: str, seed: int, players: int, options: dict | None = None, cap: int = 20000,
                  deep_every: int = 1, undo_check: bool = True) -> int:
    """Play one random game with every check; returns the number of actions taken."""
    options = options or {}
    ctx = f"{game} seed={seed} players={players} options={options}"
    state = gamecore.start(game, seed=seed, players=players, **options)
    twin = gamecore.start(game, seed=seed, players=players, **options)
    if state.digest() != twin.digest():
        _fail(ctx, "two starts with the same seed differ")
    rng = Rng(seed * 7919 + 13)
    foreign_pool: list[Action] = []
    step = 0
    next_round_trip = 1
    while True:
        where = f"{ctx} step={step}"
        problems = state.invariants()
        if problems:
            _fail(where, "invariants broken: " + "; ".join(problems))
        legal = state.legal_actions()
        if state.is_over():
            if legal:
                _fail(where, "a finished game still lists legal actions")
            result = state.result()
            if result is None:
                _fail(where, "a finished game has no result")
            for seat, score in result.scores.items():
                breakdown = result.breakdown.get(seat)
                if breakdown is not None and sum(breakdown.values()) != score:
                    _fail(where, f"seat {seat} score {score} != its breakdown {breakdown}")
            if state.current_seat() is not None:
                _fail(where, "a finished game still names a seat to play")
            return step
        if not legal:
            _fail(where, "no legal actions in an unfinished game")
        if step >= cap:
            _fail(where, f"no end within {cap} actions")
        if len(set(legal)) != len(legal):
            _fail(where, "legal actions contain duplicates")
        if legal != state.legal_actions():
            _fail(where, "legal actions are not deterministic")
        if state.pending() is None:
            _fail(where, "an unfinished game has no pending decision")
        deep = step % deep_every == 0
        if deep:
            digest = state.digest()
            clone = state.clone()
            if clone.digest() != digest or clone.legal_actions() != legal:
                _fail(where, "clone differs from the original")
            if step + 1 == next_round_trip:
                next_round_trip *= 2
                back = gamecore.restore(json.loads(json.dumps(state.to_json())))
                if back.digest() != digest or back.legal_actions() != legal:
                    _fail(where, "JSON round trip changes the state")
            # illegal actions: from another game's past, or mutated; the digest must not change
            probes = [a for a in foreign_pool[-6:] if a not in legal]
            probes += [a for a in _mutations(legal[rng.randrange(len(legal))], rng) if a not in legal]
            for bad in probes:
                try:
                    state.apply(bad)
                except IllegalAction:
                    pass
                else:
                    _fail(where, f"illegal action {bad} was accepted")
                if state.digest() != digest:
                    _fail(where, f"refused action {bad} changed the state")
        action = legal[rng.randrange(len(legal))]
        if deep and undo_check:
            before = state.clone()
            state.apply(action)
            after = state.digest()
            redo = before.clone()
            redo.apply(action)
            if redo.digest() != after:
                _fail(where, f"applying {action} twice from the same state differs (hidden non-determinism)")
        else:
            state.apply(action)
        foreign_pool.append(action)
        twin.apply(action)
        step += 1


def variants(info) -> list[dict]:
    """The default options, then every non-default value of each pickable option on its own."""
    out: list[dict] = [{}]
    for option in info.options:
        if option.kind == "bool":
            values = [not option.default]
        elif option.kind == "choice":
            values = [v for v in option.choices if v != option.default]
        elif option.kind == "int":
            values = sorted({option.minimum, option.maximum} - {option.default})
        else:
            continue
        out.extend({option.name: v} for v in values)
    return out
