"""Make the benchmark's busiest tables by playing, and save them under tests/bench/positions/.

    python3 tests/bench/make_positions.py            # every game that has a rule below
    python3 tests/bench/make_positions.py --game misfits

Each position is an ordinary save (the seed, the options and every action, plus the final digest),
reached by letting the game's own bots play every seat from a seed until the table is as busy as the
rule asks, at a moment where a person is to decide. Nothing is edited by hand: loading a position
replays its actions and checks the digest, like any save. The rules:

  rangers   6 rangers (the greedy team, going after any monster on the board), a ranger to play a card
            in a battle against a monster after at least 300 game-log lines; of those, the moment with the
            most cards in hand over seeds 1-8 (hands are rarely all full by then: combat decks run down)
  misfits   4 players (a person and three "normal" bots, every seat played by the normal bot), the person
            to take a main action before the end is triggered; of those over seeds 1-3, the one with the most
            cards in its three fullest tableaux (then in the person's hand). The normal bots seldom bring
            three tableaux to 14+ of 16 before someone fills one and triggers the end.
  galaxy    4 players (a person and three "normal" bots), the person to act in round 8 or 9 of 9; of
            those over seeds 1-2, the latest with the most legal actions
  barricades 4 heroes (every seat a person, the normal bot playing them), a village decision; of those
            over seeds 1-3, the latest turn with the most legal actions
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

POSITIONS = Path(__file__).resolve().parent / "positions"


def _log_lines(session) -> int:
    return sum(len(step.events) for step in session.steps)


def _hand_cards(state) -> int:
    return sum(len(st["hand"]) for st in state.d["seats"])


def _rangers_score(session):
    """How busy a Heroes of the Grid table is (more cards in hand is busier), or None when it is not a
    ranger's card play in a battle against a monster after at least 300 log lines."""
    s = session.state
    d = s.d
    b = d["battle"]
    if b is None or s._top()["t"] != "ranger_turn" or not d["locs"].get(b["loc"], {}).get("big"):
        return None
    if _log_lines(session) < 300:
        return None
    return _hand_cards(s)


def _misfits_score(session):
    s = session.state
    if s.phase != "main" or s.seat != 0 or not s.hands[0] or s.end_trigger:
        return None
    sizes = sorted((s.tableau_size(seat) for seat in range(s.players)), reverse=True)
    if sizes[2] < 9:
        return None
    return sum(sizes[:3]) * 100 + len(s.hands[0])


def _galaxy_score(session):
    s = session.state
    if s.phase != "play" or s.seat != 0 or s.round < 8:
        return None
    return s.round * 1000 + len(s.legal_actions())


def _barricades_score(session):
    s = session.state
    if s.is_over() or s.d["phase"] != "village":
        return None
    return s.d["turn"] * 1000 + len(s.legal_actions())


def _rangers_policy(state, bot, rng):
    """The greedy team, except that in the action phase it goes after a monster on the board."""
    from gamecore.bots import choose_for

    d = state.d
    if state._top()["t"] == "actions":
        lairs = {loc for loc, L in d["locs"].items() if L["big"]}
        if lairs:
            legal = state.legal_actions()
            for kind in ("battle", "move"):
                for a in legal:
                    if a.kind == kind and a.target.split(":")[1] in lairs:
                        return a
    return choose_for(state, bot, rng)


def _bot_policy(state, bot, rng):
    from gamecore.bots import choose_for

    return choose_for(state, bot, rng)


RULES = {
    # game: (players, seats (None: everyone a person), bot level playing every seat, policy, score, seeds)
    "rangers": (6, None, "greedy", _rangers_policy, _rangers_score, range(1, 9)),
    "misfits": (4, ["human", "bot", "bot", "bot"], "normal", _bot_policy, _misfits_score, range(1, 4)),
    "galaxy": (4, ["human", "bot", "bot", "bot"], "normal", _bot_policy, _galaxy_score, range(1, 3)),
    "barricades": (4, None, "normal", _bot_policy, _barricades_score, range(1, 4)),
}


def make(game: str):
    """The busiest table (highest score) reached over the game's seeds, as a session; None if none qualifies."""
    import gamecore
    from gamecore.bots import make_bot
    from gamecore.session import Seat, Session

    players, kinds, level, policy, score, seeds = RULES[game]
    info = gamecore.game(game)

    def seats():
        if not kinds:
            return [Seat() for _ in range(players)]
        return [Seat(k, info.bot_levels[1] if k == "bot" else "") for k in kinds]

    best = None                      # (score, seed, actions so far)
    for seed in seeds:
        session = Session.new(game, seed, players, seats=seats())
        bot = make_bot(level)
        rng = gamecore.Rng(seed)
        while not session.state.is_over() and len(session.steps) < 5000:
            got = score(session)
            if got is not None and (best is None or got > best[0]):
                best = (got, seed, [step.action for step in session.steps])
            session.apply(policy(session.state, bot, rng))
    if best is None:
        return None
    _, seed, actions = best
    session = Session.new(game, seed, players, seats=seats())
    for action in actions:
        session.apply(action)
    return session


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", choices=sorted(RULES), action="append")
    args = parser.parse_args()
    POSITIONS.mkdir(exist_ok=True)
    for game in args.game or sorted(RULES):
        session = make(game)
        if session is None:
            print(f"{game}: no seed reached a busy enough table")
            return 1
        path = POSITIONS / f"{game}.json"
        if path.exists():
            path.unlink()
        saved = session.save_as(game, POSITIONS)
        print(f"{game}: seed {session.seed}, {len(session.steps)} actions, {_log_lines(session)} log lines -> {saved}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
