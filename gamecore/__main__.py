"""Command line: ``python -m gamecore list | simulate | replay | soak``.

    python -m gamecore list
    python -m gamecore simulate --game misfits --games 200 --seed 1 [--players 3] [--bot random|greedy|mcts]
                               [--option NAME=VALUE ...] [--json]
    python -m gamecore replay SAVEFILE
    python -m gamecore soak --minutes 30 [--game misfits]
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
import traceback
from collections import Counter

import gamecore
from gamecore.bots import BOT_KINDS, choose_for, make_bot
from gamecore.engine import Rng


def cmd_list(args) -> int:
    for info in gamecore.games():
        state = "ready" if info.ready else "in preparation"
        players = ",".join(map(str, info.counts()))
        mode = "co-op" if info.coop else "competitive"
        options = ", ".join(f"{o.name}={o.default}" for o in info.options) or "-"
        print(f"{info.id:<12} {state:<15} players {players:<10} {mode:<12} options: {options}")
    return 0


def play_one(game: str, seed: int, players: int, bot_name: str, cap: int, options: dict | None = None):
    """One playout with every seat played by ``bot_name``. Returns (state, actions taken)."""
    state = gamecore.start(game, seed=seed, players=players, **(options or {}))
    bot = make_bot(bot_name)
    rng = Rng(seed ^ 0x5EED)
    steps = 0
    while not state.is_over():
        if steps >= cap:
            raise RuntimeError(f"no end after {cap} actions")
        legal = state.legal_actions()
        if not legal:
            raise RuntimeError("no legal actions in an unfinished game")
        if bot_name == "random":
            action = legal[rng.randrange(len(legal))]
        else:
            action = choose_for(state, bot, rng)
        state.apply(action)
        steps += 1
    return state, steps


TRUE_WORDS = ("1", "true", "yes", "on")
FALSE_WORDS = ("0", "false", "no", "off")


def parse_options(info, pairs: list[str]) -> dict:
    """``--option name=value`` pairs, typed by the game's option schema; OptionError on anything else."""
    schema = {o.name: o for o in info.options}
    out = {}
    for pair in pairs or []:
        name, eq, raw = pair.partition("=")
        if not eq:
            raise gamecore.OptionError(f"--option {pair!r} must be NAME=VALUE")
        option = schema.get(name)
        if option is None:
            raise gamecore.OptionError(f"{info.id} has no option named {name!r}")
        if option.kind == "bool":
            if raw.lower() not in TRUE_WORDS + FALSE_WORDS:
                raise gamecore.OptionError(f"option {name} is true or false, not {raw!r}")
            value = raw.lower() in TRUE_WORDS
        elif option.kind == "int":
            try:
                value = int(raw)
            except ValueError:
                raise gamecore.OptionError(f"option {name} is a whole number, not {raw!r}") from None
        else:
            value = raw
        out[name] = value
    return out


def positive_int(text: str) -> int:
    """argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def non_negative_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {value}")
    return value


def positive_minutes(text: str) -> float:
    """argparse type: a finite number of minutes above 0 (nan, inf, 0 and negatives are refused)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number of minutes, not {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"must be a number of minutes above 0, not {text!r}")
    return value


def cmd_simulate(args) -> int:
    info = gamecore.game(args.game)
    if not info.ready:
        print(f"{args.game} is in preparation and cannot be simulated yet", file=sys.stderr)
        return 2
    players = info.counts()[0] if args.players is None else args.players
    if players not in info.counts():
        print(f"error: {args.game} is played by {', '.join(map(str, info.counts()))} players, not {players}",
              file=sys.stderr)
        return 2
    options = parse_options(info, args.option)
    info.validate_options(players, options)
    outcomes: Counter = Counter()
    errors: list[dict] = []
    total_actions = 0
    finished = 0
    began = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        try:
            state, steps = play_one(args.game, seed, players, args.bot, args.cap, options)
        except Exception as exc:  # report every failure, keep going, exit non-zero
            errors.append({"seed": seed, "error": f"{type(exc).__name__}: {exc}",
                           "trace": traceback.format_exc(limit=6)})
            continue
        finished += 1
        total_actions += steps
        result = state.result()
        outcomes[result.outcome] += 1
    elapsed = max(time.perf_counter() - began, 1e-9)
    report = {
        "game": args.game, "players": players, "options": options, "bot": args.bot, "seed": args.seed,
        "games": args.games, "finished": finished, "outcomes": dict(outcomes),
        "actions": total_actions, "actions_per_s": round(total_actions / elapsed, 1),
        "games_per_s": round(finished / elapsed, 3), "seconds": round(elapsed, 3),
        "errors": len(errors), "error_list": errors[:10],
    }
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print(f"{args.game}: {finished}/{args.games} games finished, {players} players, bot {args.bot}")
        print(f"outcomes: {dict(outcomes)}")
        print(f"actions: {total_actions}  ({report['actions_per_s']} actions/s, {report['games_per_s']} games/s)")
        print(f"errors: {len(errors)}")
        for err in errors[:5]:
            print(f"  seed {err['seed']}: {err['error']}")
    return 1 if errors else 0


