"""The Heroes of the Grid table: the city (Command Center between the four locations), the deployment
deck, the enemy decks, the power board and the energy supply on the right, one panel per player along
the bottom, and — while a battle is on — the battle board over the city.

World layout: computed from the viewport (about 940×800 world units at 1280×800, shown near 1:1).

Input (all matched against ``legal_actions()``; nothing here decides a rule):
- action phase: drag a ranger figure to a location (move), onto the Command Center (move / power up),
  onto its own location (battle); click a ranger to recover; click the deployment deck to deploy;
  drag a zord card (Mastodon, Megazord...) onto a location or a ranger; foot-soldier figures slide.
- battle: drag a deck onto its hand (draw), a combat card onto an enemy card (attack) or onto the pool
  (maneuver), a reaction onto the ranger / enemy card, the enemy card that deals damage onto a ranger
  portrait, a ranger portrait onto an enemy card (targeted hits), energy and action tokens onto the pool,
  the pool onto a player panel (sharing leftovers), a hand card onto the deck (top-deck) or discard.
- everything else (ready, pass, fight, resolve first, decline...) is a side-panel button, and the
  most important drag moves (battle, recover, power up, damage) have a button too.
"""
from __future__ import annotations


from gamecore.engine import Action
from gamecore.rangers.content import content
from ui.i18n import has, t
from ui.table.overlays import SeatBoard
from ui.table.scene import TableScene
from ui.table.views import CardView, HandView, PileView

from . import faces as F
from .views import (CombatDie, Chip, DeployedCard, DeployPile, EnemyCard, GuardLinks, Label, LocationView, Panel, PawnGroup, RangerFigure, SeatPanel,
                    SlotToken, TrackView)

CC = "command_center"
STRIP_H = 252
MIN_CARD_W = 90          # the narrowest hand card whose title and cost read at 1:1
SIDE_W = 272
ENERGY_GOLD = (236, 196, 70)
ACTION_BLUE = (92, 150, 220)
# enemy figures on a location, in world units (≈ pixels at 1280×800): a foot soldier stands FS_H tall with
# its name plate, each further figure of its group FS_STEP to the right; monsters and bosses BIG_H tall.
# (40/19 was too small to tell a Putty from a Bones at 1280×800.) A crowded location packs them closer.
FS_H, FS_MIN_H, FS_STEP, FS_GAP = 62, 44, 30, 10
BIG_W, BIG_H = 112, 70
BUTTON_TOO = ("deploy", "draw", "draw_up", "battle", "recover", "power_up", "decline", "assign_damage", "take_energy", "fight",
              "assign_zord", "lead", "slide", "pick", "resolve_first", "split_damage", "cyc_place", "cyc_xp")


def b_mode(state) -> str | None:
    b = state.d.get("battle")
    return b.get("cyc") if b else None


def _lid(cid: str) -> str:
    return cid.split(":", 1)[1]


