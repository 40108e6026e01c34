"""Galaxy Hunters rules: setup, the draft, nine rounds of actions and maintenance, combat, invasions.

Flow (``phase``):
  draft_mech   seats pick a mech in round-1 order ("pick_mech", source "mechtile:<id>", target "seat:<n>")
  draft_pilot  then a pilot in reverse order ("pick_pilot", source "pilot:<id>", target "seat:<n>")
  play         the action phase: seats in turn order take one main action each (a ship to a dock, the
               mech to a planet or a Uran spot), round after round of turns until nobody can place;
               free actions (missions, specialists' flips, the recall) any time during one's own turn;
               after the main action a seat with free actions left gets "end_turn"
  maint        maintenance: per seat in order M1 (home), M2 (kill rewards), M3 (buy/complete missions,
               a decision), M4 (flipped specialists back); then the third ship (round 4), upkeep (rounds
               5 and 9), M5 (displays replaced), next round with invasions at rounds 3 and 7
  over         after round 9's maintenance
Decisions inside an action (a planet's option, the tile to buy, the repair mix, the weapons to fire)
are frames on ``stack``: plain dicts, the top one decides the legal actions. Ids and every action,
decision and event kind are listed in API.md.

Readings of the rules (the research digest's rulings R1–R24 are followed; these are ours on top):
  * repair always restores as many cubes as it may (the seat picks the mix); a repair with nothing to
    fill does nothing;
  * a fight always ends in a win (R8): a weapon may be fired only if the kill stays reachable, and at
    least one weapon is fired even when attack bonuses alone would reach the armour;
  * once-per-combat cube discounts go on the first weapon that costs that cube; the Engineer's
    "either cube" saving is used only on a cube the mech lacks;
  * Ammo Recycler returns the cube whose squares are emptiest (ammo on a tie); Salvage Rights gives
    the scarcer of Alloy and Fuel;
  * a full mech replaces a tile of the seat's choice; a hired-ship tile can be replaced only while one
    of the seat's ships is at home (that ship leaves the game with it);
  * the Scout's flip is used by placing one lone ship on an invaded dock (the placement names it);
  * a planet effect nobody can use (nothing affordable) is still a legal placement and does nothing;
  * completing missions is a free action on one's own turn and in one's own M3 step; round 9's M3
    is the "before final scoring" moment;
  * a player who cannot pay a planet effect's credits simply gets nothing from that option.
"""
from __future__ import annotations


from gamecore.galaxy import ENGINE_VERSION as _ENGINE_VERSION
from gamecore.engine import Action, Decision, Event, GameState, IllegalAction, Result, Rng, new_event

from . import abilities as AB
from . import combat, evaluation, scoring
from .content import CUBES, DNA, RESOURCES, content

RES_OF = {r: r for r in RESOURCES}


def _mutant_table():
    """Mutant tile ids 'mut:<n>' -> (species id, red back), fixed by the content (species in file order)."""
    got = _MUT.get("table")             # the content is read once per process
    if got is None:
        data = content()
        key = "table"
        table = []
        for sp in data.species.values():
            for k in range(sp["tiles"]):
                table.append((sp["id"], k < sp["red"]))
        got = {f"mut:{i}": t for i, t in enumerate(table)}
        _MUT.clear()
        _MUT[key] = got
    return got


_MUT: dict = {}
_ARMOUR: dict = {}


def _mutant_armour() -> dict:
    """Mutant tile id -> its species' armour."""
    got = _ARMOUR.get("armour")
    if got is None:
        data = content()
        got = _ARMOUR["armour"] = {tile: data.species[sp]["armour"] for tile, (sp, _red) in _mutant_table().items()}
    return got


def E(kind: str, key: str, params: dict, source=None, target=None) -> Event:
    """An event whose params also name the player(s) by number (the log says "Player 2")."""
    if "seat" in params:
        params["player"] = params["seat"] + 1
    if "other" in params:
        params["other_player"] = params["other"] + 1
    return new_event(kind, key, params, source, target)    # the engines' fast Event builder


# Events that are the same values every time they happen (a seat's turn, a ship placed on a dock, a
# resource gained, a card revealed...), built once and handed out again: a random game emits about 500
# events, three quarters of them these. An Event is frozen and nothing changes its params (the log and
# the table read them or copy them), so one instance serves every emission. Keyed by every value the
# event is made of; the params dict is built only when the key is new:
#     events.append(_SHARED_EV.get(key) or _shared_ev(key, kind, ev_key, {...}, source, target))
_SHARED_EV: dict = {}


def _shared_ev(key, kind: str, ev_key: str, params: dict, source=None, target=None) -> Event:
    if len(_SHARED_EV) >= 8192:         # a bound: the keys are seats, docks, cards and small numbers
        _SHARED_EV.clear()
    got = _SHARED_EV[key] = E(kind, ev_key, params, source, target)
    return got


def _gain_ev(seat: int, n: int, what: str) -> Event:
    """galaxy.log.gain: the seat gained n of a resource (shared)."""
    key = ("gain", seat, n, what)
    return _SHARED_EV.get(key) or _shared_ev(key, "gain", "galaxy.log.gain",
                                             {"seat": seat, "n": n, "what": f"$galaxy.res.{what}"})


def _seat_ev(kind: str, ev_key: str, seat: int) -> Event:
    """An event whose only parameter is the seat (shared): ``_SHARED_EV.get((ev_key, seat)) or _seat_ev(...)``."""
    return _shared_ev((ev_key, seat), kind, ev_key, {"seat": seat})


def _round_ev(ev_key: str, rnd: int) -> Event:
    return _SHARED_EV.get((ev_key, rnd)) or _shared_ev((ev_key, rnd), "info", ev_key, {"round": rnd})


def _turn_ev(seat: int) -> Event:
    key = ("turn", seat)
    return _SHARED_EV.get(key) or _shared_ev(key, "info", "galaxy.log.turn", {"seat": seat})


# What ev() hands a quiet state (a bot's search copy, see gamecore.engine.GameState.quiet) instead of building
_QUIET_EVENT = new_event("info", "galaxy.log.quiet", {})


_DOCKS: dict = {}


def dock_ids(players: int) -> list:
    """Every planet dock of the board as (dock id, planet id, mark)."""
    data = content()
    got = _DOCKS.get(id(data))
    if got is None:
        got = []
        for pid in data.planet_order:
            for i, mark in enumerate(data.planets[pid]["docks"]):
                got.append((f"dock:{pid}:{i}", pid, mark))
        _DOCKS.clear()
        _DOCKS[id(data)] = got
    return got


_ACTS: dict = {}


def A(kind: str, source=None, target=None, params: tuple = ()) -> Action:
    """The one shared Action with these fields (listing builds the same few hundred actions over and over).

    Only this module calls it, always with the same literal values for a field (``True`` for the Scout,
    whole numbers elsewhere), so two requests with one key always meant the same action."""
    key = (kind, source, target, params)
    got = _ACTS.get(key)
    if got is None:
        if len(_ACTS) > 20000:
            _ACTS.clear()
        got = _ACTS[key] = Action(kind, source, target, params)
    return got


_BUILT: dict = {}


def _built(key: tuple, kind: str, source, target) -> Action:
    """A(kind, source, target) memoised on ``key``: the short key of plain ids and seat numbers is hashed
    instead of the two formatted strings (which would be built and hashed anew at every listing)."""
    got = _BUILT.get(key)
    if got is None:
        if len(_BUILT) > 20000:
            _BUILT.clear()
        got = _BUILT[key] = A(kind, source, target)
    return got


def _to_seat(kind: str, source: str, seat: int) -> Action:
    """Action(kind, source, "seat:<seat>")."""
    got = _BUILT.get((kind, source, seat))
    return got if got is not None else _built((kind, source, seat), kind, source, f"seat:{seat}")


def _complete_act(seat: int, mission: str) -> Action:
    got = _BUILT.get(("complete_mission", seat, mission))
    return got if got is not None else _built(("complete_mission", seat, mission), "complete_mission",
                                              f"dna:{seat}", mission)


def _buy_act(kind: str, seat: int, slot: int) -> Action:
    """Buying a ``kind`` tile: into the next free slot (slot -1) or replacing slot ``slot``."""
    got = _BUILT.get(("buy_tile", kind, seat, slot))
    if got is None:
        got = _built(("buy_tile", kind, seat, slot), "buy_tile", f"market:{kind}",
                     f"mech:{seat}" if slot < 0 else f"slot:{seat}:{slot}")
    return got


def _fire_act(seat: int, slot: int, mutant: str) -> Action:
    got = _BUILT.get(("fire", seat, slot, mutant))
    return got if got is not None else _built(("fire", seat, slot, mutant), "fire", f"slot:{seat}:{slot}", mutant)


DONE, END_TURN, SKIP = A("done"), A("end_turn"), A("skip")


_SEAT_ACTS: dict = {}


def seat_actions(players: int, seat: int) -> tuple:
    """The seat's placements, built once: (planet docks open at this player count as (dock, planet,
    rep needed, 1 ship, 2 ships, Scout)), (own docks as (dock, action)), (planet arts as (planet,
    rep needed, action)), (Uran spots' actions)."""
    got = _SEAT_ACTS.get((players, seat))   # the content is read once per process
    if got is None:
        data = content()
        key = (players, seat)
        src, msrc = f"ship:{seat}", f"mech:{seat}"
        docks = []
        for dock, pid, mark in dock_ids(players):
            if mark in ("3", "4") and players < int(mark):
                continue                    # never open at this count (mark_open's player test)
            need = 0 if mark in ("all", "3", "4") else int(mark[3:])
            docks.append((dock, pid, need, A("place_ship", src, dock, (("ships", 1),)),
                          A("place_ship", src, dock, (("ships", 2),)),
                          A("place_ship", src, dock, (("scout", True), ("ships", 1)))))
        own = tuple((f"dock:{k}:{seat}", A("place_ship", src, f"dock:{k}:{seat}", (("ships", 1),)))
                    for k in ("repair", "recall"))
        arts = tuple((pid, data.planets[pid].get("mech_rep", 0), A("place_mech", msrc, f"art:{pid}"))
                     for pid in data.planet_order)
        urans = tuple(A("place_mech", msrc, f"uran:{k}") for k in range(data.setup["uran_spots"]))
        got = (tuple(docks), own, arts, urans)
        if len(_SEAT_ACTS) > 64:
            _SEAT_ACTS.clear()
        _SEAT_ACTS[key] = got
    return got