def cmd_replay(args) -> int:
    from gamecore.persistence import SaveError
    from gamecore.session import Session

    try:
        session = Session.load(args.savefile)
    except SaveError as exc:
        from gamecore.persistence import clip

        print(f"cannot replay: {clip(str(exc), 400)}", file=sys.stderr)
        return 2
    state = session.state
    print(f"game {session.game}, {len(session.steps)} actions replayed, "
          f"{'over' if state.is_over() else 'in progress'}")
    print(state.digest())
    return 0


def cmd_soak(args) -> int:
    """Run the conformance checks on random playouts of every ready game until the time is up."""
    import tempfile

    from gamecore.conformance import check_crash_recovery, check_playout, variants

    if args.game:
        gamecore.game(args.game)          # an unknown id is an OptionError: a clear message, exit 2
    infos = [g for g in gamecore.games(ready_only=True) if not args.game or g.id == args.game]
    if not infos:
        print("no ready game to soak", file=sys.stderr)
        return 2
    deadline = time.perf_counter() + args.minutes * 60.0
    counts: Counter = Counter()
    actions: Counter = Counter()
    kills: Counter = Counter()
    failures = []
    seed = args.seed
    while time.perf_counter() < deadline:
        for info in infos:
            for players in info.counts():
                options = variants(info)[seed % len(variants(info))]
                if time.perf_counter() >= deadline:
                    break
                try:
                    info.validate_options(players, options)
                    gamecore.start(info.id, seed=seed, players=players, **options)
                except gamecore.OptionError:
                    options = {}      # that variant does not exist at this player count
                try:
                    actions[info.id] += check_playout(info.id, seed, players, options, deep_every=5)
                    counts[info.id] += 1
                except Exception as exc:
                    failures.append(f"{info.id} seed={seed} players={players} options={options}: "
                                    f"{type(exc).__name__}: {exc}")
                    print(failures[-1], file=sys.stderr)
            if args.kill_every and seed % args.kill_every == 0 and time.perf_counter() < deadline:
                try:
                    with tempfile.TemporaryDirectory() as folder:
                        check_crash_recovery(info.id, seed, info.counts()[0], folder, 1 + seed % 97)
                    kills[info.id] += 1
                except Exception as exc:
                    failures.append(f"{info.id} crash recovery seed={seed}: {type(exc).__name__}: {exc}")
                    print(failures[-1], file=sys.stderr)
        seed += 1
    for info in infos:
        print(f"{info.id:<12} {counts[info.id]:>6} games  {actions[info.id]:>9} actions checked  "
              f"{kills[info.id]:>4} SIGKILL recoveries checked")
    print(f"failures: {len(failures)}")
    return 1 if failures else 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m gamecore", description="Tabletop Dojo rules engines")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="the registered games and their options").set_defaults(func=cmd_list)
    sim = sub.add_parser("simulate", help="bot playouts: throughput, outcomes, errors")
    sim.add_argument("--game", required=True)
    sim.add_argument("--games", type=positive_int, default=100)
    sim.add_argument("--seed", type=non_negative_int, default=1)
    sim.add_argument("--players", type=positive_int)
    sim.add_argument("--bot", choices=BOT_KINDS, default="random")
    sim.add_argument("--option", action="append", metavar="NAME=VALUE", help="a game option (repeatable)")
    sim.add_argument("--cap", type=positive_int, default=20000, help="actions after which a game counts as stuck")
    sim.add_argument("--json", action="store_true")
    sim.set_defaults(func=cmd_simulate)
    rep = sub.add_parser("replay", help="replay a save file and print the final digest")
    rep.add_argument("savefile")
    rep.set_defaults(func=cmd_replay)
    child = sub.add_parser("crash-child", help=argparse.SUPPRESS)
    child.add_argument("--game", required=True)
    child.add_argument("--seed", type=int, default=1)
    child.add_argument("--players", type=int, default=2)
    child.add_argument("--autosave", required=True)
    child.set_defaults(func=lambda a: __import__("gamecore.conformance", fromlist=["x"]).crash_child(
        a.game, a.seed, a.players, a.autosave))
    soak = sub.add_parser("soak", help="conformance checks on random playouts for N minutes")
    soak.add_argument("--minutes", type=positive_minutes, default=30.0)
    soak.add_argument("--game")
    soak.add_argument("--seed", type=non_negative_int, default=1000)
    soak.add_argument("--kill-every", type=non_negative_int, default=3,
                      help="every N rounds of games, also SIGKILL an autosaving game and check its recovery")
    soak.set_defaults(func=cmd_soak)
    return parser


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except gamecore.OptionError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
