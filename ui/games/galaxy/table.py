"""The Galaxy Hunters table: the star map, the markets, the round and reputation tracks, every seat's
mech board — and, before round 1, the draft as a screen of its own.

World layout: ``layout.py``. Everything follows the state, so ``sync`` builds it all (like the Misfit
Heroes table). Which seat's board is large follows ``viewer_seat`` (hot seat works with the pass
screen); the others are compact and still show every number.

Input (the engine decides; the table only matches what the person does to ``legal_actions()``):
  * a ship from your home bay onto a dock, your mech onto a planet's art or a Uran spot, a market tile
    onto your mech board (or a slot, to replace when full), your DNA onto a mission: drag and drop;
    the targets glow, a refused drop shows the engine's reason;
  * a card that goes to your board (pilot upgrade, specialist, mission) and a weapon in a fight: a
    click on it (dragging it onto your board works too);
  * planet options, the repair mix, resources, skip / end turn: side-panel buttons.
The table renames a few targets for display (``input_actions``) and maps them back before applying.
"""
from __future__ import annotations

import pygame

from gamecore.engine import Action
from gamecore.galaxy.content import content
from ui.i18n import has, t
from ui.table.animator import Anim
from ui.table.cardface import CardFace
from ui.table.scene import TableScene

from . import faces, layout as L
from .views import (PILOT_X, DisplayCardView, DockView, MutantPileView, MutantView, PieceView, PlanetView, RepTrackView,
                    RoundBox, RoundTrackView, SeatBoard, SeatBoardView, SectionView, SlotView, StarMapView, TileView,
                    UranView, place)
from .combat import CombatView
from .draft import build_draft
from .faces import kind_of
from .pieces import BoardTarget, DnaToken, Frame, ShipsAtHome, SpotView

CLICK_KINDS = ("pick_mech", "pick_pilot", "take_upgrade", "hire", "take_mission", "buy_mission", "fire", "flip", "recall")
BOARD_TARGET = "board:{seat}"           # the mech board as a drop target for a new tile
SLOT = (66, 52)
SLOT_STEP = (70, 56)


