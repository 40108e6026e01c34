"""Setup (rulebook: setting up the game) and the deployment phase (rulebook: 1. deployment phase).

Setup deals the rangers, combat decks, energy, action tokens, board ring, zord deck and the deployment
deck built from piles A-D. Each round starts here: five deployment cards are revealed one at a time,
their figures go to the location named on the back of the next card, monsters and bosses come with the
card above them, and figures that do not fit (a panicked location, a figure limit) move on clockwise.
"""
from __future__ import annotations

from gamecore.engine import Action, OptionError, Rng

from .content import content

from .common import CC, SHARED_EVENTS, WAIT, shared_event
from .cyclopsis import CYC


_FOE_NAME: dict = {}      # foe id -> "$rangers.foe.<id>.name", the events' name parameter
_LOC_NAME: dict = {}      # location id -> "$rangers.loc.<id>.name"


def _name(kind, key):
    table = _FOE_NAME if kind == "foe" else _LOC_NAME
    got = table[key] = f"$rangers.{kind}.{key}.name"
    return got

_DEPLOY = [Action.make("deploy", source="deck:deployment")]


def _setup_lists(C):
    """What set-up takes from the content before shuffling it (the same for every game), made once."""
    got = C.__dict__.get("_setup_lists")
    if got is None:
        got = C._setup_lists = {
            "zords": [z for z, zd in C.zords.items() if not zd.get("six_only")],
            "fs_dep": [k for k, v in C.deploy_cards.items() if v["foe"] in C.fs_types],
            "mons": [f"deploy:{m}" for m in C.monsters],
            "bosses": [f"deploy:{b}" for b in C.bosses],
            "bigs": list(C.monsters + C.bosses),
        }
    return got