_SECTIONS: dict = {}
_OPEN_DOCKS: dict = {}


def _open_docks(players: int, seat: int, rep: int) -> tuple:
    """(dock, one-ship action) of the seat's planet docks its reputation reaches, in board order (the
    filter of _main_actions that depends only on the reputation, made once per seat and reputation)."""
    if len(_OPEN_DOCKS) > 4096:
        _OPEN_DOCKS.clear()
    got = _OPEN_DOCKS[(players, seat, rep)] = tuple((d[0], d[3]) for d in seat_actions(players, seat)[0]
                                                    if rep >= d[2])
    return got


def section_kinds(section: str) -> tuple:
    """The tile kinds of a market section, in tiles.json order."""
    data = content()
    got = _SECTIONS.get((id(data), section))
    if got is None:
        got = tuple(k for k in data.tile_order if data.tiles[k]["section"] == section)
        if len(_SECTIONS) > 64:
            _SECTIONS.clear()
        _SECTIONS[(id(data), section)] = got
    return got


_WHERE: dict = {}


def _dock_where(dock: str) -> tuple:
    """'dock:<planet or repair/recall>:<i>' -> (that word, the log's i18n label for it)."""
    got = _WHERE.get(dock)
    if got is None:
        where = dock.split(":")[1]
        label = f"$galaxy.planet.{where}" if where not in ("repair", "recall") else f"$galaxy.dock.{where}"
        got = (where, label)
        if len(_WHERE) > 4096:
            _WHERE.clear()
        _WHERE[dock] = got
    return got


_PLAIN: dict = {}


def _plain(effects: list) -> bool:
    """Whether a planet option only gains credits/resources and rep (nothing to decide, no frame needed)."""
    key = id(effects)
    got = _PLAIN.get(key)
    if got is None:
        got = _PLAIN[key] = all(e["do"] in ("gain", "rep") for e in effects)
    return got


_TILES: dict = {}
_FAVOUR: dict = {}                          # 'mission:<id>' -> its Favour cost


def _tile_info(kind: str) -> tuple:
    """(min rep, resource costs as ((resource, n), ...), credit cost, section) of a tile kind."""
    got = _TILES.get(kind)
    if got is None:
        tile = content().tiles[kind]
        got = _TILES[kind] = (tile.get("min_rep", 0), tuple((k, n) for k, n in tile["cost"].items() if k != "cr"),
                              tile["cost"].get("cr", 0), tile["section"])
    return got


_NEED: dict = {}
_WEAPONS: dict = {}                         # a mech's tiles -> its weapons (weapons())
_REACH: dict = {}                           # GalaxyState._reach's memo


def mission_need(mission: str) -> tuple:
    """'mission:<id>' -> its DNA need as ((letter, n), ...)."""
    got = _NEED.get(mission)
    if got is None:
        got = _NEED[mission] = tuple(content().missions[mission.split(":", 1)[1]]["dna"].items())
    return got


def mark_open(mark: str, players: int, rep: int) -> bool:
    if mark == "all":
        return True
    if mark in ("3", "4"):
        return players >= int(mark)
    return rep >= int(mark[3:])


# the player dict's list and dict values (every other value is a scalar); test_clone checks these are all
P_LISTS = ("tiles", "pupgs", "specs", "flipped", "missions", "done", "kills", "kills_inv")
P_DICTS = ("res", "dna", "cubes")


def _copy_player(p: dict) -> dict:
    """A player dict with its own lists and dicts (all of them flat)."""
    q = p.copy()
    for k in P_LISTS:
        q[k] = p[k][:]
    for k in P_DICTS:
        q[k] = p[k].copy()
    return q


def _copy_frame(f: dict) -> dict:
    """A stack frame with its own lists (the other values are scalars)."""
    q = f.copy()
    for k, v in f.items():
        if v.__class__ is list:
            q[k] = v.copy()
    return q


