"""Misfit Heroes rules: the game state, turn flow and the effect interpreter.

Flow of a turn (``phase``):
  main     one main action: hire (source=hero id, target="tab:<seat>:<row>:<col>"), draw, influence, coins
  resolve  the effect stack is worked through; each decision on the way is one small action
  quest    complete at most one quest ("quest" target=tile id, or "pass")
  discard  discard down to the hand limit one card at a time; then influence/coin limits apply and the
           next seat plays
Rows and columns are numbered 1..4; row 1 is the bottom row, column 1 the leftmost. Slot index
``i`` is ``(row-1)*4 + (col-1)``; the first hired card goes to row 1, column 1.

The effect stack holds plain-JSON frames (see ``_frame_actions``); the top frame either needs a
decision (its actions are the legal actions) or is automatic. Frames are never mutated in place
after a clone except for top-level scalar fields, so ``clone()`` can copy them shallowly.

House rules (not in the rulebook, needed so every game ends and no chain loops):
  * the game also ends when round ``round_limit`` (60, setup.json) is over;
  * a card whose activation is still resolving cannot be activated again by the chain it started
    (the rulebook only forbids a card from activating itself directly).
Readings of the rulebook we chose:
  * ▲ conditions are judged as if the card had been paid for and placed (position, coins after
    paying, hand without the card); "the next player" is the one whose turn comes next;
  * when an effect has exactly one legal target (or one card left of a row/column), it is taken
    without asking; whether that card's activation is used is still asked;
  * a card hired "ignoring its hire box" still scores its ◆ box at the end;
  * "this turn" effects count distinct cards activated so far this turn, the current one included.
"""
from __future__ import annotations

from gamecore.misfits import ENGINE_VERSION as _ENGINE_VERSION
from gamecore.engine import QUIET_EVENTS, Action, Decision, Event, GameState, IllegalAction, Result, Rng, new_event

from . import evaluation, scoring
from .content import Content, content, make_hero
from .deck import random_pairing, validate_pairing

INF = ("forest", "sea", "mountain")
QUEST_TYPES = ("forest", "sea", "mountain", "town")
NEIGHBOURS = scoring.NEIGHBOURS
HERO_CACHE: dict[tuple, dict] = {}


def slot_id(seat: int, idx: int) -> str:
    return f"tab:{seat}:{idx // 4 + 1}:{idx % 4 + 1}"


_SLOT_IDS: dict[int, tuple] = {}
_HIRE_REASONS = {
    "misfits_cannot_afford": "You need {need} coins to hire this card; you have {have}.",
    "misfits_condition_unmet": "This card's ▲ condition is not met there.",
    "misfits_extra_unpayable": "You cannot pay this card's ★ extra cost.",
}


def _slot_ids(seat: int) -> tuple:
    """The 16 slot ids of a seat's tableau, formatted once."""
    got = _SLOT_IDS.get(seat)
    if got is None:
        got = _SLOT_IDS[seat] = tuple(slot_id(seat, i) for i in range(16))
    return got


def parse_slot(target) -> tuple[int, int] | None:
    if not isinstance(target, str) or not target.startswith("tab:"):
        return None
    parts = target.split(":")
    if len(parts) != 4 or not all(p.isdigit() for p in parts[1:]):
        return None
    seat, row, col = int(parts[1]), int(parts[2]), int(parts[3])
    if not (1 <= row <= 4 and 1 <= col <= 4):
        return None
    return seat, (row - 1) * 4 + (col - 1)


def heroes_for(pairing: list, data: Content) -> dict:
    key = tuple(tuple(p) for p in pairing)
    got = HERO_CACHE.get(key)
    if got is None:
        got = {}
        for a, c in pairing:
            hero = make_hero(data.attributes[a], data.characters[c])
            got[hero.id] = hero
        if len(HERO_CACHE) > 64:
            HERO_CACHE.clear()
        HERO_CACHE[key] = got
    return got


_QUIET = QUIET_EVENTS         # a search copy's events are placeholders (gamecore.engine.QuietEvents)
_QUIET_EVENT = new_event("info", "misfits.ev.quiet", {})


def _E(kind: str, key: str, params: dict, source=None, target=None, cause=None, cause_params=None) -> Event:
    """An event whose seat parameters also come as 1-based player numbers for the log sentences."""
    if _QUIET.on:
        return _QUIET_EVENT
    if "seat" in params:
        params["player"] = params["seat"] + 1
    if "other" in params:
        params["other_player"] = params["other"] + 1
    return new_event(kind, key, params, source, target, cause, cause_params)


# Built actions, reused by every listing (goal: listing builds no action it built before)
_DRAW, _COINS, _PASS, _SKIP, _NONE, _DONE = (Action.make(k) for k in ("draw", "coins", "pass", "skip", "none", "done"))
_INFLUENCE = tuple(Action.make("influence", type=t) for t in INF)
_DISCARDS: dict = {}      # hero id -> its "discard" action


def _discards(hand) -> list:
    out = []
    for h in hand:
        a = _DISCARDS.get(h)
        if a is None:
            a = _DISCARDS[h] = Action.make("discard", h)
        out.append(a)
    return out


def card_name(hero) -> list:
    return [f"$misfits.attr.{hero.attr}.name", f"$misfits.char.{hero.char}.name"]


