"""Where everything sits on the Barricades table, and the views built from a :class:`model.TableModel`.

World layout (about 1000×882 world units; the camera fits it to the viewport):

    village: five locations, each with 4 spots and its barricade tile              y   0–140
    market: 8 market stacks and the 4 hero stacks, with costs, counts and what
            each card does (readable without hovering)                              y 148–328
    dungeon: Wilderness → L1 → L2 → L3 → Guardian room, paths between levels;
             the Guardian tile (threat track, HP track) on the right                y 336–606
    heroes: every hero's board (XP, wounds, hand size, prestige ranks), the
            viewer's deck, discard and hand; the dice tray with the army            y 614–882

``build(world, model, words, colours)`` adds every view; it is called from the table's ``sync`` and
by the tests with a hand-made model. Nothing here knows a rule.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from ui.table.views import FigureView, HandView, PileView, TokenView

from .model import TableModel
from .views import (SPOT_Y, BarricadeView, BattleBoard, DiceTray, DrawnTokenView, GuardianTile, HeroBoard, Label,
                    LocationTile, ChampionFigure, MonsterView, Panel, RoomView, SpotView, StackView, TitledCardView)

W, H = 1000, 882
VILLAGE = pygame.Rect(0, 0, W, 140)
MARKET = pygame.Rect(-45, 148, W + 90, 180)   # wider than the rest: at 1280x800 the table is fitted by its height, so the width is free
DUNGEON = pygame.Rect(0, 336, 780, 270)
GUARDIAN = pygame.Rect(790, 336, 210, 270)
STRIP = pygame.Rect(0, 614, W, 268)
BOARDS = pygame.Rect(0, 614, 230, 268)
HAND = pygame.Rect(238, 614, 544, 268)
TRAY = pygame.Rect(790, 614, 210, 268)
SPOT_D = 28
HAND_CARD = (100, 140)


@dataclass
class Geometry:
    """Rects by cid of the static places (used for paths, champions and the tests)."""

    places: dict


def location_rects(n: int = 5) -> list[pygame.Rect]:
    gap = 8
    w = (VILLAGE.width - gap * (n - 1)) / n
    return [pygame.Rect(round(VILLAGE.x + i * (w + gap)), VILLAGE.y, round(w), VILLAGE.height) for i in range(n)]


def spot_rects(tile: pygame.Rect, n: int = 4) -> list[pygame.Rect]:
    gap = (tile.width - n * SPOT_D) / (n + 1)
    y = tile.y + SPOT_Y
    return [pygame.Rect(round(tile.x + gap + i * (SPOT_D + gap)), y, SPOT_D, SPOT_D) for i in range(n)]


def barricade_rect(tile: pygame.Rect) -> pygame.Rect:
    return pygame.Rect(tile.x + 6, tile.bottom - 40, tile.width - 12, 34)


def stack_rects(n_market: int, n_groups: int, per_group: int = 3) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
    """The market stacks, then the hero stacks: each hero's L1 stack large, its L2 and L3 beside it, as wide
    as the L1 stack (their text is read there, not on hover)."""
    gap = 6
    group = 2.6                                  # a hero group's width in market-stack units
    units = n_market + group * n_groups
    unit = min(92, (MARKET.width - gap * (n_market + n_groups - 1)) / max(1, units))
    total = unit * units + gap * (n_market + n_groups - 1)
    x = MARKET.x + (MARKET.width - total) / 2
    y, h = MARKET.y + 4, MARKET.height - 6
    market = []
    for _ in range(n_market):
        market.append(pygame.Rect(round(x), y, round(unit), h))
        x += unit + gap
    heroes = []
    for _ in range(n_groups):
        big = unit * 0.9
        small = unit * group - big - 3
        heroes.append(pygame.Rect(round(x), y, round(big), h))
        sh = (h - 3 * (per_group - 2)) / max(1, per_group - 1)
        for k in range(per_group - 1):
            heroes.append(pygame.Rect(round(x + big + 3), round(y + k * (sh + 3)), round(small), round(sh)))
        x += unit * group + gap
    return market, heroes


def room_rects(levels: list[int]) -> list[pygame.Rect]:
    """One rect per room, by its level: columns Wilderness, L1, L2, L3, Guardian room; two rooms of a
    level share its column one above the other, a lone room sits in the middle."""
    cols = 5
    gap = 16
    cw = (DUNGEON.width - 16 - gap * (cols - 1)) / cols
    rh = 122
    by_level: dict[int, int] = {}
    for lv in levels:
        by_level[lv] = by_level.get(lv, 0) + 1
    seen: dict[int, int] = {}
    out = []
    top = DUNGEON.y + 20
    inner_h = DUNGEON.height - 26
    for lv in levels:
        k = seen.get(lv, 0)
        seen[lv] = k + 1
        n = by_level[lv]
        x = DUNGEON.x + 8 + min(lv, cols - 1) * (cw + gap)
        if n == 1:
            y = top + (inner_h - rh) / 2
        else:
            space = (inner_h - n * rh) / (n + 1)
            y = top + space + k * (rh + space)
        out.append(pygame.Rect(round(x), round(y), round(cw), rh))
    return out


def board_rects(n: int) -> list[pygame.Rect]:
    gap = 6
    cols = 1 if n <= 3 else 2
    rows = -(-n // cols)
    w = (BOARDS.width - gap * (cols - 1)) / cols
    h = min(104, (BOARDS.height - 22 - gap * (rows - 1)) / rows)
    return [pygame.Rect(round(BOARDS.x + (i % cols) * (w + gap)), round(BOARDS.y + 20 + (i // cols) * (h + gap)),
                        round(w), round(h)) for i in range(n)]


def build(world, model: TableModel, words: dict, colours: list, viewer: int | None = None) -> Geometry:
    places: dict[str, pygame.Rect] = {}
    # ---------------------------------------------------------------- village
    for loc, tile in zip(model.locations, location_rects(len(model.locations))):
        world.add(LocationTile(loc, tile, words["destroyed"]))
        places[loc.cid] = tile
        for spot, r in zip(loc.spots, spot_rects(tile, len(loc.spots))):
            world.add(SpotView(spot, r))
            places[spot.cid] = r
        cost = words["barricade_cost"].format(n=loc.barricade_cost, paid=loc.barricade_paid) if loc.barricade_paid \
            else words["barricade_cost0"].format(n=loc.barricade_cost)
        world.add(BarricadeView(loc, barricade_rect(tile), cost, words["barricade_built"]))
        places[loc.barricade_cid] = barricade_rect(tile)
    if model.drawn_token is not None:       # the token the team places now, over its location's spots
        tile = places.get(f"loc:{model.drawn_token.loc}")
        if tile is not None:
            d = 34
            rect = pygame.Rect(tile.centerx - d // 2, tile.y + SPOT_Y + SPOT_D + 2, d, d)
            world.add(DrawnTokenView(model.drawn_token, rect, words.get("drawn_token", "").format(
                name=model.drawn_token.label) if words.get("drawn_token") else model.drawn_token.label))
            places[model.drawn_token.cid] = rect
    # ---------------------------------------------------------------- market and heroes
    per_group = 3 if len(model.heroes_stacks) % 3 == 0 and model.heroes_stacks else 1
    m_rects, h_rects = stack_rects(len(model.market), len(model.heroes_stacks) // per_group, per_group)
    if per_group == 1:
        m_rects, h_rects = stack_rects(len(model.market) + len(model.heroes_stacks), 0)
        h_rects = m_rects[len(model.market):]
    for st, r in zip([*model.market, *model.heroes_stacks], [*m_rects, *h_rects]):
        world.add(StackView(st, r))
        places[st.cid] = r
    # ---------------------------------------------------------------- dungeon
    panel = world.add(Panel("panel:dungeon", DUNGEON, title=words["dungeon"], art_name="darkness"))
    rects = room_rects([r.level for r in model.rooms])
    for room, r in zip(model.rooms, rects):
        places[room.cid] = r
    for room, r in zip(model.rooms, rects):        # paths: every room to every room one level up or down
        for other, r2 in zip(model.rooms, rects):
            if other.level == room.level + 1:
                panel.paths.append(((r.right, r.centery), (r2.left, r2.centery)))
    for room, r in zip(model.rooms, rects):
        world.add(RoomView(room, r, words))
        if room.monster is not None:
            world.add(MonsterView(room.monster, pygame.Rect(r.x + 4, r.y + 36, r.width - 8, 60), words))
    world.add(GuardianTile(model.guardian, GUARDIAN, words))
    places[model.guardian.cid] = GUARDIAN
    # ---------------------------------------------------------------- heroes
    world.add(Label("label:heroes", (BOARDS.x, BOARDS.y, BOARDS.width, 18), words["heroes"], size=12, bold=True))
    boards = board_rects(len(model.heroes))
    for hero, r in zip(model.heroes, boards):
        colour = colours[hero.seat % len(colours)]
        world.add(HeroBoard(hero, r, colour, words, hero.seat == model.active_seat))
        places[hero.board_cid] = r
    shown = next((h for h in model.heroes if h.seat == viewer), None)
    if shown is not None:
        world.add(Label("label:hand", (HAND.x, HAND.y, HAND.width - 150, 18),
                        words["hand_of"].format(name=shown.name), size=12, bold=True))
        deck_r = (HAND.right - 136, HAND.y, 64, 90)
        disc_r = (HAND.right - 66, HAND.y, 64, 90)
        world.add(PileView(shown.deck_cid, deck_r, count=shown.deck, label=words["deck"], back_colour=(70, 60, 110)))
        world.add(PileView(shown.discard_cid, disc_r, count=shown.discard, label=words["discard"],
                           back_colour=(90, 70, 60)))
        if shown.gold_cid and shown.gold > 0:       # the viewer's gold, to drag onto a barricade
            world.add(TokenView(shown.gold_cid, (HAND.right - 170, HAND.y + 50), size=34, icon="gold",
                                colour=(240, 200, 72), count=shown.gold))
        hand = world.add(HandView(f"hand:{shown.seat}", (HAND.x, HAND.y + 96, HAND.width, HAND.height - 96)))
        cards = [TitledCardView(cid, (0, 0, *HAND_CARD), face, face_up=face is not None, back_label=words["deck"])
                 for cid, face in shown.hand]
        hand.set_cards(cards)
    # ---------------------------------------------------------------- champions
    at_spot: dict[str, int] = {}
    for hero in model.heroes:
        if not hero.champion_cid:
            continue
        colour = colours[hero.seat % len(colours)]
        where = places.get(hero.champion_at) if hero.champion_at else None
        if where is None:                       # at home: on the corner of its board
            board = places.get(hero.board_cid)
            if board is None:
                continue
            centre = (board.right - 14, board.y + 14)
        else:
            k = at_spot.get(hero.champion_at, 0)
            at_spot[hero.champion_at] = k + 1
            if where.width <= SPOT_D:
                centre = where.center
            else:                               # a room: champions along its top edge, left of the darkness
                centre = (where.x + 30 + k * 20, where.bottom - 14)
        world.add(ChampionFigure(hero.champion_cid, centre, size=24, colour=colour, seat=hero.seat))
    # ---------------------------------------------------------------- dice tray and battle
    world.add(DiceTray("tray:dice", TRAY, model.dice, model.army, colours, words))
    if model.battle is not None:            # in place: beside the room fought in, which stays visible
        bw, bh = 420, 190
        room = places.get(model.battle.room, pygame.Rect(DUNGEON.x, DUNGEON.y, 0, 0))
        # to its right (over the deeper rooms, even the Guardian tile for a moment), else to its left
        x = room.right + 8 if room.right + 8 + bw <= GUARDIAN.right - 4 else room.x - 8 - bw
        x = max(DUNGEON.x + 4, min(x, GUARDIAN.right - bw))
        rect = pygame.Rect(x, DUNGEON.y + (DUNGEON.height - bh) // 2 + 6, bw, bh)
        world.add(BattleBoard("battle", model.battle, rect, colours, words))
        places["battle"] = rect
    if model.phase:
        world.add(Label("label:phase", (0, -30, W, 24), model.phase, size=14, bold=True, colour=(255, 226, 150),
                        plate=(10, 12, 16, 200), layer=9))
    return Geometry(places)
