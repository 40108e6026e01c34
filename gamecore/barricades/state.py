"""Thunderstone Quest — Barricades Mode: the co-op deck builder's state and turn flow.

A turn (``d["phase"]``), as the rulebook orders it, every step a decision of the seat that owns it
in the fixed team order (seat 0 first); rolls and draws are chance, everything else is asked:
  boards    (first turn only) each seat picks a different prestige board
  extra     more than 16 dice due: seat 0 (for the team) names who rolls each extra die
  roll      each seat rolls its Guardian Dice (threat level dice, or the capped split)
  resolve   each seat resolves its dice one at a time in the order it likes; footprints and X join the army
  place     each seat places its champion: a village spot (visit), "village" (village phase, no visit)
            or its current room (dungeon only, it stays there)
  village   village seats act one after another: buy, level up, heal, train, the location's effect,
            fund the barricade, use a treasure or gear, end. Simultaneous mode (the default) lets a
            seat "yield" so a teammate acts first (twice a turn at most); ``one_at_a_time`` does not.
  party     dungeon seats that start at the same place may join an earlier seat's party
  dungeon   each group in turn: effects (D1, every member: gear, lending, treasures) -> move (pooled
            light, darkness of every room entered) -> battle (at most one; pooled attack; Def/MDef
            once; every member takes the wounds) -> spoils (rewards split, Guild level-up, training)
            Simultaneous mode: a group may wait once before fighting and a later group in the same
            room may join it (late joiners pooled no light and missed the effects step).
  end       automatic, rule 35: raiders -> army minus defeated levels -> destruction tokens drawn one by
            one (a barricade cancels its token, which goes back to the bag) -> win/loss ->
            refill rooms -> cleanup (lent cards back, bounties to their level deck, new hands) ->
            threat token advances (lair flips to the Guardian when it cannot advance).
Component ids are listed in API.md; card instances are ``card:<n>``.

Readings of the rulebook and our own rules (also in NOTES.md and the rules reference):
  * the destruction token names its location and the team picks which of its undamaged spots it takes
    (rule 21; a decision of seat 0, like every team decision, asked only when two spots or more are free);
    when that location is already destroyed the team picks any undamaged spot elsewhere. The Guardian's
    reveal draws its tokens the same way (end stage "reveal", before the next turn starts);
  * gold pledged to a barricade is held: it cannot be spent again that turn (``rules.gold_of``);
  * Joba may be lent or given alone or together with Bree (two choices, ``pair=True``), never with gold
    already spent;
  * a hero wields any number of weapons whose Skill needs add up to at most its Skill (each Iron Rations
    +1 Skill to one hero); when the party fights, each member whose ways of wielding differ in a way that
    matters (none better in physical, magic and Def cut alike) is asked how (``wield``); with one such way
    it is used without a question; every other card in hand takes part in the battle (nothing is gained by
    holding one back);
  * a heal removes wound tokens first, then Wound cards from the hand;
  * pledged barricade gold is spent only when the barricade is built;
  * the Morvane wound effect "return a Bounty" returns the lowest-gold Bounty of each discard pile;
  * house rule: the game is lost if the Guardian still stands after ``turn_limit`` (40) turns.
"""
from __future__ import annotations

from gamecore.barricades import ENGINE_VERSION as _ENGINE_VERSION
from gamecore.engine import QUIET_EVENTS, Action, Decision, Event, GameState, IllegalAction, Result, Rng, new_event

from . import rules as R
from .content import COUNTED_OPS, GEAR, LOCATIONS, PRESTIGE, Content, content

WILD, GROOM = R.WILD, R.GUARDIAN_ROOM
_make = Action.make
_DOUBLE_FLAGS = {"defeated_l3": "defeated_l3", "won_alone": "won_alone", "helped_build": "helped_build",
                 "gave_or_lent": "gave"}     # a board's double-rank condition -> the turn flag that meets it
_NO_COUNTS: dict = {}       # shared, never written
_HANDOVERS: dict = {}
_BUY_OFFERS: dict = {}      # (market keys, hero stacks, seat) -> the buy offers in listing order       # lend/give action lists by (cards and pairs, taker, kinds)
_ACTIONS: dict = {}         # actions without parameters, by (kind, source, target): listing builds the same ones


def A(kind: str, source: str | None = None, target: str | None = None, **params) -> Action:
    """Action.make, with the parameterless actions looked up by their three ids alone."""
    if params:
        return _make(kind, source, target, **params)
    key = (kind, source, target)
    got = _ACTIONS.get(key)
    if got is None:
        if len(_ACTIONS) >= 50_000:
            _ACTIONS.clear()
        got = _ACTIONS[key] = _make(kind, source, target)
    return got


