"""The team bot of Barricades Mode: the §4 heuristic ("normal") and a searching teammate ("hard").

Both decide from a view (``state.view(seat)``), never from the full state.
  normal  a rule per decision kind, after design §4: count the army; send fighters where
          level × P(win) is best (Menace, then Raiders first; no fight below P(win) 0.6); fund a
          barricade when this turn's expected tokens could complete a location or reach the loss
          threshold; XP on hero levels until half the heroes are L2+, then on ranks; after the reveal,
          parties whose pooled light reaches the Guardian and whose attack beats its HP go for it.
  hard    for the turn-shaping decisions (placement, party, move, battle) every candidate is tried on a
          few determinised copies of the view and the rest of the turn is played out by the normal
          policy; the candidate with the best mean ``evaluate`` at the start of the next turn wins.
``evaluate(state, seat)`` is the team's value (co-op: the same for every seat).
"""
from __future__ import annotations

import itertools
import time

from gamecore.engine import Action, Rng

from . import rules as R
from .content import content

BOARD_PREFERENCE = ("warlord", "archmage", "shadowblade", "templar", "quartermaster", "warden")
FACE_ORDER = ("plus1", "trophy", "green", "foot1", "foot2", "x", "red", "blue", "wound", "purple")


def card_value(C, key: str) -> float:
    c = C.cards[key]
    if c["type"] == "wound":
        return -3.0
    v = c["a"] + c["m"] * 1.1 + 1.0 * c["lt"] + 0.35 * c["au"]
    if c["type"] == "hero":
        v += 0.3 * c["sk"] + 1.0 * c["level"]
    for e in c["effects"]:
        v += {"attack": 1.2, "magic": 1.0, "magic_per_spell": 0.8, "draw": 1.2, "heal": 0.8, "prevent": 0.6,
              "party_attack": 0.6, "party_light": 0.6, "treasure": 0.8, "treasure_pick": 1.0, "xp": 0.8, "buy": 0.8,
              "def_minus": 0.8, "free_room": 0.8, "magic_per_member": 0.5, "light": 0.8,
              "barricade_discount": 0.7}.get(e["op"], 0.3) * e.get("n", 1)
    if c.get("once"):
        v = 1.5
    if c["type"] == "monster":
        v = 0.3 * c["au"]
    return v


def _p_win(total: int, hp: int, swarm: int) -> float:
    if swarm <= 0:
        return 1.0 if total >= hp else 0.0
    wins = sum(1 for rolls in itertools.product(range(1, 7), repeat=swarm) if total >= hp + sum(rolls))
    return wins / 6 ** swarm


def battle_odds(state, members: list[int], room: str) -> tuple[float, dict | None]:
    calc = R.party_attack(state.d, content(), members, room)
    if calc is None:
        return 0.0, None
    return _p_win(calc["total"], calc["hp"], calc["swarm"]), calc


def evaluate(state, seat: int = 0) -> float:
    """The team's standing: the village, the Guardian's wounds, the heroes' strength."""
    d = state.d
    C = content()
    if d["over"]:
        return 1e5 if d["over"]["outcome"] == "win" else 5e4 if d["over"]["outcome"] == "pyrrhic" else -1e5
    loss_at = C.village["difficulties"][state.options["difficulty"]]["loss"]
    destroyed = len(state.destroyed_locations())
    damaged = sum(1 for spots in d["spots"].values() for t in spots if t is not None)
    v = -60.0 * destroyed - 4.0 * damaged + 6.0 * sum(1 for b in d["barricades"].values() if b)
    if destroyed >= loss_at - 1:
        v -= 80
    # the spot count of the worst location matters: one token away from falling is danger
    worst = max(sum(1 for t in spots if t is not None) for spots in d["spots"].values() if not all(spots)) \
        if any(not all(spots) for spots in d["spots"].values()) else 4
    v -= 5.0 * max(0, worst - 2)
    v += 40.0 * d["gwounds"]
    for p in d["p"]:
        cards = p["deck"] + p["hand"] + p["discard"] + p["prepped"]
        strength = sum(card_value(C, d["cards"][c]) for c in cards)
        v += 2.0 * strength / max(1, len(cards)) * 5 + 0.25 * len(cards)
        v += 0.8 * p["xp"] + 3.0 * p["rank"] - 2.0 * p["wounds"]
        v += 0.5 * sum(p["gear"].values())
    raid = sum(C.cards[d["cards"][c]].get("raider", 0) for c in d["rooms"].values() if c is not None)
    v -= 3.0 * raid
    return v


