"""A tiny two-player card game used only by the tests (never shipped): "Bins".

Each player holds a hand of numbered cards. On a turn the player drags one card from hand into one
of three bins (source=card id, target=bin id) or takes the "draw" action. A bin holds at most three
cards. After playing a card the player draws one (a draw event, which strict undo will not cross).
The game ends when every bin is full or no one can play; each player scores the values they placed.
"""
from __future__ import annotations

import gamecore
from gamecore.engine import Action, Decision, Event, GameInfo, GameState, IllegalAction, Option, Result, Rng

BIN_CAPACITY = 3


class BinsState(GameState):
    GAME_ID = "toy"
    ENGINE_VERSION = 1

    def __init__(self, seed: int, players: int, options: dict):
        self.seed, self.players, self.options = seed, players, dict(options)
        self.rng = Rng(seed)
        self.deck = [f"c{v}" for v in range(1, 13)]
        self.rng.shuffle(self.deck)
        hand_size = options.get("hand", 2)
        self.hands = [[self.deck.pop() for _ in range(hand_size)] for _ in range(players)]
        self.bins: list[list[tuple[int, str]]] = [[] for _ in range(3)]
        self.turn = 0
        self.over = False

    # rules
    def current_seat(self):
        return None if self.over else self.turn % self.players

    def pending(self):
        if self.over:
            return None
        return Decision("play", self.current_seat(), "toy.prompt.play")

    def is_over(self):
        return self.over

    def _legal(self):
        seat = self.current_seat()
        out = [Action.make("play", card, f"bin:{i}") for card in sorted(self.hands[seat])
               for i, b in enumerate(self.bins) if len(b) < BIN_CAPACITY]
        if self.deck:
            out.append(Action.make("draw"))
        if not out:
            out.append(Action.make("pass"))
        return out

    def explain(self, source, target):
        seat = self.current_seat()
        if source is not None and source not in self.hands[seat]:
            return IllegalAction("not_your_card", "That card is not in your hand.")
        if target and target.startswith("bin:"):
            return IllegalAction("bin_full", "That bin is full.")
        return IllegalAction("bad_target", "Cards go into a bin.")

    def _apply(self, action):
        seat = self.current_seat()
        events = []
        if action.kind == "play":
            self.hands[seat].remove(action.source)
            index = int(action.target.split(":")[1])
            self.bins[index].append((seat, action.source))
            events.append(Event("move", "toy.ev.play", {"seat": seat, "card": action.source}, action.source, action.target))
            if self.deck:
                self.hands[seat].append(self.deck.pop())
                events.append(Event("draw", "toy.ev.draw", {"seat": seat}))
        elif action.kind == "draw":
            self.hands[seat].append(self.deck.pop())
            events.append(Event("draw", "toy.ev.draw", {"seat": seat}))
        self.turn += 1
        if all(len(b) == BIN_CAPACITY for b in self.bins) or (not self.deck and not any(self.hands)):
            self.over = True
            events.append(Event("info", "toy.ev.over"))
        return events

    def scores(self):
        totals = [0] * self.players
        for b in self.bins:
            for seat, card in b:
                totals[seat] += int(card[1:])
        return totals

    def result(self):
        if not self.over:
            return None
        totals = self.scores()
        best = max(totals)
        winners = [i for i, v in enumerate(totals) if v == best]
        return Result("win" if len(winners) == 1 else "shared", winners,
                      {i: v for i, v in enumerate(totals)}, {i: {"toy.score.cards": v} for i, v in enumerate(totals)})

    def evaluate(self, seat):
        return self.scores()[seat]

    def invariants(self):
        count = len(self.deck) + sum(map(len, self.hands)) + sum(map(len, self.bins))
        return [] if count == 12 else [f"cards not conserved: {count}"]

    def summary(self):
        return {"turn": self.turn + 1}

    def _redact(self, seat, rng):
        hidden = list(self.deck)
        for s, hand in enumerate(self.hands):
            if s != seat:
                hidden.extend(hand)
        hidden.sort()          # canonical order first: the view must not depend on where the cards really are
        rng.shuffle(hidden)
        for s, hand in enumerate(self.hands):
            if s != seat:
                n = len(hand)
                self.hands[s] = hidden[:n]
                hidden = hidden[n:]
        self.deck = hidden

    def _dump(self):
        return {"seed": self.seed, "players": self.players, "options": self.options, "rng": self.rng.state,
                "deck": self.deck, "hands": self.hands, "bins": [[list(x) for x in b] for b in self.bins],
                "turn": self.turn, "over": self.over}

    @classmethod
    def _load(cls, data):
        self = cls.__new__(cls)
        self.seed, self.players, self.options = data["seed"], data["players"], dict(data["options"])
        self.rng = Rng(state=data["rng"])
        self.deck = list(data["deck"])
        self.hands = [list(h) for h in data["hands"]]
        self.bins = [[(int(s), str(c)) for s, c in b] for b in data["bins"]]
        self.turn, self.over = int(data["turn"]), bool(data["over"])
        return self


INFO = GameInfo(
    id="toy", title="toy.title", pitch="toy.pitch", min_players=2, max_players=3, coop=False,
    options=(Option("hand", "int", 2, "toy.opt.hand", minimum=1, maximum=3),),
    bot_levels=("random", "easy"),
    factory=lambda seed, players, options: BinsState(seed, players, options),
    loader=BinsState._load,
)


def register() -> GameInfo:
    gamecore.register(INFO)
    return INFO