class MisfitsState(GameState):
    GAME_ID = "misfits"
    ENGINE_VERSION = _ENGINE_VERSION       # gamecore/misfits/__init__.py

    # ---------------------------------------------------------------- setup
    @classmethod
    def new(cls, seed: int, players: int, options: dict, pairing=None) -> "MisfitsState":
        data = content()
        s = cls.__new__(cls)
        s.seed, s.players = seed, players
        opts = dict(options)
        if pairing is None:
            pairing = opts.pop("pairing", None)
        else:
            opts.pop("pairing", None)
        s.options = opts
        s.rng = Rng(seed)
        s.pairing = validate_pairing(pairing, data) if pairing is not None else random_pairing(s.rng, data)
        s.heroes = heroes_for(s.pairing, data)
        setup = data.setup
        s.limits = dict(setup["limits"])
        s.round_limit = setup["round_limit"]
        s.deck = sorted(s.heroes)
        s.rng.shuffle(s.deck)
        s.discard = []
        s.hands = [[] for _ in range(players)]
        s.tab = [[None] * 16 for _ in range(players)]
        s.stunned = set()
        s.supply = [setup["influence_supply"]] * 3
        s.inf = [[0, 0, 0] for _ in range(players)]
        removed = set(setup["removed_values"][str(players)])
        s.quests = {t: [v for v in setup["quest_values"] if v not in removed] for t in QUEST_TYPES}
        s.won = [[] for _ in range(players)]
        s.start_seat = s.rng.randrange(players)
        s.coins = [0] * players
        for k in range(players):
            s.coins[(s.start_seat + k) % players] = setup["start_coins"] + k * setup["coin_step"]
        for seat in range(players):
            s.hands[seat] = [s.deck.pop() for _ in range(min(setup["start_hand"], len(s.deck)))]
        s.seat = s.start_seat
        s.round = 1
        s.turn = 1
        s.phase = "main"
        s.stack = []
        s.activated = []
        s.end_trigger = False
        s.end_reason = None
        return s

    # ---------------------------------------------------------------- basic queries
    def current_seat(self):
        return None if self.phase == "over" else self.seat

    def is_over(self) -> bool:
        return self.phase == "over"

    def in_play(self, seat: int) -> list:
        """(slot index, hero id) of the seat's face-up cards."""
        st = self.stunned
        return [(i, h) for i, h in enumerate(self.tab[seat]) if h is not None and h not in st]

    def faction(self, hid: str):
        return None if hid in self.stunned else self.heroes[hid].faction

    def count_faction(self, seat: int, faction: str) -> int:
        st, H = self.stunned, self.heroes
        return sum(1 for h in self.tab[seat] if h is not None and h not in st and H[h].faction == faction)

    def position(self, seat: int, hid: str) -> int:
        return self.tab[seat].index(hid)

    def card_info(self, hid: str) -> dict:
        """What a card face shows (for the table): i18n keys of both halves and the computed numbers."""
        hero = self.heroes[hid]
        return {
            "id": hid, "attribute": hero.attr, "character": hero.char,
            "name": card_name(hero),
            "hire_text": f"misfits.attr.{hero.attr}.text", "activation_text": f"misfits.char.{hero.char}.text",
            "cost": hero.cost, "faction": hero.faction, "points": hero.points, "hire_type": hero.hire["type"],
            "stunned": hid in self.stunned,
        }

    def tableau_size(self, seat: int) -> int:
        return 16 - self.tab[seat].count(None)

    def open_slots(self, seat: int) -> list:
        t = self.tab[seat]
        out = []
        for i in range(16):
            if t[i] is None:
                for j in NEIGHBOURS[i]:
                    if t[j] is not None:
                        out.append(i)
                        break
        if not out and t.count(None) == 16:
            return [0]
        return out

    def chain(self) -> set:
        return {f["c"] for f in self.stack if f["t"] == "run" and f["act"]}

    # ---------------------------------------------------------------- hiring checks
    def hire_problem(self, seat: int, hid: str, idx: int, discount: int = 0, ignore: bool = False):
        """None when ``hid`` may be hired into slot ``idx`` now (slot validity is checked by the caller),
        else the IllegalAction saying why."""
        problem = self._payment_problem(seat, hid, discount, ignore)
        if problem is None and not ignore and self.heroes[hid].hire["type"] == "condition" \
                and not self.condition_met(seat, hid, idx, self.coins[seat] - max(0, self.heroes[hid].cost - discount)):
            problem = ("misfits_condition_unmet", {})
        if problem is None:
            return None
        code, params = problem
        return IllegalAction(code, _HIRE_REASONS[code], **params)

    def _payment_problem(self, seat: int, hid: str, discount: int, ignore: bool):
        """What stops the seat paying for ``hid`` wherever it goes, as (code, params); None when nothing does.
        Plain data rather than an exception, because listing the actions asks it for every card in hand."""
        hero = self.heroes[hid]
        cost = max(0, hero.cost - discount)
        hire = hero.hire
        htype = hire["type"]
        extra = 0
        if not ignore and htype == "extra" and hire["cost"]["kind"] in ("coins", "give_coins"):
            extra = hire["cost"]["n"]
        coins = self.coins[seat]
        if coins < cost + extra:
            return "misfits_cannot_afford", {"need": cost + extra, "have": coins}
        if ignore:
            return None
        if htype == "extra":
            pay = hire["cost"]
            kind = pay["kind"]
            ok = True
            if kind == "discard_cards":
                ok = len(self.hands[seat]) - 1 >= pay["n"]
            elif kind == "discard_influence":
                ok = sum(self.inf[seat]) >= pay["n"]
            elif kind == "stun_own":
                ok = bool(self.in_play(seat))
            elif kind == "give_coins":
                ok = self.players > 1
            if not ok:
                return "misfits_extra_unpayable", {}
        return None

    def condition_met(self, seat: int, hid: str, idx: int, coins_after: int) -> bool:
        """A ▲ condition, judged as if the card had been paid for and placed in slot ``idx``."""
        c = self.heroes[hid].hire["condition"]
        kind = c["kind"]
        t = self.tab[seat]
        if kind == "column":
            return idx % 4 + 1 in c["in"]
        if kind == "row":
            return idx // 4 + 1 in c["in"]
        if kind == "neighbor":
            if c["dir"] == "left":
                other = t[idx - 1] if idx % 4 > 0 else None
            else:
                other = t[idx - 4] if idx >= 4 else None
            return other is not None and self.faction(other) == c["faction"]
        if kind == "faction_count":
            return self.count_faction(seat, c["faction"]) >= c["min"]
        if kind == "more_than_next":
            nxt = (seat + 1) % self.players
            what = c["what"]
            if what == "coins":
                return coins_after > self.coins[nxt]
            if what == "influence":
                return sum(self.inf[seat]) > sum(self.inf[nxt])
            return len(self.hands[seat]) - 1 > len(self.hands[nxt])
        if kind == "hand_min":
            return len(self.hands[seat]) - 1 >= c["min"]
        if kind == "quests_min":
            return len(self.won[seat]) >= c["min"]
        if kind == "adjacent_min":
            st = self.stunned
            return sum(1 for j in NEIGHBOURS[idx] if t[j] is not None and t[j] not in st) >= c["min"]
        if kind == "tableau_min":
            return self.tableau_size(seat) >= c["min"]
        raise ValueError(kind)

    def _hire_actions(self, seat: int, discount=0, faction=None, max_cost=None, ignore=False) -> list:
        out = []
        slots = self.open_slots(seat)
        H = self.heroes
        ids = _slot_ids(seat)
        make = Action.make
        coins = self.coins[seat]
        for hid in self.hands[seat]:
            hero = H[hid]
            if faction is not None and hero.faction != faction:
                continue
            if max_cost is not None and hero.cost > max_cost:
                continue
            # a card dearer than the seat's coins is unaffordable (_payment_problem's first test; an
            # extra cost only adds to it): skip it without building the reason
            if coins < hero.cost - discount or self._payment_problem(seat, hid, discount, ignore) is not None:
                continue
            if ignore or hero.hire["type"] != "condition":
                out.extend([make("hire", hid, ids[idx]) for idx in slots])
                continue
            coins_after = coins - max(0, hero.cost - discount)
            for idx in slots:
                if self.condition_met(seat, hid, idx, coins_after):
                    out.append(make("hire", hid, ids[idx]))
        return out

    # ---------------------------------------------------------------- legal actions
    def _legal(self) -> list:
        if self.phase == "over":
            return []
        seat = self.seat
        if self.phase == "main":
            acts = self._hire_actions(seat)
            acts.append(_DRAW)
            supply = self.supply
            for k in range(3):
                if supply[k] > 0:
                    acts.append(_INFLUENCE[k])
            acts.append(_COINS)
            return acts
        if self.phase == "resolve":
            return self._frame_actions(self.stack[-1])
        if self.phase == "quest":
            return self._quest_actions() + [_PASS]
        if self.phase == "discard":
            return _discards(self.hands[seat])
        return []

    def _quest_actions(self) -> list:
        inf = self.inf[self.seat]
        out = []
        for k, t in enumerate(INF):
            if inf[k] >= 6 and self.quests[t]:
                out.append(Action("quest", None, f"quest:{t}:{self.quests[t][0]}"))
        if min(inf) >= 2 and self.quests["town"]:
            out.append(Action("quest", None, f"quest:town:{self.quests['town'][0]}"))
        return out

    def _targets(self, f: dict, chain_ok: bool = False) -> list:
        """Cards a "activate another card" frame may pick (``chain_ok``: as if the cards still resolving
        could be, to tell the log why none can)."""
        seat, src, flt = f["s"], f["c"], f["f"]
        t = self.tab[seat]
        pos = t.index(src) if src in t else None
        chain = self.chain() if not chain_ok else set()
        H = self.heroes
        where = flt["where"]
        out = []
        for i, h in enumerate(t):
            if h is None or h == src or h in self.stunned or h in chain:
                continue
            if pos is not None and where != "any":
                if where == "row" and i // 4 != pos // 4:
                    continue
                if where == "column" and i % 4 != pos % 4:
                    continue
                if where == "adjacent" and i not in NEIGHBOURS[pos]:
                    continue
            elif pos is None and where != "any":
                continue
            hero = H[h]
            if flt.get("faction") is not None and hero.faction != flt["faction"]:
                continue
            if flt.get("cost_max") is not None and hero.cost > flt["cost_max"]:
                continue
            if flt.get("cost_min") is not None and hero.cost < flt["cost_min"]:
                continue
            out.append(h)
        return out

    def _all_left(self, f: dict) -> list:
        chain = self.chain()
        t = self.tab[f["s"]]
        return [h for h in f["left"] if h in t and h not in self.stunned and h not in chain]

    def _frame_actions(self, f: dict) -> list:
        """The decisions a frame offers; an empty list means the frame resolves by itself."""
        kind = f["t"]
        seat = f["s"]
        if kind == "ask":
            c = f["c"]
            if c in self.stunned or c not in self.tab[seat] or c in self.chain():
                return []
            return [Action("activate", c), Action("decline", c)]
        if kind == "run":
            return []
        if kind == "take":
            avail = [t for k, t in enumerate(INF) if self.supply[k] > 0]
            return [Action.make("take", type=t) for t in avail] if len(avail) > 1 else []
        if kind == "pay_cards":
            return _discards(self.hands[seat])
        if kind == "pay_inf":
            return [Action.make("spend", type=t) for k, t in enumerate(INF) if self.inf[seat][k] > 0]
        if kind == "give":
            return [Action("give", None, f"seat:{o}") for o in range(self.players) if o != seat]
        if kind == "stun_own":
            return [Action("stun", None, h) for _, h in self.in_play(seat) if h != f["c"]]
        if kind == "choice":
            return [Action.make("option", index=i) for i in range(len(f["opts"]))]
        if kind == "target":
            # choosing the card is the yes (rulebook: an activation by another card may be refused);
            # "none" refuses them all. One target is asked as its own yes/no instead.
            got = self._targets(f)
            return [Action("target", None, h) for h in got] + [Action("none")] if len(got) > 1 else []
        if kind == "all":
            # each card of the row/column is activated in the order chosen, or left inactive
            got = self._all_left(f)
            return [Action("next", None, h) for h in got] + [Action("decline", h) for h in got] \
                if len(got) > 1 else []
        if kind == "hire":
            e = f["e"]
            acts = self._hire_actions(seat, e["discount"], e.get("faction"), e.get("max_cost"),
                                      bool(e.get("ignore_hire_box")))
            return acts + [_SKIP] if acts else []
        if kind == "drawdisc":
            return _discards(self.hands[seat]) + [_DONE]
        raise ValueError(kind)

    # ---------------------------------------------------------------- pending decision
    def pending(self):
        if self.phase == "over":
            return None
        seat = self.seat
        if self.phase == "main":
            return Decision("main", seat, "misfits.prompt.main")
        if self.phase == "quest":
            return Decision("quest", seat, "misfits.prompt.quest")
        if self.phase == "discard":
            return Decision("discard", seat, "misfits.prompt.discard",
                            {"n": len(self.hands[seat]) - self.limits["hand"]})
        f = self.stack[-1]
        args = {k: v for k, v in f.items() if k in ("c", "n")}
        if "c" in args:
            args["card"] = card_name(self.heroes[args.pop("c")])
        return Decision(f["t"], seat, f"misfits.prompt.{f['t']}", args)

    # ---------------------------------------------------------------- applying actions
    def _apply(self, action: Action) -> list:
        return _QUIET.apply(self, self._apply_events, action)

    def _apply_events(self, action: Action) -> list:
        ev: list = []
        seat = self.seat
        kind = action.kind
        if self.phase == "main":
            if kind == "hire":
                _, idx = parse_slot(action.target)
                self.phase = "resolve"
                self._hire(seat, action.source, idx, 0, False, ev)
            elif kind == "draw":
                self.phase = "resolve"
                self.stack.append({"t": "drawdisc", "s": seat, "n": 0})
                ev.append(_E("info", "misfits.ev.choose_draw", {"seat": seat}))
            elif kind == "influence":
                self.phase = "resolve"
                self._gain_influence(seat, INF.index(action.get("type")), 1, ev)
            elif kind == "coins":
                self.phase = "resolve"
                self.coins[seat] += 10
                ev.append(_E("move", "misfits.ev.coins", {"seat": seat, "n": 10}, target=f"seat:{seat}"))
        elif self.phase == "resolve":
            self._apply_frame(action, ev)
        elif self.phase == "quest":
            if kind == "quest":
                self._complete_quest(seat, action.target, ev)
            else:
                ev.append(_E("info", "misfits.ev.pass_quest", {"seat": seat}))
            self.phase = "discard"
        elif self.phase == "discard":
            self._discard(seat, action.source, ev)
        self._advance(ev)
        return ev

    def _apply_frame(self, action: Action, ev: list) -> None:
        f = self.stack[-1]
        seat = f["s"]
        kind = action.kind
        t = f["t"]
        if t == "ask":
            f["n"] -= 1
            if f["n"] <= 0:
                self.stack.pop()
            if kind == "activate":
                self._activate(seat, action.source, ev)
            else:
                ev.append(_E("info", "misfits.ev.decline", {"seat": seat, "card": card_name(self.heroes[action.source])},
                                source=action.source))
        elif t == "take":
            self._take_one(f, INF.index(action.get("type")), ev)
        elif t in ("pay_cards", "drawdisc") and kind == "discard":
            self._discard(seat, action.source, ev)
            f["n"] += 1 if t == "drawdisc" else -1
            if t == "pay_cards" and f["n"] <= 0:
                self.stack.pop()
        elif t == "drawdisc":          # done
            self.stack.pop()
            self._draw(seat, 2 + f["n"], ev)
        elif t == "pay_inf":
            k = INF.index(action.get("type"))
            self.inf[seat][k] -= 1
            self.supply[k] += 1
            ev.append(_E("move", "misfits.ev.spend", {"seat": seat, "type": f"$misfits.inf.{INF[k]}"},
                            source=f"seat:{seat}", target=f"supply:{INF[k]}"))
            f["n"] -= 1
            if f["n"] <= 0:
                self.stack.pop()
        elif t == "give":
            other = int(action.target.split(":")[1])
            self.stack.pop()
            n = min(f["n"], self.coins[seat])
            self.coins[seat] -= n
            self.coins[other] += n
            ev.append(_E("move", "misfits.ev.give", {"seat": seat, "other": other, "n": n},
                            source=f"seat:{seat}", target=action.target))
        elif t == "stun_own":
            self.stack.pop()
            self._stun(seat, action.target, ev)
        elif t == "choice":
            self.stack.pop()
            i = action.get("index")
            ev.append(_E("info", "misfits.ev.option", {"seat": seat, "index": i + 1}, source=f["c"]))
            self.stack.append({"t": "run", "s": seat, "c": f["c"], "fx": f["opts"][i], "i": 0, "act": False})
        elif t == "target":
            self.stack.pop()
            if kind == "none":
                ev.append(_E("info", "misfits.ev.decline_all", {"seat": seat, "card": card_name(self.heroes[f["c"]])},
                             source=f["c"]))
            else:
                self._activate(seat, action.target, ev)
        elif t == "all":
            hid = action.target if kind == "next" else action.source
            f["left"] = [h for h in f["left"] if h != hid]
            if kind == "next":
                self._activate(seat, hid, ev)
            else:
                ev.append(_E("info", "misfits.ev.decline", {"seat": seat, "card": card_name(self.heroes[hid])},
                             source=hid))
        elif t == "hire":
            self.stack.pop()
            if kind == "skip":
                ev.append(_E("info", "misfits.ev.skip_hire", {"seat": seat}))
            else:
                e = f["e"]
                self._hire(seat, action.source, parse_slot(action.target)[1], e["discount"],
                           bool(e.get("ignore_hire_box")), ev, by=f.get("c"))
        else:
            raise ValueError(f"{t}/{kind}")

    def _advance(self, ev: list) -> None:
        """Resolve automatic frames and phases until someone must decide or the game ends."""
        while True:
            if self.phase == "over":
                return
            if self.stack:
                f = self.stack[-1]
                if self._frame_actions(f):
                    return
                self._auto(f, ev)
                continue
            if self.phase == "resolve":
                self.phase = "quest"
            if self.phase == "quest":
                if self._quest_actions():
                    return
                self.phase = "discard"
            if self.phase == "discard":
                if len(self.hands[self.seat]) > self.limits["hand"]:
                    return
                self._end_turn(ev)
            return

    def _auto(self, f: dict, ev: list) -> None:
        t = f["t"]
        seat = f["s"]
        if t == "run":
            if f["i"] >= len(f["fx"]):
                self.stack.pop()
                return
            e = f["fx"][f["i"]]
            f["i"] += 1
            self._execute(seat, f["c"], e, ev)
            return
        self.stack.pop()
        if t == "take":
            avail = [k for k in range(3) if self.supply[k] > 0]
            if avail:
                self.stack.append(f)
                self._take_one(f, avail[0], ev)
            else:
                ev.append(_E("info", "misfits.ev.supply_empty", {"seat": seat}))
        elif t == "target":
            got = self._targets(f)
            if got:
                self.stack.append({"t": "ask", "s": seat, "c": got[0], "n": 1})
            else:
                # house rule: a card still resolving cannot be activated by the chain it started; say so
                held = self._targets(f, chain_ok=True)
                params = {"seat": seat, "card": card_name(self.heroes[f["c"]])}
                if held:
                    params["others"] = card_name(self.heroes[held[0]])
                ev.append(_E("info", "misfits.ev.no_target", params))
        elif t == "all":
            got = self._all_left(f)
            if got:
                f["left"] = [h for h in f["left"] if h != got[0]]
                self.stack.append(f)
                self.stack.append({"t": "ask", "s": seat, "c": got[0], "n": 1})
        elif t == "hire":
            ev.append(_E("info", "misfits.ev.no_hire", {"seat": seat}))
        # ask (card no longer able to activate), empty payments: simply dropped

    def _take_one(self, f: dict, k: int, ev: list) -> None:
        self._gain_influence(f["s"], k, 1, ev)
        f["n"] -= 1
        if f["n"] <= 0 and self.stack and self.stack[-1] is f:
            self.stack.pop()

    # ---------------------------------------------------------------- rule steps
    def _hire(self, seat: int, hid: str, idx: int, discount: int, ignore: bool, ev: list, by: str | None = None) -> None:
        hero = self.heroes[hid]
        cost = max(0, hero.cost - discount)
        self.coins[seat] -= cost
        self.hands[seat].remove(hid)
        self.tab[seat][idx] = hid
        params = {"seat": seat, "card": card_name(hero), "cost": cost}
        if by is not None and (discount or ignore):     # the log says which card made it cheaper
            params["by"] = card_name(self.heroes[by])
        ev.append(_E("move", "misfits.ev.hire", params, source=hid, target=slot_id(seat, idx)))
        if not self.end_trigger and self.tableau_size(seat) == 16:
            self.end_trigger = True
            ev.append(_E("phase", "misfits.ev.end_triggered", {"seat": seat}))
        hire = hero.hire
        htype = hire["type"]
        if ignore or htype == "score":
            self.stack.append({"t": "ask", "s": seat, "c": hid, "n": 1})
        elif htype == "bonus":
            self.stack.append({"t": "ask", "s": seat, "c": hid, "n": 1})
            self.stack.append({"t": "run", "s": seat, "c": hid, "fx": hire["effects"], "i": 0, "act": False})
        elif htype == "condition":
            self.stack.append({"t": "ask", "s": seat, "c": hid, "n": hire["activations"]})
        else:
            self.stack.append({"t": "ask", "s": seat, "c": hid, "n": hire["activations"]})
            pay = hire["cost"]
            k = pay["kind"]
            if k == "coins":
                self.coins[seat] -= pay["n"]
                ev.append(_E("move", "misfits.ev.pay_extra", {"seat": seat, "n": pay["n"]}, source=f"seat:{seat}"))
            elif k == "discard_cards":
                self.stack.append({"t": "pay_cards", "s": seat, "n": pay["n"]})
            elif k == "discard_influence":
                self.stack.append({"t": "pay_inf", "s": seat, "n": pay["n"]})
            elif k == "give_coins":
                self.stack.append({"t": "give", "s": seat, "n": pay["n"]})
            elif k == "stun_own":
                self.stack.append({"t": "stun_own", "s": seat, "c": hid})

    def _activate(self, seat: int, hid: str, ev: list) -> None:
        if hid not in self.activated:
            self.activated.append(hid)
        ev.append(_E("info", "misfits.ev.activate", {"seat": seat, "card": card_name(self.heroes[hid])}, source=hid))
        self.stack.append({"t": "run", "s": seat, "c": hid, "fx": self.heroes[hid].activation, "i": 0, "act": True})

    def _execute(self, seat: int, card: str, e: dict, ev: list) -> None:
        d = e["do"]
        if d == "coins":
            self._gain_coins(seat, e["n"], ev)
        elif d == "influence":
            if e["type"] == "any":
                self.stack.append({"t": "take", "s": seat, "n": e["n"]})
            else:
                self._gain_influence(seat, INF.index(e["type"]), e["n"], ev)
        elif d == "draw":
            self._draw(seat, e["n"], ev)
        elif d == "draw_per":
            n = self.count_faction(seat, e["faction"])
            if n:
                self._draw(seat, n, ev)
            else:
                self._gained_nothing("misfits.ev.no_gain_draw", seat, card, e["faction"], ev)
        elif d == "coins_per":
            n = self.count_faction(seat, e["faction"]) * e["n"]
            if n:
                self._gain_coins(seat, n, ev)
            else:
                self._gained_nothing("misfits.ev.no_gain_coins", seat, card, e["faction"], ev)
        elif d == "coins_per_activated":
            # "this turn": counts the cards activated so far this turn, this one included; cards
            # activated later in the turn do not add to it.
            fac = e.get("faction")
            n = sum(1 for h in self.activated if fac is None or self.faction(h) == fac)
            if n:
                self._gain_coins(seat, n * e["n"], ev)
            elif fac is not None:
                self._gained_nothing("misfits.ev.no_gain_activated", seat, card, fac, ev)
        elif d == "choice":
            self.stack.append({"t": "choice", "s": seat, "c": card, "opts": e["options"]})
        elif d == "activate":
            self.stack.append({"t": "target", "s": seat, "c": card, "f": e})
        elif d == "hire":
            self.stack.append({"t": "hire", "s": seat, "c": card, "e": e})
        elif d == "stun_self":
            if card not in self.stunned:
                self._stun(seat, card, ev)
        elif d == "activate_all":
            t = self.tab[seat]
            if card in t:
                pos = t.index(card)
                if e["where"] == "row":
                    cells = [pos // 4 * 4 + c for c in range(4)]
                else:
                    cells = [r * 4 + pos % 4 for r in range(4)]
                left = [t[i] for i in cells if t[i] is not None and t[i] != card]
                frame = {"t": "all", "s": seat, "c": card, "left": left}
                if self._all_left(frame):
                    self.stack.append(frame)
                else:           # the log says why the row/column gave nothing
                    ev.append(_E("info", f"misfits.ev.no_gain_all_{e['where']}",
                                 {"seat": seat, "card": card_name(self.heroes[card])}, source=card))
        else:
            raise ValueError(d)

    def _gained_nothing(self, key: str, seat: int, card: str, faction: str, ev: list) -> None:
        """A "per card" effect that counted none: the log says what was missing."""
        ev.append(_E("info", key, {"seat": seat, "card": card_name(self.heroes[card]) if card in self.heroes else "",
                                   "faction": f"$misfits.faction.{faction}"}, source=card))

    def _gain_coins(self, seat: int, n: int, ev: list) -> None:
        self.coins[seat] += n
        ev.append(_E("move", "misfits.ev.coins", {"seat": seat, "n": n}, target=f"seat:{seat}"))

    def _gain_influence(self, seat: int, k: int, n: int, ev: list) -> None:
        got = min(n, self.supply[k])          # finite supply: take what is left
        self.supply[k] -= got
        self.inf[seat][k] += got
        if got:
            ev.append(_E("move", "misfits.ev.influence", {"seat": seat, "n": got, "type": f"$misfits.inf.{INF[k]}"},
                            source=f"supply:{INF[k]}", target=f"seat:{seat}"))
        if got < n:
            ev.append(_E("info", "misfits.ev.supply_short", {"seat": seat, "n": n - got, "type": f"$misfits.inf.{INF[k]}"}))

    def _draw(self, seat: int, n: int, ev: list) -> None:
        got = 0
        for _ in range(n):
            if not self.deck:
                if not self.discard:
                    break
                self.deck = self.discard
                self.discard = []
                self.rng.shuffle(self.deck)
                ev.append(_E("shuffle", "misfits.ev.reshuffle", {"n": len(self.deck)}, source="discard", target="deck"))
            self.hands[seat].append(self.deck.pop())
            got += 1
        if got == 0 and n > 0:
            ev.append(_E("info", "misfits.ev.draw_empty", {"seat": seat}))
            return
        ev.append(_E("draw", "misfits.ev.draw", {"seat": seat, "n": got}, source="deck", target=f"hand:{seat}"))

    def _discard(self, seat: int, hid: str, ev: list) -> None:
        self.hands[seat].remove(hid)
        self.discard.append(hid)
        ev.append(_E("move", "misfits.ev.discard", {"seat": seat, "card": card_name(self.heroes[hid])},
                        source=hid, target="discard"))

    def _stun(self, seat: int, hid: str, ev: list) -> None:
        self.stunned.add(hid)
        ev.append(_E("flip", "misfits.ev.stun", {"seat": seat, "card": card_name(self.heroes[hid])}, source=hid))

    def _complete_quest(self, seat: int, tile: str, ev: list) -> None:
        _, qtype, value = tile.split(":")
        inf = self.inf[seat]
        if qtype == "town":
            for k in range(3):
                inf[k] -= 2
                self.supply[k] += 2
        else:
            k = INF.index(qtype)
            inf[k] -= 6
            self.supply[k] += 6
        self.quests[qtype].pop(0)
        self.won[seat].append(tile)
        ev.append(_E("score", "misfits.ev.quest", {"seat": seat, "type": f"$misfits.quest.{qtype}", "value": int(value)},
                        source=tile, target=f"seat:{seat}"))

    def _end_turn(self, ev: list) -> None:
        seat = self.seat
        lim = self.limits["influence"]
        for k in range(3):
            extra = self.inf[seat][k] - lim
            if extra > 0:
                self.inf[seat][k] = lim
                self.supply[k] += extra
                ev.append(_E("move", "misfits.ev.limit_influence", {"seat": seat, "n": extra, "type": f"$misfits.inf.{INF[k]}"},
                                source=f"seat:{seat}", target=f"supply:{INF[k]}"))
        if self.coins[seat] > self.limits["coins"]:
            extra = self.coins[seat] - self.limits["coins"]
            self.coins[seat] = self.limits["coins"]
            ev.append(_E("move", "misfits.ev.limit_coins", {"seat": seat, "n": extra}, source=f"seat:{seat}"))
        self.activated = []
        self.seat = (seat + 1) % self.players
        self.turn += 1
        if self.seat == self.start_seat:
            if self.end_trigger:
                self._finish("misfits.end.full_tableau", ev)
                return
            if self.round >= self.round_limit:
                # House rule: a stall cap so every game ends (the printed game has none).
                self._finish("misfits.end.round_limit", ev)
                return
            self.round += 1
        self.phase = "main"
        ev.append(_E("phase", "misfits.ev.turn", {"seat": self.seat, "round": self.round}))

    def _finish(self, reason: str, ev: list) -> None:
        self.phase = "over"
        self.end_reason = reason
        res = self.result()
        ev.append(_E("phase", "misfits.ev.game_over", {"winners": [w + 1 for w in res.winners]}, cause=reason))

    # ---------------------------------------------------------------- end and evaluation
    def score_details(self, seat: int) -> list:
        """Where the ◆ points come from, card by card: (i18n key, params, points) for each scoring card."""
        grid = scoring.faction_grid(self.tab[seat], self.stunned, self.heroes)
        out = []
        for idx, h in enumerate(self.tab[seat]):
            if h is None or h in self.stunned or self.heroes[h].hire["type"] != "score":
                continue
            pts = scoring.trophy_points(self.heroes[h], idx, grid, len(self.won[seat]))
            out.append(("misfits.score.trophy_card", {"card": card_name(self.heroes[h])}, pts))
        return out

    def breakdown(self, seat: int) -> dict:
        return scoring.breakdown(self.tab[seat], self.stunned, self.heroes, self.won[seat], self.inf[seat], self.coins[seat])

    def result(self):
        if self.phase != "over":
            return None
        scores, parts = {}, {}
        for seat in range(self.players):
            parts[seat] = self.breakdown(seat)
            scores[seat] = sum(parts[seat].values())
        best = max(scores.values())
        tied = [s for s in range(self.players) if scores[s] == best]
        if len(tied) > 1:
            most = max(len(self.hands[s]) for s in tied)
            tied = [s for s in tied if len(self.hands[s]) == most]
        return Result("win" if len(tied) == 1 else "shared", tied, scores, parts, self.end_reason or "")

    def evaluate_simple(self, seat: int) -> float:
        """The score the seat would have if the game ended now."""
        return float(sum(self.breakdown(seat).values()))

    def evaluate(self, seat: int) -> float:
        if self.phase == "over":
            res = self.result()
            me = res.scores[seat]
            other = max(v for s, v in res.scores.items() if s != seat)
            bonus = 1000.0 if seat in res.winners and len(res.winners) == 1 else 300.0 if seat in res.winners else -1000.0
            return bonus + me - other
        mine = evaluation.potential(self, seat)
        others = max(evaluation.potential(self, s) for s in range(self.players) if s != seat)
        return mine - others

    def summary(self) -> dict:
        return {"round": self.round, "turn": self.turn}

    # ---------------------------------------------------------------- hidden information
    def _redact(self, seat: int, rng: Rng) -> None:
        pool = list(self.deck)
        for s in range(self.players):
            if s != seat:
                pool.extend(self.hands[s])
        pool.sort()
        rng.shuffle(pool)
        for s in range(self.players):
            if s != seat:
                n = len(self.hands[s])
                self.hands[s] = pool[:n]
                pool = pool[n:]
        self.deck = pool

    def explain(self, source, target) -> IllegalAction:
        if self.phase == "over":
            return IllegalAction("game_over", "The game is over.")
        seat = self.seat
        slot = parse_slot(target)
        if source is not None and slot is not None:
            if source not in self.hands[seat]:
                return IllegalAction("misfits_not_your_card", "Only the current player's hand cards can be hired.")
            hire_frame = self.phase == "resolve" and self.stack and self.stack[-1]["t"] == "hire"
            if self.phase != "main" and not hire_frame:
                return IllegalAction("misfits_not_now", "You cannot hire a card at this moment.")
            tseat, idx = slot
            if tseat != seat:
                return IllegalAction("misfits_not_your_tableau", "Cards can only be hired into your own tableau.")
            if self.tab[seat][idx] is not None:
                return IllegalAction("misfits_slot_taken", "That space is already taken.")
            if idx not in self.open_slots(seat):
                if self.tableau_size(seat) == 0:
                    return IllegalAction("misfits_first_bottom_left", "Your first card goes in the bottom-left corner.")
                return IllegalAction("misfits_not_adjacent", "A new card must touch one of your cards (not diagonally).")
            discount, ignore = 0, False
            if hire_frame:
                e = self.stack[-1]["e"]
                hero = self.heroes[source]
                if (e.get("faction") is not None and hero.faction != e["faction"]) or \
                        (e.get("max_cost") is not None and hero.cost > e["max_cost"]):
                    return IllegalAction("misfits_wrong_card", "This effect cannot hire that card.")
                discount, ignore = e["discount"], bool(e.get("ignore_hire_box"))
            problem = self.hire_problem(seat, source, idx, discount, ignore)
            if problem is not None:
                return problem
        return super().explain(source, target)

    def invariants(self) -> list:
        problems = []
        cards = list(self.deck) + list(self.discard)
        for h in self.hands:
            cards.extend(h)
        for t in self.tab:
            cards.extend(x for x in t if x is not None)
        if len(cards) != len(self.heroes) or set(cards) != set(self.heroes):
            problems.append(f"cards not conserved: {len(cards)} cards, {len(set(cards))} distinct, "
                            f"expected {len(self.heroes)}")
        total = content().setup["influence_supply"]
        for k, t in enumerate(INF):
            have = self.supply[k] + sum(p[k] for p in self.inf)
            if have != total:
                problems.append(f"{t} influence not conserved: {have} != {total}")
            if self.supply[k] < 0 or any(p[k] < 0 for p in self.inf):
                problems.append(f"negative {t} influence")
        if any(c < 0 for c in self.coins):
            problems.append(f"negative coins: {self.coins}")
        placed = {x for t in self.tab for x in t if x is not None}
        if not self.stunned <= placed:
            problems.append("a stunned card is not in a tableau")
        for seat, t in enumerate(self.tab):
            for i, h in enumerate(t):
                if h is not None and i != 0 and not any(t[j] is not None for j in NEIGHBOURS[i]):
                    problems.append(f"seat {seat}: card at {slot_id(seat, i)} touches nothing")
        return problems

    # ---------------------------------------------------------------- copying and saving
    def clone(self) -> "MisfitsState":
        s = MisfitsState.__new__(MisfitsState)
        s.seed, s.players, s.options = self.seed, self.players, self.options
        s.rng = Rng(state=self.rng.state)
        s.pairing, s.heroes, s.limits, s.round_limit = self.pairing, self.heroes, self.limits, self.round_limit
        s.deck = self.deck[:]
        s.discard = self.discard[:]
        s.hands = [h[:] for h in self.hands]
        s.tab = [t[:] for t in self.tab]
        s.stunned = set(self.stunned)
        s.supply = self.supply[:]
        s.inf = [i[:] for i in self.inf]
        s.quests = {k: v[:] for k, v in self.quests.items()}
        s.won = [w[:] for w in self.won]
        s.coins = self.coins[:]
        s.start_seat, s.seat, s.round, s.turn = self.start_seat, self.seat, self.round, self.turn
        s.phase = self.phase
        s.stack = [dict(f) for f in self.stack]
        s.activated = self.activated[:]
        s.end_trigger, s.end_reason = self.end_trigger, self.end_reason
        if self.quiet:
            s.quiet = True
        return s

    def _dump(self) -> dict:
        return {
            "seed": self.seed, "players": self.players, "options": dict(self.options), "rng": self.rng.state,
            "pairing": [list(p) for p in self.pairing],
            "deck": list(self.deck), "discard": list(self.discard), "hands": [list(h) for h in self.hands],
            "tableaux": [list(t) for t in self.tab], "stunned": sorted(self.stunned),
            "supply": list(self.supply), "influence": [list(i) for i in self.inf],
            "quests": {k: list(v) for k, v in self.quests.items()}, "won": [list(w) for w in self.won],
            "coins": list(self.coins), "start_seat": self.start_seat, "seat": self.seat, "round": self.round,
            "turn": self.turn, "phase": self.phase, "stack": _plain(self.stack), "activated": list(self.activated),
            "end_trigger": self.end_trigger, "end_reason": self.end_reason,
        }

    @classmethod
    def _load(cls, d: dict) -> "MisfitsState":
        data = content()
        s = cls.__new__(cls)
        s.seed, s.players, s.options = d["seed"], d["players"], dict(d["options"])
        s.rng = Rng(state=d["rng"])
        s.pairing = validate_pairing(d["pairing"], data)
        s.heroes = heroes_for(s.pairing, data)
        s.limits = dict(data.setup["limits"])
        s.round_limit = data.setup["round_limit"]
        s.deck, s.discard = list(d["deck"]), list(d["discard"])
        s.hands = [list(h) for h in d["hands"]]
        s.tab = [list(t) for t in d["tableaux"]]
        s.stunned = set(d["stunned"])
        s.supply = list(d["supply"])
        s.inf = [list(i) for i in d["influence"]]
        s.quests = {k: list(d["quests"][k]) for k in QUEST_TYPES}
        s.won = [list(w) for w in d["won"]]
        s.coins = list(d["coins"])
        s.start_seat, s.seat, s.round, s.turn = d["start_seat"], d["seat"], d["round"], d["turn"]
        s.phase = d["phase"]
        s.stack = [dict(f) for f in d["stack"]]
        s.activated = list(d["activated"])
        s.end_trigger, s.end_reason = d["end_trigger"], d["end_reason"]
        if len(s.hands) != s.players or len(s.tab) != s.players:
            raise ValueError("seat count does not match the players")
        return s


def _plain(value):
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value