class SetupAndDeployment:
    """Setting up a game and the deployment phase of each round."""

    @classmethod
    def new(cls, seed: int, players: int, options: dict) -> "RangersState":
        # written for speed (a random game is ~15-25 actions, so its set-up is a fifth of it): the lists
        # that do not depend on the seed are made once per content (_setup_lists); set-up's own events
        # are never shown, so the hands are dealt without them
        s = cls.__new__(cls)
        C = s.C = content()
        s._ev = []
        s.seed, s.players, s.options = seed, players, dict(options)
        rng = s.rng = Rng(seed)
        base = _setup_lists(C)
        six = bool(options.get("six_rangers", False)) or players == 6
        if players == 6:
            per_seat = 1
        elif six:
            if players != 3:
                raise OptionError("the six-ranger game is played by 3 players (2 rangers each) or 6 players")
            per_seat = 2
        else:
            per_seat = 2 if players == 2 else 1
        pool = list(C.base_rangers) + ([r for r in C.rangers if r not in C.base_rangers] if six else [])
        n_rangers = players * per_seat
        if n_rangers > len(pool):
            raise OptionError("not enough rangers in the content for this team")
        picked = options.get("rangers")
        if picked:
            # each seat chose its ranger (rulebook setup step 1), in seat order
            if len(picked) != n_rangers or any(r not in pool for r in picked):
                raise OptionError(f"option 'rangers' must name {n_rangers} of {', '.join(pool)} for this team")
            chosen = list(picked)
        else:
            if options.get("ranger_pick", "classic") == "random":
                pool = rng.sample(pool, n_rangers)
            chosen = pool[:n_rangers]
        comp = C.comp
        # player-count rules: action tokens per player, Command Center energy, team recover tokens
        if six:
            actions, cc, team = (2, 2, 0) if players == 6 else (3, 0, 0)
        else:
            actions, cc, team = {5: (2, 3, 0), 4: (2, 4, 2), 3: (3, 4, 0), 2: (2, 3, 2)}[players]
        energy = comp["supply"]["energy"]
        d = s.d = {
            "mode": "six" if six else "standard", "per_seat": per_seat,
            "cc_side": options.get("command_center", "A"), "loc_side": options.get("locations", "A"),
            "round": 0, "stack": [], "battle": None, "over": None,
            "energy_supply": energy, "cc_energy": 0, "pool": 0,
            "panic_supply": comp["supply"]["panic"], "hits_supply": comp["supply"]["hit"],
            "action_base": actions, "team_max": team, "team_tokens": team,
            "power": 0, "megazord": None, "zords": {}, "ctxs": {}, "ctx_n": 0,
        }
        seats = []
        deck_of = C.deck_of
        for p in range(players):
            rs = chosen[p * per_seat:(p + 1) * per_seat]
            deck = [c for r in rs for c in deck_of[r]]
            rng.shuffle(deck)
            seats.append({"rangers": rs, "deck": deck, "hand": [], "discard": [], "energy": 0, "actions": actions})
        d["seats"] = seats
        d["rseat"] = {r: i for i, st in enumerate(seats) for r in st["rangers"]}
        d["rloc"] = {r: CC for st in seats for r in st["rangers"]}
        # tokens: each ranger seat takes energy; command center energy
        for st in seats:
            take = max(0, min(len(st["rangers"]), energy))
            energy -= take
            st["energy"] += take
        take = min(cc, energy)
        d["energy_supply"] = energy - take
        d["cc_energy"] = take
        # board
        ring = list(C.outer)
        rng.shuffle(ring)
        d["ring"] = ring
        fs_types = C.fs_types
        fromkeys = dict.fromkeys
        d["locs"] = {l: {"fs": fromkeys(fs_types, 0), "big": [], "panic": False} for l in ring + [CC]}
        d["fs_supply"] = fromkeys(fs_types, comp["supply"]["fs_per_type"])
        d["xp"] = fromkeys(fs_types, 0)
        # zord deck: the zords of the rangers in play, topped up to 5 at random; Megazord at the bottom
        zids = [C.rangers[r]["zord"] for r in chosen]
        others = [z for z in base["zords"] if z not in zids]
        rng.shuffle(others)
        while len(zids) < 5 and others:
            zids.append(others.pop())
        rng.shuffle(zids)
        d["zdeck"] = zids + [C.megazord["id"]]
        # deployment deck: piles A > B > C > D
        fs_dep = list(base["fs_dep"])
        rng.shuffle(fs_dep)
        piles = [fs_dep[i * 5:(i + 1) * 5] for i in range(4)]
        mons = list(base["mons"])
        rng.shuffle(mons)
        bosses = list(base["bosses"])
        rng.shuffle(bosses)
        piles[1].append(mons[0])
        piles[2].append(mons[1])
        piles[3].append(bosses[0])
        for p in piles[1:]:
            rng.shuffle(p)
        extra = fs_dep[20:]
        d["deploy"] = [c for p in piles for c in p] + extra
        d["deploy_seg"] = [[len(p), "piles"] for p in piles + [extra] if p]
        d["deploy_discard"] = []
        d["deploy_removed"] = []
        d["deploy_unused"] = mons[2:] + bosses[1:]
        d["big_loc"] = fromkeys(base["bigs"])
        d["big_out"] = []
        edeck = d["edeck"] = {}
        for f, ids in C.decks.items():
            deck = list(ids)
            rng.shuffle(deck)
            edeck[f] = deck
        d["ediscard"] = {f: [] for f in C.decks}
        s._cyc_setup(options)
        # each player draws as many cards as they like, up to the hand size (rulebook setup step 3): the
        # opening draw is the first decision of every seat (battle.py, "opening_draw")
        d["stack"].append({"t": "round"})
        d["stack"].append({"t": "opening_draw"})
        s._advance()
        s._ev = []
        return s

    def _dest(self, loc, figure=False):
        """Where an enemy figure bound for ``loc`` goes. A monster or boss skips a panicked location;
        a foot soldier (``figure=True``) still goes to a panicked one while it is below its figure
        limit (rulebook: figures beyond the limit move on; official FAQ: foot soldiers may be placed
        in panicked locations until they reach their figure limit). In Command Center Assault (side B)
        a figure that cannot be placed on its panicked location goes to the Command Center instead of
        moving on clockwise (rulebook: 「代わりにコマンドセンターに配置されます」)."""
        if loc == CC:
            return CC
        if not self.d["locs"][loc]["panic"]:
            return loc
        if figure and self._enemies_at(loc) < self.C.locations[loc]["limit"] and not self._cyc_full(loc):
            return loc
        if self.d["cc_side"] == "B":
            return CC
        return self._next_free(self.d["ring"].index(loc) + 1)

    def _next_free(self, start_idx):
        """The first non-panicked outer location clockwise from ring[start_idx] (inclusive)."""
        ring = self.d["ring"]
        for k in range(len(ring)):
            lid = ring[(start_idx + k) % len(ring)]
            if not self.d["locs"][lid]["panic"]:
                return lid
        return None

    def _panic(self, loc, cause=None):
        d = self.d
        locs = d["locs"]
        if loc == CC or locs[loc]["panic"]:
            return
        locs[loc]["panic"] = True
        d["panic_supply"] -= 1
        key = ("panicked", loc, cause)
        self._ev.append(SHARED_EVENTS.get(key) or shared_event(
            key, "flip", "rangers.ev.panicked", {"loc": f"$rangers.loc.{loc}.name"}, None, f"loc:{loc}",
            ("rangers.cause." + cause) if cause else None))
        for l in d["ring"]:
            if not locs[l]["panic"]:
                return
        self._lose("all_panicked")

    def _place_fs(self, ftype, loc, cause=None):
        d = self.d
        supply = d["fs_supply"]
        if supply[ftype] <= 0:
            self._e("info", "fs_supply_empty", foe=f"$rangers.foe.{ftype}.name")
            return None
        locs = d["locs"]
        if loc == CC or not locs[loc]["panic"]:
            dest = loc                          # what _dest answers for a place that takes it
        else:
            dest = self._dest(loc, figure=True)
            if dest is None:
                return None
            if dest != loc:
                cause = "overflow"
        supply[ftype] -= 1
        L = locs[dest]
        fs = L["fs"]
        fs[ftype] += 1
        key = ("fs_placed", ftype, dest, cause)
        self._ev.append(SHARED_EVENTS.get(key) or shared_event(
            key, "move", "rangers.ev.fs_placed",
            {"foe": _FOE_NAME.get(ftype) or _name("foe", ftype), "loc": _LOC_NAME.get(dest) or _name("loc", dest)},
            "supply:" + ftype, "loc:" + dest, ("rangers.cause." + cause) if cause else None))
        if dest != CC and sum(fs.values()) + len(L["big"]) >= self.C.locations[dest]["limit"]:
            self._panic(dest, cause="figure_limit")
        return dest

    def _place_big(self, foe, loc):
        d = self.d
        boss = self.C.foe_kind[foe] == "boss"
        if boss and d["cc_side"] == "B":
            dest = CC
        else:
            dest = self._dest(loc)
        if dest is None:
            return None
        d["locs"][dest]["big"].append(foe)
        d["big_loc"][foe] = dest
        key = ("big_placed", foe, dest, dest != loc)
        self._ev.append(SHARED_EVENTS.get(key) or shared_event(
            key, "move", "rangers.ev.big_placed", {"foe": f"$rangers.foe.{foe}.name", "loc": f"$rangers.loc.{dest}.name"},
            f"supply:{foe}", f"loc:{dest}", "rangers.cause.overflow" if dest != loc else None))
        if dest != CC:
            self._panic(dest, cause="monster_arrived")
        return dest

    def _start_round(self, task):
        d = self.d
        self._pop()
        if d["round"] >= self.C.comp["round_cap"]:
            self._lose("round_cap")
            return
        d["round"] += 1
        key = ("round_started", d["round"])
        self._ev.append(SHARED_EVENTS.get(key) or shared_event(key, "phase", "rangers.ev.round_started",
                                                               {"round": d["round"]}))
        self._push({"t": "deploy_phase"}, {"t": "actions"}, {"t": "round_end"}, {"t": "round"})

    def _start_deploy_phase(self, task):
        return WAIT

    def _choices_deploy_phase(self, task):
        return list(_DEPLOY)

    def _choose_deploy_phase(self, task, action):
        self._pop()
        d = self.d
        self._cyc_story_start()
        self._ev.append(SHARED_EVENTS.get("deployment_phase")
                        or shared_event("deployment_phase", "phase", "rangers.ev.deployment_phase", {}))
        for _ in range(self._cyc_deploys()):
            if d["over"] is not None:
                return
            self._deploy_once()
        disc = d["deploy_discard"]
        if disc:
            self.rng.shuffle(disc)
            d["deploy"].extend(disc)
            d["deploy_seg"].append([len(disc), "known"])
            d["deploy_discard"] = []
            self._ev.append(SHARED_EVENTS.get("deploy_reshuffled") or shared_event(
                "deploy_reshuffled", "shuffle", "rangers.ev.deploy_reshuffled", {}, "discard:deployment",
                "deck:deployment"))
        self._cyc_end_of_deploy()
        if d["over"] is None:
            self._ev.append(SHARED_EVENTS.get("action_phase")
                            or shared_event("action_phase", "phase", "rangers.ev.action_phase", {}))

    def _draw_deploy(self):
        """Take the top deployment card, keeping the public pile boundaries (``deploy_seg``) in step."""
        d = self.d
        seg = d["deploy_seg"]
        seg[0][0] -= 1
        if seg[0][0] == 0:
            seg.pop(0)
        return d["deploy"].pop(0)

    def _deploy_once(self):
        d, C = self.d, self.C
        deck = d["deploy"]
        if not deck:
            return
        cards = C.deploy_cards
        top = self._draw_deploy()
        info = cards[top]
        figures = info["figures"]
        foe = info["foe"]
        key = ("deploy_revealed", top, figures, foe)
        self._ev.append(SHARED_EVENTS.get(key) or shared_event(
            key, "reveal", "rangers.ev.deploy_revealed",
            {"card": top, "n": figures, "foe": _FOE_NAME.get(foe) or _name("foe", foe)}, top))
        bigs = []
        if figures == 0:
            bigs.append(top)
        while deck and cards[deck[0]]["figures"] == 0:
            nxt = self._draw_deploy()
            bigs.append(nxt)
            key = ("deploy_revealed_big", nxt)
            self._ev.append(SHARED_EVENTS.get(key) or shared_event(
                key, "reveal", "rangers.ev.deploy_revealed_big", {"foe": f"$rangers.foe.{cards[nxt]['foe']}.name"}, nxt))
        loc = cards[deck[0]]["back"] if deck else d["ring"][0]
        key = ("deploy_location", loc)
        self._ev.append(SHARED_EVENTS.get(key) or shared_event(
            key, "info", "rangers.ev.deploy_location", {"loc": _LOC_NAME.get(loc) or _name("loc", loc)},
            None, f"loc:{loc}"))
        boss_cc = bool(bigs) and d["cc_side"] == "B" and any(C.foe_kind[cards[b]["foe"]] == "boss" for b in bigs)
        n = figures
        if n == 1 and d["mode"] == "six":
            n = 3
        if figures > 0:
            d["deploy_discard"].append(top)
        if bigs:
            if len(bigs) > 1:
                bigs.sort(key=lambda x: 0 if C.foe_kind[cards[x]["foe"]] == "monster" else 1)
            d["deploy_removed"].extend(bigs)
        where, why = (CC, "boss_assault") if boss_cc else (loc, None)
        if n:
            # _place_fs for each figure, with its plain case written out: the figure goes to an outer
            # location that is not panicked while the supply has one (the same event each time)
            supply = d["fs_supply"]
            L = d["locs"][where]
            fs = L["fs"]
            limit = C.locations[where]["limit"] if where != CC else None
            plain = None
            for _ in range(n):
                if d["over"] is not None:
                    return
                if limit is None or L["panic"] or supply[foe] <= 0:
                    self._place_fs(foe, where, cause=why)
                    continue
                supply[foe] -= 1
                fs[foe] += 1
                if plain is None:
                    key = ("fs_placed", foe, where, why)
                    plain = SHARED_EVENTS.get(key) or shared_event(
                        key, "move", "rangers.ev.fs_placed",
                        {"foe": _FOE_NAME.get(foe) or _name("foe", foe), "loc": _LOC_NAME.get(where) or _name("loc", where)},
                        "supply:" + foe, "loc:" + where, ("rangers.cause." + why) if why else None)
                self._ev.append(plain)
                if sum(fs.values()) + len(L["big"]) >= limit:
                    self._panic(where, cause="figure_limit")
        for big in bigs:
            if d["over"] is not None:
                return
            foe = C.deploy_cards[big]["foe"]
            if foe == CYC:
                self._cyc_deploy(loc)
                continue
            dest = self._place_big(foe, loc)
            self._cyc_after_big(foe, dest)
            self.rng.shuffle(d["edeck"][foe])
            key = ("enemy_deck_ready", foe)
            self._ev.append(SHARED_EVENTS.get(key) or shared_event(
                key, "shuffle", "rangers.ev.enemy_deck_ready", {"foe": f"$rangers.foe.{foe}.name"}, None,
                f"edeck:{foe}"))
