"""Cyclopsis (deluxe figure) and Scenario #13 "Attack on Cyclopsis" for Heroes of the Grid.

Everything Cyclopsis does lives here: ``load()`` reads and validates assets/data/rangers/cyclopsis.json
into the shared Content, and :class:`CyclopsisRules` is a mixin of ``RangersState`` holding the
Cyclopsis tasks (``_start_/_choices_/_choose_`` like the base engine), effect ops and the small hook methods the
base rules call (all named ``_cyc_*``). Games without Cyclopsis have no ``d["cyc"]`` and every hook
is a no-op for them.

State: ``d["cyc"]`` = {"role": "boss"|"monster", "scenario": bool, "state": one of
  "unused" (in the boss pool but not drawn), "reserve" (not on the board), "beside" (Scenario #13:
  the figure stands next to ``loc``), "deployed" (on ``loc``, its parts can be attacked),
  "defeated", "with_boss" (Scenario #13: joined the boss at ``loc``),
 "loc", "hits": {part id: hit tokens}, "down": [part ids flipped to the defeated side]}.
The Cyclopsis enemy deck is ``d["edeck"]["cyclopsis"]`` / ``d["ediscard"]["cyclopsis"]``; the
figure is in ``d["locs"][loc]["big"]`` (and ``d["big_loc"]``) while it is deployed or with the boss.
A battle records ``b["cyc"]``: "fight" (at its location: parts are targets, 4 Cyclopsis turns),
"beside" (next to the figure: a card before the first turn and one after the last), "boss"
(Scenario #13 boss battle: the defeated parts' defeated sides, a card on idle enemy turns).

Ids: parts ``cyc:head``, ``cyc:right_arm``, ``cyc:core``, ``cyc:left_arm``, ``cyc:right_leg``,
``cyc:left_leg``; enemy cards ``cyccard:0``..``cyccard:5``; the figure ``figure:cyclopsis``; its deck
``edeck:cyclopsis``; its deployment card ``deploy:cyclopsis``.

Decisions (Actions): attack a part (``play`` card -> part id), an adjacent effect's other part
(``target``), ``split_damage`` (source = Cyclopsis card or ``cyc:core``, target ranger, ``n``),
``bottom`` (defeated Right Leg), ``cyc_place`` (figure -> location on a tie for fewest enemies),
``cyc_xp`` (which foot soldier type goes onto the experience track), ``resolve_first`` for the
battle-start items ``trigger:cyc_reveal:beside|right_leg`` and ``trigger:cyc_bottom``.

Our readings where the rulesheet is silent (card texts are our own paraphrase):
- Part abilities act only in battles that involve Cyclopsis. Leg abilities fire at the start (right)
  or end (left) of each such battle on both sides; the Core's active side removes 1 hit token from
  every other standing part at the end of a battle; its defeated side deals 10 damage split by the
  team when it flips (even when that flip ends the battle). The Head's defeated side: each zord use
  in the battle deals 3 damage to a ranger of the zord's player. The Right Arm hurts only attacks.
- Cyclopsis's 4 turns come first in the enemy sequence (its cards sit in the top row like a boss's);
  it takes no more turns once all its parts are down. "Each enemy card" effects (Megazord) reach
  every standing part. A flipped part returns its hit tokens to the supply; hits on standing parts
  stay between battles.
- Cyclopsis as a boss ignores the Command Center Assault boss placement (its own deployment rule
  replaces it). Its location stays panicked (counts as full) while it stands there.
- Scenario #13: the figure is (re)placed at the end of every deployment phase until Cyclopsis or
  the boss is deployed; a location it leaves keeps its panic token (panic clears only when a battle
  empties a location). The Mastodon emptying that location does not count as clearing it.
  When the boss arrives, any standing parts are set aside (their hit tokens go back) and Cyclopsis
  is no longer a separate enemy; a location Cyclopsis leaves calms down if no enemy remains. With
  ``scenario`` set, the ``cyclopsis`` option is ignored (the boss is drawn from the other bosses).
"""
from __future__ import annotations

from gamecore.engine import Action, ContentError, IllegalAction

CYC = "cyclopsis"
CYC_DEPLOY = "deploy:cyclopsis"
FIGURE = "figure:cyclopsis"
SCENARIO = "cyclopsis13"
HEAD, CORE, RIGHT_ARM, LEFT_ARM, RIGHT_LEG, LEFT_LEG = (
    "cyc:head", "cyc:core", "cyc:right_arm", "cyc:left_arm", "cyc:right_leg", "cyc:left_leg")
PART_NAMES = ("head", "right_arm", "core", "left_arm", "right_leg", "left_leg")
ACTIVE_OPS = {"head": "lock_zords", "core": "heal_others", "right_arm": "hurt_attacker",
              "left_arm": "health_plus_others", "right_leg": "reveal_start", "left_leg": "reveal_end"}
DEFEATED_OPS = {"head": "zord_hurts", "core": "flip_split", "right_arm": "damage_plus",
                "left_arm": "damage_plus", "right_leg": "bottom_deck_start", "left_leg": "mill_bottom_end"}
CARD_OPS = {"cyc_damage", "cyc_split", "drain"}
CC = "command_center"