class GalaxyState(GameState):
    GAME_ID = "galaxy"
    ENGINE_VERSION = _ENGINE_VERSION       # gamecore/galaxy/__init__.py

    # ---------------------------------------------------------------- setup
    @classmethod
    def new(cls, seed: int, players: int, options: dict) -> "GalaxyState":
        data = content()
        st = data.setup
        s = cls.__new__(cls)
        s.seed, s.players, s.options = seed, players, dict(options)
        s.rng = Rng(seed)
        s.round = 1
        s.phase = "draft_mech"
        s.stack = []
        s.arrivals = 0
        # S6: a random order for round 1; seats 1..4 of that order get 1/2/3/4 credits
        order = list(range(players))
        s.rng.shuffle(order)
        s.order = order
        s.turn_i = 0
        s.maint_i = 0
        s.seat = order[0]
        s.main_done = False
        s.p = []
        for seat in range(players):
            s.p.append({
                "mech": None, "pilot": None, "cr": 0, "res": {r: 0 for r in RESOURCES}, "dna": {d: 0 for d in DNA},
                "rad": 0, "hull": 0, "debt": 0, "rep": 0, "arr": 0,
                "cubes": {c: 0 for c in CUBES}, "tiles": [], "pupgs": [], "specs": [], "flipped": [],
                "missions": [], "done": [], "ships": st["start_ships"], "home": st["start_ships"],
                "mech_at": None, "kills": [], "kills_inv": [], "recall_ready": False, "recalled": False,
                "shield_used": False, "scav": 0, "bought_mission": False,
            })
        for k, seat in enumerate(order):
            s.p[seat]["cr"] = st["start_credits"][k]
            s.p[seat]["arr"] = k + 1                # markers go on the start space in round-1 order: the last is on top
        s.arrivals = players
        # S2, S4: board, invasion marker, mutant pile and Uran
        s.docks = {d: [] for d, _p, _m in dock_ids(players)}
        for seat in range(players):
            s.docks[f"dock:repair:{seat}"] = []
            s.docks[f"dock:recall:{seat}"] = []
        s.art = {pid: None for pid in data.planet_order}
        s.uran_mechs = []
        s.invaded = {}
        s.freed = []
        numbered = data.numbered()
        s.marker = numbered[0]["id"]
        s.pile = sorted(_mutant_table())
        s.rng.shuffle(s.pile)
        s.mdiscard = []
        s.uran = []
        for _ in range(st["uran_spots"]):
            while True:
                tile = s.pile.pop()
                if not s.is_red(tile):
                    break
                s.pile.append(tile)            # S4: a red back drawn during setup goes back, shuffled
                s.rng.shuffle(s.pile)
            s.uran.append(tile)
        while s.pile and s.is_red(s.pile[-1]):  # R3: no red tile on top after setup
            s.rng.shuffle(s.pile)
        # S5: the market for this player count
        s.market = {}
        for kind in data.tile_order:
            n = data.tiles[kind]["copies"][players - 2]
            s.market[kind] = [f"tile:{kind}:{k}" for k in range(n)]
        s.removed = []
        # S7-S9: missions, specialists, pilot upgrades
        s.mdeck = [f"mission:{m}" for m in data.missions]
        s.rng.shuffle(s.mdeck)
        for seat in order:
            s.p[seat]["missions"].append(s.mdeck.pop())
        s.mdisplay = [s.mdeck.pop() for _ in range(st["mission_display"])]
        s.mdisc = []
        s.sdeck = [f"spec:{k}" for k, v in data.specialists.items() if v.get("min_players", 2) <= players]
        s.rng.shuffle(s.sdeck)
        s.sdisplay = [s.sdeck.pop() for _ in range(st["specialist_display"])]
        s.sdisc = []
        s.udeck = [f"pupg:{k}:{i}" for k, v in data.pilot_upgrades.items() for i in range(v["copies"])]
        s.rng.shuffle(s.udeck)
        s.udisplay = [s.udeck.pop() for _ in range(st["pilot_upgrade_display"])]
        s.udisc = []
        # S12: the draft
        s.draft_mechs = sorted(data.mechs)
        s.draft_pilots = sorted(data.pilots)
        s.draft_i = 0
        s.stats_ = {"invasions": 0, "kills": 0, "missions": 0, "debt_games": 0}
        return s

    # ---------------------------------------------------------------- small queries
    def is_red(self, tile: str) -> bool:
        return _mutant_table()[tile][1]

    def species_of(self, tile: str) -> dict:
        return content().species[_mutant_table()[tile][0]]

    def current_seat(self):
        return None if self.phase == "over" else self.seat

    def is_over(self) -> bool:
        return self.phase == "over"

    def ev(self, kind: str, key: str, source=None, target=None, **params) -> Event:
        if self.quiet:                      # a bot's search copy: nothing reads its events
            return _QUIET_EVENT
        if "seat" in params:                # E(kind, key, params, source, target), one call less
            params["player"] = params["seat"] + 1
        if "other" in params:
            params["other_player"] = params["other"] + 1
        return new_event(kind, key, params, source, target)

    def capacity(self, seat: int) -> dict:
        p = self.p[seat]
        data = content()
        if p["mech"] is None:
            return {c: 0 for c in CUBES}
        mech = data.mechs[p["mech"]]
        cap = {c: mech[c] for c in CUBES}
        for t in p["tiles"]:
            tile = data.tiles[AB.kind_of(t)]
            for c, n in tile.get("adds", {}).items():
                cap[c] += n
        return cap

    def weapons(self, seat: int) -> list:
        """(slot index, (attack, ammo, energy)) of every weapon tile on the seat's mech."""
        tiles = tuple(self.p[seat]["tiles"])
        got = _WEAPONS.get(tiles)
        if got is None:
            data = content()
            got = []
            for i, t in enumerate(tiles):
                tile = data.tiles[AB.kind_of(t)]
                if tile["section"] == "weapon":
                    got.append((i, (tile["attack"], tile["ammo"], tile["energy"])))
            got = tuple(got)
            if len(_WEAPONS) > 20000:
                _WEAPONS.clear()
            _WEAPONS[tiles] = got
        return list(got)

    def combat_budget(self, seat: int) -> tuple:
        p = self.p[seat]
        da = de = dany = 0
        for a in AB.hooks(p, "combat_discount"):
            if a["cube"] == "ammo":
                da += a["n"]
            elif a["cube"] == "energy":
                de += a["n"]
            else:
                dany += a["n"]
        return (p["cubes"]["ammo"], p["cubes"]["energy"], da, de, dany)

    def can_fight(self, seat: int, tile: str) -> bool:
        """R7/R8: a weapon, an armour cube, and affordable attack at least the mutant's armour."""
        p = self.p[seat]
        if p["cubes"]["armour"] < 1:
            return False
        ws = self.weapons(seat)
        if not ws:
            return False
        need = self.species_of(tile)["armour"] - AB.hook_n(p, "attack_bonus")
        return combat.best_attack(tuple(w for _i, w in ws), self.combat_budget(seat)) >= max(1, need)

    def ships_needed(self, pid: str) -> int:
        return 2 if pid in self.invaded else 1

    def gain_resource(self, seat: int, what: str, n: int) -> int:
        """Add ``n`` of a resource (credits uncapped, resources stop at the tracker's cap); returns what was added."""
        p = self.p[seat]
        if what == "cr":
            p["cr"] += n
            return n
        cap = content().setup["resource_cap"]
        got = max(0, min(n, cap - p["res"][what]))
        p["res"][what] += got
        return got

    def add_rep(self, seat: int, n: int) -> list:
        p = self.p[seat]
        new = min(content().setup["rep_max"], p["rep"] + n)
        if new == p["rep"]:
            return []
        p["rep"] = new
        self.arrivals += 1
        p["arr"] = self.arrivals            # R16: an arriving marker goes on top of the stack
        return [self.ev("rep", "galaxy.log.rep", seat=seat, n=n, rep=new)]

    def turn_order(self) -> list:
        """Nearest the start first; on a shared space the upper (latest arrived) marker first."""
        return sorted(range(self.players), key=lambda s: (self.p[s]["rep"], -self.p[s]["arr"]))

    def tile_cost(self, seat: int, kind: str) -> dict:
        tile = content().tiles[kind]
        cost = dict(tile["cost"])
        p = self.p[seat]
        off = AB.hook_n(p, "market_discount", tile["section"])
        cost["cr"] = max(0, cost.get("cr", 0) - off)
        return cost

    def can_pay(self, seat: int, cost: dict) -> bool:
        p = self.p[seat]
        for k, n in cost.items():
            have = p["cr"] if k == "cr" else p["res"][k]
            if have < n:
                return False
        return True

    def pay(self, seat: int, cost: dict) -> None:
        p = self.p[seat]
        for k, n in cost.items():
            if k == "cr":
                p["cr"] -= n
            else:
                p["res"][k] -= n

    def can_buy_tile(self, seat: int, kind: str) -> bool:
        """Whether the seat may buy a tile of this kind now (stock, rep, tile_cost affordable)."""
        return self._can_buy(self.p[seat], kind, {})

    def can_buy_in(self, seat: int, section: str) -> bool:
        """Whether any tile of this market section can be bought now."""
        p = self.p[seat]
        discounts: dict = {}            # the section's market discount, worked out once, when first needed
        for kind in _SECTIONS.get((id(content()), section)) or section_kinds(section):
            if self._can_buy(p, kind, discounts):
                return True
        return False

    def _can_buy(self, p: dict, kind: str, discounts: dict) -> bool:
        """can_buy_tile for player ``p``; ``discounts``: market discounts by section worked out so far (a
        caller testing several kinds of one section shares it)."""
        if not self.market[kind]:
            return False
        min_rep, res_cost, cr, section = _TILES.get(kind) or _tile_info(kind)
        if p["rep"] < min_rep:
            return False
        res = p["res"]
        for k, n in res_cost:
            if res[k] < n:
                return False
        if cr > 0:
            off = discounts.get(section)
            if off is None:
                off = discounts[section] = AB.hook_n(p, "market_discount", section)
            cr = max(0, cr - off)
        return p["cr"] >= max(0, cr)

    def _favour_costs(self, seat: int) -> list:
        """mission_cost(seat, m) for each mission of the display, the discount worked out once."""
        off = AB.hook_n(self.p[seat], "mission_discount")
        out = []
        for m in self.mdisplay:
            favour = _FAVOUR.get(m)
            if favour is None:
                favour = _FAVOUR[m] = content().missions[m.split(":", 1)[1]]["favour"]
            out.append(max(0, favour - off))
        return out

    def mission_cost(self, seat: int, mission: str) -> int:
        favour = _FAVOUR.get(mission)
        if favour is None:
            favour = _FAVOUR[mission] = content().missions[mission.split(":", 1)[1]]["favour"]
        return max(0, favour - AB.hook_n(self.p[seat], "mission_discount"))

    def can_complete(self, seat: int, mission: str) -> bool:
        have = self.p[seat]["dna"]
        for k, n in mission_need(mission):
            if have[k] < n:
                return False
        return True

    def empty_squares(self, seat: int) -> int:
        cap = self.capacity(seat)
        cubes = self.p[seat]["cubes"]
        return sum(cap[c] - cubes[c] for c in CUBES)

    # ---------------------------------------------------------------- legal actions
    def pending(self):
        if self.phase == "over":
            return None
        if self.phase == "draft_mech":
            return Decision("draft_mech", self.seat, "galaxy.prompt.draft_mech",
                            {"left": len(self.draft_mechs), "player": self.seat + 1})
        if self.phase == "draft_pilot":
            return Decision("draft_pilot", self.seat, "galaxy.prompt.draft_pilot",
                            {"left": len(self.draft_pilots), "player": self.seat + 1})
        if self.stack:
            f = self.stack[-1]
            args = {k: v for k, v in f.items() if k != "t" and not isinstance(v, (list, dict))}
            if args.get("planet"):
                args["planet_id"] = args["planet"]
                args["planet"] = f"$galaxy.planet.{args['planet']}"
            args["player"] = self.seat + 1
            return Decision(f["t"], self.seat, f"galaxy.prompt.{f['t']}", args)
        kind = "maint" if self.phase == "maint" else "after" if self.main_done else "turn"
        return Decision(kind, self.seat, f"galaxy.prompt.{kind}", {"round": self.round, "player": self.seat + 1})

    def _legal(self) -> list:
        seat = self.seat
        if self.phase == "draft_mech":
            return [A("pick_mech", f"mechtile:{m}", f"seat:{seat}") for m in self.draft_mechs]
        if self.phase == "draft_pilot":
            return [A("pick_pilot", f"pilot:{m}", f"seat:{seat}") for m in self.draft_pilots]
        if self.stack:
            return self._frame_actions(self.stack[-1])
        if self.phase == "maint":
            return self._mission_buys(seat) + self._completions(seat) + [DONE]
        if self.main_done:
            return self._free_actions(seat) + [END_TURN]
        return self._main_actions(seat) + self._free_actions(seat)

    def _main_actions(self, seat: int) -> list:
        p = self.p[seat]
        out = []
        docks_, own, arts, urans = seat_actions(self.players, seat)
        if p["home"] > 0:
            rep, docks, invaded = p["rep"], self.docks, self.invaded
            scout = ("spec:scout" in p["specs"] and "spec:scout" not in p["flipped"])
            if not invaded:
                open_ = _OPEN_DOCKS.get((self.players, seat, rep))
                if open_ is None:
                    open_ = _open_docks(self.players, seat, rep)
                out = [act for dock, act in open_ if not docks[dock]]
            elif not scout:                 # the loop below without the Scout, as one comprehension
                two = p["home"] >= 2
                out = [(pair if pid in invaded else one) for dock, pid, need, one, pair, _s in docks_
                       if not docks[dock] and rep >= need and (two or pid not in invaded)]
            else:
                two = p["home"] >= 2
                for dock, pid, need, one, pair, scouted in docks_:
                    if docks[dock] or rep < need:
                        continue
                    if pid in invaded:
                        if two:
                            out.append(pair)
                        if scout:
                            out.append(scouted)
                    else:
                        out.append(one)
            for dock, act in own:
                if not docks[dock]:
                    out.append(act)
        if p["mech_at"] is None and p["mech"] is not None:
            reach = self._reach(seat)           # can_fight(seat, tile) == (armour of tile <= reach)
            armour = _mutant_armour()
            rep, art, invaded = p["rep"], self.art, self.invaded
            out += [act for pid, need, act in arts if art[pid] is None and rep >= need
                    and (pid not in invaded or armour[invaded[pid]] <= reach)]
            out += [urans[k] for k, tile in enumerate(self.uran) if tile is not None and armour[tile] <= reach]
        return out

    def _reach(self, seat: int) -> int:
        """The strongest mutant armour the seat can fight now (-1: none): can_fight's test for every tile at once."""
        p = self.p[seat]
        cubes = p["cubes"]
        if cubes["armour"] < 1 or not p["tiles"]:
            return -1
        # memoised on everything it reads: the tiles, the ammo and energy cubes, what decides the abilities
        key = (tuple(p["tiles"]), cubes["ammo"], cubes["energy"], p["pilot"], p["mech"], tuple(p["pupgs"]),
               tuple(p["specs"]))
        got = _REACH.get(key)
        if got is None:
            ws = self.weapons(seat)
            best = combat.best_attack(tuple(w for _i, w in ws), self.combat_budget(seat)) if ws else 0
            # armour - bonus <= best, and best >= 1
            got = best + AB.hook_n(p, "attack_bonus") if best >= 1 else -1
            if len(_REACH) > 20000:
                _REACH.clear()
            _REACH[key] = got
        return got

    def has_main(self, seat: int) -> bool:
        """Whether the seat has a legal placement (A4, R15), without building the actions."""
        p = self.p[seat]
        if p["home"] > 0:
            docks_, own, _arts, _urans = seat_actions(self.players, seat)
            docks = self.docks
            if not docks[own[0][0]] or not docks[own[1][0]]:       # the repair and recall docks
                return True
            rep, invaded = p["rep"], self.invaded
            for dock, pid, need, *_acts in docks_:
                if not docks[dock] and rep >= need:
                    if pid not in invaded or p["home"] >= 2:
                        return True
                    if "spec:scout" in p["specs"] and "spec:scout" not in p["flipped"]:
                        return True
        if p["mech_at"] is None and p["mech"] is not None:
            planets = content().planets
            for pid, who in self.art.items():
                if who is None and p["rep"] >= planets[pid].get("mech_rep", 0) and pid not in self.invaded:
                    return True
            return bool(self._main_actions(seat))
        return False

    def _completions(self, seat: int) -> list:
        p = self.p[seat]
        missions = p["missions"]
        if not missions:
            return []
        have = p["dna"]
        out = []
        for m in missions:                  # can_complete(seat, m), inlined
            for k, n in (_NEED.get(m) or mission_need(m)):
                if have[k] < n:
                    break
            else:
                out.append(_complete_act(seat, m))
        return out

    def _mission_buys(self, seat: int) -> list:
        p = self.p[seat]
        if p["bought_mission"]:
            return []
        have = p["res"]["favour"]
        return [_to_seat("buy_mission", m, seat) for m, cost in zip(self.mdisplay, self._favour_costs(seat))
                if have >= cost]

    def _has_completion(self, seat: int) -> bool:
        """Whether _completions(seat) would list anything (without building the actions)."""
        p = self.p[seat]
        missions = p["missions"]
        if not missions:
            return False
        have = p["dna"]
        for m in missions:
            for k, n in (_NEED.get(m) or mission_need(m)):
                if have[k] < n:
                    break
            else:
                return True
        return False

    def _has_mission_buy(self, seat: int) -> bool:
        """Whether _mission_buys(seat) would list anything."""
        p = self.p[seat]
        if p["bought_mission"]:
            return False
        if not self.mdisplay:
            return False
        have = p["res"]["favour"]
        for cost in self._favour_costs(seat):
            if have >= cost:
                return True
        return False

    def _has_free(self, seat: int) -> bool:
        """Whether _free_actions(seat) would list anything: the same tests, no action built."""
        p = self.p[seat]
        if p["mech_at"] is not None and p["recall_ready"] and not p["recalled"]:
            return True
        if self._has_completion(seat):
            return True
        data = content()
        for sid in p["specs"]:
            if sid in p["flipped"]:
                continue
            for e in data.specialists[sid.split(":", 1)[1]].get("flip", ()):
                d = e["do"]
                if d == "repair":
                    if self.empty_squares(seat) > 0:
                        return True
                elif d == "swap_resource":
                    if len(RESOURCES) > 1 and any(p["res"][r] > 0 for r in RESOURCES):
                        return True
                elif d == "splice_dna":
                    if len(DNA) > 1 and any(p["dna"][g] >= 2 for g in DNA):
                        return True
                elif d == "recall" and p["mech_at"] is not None:
                    return True
        return False

    def _free_actions(self, seat: int) -> list:
        p = self.p[seat]
        out = self._completions(seat)
        data = content()
        for sid in p["specs"]:
            if sid in p["flipped"]:
                continue
            spec = data.specialists[sid.split(":", 1)[1]]
            for e in spec.get("flip", ()):
                d = e["do"]
                if d == "repair" and self.empty_squares(seat) > 0:
                    out.append(_to_seat("flip", sid, seat))
                elif d == "swap_resource":
                    for give in RESOURCES:
                        if p["res"][give] > 0:
                            for take in RESOURCES:
                                if take != give:
                                    out.append(Action.make("flip", sid, f"seat:{seat}", give=give, take=take))
                elif d == "splice_dna":
                    for give in DNA:
                        if p["dna"][give] >= 2:
                            for take in DNA:
                                if take != give:
                                    out.append(Action.make("flip", sid, f"seat:{seat}", give=give, take=take))
                elif d == "recall" and p["mech_at"] is not None:
                    out.append(Action.make("recall", f"mech:{seat}", f"home:{seat}", via=sid))
        if p["mech_at"] is not None and p["recall_ready"] and not p["recalled"]:
            out.append(Action.make("recall", f"mech:{seat}", f"home:{seat}", via=f"dock:recall:{seat}"))
        return out

    def _frame_actions(self, f: dict) -> list:
        t = f["t"]
        seat = self.seat
        p = self.p[seat]
        if t == "option":
            return [Action.make("option", None, f["where"], index=i) for i in f["options"]]
        if t == "buy_tile":
            out = []
            full = len(p["tiles"]) >= content().setup["mech_slots"]
            for kind in section_kinds(f["section"]):
                if not self.can_buy_tile(seat, kind):
                    continue
                if not full:
                    out.append(_buy_act(kind, seat, -1))
                else:
                    for i, old in enumerate(p["tiles"]):
                        if content().tiles[AB.kind_of(old)].get("kind") == "ship" and p["home"] < 1:
                            continue
                        out.append(_buy_act(kind, seat, i))
            return out + [SKIP]
        if t == "pilot_upgrade":
            return [_to_seat("take_upgrade", u, seat) for u in self.udisplay] + [SKIP]
        if t == "hire":
            return [_to_seat("hire", sid, seat) for sid in self.sdisplay
                    if p["cr"] >= content().specialists[sid.split(":", 1)[1]]["cost"]] + [SKIP]
        if t == "repair":
            return [Action.make("repair", None, f"mech:{seat}", armour=a, ammo=m, energy=e) for a, m, e in f["mixes"]]
        if t == "combat":
            return [_fire_act(seat, i, f["mutant"]) for i in self._fireable(f)]
        if t == "take_mission":
            return [_to_seat("take_mission", m, seat) for m in self.mdisplay] + [SKIP]
        if t == "take_resource":
            cap = content().setup["resource_cap"]
            out = [Action.make("take_resource", None, f"seat:{seat}", what=r) for r in RESOURCES
                   if r != "favour" and p["res"][r] < cap]
            return out or [SKIP]
        raise AssertionError(f"unknown frame {t}")

    def _fireable(self, f: dict) -> list:
        seat = self.seat
        ws = dict(self.weapons(seat))
        budget = tuple(f["budget"])
        armour = f["armour"]
        out = []
        for i in sorted(ws):
            if i in f["used"]:
                continue
            after = combat.pay(ws[i], budget)
            if after is None:
                continue
            total = f["total"] + ws[i][0]
            if total < armour:
                rest = [w for j, w in ws.items() if j != i and j not in f["used"]]
                if total + combat.best_attack(rest, after) < armour:
                    continue
            out.append(i)
        return out

    # ---------------------------------------------------------------- apply
    def _apply(self, action: Action) -> list:
        k = action.kind
        seat = self.seat
        if k == "pick_mech":
            return self._pick_mech(seat, action.source.split(":", 1)[1])
        if k == "pick_pilot":
            return self._pick_pilot(seat, action.source.split(":", 1)[1])
        if self.stack:
            events = self._resolve_frame(seat, action)
        elif k == "place_ship":
            events = self._place_ship(seat, action)
        elif k == "place_mech":
            events = self._place_mech(seat, action.target)
        elif k == "complete_mission":
            events = self._complete_mission(seat, action.target)
        elif k == "flip":
            events = self._flip(seat, action)
        elif k == "recall":
            events = self._recall(seat, action.get("via"))
        elif k == "buy_mission":
            events = self._buy_mission(seat, action.source)
        elif k == "done":
            events = self._maint_next()
            return events
        elif k == "end_turn":
            events = [(_SHARED_EV.get(("galaxy.log.end_turn", seat)) or _seat_ev("info", "galaxy.log.end_turn", seat))]
            events += self._next_turn()
            return events
        else:
            raise IllegalAction("not_legal", "That move is not allowed now.")
        events += self._run()
        events += self._settle()
        return events

    def _settle(self) -> list:
        """After an action or a frame is done: end the turn (or the M3 step) when nothing is left to decide."""
        if self.stack or self.phase == "over":
            return []
        if self.phase == "maint":
            if not self._has_mission_buy(self.seat) and not self._has_completion(self.seat):
                return self._maint_next()
            return []
        if self.phase == "play" and self.main_done and not self._has_free(self.seat):
            return self._next_turn()
        return []

    # ---------------------------------------------------------------- the draft
    def _pick_mech(self, seat: int, mech: str) -> list:
        self.draft_mechs.remove(mech)
        self.p[seat]["mech"] = mech
        events = [self.ev("move", "galaxy.log.pick_mech", source=f"mechtile:{mech}", target=f"seat:{seat}",
                          seat=seat, mech=f"$galaxy.mech.{mech}")]
        self.draft_i += 1
        if self.draft_i < self.players:
            self.seat = self.order[self.draft_i]
        else:
            self.phase = "draft_pilot"
            self.draft_i = 0
            self.seat = self.order[-1]
        return events

    def _pick_pilot(self, seat: int, pilot: str) -> list:
        self.draft_pilots.remove(pilot)
        p = self.p[seat]
        p["pilot"] = pilot
        cap = self.capacity(seat)
        p["cubes"] = dict(cap)              # S14: the mech's squares filled
        events = [self.ev("move", "galaxy.log.pick_pilot", source=f"pilot:{pilot}", target=f"seat:{seat}",
                          seat=seat, pilot=f"$galaxy.pilot.{pilot}")]
        self.draft_i += 1
        if self.draft_i < self.players:
            self.seat = self.order[-1 - self.draft_i]
            return events
        events.append(_round_ev("galaxy.log.round", self.round))
        return events + self._start_turns()

    # ---------------------------------------------------------------- turns
    def _start_turns(self) -> list:
        self.phase = "play"
        self.main_done = False
        for i, seat in enumerate(self.order):
            if self.has_main(seat):
                self.turn_i = i
                self.seat = seat
                return [_SHARED_EV.get(("turn", seat)) or _turn_ev(seat)]
        return self._start_maintenance()

    def _next_turn(self) -> list:
        n = len(self.order)
        self.main_done = False
        for step in range(1, n + 1):
            i = (self.turn_i + step) % n
            seat = self.order[i]
            if self.has_main(seat):
                self.turn_i = i
                self.seat = seat
                return [_SHARED_EV.get(("turn", seat)) or _turn_ev(seat)]
        return self._start_maintenance()

    def _place_ship(self, seat: int, action: Action) -> list:
        p = self.p[seat]
        dock = action.target
        ships = action.get("ships", 1)
        p["home"] -= ships
        self.docks[dock] = [seat] * ships
        self.main_done = True
        where, label = _dock_where(dock)
        key = ("place_ship", seat, dock, ships)
        events = [_SHARED_EV.get(key) or _shared_ev(key, "move", "galaxy.log.place_ship",
                                                     {"seat": seat, "ships": ships, "planet": label}, f"ship:{seat}", dock)]
        if action.params and action.params[0][0] == "scout":    # sorted params: ("scout", True) first
            p["flipped"].append("spec:scout")
            events.append(self.ev("flip", "galaxy.log.scout", source="spec:scout", seat=seat))
        if where == "repair":
            return events + self._start_repair(seat, content().setup["repair_dock"] + AB.hook_n(p, "repair_bonus"))
        if where == "recall":
            p["recall_ready"] = True
            return events
        planet = content().planets[where]
        for _ in range(ships):
            if planet["radiation"]:
                events += self._radiate(seat, planet["radiation"])
        return events + self._use_planet(seat, where, "ship")

    def _radiate(self, seat: int, n: int) -> list:
        p = self.p[seat]
        if not p["shield_used"] and AB.hook_n(p, "radiation_shield"):
            p["shield_used"] = True
            n -= 1
            if n <= 0:
                return [self.ev("info", "galaxy.log.shielded", seat=seat)]
        p["rad"] += n
        return [self.ev("score", "galaxy.log.radiation", seat=seat, n=n)]

    def _place_mech(self, seat: int, target: str) -> list:
        p = self.p[seat]
        self.main_done = True
        kind, where = target.split(":")
        events = []
        if kind == "uran":
            spot = int(where)
            p["mech_at"] = "uran"
            self.uran_mechs.append(seat)
            tile = self.uran[spot]
            events.append(self.ev("move", "galaxy.log.mech_uran", source=f"mech:{seat}", target=target, seat=seat,
                                  mutant=f"$galaxy.species.{self.species_of(tile)['id']}"))
            return events + self._start_combat(seat, tile, "uran", spot)
        p["mech_at"] = where
        self.art[where] = seat
        key = ("mech_planet", seat, target)
        events.append(_SHARED_EV.get(key) or _shared_ev(key, "move", "galaxy.log.mech_planet",
                                                         {"seat": seat, "planet": f"$galaxy.planet.{where}"},
                                                         f"mech:{seat}", target))
        if where in self.invaded:
            self.stack.append({"t": "run", "seat": seat, "planet": where, "via": "mech", "fx": None, "i": 0})
            return events + self._start_combat(seat, self.invaded[where], where, -1)
        events += AB.emit(self, "mech_planet", seat=seat)
        return events + self._use_planet(seat, where, "mech")

    def _use_planet(self, seat: int, where: str, via: str) -> list:
        """Queue the planet's effect: one option runs at once, several open an 'option' decision."""
        planet = content().planets[where]
        events = []
        for b in AB.hooks(self.p[seat], "planet_bonus"):
            if b["planet"] == where:
                got = self.gain_resource(seat, b["what"], b["n"])
                events.append(self.ev("gain", "galaxy.log.bonus", seat=seat, n=got, what=f"$galaxy.res.{b['what']}"))
        opts = planet["effect"]
        if len(opts) == 1:
            if _plain(opts[0]):             # gains and rep only: what the 'run' frame would do, at once
                for e in opts[0]:
                    if e["do"] == "gain":
                        got = self.gain_resource(seat, e["what"], e["n"])
                        events.append(_SHARED_EV.get(("gain", seat, got, e["what"])) or _gain_ev(seat, got, e["what"]))
                    else:
                        events += self.add_rep(seat, e["n"])
                return events
            self.stack.append({"t": "run", "seat": seat, "planet": where, "via": via, "fx": 0, "i": 0})
            return events
        usable = [i for i, opt in enumerate(opts) if self._option_usable(seat, opt)]
        if not usable:
            key = ("nothing", seat, where)
            return events + [_SHARED_EV.get(key) or _shared_ev(key, "info", "galaxy.log.nothing",
                                                                {"seat": seat, "planet": f"$galaxy.planet.{where}"})]
        if len(usable) == 1:
            self.stack.append({"t": "run", "seat": seat, "planet": where, "via": via, "fx": usable[0], "i": 0})
            return events
        self.stack.append({"t": "option", "where": f"art:{where}", "planet": where, "via": via, "options": usable})
        return events

    def _option_usable(self, seat: int, opt: list) -> bool:
        p = self.p[seat]
        data = content()
        for e in opt:
            d = e["do"]
            if d == "pilot_upgrade":
                if p["cr"] < e["cost"] or not self.udisplay or len(p["pupgs"]) >= data.setup["pilot_upgrade_limit"]:
                    return False
            elif d == "cleanse":
                if p["cr"] < e["cost"] or p["rad"] < 1:
                    return False
            elif d == "repair":
                if self.empty_squares(seat) < 1:
                    return False
            elif d == "buy_tile":
                if not self.can_buy_in(seat, e["section"]):
                    return False
            elif d == "hire_specialist":
                if not any(p["cr"] >= data.specialists[s.split(":", 1)[1]]["cost"] for s in self.sdisplay):
                    return False
        return True

    def _run(self) -> list:
        """Work through 'run' frames (a planet's or a card's effects) until a decision is needed."""
        events = []
        while self.stack and self.stack[-1]["t"] == "run":
            f = self.stack[-1]
            if f["fx"] is None:             # a fight comes first; its frame sits above this one
                self.stack.pop()
                events += self._use_planet(f["seat"], f["planet"], f["via"])
                continue
            effects = self._effects_of(f)
            if f["i"] >= len(effects):
                self.stack.pop()
                continue
            e = effects[f["i"]]
            f["i"] += 1
            events += self._do_effect(f["seat"], e, f)
        return events

    def _effects_of(self, f: dict) -> list:
        if "card" in f:
            spec = content().specialists[f["card"].split(":", 1)[1]]
            return spec[f["part"]]
        return content().planets[f["planet"]]["effect"][f["fx"]]

    def _do_effect(self, seat: int, e: dict, f: dict) -> list:
        p = self.p[seat]
        d = e["do"]
        data = content()
        if d == "gain":
            got = self.gain_resource(seat, e["what"], e["n"])
            return [_SHARED_EV.get(("gain", seat, got, e["what"])) or _gain_ev(seat, got, e["what"])]
        if d == "rep":
            return self.add_rep(seat, e["n"])
        if d == "repair":
            return self._start_repair(seat, e["n"] + (AB.hook_n(p, "repair_bonus") if "card" not in f else 0))
        if d == "buy_tile":
            if self.can_buy_in(seat, e["section"]):
                self.stack.append({"t": "buy_tile", "section": e["section"], "left": e.get("n", 1)})
                return []
            return [(_SHARED_EV.get(("galaxy.log.nothing_to_buy", seat)) or _seat_ev("info", "galaxy.log.nothing_to_buy", seat))]
        if d == "pilot_upgrade":
            if p["cr"] >= e["cost"] and self.udisplay and len(p["pupgs"]) < data.setup["pilot_upgrade_limit"]:
                self.stack.append({"t": "pilot_upgrade", "cost": e["cost"]})
                return []
            return [(_SHARED_EV.get(("galaxy.log.nothing_to_buy", seat)) or _seat_ev("info", "galaxy.log.nothing_to_buy", seat))]
        if d == "cleanse":
            if p["cr"] >= e["cost"] and p["rad"] > 0:
                p["cr"] -= e["cost"]
                n = min(e["n"], p["rad"])
                p["rad"] -= n
                return [self.ev("score", "galaxy.log.cleanse", seat=seat, n=n, cost=e["cost"])]
            return []
        if d == "hire_specialist":
            if any(p["cr"] >= data.specialists[s.split(":", 1)[1]]["cost"] for s in self.sdisplay):
                self.stack.append({"t": "hire"})
                return []
            return [(_SHARED_EV.get(("galaxy.log.nothing_to_buy", seat)) or _seat_ev("info", "galaxy.log.nothing_to_buy", seat))]
        if d == "take_mission":
            if self.mdisplay:
                self.stack.append({"t": "take_mission"})
            return []
        if d == "choose_resources":
            self.stack.append({"t": "take_resource", "left": e["n"]})
            return []
        raise AssertionError(f"effect {d} is not run from a frame")

    def _start_repair(self, seat: int, n: int) -> list:
        cap = self.capacity(seat)
        cubes = self.p[seat]["cubes"]
        gaps = [cap[c] - cubes[c] for c in CUBES]
        n = min(n, sum(gaps))
        if n <= 0:
            return [self.ev("info", "galaxy.log.nothing_to_repair", seat=seat)]
        mixes = [(a, m, n - a - m) for a in range(min(n, gaps[0]) + 1) for m in range(min(n - a, gaps[1]) + 1)
                 if 0 <= n - a - m <= gaps[2]]
        if len(mixes) == 1:
            return self._repair(seat, mixes[0])
        self.stack.append({"t": "repair", "n": n, "mixes": [list(x) for x in mixes]})
        return []

    def _repair(self, seat: int, mix) -> list:
        cubes = self.p[seat]["cubes"]
        for c, k in zip(CUBES, mix):
            cubes[c] += k
        return [self.ev("cubes", "galaxy.log.repair", target=f"mech:{seat}", seat=seat, armour=mix[0], ammo=mix[1],
                        energy=mix[2])]

    # ---------------------------------------------------------------- combat
    def _start_combat(self, seat: int, tile: str, where: str, spot: int) -> list:
        p = self.p[seat]
        sp = self.species_of(tile)
        strike = max(1, sp["strength"] - AB.hook_n(p, "strike_reduction"))
        blocked = min(strike, p["cubes"]["armour"])
        p["cubes"]["armour"] -= blocked
        hull = strike - blocked
        p["hull"] += hull
        events = [self.ev("combat", "galaxy.log.strike", source=tile, target=f"mech:{seat}", seat=seat,
                          mutant=f"$galaxy.species.{sp['id']}", strike=strike, armour=blocked, hull=hull)]
        self.stack.append({"t": "combat", "mutant": tile, "where": where, "spot": spot, "armour": sp["armour"],
                           "total": AB.hook_n(p, "attack_bonus"), "used": [], "budget": list(self.combat_budget(seat))})
        return events

    def _fire(self, seat: int, f: dict, slot: int) -> list:
        p = self.p[seat]
        w = dict(self.weapons(seat))[slot]
        before = f["budget"]
        after = combat.pay(w, tuple(before))
        p["cubes"]["ammo"] -= before[0] - after[0]
        p["cubes"]["energy"] -= before[1] - after[1]
        f["budget"] = list(after)
        f["used"].append(slot)
        f["total"] += w[0]
        events = [self.ev("combat", "galaxy.log.fire", source=f"slot:{seat}:{slot}", target=f["mutant"], seat=seat,
                          weapon=f"$galaxy.tile.{AB.kind_of(p['tiles'][slot])}", attack=w[0], total=f["total"],
                          armour=f["armour"], ammo=before[0] - after[0], energy=before[1] - after[1])]
        if f["total"] >= f["armour"]:
            self.stack.pop()
            events += self._kill(seat, f)
        return events

    def _kill(self, seat: int, f: dict) -> list:
        p = self.p[seat]
        tile = f["mutant"]
        sp = self.species_of(tile)
        p["kills"].append(tile)
        self.stats_["kills"] += 1
        events = [self.ev("combat", "galaxy.log.kill", source=tile, target=f"seat:{seat}", seat=seat,
                          mutant=f"$galaxy.species.{sp['id']}")]
        if f["where"] == "uran":
            self.uran[f["spot"]] = None
            events += self._refill_uran(f["spot"])
        else:
            p["kills_inv"].append(tile)
            del self.invaded[f["where"]]
            self.freed.append(f["where"])
        events += AB.emit(self, "kill", seat=seat, tile=tile)
        events += AB.emit(self, "combat_end", seat=seat)
        return events

    # ---------------------------------------------------------------- the mutant pile and invasions
    def _draw_mutant(self) -> tuple:
        events = []
        if not self.pile and self.mdiscard:
            self.pile = self.mdiscard
            self.mdiscard = []
            self.rng.shuffle(self.pile)
            events.append(self.ev("shuffle", "galaxy.log.pile_reshuffled", n=len(self.pile)))
        return (self.pile.pop() if self.pile else None), events

    def _refill_uran(self, spot: int) -> list:
        tile, events = self._draw_mutant()
        if tile is None:
            return events
        self.uran[spot] = tile
        events.append(self.ev("reveal", "galaxy.log.uran_refill", source=tile, target=f"uran:{spot}",
                              mutant=f"$galaxy.species.{self.species_of(tile)['id']}"))
        return events + self._red_chain()

    def invasion_target(self):
        data = content()
        numbered = [p["id"] for p in data.numbered()]
        start = numbered.index(self.marker)
        for k in range(len(numbered)):
            pid = numbered[(start + k) % len(numbered)]
            if pid not in self.invaded and pid not in self.freed:
                return pid
        return None

    def _invade(self) -> list:
        target = self.invasion_target()
        if target is None or not self.pile:
            return []
        tile = self.pile.pop()
        self.invaded[target] = tile
        self.stats_["invasions"] += 1
        numbered = [p["id"] for p in content().numbered()]
        self.marker = numbered[(numbered.index(target) + 1) % len(numbered)]
        nxt = self.invasion_target()
        if nxt is not None:
            self.marker = nxt
        return [self.ev("reveal", "galaxy.log.invasion", source=tile, target=f"art:{target}",
                        planet=f"$galaxy.planet.{target}", mutant=f"$galaxy.species.{self.species_of(tile)['id']}")]

    def _red_chain(self) -> list:
        events = []
        while self.pile and self.is_red(self.pile[-1]) and self.invasion_target() is not None:
            events += self._invade()
        return events

    # ---------------------------------------------------------------- frames
    def _resolve_frame(self, seat: int, action: Action) -> list:
        f = self.stack[-1]
        t = f["t"]
        p = self.p[seat]
        data = content()
        k = action.kind
        if t == "option":
            self.stack.pop()
            self.stack.append({"t": "run", "seat": seat, "planet": f["planet"], "via": f["via"],
                               "fx": action.get("index"), "i": 0})
            return []
        if t == "combat":
            return self._fire(seat, f, int(action.source.rsplit(":", 1)[1]))
        if t == "repair":
            self.stack.pop()
            return self._repair(seat, (action.get("armour"), action.get("ammo"), action.get("energy")))
        if t == "take_resource":
            if k == "skip":
                self.stack.pop()
                return []
            what = action.get("what")
            got = self.gain_resource(seat, what, 1)
            f["left"] -= 1
            if f["left"] <= 0:
                self.stack.pop()
            return [_SHARED_EV.get(("gain", seat, got, what)) or _gain_ev(seat, got, what)]
        self.stack.pop()
        if k == "skip":
            return [(_SHARED_EV.get(("galaxy.log.skip", seat)) or _seat_ev("info", "galaxy.log.skip", seat))]
        if t == "buy_tile":
            events = self._buy_tile(seat, action.source.split(":", 1)[1], action.target)
            left = f["left"] - 1
            if left > 0 and self.can_buy_in(seat, f["section"]):
                self.stack.append({"t": "buy_tile", "section": f["section"], "left": left})
            return events
        if t == "pilot_upgrade":
            self.udisplay.remove(action.source)
            p["pupgs"].append(action.source)
            p["cr"] -= f["cost"]
            events = [self.ev("move", "galaxy.log.pilot_upgrade", source=action.source, target=f"seat:{seat}", seat=seat,
                              upgrade=f"$galaxy.pupg.{AB.kind_of(action.source)}", cost=f["cost"])]
            return events + AB.emit(self, "hired", seat=seat)
        if t == "hire":
            sid = action.source
            spec = data.specialists[sid.split(":", 1)[1]]
            self.sdisplay.remove(sid)
            p["specs"].append(sid)
            p["cr"] -= spec["cost"]
            events = [self.ev("move", "galaxy.log.hire", source=sid, target=f"seat:{seat}", seat=seat,
                              specialist=f"$galaxy.spec.{sid.split(':', 1)[1]}", cost=spec["cost"])]
            if "on_hire" in spec:
                self.stack.append({"t": "run", "seat": seat, "card": sid, "part": "on_hire", "i": 0, "fx": 0,
                                   "planet": None, "via": "card"})
            return events + AB.emit(self, "hired", seat=seat)
        if t == "take_mission":
            self.mdisplay.remove(action.source)
            p["missions"].append(action.source)
            events = [self.ev("move", "galaxy.log.take_mission", source=action.source, target=f"seat:{seat}", seat=seat)]
            return events + self._refill_missions()
        raise AssertionError(t)

    def _buy_tile(self, seat: int, kind: str, target: str) -> list:
        p = self.p[seat]
        data = content()
        cost = self.tile_cost(seat, kind)
        self.pay(seat, cost)
        tid = self.market[kind].pop()
        events = []
        tile = data.tiles[kind]
        if target.startswith("slot:"):
            i = int(target.rsplit(":", 1)[1])
            old = p["tiles"][i]
            p["tiles"][i] = tid
            self.removed.append(old)
            oldt = data.tiles[AB.kind_of(old)]
            if oldt.get("kind") == "ship":
                p["ships"] -= 1
                p["home"] -= 1
            cap = self.capacity(seat)
            for c in CUBES:
                p["cubes"][c] = min(p["cubes"][c], cap[c] - tile.get("adds", {}).get(c, 0))
            events.append(self.ev("move", "galaxy.log.replace_tile", source=old, target="removed", seat=seat,
                                  tile=f"$galaxy.tile.{AB.kind_of(old)}"))
        else:
            p["tiles"].append(tid)
            target = f"slot:{seat}:{len(p['tiles']) - 1}"
        for c, n in tile.get("adds", {}).items():
            p["cubes"][c] += n                  # new squares arrive full
        if tile.get("kind") == "ship":
            p["ships"] += 1
            p["home"] += 1
        events.append(self.ev("move", "galaxy.log.buy_tile", source=tid, target=target, seat=seat,
                              tile=f"$galaxy.tile.{kind}", cost=cost.get("cr", 0)))
        return events

    def _refill_missions(self) -> list:
        events = []
        while len(self.mdisplay) < content().setup["mission_display"]:
            if not self.mdeck and self.mdisc:
                self.mdeck = self.mdisc
                self.mdisc = []
                self.rng.shuffle(self.mdeck)
                events.append(self.ev("shuffle", "galaxy.log.deck_reshuffled", deck="$galaxy.deck.missions"))
            if not self.mdeck:
                break
            m = self.mdeck.pop()
            self.mdisplay.append(m)
            events.append(_SHARED_EV.get(("mission_revealed", m))
                          or _shared_ev(("mission_revealed", m), "reveal", "galaxy.log.mission_revealed", {}, m))
        return events

    # ---------------------------------------------------------------- free actions
    def _complete_mission(self, seat: int, mission: str) -> list:
        p = self.p[seat]
        m = content().missions[mission.split(":", 1)[1]]
        for k, n in m["dna"].items():
            p["dna"][k] -= n
        p["missions"].remove(mission)
        p["done"].append(mission)
        self.stats_["missions"] += 1
        events = [self.ev("score", "galaxy.log.complete_mission", source=f"dna:{seat}", target=mission, seat=seat,
                          vp=m["vp"])]
        bonus = AB.hook_n(p, "mission_cr")
        if bonus:
            p["cr"] += bonus
            events.append(self.ev("gain", "galaxy.log.mission_bonus", seat=seat, n=bonus))
        return events

    def _flip(self, seat: int, action: Action) -> list:
        p = self.p[seat]
        sid = action.source
        p["flipped"].append(sid)
        spec = content().specialists[sid.split(":", 1)[1]]
        events = [self.ev("flip", "galaxy.log.flip", source=sid, seat=seat, specialist=f"$galaxy.spec.{sid.split(':', 1)[1]}")]
        for e in spec["flip"]:
            d = e["do"]
            if d == "repair":
                events += self._start_repair(seat, e["n"])
            elif d == "swap_resource":
                give, take = action.get("give"), action.get("take")
                p["res"][give] -= 1
                self.gain_resource(seat, take, 1)
                events.append(self.ev("gain", "galaxy.log.swap", seat=seat, give=f"$galaxy.res.{give}",
                                      take=f"$galaxy.res.{take}"))
            elif d == "splice_dna":
                give, take = action.get("give"), action.get("take")
                p["dna"][give] -= 2
                p["dna"][take] += 1
                events.append(self.ev("gain", "galaxy.log.splice", seat=seat, give=f"$galaxy.dna.{give}", take=f"$galaxy.dna.{take}"))
        return events

    def _recall(self, seat: int, via: str) -> list:
        p = self.p[seat]
        events = [self.ev("move", "galaxy.log.recall", source=f"mech:{seat}", target=f"home:{seat}", seat=seat)]
        if via.startswith("spec:"):
            p["flipped"].append(via)
        else:
            p["recalled"] = True
        events += self._mech_home(seat)
        if not via.startswith("spec:"):
            n = AB.hook_n(p, "recall_repair")
            if n:
                events += self._start_repair(seat, n)
        return events

    def _mech_home(self, seat: int) -> list:
        p = self.p[seat]
        at = p["mech_at"]
        p["mech_at"] = None
        if at is None:
            return []
        if at == "uran":
            self.uran_mechs.remove(seat)
            return []
        self.art[at] = None
        if at in self.freed:
            self.freed.remove(at)
            return self._red_chain()        # a waiting red invader takes the freed planet
        return []

    def _buy_mission(self, seat: int, mission: str) -> list:
        p = self.p[seat]
        cost = self.mission_cost(seat, mission)
        p["res"]["favour"] -= cost
        p["bought_mission"] = True
        self.mdisplay.remove(mission)
        p["missions"].append(mission)
        events = [self.ev("move", "galaxy.log.buy_mission", source=mission, target=f"seat:{seat}", seat=seat, cost=cost)]
        events += self._refill_missions()
        return events + AB.emit(self, "mission_bought", seat=seat)

    # ---------------------------------------------------------------- maintenance
    def _start_maintenance(self) -> list:
        self.phase = "maint"
        self.main_done = False
        self.maint_i = -1
        return [_round_ev("galaxy.log.maintenance", self.round)] + self._maint_next()

    def _maint_next(self) -> list:
        """Finish the current seat's M3 (M4 for it), then run M1/M2 for the next seat and ask its M3."""
        events = []
        if self.maint_i >= 0:
            seat = self.order[self.maint_i]
            p = self.p[seat]
            if p["flipped"]:
                p["flipped"] = []
                events.append((_SHARED_EV.get(("galaxy.log.refresh", seat)) or _seat_ev("flip", "galaxy.log.refresh", seat)))
        while True:
            self.maint_i += 1
            if self.maint_i >= len(self.order):
                return events + self._end_round()
            seat = self.order[self.maint_i]
            self.seat = seat
            events += self._m1_m2(seat)
            if self._has_mission_buy(seat) or self._has_completion(seat):
                return events
            p = self.p[seat]
            if p["flipped"]:
                p["flipped"] = []
                events.append((_SHARED_EV.get(("galaxy.log.refresh", seat)) or _seat_ev("flip", "galaxy.log.refresh", seat)))

    def _m1_m2(self, seat: int) -> list:
        p = self.p[seat]
        events = []
        # M1: ships and the mech come home
        for dock, ships in self.docks.items():
            if ships and ships[0] == seat:
                self.docks[dock] = []
        p["home"] = p["ships"]
        events.append(_SHARED_EV.get(("home", seat))
                      or _shared_ev(("home", seat), "move", "galaxy.log.home", {"seat": seat}, None, f"home:{seat}"))
        events += self._mech_home(seat)
        # M2: kill rewards
        for tile in p["kills"]:
            sp = self.species_of(tile)
            rw = sp["reward"]
            n = rw["dna"]
            for a in AB.hooks(p, "kill_dna"):
                if sp["id"] in a["species"]:
                    n += a["n"]
            p["dna"][sp["dna"]] += n
            cr = rw["cr"] + AB.hook_n(p, "kill_cr")
            p["cr"] += cr
            rep = rw["rep"] + (AB.hook_n(p, "invader_rep") if tile in p["kills_inv"] else 0)
            events.append(self.ev("score", "galaxy.log.reward", source=tile, target=f"seat:{seat}", seat=seat,
                                  mutant=f"$galaxy.species.{sp['id']}", dna=n, cr=cr, rep=rep))
            events += self.add_rep(seat, rep)
            self.mdiscard.append(tile)
        p["kills"] = []
        p["kills_inv"] = []
        return events

    def _end_round(self) -> list:
        st = content().setup
        events = []
        if self.round == st["third_ship_round"]:                     # R13
            for seat in range(self.players):
                self.p[seat]["ships"] += 1
                self.p[seat]["home"] += 1
                events.append(self.ev("move", "galaxy.log.third_ship", target=f"home:{seat}", seat=seat))
        if self.round in st["upkeep_rounds"]:                        # R14
            for seat in self.order:
                events += self._upkeep(seat)
        # M5: displays replaced
        self.mdisc.extend(self.mdisplay)
        self.mdisplay = []
        events += self._refill_missions()
        events += self._replace_display("sdeck", "sdisplay", "sdisc", st["specialist_display"], "specialists")
        events += self._replace_display("udeck", "udisplay", "udisc", st["pilot_upgrade_display"], "pilot_upgrades")
        for p in self.p:
            p["recall_ready"] = p["recalled"] = p["shield_used"] = p["bought_mission"] = False
            p["scav"] = 0
        # M6/M7
        if self.round >= st["rounds"]:
            self.phase = "over"
            self.seat = None
            self.stack = []
            res = self.result()
            events.append(self.ev("score", "galaxy.log.game_over", winners=[w + 1 for w in res.winners]))
            return events
        self.round += 1
        self.order = self.turn_order()
        events.append(_round_ev("galaxy.log.round", self.round))
        if self.round in st["invasion_rounds"]:
            if self.invasion_target() is not None and self.pile:
                events += self._invade()
                events += self._red_chain()
            else:
                events.append(self.ev("info", "galaxy.log.no_invasion"))
        return events + self._start_turns()

    def _replace_display(self, deck: str, display: str, disc: str, n: int, name: str) -> list:
        events = []
        getattr(self, disc).extend(getattr(self, display))
        setattr(self, display, [])
        for _ in range(n):
            if not getattr(self, deck) and getattr(self, disc):
                setattr(self, deck, getattr(self, disc))
                setattr(self, disc, [])
                self.rng.shuffle(getattr(self, deck))
                events.append(self.ev("shuffle", "galaxy.log.deck_reshuffled", deck=f"$galaxy.deck.{name}"))
            if not getattr(self, deck):
                break
            item = getattr(self, deck).pop()
            getattr(self, display).append(item)
            events.append(_SHARED_EV.get(("display_revealed", item))
                          or _shared_ev(("display_revealed", item), "reveal", "galaxy.log.display_revealed", {}, item))
        return events

    def upkeep_due(self, seat: int) -> tuple:
        """(ships, credits per ship, discount) of the seat's upkeep."""
        p = self.p[seat]
        per = content().setup["upkeep_per_ship"]
        for a in AB.hooks(p, "upkeep_per_ship"):
            per = min(per, a["n"])
        return p["ships"], per, AB.hook_n(p, "upkeep_discount")

    def _upkeep(self, seat: int) -> list:
        p = self.p[seat]
        ships, per, off = self.upkeep_due(seat)
        paid = 0
        for k in range(ships, -1, -1):
            if max(0, k * per - off) <= p["cr"]:
                paid = k
                break
        cost = max(0, paid * per - off)
        p["cr"] -= cost
        debt = ships - paid
        p["debt"] += debt
        key = "galaxy.log.upkeep" if not debt else "galaxy.log.upkeep_debt"
        return [self.ev("score", key, seat=seat, paid=cost, ships=ships, debt=debt)]

    # ---------------------------------------------------------------- end
    def result(self):
        if self.phase != "over":
            return None
        parts = {s: scoring.breakdown(self, s) for s in range(self.players)}
        scores = {s: sum(v.values()) for s, v in parts.items()}
        winners = scoring.winners(self, scores)
        return Result("win" if len(winners) == 1 else "shared", winners, scores, parts, "galaxy.result.after_round_9",
                      {"round": self.round})

    def summary(self) -> dict:
        return {"round": self.round}

    def stats(self) -> dict:
        return {"galaxy.stats.rounds": self.round, "galaxy.stats.kills": self.stats_["kills"],
                "galaxy.stats.invasions": self.stats_["invasions"], "galaxy.stats.missions": self.stats_["missions"]}

    evaluate_simple = evaluation.evaluate_simple
    evaluate = evaluation.evaluate

    # ---------------------------------------------------------------- clone, dump, load
    _LISTS = ("order", "stack", "uran_mechs", "freed", "pile", "mdiscard", "uran", "removed", "mdeck", "mdisplay", "mdisc",
              "sdeck", "sdisplay", "sdisc", "udeck", "udisplay", "udisc", "draft_mechs", "draft_pilots")
    _SCALARS = ("seed", "players", "round", "phase", "arrivals", "turn_i", "maint_i", "seat", "main_done", "marker",
                "draft_i")

    def clone(self) -> "GalaxyState":
        c = GalaxyState.__new__(GalaxyState)
        d, e = c.__dict__, self.__dict__
        for k in self._SCALARS:
            d[k] = e[k]
        for k in self._LISTS:
            d[k] = e[k][:]
        c.stack = [_copy_frame(f) for f in self.stack]
        c.options = dict(self.options)
        c.rng = Rng(state=self.rng.state)
        c.p = [_copy_player(p) for p in self.p]
        c.docks = {k: list(v) for k, v in self.docks.items()}
        c.art = dict(self.art)
        c.invaded = dict(self.invaded)
        c.market = {k: list(v) for k, v in self.market.items()}
        c.stats_ = dict(self.stats_)
        if self.quiet:
            c.quiet = True
        return c

    def _dump(self) -> dict:
        c = self.clone()
        d = {k: getattr(c, k) for k in self._SCALARS + self._LISTS}
        d.update(options=c.options, rng=c.rng.state, p=c.p, docks=c.docks, art=c.art, invaded=c.invaded,
                 market=c.market, stats=c.stats_)
        return d

    @classmethod
    def _load(cls, data: dict) -> "GalaxyState":
        import copy
        d = copy.deepcopy(data)
        s = cls.__new__(cls)
        for k in cls._SCALARS + cls._LISTS:
            setattr(s, k, d[k])
        s.options = d["options"]
        s.rng = Rng(state=int(d["rng"]))
        s.p = d["p"]
        s.docks = d["docks"]
        s.art = d["art"]
        s.invaded = d["invaded"]
        s.market = d["market"]
        s.stats_ = d["stats"]
        if not isinstance(s.players, int) or not 2 <= s.players <= 4 or len(s.p) != s.players:
            raise ValueError("the player count does not match the seats")
        problems = s.invariants()
        if problems:
            raise ValueError("; ".join(problems[:3]))
        return s

    # ---------------------------------------------------------------- hidden information
    def _redact(self, seat: int, rng: Rng) -> None:
        """A seat sees everything but the order of the decks and the fronts in the mutant pile (its top back is public)."""
        for name in ("mdeck", "sdeck", "udeck"):
            pool = sorted(getattr(self, name))
            rng.shuffle(pool)
            setattr(self, name, pool)
        if self.pile:
            top_red = self.is_red(self.pile[-1])
            pool = sorted(self.pile)
            rng.shuffle(pool)
            for i in range(len(pool) - 1, -1, -1):
                if self.is_red(pool[i]) == top_red:
                    pool.append(pool.pop(i))
                    break
            self.pile = pool

    def explain(self, source, target) -> IllegalAction:
        """Why a ship or the mech cannot go to ``target`` now (the table shows this on a refused drop)."""
        if self.phase == "over":
            return IllegalAction("game_over", "The game is over.")
        seat = self.seat
        legal = self._legal()
        if any(a.source == source and a.target == target for a in legal):
            return IllegalAction("not_legal", "That move is not allowed now.")
        if not isinstance(source, str) or not isinstance(target, str):
            return IllegalAction("galaxy_not_now", "That cannot be done right now.")
        owner = source.split(":")[1] if source.count(":") == 1 and source.split(":")[0] in ("ship", "mech") else None
        if owner is not None and owner != str(seat):
            return IllegalAction("galaxy_not_your_turn", "It is not your turn.")
        if source.startswith(("ship:", "mech:")) and (self.phase != "play" or self.stack):
            return IllegalAction("galaxy_not_now", "That cannot be done right now.")
        if source.startswith(("ship:", "mech:")) and self.main_done:
            return IllegalAction("galaxy_main_done", "You have already taken this turn's action.")
        p = self.p[seat]
        if source.startswith("ship:") and target.startswith("dock:"):
            parts = target.split(":")
            if p["home"] < 1:
                return IllegalAction("galaxy_no_ship", "You have no ship at home.")
            if parts[1] in ("repair", "recall"):
                if parts[2] != str(seat):
                    return IllegalAction("galaxy_not_your_dock", "You may use only your own pilot's docks.")
                return IllegalAction("galaxy_dock_taken", "That dock is taken.")
            if target not in self.docks:
                return IllegalAction("galaxy_not_now", "That cannot be done right now.")
            if self.docks[target]:
                return IllegalAction("galaxy_dock_taken", "That dock is taken.")
            mark = content().planets[parts[1]]["docks"][int(parts[2])]
            if mark in ("3", "4") and self.players < int(mark):
                return IllegalAction("galaxy_dock_players", "That dock is used only with {players} or more players.",
                                     players=int(mark))
            if mark.startswith("rep") and p["rep"] < int(mark[3:]):
                return IllegalAction("galaxy_dock_locked", "That dock opens at reputation {rep}.", rep=int(mark[3:]))
            if parts[1] in self.invaded:
                return IllegalAction("galaxy_two_ships", "An invaded planet's dock needs 2 ships.")
        if source.startswith("mech:") and target.startswith(("art:", "uran:")):
            if p["mech_at"] is not None:
                return IllegalAction("galaxy_mech_away", "Your mech is already out this round.")
            kind, where = target.split(":", 1)
            if target == "art:uran":
                if any(a.source == source and a.target.startswith("uran:") for a in legal):
                    return IllegalAction("galaxy_uran_pick", "At Uran, drop the mech on the mutant it should fight.")
                return IllegalAction("galaxy_cannot_fight", "Your mech cannot fight it: it needs a weapon, an armour cube "
                                     "and enough affordable attack.")
            if kind == "art" and where in self.art and self.art[where] is not None:
                return IllegalAction("galaxy_art_taken", "A mech is already on that planet.")
            if kind == "art" and where in content().planets and p["rep"] < content().planets[where].get("mech_rep", 0):
                return IllegalAction("galaxy_halo_locked", "The mech may land on Halo from reputation 8.")
            if (kind == "art" and where in self.invaded) or kind == "uran":
                return IllegalAction("galaxy_cannot_fight", "Your mech cannot fight it: it needs a weapon, an armour cube "
                                     "and enough affordable attack.")
        if source.startswith("market:") and self.stack and self.stack[-1]["t"] == "buy_tile":
            return IllegalAction("galaxy_cannot_afford", "You cannot afford that.")
        if source.startswith("dna:") and target.startswith("mission:"):
            return IllegalAction("galaxy_mission_dna", "You do not have the DNA this mission needs.")
        return IllegalAction("galaxy_not_now", "That cannot be done right now.")

    # ---------------------------------------------------------------- checks
    def invariants(self) -> list:
        out = []
        data = content()
        # mutants: pile + discard + Uran + invaders + pending kills hold each tile exactly once
        tiles = list(self.pile) + list(self.mdiscard) + [t for t in self.uran if t is not None] + list(self.invaded.values())
        for p in self.p:
            tiles += p["kills"]
        if sorted(tiles) != sorted(_mutant_table()):
            out.append("mutant tiles are not conserved")
        if len(self.invaded) > len(data.numbered()) or any(pid not in data.planets or not data.planets[pid]["number"]
                                                           for pid in self.invaded):
            out.append("an unnumbered planet is invaded")
        # market tiles
        for kind in data.tile_order:
            n = data.tiles[kind]["copies"][self.players - 2]
            held = [t for t in self.market[kind]] + [t for p in self.p for t in p["tiles"] if AB.kind_of(t) == kind]
            held += [t for t in self.removed if AB.kind_of(t) == kind]
            if sorted(held) != sorted(f"tile:{kind}:{k}" for k in range(n)):
                out.append(f"market tile {kind} not conserved")
        for name, deck, disp, disc, own in (
                ("missions", self.mdeck, self.mdisplay, self.mdisc, ("missions", "done")),
                ("specialists", self.sdeck, self.sdisplay, self.sdisc, ("specs",)),
                ("pilot upgrades", self.udeck, self.udisplay, self.udisc, ("pupgs",))):
            allc = list(deck) + list(disp) + list(disc) + [x for p in self.p for k in own for x in p[k]]
            if len(allc) != len(set(allc)):
                out.append(f"{name} duplicated")
        expected_missions = len(data.missions)
        if sum(len(x) for x in (self.mdeck, self.mdisplay, self.mdisc)) + sum(len(p["missions"]) + len(p["done"]) for p in self.p) \
                != expected_missions:
            out.append("missions not conserved")
        for seat, p in enumerate(self.p):
            docked = sum(ships.count(seat) for ships in self.docks.values())
            if p["home"] + docked != p["ships"]:
                out.append(f"seat {seat} ships not conserved ({p['home']} home + {docked} docked != {p['ships']})")
            if p["home"] < 0 or p["cr"] < 0 or p["rad"] < 0 or p["hull"] < 0 or p["debt"] < 0:
                out.append(f"seat {seat} has a negative count")
            if any(v < 0 for v in p["res"].values()) or any(v < 0 for v in p["dna"].values()):
                out.append(f"seat {seat} has negative resources or DNA")
            if any(v > data.setup["resource_cap"] for v in p["res"].values()):
                out.append(f"seat {seat} holds more than the tracker's cap")
            if p["mech"] is not None and p["pilot"] is not None:
                cap = self.capacity(seat)
                if any(not 0 <= p["cubes"][c] <= cap[c] for c in CUBES):
                    out.append(f"seat {seat} cubes outside their squares")
            if len(p["tiles"]) > data.setup["mech_slots"]:
                out.append(f"seat {seat} has more than {data.setup['mech_slots']} tiles")
            if len(p["pupgs"]) > data.setup["pilot_upgrade_limit"]:
                out.append(f"seat {seat} has too many pilot upgrades")
            at = p["mech_at"]
            if at is not None and at != "uran" and self.art.get(at) != seat:
                out.append(f"seat {seat} mech is not where the board says")
        if sum(1 for v in self.art.values() if v is not None) + len(self.uran_mechs) != \
                sum(1 for p in self.p if p["mech_at"] is not None):
            out.append("mechs on the board do not match the seats")
        return out
