"""Tabletop Dojo benchmarks (never timed asserts; run by hand, figures go into the README).

    python3 -m pip install -e ".[bench]" && python3 tests/bench/run.py [--quick] [--json FILE]

Measures, in one run on this machine: start-up to the first menu frame next to a bare pygame window;
frame time (median, p99) of each table scene mid-game at 1920x1080; random-playout throughput of every
ready game next to python-chess's random playouts; each bot level's median and worst decision time;
peak RSS mid-game; save/load time and size after a long game; the one-file binary's size and start-up.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

BARE = ("import pygame; pygame.init(); s = pygame.display.set_mode((1280, 800)); s.fill((0, 0, 0)); "
        "pygame.display.flip(); pygame.quit()")


def _median_wall(cmd: list[str], runs: int, env=None) -> tuple[float, float]:
    times = []
    for _ in range(runs + 1):
        began = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        times.append(time.perf_counter() - began)
    times = times[1:]  # first run warms the file cache
    return statistics.median(times) * 1000, max(times) * 1000


def _user_env() -> dict:
    """The environment a player's machine has: bytecode cached (this workplace sets PYTHONDONTWRITEBYTECODE)."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def bench_startup(runs: int) -> dict:
    env = _user_env()
    env["XDG_CONFIG_HOME"] = tempfile.mkdtemp()
    env["XDG_DATA_HOME"] = tempfile.mkdtemp()
    bare, _ = _median_wall([sys.executable, "-c", BARE], runs, env)
    app, worst = _median_wall([sys.executable, str(ROOT / "main.py"), "--first-frame"], runs, env)
    return {"bare_pygame_ms": round(bare, 1), "app_first_menu_frame_ms": round(app, 1),
            "app_worst_ms": round(worst, 1), "ratio": round(app / bare, 2)}


def _random_session(game: str, moves: int, seed: int = 7, bot: str = "random"):
    import gamecore
    from gamecore.bots import choose_for, make_bot
    from gamecore.session import Seat, Session

    info = gamecore.game(game)
    players = info.counts()[0]
    seats = [Seat()] * players if info.coop or not info.bot_levels else [Seat()] + [Seat("bot", info.bot_levels[0])] * (players - 1)
    session = Session.new(game, seed, players, seats=seats)
    rng = gamecore.Rng(seed)
    player = make_bot(bot)
    for _ in range(moves):
        if session.state.is_over():
            break
        if bot == "random":
            legal = session.state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        else:
            action = choose_for(session.state, player, rng)
        session.apply(action)
        if session.state.is_over():
            session.undo()  # stay mid-game
            break
    return session