# =========================================================================== content
def load(C) -> None:
    """Read cyclopsis.json into ``C.cyc``; add the Cyclopsis deployment card and foe kind."""
    from .content import DAMAGE_TO, _need, _read
    f = "cyclopsis.json"
    data = _read(f)
    if not isinstance(data, dict):
        raise ContentError(f, "", "must be an object")
    fig = _need(f, "", data, "figure", dict)
    turns = _need(f, "figure", fig, "turns", int, minimum=1)
    if _need(f, "figure", fig, "deployment", str) != CYC_DEPLOY:
        raise ContentError(f, "figure.deployment", f"must be {CYC_DEPLOY!r}")
    parts = _need(f, "", data, "parts", list)
    pdefs = {}
    for i, p in enumerate(parts):
        path = f"parts[{i}]"
        pid = _need(f, path, p, "id", str, choices=PART_NAMES)
        if f"cyc:{pid}" in pdefs:
            raise ContentError(f, f"{path}.id", f"duplicate part {pid!r}")
        _need(f, path, p, "health", int, minimum=1)
        pos = _need(f, path, p, "pos", list)
        if len(pos) != 2 or not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 9 for x in pos):
            raise ContentError(f, f"{path}.pos", "must be [column, row]")
        act = _need(f, path, p, "active", dict)
        dfd = _need(f, path, p, "defeated", dict)
        _need(f, f"{path}.active", act, "op", str, choices=(ACTIVE_OPS[pid],))
        _need(f, f"{path}.defeated", dfd, "op", str, choices=(DEFEATED_OPS[pid],))
        for side, eff in (("active", act), ("defeated", dfd)):
            if "n" in eff:
                _need(f, f"{path}.{side}", eff, "n", int, minimum=1)
        pdefs[f"cyc:{pid}"] = p
    if len(pdefs) != 6:
        raise ContentError(f, "parts", f"Cyclopsis has 6 component cards, not {len(pdefs)}")
    cards, card_of, deck = {}, {}, []
    for i, c in enumerate(_need(f, "", data, "deck", list)):
        path = f"deck[{i}]"
        key = _need(f, path, c, "key", str)
        if key in cards:
            raise ContentError(f, f"{path}.key", f"duplicate card {key!r}")
        effs = _need(f, path, c, "effects", list)
        for j, eff in enumerate(effs):
            op = _need(f, f"{path}.effects[{j}]", eff, "op", str, choices=tuple(sorted(CARD_OPS)))
            _need(f, f"{path}.effects[{j}]", eff, "n", int, minimum=1)
            if op == "cyc_damage":
                _need(f, f"{path}.effects[{j}]", eff, "to", str, choices=DAMAGE_TO)
        cards[key] = c
        for _ in range(_need(f, path, c, "count", int, minimum=1, maximum=6)):
            iid = f"cyccard:{len(deck)}"
            deck.append(iid)
            card_of[iid] = key
    if len(deck) != 6:
        raise ContentError(f, "deck", f"the Cyclopsis enemy deck has 6 cards, not {len(deck)}")
    sc = _need(f, "", data, "scenario13", dict)
    _need(f, "scenario13", sc, "id", str, choices=(SCENARIO,))
    for key in ("deployments_per_round", "piles", "pile_size", "remove_figures", "beside_reward_xp"):
        _need(f, "scenario13", sc, key, int, minimum=1)
    start = _need(f, "scenario13", sc, "start_hits", dict)
    for pid, n in start.items():
        if f"cyc:{pid}" not in pdefs or isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ContentError(f, f"scenario13.start_hits.{pid}", "must name a part and a whole number >= 0")
        if n >= pdefs[f"cyc:{pid}"]["health"]:
            raise ContentError(f, f"scenario13.start_hits.{pid}", "must be below the part's health")
    story = _need(f, "scenario13", sc, "story", list)
    if not all(isinstance(m, str) for m in story):
        raise ContentError(f, "scenario13.story", "must list the story's message ids")
    kept = _need(f, "scenario13", sc, "defeated_sides_kept", list)
    if any(not isinstance(k, str) or k not in PART_NAMES for k in kept):
        raise ContentError(f, "scenario13.defeated_sides_kept", "must name parts")
    if sc["piles"] * sc["pile_size"] != 16:
        raise ContentError(f, "scenario13.piles", "the scenario deals 16 foot-soldier cards")
    C.cyc = {"turns": turns, "parts": pdefs, "part_ids": list(pdefs), "cards": cards, "card_of": card_of,
             "deck": deck, "scenario": sc, "kept": [f"cyc:{k}" for k in kept]}
    C.deploy_cards[CYC_DEPLOY] = {"foe": CYC, "figures": 0, "back": None}
    C.foe_kind[CYC] = CYC
    en = getattr(C, "i18n_en", None)
    if en is not None:
        need = [f"rangers.foe.{CYC}.name", "rangers.option.cyclopsis", "rangers.option.scenario"]
        need += [f"rangers.cyc.part.{p}.{k}" for p in PART_NAMES for k in ("name", "active", "defeated")]
        need += [f"rangers.cyc.card.{k}.{x}" for k in cards for x in ("name", "text")]
        need += [f"rangers.story.{SCENARIO}.{m}" for m in sc["story"]]
        for key in need:
            if key not in en:
                raise ContentError("i18n.en.json", key, "missing")