class GalaxyTable(TableScene):
    END_KINDS = ("end_turn", "done")
    HINT_BOT = "easy"
    TABLE_COLOUR = (14, 18, 32)

    def __init__(self, app):
        super().__init__(app)
        self._shown: dict = {}            # displayed action -> the engine's action
        self._shown_token = -1
        self._homes: dict[str, tuple] = {}
        self._last_strike = None
        self._drafting: bool | None = None
        # where each of a seat's tiles shows on its 3×3 board (engine slot index -> board position):
        # the rules let tiles be rearranged (R21), so the engine keeps a plain list and a tile dropped
        # on an empty square shows on that square
        self._slot_pos: dict[int, list[int]] = {}
        self.geo: L.Geometry | None = None

    # ================================================================== names
    def seat_name(self, seat: int) -> str:
        if self.session is None or seat is None:
            return t("table.seat", n=(seat or 0) + 1)
        s = self.session.seats[seat]
        if s.is_bot:
            return t("galaxy.ui.seat_bot", n=seat + 1, level=t(f"bot.{s.level}"))
        if len(self.session.human_seats()) == 1:
            return t("galaxy.ui.seat_you", n=seat + 1)
        return t("table.seat", n=seat + 1)

    def me(self) -> int:
        seat = self.viewer_seat()
        return 0 if seat is None else seat

    # ================================================================== input: shown actions
    def input_actions(self) -> list[Action]:
        real = super().input_actions()
        if self._shown_token != self.token:
            self._shown = {}
            self._shown_token = self.token
        out = []
        clicks: set = set()
        for a in real:
            shown = a
            if a.kind == "buy_tile" and a.target and a.target.startswith("mech:"):
                seat = int(a.target.split(":")[1])
                shown = Action(a.kind, a.source, BOARD_TARGET.format(seat=seat), a.params)
                # each empty square of the board takes the drop too: the tile shows where it was dropped
                for j in range(len(self.state.p[seat]["tiles"]), content().setup["mech_slots"]):
                    square = Action(a.kind, a.source, f"slot:{seat}:{j}", a.params)
                    out.append(square)
                    self._shown[square] = a
            out.append(shown)
            self._shown[shown] = a
            if a.kind == "place_mech" and a.target.startswith("uran:"):
                # Uran's mutant is chosen by clicking its tile
                tile = self.state.uran[int(a.target.split(":")[1])]
                click = Action(a.kind, tile, None, a.params)
                out.append(click)
                self._shown[click] = a
            if a.kind in CLICK_KINDS and a.target is not None:
                # a click on the piece does it too (when one action only answers that click)
                click = Action(a.kind, a.source, None, a.params)
                if click in clicks:
                    continue
                clicks.add(click)
                out.append(click)
                self._shown.setdefault(click, a)
        return out

    def apply_action(self, action: Action) -> bool:
        real = self._shown.get(action, action)
        if real.kind == "buy_tile" and real.target.startswith("mech:") and action.target.startswith("slot:"):
            seat, j = (int(x) for x in action.target.split(":")[1:])
            n = len(self.state.p[seat]["tiles"])
            positions = self._slot_positions(self.state, seat)
            self._slot_pos[seat] = positions[:n] + [positions[j]]
        return super().apply_action(real)

    def _slot_positions(self, state, seat: int) -> list[int]:
        """Board position of every slot index: the seat's tiles where they were dropped (else the
        first free squares), then the empty squares in order."""
        slots = content().setup["mech_slots"]
        n = len(state.p[seat]["tiles"])
        kept = [q for q in self._slot_pos.get(seat, [])[:n] if 0 <= q < slots]
        if len(set(kept)) != len(kept):
            kept = []
        free = [q for q in range(slots) if q not in kept]
        return kept + free

    def is_table_move(self, action: Action) -> bool:
        if action.kind in ("buy_tile",):
            return self.world.get(action.source) is not None
        if action.kind in CLICK_KINDS:
            return self.world.get(action.source) is not None
        return super().is_table_move(action)

    def _explain(self, source, target):
        if target and target.startswith("board:"):
            target = "mech:" + target.split(":")[1]
        elif target and target.startswith("mech:") and source != target:
            # a drop on another mech standing on a planet or at Uran is a drop on that place
            seat = int(target.split(":")[1])
            state = self.state
            if seat in state.uran_mechs:
                target = "art:uran"
            else:
                target = next((f"art:{pid}" for pid, s in state.art.items() if s == seat), target)
        return self.state.explain(source, target)

    # ================================================================== wording
    def describe_action(self, action: Action) -> str:
        k = action.kind
        if k == "option":
            where = (action.target or "").split(":")[-1]          # the engine's target is "art:<planet>"
            planet = content().planets.get(where)
            if planet is not None:
                i = action.get("index")
                return t("galaxy.ui.act.option", planet=faces.name("planet", where),
                         text=faces.option_text([planet["effect"][i]]))
        if k == "repair":
            parts = [t(f"galaxy.ui.adds.{c}", n=action.get(c)) for c in ("armour", "ammo", "energy") if action.get(c)]
            return t("galaxy.ui.act.repair", mix=" ".join(parts) or "—")
        if k == "take_resource":
            return t("galaxy.ui.act.take_resource", what=faces.resource(action.get("what")))
        if k == "fire":
            seat, slot = action.source.split(":")[1:]
            tile_id = self.state.p[int(seat)]["tiles"][int(slot)]
            tile = content().tiles[kind_of(tile_id)]
            return t("galaxy.ui.act.fire", weapon=faces.name("tile", kind_of(tile_id)), attack=tile["attack"],
                     cost=faces.tile_stats(tile).split(" · ")[-1] if (tile["ammo"] or tile["energy"]) else "—")
        if k == "place_ship":
            where = action.target.split(":")[1]
            name = t(f"galaxy.ui.dock.{where}") if where in ("repair", "recall") else faces.name("planet", where)
            key = "galaxy.ui.act.place_ship_scout" if action.get("scout") else (
                "galaxy.ui.act.place_ships" if action.get("ships", 1) > 1 else "galaxy.ui.act.place_ship")
            return t(key, planet=name)
        if k == "place_mech":
            kind, where = action.target.split(":")
            if kind == "uran":
                tile = self.state.uran[int(where)]
                return t("galaxy.ui.act.mech_uran", mutant=faces.name("species", self.state.species_of(tile)["id"]))
            return t("galaxy.ui.act.mech_planet", planet=faces.name("planet", where))
        if k == "buy_tile":
            kind = action.source.split(":")[1]
            seat, _, index = (action.target or "").partition(":")[2].partition(":")
            tiles = self.state.p[int(seat)]["tiles"] if seat.isdigit() else []
            if (action.target or "").startswith("slot:") and index.isdigit() and int(index) < len(tiles):
                old = tiles[int(index)]
                return t("galaxy.ui.act.replace_tile", tile=faces.name("tile", kind), old=faces.name("tile", kind_of(old)))
            return t("galaxy.ui.act.buy_tile", tile=faces.name("tile", kind))
        if k in ("take_upgrade", "hire", "take_mission", "buy_mission", "flip"):
            return t(f"galaxy.ui.act.{k}", card=self.card_name(action.source), **{
                p: (faces.resource(v) if p in ("give", "take") and v in faces.RESOURCE_IDS else v)
                for p, v in action.params})
        if k == "complete_mission":
            return t("galaxy.ui.act.complete_mission", vp=content().missions[action.target.split(":", 1)[1]]["vp"])
        if k == "pick_mech":
            return t("galaxy.ui.act.pick_mech", mech=faces.name("mech", action.source.split(":")[1]))
        if k == "pick_pilot":
            return t("galaxy.ui.act.pick_pilot", pilot=faces.name("pilot", action.source.split(":")[1]))
        key = f"galaxy.ui.act.{k}"
        if has(key, "en"):
            return t(key)
        return super().describe_action(action)

    def log_line(self, event) -> str:
        """The log names the card a display is refilled with (the engine's sentence only says that one is)."""
        if event.key == "galaxy.log.display_revealed" and event.source and ":" in event.source:
            display = {"spec": "specialists", "pupg": "pilot_upgrades"}.get(event.source.split(":")[0])
            if display is not None:
                return t("galaxy.log.display_revealed_named", card=self.card_name(event.source),
                         display=t(f"galaxy.ui.{display}"))
        return super().log_line(event)

    def card_name(self, cid: str) -> str:
        kind, _, rest = cid.partition(":")
        ident = rest.split(":")[0]
        return faces.name({"spec": "specialist", "pupg": "pilot_upgrade", "mission": "mission"}.get(kind, kind), ident) \
            if kind != "mission" else faces.mission_title(content().missions[ident])

    # ================================================================== sync
    def layout(self, world) -> None:
        """Size the table from the viewport (already divided by the UI scale): see ``layout.Geometry``."""
        players = self.state.players if self.session is not None else 2
        self.geo = L.Geometry(world.viewport_size, players)

    def _put(self, view, region):
        """Add a view built in design units to the world, inside ``region``."""
        return self.world.add(place(view, region))

    def sync(self, state) -> None:
        world = self.world
        world.clear()
        drafting = state.phase in ("draft_mech", "draft_pilot")
        if drafting:
            build_draft(self, state)
        else:
            self._table(state)
        world.changed()
        if drafting != self._drafting:
            self._drafting = drafting
            self.camera.fit(world.bounds().inflate(40, 40))

    def _table(self, state) -> None:
        world = self.world
        if self.geo is None or len(self.geo.seats) != state.players:
            self.layout(world)
        world.add(Frame("table:frame", (0, 0, *self.geo.size)))
        self._star_map(state)
        self._tracks(state)
        self._markets(state)
        self._seats(state)
        frame = state.stack[-1] if state.stack else None
        if frame is not None and frame.get("t") == "combat":
            self._put(CombatView("combat", (0, 0, *L.COMBAT_SIZE), self._combat_info(state, frame)),
                      self._combat_region(state, frame))

    # ---------------------------------------------------------------- the star map
    def _star_map(self, state) -> None:
        data = content()
        M = self.geo.map
        me = self.me()
        rep = state.p[me]["rep"]
        path = []
        planets = []
        for pid in data.planet_order:
            planet = data.planets[pid]
            if pid == "uran":
                continue
            number = planet["number"] or None
            cell = L.planet_cell(number, pid)
            parts = L.planet_parts(cell)
            planets.append((pid, planet, cell, parts))
            if number:
                path.append((number, parts["art"].center))
        self._put(StarMapView("map", L.MAP, path=[c for _n, c in sorted(path)]), M)
        for pid, planet, cell, parts in planets:
            invaded = pid in state.invaded
            need = planet.get("mech_rep", 0)
            self._put(PlanetView(f"art:{pid}", parts["art"], cell, key=pid, name=faces.name("planet", pid),
                                 number=planet["number"] or None, effect=faces.planet_effect(pid, planet),
                                 radiation=planet["radiation"], invaded=invaded, marked=state.marker == pid,
                                 closed=rep < need, closed_label=f"☆{need}" if need else ""), M)
            marks = planet["docks"]
            for i, (rect, mark) in enumerate(zip(L.dock_rects(parts["docks"], len(marks)), marks)):
                dock = f"dock:{pid}:{i}"
                unused = mark in ("3", "4") and state.players < int(mark)
                locked = mark.startswith("rep") and rep < int(mark[3:])
                self._put(DockView(dock, rect, marks=faces.dock_mark(mark), locked=locked, unused=unused,
                                   ships=tuple(state.docks.get(dock, ())), needs=2 if invaded else 1), M)
            if invaded:
                tile = state.invaded[pid]
                self._put(MutantView(tile, parts["invader"], faces.mutant_face(*self._species(state, tile))), M)
            seat = state.art.get(pid)
            if seat is not None:
                self._put(PieceView(f"mech:{seat}", parts["art"].center, art_name="mech", seat=seat, size=38), M)
        # Uran
        cell = L.planet_cell(None, "uran")
        up = L.uran_parts(cell)
        self._put(UranView("art:uran", up["art"], cell, key="uran", name=faces.name("planet", "uran"),
                           effect=faces.catalog_text("galaxy.planet.uran.effect") or t("galaxy.ui.uran_note")), M)
        for k, spot in enumerate(up["spots"]):
            self._put(SpotView(f"uran:{k}", spot), M)
            tile = state.uran[k] if k < len(state.uran) else None
            if tile is not None:
                self._put(MutantView(tile, spot, faces.mutant_face(*self._species(state, tile))), M)
        for i, seat in enumerate(state.uran_mechs):
            c = (up["art"].centerx - 20 + i * 14, up["art"].centery)
            self._put(PieceView(f"mech:{seat}", c, art_name="mech", seat=seat, size=34), M)
        top_red = bool(state.pile) and state.is_red(state.pile[-1])
        self._put(MutantPileView("mutant_pile", up["pile"], count=len(state.pile), top_red=top_red,
                                 label=t("galaxy.ui.pile")), M)
        # the displays: beside their planets on the map; specialists and pilot upgrades in a column of their
        # own when the window is wide
        d = data.setup
        shown = {"missions": ([(m, faces.mission_face(m, data.missions[m.split(":", 1)[1]])) for m in state.mdisplay],
                              d["mission_display"]),
                 "specialists": ([(s, faces.specialist_face(kind_of(s), data.specialists[kind_of(s)]))
                                  for s in state.sdisplay], d["specialist_display"]),
                 "pilot_upgrades": ([(u, faces.upgrade_face(kind_of(u), data.pilot_upgrades[kind_of(u)]))
                                     for u in state.udisplay], d["pilot_upgrade_display"])}
        places = self.geo.display_layout({k: max(slots, len(cards)) for k, (cards, slots) in shown.items()})
        for section, (cards, _slots) in shown.items():
            region, area, rects = places[section]
            self._put(SectionView(f"display:{section}", area, title=t(f"galaxy.ui.{section}")), region)
            for rect, (cid, face) in zip(rects, cards):
                self._put(DisplayCardView(cid, rect, face), region)

    def _species(self, state, tile: str) -> tuple[str, dict]:
        sp = state.species_of(tile)
        return sp["id"], sp

    # ---------------------------------------------------------------- tracks
    def _tracks(self, state) -> None:
        setup = content().setup
        boxes = []
        for rect, n in zip(L.round_boxes(setup["rounds"]), range(1, setup["rounds"] + 1)):
            events = []
            if n in setup["invasion_rounds"]:
                events.append(("mutant_back_red", t("galaxy.ui.event.invasion")))
            if n == setup["third_ship_round"]:
                events.append(("ship", t("galaxy.ui.event.third_ship")))
            if n in setup["upkeep_rounds"]:
                events.append(("credit", t("galaxy.ui.event.upkeep")))
            boxes.append((rect, RoundBox(n, tuple(events))))
        self._put(RoundTrackView("rounds", L.ROUND_TRACK, boxes, current=state.round), self.geo.map)
        stars = {int(k): faces.STAR_COLOURS.get(int(k)) for k in setup["rep_symbols"]}
        spaces = [(r, setup["rep_vp"][i], stars.get(i)) for i, r in enumerate(L.rep_spaces(setup["rep_max"] + 1))]
        markers: dict = {}
        for seat in sorted(range(state.players), key=lambda s: state.p[s]["arr"]):
            markers.setdefault(state.p[seat]["rep"], []).append(seat)       # bottom first: the upper plays first
        self._put(RepTrackView("rep", L.REP, spaces, title=t("galaxy.ui.rep_track"), markers=markers), self.geo.side)

    # ---------------------------------------------------------------- markets
    def _markets(self, state) -> None:
        data = content()
        by_section: dict = {}
        for kind in data.tile_order:
            by_section.setdefault(data.tiles[kind]["section"], []).append(kind)
        sections = L.market_sections({s: len(k) for s, k in by_section.items()})
        for section, (rect, tiles) in sections.items():
            self._put(SectionView(f"market:{section}", rect, title=t(f"galaxy.ui.market.{section}")), self.geo.side)
            for tile_rect, kind in zip(tiles, by_section.get(section, [])):
                left = len(state.market.get(kind, ()))
                band = _band(data.tiles[kind]["copies"])
                self._put(TileView(f"market:{kind}", tile_rect,
                                   faces.tile_face(kind, data.tiles[kind], copies=left, band=band), dim=left == 0),
                          self.geo.side)

    # ---------------------------------------------------------------- seats
    def _seats(self, state) -> None:
        me = self.me()
        turn = state.current_seat()
        order = [me] + [(me + k) % state.players for k in range(1, state.players)]
        for (rect, region), seat in zip(self.geo.seats, order):
            big = seat == me
            board = self._board(state, seat, seat == turn)
            mini = not big and self.geo.mini
            self._put(SeatBoardView(f"seat:{seat}", rect, board, compact=not big, mini=mini), region)
            if big:
                self._big_parts(state, seat, rect, region)
            else:
                self._home_pieces(state, seat, rect, region, big=False, mini=mini)

    def _board(self, state, seat: int, active: bool) -> SeatBoard:
        data = content()
        p = state.p[seat]
        cap = state.capacity(seat)
        board = SeatBoard(seat, self.seat_name(seat), active=active)
        board.labels = {c: t(f"galaxy.ui.{c}") for c in ("armour", "ammo", "energy")}
        if p["mech"]:
            board.mech, board.mech_name = p["mech"], faces.name("mech", p["mech"])
        live = data.mechs[p["mech"]]["live"] if p["mech"] else []
        if p["pilot"]:
            pilot = data.pilots[p["pilot"]]
            board.pilot, board.pilot_name = p["pilot"], faces.name("pilot", p["pilot"])
            board.abilities = [(_ROMAN[i], faces.pilot_ability(p["pilot"], i, a), (i + 1) in live)
                               for i, a in enumerate(pilot["abilities"])]
            board.blueprint = faces.blueprint_cover(pilot["blueprint"],
                                                    [data.tiles[kind_of(x)].get("icon") for x in p["tiles"]])
        board.cubes = {c: (p["cubes"][c], cap[c]) for c in ("armour", "ammo", "energy")}
        board.hull, board.credits = p["hull"], p["cr"]
        board.resources, board.dna = dict(p["res"]), dict(p["dna"])
        board.radiation, board.debt, board.rep = p["rad"], p["debt"], p["rep"]
        board.upgrades = [faces.name("pilot_upgrade", u.split(":")[1]) for u in p["pupgs"]]
        board.summary = t("galaxy.ui.seat_summary", tiles=len(p["tiles"]), slots=data.setup["mech_slots"],
                          upgrades=len(p["pupgs"]), specialists=len(p["specs"]), missions=len(p["missions"]),
                          done=len(p["done"]), rep=p["rep"])
        return board

    def _big_parts(self, state, seat: int, rect, region) -> None:
        p = state.p[seat]
        data = content()
        x0, y0 = rect.x + 244, rect.y + 28
        positions = self._slot_positions(state, seat)
        for i in range(data.setup["mech_slots"]):
            q = positions[i]
            r = (x0 + (q % 3) * SLOT_STEP[0], y0 + (q // 3) * SLOT_STEP[1], *SLOT)
            tile = p["tiles"][i] if i < len(p["tiles"]) else None
            face = faces.tile_face(kind_of(tile), data.tiles[kind_of(tile)]) if tile else None
            self._put(SlotView(f"slot:{seat}:{i}", r, tile=face, index=q), region)
        self._put(BoardTarget(BOARD_TARGET.format(seat=seat),
                              (x0 - 4, y0 - 4, 3 * SLOT_STEP[0] + 4, 3 * SLOT_STEP[1] + 4)), region)
        self._home_pieces(state, seat, rect, region, big=True)
        # under the slots: DNA (dragged onto a mission) and the missions, held then completed
        sx = x0 - 4
        self._put(DnaToken(f"dna:{seat}", (sx, rect.y + 200), p["dna"]), region)
        cards = [(m, False) for m in p["missions"]] + [(m, True) for m in p["done"]]
        w = 66 if len(cards) <= 3 else (3 * SLOT_STEP[0] - 4 * (len(cards) - 1)) / len(cards)
        for k, (m, done) in enumerate(cards):
            face = faces.mission_face(m, data.missions[m.split(":", 1)[1]], done=done, held=True)
            self._put(DisplayCardView(m, (sx + k * (w + 4), rect.bottom - 48, w, 44), face), region)
        # under the pilot's abilities: the specialists hired
        specs = p["specs"]
        w = min(113, (230 - 4 * (len(specs) - 1)) / max(1, len(specs)))      # names readable: wide when few
        for k, sid in enumerate(specs):
            face = faces.specialist_face(kind_of(sid), data.specialists[kind_of(sid)], used=sid in p["flipped"])
            self._put(DisplayCardView(sid, (rect.x + PILOT_X + k * (w + 4), rect.bottom - 48, w, 44), face), region)

    def _home_pieces(self, state, seat: int, rect, region, big: bool, mini: bool = False) -> None:
        p = state.p[seat]
        # the pilot's own Repair and Recall docks
        size = 30 if big else 24
        if big:
            x, y = rect.x + 90, rect.y + 108
        elif mini:
            x, y = rect.right - 2 * size - 14, rect.bottom - size - 6
        else:
            x, y = rect.x + 8, rect.bottom - 100
        for k, kind in enumerate(("repair", "recall")):
            dock = f"dock:{kind}:{seat}"
            self._put(DockView(dock, (x + k * (size + 8), y, size, size), icon=kind,
                               ships=tuple(state.docks.get(dock, ()))), region)
        if p["home"] > 0:
            c = (rect.right - 24, rect.y + 16) if not big else (rect.right - 30, rect.y + 40)
            self._put(ShipsAtHome(f"ship:{seat}", c, seat=seat, count=p["home"], size=28 if big else 22), region)
        if p["mech"] and p["mech_at"] is None:
            c = (rect.x + 40, rect.y + 128) if big else (rect.right - 24, rect.y + 44)
            self._put(PieceView(f"mech:{seat}", c, art_name="mech", seat=seat, size=40 if big else 26), region)

    # ---------------------------------------------------------------- combat
    def _combat_region(self, state, frame) -> L.Region:
        """Where the fight panel opens: over the star map, never over a source or target of the
        decision in progress (the weapons' mutant, whether at Uran or on an invaded planet), and
        preferably over empty space rather than over another planet; drawn at the map's scale but
        never below ``COMBAT_MIN_K``."""
        M = self.geo.map
        k = max(M.k, L.COMBAT_MIN_K)
        keep = [self.world.get(frame["mutant"])]
        for a in self.legal():
            keep += [self.world.get(a.source), self.world.get(a.target)]
        keep = [v.world_rect() for v in keep if v is not None]
        planets = [v for v in self.world.all() if hasattr(v, "cell")]      # one pass over the views, both lists
        busy = [pygame.FRect(v.cell) for v in planets] + [M.r(r) for r in self.geo.map_displays().values()]
        arts = [v.world_rect() for v in planets]
        size = (L.COMBAT_SIZE[0] * k, L.COMBAT_SIZE[1] * k)
        spot = L.panel_spot(size, M.r(L.MAP).inflate(-4, -4), keep, busy, near=keep[0].center if keep else None,
                            avoid=arts)
        return L.Region(spot.x, spot.y, k)

    def _combat_info(self, state, frame) -> dict:
        seat = state.seat
        sp = state.species_of(frame["mutant"])
        return {"mutant": faces.mutant_face(sp["id"], sp), "tile": frame["mutant"], "armour": frame["armour"],
                "total": frame["total"], "strike": self._last_strike,
                "budget": frame["budget"][:2], "seat": seat, "title": t("galaxy.ui.combat.title")}

    # ================================================================== events and animation
    def note_events(self, events: list) -> None:
        self._homes = {v.cid: tuple(v.world_rect().topleft) for v in self.world.all()
                       if v.cid.startswith(("ship:", "market:", "mutant_pile", "dna:"))}
        for e in events:
            if e.key == "galaxy.log.strike":
                self._last_strike = dict(e.params)

    def after_animations_queued(self, events: list) -> None:
        """A ship flies from its home bay to its dock; a bought tile slides from the market to its slot."""
        seconds = self.animation_seconds()
        if seconds <= 0:
            return
        for k, e in enumerate(events):
            if e.kind != "move" or e.source not in self._homes or e.target is None:
                continue
            view = self.world.get(e.target)
            if view is None:
                continue
            home = pygame.Vector2(self._homes[e.source])
            if e.source.startswith("ship:"):
                size = view.rect.height
                seat = int(e.source.split(":")[1])
                view = self.world.add(PieceView(f"fly:{k}", view.rect.center, art_name="ship", seat=seat, size=size))
            start = home - pygame.Vector2(view.rect.topleft)
            view.offset = start
            self.animator.queue.append(Anim("slide", view.cid, start=start, duration=seconds))

    # ================================================================== another seat's board at full size
    def seat_board(self, cid: str):
        """A click on another seat's compact board shows its tiles, upgrades, specialists and missions
        as full-size cards, with its cubes and trackers in words."""
        if self.session is None or not cid.startswith("seat:") or self.state.phase in ("draft_mech", "draft_pilot"):
            return None
        seat = int(cid.split(":")[1])
        if seat == self.me():
            return None
        state = self.state
        p = state.p[seat]
        slots = content().setup["mech_slots"]
        tiles = [faces.inspect_face(state, f"slot:{seat}:{i}") if i < len(p["tiles"]) else None for i in range(slots)]
        cards = [faces.inspect_face(state, x) for x in list(p["pupgs"]) + list(p["specs"])]
        missions = [faces.inspect_face(state, m) for m in list(p["missions"]) + list(p["done"])]
        rows = [tiles] + [r for r in (cards, missions) if r]
        board = self._board(state, seat, False)
        res = ", ".join(f"{faces.resource(r)} {n}" for r, n in p["res"].items() if n)
        dna = " ".join(f"{k}×{n}" for k, n in p["dna"].items() if n)
        notes = [t("galaxy.ui.board_note", mech=board.mech_name, pilot=board.pilot_name,
                   live=" ".join(num for num, _text, live in board.abilities if live),
                   armour="{}/{}".format(*board.cubes["armour"]), ammo="{}/{}".format(*board.cubes["ammo"]),
                   energy="{}/{}".format(*board.cubes["energy"]), cr=p["cr"], res=res or "—", dna=dna or "—",
                   rad=p["rad"], hull=p["hull"], debt=p["debt"], rep=p["rep"])]
        done = len(p["done"])
        if done:
            notes.append(t("galaxy.ui.board_done", n=done))
        from ui.table.overlays import SeatBoard as KitBoard
        return KitBoard(self.seat_name(seat), rows, notes, colour=self.world.palette.seat_colour(seat))

    # ================================================================== inspect
    def card_face(self, cid: str) -> CardFace | None:
        return faces.inspect_face(self.state, cid) if self.session is not None and cid else None


_ROMAN = ("I", "II", "III", "IV")


def _band(copies: list) -> int:
    """The colour band of a tile: white when in the 2-player set, blue from 3, red only at 4."""
    if copies[0] > 0:
        return 0
    return 1 if copies[1] > 0 else 2

