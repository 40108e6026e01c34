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


def playout_skip_kinds(game: str) -> tuple:
    """Kinds of action a random player avoids while it has another choice (a game's package may name
    them in ``PLAYOUT_SKIP_KINDS``): a random Heroes of the Grid team that ends its action phase at
    once never reaches a battle, and the checks would never see one."""
    import importlib

    try:
        module = importlib.import_module(f"gamecore.{game}")
    except ImportError:
        return ()
    return tuple(getattr(module, "PLAYOUT_SKIP_KINDS", ()))


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
    skip = playout_skip_kinds(game)
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
                # what the seat to move sees: a whole position of the same game, the same choices
                view = state.view(state.current_seat(), Rng(seed + step))
                if view.invariants():
                    _fail(where, "the view of the seat to move breaks invariants: " + "; ".join(view.invariants()))
                if view.legal_actions() != legal or state.digest() != digest:
                    _fail(where, "the view of the seat to move offers other choices (or touched the state)")
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
        choices = [a for a in legal if a.kind not in skip] or legal
        action = choices[rng.randrange(len(choices))]
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


# --------------------------------------------------------------------------- crash recovery

def crash_child(game: str, seed: int, players: int, autosave: str) -> None:
    """Play random games for ever with autosave on, printing each applied state's digest ("NEW" between games).

    Run as ``python -m gamecore crash-child ...`` by :func:`check_crash_recovery`, which kills it.
    """
    from pathlib import Path

    from gamecore.session import Session

    rng = Rng(seed)
    games = 0
    session = Session.new(game, seed, players, autosave=Path(autosave))
    while True:
        if session.state.is_over():
            games += 1
            print("NEW", flush=True)
            session = Session.new(game, seed + games, players, autosave=Path(autosave))
        legal = session.state.legal_actions()
        session.apply(legal[rng.randrange(len(legal))])
        print(session.state.digest(), flush=True)


def check_crash_recovery(game: str, seed: int, players: int, folder, reports_before_kill: int) -> int:
    """SIGKILL a process that autosaves after every action, at a random moment; the autosave must load,
    replay to its own digest, equal the last reported state (or be exactly one action past it), and no
    temp file may be left once start-up has cleaned up. Returns how many actions the child reported."""
    import os
    import signal
    import subprocess
    import sys
    import tempfile
    import time
    from pathlib import Path

    from gamecore import persistence
    from gamecore.session import Session

    folder = Path(folder)
    auto = folder / "autosave.json"
    ctx = f"crash {game} seed={seed} players={players} kill-after={reports_before_kill}"
    root = str(Path(__file__).resolve().parent.parent)
    env = dict(os.environ, PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""))
    errors = tempfile.TemporaryFile("w+", encoding="utf-8")
    child = subprocess.Popen([sys.executable, "-m", "gamecore", "crash-child", "--game", game, "--seed", str(seed),
                              "--players", str(players), "--autosave", str(auto)],
                             stdout=subprocess.PIPE, stderr=errors, text=True, env=env)
    lines: list[str] = []
    try:
        while len(lines) < reports_before_kill:
            line = child.stdout.readline()
            if not line:
                errors.seek(0)
                _fail(ctx, "the child died on its own: " + errors.read()[-500:])
            lines.append(line.strip())
        time.sleep(0.0005 * (reports_before_kill % 7))   # the child keeps writing: the kill lands anywhere
    finally:
        child.send_signal(signal.SIGKILL)
        # read the rest through the same buffered reader: readline() may already hold lines read ahead
        out = child.stdout.read()
        child.wait(timeout=30)
        errors.close()
    if not out.endswith("\n"):
        out = out.rsplit("\n", 1)[0] if "\n" in out else ""   # a line cut by the kill was never reported
    lines += out.split()
    persistence.remove_stale_temp_files(folder)          # what start-up does
    leftovers = sorted(p.name for p in folder.iterdir() if p.name != "autosave.json")
    if leftovers:
        _fail(ctx, f"files left behind: {leftovers}")
    try:
        session = Session.load(auto)                      # parses, replays, and matches its own digest
    except persistence.SaveError as exc:
        _fail(ctx, f"the autosave does not load: {exc}")
    digests = [line for line in lines if line != "NEW"]
    if session.state.digest() == digests[-1]:
        return len(digests)
    # killed between writing the autosave and reporting it: exactly one action ahead of the last report
    if len(session.steps) == 1 and lines[-1] == "NEW":
        return len(digests)
    previous = Session.new(session.game, session.seed, session.players, session.options, session.seats)
    for step in session.steps[:-1]:
        previous.apply(step.action)
    if previous.state.digest() != digests[-1]:
        since_new = lines[len(lines) - lines[::-1].index("NEW"):] if "NEW" in lines else lines
        _fail(ctx, "the autosave is neither the last reported state nor the one right after it "
                   f"(autosave: {len(session.steps)} actions of seed {session.seed}; reported since the last new "
                   f"game: {len(since_new)}; last line {lines[-1][:12]!r})")
    return len(digests)
