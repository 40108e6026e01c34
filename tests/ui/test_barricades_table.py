"""The Barricades table: its art, its layout and views drawn from a hand-made model (no engine needed),
at 1600×900 and 1280×800, in English and Japanese."""
from __future__ import annotations

import pygame
import pytest

from toytable import FakeApp, ensure_pygame  # noqa: F401  (sets the headless SDL variables first)

from ui import i18n
from ui.games.barricades import art as A
from ui.games.barricades import layout as L
from ui.games.barricades.model import (Army, Battle, DiceRoll, Guardian, Hero, Location, Monster, Prestige, Room,
                                       Spot, Stack, TableModel)
from ui.games.barricades.text import WORD_KEYS, words
from ui.table.camera import Camera
from ui.table.cardface import CardFace
from ui.table.palette import NORMAL
from ui.table.views import World


def sample_model(heroes: int = 3, battle: bool = False, revealed: bool = False) -> TableModel:
    locs = []
    for i, lid in enumerate(("marketplace", "bazaar", "guild", "temple", "shop")):
        spots = [Spot(f"spot:{lid}:{k}", destroyed=(i == 1 and k < 4) or (i == 3 and k == 0),
                      token=("blank" if k != 2 else "Bazaar +1 gold") if i in (1, 3) else None) for k in range(4)]
        locs.append(Location(f"loc:{lid}", lid, lid.capitalize(), effect="Draw 1 card, or lend/borrow/give 1",
                             spots=spots, destroyed=i == 1, barricade_built=i == 2, barricade_cost=10,
                             barricade_paid=4 if i == 4 else 0, barricade_cid=f"barricade:{lid}",
                             extra="Lantern 3 · Potion 3 · Rations 2" if lid == "bazaar" else ""))
    market = [Stack(f"market:{k}", f"Card {k}", 3 + k % 4, 8 - k, art=a)
              for k, a in enumerate(("class_weapon", "class_weapon", "class_item", "class_item", "class_spell",
                                     "class_spell", "class_ally", "class_ally"))]
    hstacks = [Stack(f"hero:{c}", c.capitalize(), 5, 5, art=f"class_{c}", kind="L1")
               for c in ("fighter", "rogue", "cleric", "wizard")]
    rat = Monster("mon:rat", "Giant Rat", 4, art="mon_vermin")
    rooms = [Room("room:wild", "Wilderness", 0, 0, art="room_wilderness", monster=rat, champions=[0])]
    arts = ("room_tunnels", "room_warrens", "room_crypt", "room_armory", "room_gallery", "room_chapel")
    groups = ("mon_vermin", "mon_goblin", "mon_undead", "mon_orc", "mon_dragon", "mon_demon")
    for k in range(6):
        lv = 1 + k // 2
        m = Monster(f"mon:{k}", f"Monster {k}", 4 + 3 * lv, hp_extra="+1d6" if k == 0 else "", defence=k % 2,
                    mdefence=2 if k == 5 else 0, xp=lv, gold=lv, level=lv, keywords=("Raider 1",) if k == 3 else (),
                    types=("Undead",) if k == 2 else (), art=groups[k])
        rooms.append(Room(f"room:{k}", f"Room {k}", lv, lv, darkness_mod=1 if k == 4 else 0, art=arts[k], monster=m,
                          light_cost=lv + 1))
    rooms.append(Room("room:guardian", "Guardian room", 4, 3, art="room_guardian", open=revealed))
    g = Guardian("guardian", "Ashmaw, the Cinder Wyrm", revealed, "guardian_ashmaw" if revealed else "guardian_lair",
                 [1] * 6 + [2] * 4, 3, [20, 22, 24], wounds=1 if revealed else 0, text="Barricades cost 12.",
                 defence="Def 2")
    dice = [DiceRoll(s, ["foot1", "x", "purple"][: 1 + s % 3], [True] + [False] * 2) for s in range(heroes)]
    hs = []
    for s in range(heroes):
        hand = [(f"card:{s}:{k}", CardFace(title=f"Adventurer {k}", cost=None, type_line="Hero L0", text="+1 {hit}"))
                for k in range(6)]
        hs.append(Hero(s, f"Hero {s + 1}", s == 0, 7, 3, hand=hand, hand_count=6, xp=3 + s, wounds=s, gold=4, light=2,
                       attack=3, prestige=Prestige("Warlord", s % 3, [2, 3, 4, 5, 6]), champion_cid=f"champion:{s}",
                       champion_at="room:wild" if s == 0 else ("spot:marketplace:1" if s == 1 else None),
                       deck_cid=f"deck:{s}", discard_cid=f"discard:{s}", board_cid=f"board:{s}"))
    b = None
    if battle:
        b = Battle("room:2", rooms[3].monster, [0, 1], 6, 2, 10, ["Hero 1: Longsword +2", "Hero 2: Firebolt +2 M"],
                   effective=8)
    return TableModel(locs, market, hstacks, rooms, g, dice, Army(5, 1, 2, "3 footprints left after levels 1+2"), hs,
                      turn=4, threat=1, battle=b, phase="Village", active_seat=0)