def bench_frames(frames: int) -> dict:
    import pygame

    import gamecore
    from ui.app import App
    from ui.games import playable, table_for
    from ui.settings import Settings

    out = {}
    app = App(size=(1920, 1080), settings=Settings(None), smoke=True)
    for info in gamecore.games(ready_only=True):
        if not playable(info):
            continue
        session = _random_session(info.id, 40)
        app.scenes.switch(table_for(info.id), session=session)
        times = []
        for i in range(frames):
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(200 + (i * 37) % 1500, 200 + (i * 23) % 700),
                                                 rel=(1, 1), buttons=(0, 0, 0)))
            began = time.perf_counter()
            app.frame(1 / 60)
            times.append((time.perf_counter() - began) * 1000)
        times = sorted(times[10:])
        out[info.id] = {"median_ms": round(statistics.median(times), 2),
                        "p99_ms": round(times[int(len(times) * 0.99) - 1], 2)}
    out["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    pygame.quit()
    return out


def bench_playouts(seconds: float) -> dict:
    import gamecore

    out = {}
    for info in gamecore.games(ready_only=True):
        for players in (info.counts()[0], info.counts()[-1]):
            actions = games = 0
            began = time.perf_counter()
            seed = 0
            while time.perf_counter() - began < seconds:
                state = gamecore.start(info.id, seed=seed, players=players)
                rng = gamecore.Rng(seed)
                while not state.is_over():
                    legal = state.legal_actions()
                    state.apply(legal[rng.randrange(len(legal))])
                    actions += 1
                games += 1
                seed += 1
            elapsed = time.perf_counter() - began
            out[f"{info.id}-{players}p"] = {"actions_per_s": round(actions / elapsed), "games_per_s": round(games / elapsed, 2)}
    try:
        import random

        import chess

        moves = 0
        began = time.perf_counter()
        rnd = random.Random(1)
        while time.perf_counter() - began < seconds:
            board = chess.Board()
            while not board.is_game_over(claim_draw=False) and board.fullmove_number < 200:
                board.push(rnd.choice(list(board.legal_moves)))
                moves += 1
        out["python-chess (reference)"] = {"actions_per_s": round(moves / (time.perf_counter() - began)), "games_per_s": None}
    except ImportError:
        out["python-chess (reference)"] = {"actions_per_s": None, "games_per_s": None, "note": "pip install chess"}
    return out


def bench_bots(decisions: int) -> dict:
    import gamecore
    from gamecore.bots import choose_for, make_bot

    out = {}
    for info in gamecore.games(ready_only=True):
        for level in info.bot_levels or ("random", "greedy"):
            bot = make_bot(level)
            times = []
            session = _random_session(info.id, 0, seed=3)
            rng = gamecore.Rng(3)
            state = session.state
            while len(times) < decisions and not state.is_over():
                began = time.perf_counter()
                action = choose_for(state, bot, rng)
                times.append((time.perf_counter() - began) * 1000)
                state.apply(action)
            if times:
                out[f"{info.id}/{level}"] = {"median_ms": round(statistics.median(times), 2), "worst_ms": round(max(times), 1),
                                             "decisions": len(times)}
    return out


def bench_saves() -> dict:
    import gamecore
    from gamecore.session import Session

    out = {}
    for info in gamecore.games(ready_only=True):
        session = _random_session(info.id, 100000, bot="greedy")   # a long, sensibly played game
        folder = Path(tempfile.mkdtemp())
        began = time.perf_counter()
        path = session.save_as("bench", folder)
        saved = time.perf_counter() - began
        began = time.perf_counter()
        Session.load(path)
        loaded = time.perf_counter() - began
        out[info.id] = {"actions": len(session.steps), "save_ms": round(saved * 1000, 1),
                        "load_ms": round(loaded * 1000, 1), "size_kb": round(path.stat().st_size / 1024, 1)}
    return out


def bench_binary(runs: int) -> dict:
    binary = ROOT / "dist" / "TabletopDojo-onefile"
    if not binary.exists():
        return {"note": "build first: bash build/build.sh"}
    env = _user_env()
    env["XDG_CONFIG_HOME"] = tempfile.mkdtemp()
    env["XDG_DATA_HOME"] = tempfile.mkdtemp()
    try:
        median, worst = _median_wall([str(binary), "--first-frame"], runs, env)
    except subprocess.CalledProcessError:
        return {"note": "the binary is older than the source: rebuild with bash build/build.sh"}
    return {"size_mb": round(binary.stat().st_size / 2**20, 1), "first_frame_ms": round(median), "worst_ms": round(worst)}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="fewer runs, for a sanity check")
    parser.add_argument("--json", default=str(ROOT / "tests" / "bench" / "results.json"))
    args = parser.parse_args()
    q = args.quick
    report = {
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.platform()}",
        "startup": bench_startup(3 if q else 7),
        "frames_1920x1080": bench_frames(60 if q else 300),
        "playouts": bench_playouts(1.0 if q else 5.0),
        "bots": bench_bots(5 if q else 20),
        "saves": bench_saves(),
        "binary": bench_binary(2 if q else 5),
    }
    Path(args.json).write_text(json.dumps(report, indent=1))
    print(f"machine: {report['machine']}")
    s = report["startup"]
    print(f"start-up to first menu frame: {s['app_first_menu_frame_ms']} ms (bare pygame window {s['bare_pygame_ms']} ms, ratio {s['ratio']})")
    for game, f in report["frames_1920x1080"].items():
        if isinstance(f, dict):
            print(f"frame time {game} @1920x1080: median {f['median_ms']} ms, p99 {f['p99_ms']} ms")
    print(f"peak RSS mid-game: {report['frames_1920x1080'].get('peak_rss_mb')} MB")
    for name, p in report["playouts"].items():
        print(f"random playouts {name}: {p['actions_per_s']} actions/s, {p['games_per_s']} games/s")
    for name, b in report["bots"].items():
        print(f"bot {name}: median {b['median_ms']} ms, worst {b['worst_ms']} ms over {b['decisions']} decisions")
    for name, sv in report["saves"].items():
        print(f"save {name} after {sv['actions']} actions: save {sv['save_ms']} ms, load {sv['load_ms']} ms, {sv['size_kb']} KiB")
    print(f"one-file binary: {report['binary']}")
    print(f"written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