class TeamPolicy:
    """The normal AI teammate: one rule per decision kind."""

    def __init__(self):
        self.C = content()

    # ------------------------------------------------------------------ entry
    def choose(self, state, legal: list[Action], rng: Rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        dec = state.pending()
        handler = getattr(self, "_" + dec.kind, None)
        action = handler(state, legal, dec.seat, rng) if handler else None
        return action if action is not None else legal[0]

    # ------------------------------------------------------------------ helpers
    def _by_kind(self, legal, kind):
        return [a for a in legal if a.kind == kind]

    def _danger(self, state) -> tuple[int, str | None]:
        """Tokens this turn's army is expected to drop, and the location most at risk."""
        d = state.d
        raid = sum(self.C.cards[d["cards"][c]].get("raider", 0) for c in d["rooms"].values() if c is not None)
        expected_kills = sum(1 for p in d["p"]) * 1.2
        tokens = max(0, d["army"]["foot"] + raid - expected_kills) + d["army"]["x"]
        open_locs = [loc for loc, spots in d["spots"].items() if not all(spots) and not d["barricades"][loc]]
        if not open_locs:
            return int(round(tokens)), None
        worst = max(open_locs, key=lambda loc: sum(1 for t in d["spots"][loc] if t is not None))
        return int(round(tokens)), worst

    def _hero_levels_ok(self, state, seat) -> bool:
        d = state.d
        p = d["p"][seat]
        heroes = [self.C.cards[d["cards"][c]] for c in p["deck"] + p["hand"] + p["discard"]
                  if self.C.cards[d["cards"][c]]["type"] == "hero" and not self.C.cards[d["cards"][c]]["no_level_up"]]
        if not heroes:
            return True
        return sum(1 for h in heroes if h["level"] >= 2) * 2 >= len(heroes)

    # ------------------------------------------------------------------ decisions
    def _boards(self, state, legal, seat, rng):
        by = {a.source.split(":")[1]: a for a in legal}
        return next(by[b] for b in BOARD_PREFERENCE if b in by)

    def _resolve(self, state, legal, seat, rng):
        return min(legal, key=lambda a: FACE_ORDER.index(state.d["dice"][seat][int(a.source.split(":")[2])]["face"]))

    def _discard(self, state, legal, seat, rng):
        return min(legal, key=lambda a: card_value(self.C, state.key(a.source)))

    def _heal_target(self, state, legal, seat, rng):
        return max(legal, key=lambda a: state.d["p"][int(a.target.split(":")[1])]["wounds"])

    def _gear_pick(self, state, legal, seat, rng):
        for g in ("lantern", "rations", "potion"):
            for a in legal:
                if a.source == f"gear:{g}":
                    return a
        return legal[0]

    def _lend_pick(self, state, legal, seat, rng):
        return min(legal, key=lambda a: card_value(self.C, state.key(a.source)) if a.source.startswith("card:") else 0)

    def _temple_after(self, state, legal, seat, rng):
        for a in legal:
            if a.kind == "temple_destroy" and state.key(a.source) in ("wound",):
                return a
        p = state.d["p"][seat]
        advs = sum(1 for c in p["deck"] + p["hand"] + p["discard"] if state.key(c) == "adventurer")
        if advs > 2:
            for a in legal:
                if a.kind == "temple_destroy" and state.key(a.source) == "adventurer":
                    return a
        return next(a for a in legal if a.kind == "temple_skip")

    def _keep(self, state, legal, seat, rng):
        return max(legal, key=lambda a: card_value(self.C, state.key(a.source)) + (2 if not self.C.cards[state.key(a.source)].get("once") else 0))

    def _reward(self, state, legal, seat, rng):
        d = state.d
        return min(legal, key=lambda a: (d["p"][int(a.target.split(":")[1])]["xp"], a.target))

    def _free_level(self, state, legal, seat, rng):
        ups = [a for a in legal if a.kind == "level_up"]
        return ups[0] if ups else legal[-1]

    def _wield(self, state, legal, seat, rng):
        """The way of wielding that gives the party the most effective attack against this foe."""
        room = state.d["subs"][-1]["room"]
        members = state.d["fight"]["members"]
        best, pick = None, None
        for a in legal:
            trial = state.clone()
            trial.d["p"][seat]["wield"] = [pair.split(">") for pair in a.get("plan").split(",")] if a.get("plan") else []
            calc = R.party_attack(trial.d, self.C, members, room)
            score = (calc["total"] if calc else 0, a.get("a"))
            if best is None or score > best:
                best, pick = score, a
        return pick

    def _token_spot(self, state, legal, seat, rng):
        d = state.d
        return min(legal, key=lambda a: -sum(1 for t in d["spots"][a.target.split(":")[1]] if t is None))

    def _place(self, state, legal, seat, rng):
        d = state.d
        p = d["p"][seat]
        spots = {a.target.split(":")[1]: a for a in legal if a.target.startswith("spot:")}
        stay = next((a for a in legal if a.target.startswith("room:")), None)
        if stay is not None and d["side"] == "guardian" and R.room_level(self.C, p["pos"]) >= 2:
            return stay  # a dungeon-only turn from deep down reaches the Guardian cheaply
        tokens, worst = self._danger(state)
        gold = R.gold_of(d, self.C, seat)
        loss_at = self.C.village["difficulties"][state.options["difficulty"]]["loss"]
        destroyed = len(state.destroyed_locations())
        if worst and worst in spots:
            filled = sum(1 for t in d["spots"][worst] if t is not None)
            pledged = state.barricade_cost() - state.barricade_left(worst)
            need = state.barricade_left(worst) - state._barricade_discount(seat)
            critical = filled + tokens >= 4 or (destroyed + 1 >= loss_at and filled + tokens >= 3)
            if critical and (gold >= need or pledged > 0 or (gold >= 5 and self.players_fund(state, seat, worst))):
                return spots[worst]
        wc = sum(1 for c in p["hand"] if state.key(c) == "wound")
        if (p["wounds"] >= 2 or wc) and "temple" in spots:
            return spots["temple"]
        if gold >= state._treasure_cost(seat) + 4 and "shop" in spots and d["tdeck"]:
            return spots["shop"]
        if "marketplace" in spots and (p["xp"] > 0 or True):
            return spots["marketplace"]
        if "bazaar" in spots and gold >= 3:
            return spots["bazaar"]
        return next((a for a in legal if a.target == "village"), legal[0])

    def players_fund(self, state, seat, loc) -> bool:
        """Whether teammates still to place could bring the rest of a barricade (gold in their hands)."""
        d = state.d
        later = [s for s in d["queue"] if s != seat]
        return sum(R.gold_of(d, self.C, s) for s in later) + R.gold_of(d, self.C, seat) >= state.barricade_left(loc)

    def _village(self, state, legal, seat, rng):
        d = state.d
        C = self.C
        p = d["p"][seat]
        kinds: dict[str, list[Action]] = {}
        for a in legal:
            kinds.setdefault(a.kind, []).append(a)
        gold = R.gold_of(d, C, seat)
        loc = state._loc_of(seat)
        if "fund" in kinds and loc:
            tokens, worst = self._danger(state)
            need = state.barricade_left(loc) - state._barricade_discount(seat)
            others = [s for s in d["queue"][1:] if state._loc_of(s) == loc]
            if need <= gold or (others and need <= gold + sum(R.gold_of(d, C, s) for s in others)):
                return kinds["fund"][0]
        if "temple" in kinds:
            return max(kinds["temple"], key=lambda a: a.get("cards"))
        if "use" in kinds:
            for a in kinds["use"]:
                if C.cards[state.key(a.source)]["use"] in ("xp", "heal"):
                    return a
        if "market_draw" in kinds:
            return kinds["market_draw"][0]
        if "level_up" in kinds:
            def lv(a):
                card = C.cards[state.key(a.source)]
                return (card["level"], C.heroes[a.target.split(":")[1]]["cost"])
            best = max(kinds["level_up"], key=lv)
            if C.cards[state.key(best.source)]["level"] >= 1 or not self._hero_levels_ok(state, seat) or p["xp"] >= 4:
                return best
        if "train" in kinds and (self._hero_levels_ok(state, seat) or p["xp"] >= 8):
            return max(kinds["train"], key=lambda a: a.get("ranks"))
        if "shop" in kinds and gold >= 5 + 4:
            return kinds["shop"][0]
        if "buy" in kinds:
            def value(a):
                parts = a.source.split(":")
                key = f"{parts[1]}_1" if parts[0] == "heroes" else parts[1]
                return card_value(C, key) + (1.5 if parts[0] == "heroes" else 0)
            best = max(kinds["buy"], key=value)
            if value(best) >= 2.0:
                return best
        if "shop" in kinds:
            return kinds["shop"][0]
        if "buy_gear" in kinds:
            for g in ("lantern", "rations", "potion"):
                for a in kinds["buy_gear"]:
                    if a.source == f"gear:{g}" and (g != "potion" or p["wounds"]):
                        return a
        if "heal" in kinds and p["wounds"] >= 1:
            return kinds["heal"][0]
        if "rank_heal" in kinds:
            return kinds["rank_heal"][0]
        if "destroy" in kinds:
            for a in kinds["destroy"]:
                if state.key(a.source) in ("wound", "adventurer"):
                    return a
        return kinds.get("end_village", legal)[-1]

    def _party(self, state, legal, seat, rng):
        """Join a party when fighting together is worth more than the two fights apart (one pooled battle
        against a deeper monster often removes more footprints than two lost or level-0 fights)."""
        d = state.d
        joins = [a for a in legal if a.kind == "join"]
        if not joins:
            return next(a for a in legal if a.kind == "alone")
        if d["side"] == "guardian":
            return joins[0]
        pos = d["p"][seat]["pos"]
        alone = self._best_target(state, [seat], pos)[0]
        best, pick = 0.0, None
        for a in joins:
            leader = int(a.target.split(":")[1])
            group = next(g for g in d["groups"] if g["members"][0] == leader)
            gain = self._best_target(state, group["members"] + [seat], pos)[0] - \
                self._best_target(state, group["members"], pos)[0] - alone
            if gain > best:
                best, pick = gain, a
        return pick if pick is not None else next(a for a in legal if a.kind == "alone")

    def _effects(self, state, legal, seat, rng):
        d = state.d
        p = d["p"][seat]
        for a in legal:
            if a.kind == "gear" and a.source.startswith("gear:potion") and p["wounds"] >= 2:
                return a
            if a.kind == "use" and self.C.cards[state.key(a.source)]["use"] in ("heal", "xp"):
                return a
        g = state._group()
        if d["side"] == "guardian":
            for a in legal:
                if a.kind in ("use", "gear") and a.source.split(":")[0] in ("card", "gear"):
                    if a.kind == "use" and self.C.cards[state.key(a.source)]["use"] in ("light", "battle_magic", "battle_party_attack"):
                        return a
                    if a.kind == "gear" and ("lantern" in a.source or "rations" in a.source):
                        return a
        return next(a for a in legal if a.kind == "ready")

    def _best_target(self, state, members, pos) -> tuple[float, str | None]:
        d = state.d
        C = self.C
        light = state.group_light(members)
        passes = R.free_passes(d, C, members)
        best, best_room = 0.0, None
        for lvl in range(0, 5):
            for room in R.rooms_at(d, C, lvl):
                cost = 0 if room == pos else R.path_cost(d, C, pos, room, passes)
                if cost is None or cost > light:
                    continue
                odds, calc = battle_odds(state, members, room)
                if calc is None or odds < 0.6:
                    continue
                foe = calc["foe"]
                value = odds * (max(foe["level"], 0.3) * 2 + foe["xp"] + 0.3 * foe["au"] + foe["treasure"])
                if room != R.WILD and room != R.GUARDIAN_ROOM:
                    cid = d["rooms"][room]
                    m = C.cards[d["cards"][cid]]
                    if m.get("menace"):
                        value += 3
                    value += 2.5 * m.get("raider", 0)
                if foe["guardian"]:
                    value += 30
                elif d["side"] == "guardian":
                    value += 1.5 * R.room_level(C, room)  # stand deep, to reach the Guardian without the village
                if room == R.WILD:
                    p_adv = any(state.key(c) == "adventurer" for m in members for c in d["p"][m]["hand"] + d["p"][m]["discard"])
                    value = odds * (1.5 if p_adv else 0.2)
                value -= 0.8 * (foe["wounds"] + foe["room_wounds"]) * len(members)
                if value > best:
                    best, best_room = value, room
        if d["side"] == "guardian":
            # no better fight: go (or stay) as deep as the light allows, to reach the Guardian later
            here = -1 if pos == "village" else R.room_level(C, pos)
            for lvl in (4, 3, 2, 1):
                rooms = [r for r in R.rooms_at(d, C, lvl)
                         if r == pos or (R.path_cost(d, C, pos, r, passes) or 99) <= light]
                if rooms and lvl >= here and 2.5 * lvl > best:
                    return 2.5 * lvl, rooms[0]
        return best, best_room

    def _move(self, state, legal, seat, rng):
        g = state._group()
        pos = state._group_pos()
        _value, room = self._best_target(state, g["members"], pos)
        if room is None:
            return next(a for a in legal if a.kind == "leave")
        for a in legal:
            if a.target == f"room:{room}":
                return a
        return next(a for a in legal if a.kind == "leave")

    def _battle(self, state, legal, seat, rng):
        g = state._group()
        pos = state._group_pos()
        fights = [a for a in legal if a.kind == "fight"]
        if fights:
            odds, _calc = battle_odds(state, g["members"], pos)
            if odds >= 0.5:
                return fights[0]
        return next(a for a in legal if a.kind == "leave")

    def _spoils(self, state, legal, seat, rng):
        p = state.d["p"][seat]
        for a in legal:      # a potion now buys a card of next hand when the wound tokens are even
            if a.kind == "gear" and p["wounds"] and p["wounds"] % 2 == 0:
                return a
            if a.kind == "use" and state.card(a.source)["use"] == "xp":
                return a
        for kind in ("level_up", "train"):
            for a in legal:
                if a.kind == kind:
                    return a
        return next(a for a in legal if a.kind == "done")


class SearchTeammate:
    """Determinised rollouts of the team's plan for the turn, played out by the normal policy."""

    KINDS = ("place", "party", "move", "battle")

    def __init__(self, worlds: int = 2, max_candidates: int = 6, seconds: float | None = 1.5):
        self.policy = TeamPolicy()
        self.worlds = worlds
        self.max_candidates = max_candidates
        self.seconds = seconds

    def _rollout(self, state, rng: Rng, cap: int = 600) -> float:
        turn = state.d["turn"]
        steps = 0
        while not state.is_over() and state.d["turn"] == turn and steps < cap:
            legal = state.legal_actions()
            state.apply_unchecked(self.policy.choose(state, legal, rng))
            steps += 1
        return evaluate(state)

    def choose(self, view, legal: list[Action], rng: Rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        dec = view.pending()
        default = self.policy.choose(view, legal, rng)
        if dec.kind not in self.KINDS:
            return default
        seat = dec.seat
        candidates = [default] + [a for a in legal if a != default]
        candidates = candidates[:self.max_candidates]
        # no deadline (seconds None): every candidate in every world, so a choice depends on the seed only
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else float("inf")
        scores: dict[Action, float] = {}
        for w in range(self.worlds):
            world_rng = Rng(rng.next_u32())
            world = view.view(seat, world_rng) if w else view
            for a in candidates:
                if time.perf_counter() > deadline and a in scores:
                    continue
                trial = world.clone()
                trial.quiet = True          # a search copy (gamecore.engine.GameState.quiet)
                trial.apply_unchecked(a)
                value = self._rollout(trial, Rng(world_rng.state ^ 0x5DEECE66D))
                scores[a] = scores.get(a, 0.0) + value
            if time.perf_counter() > deadline:
                break
        best = max(candidates, key=lambda a: (scores.get(a, -1e9) + (1e-6 if a == default else 0)))
        return best


_POLICY = TeamPolicy()
# The searching teammate's wall-clock cap per decision (the app's 1.5 s). Self-play measurements set it to
# None (tests/bench/barricades_selfplay.py --search-budget full) for a fixed budget: worlds x candidates.
SEARCH_SECONDS: float | None = 1.5


def team_choice(state, level: str, legal: list[Action], rng: Rng) -> Action | None:
    """The game's own bot for a level name (the view is ``state``); None lets the generic bots decide."""
    if level in ("normal", "greedy", "easy"):
        return _POLICY.choose(state, legal, rng)
    if level in ("hard", "mcts"):
        return SearchTeammate(seconds=SEARCH_SECONDS).choose(state, legal, rng)
    return None