# =========================================================================== rules
class CyclopsisRules:
    """Mixin of RangersState: Cyclopsis tasks, ops and hooks (see the module docstring)."""

    # ------------------------------------------------------------------ setup
    def _cyc_setup(self, options):
        d, C = self.d, self.C
        scen = options.get("scenario", "standard") == SCENARIO
        if not scen and not options.get("cyclopsis", False):
            return
        cyc = {"role": "monster" if scen else "boss", "scenario": scen, "state": "reserve", "loc": None,
               "hits": {p: 0 for p in C.cyc["part_ids"]}, "down": []}
        d["cyc"] = cyc
        d["big_loc"][CYC] = None
        deck = list(C.cyc["deck"])
        self.rng.shuffle(deck)
        d["edeck"][CYC] = deck
        d["ediscard"][CYC] = []
        if not scen:
            # Cyclopsis joins the boss pool: one boss deployment card is drawn at random
            # (the base setup put one of the other bosses in pile D; Cyclopsis takes its place at
            # the same spot with probability 1 / (bosses + 1))
            in_deck = next((c for c in d["deploy"] if C.foe_kind[C.deploy_cards[c]["foe"]] == "boss"), None)
            if in_deck is not None and self.rng.randrange(len(C.bosses) + 1) == 0:
                d["deploy"][d["deploy"].index(in_deck)] = CYC_DEPLOY
                d["deploy_unused"].append(in_deck)
            else:
                cyc["state"] = "unused"
                d["deploy_unused"].append(CYC_DEPLOY)
            return
        # Scenario #13: 16 foot-soldier cards (one 2-figure card per location removed) in 4 piles
        sc = C.cyc["scenario"]
        d["deploys"] = sc["deployments_per_round"]
        fs = sorted(k for k, v in C.deploy_cards.items() if v["foe"] in C.fs_types)
        removed = []
        for loc in C.outer:
            same = [k for k in fs if C.deploy_cards[k]["back"] == loc and k not in removed]
            pick = [k for k in same if C.deploy_cards[k]["figures"] == sc["remove_figures"]] or same
            removed.append(pick[0])
        fs = [k for k in fs if k not in removed]
        self.rng.shuffle(fs)
        n = sc["pile_size"]
        piles = [fs[i * n:(i + 1) * n] for i in range(sc["piles"])]
        mons = sorted(f"deploy:{m}" for m in C.monsters)
        self.rng.shuffle(mons)
        bosses = sorted(f"deploy:{b}" for b in C.bosses)
        self.rng.shuffle(bosses)
        piles[1].append(mons[0])
        piles[2].append(CYC_DEPLOY)
        piles[3].append(bosses[0])
        d["deploy"] = [c for p in piles for c in p] + fs[sc["piles"] * n:]
        # each pile's foot soldiers are shuffled; its big card lies openly at the bottom
        d["deploy_seg"] = [[len(piles[0]), "piles"]]
        for p in piles[1:]:
            d["deploy_seg"] += [[len(p) - 1, "piles"], [1, "piles"]]
        if len(fs) > sc["piles"] * n:
            d["deploy_seg"].append([len(fs) - sc["piles"] * n, "piles"])
        d["deploy_discard"] = []
        d["deploy_removed"] = removed
        d["deploy_unused"] = mons[1:] + bosses[1:]

    def _cyc_deploys(self):
        return self.d.get("deploys") or self.C.comp["deployments_per_round"]

    # ------------------------------------------------------------------ small queries
    def _cyc_is_part(self, cid):
        return isinstance(cid, str) and cid.startswith("cyc:")

    def _cyc_mode(self):
        b = self.d["battle"]
        return b.get("cyc") if b is not None else None

    def _cyc_standing(self):
        """Parts that can be targeted now (a battle against Cyclopsis at its location)."""
        if self._cyc_mode() != "fight":
            return []
        down = self.d["cyc"]["down"]
        return [p for p in self.C.cyc["part_ids"] if p not in down]

    def _cyc_on(self, pid, side):
        """Is the ``side`` ("active"/"defeated") ability of part ``pid`` in effect in this battle?"""
        mode = self._cyc_mode()
        if mode is None:
            return False
        cyc = self.d["cyc"]
        down = pid in cyc["down"]
        if mode == "fight":
            if side == "active":
                return not down
            return down and (cyc["role"] == "boss" or pid in self.C.cyc["kept"])
        if mode == "boss":
            return side == "defeated" and down
        return False

    def _cyc_health(self, pid):
        cyc = self.d["cyc"]
        h = self.C.cyc["parts"][pid]["health"]
        if pid != LEFT_ARM and LEFT_ARM not in cyc["down"]:
            h += self.C.cyc["parts"][LEFT_ARM]["active"]["n"]
        return h

    def _cyc_name(self, pid):
        return f"$rangers.cyc.part.{pid.split(':', 1)[1]}.name"

    def _cyc_full(self, loc):
        """Cyclopsis's location counts as being at its figure limit."""
        cyc = self.d.get("cyc")
        return bool(cyc) and cyc["state"] in ("deployed", "with_boss") and cyc["loc"] == loc

    def _cyc_hits(self):
        cyc = self.d.get("cyc")
        return sum(cyc["hits"].values()) if cyc else 0

    def _cyc_damage_plus(self):
        return sum(self.C.cyc["parts"][p]["defeated"]["n"] for p in (RIGHT_ARM, LEFT_ARM) if self._cyc_on(p, "defeated"))

    def _cyc_turns_left(self):
        b = self.d["battle"]
        if b is None or b.get("cyc") != "fight" or not self._cyc_standing():
            return 0
        return max(0, self.C.cyc["turns"] - b["cyc_turns"])

    def _cyc_zords_locked(self):
        return self._cyc_on(HEAD, "active")

    def _cyc_subs(self):
        """Battle-start effects of Cyclopsis, as dispatcher subscriptions (the team orders them)."""
        mode = self._cyc_mode()
        if mode is None:
            return []
        out = []
        if mode == "beside":
            out.append(("battle_start", "value", ["cyc_reveal", "beside"]))
        if self._cyc_on(RIGHT_LEG, "active"):
            out.append(("battle_start", "value", ["cyc_reveal", "right_leg"]))
        if self._cyc_on(RIGHT_LEG, "defeated"):
            out.append(("battle_start", "value", ["cyc_bottom", None]))
        return out

    # ------------------------------------------------------------------ hooks from the base rules
    def _cyc_neighbours(self, cid):
        """An effect that would reach a card next to a part may go to any one other standing part."""
        return [p for p in self._cyc_standing() if p != cid]

    def _cyc_battle_setup(self, b):
        """Called when a battle is set up; returns the extra tasks to run after the last turn."""
        d = self.d
        cyc = d.get("cyc")
        b["cyc"] = None
        if not cyc or cyc["loc"] != b["loc"]:
            return []
        st = cyc["state"]
        C = self.C
        if st == "deployed":
            mode = "fight"
        elif st == "beside":
            mode = "beside"
        elif st == "with_boss" and any(f in d["locs"][b["loc"]]["big"] for f in C.bosses):
            mode = "boss"
        else:
            return []
        b["cyc"] = mode
        b["cyc_turns"] = 0
        b["cyc_due"] = []
        b["cyc_shown"] = None
        if mode == "fight":
            b["defeated"].extend(p for p in C.cyc["part_ids"] if p in cyc["down"])
            self._e("info", "cyc_parts_laid", source=FIGURE, target=f"battle:{b['loc']}",
                    n=6 - len(cyc["down"]))
        elif mode == "boss" and cyc["down"]:
            self._e("info", "cyc_boss_parts", source=FIGURE, target=f"battle:{b['loc']}", n=len(cyc["down"]))
        elif mode == "beside":
            self._e("info", "cyc_beside_battle", source=FIGURE, target=f"battle:{b['loc']}")
        return [{"t": "cyc_end", "stage": 0}]

    def _cyc_trigger(self, kind, arg):
        if kind == "cyc_reveal":
            return [{"t": "cyc_reveal", "why": arg}]
        if kind == "cyc_bottom":
            b = self.d["battle"]
            self._e("info", "cyc_bottom_start", source=RIGHT_LEG, cause="cyc_right_leg_down")
            return [{"t": "cyc_bottom", "seat": self.d["rseat"][r], "ranger": r} for r in b["rangers"]]
        return []

    def _cyc_idle_turn(self):
        """Scenario #13 boss battle: a defeated or PASSIVE active card lets Cyclopsis act."""
        if self._cyc_mode() == "boss":
            self._push({"t": "cyc_reveal", "why": "boss_turn"})

    def _cyc_zord_used(self, zid):
        b = self.d["battle"]
        if b is None or not self._cyc_on(HEAD, "defeated"):
            return
        seat = self.d["zords"][zid]["seat"]
        cands = [r for r in b["rangers"] if self.d["rseat"][r] == seat]
        if not cands:
            return
        n = self.C.cyc["parts"][HEAD]["defeated"]["n"]
        self._e("info", "cyc_zord_hurts", source=HEAD, target=f"zord:{zid}", cause="cyc_head_down", n=n)
        self._push(self._cyc_damage_task(n, HEAD, cands=cands))

    def _cyc_damage_task(self, n, src, ranger=None, cands=None):
        return {"t": "damage", "n": n, "n0": n, "src": src, "stage": "assign", "count": 1, "done": [],
                "strip": False, "save": False, "ranger": ranger, "cands": cands}

    def _cyc_hit(self, pid, n, attacker=None):
        """Put hit tokens on a part; True if this flipped it."""
        d = self.d
        b = d["battle"]
        cyc = d["cyc"]
        if b is None or b.get("cyc") != "fight" or pid in cyc["down"] or n <= 0:
            return False
        place = min(n, d["hits_supply"])
        d["hits_supply"] -= place
        cyc["hits"][pid] += place
        self._e("damage", "hits_placed", target=pid, n=place, card=self._cyc_name(pid))
        if attacker is not None and attacker in b["rangers"] and pid != RIGHT_ARM and self._cyc_on(RIGHT_ARM, "active"):
            k = self.C.cyc["parts"][RIGHT_ARM]["active"]["n"]
            self._e("info", "cyc_arm_strikes", source=RIGHT_ARM, target=f"ranger:{attacker}", cause="cyc_right_arm",
                    n=k, ranger=f"$rangers.ranger.{attacker}.name")
            self._push(self._cyc_damage_task(k, RIGHT_ARM, ranger=attacker))
        self._cyc_flips()
        return pid in cyc["down"]

    def _cyc_flips(self):
        """Flip every part whose hits reach its health (a falling left arm lowers the others)."""
        d = self.d
        b = d["battle"]
        cyc = d["cyc"]
        cause = None
        flipped = True
        while flipped:
            flipped = False
            for pid in self.C.cyc["part_ids"]:
                if pid in cyc["down"] or cyc["hits"][pid] < self._cyc_health(pid):
                    continue
                d["hits_supply"] += cyc["hits"][pid]
                cyc["hits"][pid] = 0
                cyc["down"].append(pid)
                if b is not None and pid not in b["defeated"]:
                    b["defeated"].append(pid)
                self._e("flip", "cyc_part_down", target=pid, cause=cause, part=self._cyc_name(pid))
                flipped = True
                if pid == LEFT_ARM:
                    cause = "cyc_left_arm_down"
                if pid == CORE and self._cyc_on(CORE, "defeated"):
                    n = self.C.cyc["parts"][CORE]["defeated"]["n"]
                    self._e("info", "cyc_core_blast", source=CORE, n=n)
                    b["cyc_due"].append({"t": "cyc_split", "n": n, "alloc": {}, "src": CORE})
                break
        if b is None:
            return
        if not self._cyc_standing():
            if len(cyc["down"]) == 6:
                self._e("flip", "cyc_all_down", source=FIGURE)
            if all(c in b["defeated"] for c in b["order"]):
                b["end"] = True
                self._e("info", "all_enemies_defeated")
        if b["cyc_due"] and not b["end"]:
            self._push(*b["cyc_due"])
            b["cyc_due"] = []

    def _cyc_explain(self, target):
        cyc = self.d.get("cyc")
        if cyc and self._cyc_is_part(target) and target in cyc["down"]:
            return IllegalAction("cyc_part_down", "That part of Cyclopsis is already defeated.")
        if cyc and self._cyc_is_part(target) and self._cyc_mode() != "fight":
            return IllegalAction("cyc_not_here", "Cyclopsis is not in this battle.")
        return None

    # ------------------------------------------------------------------ deployment
    def _cyc_deploy(self, loc):
        """The Cyclopsis deployment card: the figure takes the location, its foot soldiers move on."""
        d, C = self.d, self.C
        cyc = d["cyc"]
        dest = self._dest(loc) if loc != CC else loc
        if dest is None or dest == CC:
            dest = loc if loc != CC else d["ring"][0]
        if cyc["state"] == "beside":
            self._e("move", "cyc_figure_leaves", source=FIGURE, target=f"loc:{cyc['loc']}",
                    loc=f"$rangers.loc.{cyc['loc']}.name")
        cyc["state"] = "deployed"
        cyc["loc"] = dest
        L = d["locs"][dest]
        L["big"].append(CYC)
        d["big_loc"][CYC] = dest
        self._e("move", "big_placed", source=FIGURE, target=f"loc:{dest}",
                cause="overflow" if dest != loc else None, foe=f"$rangers.foe.{CYC}.name",
                loc=f"$rangers.loc.{dest}.name")
        if cyc["scenario"]:
            self._cyc_story("deployed")
        self._panic(dest, cause="cyc_limit")
        if d["over"] is not None:
            return
        idx = d["ring"].index(dest) + 1
        nxt = self._next_free(idx) or d["ring"][idx % len(d["ring"])]
        for t in C.fs_types:
            for _ in range(L["fs"][t]):
                L["fs"][t] -= 1
                d["fs_supply"][t] += 1
                self._place_fs(t, nxt, cause="cyc_push")
        # the six parts, active side up (Scenario #13: some hit tokens already on them)
        start = C.cyc["scenario"]["start_hits"] if cyc["scenario"] else {}
        d["hits_supply"] += sum(cyc["hits"].values())
        cyc["down"] = []
        for pid in C.cyc["part_ids"]:
            k = min(start.get(pid.split(":", 1)[1], 0), d["hits_supply"])
            cyc["hits"][pid] = k
            d["hits_supply"] -= k
        self._e("info", "cyc_parts_laid", source=FIGURE, target=f"loc:{dest}", n=6)
        if any(cyc["hits"].values()):
            self._e("damage", "cyc_start_hits", source=FIGURE, n=sum(cyc["hits"].values()))
        self._cyc_reshuffle()

    def _cyc_reshuffle(self):
        d = self.d
        deck, disc = d["edeck"][CYC], d["ediscard"][CYC]
        deck.extend(disc)
        disc.clear()
        self.rng.shuffle(deck)
        self._e("shuffle", "enemy_deck_shuffled", target=f"edeck:{CYC}", foe=f"$rangers.foe.{CYC}.name")

    def _cyc_after_big(self, foe, dest):
        """Scenario #13: when the boss is deployed, Cyclopsis joins it."""
        d, C = self.d, self.C
        cyc = d.get("cyc")
        if not cyc or not cyc["scenario"] or C.foe_kind.get(foe) != "boss" or dest is None or d["over"] is not None:
            return
        old = d["big_loc"].get(CYC)
        if old is not None:
            d["locs"][old]["big"].remove(CYC)
            d["big_loc"][CYC] = None
            OL = d["locs"][old]
            if old != CC and OL["panic"] and self._enemies_at(old) == 0:
                OL["panic"] = False
                d["panic_supply"] += 1
                self._e("flip", "panic_cleared", target=f"loc:{old}", cause="cyc_left",
                        loc=f"$rangers.loc.{old}.name")
        elif cyc["state"] == "beside":
            self._e("move", "cyc_figure_leaves", source=FIGURE, target=f"loc:{cyc['loc']}",
                    loc=f"$rangers.loc.{cyc['loc']}.name")
        # the parts still standing are set aside: only the defeated ones matter from now on
        for pid in C.cyc["part_ids"]:
            if pid not in cyc["down"]:
                d["hits_supply"] += cyc["hits"][pid]
                cyc["hits"][pid] = 0
        cyc["state"] = "with_boss"
        cyc["loc"] = dest
        L = d["locs"][dest]
        L["big"].append(CYC)
        d["big_loc"][CYC] = dest
        self._e("move", "cyc_joins_boss", source=FIGURE, target=f"loc:{dest}", cause="cyc_boss",
                loc=f"$rangers.loc.{dest}.name", foe=f"$rangers.foe.{foe}.name")
        self._cyc_story("boss")
        for t in C.fs_types:
            if L["fs"][t]:
                n = L["fs"][t]
                d["fs_supply"][t] += n
                L["fs"][t] = 0
                self._e("move", "cyc_fs_removed", source=f"loc:{dest}", target=f"supply:{t}", cause="cyc_boss",
                        n=n, foe=f"$rangers.foe.{t}.name")
        self._panic(dest, cause="cyc_limit")

    def _cyc_end_of_deploy(self):
        """Scenario #13: before Cyclopsis or the boss is deployed, the figure goes next to the
        location with the fewest enemy figures (at least 1)."""
        d = self.d
        cyc = d.get("cyc")
        if not cyc or not cyc["scenario"] or cyc["state"] not in ("reserve", "beside") or d["over"] is not None:
            return
        if any(d["big_loc"].get(b) for b in self.C.bosses):
            return
        cands = self._cyc_beside_cands()
        if len(cands) == 1:
            self._cyc_place(cands[0])
        elif cands:
            self._push({"t": "cyc_place"})

    def _cyc_beside_cands(self):
        d = self.d
        counts = {l: self._enemies_at(l) for l in d["ring"]}
        have = [l for l in d["ring"] if counts[l] >= 1]
        if not have:
            return []
        low = min(counts[l] for l in have)
        return [l for l in have if counts[l] == low]

    def _start_cyc_place(self, task):
        if len(self._cyc_beside_cands()) <= 1:
            self._pop()
            for l in self._cyc_beside_cands():
                self._cyc_place(l)
            return
        return True

    def _choices_cyc_place(self, task):
        return [Action.make("cyc_place", source=FIGURE, target=f"loc:{l}") for l in self._cyc_beside_cands()]

    def _choose_cyc_place(self, task, action):
        self._pop()
        self._cyc_place(action.target.split(":", 1)[1])

    def _cyc_place(self, loc):
        cyc = self.d["cyc"]
        if cyc["state"] == "beside" and cyc["loc"] == loc:
            self._e("info", "cyc_figure_stays", source=FIGURE, target=f"loc:{loc}", loc=f"$rangers.loc.{loc}.name")
        else:
            cyc["state"] = "beside"
            cyc["loc"] = loc
            self._e("move", "cyc_figure_beside", source=FIGURE, target=f"loc:{loc}", cause="cyc_fewest",
                    loc=f"$rangers.loc.{loc}.name")
        self._panic(loc, cause="cyc_beside")

    # ------------------------------------------------------------------ after a battle
    def _cyc_beaten(self, dry=False):
        """(kind, beaten) of the Cyclopsis figure at a battle's location, for the base cleanup, which
        removes the figure when it is beaten (its state becomes "defeated" here unless ``dry``)."""
        cyc = self.d["cyc"]
        beaten = cyc["state"] == "deployed" and len(cyc["down"]) == len(self.C.cyc["part_ids"])
        if beaten and not dry:
            cyc["state"] = "defeated"
            cyc["loc"] = None
        return ("boss" if cyc["role"] == "boss" else "monster"), beaten

    def _cyc_after_battle(self, loc):
        d = self.d
        cyc = d.get("cyc")
        if not cyc:
            return
        if cyc["state"] == "beside" and cyc["loc"] == loc and self._enemies_at(loc) == 0:
            cyc["state"] = "reserve"
            cyc["loc"] = None
            self._e("move", "cyc_figure_leaves", source=FIGURE, target=f"loc:{loc}", cause="cyc_cleared",
                    loc=f"$rangers.loc.{loc}.name")
            self._push({"t": "cyc_xp", "left": self.C.cyc["scenario"]["beside_reward_xp"]})

    def _cyc_xp_types(self):
        d = self.d
        if d["megazord"] is not None or not d["zdeck"]:
            return []
        return [t for t in self.C.fs_types if d["fs_supply"][t] > 0]

    def _start_cyc_xp(self, task):
        while task["left"] > 0:
            types = self._cyc_xp_types()
            if not types:
                break
            if len(types) > 1:
                return True
            self._cyc_xp_one(task, types[0])
            if self.d["stack"][-1] is not task:
                return
        if self.d["stack"] and self.d["stack"][-1] is task:
            self._pop()

    def _choices_cyc_xp(self, task):
        return [Action.make("cyc_xp", source=f"supply:{t}", target="track:xp") for t in self._cyc_xp_types()]

    def _choose_cyc_xp(self, task, action):
        self._cyc_xp_one(task, action.source.split(":", 1)[1])

    def _cyc_xp_one(self, task, t):
        task["left"] -= 1
        self._e("move", "cyc_reward", source=f"supply:{t}", target="track:xp", cause="cyc_cleared",
                foe=f"$rangers.foe.{t}.name")
        self._fs_to_track(t)

    # ------------------------------------------------------------------ battle tasks
    def _start_cyc_turn(self, task):
        self._pop()
        b = self.d["battle"]
        b["cyc_turns"] += 1
        self._e("flip", "cyc_turn", source=FIGURE, n=b["cyc_turns"])
        self._push({"t": "cyc_reveal", "why": "turn"})

    def _start_cyc_reveal(self, task):
        d, C = self.d, self.C
        self._pop()
        b = d["battle"]
        if b is None or not b["rangers"]:
            return
        deck = d["edeck"][CYC]
        if not deck:
            if not d["ediscard"][CYC]:
                return
            self._cyc_reshuffle()
        c = deck.pop(0)
        d["ediscard"][CYC].append(c)
        b["cyc_shown"] = c
        key = C.cyc["card_of"][c]
        self._e("reveal", "cyc_card_revealed", source=c, target=f"battle:{b['loc']}",
                cause=f"cyc_why_{task['why']}", card=f"$rangers.cyc.card.{key}.name")
        self._push({"t": "effects", "ref": ["cyc", key], "i": 0, "ctx": self._mkctx({"enemy": c})})

    def _start_cyc_end(self, task):
        """After the last ranger turn: the end-of-battle Cyclopsis effects, then its cards go back."""
        d, C = self.d, self.C
        b = d["battle"]
        if b is None:
            self._pop()
            return
        mode = b["cyc"]
        stage = task["stage"]
        task["stage"] += 1
        alive = bool(b["rangers"]) and d["over"] is None
        if stage == 0:
            if alive:
                b["end"] = False   # the battle is over but these effects still resolve
            if alive and b["cyc_due"]:
                due, b["cyc_due"] = b["cyc_due"], []
                self._push(*due)
            else:
                b["cyc_due"] = []
            return
        if stage == 1:
            if alive and mode == "beside":
                self._push({"t": "cyc_reveal", "why": "beside_end"})
            elif alive and self._cyc_on(LEFT_LEG, "active"):
                self._push({"t": "cyc_reveal", "why": "left_leg"})
            return
        if stage == 2:
            if alive and self._cyc_on(LEFT_LEG, "defeated"):
                self._e("info", "cyc_mill_bottom", source=LEFT_LEG, cause="cyc_left_leg_down")
                for r in list(b["rangers"]):
                    s = d["rseat"][r]
                    st = d["seats"][s]
                    if st["deck"]:
                        c = st["deck"].pop()
                        st["discard"].append(c)
                        self._e("move", "cyc_milled", source=f"deck:{s}", target=f"discard:{s}", seat=s,
                                card=f"$rangers.card.{C.card_of[c]}.name")
            return
        self._pop()
        cyc = d["cyc"]
        if mode == "fight" and self._cyc_on(CORE, "active"):
            took = 0
            for pid in C.cyc["part_ids"]:
                if pid != CORE and pid not in cyc["down"] and cyc["hits"][pid] > 0:
                    cyc["hits"][pid] -= 1
                    d["hits_supply"] += 1
                    took += 1
                    self._e("damage", "cyc_core_heals", source=CORE, target=pid, cause="cyc_core",
                            part=self._cyc_name(pid))
        b["cyc_shown"] = None
        if d["ediscard"][CYC]:
            self._cyc_reshuffle()
        b["end"] = True

    def _start_cyc_split(self, task):
        b = self.d["battle"]
        rangers = list(b["rangers"]) if b is not None else []
        left = task["n"] - sum(task["alloc"].values())
        if not rangers or task["n"] <= 0:
            self._pop()
            return
        if len(rangers) == 1 and left > 0:
            task["alloc"][rangers[0]] = task["alloc"].get(rangers[0], 0) + left
            left = 0
        if left > 0:
            return True
        self._pop()
        self._push(*[self._cyc_damage_task(task["alloc"][r], task["src"], ranger=r)
                     for r in rangers if task["alloc"].get(r)])

    def _choices_cyc_split(self, task):
        """The split's damage goes to the person's rangers by the person (who may leave the rest to
        the team), to the AI teammates' by them (team_turn.py, the team's splits)."""
        d = self.d
        b = d["battle"]
        left = task["n"] - sum(task["alloc"].values())
        return self._split_choices(task, self._ranger_seats(b["rangers"]), lambda s: [
            Action.make("split_damage", source=task["src"], target=f"ranger:{r}", n=k)
            for r in b["rangers"] if d["rseat"][r] == s for k in range(1, left + 1)])

    def _choose_cyc_split(self, task, action):
        if self._split_handover(task, action):
            return
        r = action.target.split(":", 1)[1]
        task["alloc"][r] = task["alloc"].get(r, 0) + action.get("n")
        self._e("info", "cyc_split_assigned", source=task["src"], target=action.target, n=action.get("n"),
                ranger=f"$rangers.ranger.{r}.name")

    def _start_cyc_bottom(self, task):
        d, C = self.d, self.C
        b = d["battle"]
        hand = d["seats"][task["seat"]]["hand"]
        if b is None or task["ranger"] not in b["rangers"] or not hand:
            self._pop()
            return
        if len({C.card_of[c] for c in hand}) == 1:
            self._choose_cyc_bottom(task, Action.make("bottom", source=hand[0], target=f"deck:{task['seat']}"))
            return
        return True

    def _choices_cyc_bottom(self, task):
        s = task["seat"]
        return [Action.make("bottom", source=c, target=f"deck:{s}") for c in self.d["seats"][s]["hand"]]

    def _choose_cyc_bottom(self, task, action):
        self._pop()
        st = self.d["seats"][task["seat"]]
        st["hand"].remove(action.source)
        st["deck"].append(action.source)
        self._e("move", "cyc_bottom_decked", source=action.source, target=action.target, seat=task["seat"],
                cause="cyc_right_leg_down")

    # ------------------------------------------------------------------ Cyclopsis card ops
    def _effect_cyc_damage(self, eff, ctx, task=None, i=0):
        n = eff["n"] + eff.get("per_down", 0) * len(self.d["cyc"]["down"]) + self._cyc_damage_plus()
        self._effect_damage({"op": "damage", "to": eff["to"], "n": n}, ctx)

    def _effect_cyc_split(self, eff, ctx, task=None, i=0):
        src = ctx["enemy"]
        n = eff["n"] + self._cyc_damage_plus()
        n += sum(v["n"] for v in self._dispatch("damage_bonus") if v["card"] != src)
        self._push({"t": "cyc_split", "n": n, "alloc": {}, "src": src})

    # ------------------------------------------------------------------ narrative
    def _cyc_story(self, moment):
        cyc = self.d.get("cyc")
        if cyc and cyc["scenario"]:
            self._e("story", "cyc13_story", moment=moment, story=f"$rangers.story.{SCENARIO}.{moment}")

    def _cyc_story_start(self):
        cyc = self.d.get("cyc")
        if cyc and cyc["scenario"] and self.d["round"] == 1:
            self._cyc_story("start")

    # ------------------------------------------------------------------ checks and heuristics
    def _cyc_invariants(self):
        d, C = self.d, self.C
        cyc = d.get("cyc")
        if not cyc:
            return []
        out = []
        if sorted(d["edeck"][CYC] + d["ediscard"][CYC]) != sorted(C.cyc["deck"]):
            out.append("Cyclopsis enemy deck not conserved")
        for pid in C.cyc["part_ids"]:
            h = cyc["hits"][pid]
            if h < 0:
                out.append(f"negative hits on {pid}")
            if pid in cyc["down"] and h:
                out.append(f"{pid} is defeated but holds hit tokens")
            if pid not in cyc["down"] and cyc["state"] == "deployed" and h >= self._cyc_health(pid):
                out.append(f"{pid} holds its health in hits but stands")
        if len(set(cyc["down"])) != len(cyc["down"]):
            out.append("a Cyclopsis part is defeated twice")
        where = d["big_loc"].get(CYC)
        if cyc["state"] in ("deployed", "with_boss") and where != cyc["loc"]:
            out.append("Cyclopsis figure misplaced")
        if cyc["state"] not in ("deployed", "with_boss") and where is not None:
            out.append("Cyclopsis figure on the board while not deployed")
        if cyc["state"] == "beside" and cyc["loc"] not in d["ring"]:
            out.append("Cyclopsis figure beside an unknown location")
        if (cyc["state"] == "unused") != (CYC_DEPLOY in d["deploy_unused"]):
            out.append("Cyclopsis's deployment card and its state disagree on whether it is in the game")
        return out

    def _cyc_value(self):
        """Greedy-bot value of the progress against Cyclopsis (added to evaluate())."""
        d = self.d
        cyc = d.get("cyc")
        if not cyc or d["over"] is not None or cyc["state"] in ("unused", "reserve", "beside"):
            return 0.0
        if cyc["state"] == "defeated":
            return 45.0
        if cyc["state"] == "with_boss":
            return 45.0 if len(cyc["down"]) == 6 else 4.0 * len(cyc["down"])
        per = 12.0 if cyc["role"] == "boss" else 7.0
        v = per * len(cyc["down"])
        for pid in self.C.cyc["part_ids"]:
            if pid not in cyc["down"]:
                v += per * 0.6 * cyc["hits"][pid] / self._cyc_health(pid)
        return v


__all__ = ["CyclopsisRules", "load", "CYC", "CYC_DEPLOY", "FIGURE", "SCENARIO",
           "HEAD", "CORE", "RIGHT_ARM", "LEFT_ARM", "RIGHT_LEG", "LEFT_LEG"]