def build_world(model, size=(940, 800)):
    world = World(size, NORMAL)
    geo = L.build(world, model, words(), list(NORMAL.seats), viewer=0)
    world.changed()
    return world, geo


def render(world, size):
    surf = pygame.Surface(size)
    cam = Camera(pygame.Rect(0, 0, *size))
    cam.fit(world.bounds().inflate(40, 40))
    world.draw(surf, cam)
    return surf, cam


@pytest.fixture(params=["en", "ja"])
def lang(request):
    ensure_pygame()
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def test_every_art_file_rasterises_at_its_size_and_is_cached():
    ensure_pygame()
    names = sorted(p.stem for p in A.path_of("x").parent.glob("*.svg"))
    assert len(names) >= 50
    for name in names:
        img = A.art(name, (40, 30))
        assert img.get_size() == (40, 30)
        # not the placeholder: the art has pixels that are not the placeholder's grey
        colours = {tuple(img.get_at((x, y)))[:3] for x in range(0, 40, 3) for y in range(0, 30, 3)
                   if img.get_at((x, y))[3] > 0}
        assert colours - {(170, 170, 170), (90, 90, 90)}, name
    before = A.cache_info().hits
    A.art(names[0], (40, 30))
    assert A.cache_info().hits == before + 1


def test_missing_art_is_a_placeholder_not_a_crash():
    ensure_pygame()
    assert A.art("no_such_art", 20).get_size() == (20, 20)


def test_words_exist_in_both_languages():
    for lang in ("en", "ja"):
        cat = i18n.catalog(lang)
        assert [k for k in WORD_KEYS if f"barricades.ui.{k}" not in cat] == []


@pytest.mark.parametrize("size", [(1600, 900), (1280, 800)])
def test_the_table_lays_out_every_part_without_overlap(lang, size):
    model = sample_model(heroes=4, battle=False)
    world, geo = build_world(model, (size[0] - 340, size[1]))
    # five locations x 4 spots, a barricade each; 12 stacks; 8 rooms; the Guardian; 4 boards
    for loc in model.locations:
        assert loc.cid in world and loc.barricade_cid in world
        assert all(s.cid in world for s in loc.spots)
    assert all(s.cid in world for s in [*model.market, *model.heroes_stacks])
    assert all(r.cid in world for r in model.rooms) and model.guardian.cid in world
    assert all(h.board_cid in world for h in model.heroes)
    # the regions and the pieces of one kind never overlap
    for kind in ("loc:", "spot:", "market:", "room:", "board:", "barricade:"):
        rects = [geo.places[c] for c in geo.places if c.startswith(kind)]
        for i, a in enumerate(rects):
            for b in rects[i + 1:]:
                assert not a.colliderect(b), (kind, a, b)
    # rooms, monster cards and the Guardian stay inside the dungeon band
    dungeon = L.DUNGEON.union(L.GUARDIAN)
    for r in model.rooms:
        assert dungeon.contains(geo.places[r.cid])
    surf, cam = render(world, (size[0] - 340, size[1]))
    # the camera shows the table at a readable scale (not a postage stamp)
    assert cam.zoom >= 0.8


def test_monster_cards_are_inspectable_and_readable(lang):
    model = sample_model()
    world, geo = build_world(model)
    for room in model.rooms:
        if room.monster is not None:
            view = world.get(room.monster.cid)
            assert view is not None and view.rect.width >= 100 and view.rect.height >= 56
            assert geo.places[room.cid].contains(view.rect)


def test_paths_join_every_room_to_every_room_one_level_deeper():
    model = sample_model()
    world, geo = build_world(model)
    panel = world.get("panel:dungeon")
    # wilderness → 2 rooms, 2 → 2, 2 → 2, 2 rooms → the Guardian room
    assert len(panel.paths) == 2 + 4 + 4 + 2