class RangersTable(TableScene):
    END_KINDS = ("end_actions", "ready", "pass", "recover_done")
    # every end the person triggers asks first when Settings say so (Ready / Pass / Finish too), each
    # naming what it gives up (end_turn_loss)
    CONFIRM_KINDS = None
    HINT_BOT = "planner"            # hints come from the team search (gamecore/bots/planner.py)

    def __init__(self, app):
        super().__init__(app)
        self.C = content()
        self.geo: dict = {}
        self._dice: list[int] = []
        self._dice_total: int | None = None
        self._reveals: list[list] = []       # [card id, shields, damage left, outcome key]
        self._played: str | None = None
        self._damage_to: str | None = None
        self._roll_pending = False
        self._deployed: list[dict] = []      # this round's deployment cards: card, loc, order
        self._deploy_pending = False         # a deployment was applied: show its cards one by one

    # ================================================================== names
    def seat_name(self, seat: int) -> str:
        """The seat's rangers' names, with "(AI)" for an AI teammate's seat."""
        if self.session is None or seat is None:
            return t("table.seat", n=(seat or 0) + 1)
        name = self.plain_seat_name(seat)
        return t("rangers.ui.ai_name", name=name) if self.is_ai_seat(seat) else name

    def who(self, seat: int) -> dict:
        """The ``who`` and ``whos`` parameters of a sentence about a seat: its name, and how many rangers
        it has (English verbs agree with it: "Jason draws", "Jason & Zack draw")."""
        return {"who": self.seat_name(seat), "whos": len(self.state.d["seats"][seat]["rangers"])}

    def plain_seat_name(self, seat: int) -> str:
        rangers = self.state.d["seats"][seat]["rangers"]
        return t("rangers.ui.and").join(F.short_name(r) for r in rangers)

    # ================================================================== the person's seats and the AI teammates'
    def is_ai_seat(self, seat) -> bool:
        """An AI teammate plays this seat (never in the hotseat game: setup makes every seat the person's)."""
        return self.session is not None and seat is not None and self.session.seat_is_bot(seat)

    def piece_seat(self, cid: str | None) -> int | None:
        """The seat a piece on the table belongs to: a ranger figure or portrait, a hand card, a deck,
        discard, energy or action token, an ability chip, a zord card; None for the team's pieces."""
        if self.session is None or not cid:
            return None
        d = self.state.d
        kind, _, rest = cid.partition(":")
        if kind in ("ranger", "ability") and rest in d["rseat"]:
            return d["rseat"][rest]
        if kind in ("deck", "hand", "discard", "energy", "action") and rest.isdigit():
            return int(rest)
        if kind == "zord" and rest in d["zords"]:
            return d["zords"][rest]["seat"]
        if kind == "card":
            for i, st in enumerate(d["seats"]):
                if cid in st["hand"] or cid in st["discard"]:
                    return i
        return None

    # kinds that move a seat's own pieces: never offered to the person for an AI teammate's seat
    OWN_PIECE_KINDS = ("move", "battle", "recover", "play", "react", "ability", "give_energy", "spend_action",
                       "draw", "draw_up", "topdeck", "pick", "zord", "discard")

    def _ai_piece(self, action: Action) -> bool:
        return action.kind in self.OWN_PIECE_KINDS and self.is_ai_seat(self.piece_seat(action.source))

    def legal(self) -> list[Action]:
        """The engine's legal actions for the person, with two table conveniences, both read from the
        engine: on the team's choice of who acts, each of the person's seats' own moves (a drag of your
        ranger means "I act, and do this"; ``acting_choices``), and never an AI teammate's piece."""
        base = super().legal()
        if self.session is None or not base or self.bot_to_move():
            self._merged = {}
            return base
        cached = getattr(self, "_merged_for", None)
        if cached is not None and cached[0] == self.token:
            return cached[1]
        out = [a for a in base if not self._ai_piece(a)]
        listed = set(out)
        merged: dict = {}
        if self.state.team_choice_pending():
            for pick in base:
                if pick.kind != "act":
                    continue
                seat = int(pick.source.split(":")[1])
                if self.is_ai_seat(seat):
                    continue
                for a in self.state.acting_choices(seat):
                    if a not in merged and a not in listed and not self._ai_piece(a):
                        merged[a] = pick
        out.extend(merged)
        self._merged = merged
        self._merged_for = (self.token, out)
        return out

    def apply_action(self, action: Action) -> bool:
        """A move of one of the person's seats offered on the team's choice: choose that seat first.
        The two are one decision of the person's: Undo takes both back (and Redo makes both)."""
        pick = getattr(self, "_merged", {}).get(action)
        if pick is not None and action not in self.state.legal_actions():
            with self.one_change():            # the views follow both at once
                if not super().apply_action(pick):
                    return False
                if action not in self.state.legal_actions():
                    return True
                first = len(self.session.steps)
                done = super().apply_action(action)
                if done:
                    self.session.join_to_previous(first)
                return done
        return super().apply_action(action)

    def ranger_of_seat(self, seat: int) -> str:
        return self.state.d["seats"][seat]["rangers"][0]

    # ================================================================== geometry
    def layout(self, world) -> None:
        vw, vh = world.viewport_size
        # the camera fits the world plus a 20-unit margin; the prompt banner sits above y=0: leave room
        # for both so the table shows at 1:1 in a 1280×800 window
        # (below 1280×800 the designed layout is kept and the camera scales it down instead)
        W, H = max(900, int(vw) - 40), max(724, int(vh) - 76)
        # a taller window gives the team's hands the extra height (the city needs little more)
        strip_h = int(min(STRIP_H + max(0, H - 724) * 0.45, 340))
        strip_y = H - strip_h
        top_h = strip_y - 10
        map_w = W - SIDE_W - 10
        cc_h = 136
        lh = (top_h - cc_h - 20) / 2
        lw = (map_w - 10) / 2
        self.geo = {"W": W, "H": H, "strip_y": strip_y, "strip_h": strip_h, "top_h": top_h, "map_w": map_w,
                    "lw": lw, "lh": lh,
                    "cc": (0, lh + 10, map_w, cc_h), "side_x": map_w + 10,
                    "corners": [(0, 0), (lw + 10, 0), (lw + 10, lh + cc_h + 20), (0, lh + cc_h + 20)]}

    # ================================================================== state → views
    def sync(self, state) -> None:
        if not self.geo:
            self.layout(self.world)
        # this round's deployment, read again whenever the moves changed (a move, an undo, a replay's jump)
        key = (id(self.session), len(self.session.steps)) if self.session is not None else None
        if key != getattr(self, "_deployed_key", None):
            self._deployed_key = key
            self._rebuild_deployed()
        w = self.world
        w.clear()
        d = state.d
        top = d["stack"][-1] if d["stack"] else None
        w.add(Panel("table:frame", (0, 0, self.geo["W"], self.geo["H"]), fill=(0, 0, 0, 0), line=(0, 0, 0, 0),
                    layer=-3))
        # what to do now, in full, above the table (the side panel's prompt box is small)
        if self.session is not None and not self.bot_to_move():
            # (during an AI teammate's step the kit's banner names who acts and what they decide)
            w.add(Label("label:prompt", (0, -34, self.geo["W"], 28), self.prompt_text(), size=14, bold=True,
                        colour=(255, 226, 150), plate=(10, 12, 16, 200), layer=9))
        self._team(state)
        if d["battle"] is not None:
            self._battle(state)
        elif top is not None and top["t"] == "recover":
            self._side(state)
            self._tray(state, top)
        else:
            self._city(state)
            self._side(state)
        w.changed()

    # ------------------------------------------------------------------ the city
    def _city(self, state) -> None:
        d, C, g, w = state.d, self.C, self.geo, self.world
        panicked_note = t("rangers.ui.panicked")
        for i, lid in enumerate(d["ring"]):
            x, y = g["corners"][i]
            L = d["locs"][lid]
            count = sum(L["fs"].values()) + len(L["big"])
            effect = t(f"rangers.loc.{lid}.b_side") if d["loc_side"] == "B" else ""
            note = panicked_note if L["panic"] else ""
            w.add(LocationView(f"loc:{lid}", (x, y, g["lw"], g["lh"]),
                               name=t("rangers.ui.loc_title", n=i + 1, loc=F.loc_name(lid)),
                               limit=C.locations[lid]["limit"], count=count, panic=L["panic"], effect=effect,
                               note=note))
            self._figures(state, lid, (x, y, g["lw"], g["lh"]))
        cx, cy, cw, ch = g["cc"]
        effect = t("rangers.loc.command_center.b_side") if d["cc_side"] == "B" else ""
        w.add(LocationView(f"loc:{CC}", g["cc"], name=F.loc_name(CC), limit=None, count=0, panic=False,
                           effect=effect, centre=True, energy=d["cc_energy"],
                           note="" if effect else t("rangers.ui.cc_note", n=d["cc_energy"])))
        self._figures(state, CC, g["cc"])
        self._deploy_strip(state)

    # ------------------------------------------------------------------ this round's deployment cards
    DEPLOY_STRIP_CARD = (66, 92)

    def _deploy_strip(self, state) -> None:
        """The deployment cards that came up this round, face up in the order they resolved, along the
        right of the Command Center band: each names the location its figures went to; the figure cards
        went under the deck afterwards (the caption says so), the monster and boss cards left it."""
        if not self._deployed:
            return
        g, w = self.geo, self.world
        cx, cy, cw, ch = g["cc"]
        card_w, card_h = self.DEPLOY_STRIP_CARD
        n = len(self._deployed)
        room = min(cw * 0.55, cw - 300)
        step = min(card_w + 6, (room - card_w) / max(1, n - 1)) if n > 1 else card_w
        right = cx + cw - 64                 # the Megazord token's corner stays clear
        x0 = right - (step * (n - 1) + card_w)
        # clear of the figures standing at the Command Center (five or six rangers at the start)
        band = (cy, cy + ch)
        taken = [v.world_rect().right for v in w.all()
                 if v.cid.startswith(("ranger:", "fs:", "big:", "figure:")) and band[0] <= v.rect.centery <= band[1]
                 and cx <= v.rect.x < cx + cw]
        if taken and max(taken) + 18 > x0 and n > 1:
            x0 = min(right - card_w - 14 * (n - 1), max(taken) + 18)
            step = (right - card_w - x0) / (n - 1)
        y0 = cy + 22
        for k, entry in enumerate(self._deployed):
            card = entry["card"]
            face = F.face_for(card)
            back = self.C.deploy_cards[card]["back"]       # its back, while it still lies on the deck
            loc = entry.get("loc")
            cap = ""
            covered = k < n - 1 and step < card_w - 4          # the next card lies over its right part
            if loc in state.d["ring"]:
                num = state.d["ring"].index(loc) + 1
                cap = t("rangers.ui.dep_cap_short", n=num) if covered and step < 56 else t(
                    "rangers.ui.dep_cap", n=num, loc=t(f"rangers.ui.loc_short.{loc}"))
            elif loc:
                cap = t("rangers.ui.dep_cap", n="", loc=t(f"rangers.ui.loc_short.{loc}"))
            w.add(DeployedCard(f"dshow:{card}", (x0 + k * step, y0, card_w, card_h), face, face_up=face is not None,
                               back_label=F.loc_name(back) if back else "", back_colour=F.DEPLOY_BACK,
                               caption=cap, caption_w=step if covered else None))
        under = any(self.C.deploy_cards[e["card"]]["figures"] > 0 for e in self._deployed)
        note = t("rangers.ui.dep_note_under" if under else "rangers.ui.dep_note", round=state.d["round"])
        w.add(Label("label:dshow", (x0, y0 + card_h + 2, right - x0 + 60, 16), note, size=10,
                    colour=(210, 214, 226), layer=4))

    def _read_deployment(self, events) -> list[dict]:
        """The cards a deployment's events revealed, in order, each with the location it went to."""
        out: list[dict] = []
        open_: list[dict] = []
        for e in events:
            k = e.key[len("rangers.ev."):] if e.key.startswith("rangers.ev.") else e.key
            if k in ("deploy_revealed", "deploy_revealed_big") and e.source in self.C.deploy_cards:
                entry = {"card": e.source, "loc": None}
                out.append(entry)
                open_.append(entry)
            elif k == "deploy_location" and e.target:
                for entry in open_:
                    entry["loc"] = _lid(e.target)
                open_ = []
        return out

    def _rebuild_deployed(self) -> None:
        """This round's deployment, from the last deploy step (none once a new round has started)."""
        self._deployed = []
        if self.session is None:
            return
        for step in reversed(self.session.steps):
            if step.action.kind == "deploy":
                self._deployed = self._read_deployment(step.events)
                return
            if any(e.key == "rangers.ev.round_started" for e in step.events):
                return

    def _queue_deployment(self) -> None:
        """Each card of the deployment just made, in turn: from the deck, turned face up, its location
        flashing where the figures go; the deck flashes last when the figure cards go under it."""
        secs = self.animation_seconds()
        deck = self.world.get("deck:deployment")
        if secs <= 0 or deck is None:
            return
        from ui.table.animator import Anim
        import pygame

        home = pygame.Vector2(deck.world_rect().topleft)
        queue = self.animator.queue
        for entry in self._deployed:
            view = self.world.get(f"dshow:{entry['card']}")
            if view is None:
                continue
            start = home - pygame.Vector2(view.rect.topleft)
            view.offset = pygame.Vector2(start)
            view.flip = 0.0 if view.face_up else 1.0
            queue.append(Anim("slide", view.cid, start=start, duration=secs))
            if view.face_up:
                queue.append(Anim("flip", view.cid, duration=secs * 0.8))
            if entry.get("loc") and self.world.get(f"loc:{entry['loc']}") is not None:
                queue.append(Anim("flash", f"loc:{entry['loc']}", duration=secs * 1.2))
        if any(self.C.deploy_cards[e["card"]]["figures"] > 0 for e in self._deployed):
            queue.append(Anim("flash", "deck:deployment", duration=secs))

    def _figures(self, state, lid: str, rect) -> None:
        d, C, w = state.d, self.C, self.world
        x, y, lw, lh = rect
        L = d["locs"][lid]
        centre = lid == CC
        # foot soldiers, one group per type (below the title, the panic note and the B-side text)
        fx = x + 10
        fy = y + 28 + (16 if L["panic"] else 0) + (34 if d["loc_side"] == "B" and not centre else 0)
        if centre:
            fy = y + 26 + (40 if d["cc_side"] == "B" else 16)
        # as tall as the room above the rangers allows (FS_MIN_H..FS_H), packed closer when the row is long
        here_r = any(d["rloc"][r] == lid for st in d["seats"] for r in st["rangers"])
        fs_h = FS_H if centre else max(FS_MIN_H, min(FS_H, y + lh - (60 if here_r else 6) - fy))
        groups = [(ftype, L["fs"][ftype]) for ftype in C.fs_types if L["fs"][ftype] > 0]
        k = fs_h / FS_H
        widths = [max(96, (FS_H - 14) * k + max(0, n - 1) * FS_STEP * k + 8) for _, n in groups]
        room = lw - 20 - len(L["big"]) * (BIG_W + FS_GAP) - FS_GAP * len(groups)
        squeeze = min(1.0, max(0.5, room / max(1.0, sum(widths))))
        for (ftype, n), width in zip(groups, widths):
            width = max(96, width * squeeze)
            w.add(PawnGroup(f"fs:{ftype}:{lid}", (fx, fy, width, fs_h), count=n, colour=F.foe_colour(ftype),
                            name=F.foe_short(ftype)))
            fx += width + FS_GAP
        # monsters and the boss
        big_h = max(fs_h, BIG_H * k)
        for foe in L["big"]:
            shape = "star" if C.foe_kind.get(foe) == "boss" else ("hexagon" if foe == "cyclopsis" else "diamond")
            cid = "figure:cyclopsis" if foe == "cyclopsis" else f"big:{foe}"
            w.add(PawnGroup(cid, (fx, fy + fs_h - big_h, BIG_W, big_h), count=1, colour=F.foe_colour(foe),
                            name=F.foe_short(foe), shape=shape, big=True))
            fx += BIG_W + FS_GAP
        cyc = d.get("cyc")
        if cyc and cyc.get("state") == "beside" and cyc.get("loc") == lid:
            w.add(PawnGroup("figure:cyclopsis", (x + lw - BIG_W - 10, y + 26, BIG_W, BIG_H), count=1,
                            colour=F.foe_colour("cyclopsis"), name=t("rangers.ui.cyc_beside"), shape="hexagon",
                            big=True))
        mz = d["megazord"]
        if mz is not None and mz["loc"] == lid:
            w.add(SlotToken("token:megazord", (x + lw - 30, y + 62), size=34, icon="zord", colour=(230, 190, 70),
                            count=1, caption=t("rangers.ui.megazord_short")))
        # rangers, along the bottom edge
        here = [r for st in d["seats"] for r in st["rangers"] if d["rloc"][r] == lid]
        ry = y + lh - 36
        rx = x + 30
        if centre and (L["big"] or any(L["fs"].values())):
            rx = fx + 30
            ry = fy + 20
        for r in here:
            w.add(RangerFigure(f"ranger:{r}", (rx, ry), size=32, colour=F.ranger_colour(r), shape=F.RANGER_SHAPES[r],
                               label=F.short_name(r)))
            rx += 60

    # ------------------------------------------------------------------ the right-hand column
    def _side(self, state) -> None:
        d, C, g, w = state.d, self.C, self.geo, self.world
        x0 = g["side_x"]
        sw = g["W"] - x0
        top_h = g["top_h"]
        # deployment: the deck (its back names the next location) and the discard pile
        y = 0
        h = 140
        w.add(Panel("panel:deploy", (x0, y, sw, h), title=t("rangers.ui.deployment", round=d["round"]), icon="cards"))
        nxt = d["deploy"][0] if d["deploy"] else None
        back = C.deploy_cards[nxt]["back"] if nxt else None
        pw_, ph_ = 80, 108
        w.add(DeployPile("deck:deployment", (x0 + 10, y + 26, pw_, ph_), count=len(d["deploy"]), loc=back,
                         label=F.loc_name(back) if back else "", back_colour=F.DEPLOY_BACK))
        top = d["deploy_discard"][-1] if d["deploy_discard"] else None
        w.add(PileView("discard:deployment", (x0 + 18 + pw_, y + 26, pw_, ph_), count=len(d["deploy_discard"]),
                       label=t("rangers.ui.discard"), back_colour=F.DEPLOY_BACK,
                       top=F.deploy_face(top) if top else None, face_up=top is not None))
        nxt_text = t("rangers.ui.next_back", loc=F.loc_name(back)) if back else t("rangers.ui.deck_empty")
        lx = x0 + 26 + 2 * pw_
        w.add(Label("label:next", (lx, y + 28, x0 + sw - lx - 4, ph_), nxt_text, size=12, wrap=True))
        # enemy decks
        y += h + 6
        h = 108
        w.add(Panel("panel:enemies", (x0, y, sw, h), title=t("rangers.ui.enemy_decks"), icon="beast"))
        foes = list(C.fs_types) + [f for f in C.monsters + C.bosses if d["big_loc"].get(f) or f in d["big_out"]]
        if d.get("cyc") and d["cyc"].get("state") not in ("unused", None) and "cyclopsis" in d["edeck"]:
            foes.append("cyclopsis")
        step = min(100, (sw - 12) / max(1, len(foes)))   # room for a whole name under each deck
        cw = min(44, step - 8)
        for i, foe in enumerate(foes):
            px = x0 + 8 + i * step + (step - 8 - cw) / 2
            # 28 down: the count badge on the pile's corner stays clear of the panel's title
            w.add(PileView(f"edeck:{foe}", (px, y + 28, cw, cw * 1.4), count=len(d["edeck"][foe]),
                           label=F.foe_short(foe), back_colour=F.foe_colour(foe)))
            cap = F.foe_short(foe)
            if C.foe_kind.get(foe) in ("monster", "boss"):
                need = C.comp["monster_defeat"] if C.foe_kind[foe] == "monster" else C.comp["boss_defeat"]
                cap = t("rangers.ui.defeat_progress", n=self.defeated_cards(state, foe), need=need)
            w.add(Label(f"label:edeck:{foe}", (x0 + 6 + i * step, y + 29 + cw * 1.4, step - 2, 16), cap, size=10,
                        align="center"))
        cyc = d.get("cyc")
        if cyc and cyc.get("state") == "reserve":
            w.add(PawnGroup("figure:cyclopsis", (x0 + sw - 70, y + 24, 64, 50), count=1,
                            colour=F.foe_colour("cyclopsis"), name=F.foe_short("cyclopsis"), shape="hexagon",
                            big=True))
        # power board: power track, experience track, zord deck, the Megazord
        y += h + 6
        h = max(120, top_h - y - 70)
        w.add(Panel("panel:power", (x0, y, sw, h), title=t("rangers.ui.power_board"), icon="zord"))
        power_cols = [(236, 196, 70)] * d["power"]
        tight = h < 132             # 1280x800: the tracks closer, so the zord deck stays inside the panel
        w.add(TrackView("track:power", (x0 + 10, y + (22 if tight else 24), sw - 20, 31 if tight else 34),
                        title=t("rangers.ui.power_track", n=d["power"]),
                        slots=C.comp["power_track"], filled=power_cols, icon="zord"))
        xp_cols = [F.foe_colour(ft) for ft in C.fs_types for _ in range(d["xp"][ft])]
        w.add(TrackView("track:xp", (x0 + 10, y + (56 if tight else 62), sw - 20, 30 if tight else 32),
                        title=t("rangers.ui.xp_track", n=sum(d["xp"].values()), need=C.comp["xp_track"]),
                        slots=C.comp["xp_track"], filled=xp_cols, icon="xp"))
        zy = y + (89 if tight else 98)
        zh = max(26 if tight else 30, min(56, y + h - zy - 4))
        w.add(PileView("deck:zords", (x0 + 10, zy, zh / 1.4, zh), count=len(d["zdeck"]), label=t("rangers.ui.zords"),
                       back_colour=(90, 90, 100)))
        mz = d["megazord"]
        zx = x0 + 18 + zh / 1.4
        if mz is not None:
            w.add(CardView("zord:megazord", (zx + (zh - zh / 1.4) / 2 if mz["exhausted"] else zx, zy, zh / 1.4, zh),
                           F.zord_face("megazord"), exhausted=mz["exhausted"]))
            zx += zh + 6
        w.add(Label("label:zords", (zx, zy, x0 + sw - zx - 4, zh), t("rangers.ui.zord_deck", n=len(d["zdeck"])),
                    size=10, wrap=True))
        # energy supply and team tokens
        y += h + 6
        h = top_h - y
        w.add(Panel("panel:energy", (x0, y, sw, h), title=t("rangers.ui.supply_title"), icon="energy"))
        # a short panel (1280x800) takes smaller tokens low down, their count badges clear of the title
        small = h < 68
        size = 24 if small else 28
        cy = y + min(max(24 + (h - 24) / 2 - 4, 28 + size / 2), h - 2 - size / 2)
        w.add(SlotToken("supply", (x0 + 24, cy), size=size, icon="energy", colour=ENERGY_GOLD,
                        count=d["energy_supply"]))
        if d["team_max"]:
            w.add(SlotToken("team_tokens", (x0 + 60, cy), size=22 if small else 26, icon="action", colour=ACTION_BLUE,
                            count=d["team_tokens"]))
        w.add(Label("label:supply", (x0 + 84, y + 22, sw - 88, h - 24),
                    t("rangers.ui.supply_text", energy=d["energy_supply"], team=d["team_tokens"],
                      panic=d["panic_supply"]), size=10, wrap=True))

    # ------------------------------------------------------------------ the team (bottom strip)
    def _team(self, state) -> None:
        d, g = state.d, self.geo
        b = d["battle"]
        seats = d["seats"]
        battling = set()
        if b is not None:
            battling = {d["rseat"][r] for r in b["rangers"]}
        weights = [3 if s in battling else 1.5 for s in range(len(seats))] if battling else [1] * len(seats)
        total = sum(weights)
        widths = [g["W"] * w_ / total for w_ in weights]
        x = 0.0
        y0 = g["strip_y"]
        cur = state.current_seat()
        if cur is not None and not state.is_over() and len(seats) > 1:
            # the seat to play gets the width a hand needs to lie side by side at a readable size: the
            # largest hand at the table, so the width is the same whoever plays and the other seats keep
            # their size as the turn passes (in a battle it passes at every card: a seat that changed size
            # each time made every seat's panel, piles and hand be laid out and drawn afresh)
            n = max(len(st["hand"]) for st in seats)
            need = n * (MIN_CARD_W + HandView.GAP) + 24
            if need > g["W"] * 0.62:            # two rows beside the piles (see _seat)
                need = -(-n // 2) * (MIN_CARD_W + HandView.GAP) + 84
            need = min(g["W"] * 0.62, need)
            if widths[cur] < need:
                rest = sum(widths) - widths[cur]
                factor = (g["W"] - need) / rest if rest else 1.0
                widths = [need if s == cur else w_ * factor for s, w_ in enumerate(widths)]
        for s, st in enumerate(seats):
            pw = widths[s]
            self._seat(state, s, st, (x + 2, y0, pw - 6, g["strip_h"] - 4), s == cur and not state.is_over(),
                       s in battling)
            x += pw

    def _seat(self, state, s: int, st: dict, rect, active: bool, battling: bool) -> None:
        d, w = state.d, self.world
        x, y, pw, ph = rect
        rangers = st["rangers"]
        roles = " / ".join(t(f"rangers.ranger.{r}.role") for r in rangers)
        stats = t("rangers.ui.seat_stats", hand=len(st["hand"]), size=self._hand_size(state, s), actions=st["actions"])
        panel = w.add(SeatPanel(f"seat:{s}", rect, colours=[F.ranger_colour(r) for r in rangers],
                        shapes=[F.RANGER_SHAPES[r] for r in rangers], names=self.seat_name(s) + " · " + roles,
                        role=roles, stats=stats, active=active, battling=battling))
        compact = pw < 210
        pile = (36, 50) if compact else (44, 62)
        ry = y + 46
        px = x + 6
        back = F.ranger_colour(rangers[0])
        top = st["discard"][-1] if st["discard"] else None
        # the seat to play, when its hand needs two rows: the piles and tokens in a column on the left,
        # the hand beside them using the panel's whole height
        side = active and not compact and len(st["hand"]) * (MIN_CARD_W + HandView.GAP) > pw - 8 and ph >= 230
        below = 0.0
        if side:
            w.add(PileView(f"deck:{s}", (px, ry, *pile), count=len(st["deck"]), label=t("rangers.ui.deck"),
                           back_colour=back))
            w.add(PileView(f"discard:{s}", (px, ry + pile[1] + 4, *pile), count=len(st["discard"]),
                           label=t("rangers.ui.discard"), back_colour=back, top=F.combat_face(top) if top else None,
                           face_up=top is not None))
            ty = ry + 2 * pile[1] + 8 + 14
            w.add(SlotToken(f"energy:{s}", (px + pile[0] / 2, ty), size=26, icon="energy", colour=ENERGY_GOLD,
                            count=st["energy"]))
            w.add(SlotToken(f"action:{s}", (px + pile[0] / 2, ty + 32), size=26, icon="action", colour=ACTION_BLUE,
                            count=st["actions"]))
        else:
            captions = ("", "")
            if compact and pw - 12 < 2 * pile[0] + 4 + 6 + 2 * 22 + 20:
                # too narrow for piles and tokens in one row (six seats in a small window): the tokens in a
                # column beside slightly smaller piles, or, narrower still, in a row under them: all inside
                # the panel (in one row they lay over the next seat's panel)
                col_pile = (pw - 12 - 4 - 6 - 20) / 2
                if col_pile >= 26:
                    col_pile = min(pile[0], col_pile)
                    pile = (col_pile, col_pile * 50 / 36)
                    tok = min(20.0, (pile[1] - 4) / 2)
                    tx = px + 2 * pile[0] + 4 + 6 + tok / 2
                    spots = [(tx, ry + pile[1] / 2 - tok / 2 - 2), (tx, ry + pile[1] / 2 + tok / 2 + 2)]
                else:
                    row_pile = max(18.0, min(pile[0], (pw - 16) / 2))
                    pile = (row_pile, row_pile * 50 / 36)
                    tok = 20.0
                    cy, mid = ry + pile[1] + 4 + tok / 2, x + pw / 2
                    spots = [(mid - tok / 2 - 4, cy), (mid + tok / 2 + 4, cy)]
                    below = tok + 6                   # the hand starts under the tokens' row
                gap = 4
            else:
                gap = 4 if compact else 6
                tok = 22 if compact else 30
                tx = px + 2 * pile[0] + gap + (6 if compact else 8) + tok / 2
                cy = ry + pile[1] / 2 - 4
                spots = [(tx, cy), (tx + tok + (10 if compact else 16), cy)]
                if not compact:
                    captions = (t("rangers.ui.stored"), t("rangers.ui.actions"))
            w.add(PileView(f"deck:{s}", (px, ry, *pile), count=len(st["deck"]), label=t("rangers.ui.deck"),
                           back_colour=back))
            w.add(PileView(f"discard:{s}", (px + pile[0] + gap, ry, *pile), count=len(st["discard"]),
                           label=t("rangers.ui.discard"), back_colour=back, top=F.combat_face(top) if top else None,
                           face_up=top is not None))
            w.add(SlotToken(f"energy:{s}", spots[0], size=tok, icon="energy", colour=ENERGY_GOLD,
                            count=st["energy"], caption=captions[0]))
            w.add(SlotToken(f"action:{s}", spots[1], size=tok, icon="action", colour=ACTION_BLUE,
                            count=st["actions"], caption=captions[1]))
        # zords: small cards in the top-right corner of the panel (hover or right-click to read them)
        zords = sorted(z for z, info in d["zords"].items() if info["seat"] == s)
        zh = 40.0
        zw = zh / 1.4
        zx = x + pw - 6
        for z in reversed(zords):
            exhausted = d["zords"][z]["exhausted"]
            slot = zh if exhausted else zw
            zx -= slot + 3
            w.add(CardView(f"zord:{z}", (zx + (slot - zw) / 2, y + 3, zw, zh), F.zord_face(z), exhausted=exhausted))
        # each ranger's character card: a chip in the header (hover or right-click reads the card; its
        # label says what the ability is doing: ready, armed, used)
        if pw >= 110:
            chip_w = 74 if pw >= 210 else 28          # a narrow panel: the star alone (its colour and ring say it)
            for r in reversed(rangers):
                status = self.ability_status(state, r)
                zx -= chip_w + 4
                w.add(Chip(f"char:{r}", (zx, y + 4, chip_w, 20),
                           text=t(f"rangers.ui.chip.{status}") if chip_w > 28 else "",
                           colour=F.ranger_colour(r), icon="star", used=status in ("used", "auto_done"),
                           armed=status.startswith("armed")))
        panel.reserve = x + pw - 6 - zx
        # the hand
        hx, hw = (x + 4, pw - 8) if not side else (x + pile[0] + 12, pw - pile[0] - 16)
        hy = ry + pile[1] + 6 + below if not side else ry
        hand_h = y + ph - hy
        ch = min(hand_h - 6, 190 if not compact else 104)
        cw = ch / 1.4
        hand = w.add(HandView(f"hand:{s}", (hx, hy, hw, hand_h), fan_degrees=1.5, lift=min(40, ch * 0.35),
                              min_card_width=MIN_CARD_W if active else 60))
        hand.set_cards([CardView(c, (0, 0, cw, ch), F.combat_face(c), back_colour=back) for c in st["hand"]])

    def seat_board(self, cid: str):
        """A click on a player's panel shows that player's hand, discard pile and zords at full size."""
        if self.session is None or not cid.startswith("seat:"):
            return None
        s = int(cid.split(":")[1])
        st = self.state.d["seats"][s]
        rows = [[F.combat_face(c) for c in st["hand"]] or [None]]
        extra = [self.character_face(r) for r in st["rangers"]]
        extra += [F.combat_face(st["discard"][-1])] if st["discard"] else []
        extra += [F.zord_face(z) for z, info in sorted(self.state.d["zords"].items()) if info["seat"] == s]
        rows.append(extra)
        roles = " / ".join(t(f"rangers.ranger.{r}.role") for r in st["rangers"])
        notes = [roles, t("rangers.ui.seat_stats", hand=len(st["hand"]), size=self._hand_size(self.state, s),
                          actions=st["actions"]),
                 t("rangers.ui.board_piles", deck=len(st["deck"]), discard=len(st["discard"]), energy=st["energy"])]
        return SeatBoard(self.seat_name(s), rows, notes, colour=F.ranger_colour(st["rangers"][0]))

    def end_turn_loss(self, action) -> str:
        """What an end button gives up, read from the moves it leaves behind: unused action tokens
        (end of the action phase), cards not drawn (Ready), cards, abilities and zords not used (Pass),
        cards left in the discard pile (Finish recovering)."""
        if self.session is None:
            return ""
        k = action.kind
        sep = t("rangers.ui.list_sep")
        if k == "end_actions":
            left = [t("rangers.ui.tokens_left", who=self.seat_name(s), n=st["actions"])
                    for s, st in enumerate(self.state.d["seats"]) if st["actions"] > 0]
            return t("rangers.ui.confirm_loss", left=sep.join(left)) if left else ""
        others = [a for a in self.state.legal_actions() if a.kind not in self.END_KINDS]
        left: list[str] = []
        if k == "ready":
            missing: dict[int, int] = {}
            for a in others:
                if a.kind in ("draw", "draw_up") and a.source.startswith("deck:"):
                    s = int(a.source.split(":")[1])
                    missing[s] = max(missing.get(s, 0), int(a.get("n", 1)) if a.kind == "draw_up" else 1)
            left = [t("rangers.ui.loss.undrawn", who=self.seat_name(s), n=n) for s, n in sorted(missing.items())]
        elif k == "pass":
            cards = list(dict.fromkeys(a.source for a in others if a.kind in ("play", "react")))
            if cards:
                left.append(t("rangers.ui.loss.cards", n=len(cards),
                              cards=sep.join(F.card_name(c) for c in cards[:4]) + (" …" if len(cards) > 4 else "")))
            abilities = list(dict.fromkeys(a.source for a in others if a.kind == "ability"))
            if abilities:
                left.append(t("rangers.ui.loss.abilities", n=len(abilities)))
            zords = list(dict.fromkeys(a.source for a in others if a.kind in ("zord", "megazord")))
            if zords:
                left.append(t("rangers.ui.loss.zords", n=len(zords)))
        elif k == "recover_done":
            cards = list(dict.fromkeys(a.source for a in others if a.kind == "pick"))
            if cards:
                left.append(t("rangers.ui.loss.recover", n=len(cards)))
        return t("rangers.ui.confirm_given_up", left=sep.join(left)) if left else ""

    def _hand_size(self, state, seat: int) -> int:
        C = self.C
        st = state.d["seats"][seat]
        return C.comp["hand_size_pair"] if len(st["rangers"]) > 1 else C.comp["hand_size"]

    # ------------------------------------------------------------------ the battle board
    def _battle(self, state) -> None:
        d, C, g, w = state.d, self.C, self.geo, self.world
        b = d["battle"]
        top = d["stack"][-1] if d["stack"] else {}
        W, top_h = g["W"], g["top_h"]
        loc = b["loc"]
        lead = b["lead"]
        title = t("rangers.ui.battle_title", loc=F.loc_name(loc), lead=F.short_name(lead))
        w.add(Panel(f"battle:{loc}", (0, 0, W, top_h), title=title, fill=(14, 18, 26, 255),
                            line=(200, 170, 90), layer=6, title_size=16, icon="damage"))
        links = w.add(GuardLinks("battle:links"))      # right over the board, under everything else on it
        status = self._battle_status(state, top)
        w.add(Label("label:status", (10, 26, W - 300, 20), status, size=12, colour=(255, 214, 120), layer=8))
        # the enemy grid
        rows = b["rows"]
        ncols = max(1, len(rows[0]), len(rows[1]))
        nrows = max(1, sum(1 for row in rows if row))
        gx, gy = 10, 62
        gw = W - 310
        cyc = d.get("cyc")
        parts = list(C.cyc["part_ids"]) if cyc and b.get("cyc") in ("fight", "boss") and getattr(C, "cyc", None) else []
        if b.get("cyc") == "boss":
            # in a boss battle only the defeated parts are laid out, their defeated sides in effect
            parts = [p for p in parts if p in cyc["down"]]
        if parts:
            gw -= 226
        col = min(162.0, gw / ncols)
        band_min = 124
        ch = max(70.0, min(154.0, (top_h - gy - band_min) / nrows - 18, col - 6))
        cw = ch / 1.4
        row_step = ch + 18
        x0 = gx + (gw - ncols * col) / 2
        nxt = None
        if b["next"] == "enemy":
            nxt = next((c for c in b["order"] if c not in b["resolved"]), None)
        dmg_src, dmg_n = None, None
        if top.get("t") == "damage":
            dmg_src, dmg_n = top.get("src"), top.get("n")
        centres = {}
        labels_row = (t("rangers.ui.row_big"), t("rangers.ui.row_fs"))
        slot = 0
        for ri, row in enumerate(rows):
            if not row:
                continue
            ry = gy + slot * row_step
            slot += 1
            w.add(Label(f"label:row{ri}", (gx, ry - 16, 200, 14), labels_row[ri], size=10, colour=(180, 190, 200),
                        layer=8))
            for ci, c in enumerate(row):
                cx = x0 + ci * col + col / 2
                cy = ry + ch / 2
                centres[c] = (cx, cy)
                edef = C.enemy_def[C.enemy_of[c]]
                card = EnemyCard(c, (cx - cw / 2, ry, cw, ch), F.enemy_face(c), hits=b["hits"].get(c, 0),
                                 health=edef["health"], defeated=c in b["defeated"],
                                 guarded=state.is_guarded(c), resolved=c in b["resolved"], next_up=c == nxt,
                                 damage=dmg_n if c == dmg_src else None,
                                 labels=(t("rangers.ui.defeated"), t("rangers.ui.next"),
                                         t("rangers.ui.damage_badge", n=dmg_n if dmg_n is not None else 0)))
                w.add(card)
        # guard links
        links.set_links([(centres[g], centres[n]) for g, n in state.guard_links() if g in centres and n in centres])
        if parts:
            self._cyc_parts(state, parts, (gx + gw + 12, gy - 16, 214, top_h - gy - band_min + 8))
        if any("fast" in C.enemy_def[C.enemy_of[c]]["keywords"] for c in b["order"]):
            w.add(Label("label:fast", (gx, gy + nrows * row_step - 14, 260, 16), t("rangers.ui.fast_left"), size=10,
                        colour=(255, 190, 120), layer=8))
        # rangers in the battle (portraits) and their abilities
        rx = W - 290
        w.add(Label("label:rangers", (rx, 48, 270, 16), t("rangers.ui.in_battle"), size=11, colour=(180, 190, 200),
                    layer=8))
        ry = 70
        for r in b["rangers"]:
            seat = d["rseat"][r]
            fig = RangerFigure(f"ranger:{r}", (rx + 26, ry + 22), size=40, colour=F.ranger_colour(r),
                               shape=F.RANGER_SHAPES[r], label=F.short_name(r), lead=r == lead)
            fig.layer = 8
            w.add(fig)
            status = self.ability_status(state, r)
            w.add(Chip(f"ability:{r}", (rx + 60, ry + 4, 130, 26), text=t(f"rangers.ui.chip.{status}"),
                       colour=F.ranger_colour(r), icon="star", used=status in ("used", "auto_done"),
                       armed=status.startswith("armed")))
            st = d["seats"][seat]
            w.add(Label(f"label:r:{r}", (rx + 60, ry + 32, 220, 16),
                        t("rangers.ui.portrait_stats", deck=len(st["deck"]), hand=len(st["hand"])), size=10,
                        colour=(200, 200, 200), layer=8))
            ry += 64
        if lead in b["rangers"] or top.get("t") == "choose_lead":
            ly = 70 + 64 * (b["rangers"].index(lead) if lead in b["rangers"] else 0)
            w.add(Chip("token:lead", (rx + 196, ly + 4, 84, 26), text=t("rangers.ui.lead"), colour=(200, 160, 40),
                       icon="star"))
        # rangers elsewhere (targets of a zord, of a new zord)
        others = [r for st in d["seats"] for r in st["rangers"] if r not in b["rangers"]]
        if others:
            oy = max(ry + 6, top_h - 78)
            w.add(Label("label:elsewhere", (rx, oy, 270, 16), t("rangers.ui.elsewhere"), size=10,
                        colour=(180, 190, 200), layer=8))
            for i, r in enumerate(others):
                fig = RangerFigure(f"ranger:{r}", (rx + 20 + i * 64, oy + 36), size=26, colour=F.ranger_colour(r),
                                   shape=F.RANGER_SHAPES[r], label=F.short_name(r), dim=True)
                fig.layer = 8
                w.add(fig)
        # the bottom band: pool, supply, dice, the card in play, the defence reveals
        by = gy + nrows * row_step + 4
        if parts:
            by = max(by, top_h - band_min + 12)
        band_h = top_h - by
        mid = by + band_h / 2
        pool = SlotToken("pool", (44, mid), size=46, icon="energy", colour=ENERGY_GOLD, count=d["pool"],
                         caption=t("rangers.ui.pool", n=d["pool"]))
        pool.layer = 8
        w.add(pool)
        sup = SlotToken("supply", (112, mid), size=32, icon="energy", colour=(170, 150, 90), count=d["energy_supply"],
                        caption=t("rangers.ui.supply"))
        sup.layer = 8
        w.add(sup)
        dx = 150
        if self._dice:
            cap = t("rangers.ui.last_roll", n=sum(self._dice))
            w.add(Label("label:dice", (dx, by, 240, 16), cap, size=11, colour=(235, 235, 235), layer=8))
            size = 34 if len(self._dice) <= 6 else 26
            for i, v in enumerate(self._dice[:12]):
                row, colm = divmod(i, 6)
                die = CombatDie(f"die:{i}", (dx + 18 + colm * (size + 6), by + 38 + row * (size + 6)), size=size,
                                value=v)
                w.add(die)
        px = dx + 6 * 40 + 6
        played = b["in_play"] or self._played
        shown = b.get("cyc_shown")
        if shown and F.cyc_card_face(shown) is not None:
            pc = CardView(shown, (px, by + 18, 70, 98), F.cyc_card_face(shown))
            pc.layer = 8
            w.add(pc)
            w.add(Label("label:cyc_shown", (px - 4, by + 2, 84, 16), t("rangers.ui.cyc_card"), size=10,
                        colour=(255, 190, 150), layer=8))
            px += 80
            played = None if played == shown else played
        if played:
            cid = played if b["in_play"] else f"played:{played}"
            pc = CardView(cid, (px, by + 18, 70, 98), F.face_for(played))
            pc.layer = 8
            w.add(pc)
            w.add(Label("label:played", (px - 4, by + 2, 84, 16), t("rangers.ui.played"), size=10,
                        colour=(200, 200, 200), layer=8))
        qx = px + 84
        if self._reveals:
            who = F.short_name(self._damage_to) if self._damage_to else ""
            w.add(Label("label:defence", (qx, by + 2, rx - qx - 6, 16), t("rangers.ui.defence", ranger=who), size=10,
                        colour=(200, 200, 200), layer=8))
            shown = self._reveals[-3:]
            step = min(62, (rx - qx - 8) / max(1, len(shown)))
            seen = set()
            for i, (card, shields, n, outcome) in enumerate(shown):
                cid = f"reveal:{card}"
                if cid in seen:
                    continue
                seen.add(cid)
                rc = CardView(cid, (qx + i * step, by + 18, step - 6, (step - 6) * 1.4), F.combat_face(card))
                rc.layer = 8
                w.add(rc)
                text = t("rangers.ui.reveal_line", s=shields, n=n)
                if outcome:
                    text += " " + t(f"rangers.ui.reveal.{outcome}")
                w.add(Label(f"label:{cid}", (qx + i * step - 2, by + 20 + (step - 6) * 1.4, step, 28), text,
                            size=9, wrap=True, colour=(235, 235, 235), layer=8))

    def _cyc_parts(self, state, parts: list, rect) -> None:
        """Cyclopsis's six parts in their body layout: each a target with its hit tokens."""
        d, C, w = state.d, self.C, self.world
        cyc = d["cyc"]
        x, y, bw, bh = rect
        w.add(Label("label:cyc", (x, y, bw, 14), t("rangers.ui.cyc_parts"), size=10, colour=(180, 190, 200), layer=8))
        cols = 1 + max(C.cyc["parts"][p]["pos"][0] for p in parts)
        rows = 1 + max(C.cyc["parts"][p]["pos"][1] for p in parts)
        cell_w, cell_h = bw / cols, (bh - 16) / rows
        ch = min(cell_h - 6, (cell_w - 6) * 1.4)
        cw = ch / 1.4
        health_of = getattr(state, "_cyc_health", None)
        for pid in parts:
            col, row = C.cyc["parts"][pid]["pos"]
            down = pid in cyc["down"]
            health = health_of(pid) if health_of else C.cyc["parts"][pid]["health"]
            cx = x + col * cell_w + cell_w / 2
            cy = y + 16 + row * cell_h + cell_h / 2
            view = EnemyCard(pid, (cx - cw / 2, cy - ch / 2, cw, ch), F.cyc_part_face(pid, health, down),
                             hits=cyc["hits"].get(pid, 0), health=health, defeated=down and b_mode(state) == "fight",
                             labels=(t("rangers.ui.defeated"), t("rangers.ui.next"), ""))
            w.add(view)

    # battle steps the header names by themselves (the others are the rangers' or the enemy's turn)
    BATTLE_STEPS = ("order", "topdeck", "choose_enemy", "drain", "drain_discard", "discard_highest", "choose_lead",
                    "cleanup", "summon", "cyc_place", "cyc_xp", "cyc_split", "cyc_turn", "cyc_reveal", "cyc_bottom")

    def defeated_cards(self, state, foe: str) -> int:
        """A monster's or boss's cards defeated so far: its discard pile and, in the battle going on, its
        cards already defeated there (they reach the discard pile at the battle's end)."""
        d, C = state.d, self.C
        n = len(d["ediscard"].get(foe, ()))
        b = d["battle"]
        if b is not None:
            n += sum(1 for c in b["defeated"] if C.enemy_deck.get(c) == foe and c not in d["ediscard"].get(foe, ()))
        return n

    def _battle_status(self, state, top: dict) -> str:
        d, C = state.d, self.C
        b = d["battle"]
        parts = []
        L = d["locs"][b["loc"]]
        for foe in L["big"]:
            need = C.comp["monster_defeat"] if C.foe_kind[foe] == "monster" else C.comp["boss_defeat"]
            parts.append(t("rangers.ui.big_progress", foe=F.foe_name(foe), n=self.defeated_cards(state, foe), need=need))
        kind = top.get("t")
        step = f"rangers.ui.bstep.{'cyc' if kind and kind.startswith('cyc_') else kind}"
        if kind in ("prep_draw", "fs_select") or (kind in self.BATTLE_STEPS and (has(step) or has(step, "en"))):
            parts.insert(0, t(step))
        elif kind in ("enemy_prep", "battle_start", "trigger") and not b["resolved"] and not any(b["hits"].values()):
            parts.insert(0, t("rangers.ui.preparing"))
        elif kind == "react":
            ai = self.session is not None and self.bot_to_move()     # never "you" in an AI step
            parts.insert(0, t("rangers.ui.reaction_window_ai" if ai else "rangers.ui.reaction_window"))
        elif kind == "damage":
            ai = self.session is not None and self.bot_to_move()
            parts.insert(0, t("rangers.ui.assign_damage_ai" if ai else "rangers.ui.assign_damage"))
        else:
            parts.insert(0, t("rangers.ui.turn_enemy") if b["next"] == "enemy" and kind != "ranger_turn"
                         else t("rangers.ui.turn_rangers"))
        if b["bonus_dice"]:
            parts.append(t("rangers.ui.bonus_dice", n=b["bonus_dice"]))
        if b["reroll"]:
            parts.append(t("rangers.ui.reroll_ready"))
        for r in b["rangers"]:
            if self.ability_status(state, r) == "armed_double":
                parts.append(t("rangers.ui.armed_double", name=F.short_name(r)))
        return " · ".join(parts)

    # ------------------------------------------------------------------ the recover tray
    def _tray(self, state, task: dict) -> None:
        d, C, g, w = state.d, self.C, self.geo, self.world
        seat = task["seat"]
        st = d["seats"][seat]
        used = sum(C.card_def[C.card_of[c]]["shields"] for c in task["picked"])
        room = task["limit"] - used
        title = t("rangers.ui.tray_title", who=self.seat_name(seat), room=room, limit=task["limit"])
        w.add(Panel("tray", (0, 0, g["map_w"], g["top_h"]), title=title, fill=(16, 22, 30, 255), line=(120, 200, 160),
                    layer=6, icon="shield"))
        ai = self.session is not None and self.bot_to_move()
        helper = "rangers.ui.tray_help_ai" if ai else "rangers.ui.tray_help"
        w.add(Label("label:tray", (10, 26, g["map_w"] - 20, 34), t(helper), size=11, wrap=True,
                    colour=(200, 220, 210), layer=8))
        cards = list(st["discard"])
        if not cards:
            w.add(Label("label:tray_empty", (12, 80, g["map_w"] - 24, 24), t("rangers.ui.tray_empty"), size=14,
                        colour=(220, 220, 220), layer=8))
        per_row = max(1, int((g["map_w"] - 20) // 92))
        for i, c in enumerate(cards):
            r, k = divmod(i, per_row)
            card = CardView(c, (12 + k * 92, 66 + r * 128, 84, 118), F.combat_face(c))
            card.layer = 7
            w.add(card)
            if c in task["picked"]:
                w.add(Label(f"label:picked:{c}", (12 + k * 92, 66 + r * 128 + 48, 84, 22), t("rangers.ui.picked"),
                            size=11, bold=True, align="center", plate=(40, 120, 80, 230), layer=8))

    # ================================================================== input helpers
    def is_table_move(self, action: Action) -> bool:
        if action.kind == "act":
            # "X acts": a click on X's panel; a button only when X has no move of its own offered
            return any(p == action for p in getattr(self, "_merged", {}).values())
        if action.kind in self.END_KINDS or action.kind in BUTTON_TOO or action.source is None:
            return False
        src = self.world.get(action.source)
        if src is None or not src.visible:
            return False
        if action.target is None:
            return True
        tgt = self.world.get(action.target)
        return tgt is not None and tgt.visible

    def _handle_table_input(self, event) -> None:
        """A press on an AI teammate's piece (ranger, card, deck, token, ability, zord) says whose it is
        instead of doing nothing; everything else goes to the kit."""
        import pygame

        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.drag.busy
                and not self.animator.busy and self.camera.viewport.collidepoint(event.pos)):
            wp = self.camera.to_world(event.pos)
            if self.drag._source_under(wp) is None:
                for view in self.world.views_at(wp):
                    if view.cid.startswith("seat:"):
                        continue
                    seat = self.piece_seat(view.cid)
                    if self.is_ai_seat(seat):
                        self.toast(t("rangers.ui.ai_piece", name=self.plain_seat_name(seat)), "error")
                        return
                    if seat is not None:
                        break
        super()._handle_table_input(event)

    def _on_drag_result(self, result) -> None:
        # a plain click on a ranger offers "recover" in a small menu instead of spending the token at once
        if result.kind == "apply" and result.target is None and result.action is not None and \
                result.action.kind == "recover":
            self.open_choice(result.actions, result.source)
            self.refresh_highlights()
            return
        super()._on_drag_result(result)

    def refresh_highlights(self) -> None:
        super().refresh_highlights()
        # a reaction window: the eligible cards glow even with hints switched off
        if self.session is not None and not self.state.is_over() and not self.drag.dragging:
            top = self.state.d["stack"][-1] if self.state.d["stack"] else None
            if top is not None and top["t"] in ("react", "damage"):
                for a in self.input_actions():
                    if a.kind in ("react", "assign_damage"):
                        v = self.world.get(a.source)
                        if v is not None and v.highlight is None:
                            v.highlight = "source"

    # ================================================================== words
    def _rname(self, cid: str | None) -> str:
        if cid and cid.startswith("ranger:"):
            return F.short_name(_lid(cid))
        return ""

    def _enemy_label(self, cid: str) -> str:
        b = self.state.d["battle"]
        name = F.card_name(cid)
        if b is not None:
            for ri, row in enumerate(b["rows"]):
                if cid in row:
                    return t("rangers.ui.enemy_at", card=name, row=t(f"rangers.ui.row_short{ri}"), n=row.index(cid) + 1)
        return name

    def _target_label(self, cid: str | None) -> str:
        if cid is None:
            return ""
        if cid == "pool":
            return t("rangers.ui.pool_target")
        if cid.startswith("ranger:"):
            return self._rname(cid)
        if cid.startswith("loc:"):
            return F.loc_name(_lid(cid))
        if cid in self.C.enemy_of:
            return self._enemy_label(cid)
        if cid.startswith("cyc:"):
            return t(f"rangers.cyc.part.{cid[4:]}.name")
        return cid

    def describe_action(self, action: Action) -> str:
        k = action.kind
        C = self.C
        src, tgt = action.source, action.target
        p = dict(action.params)
        if k == "deploy":
            return t("rangers.ui.act.deploy")
        if k == "move":
            return t("rangers.ui.act.move", ranger=self._rname(src), loc=self._target_label(tgt))
        if k == "battle":
            return t("rangers.ui.act.battle", ranger=self._rname(src), loc=self._target_label(tgt))
        if k == "recover":
            key = "rangers.ui.act.recover_team" if p.get("token") == "team" else "rangers.ui.act.recover"
            return t(key, who=self.seat_name(self.state.d["rseat"][_lid(src)]))
        if k == "end_actions":
            return t("rangers.ui.act.end_actions")
        if k == "act":
            return t("rangers.ui.act.act", **self.who(int(src.split(":")[1])))
        if k == "team_act":
            return t("rangers.ui.act.team_act")
        if k == "hand_back":
            return t("rangers.ui.act.hand_back")
        if k == "power_up":
            return t("rangers.ui.act.power_up", who=self.seat_name(self.state.d["rseat"][_lid(src)]))
        if k == "decline":
            return t("rangers.ui.act.decline")
        if k == "pick":
            cdef = C.card_def[C.card_of[src]]
            return t("rangers.ui.act.pick", card=F.card_name(src), n=cdef["shields"])
        if k == "recover_done":
            return t("rangers.ui.act.recover_done")
        if k == "draw":
            return t("rangers.ui.act.draw", **self.who(int(src.split(":")[1])))
        if k == "draw_up":
            return t("rangers.ui.act.draw_up", **self.who(int(src.split(":")[1])), n=p.get("n", 0))
        if k == "draw_team":
            return t("rangers.ui.act.draw_team")
        if k == "ready":
            opening = self.state.d["stack"] and self.state.d["stack"][-1]["t"] == "opening_draw"
            return t("rangers.ui.act.ready_opening" if opening else "rangers.ui.act.ready")
        if k == "fight":
            parts = [t("rangers.ui.fight_part", n=p.get(ft, 0), foe=F.foe_short(ft)) for ft in C.fs_types]
            return t("rangers.ui.act.fight", what=t("rangers.ui.and_words").join(parts))
        if k == "resolve_first":
            kind = src.split(":")[1]
            key = f"rangers.trigger.{kind}"
            name = t(key) if has(key) or has(key, "en") else t("rangers.ui.trigger_other")
            if kind == "ability":
                name += " (" + F.short_name(src.split(":")[2]) + ")"
            return t("rangers.ui.act.resolve_first", what=name)
        if k == "target":
            return t("rangers.ui.act.target", ranger=self._rname(src), card=self._target_label(tgt))
        if k == "topdeck":
            return t("rangers.ui.act.topdeck", card=F.card_name(src))
        if k == "play":
            card = F.card_name(src)
            if tgt == "pool":
                text = t("rangers.ui.act.play_pool", card=card)
            else:
                text = t("rangers.ui.act.play", card=card, target=self._target_label(tgt))
            if "x" in p:
                text += " " + t("rangers.ui.act.x", x=p["x"])
            # the boost is what tells the two plays of one card apart: it comes first
            if p.get("boost") == 1:
                text = t("rangers.ui.act.with_boost", play=text)
            elif p.get("boost") == 0:
                text = t("rangers.ui.act.without_boost", play=text)
            return text
        if k == "ability":
            r = _lid(src)
            if tgt and tgt != "pool":
                return t("rangers.ui.act.ability_on", ranger=F.short_name(r), card=self._target_label(tgt))
            return t("rangers.ui.act.ability", ranger=F.short_name(r))
        if k == "give_energy":
            return t("rangers.ui.act.give_energy", who=self.seat_name(int(src.split(":")[1])))
        if k == "spend_action":
            return t("rangers.ui.act.spend_action", who=self.seat_name(int(src.split(":")[1])))
        if k == "pass":
            top = self.state.d["stack"][-1] if self.state.d["stack"] else {}
            return t("rangers.ui.act.pass_react" if top.get("t") == "react" else "rangers.ui.act.pass")
        if k == "react":
            return t("rangers.ui.act.react", card=F.card_name(src), target=self._target_label(tgt))
        if k == "assign_damage":
            top = self.state.d["stack"][-1] if self.state.d["stack"] else {}
            return t("rangers.ui.act.assign_damage", ranger=self._rname(tgt), n=top.get("n", "?"))
        if k == "drain_energy":
            return t("rangers.ui.act.drain_energy", who=self.seat_name(int(src.split(":")[1])))
        if k == "discard":
            return t("rangers.ui.act.discard", card=F.card_name(src))
        if k == "lead":
            return t("rangers.ui.act.lead", ranger=self._rname(tgt))
        if k == "take_energy":
            return t("rangers.ui.act.take_energy", **self.who(int(tgt.split(":")[1])))
        if k == "assign_zord":
            return t("rangers.ui.act.assign_zord", zord=t(f"rangers.zord.{_lid(src)}.name"), ranger=self._rname(tgt))
        if k == "slide":
            _, ftype, lid = src.split(":")
            return t("rangers.ui.act.slide", foe=F.foe_short(ftype), loc=F.loc_name(lid))
        if k == "cyc_place":
            return t("rangers.ui.act.cyc_place", loc=self._target_label(tgt))
        if k == "cyc_xp":
            return t("rangers.ui.act.cyc_xp", foe=F.foe_short(src.split(":", 1)[1]))
        if k == "split_damage":
            return t("rangers.ui.act.split_damage", ranger=self._rname(tgt), n=p.get("n", 0))
        if k == "bottom":
            return t("rangers.ui.act.bottom", card=F.card_name(src))
        if k == "zord":
            zid = _lid(src)
            name = t(f"rangers.zord.{zid}.name")
            if tgt == "pool" or tgt is None:
                return t("rangers.ui.act.zord", zord=name)
            if tgt.startswith("loc:") and p.get("foe"):
                return t("rangers.ui.act.zord_capture", zord=name, foe=F.foe_short(p["foe"]),
                         loc=self._target_label(tgt))
            return t("rangers.ui.act.zord_on", zord=name, target=self._target_label(tgt))
        return super().describe_action(action)

    def glossary(self, cid: str) -> list[str]:
        r = self._character_of(cid)
        if r is not None:
            seat = self.state.d["rseat"][r]
            return [t(f"rangers.ui.ability_state.{self.ability_status(self.state, r)}", name=F.short_name(r)),
                    t("rangers.ui.gloss.hand_size", n=self._hand_size(self.state, seat)),
                    t("rangers.ui.gloss.stored", n=self.state.d["seats"][seat]["energy"]),
                    t("rangers.ui.gloss.char_keys")]
        if cid.startswith("dshow:"):
            card = cid[len("dshow:"):]
            entry = next((e for e in self._deployed if e["card"] == card), None)
            info = self.C.deploy_cards.get(card, {})
            lines = F.glossary_lines(card)
            if entry is not None and entry.get("loc"):
                lines.append(t("rangers.ui.gloss.dep_went", i=self._deployed.index(entry) + 1,
                               loc=F.loc_name(entry["loc"])))
            lines.append(t("rangers.ui.gloss.dep_under" if info.get("figures", 0) > 0 else "rangers.ui.gloss.dep_out"))
            return lines
        return F.glossary_lines(cid)

    def card_face(self, cid: str):
        view = self.world.get(cid)
        if view is None:
            return None
        r = self._character_of(cid)
        if r is not None:
            return self.character_face(r)
        if cid.startswith("dshow:"):
            return F.face_for(cid[len("dshow:"):])
        if isinstance(view, PileView):
            return view.top if view.face_up else None
        if isinstance(view, CardView):
            return F.face_for(cid) if view.face_up else None
        return None

    # ================================================================== character cards
    def _character_of(self, cid: str | None) -> str | None:
        """The ranger whose character card a piece opens: its figure, its battle ability chip, the chip
        on its seat's panel."""
        if self.session is None or not cid:
            return None
        kind, _, r = cid.partition(":")
        return r if kind in ("ranger", "ability", "char") and r in self.state.d["rseat"] else None

    def ability_status(self, state, r: str) -> str:
        """What ranger ``r``'s ability is doing now, read from the state the table shows: ``idle``
        (outside a battle), ``ready``, ``armed_double`` / ``armed_reroll`` (used, its effect waits for
        the next card or attack), ``used``; a battle-start ability is ``auto`` / ``auto_done``."""
        d = state.d
        ab = self.C.rangers[r]["ability"]
        b = d["battle"]
        fighting = b is not None and r in b["rangers"]
        if ab["when"] == "battle_start":
            if not fighting:
                return "auto"
            return "auto" if any(task.get("t") == "battle_start" for task in d["stack"]) else "auto_done"
        if not fighting:
            return "idle"
        if r not in b["used"]:
            return "ready"
        eff = ab["effects"][0]
        if eff["op"] == "double_play" and b.get("double") == d["rseat"][r]:
            return "armed_double"
        if eff["op"] == "next_attack" and eff.get("reroll") and b.get("reroll"):
            return "armed_reroll"
        return "used"

    def character_face(self, r: str):
        state = self.state
        seat = state.d["rseat"][r]
        status = t(f"rangers.ui.ability_state.{self.ability_status(state, r)}", name=F.short_name(r))
        return F.character_face(r, self._hand_size(state, seat), state.d["seats"][seat]["energy"], status)

    def open_character_card(self, seat: int | None = None) -> bool:
        """The keyboard's way to the character cards: the board of ``seat`` (by default the seat to
        act, else the person's first), its rangers' character cards in it."""
        if self.session is None or self.blocked:
            return False
        seats = self.state.d["seats"]
        if seat is None:
            cur = self.current_seat()
            humans = self.session.human_seats()
            seat = cur if cur is not None else (humans[0] if humans else 0)
        if not 0 <= seat < len(seats):
            return False
        board = self.seat_board(f"seat:{seat}")
        if board is None:
            return False
        self.open_board(board)
        return True

    def _handle_key(self, event) -> bool:
        import pygame

        if not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META | pygame.KMOD_ALT):
            if event.key == pygame.K_c:
                return self.open_character_card()
            if pygame.K_1 <= event.key <= pygame.K_6:
                return self.open_character_card(event.key - pygame.K_1)
        return super()._handle_key(event)

    # ================================================================== the prompt
    AI_DOING = {"actions": "who", "ranger_turn": "who", "seat_actions": "action", "choose_enemy": "target",
                "prep_draw": "draw", "react": "react", "damage": "damage", "recover": "recover",
                "power_up": "power_up", "fs_select": "fight", "order": "order", "topdeck": "topdeck",
                "drain": "drain", "drain_discard": "discard", "discard_highest": "discard", "cleanup": "energy",
                "summon": "zord", "choose_lead": "lead", "deploy_phase": "deploy", "opening_draw": "opening"}

    def bot_doing(self, seat: int) -> str:
        """What the AI teammate ``seat`` is deciding now, in the third person ("Billy (AI) is choosing
        a target…")."""
        top = self.state.d["stack"][-1] if self.state.d["stack"] else {}
        kind = top.get("t")
        what = self.AI_DOING.get(kind)
        if kind == "ranger_turn" and "seat" in (top.get("only") or {}):
            what = "card"
        key = f"rangers.ui.doing.{what}"
        if what and (has(key) or has(key, "en")):
            return t(key, name=self.seat_name(seat))
        return t("table.thinking", name=self.seat_name(seat))

    def bot_last_step(self, seat: int) -> str:
        """What ``seat`` just did; choosing who acts is not a step worth repeating (the line under it
        says what the chosen seat now decides)."""
        if self.session is not None and self.session.steps and self.session.steps[-1].action.kind == "act":
            return ""
        return super().bot_last_step(seat)

    def bot_banner_text(self) -> str:
        seat = self.current_seat()
        last = self.bot_last_step(seat)
        name = self.seat_name(seat)
        if last and name in last:               # the log line names the seat already: no "Billy: Billy …"
            return last
        return t("table.bot.did", name=name, what=last) if last else self.bot_doing(seat)

    def prompt_text(self) -> str:
        state = self.state
        if state.is_over():
            return t(state.result().reason, **state.result().reason_params) if state.result() else ""
        if self.session is not None and self.bot_to_move():
            return self.bot_doing(state.current_seat())       # an AI teammate's step: never "you"
        d = state.d
        top = d["stack"][-1] if d["stack"] else {}
        kind = top.get("t")
        key = f"rangers.ui.prompt.{kind}"
        params = {"round": d["round"], "pool": d["pool"]}
        if kind == "actions":
            params["n"] = sum(st["actions"] for st in d["seats"]) + d["team_tokens"]
        elif kind == "deploy_phase":
            params["n"] = state.deployments_this_round()
        elif kind == "damage":
            params.update(card=F.card_name(top["src"]) if top.get("src") else "", n=top.get("n", 0))
        elif kind == "react":
            ctx = d["ctxs"].get(top.get("ctx"), {}) if top.get("ctx") else {}
            if top.get("trigger") == "damage":
                key = "rangers.ui.prompt.react_damage"
                dmg = d["stack"][top["idx"]] if top.get("idx") is not None and top["idx"] < len(d["stack"]) else {}
                params.update(ranger=F.short_name(ctx.get("ranger", "")) if ctx.get("ranger") else "",
                              n=dmg.get("n", 0) if isinstance(dmg, dict) else 0)
            else:
                key = "rangers.ui.prompt.react_attack"
        elif kind == "choose_enemy":
            params.update(ranger=F.short_name(top.get("ranger", "")) if top.get("ranger") else "", n=top.get("n", 0))
            if top.get("mode") == "attack":
                key = "rangers.ui.prompt.choose_enemy_attack"
        elif kind == "recover":
            params.update(who=self.seat_name(top["seat"]))
        elif kind == "drain":
            params.update(n=top.get("n", 0))
        elif kind == "seat_actions":
            params.update(who=self.seat_name(top["seat"]), n=d["seats"][top["seat"]]["actions"])
        if has(key) or has(key, "en"):
            text = t(key, **params)
            if any(a.kind == "team_act" for a in state.legal_actions()):
                text += " " + t("rangers.ui.prompt.or_team")
            return text
        decision = state.pending()
        return t(decision.prompt, **decision.args) if decision is not None else ""

    def refresh(self) -> None:
        panel = self.panel
        if panel is None:
            super().refresh()
            return
        # the base writes the engine's prompt and turn line; ours replace them (one text rebuild, not two)
        panel.set_prompt = panel.set_turn = lambda *args: None
        try:
            super().refresh()
        finally:
            del panel.set_prompt, panel.set_turn
        if self.session is not None:
            if not self.bot_to_move() or self.state.is_over():
                self.panel.set_prompt(self.prompt_text())
            if self.state.is_over():
                self.panel.set_turn(t("table.game_over"))
            else:
                d = self.state.d
                deploying = bool(d["stack"]) and d["stack"][-1]["t"] == "deploy_phase"
                phase = "battle" if d["battle"] is not None else ("deploy" if deploying else "actions")
                if d["round"] == 0:
                    phase = "setup"                     # the opening draw, before the first round
                line = t("rangers.ui.turn_line", round=d["round"], phase=t(f"rangers.ui.phase.{phase}"))
                if phase == "setup":
                    line = t("rangers.ui.turn_line_setup")
                if self.bot_to_move():
                    seat = self.current_seat()
                    self.panel.set_prompt(self.bot_doing(seat), self.bot_last_step(seat))
                    line = t("rangers.ui.turn_line_ai", line=line, name=self.seat_name(seat))
                self.panel.set_turn(line)

    # ================================================================== events: log, dice, reveals
    def log_line(self, event) -> str:
        key = event.key
        if key.startswith("rangers.ev."):
            alt = "rangers.log." + key[len("rangers.ev."):]
            if has(alt) or has(alt, "en"):
                params = dict(event.params)
                seat = params.get("seat")
                if isinstance(seat, int) and self.session is not None and 0 <= seat < len(self.state.d["seats"]):
                    params.update(self.who(seat))
                src = event.source or ""
                if src in self.C.card_of or src in self.C.enemy_of:
                    params.setdefault("card", F.card_name(src))
                if isinstance(params.get("faces"), (list, tuple)):
                    faces = params["faces"]
                    params["faces"] = t("rangers.ui.face_sep").join(t(f"rangers.ui.face.{min(2, int(f))}")
                                                                    for f in faces)
                    params["sum"] = sum(int(f) for f in faces)
                return t(alt, **params) + self._cause(event)
        return t(event.key, **event.params) + self._cause(event)

    @staticmethod
    def _cause(event) -> str:
        if not event.cause:
            return ""
        cause = t(event.cause, **event.cause_params)
        # our cause sentences already say "because ...": do not say it twice
        if cause.lower().startswith("because"):
            return " — " + cause
        return t("log.because", cause=cause)

    def _note_events(self, events) -> None:
        for e in events:
            k = e.key[len("rangers.ev."):] if e.key.startswith("rangers.ev.") else e.key
            if k == "deployment_phase":
                self._deploy_pending = True      # its cards come off the deck one by one (sync finds them)
            elif k == "battle_started":
                self._dice, self._reveals, self._played, self._damage_to = [], [], None, None
            elif k in ("dice_rolled", "dice_rerolled"):
                self._dice = [int(f) for f in e.params.get("faces", [])]
                self._roll_pending = True
            elif k in ("card_played", "reaction_played"):
                self._played = e.source
            elif k == "damage_taken":
                self._reveals = []
                self._damage_to = _lid(e.target) if e.target else None
            elif k == "defence_revealed":
                self._reveals.append([e.source, e.params.get("shields", 0), e.params.get("n", 0), None])
            elif k in ("defence_held", "defence_discarded", "defence_saved") and self._reveals:
                self._reveals[-1][3] = k.split("_")[1]

    def _rebuild_memory(self) -> None:
        self._dice, self._reveals, self._played, self._damage_to = [], [], None, None
        if self.session is None:
            return
        for step in self.session.steps[-60:]:
            self._note_events(step.events)
        self._roll_pending = False
        self._deploy_pending = False

    def note_events(self, events: list) -> None:
        self._note_events(events)

    def after_animations_queued(self, events: list) -> None:
        if self._deploy_pending:
            self._deploy_pending = False
            self._queue_deployment()
        if self._roll_pending:
            self._roll_pending = False
            secs = self.animation_seconds()
            if secs > 0:
                for v in self.world.all():
                    if isinstance(v, CombatDie):
                        v.roll(v.value, max(0.4, secs * 2))

    def _take_back(self, redo: bool) -> None:
        super()._take_back(redo)
        self._rebuild_memory()
        self._resync()
        self.refresh()

    def update(self, dt: float) -> None:
        # a scenario's story window over the table holds the deployment's cards until it is dismissed
        # (they are shown one by one: nobody should miss them behind the window)
        story = self.story_box
        if (story is not None and story.alive() and self.animator.busy
                and any(a.cid.startswith("dshow:") for a in self.animator.queue)):
            dt = 0.0
        super().update(dt)

    def enter(self, session=None, **args) -> None:
        self.session = session
        self._rebuild_memory()
        super().enter(session=session, **args)