def _copy(x):
    if isinstance(x, dict):
        return {k: _copy(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_copy(v) for v in x]
    return x


_QUIET = QUIET_EVENTS         # a search copy's events are placeholders (gamecore.engine.QuietEvents)
_QUIET_EVENT = new_event("info", "barricades.log.quiet", {})


def _E(kind, key, params=None, source=None, target=None, cause=None) -> Event:
    if _QUIET.on:
        return _QUIET_EVENT
    # every caller passes a dict literal of its own: it is completed in place, not copied
    if params is None:
        params = {}
    if "seat" in params:
        params["player"] = params["seat"] + 1
    if "other" in params:
        params["other_player"] = params["other"] + 1
    full = _LOG_KEYS.get(key)
    if full is None:
        full = _LOG_KEYS[key] = "barricades.log." + key
    return new_event(kind, full, params, source, target, cause)


_LOG_KEYS: dict = {}


def room_id(room: str) -> str:
    return f"room:{room}"


_SPOT_NAMES: dict = {}


def _spot_name(loc: str, k: int) -> str:
    """``<loc>:<k + 1>``, formatted once."""
    got = _SPOT_NAMES.get((loc, k))
    if got is None:
        got = _SPOT_NAMES[(loc, k)] = f"{loc}:{k + 1}"
    return got


_SEAT_ACTIONS: dict = {}
_DIE_ACTIONS: dict = {}
_MOVE_ACTIONS: dict = {}    # (leader, room, light) -> the move action (a few hundred at most)


def _min_level_xp(C: Content) -> int:
    got = C.derived.get("min_level_xp")
    if got is None:
        got = C.derived["min_level_xp"] = min(C.level_up_xp.values())
    return got


_PAIR_IDS = {"borrow": ("hand:{}", "hero:{}"), "buy_gear": ("gear:{}", "hero:{}"), "fund": ("gold:{}", "barricade:{}")}
_PAIR_ACTIONS: dict = {}


def _pair_action(kind: str, a, b) -> Action:
    """An action whose source and target ids are made of two values (a seat, a gear, a location), built once."""
    got = _PAIR_ACTIONS.get((kind, a, b))
    if got is None:
        src, tgt = _PAIR_IDS[kind]
        got = _PAIR_ACTIONS[(kind, a, b)] = A(kind, src.format(a), tgt.format(b))
    return got


def _die_action(seat: int, i: int) -> Action:
    got = _DIE_ACTIONS.get((seat, i))
    if got is None:
        got = _DIE_ACTIONS[(seat, i)] = A("resolve", f"die:{seat}:{i}")
    return got


def _seat_action(name: str, seat: int) -> Action:
    """A seat's fixed actions (end its village phase, yield, be ready, roll...), built once per seat."""
    got = _SEAT_ACTIONS.get((name, seat))
    if got is None:
        champion = f"champion:{seat}"
        got = _SEAT_ACTIONS[(name, seat)] = {
            "roll": lambda: A("roll", f"dice:{seat}"),
            "place_village": lambda: A("place", champion, "village"),
            "heal": lambda: A("heal", f"gold:{seat}", f"hero:{seat}"),
            "market_draw": lambda: A("market_draw", f"deck:{seat}", f"hand:{seat}"),
            "shop": lambda: A("shop", f"gold:{seat}", "loc:shop"),
            "yield": lambda: A("yield", champion),
            "end_village": lambda: A("end_village", champion),
            "ready": lambda: A("ready", champion),
            "leave": lambda: A("leave", champion),
            "done": lambda: A("done", champion),
        }[name]()
    return got


class _ContentSlot:
    """``state.C``: the content tables, read (once per process) on first use; from then on a plain class
    attribute, so the hot paths do not call a property for every card they look at."""

    def __get__(self, obj, cls):
        tables = content()
        setattr(BarricadesState, "C", tables)
        return tables


class BarricadesState(GameState):
    GAME_ID = "barricades"
    ENGINE_VERSION = _ENGINE_VERSION       # gamecore/barricades/__init__.py

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(cls, seed: int, players: int, options: dict) -> "BarricadesState":
        C = content()
        s = cls()
        s.seed, s.players, s.options = seed, players, dict(options)
        s.rng = Rng(seed)
        rng = s.rng
        diff = C.village["difficulties"][options["difficulty"]]
        guardian = options["guardian"]
        if guardian == "random":
            guardian = ("ashmaw", "morvane")[rng.randrange(2)]
        g = C.guardians[guardian]
        d: dict = {"turn": 1, "phase": "boards", "players": players, "guardian": guardian, "side": "lair",
                   "threat": 0, "gwounds": 0, "gdef": g["def"], "gmdef": g["mdef"], "cards": {}, "p": [],
                   "market": {}, "hstacks": {}, "levels": {}, "rooms": {}, "wound_deck": [], "tdeck": [],
                   "tdiscard": [], "destroyed": [], "limbo": [], "bag": [], "tokens": {}, "spots": {},
                   "barricades": {loc: False for loc in LOCATIONS}, "pledges": {}, "dice": [], "extra": [],
                   "army": {"foot": 0, "x": 0, "removed": 0}, "killed": 0, "killed_levels": [], "mods": {}, "queue": [], "yields": {},
                   "groups": [], "gi": 0, "dstep": "", "dmember": 0, "subs": [], "end": None, "over": None,
                   "carry_x": 0, "defeated_this_turn": 0, "gear_supply": {k: C.village["gear"][k]["supply"] for k in GEAR},
                   "options_one": bool(options.get("one_at_a_time", False)), "limbo_token": None,
                   "stats": {"tokens_placed": 0, "max_built": 0, "reveal_turn": None, "gw_turns": {},
                             "treasure_bought": False, "fell_turn": None, "full_defeat_turn": None, "destroyed_at_win": 0}}
        s.d = d
        n = [0]

        def make(key: str) -> str:
            n[0] += 1
            cid = f"card:{n[0]}"
            d["cards"][cid] = key
            return cid

        # hero stacks: one hero of each class, picked at random
        by_class: dict[str, list[str]] = {}
        for hid, h in C.heroes.items():
            by_class.setdefault(h["class"], []).append(hid)
        chosen = [ids[rng.randrange(len(ids))] for _cls, ids in sorted(by_class.items())]
        for hid in chosen:
            d["hstacks"][hid] = {str(lvl): [make(f"{hid}_{lvl}") for _ in range(C.hero_stack[lvl])] for lvl in (1, 2, 3)}
        # market: 2 weapons, 2 items, 2 spells, 2 any (allies first)
        pool = {kind: sorted(k for k, c in C.market.items() if c["type"] == kind) for kind in ("weapon", "item", "spell", "ally")}
        for kind in pool:
            rng.shuffle(pool[kind])
        picked: list[str] = []
        for slot in C.market_slots:
            if slot == "any":
                rest = pool["ally"] + pool["weapon"] + pool["item"] + pool["spell"]
                key = rest[0]
                for kind in pool:
                    if key in pool[kind]:
                        pool[kind].remove(key)
            else:
                key = pool[slot].pop(0)
            picked.append(key)
        for key in picked:
            d["market"][key] = [make(key) for _ in range(C.market_stack_size)]
        # monsters: each level deck shuffles its groups
        for lvl in (1, 2, 3):
            deck = []
            for gid in sorted(C.groups):
                grp = C.groups[gid]
                if grp["level"] == lvl:
                    for mid in sorted(grp["monsters"]):
                        deck += [make(mid) for _ in range(grp["monsters"][mid]["count"])]
            rng.shuffle(deck)
            d["levels"][str(lvl)] = deck
        for room in C.rooms:
            deck = d["levels"][str(C.rooms[room]["level"])]
            d["rooms"][room] = deck.pop() if deck else None
        d["tdeck"] = [make(k) for k in sorted(C.treasures) for _ in range(C.treasures[k])]
        rng.shuffle(d["tdeck"])
        d["wound_deck"] = [make("wound") for _ in range(C.wound_cards)]
        # destruction tokens
        tid = 0
        for loc in LOCATIONS:
            count = C.village["blank_tokens"][loc]
            adv = [(k, t) for k, t in sorted(C.village["advanced_tokens"].items()) if t["location"] == loc] if diff["advanced"] else []
            for k, t in adv:
                for _ in range(t["count"]):
                    tid += 1
                    d["tokens"][f"token:{tid}"] = {"loc": loc, "kind": k}
                    count -= 1
            for _ in range(max(0, count)):
                tid += 1
                d["tokens"][f"token:{tid}"] = {"loc": loc, "kind": "blank"}
        d["bag"] = sorted(d["tokens"], key=lambda t: int(t.split(":")[1]))
        d["spots"] = {loc: [None] * C.village["spots_per_location"] for loc in LOCATIONS}
        # players
        starter = C.starting_deck_both if options["starter_replaces_both_shards"] else C.starting_deck
        classes = sorted(by_class)
        hero_of_class = {C.heroes[h]["class"]: h for h in chosen}
        for seat in range(players):
            deck = []
            for key in sorted(starter):
                count = starter[key]
                if key == "adventurer":
                    count -= diff["adventurers_out"]
                deck += [make(key) for _ in range(count)]
            for k in range(diff["heroes_in"]):
                hid = hero_of_class[classes[(seat * diff["heroes_in"] + k) % len(classes)]]
                stack = d["hstacks"][hid]["1"]
                if stack:
                    deck.append(stack.pop())
            rng.shuffle(deck)
            p = {"deck": deck, "hand": [], "discard": [], "prepped": [], "borrowed": [], "xp": players, "wounds": 0,
                 "gear": {k: 0 for k in GEAR}, "board": None, "rank": 0, "pos": "village", "spot": None, "plan": "both"}
            d["p"].append(p)
            s._reset_turn(seat)
            s._draw(seat, R.hand_size(C, 0))
        d["queue"] = list(range(players))
        return s

    # ------------------------------------------------------------------ small helpers
    C = _ContentSlot()
    # a per-listing memo (gold, advanced-token counts, darkness): set only while _legal() runs, when the
    # state cannot change, so no cached value ever outlives the state it was worked out from
    _lm: dict | None = None
    # (the tokens table, whether any token is an advanced one): token kinds are dealt once at setup
    _adv_game: tuple | None = None

    def changed(self) -> None:
        super().changed()
        self._adv_game = None

    def key(self, cid: str) -> str:
        return self.d["cards"][cid]

    def card(self, cid: str) -> dict:
        return self.C.cards[self.d["cards"][cid]]

    def _reset_turn(self, seat: int) -> None:
        p = self.d["p"][seat]
        p.update({"gold_used": 0, "buys": 0, "leveled": False, "trained": False, "visits": 0, "buff": {},
                  "flags": {}, "lent": False, "done_village": False, "pledge_disc": 0, "wield": None})

    def _log_seat(self) -> int:
        return self.current_seat() or 0

    def _draw(self, seat: int, n: int) -> list[Event]:
        p = self.d["p"][seat]
        events = []
        drawn = 0
        for _ in range(n):
            if not p["deck"]:
                if not p["discard"]:
                    break
                p["deck"] = p["discard"]
                p["discard"] = []
                self.rng.shuffle(p["deck"])
                events.append(_E("shuffle", "shuffle", {"seat": seat}, source=f"discard:{seat}", target=f"deck:{seat}"))
            p["hand"].append(p["deck"].pop())
            drawn += 1
        if drawn:
            events.append(_E("draw", "draw", {"seat": seat, "n": drawn}, source=f"deck:{seat}", target=f"hand:{seat}"))
        return events

    def _wound(self, seat: int, n: int, why: str = "") -> list[Event]:
        if n <= 0:
            return []
        p = self.d["p"][seat]
        cap = self.C.village["wound_token_cap"]
        events = []
        for _ in range(n):
            if p["wounds"] < cap:
                p["wounds"] += 1
            elif self.d["wound_deck"]:
                p["discard"].append(self.d["wound_deck"].pop())
        events.append(_E("score", "wounded", {"seat": seat, "n": n, "total": p["wounds"]}, target=f"hero:{seat}",
                         cause=("barricades.why." + why) if why else None))
        return events

    def _wound_card(self, seat: int, n: int) -> list[Event]:
        got = 0
        for _ in range(n):
            if self.d["wound_deck"]:
                self.d["p"][seat]["discard"].append(self.d["wound_deck"].pop())
                got += 1
        return [_E("move", "wound_card", {"seat": seat, "n": got}, source="wounds", target=f"discard:{seat}")] if got else []

    def _heal(self, seat: int, n: int) -> list[Event]:
        p = self.d["p"][seat]
        healed = 0
        while n > 0 and p["wounds"] > 0:
            p["wounds"] -= 1
            n -= 1
            healed += 1
        while n > 0:
            wc = next((c for c in p["hand"] if self.key(c) == "wound"), None)
            if wc is None:
                break
            p["hand"].remove(wc)
            self.d["wound_deck"].append(wc)
            n -= 1
            healed += 1
        if healed:
            p["flags"]["healed"] = p["flags"].get("healed", 0) + healed
            return [_E("score", "healed", {"seat": seat, "n": healed}, target=f"hero:{seat}")]
        return []

    def _wounded(self, seat: int) -> bool:
        p = self.d["p"][seat]
        if p["wounds"] > 0:
            return True
        kinds = self.d["cards"]
        return "wound" in [kinds[c] for c in p["hand"]]

    def _draw_treasure(self) -> str | None:
        d = self.d
        if not d["tdeck"] and d["tdiscard"]:
            d["tdeck"] = d["tdiscard"]
            d["tdiscard"] = []
            self.rng.shuffle(d["tdeck"])
        return d["tdeck"].pop() if d["tdeck"] else None

    def _adv_counts(self) -> dict[str, int]:
        """How many advanced tokens of each effect lie in the village (``temple_heal`` and ``army_x`` count their n,
        or their ``n_by_heroes`` entry for this hero count)."""
        lm = self._lm
        if lm is not None:
            got = lm.get("adv")
            if got is not None:
                return got
        tokens = self.d["tokens"]
        ref = self._adv_game
        if ref is None or ref[0] is not tokens:     # does this game have advanced tokens at all?
            ref = self._adv_game = (tokens, any(t["kind"] != "blank" for t in tokens.values()))
        if not ref[1]:
            return _NO_COUNTS
        adv = self.C.village["advanced_tokens"]
        counts: dict[str, int] = {}
        for spots in self.d["spots"].values():
            for t in spots:
                if t is not None:
                    kind = tokens[t]["kind"]
                    if kind != "blank":
                        op = adv[kind]["op"]
                        if op in COUNTED_OPS:       # v7: its n may differ by hero count (content "n_by_heroes")
                            tok = adv[kind]
                            counts[op] = counts.get(op, 0) + tok["n_by_heroes"].get(self.players, tok["n"])
                        else:
                            counts[op] = counts.get(op, 0) + 1
        if lm is not None:
            lm["adv"] = counts
        return counts

    def _adv_active(self, op: str, seat: int | None = None) -> int:
        """How many advanced tokens with effect ``op`` lie in the village (Warden R5 ignores them)."""
        n = self._adv_counts().get(op, 0)
        if n and seat is not None and R.has_rank_op(self.C, self.d["p"][seat], "ignore_advanced"):
            return 0
        return n

    def _adv_loc(self, op: str, loc: str, seat: int) -> int:
        if not self._adv_counts().get(op) or R.has_rank_op(self.C, self.d["p"][seat], "ignore_advanced"):
            return 0
        adv = self.C.village["advanced_tokens"]
        return sum(1 for t in self.d["spots"][loc] if t is not None and self.d["tokens"][t]["kind"] != "blank"
                   and adv[self.d["tokens"][t]["kind"]]["op"] == op and adv[self.d["tokens"][t]["kind"]]["location"] == loc)

    def destroyed_locations(self) -> list[str]:
        return [loc for loc, spots in self.d["spots"].items() if None not in spots]

    def threat_track(self) -> list[int]:
        g = self.C.guardians[self.d["guardian"]]
        if self.d["side"] != "lair":
            return g["threat_track"]
        return g["lair_track_by_heroes"].get(self.players, g["lair_track"])

    def threat_level(self) -> int:
        return self.threat_track()[self.d["threat"]]

    def guardian_hp(self) -> list[int]:
        return self.C.guardians[self.d["guardian"]]["hp"][self.players]

    def barricade_cost(self) -> int:
        g = self.C.guardians[self.d["guardian"]]
        if self.d["side"] == "guardian" and g["ongoing"]["op"] == "barricade_cost":
            return g["ongoing"]["n"]
        return self.C.village["barricade_cost"]

    def _menace(self, op: str) -> bool:
        return any(m["op"] == op for m in R.menace_ops(self.d, self.C))

    # ------------------------------------------------------------------ the contract hooks
    def current_seat(self) -> int | None:
        d = self.d
        if d["over"]:
            return None
        if d["subs"]:
            return d["subs"][-1]["seat"]
        ph = d["phase"]
        if ph in ("boards", "roll", "resolve", "place", "village", "party"):
            return d["queue"][0]
        if ph == "extra":
            return 0
        if ph == "dungeon":
            g = d["groups"][d["gi"]]
            return g["members"][d["dmember"]] if d["dstep"] in ("effects", "spoils") else g["members"][0]
        return 0

    def pending(self) -> Decision | None:
        d = self.d
        if d["over"]:
            return None
        seat = self.current_seat()
        if d["subs"]:
            sub = d["subs"][-1]
            args = {k: v for k, v in sub.items() if k not in ("kind", "seat", "cards")}
            args.setdefault("player", seat + 1)      # every prompt may name the seat asked
            if isinstance(args.get("to"), int):
                args["to_player"] = args["to"] + 1   # seats are 0-based, players are numbered from 1
            return Decision(sub["kind"], seat, f"barricades.prompt.{sub['kind']}", args)
        ph = d["phase"]
        args: dict = {"player": seat + 1, "turn": d["turn"]}
        kind = ph
        if ph == "dungeon":
            kind = d["dstep"]
            args["members"] = [m + 1 for m in d["groups"][d["gi"]]["members"]]
        if ph == "extra":
            args["left"] = d["extra_left"]
        return Decision(kind, seat, f"barricades.prompt.{kind}", args)

    def is_over(self) -> bool:
        return self.d["over"] is not None

    def result(self) -> Result | None:
        o = self.d["over"]
        if not o:
            return None
        winners = list(range(self.players)) if o["outcome"] in ("win", "pyrrhic") else []
        return Result("win" if o["outcome"] in ("win", "pyrrhic") else "loss", winners,
                      reason="barricades.end." + o["reason"], reason_params={"turn": self.d["turn"],
                                                                             "pyrrhic": o["outcome"] == "pyrrhic"})

    def outcome(self) -> str | None:
        """"win", "pyrrhic" or "loss" (None while playing): the medal store needs the Pyrrhic distinction."""
        return self.d["over"]["outcome"] if self.d["over"] else None

    def _dump(self) -> dict:
        return {"seed": self.seed, "players": self.players, "options": dict(self.options), "rng": self.rng.state,
                "d": _copy(self.d)}

    @classmethod
    def _load(cls, data: dict) -> "BarricadesState":
        s = cls()
        s.seed, s.players, s.options = int(data["seed"]), int(data["players"]), dict(data["options"])
        s.rng = Rng(state=int(data["rng"]))
        s.d = _copy(data["d"])
        if not isinstance(s.d, dict) or "phase" not in s.d:
            raise ValueError("no phase in the barricades state")
        return s

    def clone(self) -> "BarricadesState":
        s = BarricadesState.__new__(BarricadesState)
        s.seed, s.players, s.options = self.seed, self.players, self.options
        s.rng = Rng(state=self.rng.state)
        s.d = _copy(self.d)
        if self.quiet:
            s.quiet = True
        return s

    def summary(self) -> dict:
        return {"round": self.d["turn"]}

    def evaluate(self, seat: int) -> float:
        from .evaluation import evaluate
        return evaluate(self, seat)

    def team_choice(self, level: str, legal: list[Action], rng: Rng) -> Action | None:
        """This game's own AI teammates (see evaluation.py), called by gamecore.bots.choose_for."""
        from .evaluation import team_choice
        return team_choice(self, level, legal, rng)

    def stats(self) -> dict[str, int]:
        return {"barricades.stat.turns": self.d["turn"], "barricades.stat.tokens": self.d["stats"]["tokens_placed"],
                "barricades.stat.destroyed": len(self.destroyed_locations()),
                "barricades.stat.guardian_wounds": self.d["gwounds"]}

    def open_hands(self) -> bool:
        return bool(self.options.get("open_hands", True))

    def _redact(self, seat: int, rng: Rng) -> None:
        """Deal anew what ``seat`` cannot know: every deck order, the level, Treasure and Wound decks, the
        bag, and (without open hands) the other heroes' hands. Each hidden list is put in a canonical
        order first, so a view of a view equals a view of the original."""
        d = self.d

        def deal(cids: list[str]) -> list[str]:
            out = sorted(cids, key=lambda c: int(c.split(":")[1]))
            rng.shuffle(out)
            return out

        for i, p in enumerate(d["p"]):
            if i != seat and not self.open_hands():
                pool = deal(p["hand"] + p["deck"])
                k = len(p["hand"])
                p["hand"], p["deck"] = pool[:k], pool[k:]
            else:
                p["deck"] = deal(p["deck"])
        for lvl in d["levels"]:
            d["levels"][lvl] = deal(d["levels"][lvl])
        d["tdeck"] = deal(d["tdeck"])
        d["wound_deck"] = deal(d["wound_deck"])
        d["bag"] = deal(d["bag"])

    # ------------------------------------------------------------------ invariants
    def invariants(self) -> list[str]:
        d = self.d
        out = []
        seen: dict[str, str] = {}

        def zone(name, cids):
            for c in cids:
                if c in seen:
                    out.append(f"{c} is both in {seen[c]} and {name}")
                seen[c] = name

        for i, p in enumerate(d["p"]):
            zone(f"deck:{i}", p["deck"])
            zone(f"hand:{i}", p["hand"])
            zone(f"discard:{i}", p["discard"])
            zone(f"prepped:{i}", p["prepped"])
            zone(f"borrowed:{i}", [c for c, _o in p["borrowed"]])
            for name in ("xp", "wounds", "rank"):
                if p[name] < 0:
                    out.append(f"seat {i} has negative {name}")
            if any(v < 0 for v in p["gear"].values()):
                out.append(f"seat {i} has negative gear")
            if p["gold_used"] < 0:
                out.append(f"seat {i} has negative spent gold")
            if d["phase"] == "village" and R.gold_of(d, self.C, i) < 0:
                out.append(f"seat {i} spent more gold than it has")
            if p["wounds"] > self.C.village["wound_token_cap"]:
                out.append(f"seat {i} has more wound tokens than the cap")
        for k, cids in d["market"].items():
            zone(f"market:{k}", cids)
        for h, lv in d["hstacks"].items():
            for lvl, cids in lv.items():
                zone(f"heroes:{h}:{lvl}", cids)
        for lvl, cids in d["levels"].items():
            zone(f"level:{lvl}", cids)
        zone("rooms", [c for c in d["rooms"].values() if c is not None])
        for name in ("wound_deck", "tdeck", "tdiscard", "destroyed", "limbo"):
            zone(name, d[name])
        missing = set(d["cards"]) - set(seen)
        if missing:
            out.append(f"cards lost: {sorted(missing)[:5]}")
        placed = [t for spots in d["spots"].values() for t in spots if t is not None]
        if d.get("limbo_token"):
            placed.append(d["limbo_token"])
        if sorted(placed + d["bag"]) != sorted(d["tokens"]) or len(set(placed + d["bag"])) != len(placed + d["bag"]):
            out.append("destruction tokens are not conserved between the bag and the village")
        if any(v < 0 for v in d["army"].values()) or d["killed"] < 0:
            out.append("negative army")
        if any(v < 0 for v in d["gear_supply"].values()):
            out.append("negative gear supply")
        if sum(len(x) for x in d["dice"]) > self.C.village["dice_cap"]:
            out.append("more than 16 Guardian Dice rolled")
        return out

    # ------------------------------------------------------------------ legal actions
    def _legal(self) -> list[Action]:
        d = self.d
        outer, self._lm = self._lm, {}
        try:
            if d["subs"]:
                return self._legal_sub(d["subs"][-1])
            return _LEGAL_BY_PHASE[d["phase"]](self)
        finally:
            self._lm = outer

    def _gold(self, seat: int) -> int:
        """rules.gold_of, kept for the rest of a listing."""
        lm = self._lm
        if lm is None:
            return R.gold_of(self.d, self.C, seat)
        key = ("gold", seat)
        got = lm.get(key)
        if got is None:
            got = lm[key] = R.gold_of(self.d, self.C, seat)
        return got

    def _apply(self, action: Action) -> list[Event]:
        return _QUIET.apply(self, self._apply_events, action)

    def _apply_events(self, action: Action) -> list[Event]:
        d = self.d
        if d["subs"]:
            events = self._apply_sub(d["subs"][-1], action)
        else:
            events = _DO_BY_PHASE[d["phase"]](self, action)
        events += self._advance()
        return events

    # ---- boards
    def _legal_boards(self):
        seat = self.d["queue"][0]
        taken = {p["board"] for p in self.d["p"] if p["board"]}
        return [A("pick_board", f"board:{b}", f"hero:{seat}") for b in PRESTIGE if b not in taken]

    def _do_boards(self, a):
        seat = self.d["queue"].pop(0)
        self.d["p"][seat]["board"] = a.source.split(":")[1]
        return [_E("info", "board", {"seat": seat, "board": self.d["p"][seat]["board"]}, source=a.source, target=a.target)]

    # ---- dice
    def _start_dice(self) -> list[Event]:
        d = self.d
        n = self.players
        per = self.threat_level()
        cap = self.C.village["dice_cap"]
        d["dice"] = [[] for _ in range(n)]
        if per * n > cap:
            d["dice_each"] = cap // n
            d["extra_left"] = cap - (cap // n) * n
            d["extra"] = []
            d["phase"] = "extra"
            return [_E("info", "dice_cap", {"per": per, "each": cap // n, "extra": d["extra_left"]})]
        d["dice_each"] = per
        d["extra"] = []
        d["extra_left"] = 0
        d["phase"] = "roll"
        d["queue"] = list(range(n))
        return []

    def _legal_extra(self):
        return [A("extra_die", None, f"hero:{s}") for s in range(self.players) if s not in self.d["extra"]]

    def _do_extra(self, a):
        d = self.d
        seat = int(a.target.split(":")[1])
        d["extra"].append(seat)
        d["extra_left"] -= 1
        if d["extra_left"] == 0:
            d["phase"] = "roll"
            d["queue"] = list(range(self.players))
        return [_E("info", "extra_die", {"seat": seat}, target=a.target)]

    def _legal_roll(self):
        seat = self.d["queue"][0]
        return [_seat_action("roll", seat)]

    def _do_roll(self, a):
        d = self.d
        seat = d["queue"].pop(0)
        count = d["dice_each"] + (1 if seat in d["extra"] else 0)
        faces = self.C.village["die_faces"]
        d["dice"][seat] = [{"face": faces[self.rng.randrange(len(faces))], "done": False} for _ in range(count)]
        if not d["queue"]:
            d["phase"] = "resolve"
            d["queue"] = [s for s in range(self.players) if d["dice"][s]]
        return [_E("roll", "rolled", {"seat": seat, "faces": [x["face"] for x in d["dice"][seat]]}, source=a.source)]

    def _legal_resolve(self):
        seat = self.d["queue"][0]
        out, faces = [], set()
        for i, die in enumerate(self.d["dice"][seat]):
            if not die["done"] and die["face"] not in faces:
                faces.add(die["face"])
                out.append(_die_action(seat, i))
        return out

    def _do_resolve(self, a):
        d = self.d
        _, seat, i = a.source.split(":")
        seat, i = int(seat), int(i)
        die = d["dice"][seat][i]
        die["done"] = True
        events = [_E("info", "die", {"seat": seat, "face": die["face"]}, source=a.source)]
        events += self._face(seat, die["face"])
        if all(x["done"] for x in d["dice"][seat]):
            d["queue"].pop(0)
        return events

    def _face(self, seat: int, face: str) -> list[Event]:
        d = self.d
        if face in ("foot1", "foot2"):
            d["army"]["foot"] += 1 if face == "foot1" else 2
            return [_E("info", "army", {"foot": d["army"]["foot"], "x": d["army"]["x"]})]
        if face == "x":
            d["army"]["x"] += 1
            return [_E("info", "army", {"foot": d["army"]["foot"], "x": d["army"]["x"]})]
        if face == "wound":
            return self._wound(seat, 1, "die")
        if face == "plus1":
            if self._menace("no_plus_one"):
                return [_E("info", "plus_one_blocked", {"seat": seat})]
            return self._draw(seat, 1)
        if face == "trophy":
            return self._trophy(seat)
        g = self.C.guardians[d["guardian"]]
        eff = (g["lair_triangles"] if d["side"] == "lair" else g["triangles"])[face]
        return self._guardian_effect(seat, eff)

    def _guardian_effect(self, seat: int, eff: dict) -> list[Event]:
        d = self.d
        op, n = eff["op"], eff.get("n", 0)
        if op == "army":
            d["army"]["foot"] += eff.get("foot", 0)
            d["army"]["x"] += eff.get("x", 0)
            return [_E("info", "army", {"foot": d["army"]["foot"], "x": d["army"]["x"]})]
        if op == "discard":
            return self._ask_discard(seat, n)
        if op == "wound_and_discard":
            return self._wound(seat, n, "triangle") + self._ask_discard(seat, n)
        if op == "darkness":
            d["mods"]["l3_dark"] = d["mods"].get("l3_dark", 0) + n
            return [_E("info", "darker", {"level": 3, "n": n})]
        if op == "guardian_darkness":
            d["mods"]["guardian_dark"] = d["mods"].get("guardian_dark", 0) + n
            return [_E("info", "darker_guardian", {"n": n})]
        if op == "xp":
            d["p"][seat]["xp"] += n
            return [_E("score", "xp", {"seat": seat, "n": n}, target=f"hero:{seat}")]
        if op == "wound":
            return self._wound(seat, n, "triangle")
        if op == "light":
            d["p"][seat]["buff"]["lt"] = d["p"][seat]["buff"].get("lt", 0) + n
            return [_E("info", "light_mod", {"seat": seat, "n": n})]
        if op == "draw":
            return self._draw(seat, n)
        if op == "treasure":
            t = self._draw_treasure()
            if t is None:
                return []
            d["p"][seat]["hand"].append(t)
            return [_E("draw", "treasure", {"seat": seat, "card": self.key(t)}, source="treasures", target=f"hand:{seat}")]
        if op == "wound_card":
            return self._wound_card(seat, n)
        if op == "no_gear":
            d["mods"]["no_gear"] = 1
            return [_E("info", "no_gear", {})]
        if op == "heal":
            return self._heal(seat, n)
        raise ValueError(f"unknown Guardian effect {op!r}")

    def _ask_discard(self, seat: int, n: int) -> list[Event]:
        hand = self.d["p"][seat]["hand"]
        if not hand:
            return []
        self.d["subs"].append({"kind": "discard", "seat": seat, "n": min(n, len(hand))})
        return []

    def _trophy(self, seat: int) -> list[Event]:
        p = self.d["p"][seat]
        t = self.C.boards[p["board"]]["trophy"]
        strong = p["rank"] >= 3
        n = t["r3"] if strong else t["n"]
        op = t["op"]
        events = [_E("info", "trophy", {"seat": seat, "board": p["board"]})]
        if op == "attack":
            p["buff"]["a"] = p["buff"].get("a", 0) + n
        elif op == "light":
            p["buff"]["lt"] = p["buff"].get("lt", 0) + n
        elif op == "barricade_discount":
            p["buff"]["barricade"] = p["buff"].get("barricade", 0) + n
        elif op == "heal":
            events += self._heal(seat, t["n"])
            if strong:
                self.d["subs"].append({"kind": "heal_target", "seat": seat, "n": t["r3"]})
        elif op == "draw":
            events += self._draw(seat, n)
            if strong:
                events += self._ask_discard(seat, 1)
        elif op == "gear_pick":
            self.d["subs"].append({"kind": "gear_pick", "seat": seat, "give": strong})
        return events

    # ---- placement
    def _legal_place(self):
        d = self.d
        seat = d["queue"][0]
        p = d["p"][seat]
        src = f"champion:{seat}"
        out = []
        taken = {q["spot"] for q in d["p"] if q["spot"]}
        visit_xp = self._adv_counts().get("visit_xp")    # none lying anywhere: no visit costs XP
        for loc in LOCATIONS:
            cost_xp = self._adv_loc("visit_xp", loc, seat) if visit_xp else 0
            if cost_xp and p["xp"] < cost_xp:
                continue
            for k, tok in enumerate(d["spots"][loc]):
                if tok is not None:
                    continue
                spot = _spot_name(loc, k)
                if spot not in taken:
                    out.append(A("place", src, "spot:" + spot))
                    break  # the spots of a location are interchangeable: offer the first free one
        out.append(_seat_action("place_village", seat))
        if p["pos"] != "village":
            out.append(A("place", src, room_id(p["pos"])))
        return out

    def _do_place(self, a):
        d = self.d
        seat = d["queue"].pop(0)
        p = d["p"][seat]
        events = []
        if a.target.startswith("spot:"):
            spot = a.target[5:]
            loc = spot.split(":")[0]
            cost_xp = self._adv_loc("visit_xp", loc, seat)
            if cost_xp:
                p["xp"] -= cost_xp
                events.append(_E("score", "visit_xp", {"seat": seat, "n": cost_xp, "loc": loc}))
            p["spot"], p["plan"], p["pos"] = spot, "both", "village"
            events.append(_E("move", "placed", {"seat": seat, "loc": loc}, source=a.source, target=a.target))
        elif a.target == "village":
            p["spot"], p["plan"], p["pos"] = None, "both", "village"
            events.append(_E("move", "placed_village", {"seat": seat}, source=a.source, target=a.target))
        else:
            p["spot"], p["plan"] = None, "dungeon"
            events.append(_E("move", "stays", {"seat": seat, "room": p["pos"]}, source=a.source, target=a.target))
        if not d["queue"]:
            d["phase"] = "village"
            d["queue"] = [s for s in range(self.players) if d["p"][s]["plan"] == "both"]
            d["yields"] = {}
            d["pledges"] = {}
            if not d["queue"]:
                events += self._start_party()
        return events

    # ---- village
    def _loc_of(self, seat: int) -> str | None:
        spot = self.d["p"][seat]["spot"]
        return spot.split(":")[0] if spot else None

    def _buys_allowed(self, seat: int) -> int:
        n = 1
        table = R.op_table(self.C, "buy")
        if table:
            kinds, p = self.d["cards"], self.d["p"][seat]
            for c in p["hand"]:
                n += table.get(kinds[c], 0)
            for c, _owner in p["borrowed"]:
                n += table.get(kinds[c], 0)
        return n

    def _level_targets(self, seat: int, cid: str) -> list[str]:
        card = self.card(cid)
        if card["type"] != "hero" or card["no_level_up"] or card["level"] >= 3:
            return []
        if card["level"] == 0:
            return [f"heroes:{h}:1" for h in sorted(self.d["hstacks"]) if self.d["hstacks"][h]["1"]]
        h = card["hero"]
        nxt = str(card["level"] + 1)
        return [f"heroes:{h}:{nxt}"] if h in self.d["hstacks"] and self.d["hstacks"][h][nxt] else []

    def _level_cost(self, seat: int, cid: str) -> int:
        return self.C.level_up_xp[self.card(cid)["level"]] + self._adv_active("level_up_cost", seat)

    def _level_actions(self, seat: int) -> list[Action]:
        p = self.d["p"][seat]
        out = []
        if p["xp"] < _min_level_xp(self.C):     # not even the cheapest level-up (tokens only add to it)
            return out
        done = set()
        gold = self._gold(seat) if self.d["phase"] == "village" else None
        kinds, cards = self.d["cards"], self.C.cards
        for cid in p["hand"]:
            k = kinds[cid]
            if k in done:               # a second card of a kind answers as the first did
                continue
            done.add(k)
            card = cards[k]
            if card["type"] != "hero" or card["no_level_up"] or card["level"] >= 3 or \
                    (gold is not None and card["au"] > gold):
                continue
            if p["xp"] < self._level_cost(seat, cid):     # too little XP: no need to look at the stacks
                continue
            out += [A("level_up", cid, t) for t in self._level_targets(seat, cid)]
        return out

    def _rank_cost(self, seat: int, k: int) -> int:
        p = self.d["p"][seat]
        costs = self.C.rank_costs
        extra = self._adv_active("rank_cost", seat)
        return sum(costs[r] + extra for r in range(p["rank"], p["rank"] + k))

    def _double_ok(self, seat: int) -> bool:
        p = self.d["p"][seat]
        cond = self.C.boards[p["board"]]["double"]
        f = p["flags"]
        if cond == "healed_2":
            return f.get("healed", 0) >= 2
        if cond == "two_spells":
            return f.get("spells", 0) >= 2
        flag = _DOUBLE_FLAGS.get(cond)
        return bool(f.get(flag, False)) if flag else False

    def _train_actions(self, seat: int) -> list[Action]:
        p = self.d["p"][seat]
        out = []
        costs = self.C.rank_costs
        if p["trained"] or p["rank"] >= len(costs) or p["xp"] < costs[p["rank"]]:
            return out          # (advanced tokens only ever add to a rank's cost)
        if p["xp"] >= self._rank_cost(seat, 1):
            out.append(A("train", f"board:{p['board']}", f"hero:{seat}", ranks=1))
        if p["rank"] + 2 <= len(self.C.rank_costs) and self._double_ok(seat) and p["xp"] >= self._rank_cost(seat, 2):
            out.append(A("train", f"board:{p['board']}", f"hero:{seat}", ranks=2))
        return out

    def _use_actions(self, seat: int, when: str) -> list[Action]:
        p = self.d["p"][seat]
        out, seen = [], set()
        cards, kinds = self.C.cards, self.d["cards"]
        for cid in p["hand"]:
            card = cards[kinds[cid]]
            if not card["once"] or card["key"] in seen:
                continue
            use = card["use"]
            ok = use in ("heal", "xp") or (when == "village" and use == "barricade") or \
                (when == "dungeon" and use in ("light", "battle_magic", "battle_party_attack"))
            if use == "heal" and not self._wounded(seat):
                ok = False
            if ok:
                seen.add(card["key"])
                out.append(A("use", cid))
        if not self.d["mods"].get("no_gear"):
            if p["gear"]["potion"] and self._wounded(seat):
                out.append(A("gear", f"gear:potion:{seat}"))
            if when == "dungeon":
                for g in ("lantern", "rations"):
                    if p["gear"][g]:
                        out.append(A("gear", f"gear:{g}:{seat}"))
        return out

    def _barricade_discount(self, seat: int) -> int:
        p = self.d["p"][seat]
        n = p["buff"].get("barricade", 0)
        table = R.op_table(self.C, "barricade_discount")
        kinds = self.d["cards"]
        for c in R.hand_cards(self.d, seat):
            n += table.get(kinds[c], 0)
        n += sum(e["n"] for e in R.rank_effects(self.C, p) if e["op"] == "barricade_discount")
        return n

    def barricade_left(self, loc: str) -> int:
        """Gold still missing to build the barricade of ``loc`` after this turn's pledges and discounts."""
        pl = self.d["pledges"].get(loc, {})
        return self.barricade_cost() - sum(v["gold"] + v["disc"] for v in pl.values())

    def _legal_village(self):
        d = self.d
        seat = d["queue"][0]
        p = d["p"][seat]
        C = self.C
        out = []
        gold = self._gold(seat)
        if p["buys"] < self._buys_allowed(seat):
            market, hstacks = d["market"], d["hstacks"]
            key = (tuple(market), tuple(hstacks), seat)
            offers = _BUY_OFFERS.get(key)
            if offers is None or offers[0] is not C:    # this game's stacks, sorted, with their costs and actions
                to = f"discard:{seat}"
                if len(_BUY_OFFERS) >= 5_000:
                    _BUY_OFFERS.clear()
                offers = _BUY_OFFERS[key] = (
                    C, tuple((k, C.cards[k]["cost"], A("buy", "market:" + k, to)) for k in sorted(market)),
                    tuple((h, C.heroes[h]["cost"], A("buy", f"heroes:{h}:1", to)) for h in sorted(hstacks)))
            for k, cost, act in offers[1]:
                if market[k] and gold >= cost:
                    out.append(act)
            for h, cost, act in offers[2]:
                if hstacks[h]["1"] and gold >= cost:
                    out.append(act)
        spot = p["spot"]
        loc = spot.split(":")[0] if spot else None
        if not p["leveled"] and loc != "guild":
            out += self._level_actions(seat)
        if gold >= C.village["heal_cost"] and self._wounded(seat):
            out.append(_seat_action("heal", seat))
        out += self._train_actions(seat)
        ops = R._ranks(C, p)[1]
        if p["rank"] >= 1 and "heal" in ops and not p["flags"].get("village_heal"):
            targets = range(self.players) if "sanctuary" in ops else [seat]
            out += [A("rank_heal", f"board:{p['board']}", f"hero:{t}") for t in targets if self._wounded(t)]
        if "destroy" in ops and not p["flags"].get("destroyed"):
            out += [A("destroy", c) for c in self._distinct(p["hand"], spare_for=seat)]
        out += self._use_actions(seat, "village")
        if loc is not None:
            visits = 2 if (loc == "marketplace" and "diplomacy" in ops) else 1
            if loc == "marketplace" and p["visits"] < visits:
                out.append(_seat_action("market_draw", seat))
                kinds = d["cards"]
                for t in range(self.players):
                    if t == seat:
                        continue
                    out += self._handover_actions(seat, t, ("lend", "give"))
                    if any(kinds[c] != "wound" for c in d["p"][t]["hand"]):
                        out.append(_pair_action("borrow", t, seat))
            elif loc == "bazaar":
                for g in GEAR:
                    if d["gear_supply"][g] and gold >= self._gear_cost(seat, g):
                        out.append(_pair_action("buy_gear", g, seat))
            elif loc == "temple" and p["visits"] < 1:
                wc = sum(1 for c in p["hand"] if self.key(c) == "wound")
                n = self._temple_heal(seat)
                for k in range(0, min(n, wc) + 1):
                    out.append(A("temple", f"loc:temple", f"hero:{seat}", cards=k))
            elif loc == "shop":
                if gold >= self._treasure_cost(seat) and (d["tdeck"] or d["tdiscard"]):
                    out.append(_seat_action("shop", seat))
            if not d["barricades"][loc] and str(seat) not in d["pledges"].get(loc, {}):
                if gold > 0 or self._barricade_discount(seat) > 0:
                    out.append(_pair_action("fund", seat, loc))
        if not d["options_one"] and len(d["queue"]) > 1 and d["yields"].get(str(seat), 0) < 2:
            out.append(_seat_action("yield", seat))
        out.append(_seat_action("end_village", seat))
        return out

    def _distinct(self, cids: list[str], lendable: bool = False, spare_for: int | None = None) -> list[str]:
        """One card of each kind; ``lendable`` drops Wound cards; ``spare_for`` (a seat, in the village)
        drops cards whose gold that seat has already spent."""
        out, seen = [], set()
        gold = self._gold(spare_for) if spare_for is not None and self.d["phase"] == "village" else None
        for c in cids:
            k = self.key(c)
            if k in seen or (lendable and k == "wound"):
                continue
            if gold is not None and self.C.cards[k]["au"] > gold:
                continue
            seen.add(k)
            out.append(c)
        return out

    def _gear_cost(self, seat: int, g: str) -> int:
        cost = self.C.village["gear"][g]["cost"] + self._adv_active("gear_cost", seat)
        cost -= sum(e["n"] for e in R.rank_effects(self.C, self.d["p"][seat]) if e["op"] == "bazaar_discount")
        return max(0, cost)

    def _treasure_cost(self, seat: int) -> int:
        return self.C.village["shop"]["cost"] + self._adv_active("treasure_cost", seat)

    def _temple_heal(self, seat: int) -> int:
        return max(0, self.C.village["temple_heal"] + self._adv_active("temple_heal", seat))

    def _do_village(self, a):
        d = self.d
        seat = d["queue"][0]
        p = d["p"][seat]
        C = self.C
        k = a.kind
        if k == "buy":
            parts = a.source.split(":")
            if parts[0] == "market":
                cid = d["market"][parts[1]].pop()
                cost = C.cards[parts[1]]["cost"]
            else:
                cid = d["hstacks"][parts[1]]["1"].pop()
                cost = C.heroes[parts[1]]["cost"]
            p["gold_used"] += cost
            p["buys"] += 1
            p["discard"].append(cid)
            return [_E("move", "bought", {"seat": seat, "card": self.key(cid), "cost": cost}, source=a.source, target=a.target)]
        if k == "level_up":
            return self._level_up(seat, a.source, a.target)
        if k == "heal":
            p["gold_used"] += C.village["heal_cost"]
            return self._heal(seat, 1)
        if k == "train":
            return self._train(seat, a.get("ranks"))
        if k == "rank_heal":
            p["flags"]["village_heal"] = True
            return self._heal(int(a.target.split(":")[1]), 1)
        if k == "destroy":
            p["flags"]["destroyed"] = True
            p["hand"].remove(a.source)
            d["destroyed"].append(a.source)
            return [_E("move", "destroyed", {"seat": seat, "card": self.key(a.source)}, source=a.source)]
        if k in ("use", "gear"):
            return self._use(seat, a)
        if k == "market_draw":
            p["visits"] += 1
            return self._draw(seat, 1)
        if k in ("lend", "give"):
            p["visits"] += 1
            return self._hand_over(seat, int(a.target.split(":")[1]), a.source, k == "give", bool(a.get("pair")))
        if k == "borrow":
            p["visits"] += 1
            lender = int(a.source.split(":")[1])
            d["subs"].append({"kind": "lend_pick", "seat": lender, "to": seat})
            return [_E("info", "borrow_asked", {"seat": seat, "other": lender})]
        if k == "buy_gear":
            g = a.source.split(":")[1]
            p["gold_used"] += self._gear_cost(seat, g)
            d["gear_supply"][g] -= 1
            p["gear"][g] += 1
            return [_E("move", "gear", {"seat": seat, "gear": g}, source=a.source, target=a.target)]
        if k == "temple":
            p["visits"] += 1
            n = self._temple_heal(seat)
            cards = a.get("cards")
            events = []
            tokens = min(p["wounds"], n - cards)
            p["wounds"] -= tokens
            for _ in range(cards):
                wc = next(c for c in p["hand"] if self.key(c) == "wound")
                p["hand"].remove(wc)
                d["wound_deck"].append(wc)
            extra = sum(e["n"] for e in R.rank_effects(C, p) if e["op"] == "temple_wound_card")
            for _ in range(extra):
                wc = next((c for c in p["hand"] + p["discard"] if self.key(c) == "wound"), None)
                if wc:
                    (p["hand"] if wc in p["hand"] else p["discard"]).remove(wc)
                    d["wound_deck"].append(wc)
                    cards += 1
            if tokens + cards:
                p["flags"]["healed"] = p["flags"].get("healed", 0) + tokens + cards
                events.append(_E("score", "healed", {"seat": seat, "n": tokens + cards}, target=f"hero:{seat}"))
            if p["hand"]:
                d["subs"].append({"kind": "temple_after", "seat": seat})
            return events
        if k == "shop":
            p["gold_used"] += self._treasure_cost(seat)
            d["stats"]["treasure_bought"] = True
            drawn = [t for t in (self._draw_treasure() for _ in range(C.village["shop"]["draw"])) if t]
            d["limbo"] += drawn
            d["subs"].append({"kind": "keep", "seat": seat, "cards": drawn})
            return [_E("draw", "shop", {"seat": seat, "cards": [self.key(c) for c in drawn]}, source="treasures")]
        if k == "fund":
            return self._fund(seat, a.target.split(":")[1])
        if k == "yield":
            d["yields"][str(seat)] = d["yields"].get(str(seat), 0) + 1
            d["queue"].append(d["queue"].pop(0))
            return [_E("info", "yield", {"seat": seat})]
        if k == "end_village":
            d["queue"].pop(0)
            p["done_village"] = True
            events = [_E("info", "village_done", {"seat": seat})]
            if not d["queue"]:
                d["pledges"] = {}
                events += self._start_party()
            return events
        raise ValueError(k)

    def _level_up(self, seat: int, cid: str, target: str, free: bool = False) -> list[Event]:
        d = self.d
        p = d["p"][seat]
        _, h, lvl = target.split(":")
        if not free:
            p["xp"] -= self._level_cost(seat, cid)
        new = d["hstacks"][h][lvl].pop()
        (p["hand"] if cid in p["hand"] else p["discard"]).remove(cid)
        d["destroyed"].append(cid)
        p["discard"].append(new)
        if not free:
            p["leveled"] = True   # level-ups granted by effects are extra
        return [_E("move", "level_up", {"seat": seat, "old": self.key(cid), "new": self.key(new)}, source=cid, target=target)]

    def _train(self, seat: int, k: int) -> list[Event]:
        p = self.d["p"][seat]
        p["xp"] -= self._rank_cost(seat, k)
        p["rank"] += k
        p["trained"] = True
        return [_E("score", "rank", {"seat": seat, "rank": p["rank"], "board": p["board"]}, target=f"board:{p['board']}")]

    def _use(self, seat: int, a: Action) -> list[Event]:
        p = self.d["p"][seat]
        if a.kind == "gear":
            g = a.source.split(":")[1]
            p["gear"][g] -= 1
            self.d["gear_supply"][g] += 1
            ev = [_E("move", "gear_used", {"seat": seat, "gear": g}, source=a.source)]
            if g == "potion":
                return ev + self._heal(seat, 1)
            if g == "lantern":
                p["buff"]["lt"] = p["buff"].get("lt", 0) + 1
            else:
                p["buff"]["rations"] = p["buff"].get("rations", 0) + 1
            return ev
        cid = a.source
        card = self.card(cid)
        p["hand"].remove(cid)
        self.d["tdiscard"].append(cid)
        ev = [_E("move", "used", {"seat": seat, "card": card["key"]}, source=cid)]
        use, n = card["use"], card["n"]
        if use == "heal":
            return ev + self._heal(seat, n)
        if use == "xp":
            p["xp"] += n
            return ev + [_E("score", "xp", {"seat": seat, "n": n}, target=f"hero:{seat}")]
        field = {"barricade": "barricade", "light": "lt", "battle_magic": "m", "battle_party_attack": "party_a_per_member"}[use]
        p["buff"][field] = p["buff"].get(field, 0) + n
        return ev

    def _partner(self, seat: int, cid: str) -> str | None:
        """The card that may go along with ``cid`` when it is lent or given (Joba with Bree), if in hand."""
        want = self.card(cid)["lend_with"]
        if not want:
            return None
        return next((c for c in self.d["p"][seat]["hand"] if self.key(c) == want), None)

    def _handover_actions(self, seat: int, taker: int, kinds: tuple[str, ...]) -> list[Action]:
        """Lend/give actions of ``seat``'s hand cards to ``taker``: each card alone, and a card with the partner
        it may go with (``pair=True``) as a separate choice. In the village a card (and its partner) whose gold
        the seat has already spent cannot leave the hand: the gold would be spent twice."""
        items = self._lm.get(("handover", seat)) if self._lm is not None else None
        if items is None:               # the cards (and whether each goes with its partner): the same for every taker
            d = self.d
            gold = self._gold(seat) if d["phase"] == "village" else None
            items = []
            for c in self._distinct(d["p"][seat]["hand"], lendable=True, spare_for=seat):
                partner = self._partner(seat, c)
                items.append((c, partner is not None and (gold is None or self.card(c)["au"] + self.card(partner)["au"] <= gold)))
            items = tuple(items)
            if self._lm is not None:
                self._lm[("handover", seat)] = items
        key = (items, taker, kinds)
        built = _HANDOVERS.get(key)
        if built is None:
            out = []
            to = f"hero:{taker}"
            for c, pair in items:
                for kind in kinds:
                    out.append(A(kind, c, to))
                    if pair:
                        out.append(A(kind, c, to, pair=True))
            if len(_HANDOVERS) >= 20_000:
                _HANDOVERS.clear()
            built = _HANDOVERS[key] = tuple(out)
        return list(built)

    def _hand_over(self, giver: int, taker: int, cid: str, give: bool, pair: bool = False) -> list[Event]:
        d = self.d
        gp, tp = d["p"][giver], d["p"][taker]
        gp["flags"]["gave"] = True
        moved = [cid]
        card = self.card(cid)
        partner = self._partner(giver, cid) if pair else None
        if partner:
            moved.append(partner)
        for c in moved:
            gp["hand"].remove(c)
            if give:
                tp["hand"].append(c)
            else:
                tp["borrowed"].append([c, giver])
        if partner:
            return [_E("move", "given_pair" if give else "lent_pair", {"seat": giver, "other": taker, "card": card["key"],
                                                                      "partner": self.key(partner)},
                       source=cid, target=f"hero:{taker}")]
        return [_E("move", "given" if give else "lent", {"seat": giver, "other": taker, "card": card["key"]},
                   source=cid, target=f"hero:{taker}")]

    def _fund(self, seat: int, loc: str) -> list[Event]:
        d = self.d
        p = d["p"][seat]
        disc = self._barricade_discount(seat)
        left = self.barricade_left(loc) - disc
        gold = min(max(0, left), R.gold_of(d, self.C, seat))
        d["pledges"].setdefault(loc, {})[str(seat)] = {"gold": gold, "disc": disc}
        events = [_E("info", "pledge", {"seat": seat, "gold": gold, "loc": loc}, source=f"gold:{seat}", target=f"barricade:{loc}")]
        if self.barricade_left(loc) <= 0:
            for s, v in d["pledges"][loc].items():
                q = d["p"][int(s)]
                q["gold_used"] += v["gold"]
                q["flags"]["helped_build"] = True
                q["buff"].pop("barricade", None)
            d["pledges"][loc] = {}
            d["barricades"][loc] = True
            built = sum(1 for v in d["barricades"].values() if v)
            d["stats"]["max_built"] = max(d["stats"]["max_built"], built)
            events.append(_E("flip", "barricade_built", {"loc": loc}, target=f"barricade:{loc}"))
        return events

    # ---- subs
    def _legal_sub(self, sub: dict) -> list[Action]:
        d = self.d
        seat = sub["seat"]
        p = d["p"][seat]
        kind = sub["kind"]
        if kind == "discard":
            return [A("discard", c, f"discard:{seat}") for c in self._distinct(p["hand"])]
        if kind == "heal_target":
            targets = [t for t in sub.get("among", range(self.players)) if self._wounded(t)] or [seat]
            return [A("heal_target", f"hero:{seat}", f"hero:{t}") for t in targets]
        if kind == "gear_pick":
            gears = sub.get("choices", GEAR)
            targets = range(self.players) if sub.get("give") else [seat]
            return [A("take_gear", f"gear:{g}", f"hero:{t}") for g in gears if d["gear_supply"][g] for t in targets] \
                or [A("take_gear", "gear:none", f"hero:{seat}")]
        if kind == "lend_pick":
            return self._handover_actions(seat, sub["to"], ("lend",)) \
                or [A("refuse", f"hand:{seat}", f"hero:{sub['to']}")]
        if kind == "temple_after":
            out = [A("prep", c, f"prepped:{seat}") for c in self._distinct(p["hand"], spare_for=seat)]
            out += [A("temple_destroy", c) for c in self._distinct(p["hand"], spare_for=seat)]
            return out + [A("temple_skip", "loc:temple")]
        if kind == "keep":
            return [A("keep", c, f"hand:{seat}") for c in sub["cards"]]
        if kind == "token_spot":
            return [A("place_token", sub["token"], f"spot:{sp}") for sp in self.token_spots(sub["token"])]
        if kind == "wield":
            return [A("wield", f"hero:{seat}", room_id(sub["room"]), plan=self._plan_text(o["plan"]), a=o["a"], m=o["m"],
                      cut=o["cut"]) for o in R.wield_options(d, self.C, seat)]
        if kind == "reward":
            item = sub["items"][0]
            src = item["cid"] if item.get("cid") else f"reward:{item['what']}"
            return [A("reward", src, f"hero:{t}") for t in sub["members"]]
        if kind == "free_level":
            out = []
            for cid in self._distinct([c for c in p["hand"] + p["discard"] if self.card(c)["level"] == 0
                                       and self.card(c)["type"] == "hero" and not self.card(c)["no_level_up"]]):
                out += [A("level_up", cid, t, free=True) for t in self._level_targets(seat, cid)]
            return out + [A("skip", f"champion:{seat}")]
        raise ValueError(kind)

    def _apply_sub(self, sub: dict, a: Action) -> list[Event]:
        d = self.d
        seat = sub["seat"]
        p = d["p"][seat]
        kind = sub["kind"]
        if kind == "discard":
            p["hand"].remove(a.source)
            p["discard"].append(a.source)
            sub["n"] -= 1
            if sub["n"] <= 0 or not p["hand"]:
                d["subs"].pop()
            return [_E("move", "discarded", {"seat": seat, "card": self.key(a.source)}, source=a.source, target=a.target)]
        d["subs"].pop()
        if kind == "heal_target":
            return self._heal(int(a.target.split(":")[1]), sub["n"])
        if kind == "gear_pick":
            if a.source == "gear:none":
                return []
            g = a.source.split(":")[1]
            t = int(a.target.split(":")[1])
            d["gear_supply"][g] -= 1
            d["p"][t]["gear"][g] += 1
            if t != seat:
                p["flags"]["gave"] = True
            return [_E("move", "gear", {"seat": t, "gear": g}, source=a.source, target=a.target)]
        if kind == "lend_pick":
            if a.kind == "refuse":
                return [_E("info", "nothing_to_lend", {"seat": seat})]
            return self._hand_over(seat, sub["to"], a.source, False, bool(a.get("pair")))
        if kind == "temple_after":
            if a.kind == "prep":
                p["hand"].remove(a.source)
                p["prepped"].append(a.source)
                return [_E("move", "prepped", {"seat": seat, "card": self.key(a.source)}, source=a.source, target=a.target)]
            if a.kind == "temple_destroy":
                p["hand"].remove(a.source)
                if self.key(a.source) == "wound":
                    d["wound_deck"].append(a.source)
                else:
                    d["destroyed"].append(a.source)
                return [_E("move", "destroyed", {"seat": seat, "card": self.key(a.source)}, source=a.source)]
            return []
        if kind == "keep":
            for c in sub["cards"]:
                d["limbo"].remove(c)
                if c == a.source:
                    p["hand"].append(c)
                else:
                    d["tdeck"].insert(0, c)
            return [_E("move", "kept", {"seat": seat, "card": self.key(a.source)}, source=a.source, target=a.target)]
        if kind == "token_spot":
            return self._after_token(self._put_token(sub["token"], a.target[5:]), sub.get("why", "army"))
        if kind == "wield":
            plan = [pair.split(">") for pair in a.get("plan").split(",")] if a.get("plan") else []
            p["wield"] = plan
            return [_E("info", "wielded", {"seat": seat, "cards": [self.key(w) for w, _h in plan],
                                           "a": a.get("a"), "m": a.get("m")}, source=f"hero:{seat}")]
        if kind == "reward":
            item = sub["items"].pop(0)
            t = int(a.target.split(":")[1])
            ev = self._give_reward(t, item)
            if sub["items"]:
                d["subs"].append(sub)
            return ev
        if kind == "free_level":
            if a.kind == "skip":
                return []
            return self._level_up(seat, a.source, a.target, free=True)
        raise ValueError(kind)

    @staticmethod
    def _plan_text(plan: list[list[str]]) -> str:
        """A wield plan as an action parameter: "card:w>card:h,..." (weapon, then the hero wielding it)."""
        return ",".join(f"{w}>{h}" for w, h in plan)

    def _give_reward(self, seat: int, item: dict) -> list[Event]:
        d = self.d
        p = d["p"][seat]
        if item["what"] == "xp":
            p["xp"] += 1
            return [_E("score", "xp", {"seat": seat, "n": 1}, target=f"hero:{seat}")]
        cid = item["cid"]
        d["limbo"].remove(cid)
        p["discard"].append(cid)
        return [_E("move", "reward", {"seat": seat, "card": self.key(cid)}, source=cid, target=f"discard:{seat}")]

    # ---- party and dungeon
    def _start_party(self) -> list[Event]:
        d = self.d
        d["phase"] = "party"
        d["groups"] = []
        d["queue"] = [s for s in range(self.players) if d["p"][s]["plan"] in ("both", "dungeon")]
        d["skip_party"] = []
        return self._skip_lonely()

    def _party_leaders(self, seat: int) -> list[int]:
        pos = self.d["p"][seat]["pos"]
        return [g["members"][0] for g in self.d["groups"] if self.d["p"][g["members"][0]]["pos"] == pos]

    def _skip_lonely(self) -> list[Event]:
        """A seat with nobody earlier at its start place forms its own group without being asked."""
        d = self.d
        while d["phase"] == "party" and d["queue"] and not self._party_leaders(d["queue"][0]):
            d["groups"].append({"members": [d["queue"].pop(0)], "waited": False, "late": []})
        if d["phase"] == "party" and not d["queue"]:
            return self._start_dungeon()
        return []

    def _legal_party(self):
        seat = self.d["queue"][0]
        return [A("join", f"champion:{seat}", f"champion:{l}") for l in self._party_leaders(seat)] + \
            [A("alone", f"champion:{seat}")]

    def _do_party(self, a):
        d = self.d
        seat = d["queue"].pop(0)
        events = []
        if a.kind == "join":
            leader = int(a.target.split(":")[1])
            g = next(g for g in d["groups"] if g["members"][0] == leader)
            g["members"].append(seat)
            events.append(_E("info", "party", {"seat": seat, "other": leader}, source=a.source, target=a.target))
        else:
            d["groups"].append({"members": [seat], "waited": False, "late": []})
        return events + self._skip_lonely()

    def _start_dungeon(self) -> list[Event]:
        d = self.d
        if not d["groups"]:
            return self._begin_end()
        d["phase"] = "dungeon"
        d["gi"] = 0
        return self._start_group()

    def _start_group(self) -> list[Event]:
        d = self.d
        d["dstep"] = "effects"
        d["dmember"] = 0
        events = []
        g = d["groups"][d["gi"]]
        for s in g["members"]:
            events += self._dungeon_effects(s, g["members"])
        return events

    def _dungeon_effects(self, seat: int, members: list[int]) -> list[Event]:
        """D1: a hero's Dungeon abilities (draws, heals) as the phase begins."""
        events = []
        n_draw = 0
        heals = []
        for c in list(R.hand_cards(self.d, seat)):
            for eff in self.card(c)["effects"]:
                if eff.get("when") == "dungeon" and eff["op"] == "draw":
                    n_draw += eff["n"]
                if eff.get("when") == "dungeon" and eff["op"] == "heal":
                    heals.append(eff["n"])
        if n_draw:
            events += self._draw(seat, n_draw)
        for n in heals:
            wounded = [m for m in members if self._wounded(m)]
            if len(wounded) == 1:
                events += self._heal(wounded[0], n)
            elif len(wounded) > 1:
                self.d["subs"].append({"kind": "heal_target", "seat": seat, "n": n, "among": list(members)})
        return events

    def _group(self) -> dict:
        return self.d["groups"][self.d["gi"]]

    def _group_pos(self) -> str:
        return self.d["p"][self._group()["members"][0]]["pos"]

    def group_light(self, members: list[int]) -> int:
        menaces = R.menace_ops(self.d, self.C)
        return sum(R.light_of(self.d, self.C, s, len(members), menaces) for s in members)

    def _legal_dungeon(self):
        d = self.d
        g = self._group()
        step = d["dstep"]
        if step == "effects":
            seat = g["members"][d["dmember"]]
            out = self._use_actions(seat, "dungeon")
            p = d["p"][seat]
            members = g["members"]
            if len(members) > 1:
                held = [gg for gg in GEAR if p["gear"][gg]] if not d["mods"].get("no_gear") else []
                for t in members:
                    if t == seat:
                        continue
                    if held:
                        out += [A("give_gear", f"gear:{gg}:{seat}", f"hero:{t}") for gg in held]
                    if not p["lent"]:
                        out += self._handover_actions(seat, t, ("lend", "give"))
            out.append(_seat_action("ready", seat))
            return out
        leader = g["members"][0]
        src = f"champion:{leader}"
        pos = self._group_pos()
        if step == "move":
            light = self.group_light(g["members"])
            passes = R.free_passes(d, self.C, g["members"])
            out = []
            for room, cost in R.move_costs(d, self.C, pos, passes):
                if cost <= light:
                    act = _MOVE_ACTIONS.get((leader, room, cost))
                    if act is None:
                        act = _MOVE_ACTIONS[(leader, room, cost)] = A("move", src, room_id(room), light=cost)
                    out.append(act)
            if pos != "village":
                out.append(A("stay", src, room_id(pos)))
            out.append(_seat_action("leave", leader))
            return out
        if step == "battle":
            out = []
            if R.monster_stats(d, self.C, pos) is not None:
                out.append(A("fight", src, room_id(pos)))
            if not d["options_one"]:
                if not g["waited"] and d["gi"] < len(d["groups"]) - 1:
                    out.append(A("wait", src))
                for other in d["groups"]:
                    if other is not g and other["waited"] and d["p"][other["members"][0]]["pos"] == pos:
                        out.append(A("join", src, f"champion:{other['members'][0]}"))
            for m in g["members"]:
                if R.has_rank_op(self.C, d["p"][m], "supply_lines") and not d["mods"].get("no_gear"):
                    out += [A("give_gear", f"gear:{gg}:{m}", f"hero:{t}") for gg in GEAR if d["p"][m]["gear"][gg]
                            for t in g["members"] if t != m]
            out.append(_seat_action("leave", leader))
            return out
        if step == "spoils":
            seat = g["members"][d["dmember"]]
            p = d["p"][seat]
            out = []
            if self._loc_of(seat) == "guild" and not p["leveled"]:
                out += self._level_actions(seat)
            out += self._train_actions(seat)
            out += self._use_actions(seat, "spoils")     # potions work any time: after the battle's wounds too
            out.append(_seat_action("done", seat))
            return out
        raise ValueError(step)

    def _do_dungeon(self, a):
        d = self.d
        g = self._group()
        step = d["dstep"]
        if step == "effects":
            seat = g["members"][d["dmember"]]
            if a.kind in ("use", "gear"):
                return self._use(seat, a)
            if a.kind == "give_gear":
                return self._give_gear(a)
            if a.kind in ("lend", "give"):
                d["p"][seat]["lent"] = True
                return self._hand_over(seat, int(a.target.split(":")[1]), a.source, a.kind == "give", bool(a.get("pair")))
            d["dmember"] += 1
            if d["dmember"] >= len(g["members"]):
                d["dstep"] = "move"
            return []
        leader = g["members"][0]
        if step == "move":
            if a.kind == "leave":
                return self._leave_group()
            if a.kind == "move":
                room = a.target[5:]
                for s in g["members"]:
                    d["p"][s]["pos"] = room
                ev = [_E("move", "moved", {"seat": leader, "room": room, "light": a.get("light"),
                                           "members": [m + 1 for m in g["members"]], "count": len(g["members"])},
                         source=a.source, target=a.target)]
            else:
                ev = []
            d["dstep"] = "battle"
            return ev
        if step == "battle":
            if a.kind == "leave":
                return self._leave_group()
            if a.kind == "give_gear":
                return self._give_gear(a)
            if a.kind == "wait":
                g["waited"] = True
                d["groups"].append(d["groups"].pop(d["gi"]))
                ev = [_E("info", "wait", {"seat": leader})]
                return ev + self._start_group_at_current()
            if a.kind == "join":
                host_leader = int(a.target.split(":")[1])
                host = next(x for x in d["groups"] if x["members"][0] == host_leader)
                g["late"] = host["late"] + g["members"]
                g["members"] = host["members"] + g["members"]
                g["waited"] = True
                d["groups"].remove(host)
                d["gi"] = d["groups"].index(g)
                d["dstep"] = "battle"
                return [_E("info", "party", {"seat": leader, "other": host_leader}, source=a.source, target=a.target)]
            return self._start_fight(g["members"], a.target[5:])
        if step == "spoils":
            seat = g["members"][d["dmember"]]
            if a.kind == "level_up":
                return self._level_up(seat, a.source, a.target)
            if a.kind == "train":
                return self._train(seat, a.get("ranks"))
            if a.kind in ("use", "gear"):
                return self._use(seat, a)
            d["dmember"] += 1
            if d["dmember"] >= len(g["members"]):
                return self._next_group()
            return []
        raise ValueError(step)

    def _start_group_at_current(self) -> list[Event]:
        """After a wait the group at the current index (the next one) starts, unless it has moved already."""
        g = self._group()
        if g["waited"]:
            self.d["dstep"] = "battle"
            return []
        return self._start_group()

    def _give_gear(self, a: Action) -> list[Event]:
        _, g, giver = a.source.split(":")
        giver = int(giver)
        t = int(a.target.split(":")[1])
        self.d["p"][giver]["gear"][g] -= 1
        self.d["p"][t]["gear"][g] += 1
        self.d["p"][giver]["flags"]["gave"] = True
        return [_E("move", "gear_given", {"seat": giver, "other": t, "gear": g}, source=a.source, target=a.target)]

    def _leave_group(self) -> list[Event]:
        g = self._group()
        return [_E("info", "left_dungeon", {"seat": g["members"][0]})] + self._next_group()

    def _next_group(self) -> list[Event]:
        d = self.d
        d["gi"] += 1
        if d["gi"] >= len(d["groups"]):
            return self._begin_end()
        g = self._group()
        if g["waited"]:
            d["dstep"] = "battle"
            return []
        return self._start_group()

    def _start_fight(self, members: list[int], room: str) -> list[Event]:
        """Before the numbers are summed, each member whose weapons can be wielded in more than one way worth
        choosing says how (a ``wield`` question, members in party order); then the battle is fought."""
        d = self.d
        options = {s: R.wield_options(d, self.C, s) for s in members}
        asks = [s for s in members if len(options[s]) > 1]
        if not asks:
            return self._battle(members, room, options)
        d["fight"] = {"members": list(members), "room": room}
        for s in reversed(asks):
            d["subs"].append({"kind": "wield", "seat": s, "room": room})
        return []

    def _battle(self, members: list[int], room: str, wields: dict | None = None) -> list[Event]:
        d = self.d
        C = self.C
        calc = R.party_attack(d, C, members, room, wields)
        foe = calc["foe"]
        hp = calc["hp"]
        rolls = [self.rng.randint(1, 6) for _ in range(foe["swarm"])]
        hp += sum(rolls)
        win = calc["total"] >= hp
        events = []
        if rolls:
            events.append(_E("roll", "swarm", {"rolls": rolls, "hp": hp}, target=room_id(room)))
        spells = {s: sum(1 for c in R.hand_cards(d, s) if self.card(c)["type"] == "spell") for s in members}
        for s in members:
            d["p"][s]["flags"]["spells"] = d["p"][s]["flags"].get("spells", 0) + spells[s]
        events.append(_E("info", "battle_won" if win else "battle_lost",
                         {"seat": members[0], "members": [m + 1 for m in members], "count": len(members),
                          "attack": calc["total"], "hp": hp,
                          "physical": calc["physical"], "magic": calc["magic"], "def": calc["def"], "mdef": calc["mdef"],
                          "monster": foe["key"]}, target=room_id(room)))
        # every fighter takes the wounds and the text, win or lose
        pool = R.party_pool_prevention(d, C, members)
        for s in members:
            n = foe["wounds"] + foe["room_wounds"]
            n -= R.prevention(d, C, s, members)
            if n > 0 and pool:
                used = min(pool, n)
                pool -= used
                n -= used
            events += self._wound(s, max(0, n), "battle")
            if foe["wound_cards"]:
                events += self._wound_card(s, foe["wound_cards"])
            if foe["discard"]:
                events += self._ask_discard(s, foe["discard"])
        if not win:
            d["dstep"] = "spoils_skip"
            return events + self._next_group()
        level = foe["level"]
        d["killed"] += level
        d.setdefault("killed_levels", []).append(level)   # for the log: "after defeating levels 1+2"
        for s in members:
            if len(members) == 1:
                d["p"][s]["flags"]["won_alone"] = True
            if level >= 3:
                d["p"][s]["flags"]["defeated_l3"] = True
        items: list[dict] = []
        if foe["guardian"]:
            events += self._guardian_defeat(members)
            g = C.guardians[d["guardian"]]
            items += [{"what": "xp"}] * g["defeat"]["xp"]
            for _ in range(g["defeat"]["treasure"]):
                t = self._draw_treasure()
                if t:
                    d["limbo"].append(t)
                    items.append({"what": "card", "cid": t})
        else:
            items += [{"what": "xp"}] * foe["xp"]
            if room != WILD:
                cid = d["rooms"][room]
                d["rooms"][room] = None
                d["limbo"].append(cid)
                items.append({"what": "card", "cid": cid})
            for _ in range(foe["treasure"]):
                t = self._draw_treasure()
                if t:
                    d["limbo"].append(t)
                    items.append({"what": "card", "cid": t})
        # spoils of the room, the cards and the prestige boards (automatic gains)
        room_spoils = C.wilderness["monster"]["spoils"] if room == WILD else C.rooms.get(room, {}).get("spoils", [])
        for s in members:
            p = d["p"][s]
            for c in list(R.hand_cards(d, s)):
                for eff in self.card(c)["effects"]:
                    if eff.get("when") != "spoils":
                        continue
                    if eff["op"] == "xp":
                        p["xp"] += eff["n"]
                    elif eff["op"] in ("treasure", "treasure_pick"):
                        t = self._draw_treasure()
                        if t:
                            p["discard"].append(t)
                            events.append(_E("draw", "treasure", {"seat": s, "card": self.key(t)}, target=f"discard:{s}"))
            for eff in R.rank_effects(C, p):
                if eff.get("when") != "spoils":
                    continue
                if eff["op"] == "xp":
                    p["xp"] += eff["n"]
                elif eff["op"] == "gear" and d["gear_supply"][eff["gear"]]:
                    d["gear_supply"][eff["gear"]] -= 1
                    p["gear"][eff["gear"]] += 1
                elif eff["op"] == "treasure" and level >= eff.get("min_level", 0):
                    t = self._draw_treasure()
                    if t:
                        p["discard"].append(t)
                elif eff["op"] == "draw_each_member":
                    for m in members:
                        events += self._draw(m, eff["n"])
        for eff in room_spoils:
            if eff["op"] == "heal":
                for s in members:
                    events += self._heal(s, eff["n"])
            elif eff["op"] == "gear_pick":
                for s in reversed(members):
                    d["subs"].append({"kind": "gear_pick", "seat": s, "choices": eff["choices"]})
            elif eff["op"] == "free_level_up":
                for s in reversed(members):
                    d["subs"].append({"kind": "free_level", "seat": s})
        if len(members) == 1:
            for item in items:
                events += self._give_reward(members[0], item)
        elif items:
            d["subs"].append({"kind": "reward", "seat": members[0], "members": list(members), "items": items})
        d["dstep"] = "spoils"
        d["dmember"] = 0
        return events

    def _guardian_defeat(self, members: list[int]) -> list[Event]:
        d = self.d
        g = self.C.guardians[d["guardian"]]
        d["gwounds"] += 1
        d["defeated_this_turn"] += 1
        gw = d["stats"]["gw_turns"]
        gw[str(d["turn"])] = gw.get(str(d["turn"]), 0) + 1
        hp = self.guardian_hp()
        events = [_E("score", "guardian_wound", {"n": d["gwounds"], "of": len(hp)}, target="guardian")]
        if d["gwounds"] >= len(hp):
            d["stats"]["full_defeat_turn"] = d["turn"]
            return events + [_E("reveal", "guardian_defeated", {})]
        eff = g["wound_effects"][min(d["gwounds"] - 1, len(g["wound_effects"]) - 1)]
        op = eff["op"]
        if op == "all_wounds":
            for s in range(self.players):
                events += self._wound(s, eff["n"], "guardian")
        elif op == "threat":
            d["threat"] = min(len(self.threat_track()) - 1, d["threat"] + eff["n"])
            events.append(_E("move", "threat", {"pos": d["threat"] + 1}, target="threat"))
        elif op == "set_def":
            d["gdef"] = eff["n"]
        elif op == "set_mdef":
            d["gmdef"] = eff["n"]
        elif op == "army":
            d["army"]["foot"] += eff.get("foot", 0)
            d["army"]["x"] += eff.get("x", 0)
        elif op == "return_bounty":
            for s in range(self.players):
                p = d["p"][s]
                bounties = sorted((c for c in p["discard"] if self.card(c)["type"] == "monster"),
                                  key=lambda c: (self.card(c)["au"], c))
                if bounties:
                    c = bounties[0]
                    p["discard"].remove(c)
                    d["levels"][str(self.card(c)["level"])].insert(0, c)
                    events.append(_E("move", "bounty_returned", {"seat": s, "card": self.key(c)}, source=c))
        return events

    # ---- end of turn (rule 35)
    def _begin_end(self) -> list[Event]:
        d = self.d
        d["phase"] = "end"
        d["end"] = {"stage": "raiders", "left": 0}
        return []

    def _legal_end(self):  # only reached through subs (token spots); kept for completeness
        return []

    def _run_end(self) -> list[Event]:
        d = self.d
        C = self.C
        e = d["end"]
        events = []
        while not d["subs"] and not d["over"]:
            st = e["stage"]
            if st == "raiders":
                raid = 0
                # Raiders (ours, v5): no footprints in a game of fewer heroes than village "raider_min_heroes"
                for room, cid in (d["rooms"].items() if self.players >= C.village["raider_min_heroes"] else ()):
                    if cid is not None:
                        raid += self.card(cid).get("raider", 0)
                if raid:
                    d["army"]["foot"] += raid
                    events.append(_E("info", "raiders", {"n": raid}))
                # advanced tokens "army_x" (ours, v5): +n X to this army each while it lies (Warden R5 cancels)
                ax = self._adv_counts().get("army_x", 0)
                if ax and not any(R.has_rank_op(C, p, "ignore_advanced") for p in d["p"]):
                    d["army"]["x"] += ax
                    events.append(_E("info", "army_x_tokens", {"n": ax}))
                cut = min(d["army"]["foot"], sum(1 for p in d["p"] if R.has_rank_op(C, p, "footprint")))
                if cut:
                    events.append(_E("info", "warden_cut", {"n": cut}))
                foot = d["army"]["foot"] - cut
                removed = min(foot, d["killed"])
                d["army"]["removed"] = removed
                e["left"] = e["total"] = foot - removed + d["army"]["x"]
                levels = [v for v in d.get("killed_levels") or [] if v]     # level-0 kills remove nothing
                # one sentence that says why the tokens fall: what is left after the levels defeated, plus X
                key = "army_resolved" if levels and e["left"] else "army_resolved_none" if e["left"] else \
                    "army_resolved_clear" if levels else "army_resolved_empty"
                events.append(_E("info", key, {"foot": d["army"]["foot"], "x": d["army"]["x"], "levels": d["killed"],
                                               "defeated": "+".join(str(v) for v in levels), "nlev": len(levels),
                                               "after": foot,
                                               "rest": foot - removed, "removed": removed, "left": e["left"],
                                               "warden": cut}))
                e["stage"] = "tokens"
            elif st == "tokens":
                if e["left"] <= 0 or not d["bag"] or all(None not in row for row in d["spots"].values()):
                    e["stage"] = "check"
                    continue
                tid = d["bag"].pop(self.rng.randrange(len(d["bag"])))
                loc = d["tokens"][tid]["loc"]
                events.append(_E("reveal", "token_drawn", {"loc": loc, "kind": d["tokens"][tid]["kind"], "left": e["left"],
                                                           "k": e.get("total", e["left"]) - e["left"] + 1,
                                                           "of": e.get("total", e["left"])}, source=tid))
                e["left"] -= 1
                if self._barricade_holds(tid, events):
                    continue
                events += self._land_token(tid, "army")
            elif st == "check":
                e["stage"] = "refill"
                lost = len(self.destroyed_locations()) >= C.village["difficulties"][self.options["difficulty"]]["loss"]
                if d["stats"]["full_defeat_turn"] == d["turn"]:
                    pyrrhic = d["stats"]["fell_turn"] == d["turn"]
                    d["over"] = {"outcome": "pyrrhic" if pyrrhic else "win", "reason": "pyrrhic" if pyrrhic else "victory"}
                    events.append(_E("info", "pyrrhic" if pyrrhic else "victory", {"turn": d["turn"]}))
                elif lost:
                    d["over"] = {"outcome": "loss", "reason": "village_fell"}
                    events.append(_E("info", "defeat", {"destroyed": len(self.destroyed_locations())}))
                elif d["turn"] >= C.village["turn_limit"]:
                    d["over"] = {"outcome": "loss", "reason": "turn_limit"}
                    events.append(_E("info", "turn_limit", {"turn": d["turn"]}))
            elif st == "refill":
                for room in C.rooms:
                    if d["rooms"][room] is None:
                        deck = d["levels"][str(C.rooms[room]["level"])]
                        if deck:
                            d["rooms"][room] = deck.pop()
                            events.append(_E("reveal", "refill", {"room": room, "monster": self.key(d["rooms"][room])},
                                             target=room_id(room)))
                e["stage"] = "cleanup"
            elif st == "cleanup":
                events += self._cleanup()
                e["stage"] = "threat"
            elif st == "threat":
                events += self._advance_threat()
                e["stage"] = "reveal"
            elif st == "reveal":
                # the Guardian's reveal may draw tokens: each lands where the team picks, one by one
                if e.get("reveal_left", 0) <= 0 or not d["bag"] or not self._free_spots():
                    e["reveal_left"] = 0
                    e["stage"] = "start"
                    continue
                e["reveal_left"] -= 1
                tid = d["bag"].pop(self.rng.randrange(len(d["bag"])))
                loc = d["tokens"][tid]["loc"]
                events.append(_E("reveal", "token_drawn_reveal", {"loc": loc, "kind": d["tokens"][tid]["kind"],
                                                                  "left": e["reveal_left"] + 1}, source=tid))
                if self._barricade_holds(tid, events):
                    continue
                events += self._land_token(tid, "reveal")
            elif st == "start":
                events += self._start_turn()
                return events
        return events

    def _barricade_holds(self, tid: str, events: list) -> bool:
        """A drawn token whose location has a built barricade: the barricade cancels it (rulebook p.13) —
        flipped back, the token returns to the bag, where a later draw may take it again, even this turn."""
        d = self.d
        loc = d["tokens"][tid]["loc"]
        if not d["barricades"][loc]:
            return False
        d["barricades"][loc] = False
        d["bag"].append(tid)
        events.append(_E("flip", "barricade_holds", {"loc": loc}, target=f"barricade:{loc}"))
        return True

    def _free_spots(self, loc: str | None = None) -> list[str]:
        """Undamaged spots (``<loc>:<k>``) of ``loc``, or of every location."""
        locs = LOCATIONS if loc is None else (loc,)
        spots = self.d["spots"]
        return [_spot_name(l, k) for l in locs for k, t in enumerate(spots[l]) if t is None]

    def token_spots(self, tid: str) -> list[str]:
        """Where a drawn token may go (rule 21): an undamaged spot of its location, or, when that location is
        already destroyed, an undamaged spot of any other location."""
        return self._free_spots(self.d["tokens"][tid]["loc"]) or self._free_spots()

    def _land_token(self, tid: str, why: str) -> list[Event]:
        """A drawn token that no barricade stopped: onto the only spot it can take, or held (``limbo_token``)
        while the team picks among several (a decision of seat 0, like every team decision)."""
        d = self.d
        spots = self.token_spots(tid)
        if not spots:                      # no undamaged spot anywhere: the token has nowhere to fall
            d["bag"].append(tid)
            return []
        if len(spots) == 1:
            return self._after_token(self._put_token(tid, spots[0]), why)
        d["limbo_token"] = tid
        d["subs"].append({"kind": "token_spot", "seat": 0, "token": tid, "loc": d["tokens"][tid]["loc"], "why": why})
        return []

    def _after_token(self, events: list[Event], why: str) -> list[Event]:
        """Tokens of the Guardian's reveal can lose the game at once (there is no later check that turn)."""
        d = self.d
        if why == "reveal" and not d["over"] and \
                len(self.destroyed_locations()) >= self.C.village["difficulties"][self.options["difficulty"]]["loss"]:
            d["over"] = {"outcome": "loss", "reason": "village_fell"}
        return events

    def _put_token(self, tid: str, spot: str) -> list[Event]:
        d = self.d
        loc, k = spot.split(":")
        if d.get("limbo_token") == tid:
            d["limbo_token"] = None
        elif tid in d["bag"]:
            d["bag"].remove(tid)
        row = d["spots"][loc]
        before = None not in row                # the location was destroyed already
        row[int(k) - 1] = tid
        d["stats"]["tokens_placed"] += 1
        events = [_E("move", "token_placed", {"loc": loc, "spot": int(k)}, source=tid, target=f"spot:{spot}")]
        if not before and None not in row:
            d["stats"]["fell_turn"] = d["turn"]
            events.append(_E("info", "location_destroyed", {"loc": loc}, target=f"loc:{loc}"))
        return events

    def _cleanup(self) -> list[Event]:
        d = self.d
        C = self.C
        events = []
        for s, p in enumerate(d["p"]):
            for c, owner in p["borrowed"]:
                d["p"][owner]["discard"].append(c)
            p["borrowed"] = []
        for s, p in enumerate(d["p"]):
            for c in p["hand"]:
                card = self.card(c)
                if card["type"] == "monster":
                    d["levels"][str(card["level"])].insert(0, c)
                else:
                    p["discard"].append(c)
            p["hand"] = []
            events += self._draw(s, max(0, R.hand_size(C, p["wounds"]) - len(p["prepped"])))
            p["hand"] += p["prepped"]
            p["prepped"] = []
            p["spot"] = None
            self._reset_turn(s)
        d["army"] = {"foot": 0, "x": 0, "removed": 0}
        d["killed"] = 0
        d["killed_levels"] = []
        d["mods"] = {}
        d["dice"] = []
        d["groups"] = []
        return events

    def _advance_threat(self) -> list[Event]:
        d = self.d
        g = self.C.guardians[d["guardian"]]
        events = []
        if d["side"] == "guardian" and g["ongoing"]["op"] == "x_without_defeat" and not d["defeated_this_turn"]:
            d["carry_x"] = g["ongoing"]["n"]
        else:
            d["carry_x"] = 0
        d["defeated_this_turn"] = 0
        track = self.threat_track()
        if d["threat"] < len(track) - 1:
            d["threat"] += 1
            events.append(_E("move", "threat", {"pos": d["threat"] + 1, "level": track[d["threat"]]}, target="threat"))
        elif d["side"] == "lair":
            d["side"] = "guardian"
            d["threat"] = 0
            d["stats"]["reveal_turn"] = d["turn"]
            events.append(_E("reveal", "guardian_revealed", {"guardian": d["guardian"]}, target="guardian"))
            rev = g["reveal"]
            if rev["op"] == "destruction" and d.get("end") is not None:
                d["end"]["reveal_left"] = rev["n"]    # drawn in the end stage "reveal", each spot picked
            elif rev["op"] == "all_wound_cards":
                for s in range(self.players):
                    events += self._wound_card(s, rev["n"])
        return events

    def _start_turn(self) -> list[Event]:
        d = self.d
        if d["over"]:
            return []
        d["turn"] += 1
        d["end"] = None
        d["army"]["x"] += d["carry_x"]
        d["carry_x"] = 0
        return [_E("info", "turn", {"turn": d["turn"], "threat": self.threat_level()})] + self._start_dice()

    # ------------------------------------------------------------------ automatic steps
    def _advance(self) -> list[Event]:
        d = self.d
        events = []
        for _ in range(1000):
            if d["over"] or d["subs"]:
                break
            ph = d["phase"]
            if ph == "boards" and not d["queue"]:
                d["turn_started"] = True
                events += self._start_dice()
                continue
            if ph == "resolve" and not d["queue"]:
                d["phase"] = "place"
                d["queue"] = list(range(self.players))
                events.append(_E("info", "army", {"foot": d["army"]["foot"], "x": d["army"]["x"]}))
                continue
            if ph == "end":
                events += self._run_end()
                continue
            if ph == "dungeon" and d.get("fight"):     # every wield question answered: fight now
                f = d.pop("fight")
                events += self._battle(f["members"], f["room"])
                continue
            break
        return events


# the phase steps by name, looked up once (the listing and apply dispatch on d["phase"] at every step)
_LEGAL_BY_PHASE = {name[len("_legal_"):]: fn for name, fn in vars(BarricadesState).items()
                   if name.startswith("_legal_") and callable(fn)}
_DO_BY_PHASE = {name[len("_do_"):]: fn for name, fn in vars(BarricadesState).items()
                if name.startswith("_do_") and callable(fn)}