def test_champions_stand_where_the_model_says():
    model = sample_model()
    world, geo = build_world(model)
    c1 = world.get("champion:1")
    assert geo.places["spot:marketplace:1"].collidepoint(c1.rect.center)
    c0 = world.get("champion:0")
    assert geo.places["room:wild"].collidepoint(c0.rect.center)
    c2 = world.get("champion:2")
    assert geo.places["board:2"].collidepoint(c2.rect.center)


def test_battle_board_shows_the_running_sum(lang):
    model = sample_model(battle=True)
    world, geo = build_world(model)
    board = world.get("battle")
    assert board is not None and board.battle.effective == 8 and not board.battle.wins
    render(world, (940, 800))


def test_only_the_viewers_hand_is_laid_out_and_six_cards_fit_without_hiding_titles():
    model = sample_model(heroes=3)
    world, _ = build_world(model)
    hand = world.get("hand:0")
    assert hand is not None and world.get("hand:1") is None
    xs = sorted(c.rect.x for c in hand.cards)
    # cards overlap at most a little: the title band (top-left) of each one stays visible
    assert min(b - a for a, b in zip(xs, xs[1:])) >= 60


# ------------------------------------------------------------------ faces from content definitions

from ui.games.barricades import faces as Fc  # noqa: E402

LONGSWORD = {"key": "longsword", "type": "weapon", "keywords": ["edged"], "sk": 2, "cost": 4, "a": 2, "au": 1,
             "m": 0, "lt": 0, "effects": []}
HERO_L2 = {"key": "garrik_2", "type": "hero", "class": "fighter", "level": 2, "sk": 4, "a": 3, "cost": 0,
           "effects": [{"op": "attack", "n": 1, "with": "edged"}]}
SALVE = {"key": "healing_salve", "type": "item", "cost": 3, "au": 1,
         "effects": [{"op": "heal", "n": 1, "when": "dungeon", "target": "member"}]}
ORC_CHIEF = {"key": "orc_warchief", "type": "monster", "level": 2, "mtype": "humanoid", "hp": 11, "def": 1, "mdef": 1,
             "xp": 3, "au": 3, "raider": 2, "treasure": 1, "swarm": 0, "wounds": 0, "menace": None}
RAT_SWARM = {"key": "rat_swarm", "type": "monster", "level": 1, "mtype": "vermin", "hp": 2, "swarm": 1, "xp": 1, "au": 1}


def test_card_faces_word_the_numbers_in_both_languages(lang):
    face = Fc.card_face("longsword", LONGSWORD)
    assert face.cost == 4 and "{hit}" in face.text and "{gold}" in face.text
    assert face.keywords == (Fc.kw_name("edged"),)
    hero = Fc.card_face("garrik_2", HERO_L2)
    assert "2" in hero.title and "2" in hero.type_line and "4" in hero.text
    salve = Fc.card_face("healing_salve", SALVE)
    assert Fc.t("barricades.ui.when.dungeon") in salve.text
    if lang == "en":
        assert "Heal 1 wound" in salve.text and "wound(s)" not in salve.text and "Edged" in hero.text


def test_monster_cards_carry_hp_def_xp_gold_and_keywords(lang):
    m = Fc.monster("m1", "orc_warchief", ORC_CHIEF, group="orc_warband", room={"mdef": 2, "xp": 1})
    assert (m.hp, m.defence, m.mdefence, m.xp, m.gold) == (11, 1, 3, 4, 3)
    assert m.art == "mon_orc" and Fc.t("barricades.ui.kw_raider", n=2) in m.keywords
    swarm = Fc.monster("m2", "rat_swarm", RAT_SWARM)
    assert swarm.hp_extra == "+1d6" and swarm.hp == 2
    rolled = Fc.monster("m2", "rat_swarm", RAT_SWARM, hp_roll=6)
    assert rolled.hp == 6 and rolled.hp_extra == ""
    face = Fc.monster_face(m)
    assert "11" in face.text and m.name == face.title


def test_every_room_group_and_class_has_its_art():
    for table in (Fc.ROOM_ART, Fc.GROUP_ART, Fc.CLASS_ART, Fc.CARD_TYPE_ART, Fc.GUARDIAN_ART, Fc.TYPE_ART):
        for name in table.values():
            assert A.exists(name), name
