"""The table kit's pieces on their own: views, camera, card faces, icons, drag controller, animator."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parents[1])]
import toytable as tt  # noqa: E402  (sets the headless SDL variables first)

import pygame  # noqa: E402
import pygame_gui  # noqa: E402
import pytest  # noqa: E402

from gamecore.engine import Action, Event, IllegalAction  # noqa: E402
from ui.table import camera as camera_mod  # noqa: E402
from ui.table import cardface, icons  # noqa: E402
from ui.table.animator import Animator, snapshot_positions  # noqa: E402
from ui.table.camera import Camera  # noqa: E402
from ui.table.cardface import CARD_SIZE, CardFace, render_back, render_face, rich_text  # noqa: E402
from ui.table.drag import DragController  # noqa: E402
from ui.table.palette import COLORBLIND, NORMAL, PATTERNS, SHAPES, palette  # noqa: E402
from ui.table.toast import LIFETIME, Toasts  # noqa: E402
from ui.table.views import (BoardView, CardView, DiceView, FigureView, HandView, PileView, TokenView,  # noqa: E402
                            World, ZoneView)


@pytest.fixture(autouse=True)
def _isolate(tmp_path, monkeypatch):
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(name, str(tmp_path / name.lower()))
    tt.ensure_pygame()
    yield
    pygame_gui.core.utility.set_default_manager(None)
    pygame.event.clear()


FACE = CardFace(title="Jason's Sword", cost=3, vp=2, type_line="Weapon — Red", text="Deal 2 {hit}. Gain 1 {energy}.",
                frame=(196, 64, 64), keywords=("Fast",), footer="Core set", cost_icon="energy", art_icon="shield")


def every_view():
    return [
        CardView("c1", (10, 10), FACE),
        CardView("c2", (140, 10), FACE, face_up=False, back_label="Deck"),
        CardView("c3", (270, 10), FACE, exhausted=True),
        PileView("deck", (400, 10), count=12, label="Deck"),
        PileView("discard", (530, 10), count=3, top=FACE, face_up=True),
        PileView("empty", (660, 10), count=0, label="Discard"),
        ZoneView("zone", (10, 200, 300, 160), label="Bin", icon="coin"),
        BoardView("board", (330, 200, 300, 160), label="Board", grid=(3, 2)),
        FigureView("fig", (700, 260), seat=1, label="Red"),
        TokenView("tok", (780, 260), icon="damage", count=3),
        DiceView("die", (860, 260), value=5),
        DiceView("guardian", (930, 260), sides=12, value=3, faces={3: "shield"}),
    ]


@pytest.mark.parametrize("pal", [NORMAL, COLORBLIND], ids=["normal", "colorblind"])
def test_every_view_draws_something(pal):
    world = World(palette=pal)
    hand = HandView("hand", (10, 400, 600, 180))
    for view in every_view():
        world.add(view)
    world.add(hand)
    hand.set_cards([CardView(f"h{i}", (0, 0), FACE) for i in range(5)])
    cam = Camera((0, 0, 1100, 700))
    for view in world.all():
        surface = pygame.Surface((1100, 700))
        surface.fill((0, 0, 0))
        view.draw(surface, cam)
        assert surface.get_bounding_rect().width > 0, f"{view} drew nothing"
    surface = pygame.Surface((1100, 700))
    world.draw(surface, cam)


def test_highlight_and_hover_are_drawn():
    cam = Camera((0, 0, 300, 300))
    card = CardView("c", (40, 40), FACE)
    plain = pygame.Surface((300, 300))
    card.draw(plain, cam)
    card.highlight = "target"
    glowing = pygame.Surface((300, 300))
    card.draw(glowing, cam)
    assert glowing.get_at((38, 100)) != plain.get_at((38, 100))


def test_card_hit_and_exhausted_rotation():
    card = CardView("c", (100, 100), FACE)
    assert card.hit((110, 240)) and not card.hit((90, 120))
    card.exhausted = True   # turned 90°: now wider than tall around the same centre
    cx, cy = card.rect.center
    assert card.hit((cx + 70, cy)) and not card.hit((cx, cy + 70))


def test_a_hand_that_fits_lies_side_by_side_fanned_and_the_hovered_card_lifts():
    hand = HandView("hand", (0, 0, 600, 200))
    cards = [CardView(f"h{i}", (0, 0), FACE) for i in range(5)]
    hand.set_cards(cards)
    xs = [c.rect.x for c in cards]
    assert xs == sorted(xs) and xs[-1] + CARD_SIZE[0] <= 600 + 1
    assert all(b.rect.x >= a.rect.right for a, b in zip(cards, cards[1:]))   # no card covers another
    assert cards[0].angle != 0 and cards[-1].angle == -cards[0].angle   # a fan
    before = cards[2].world_rect().y
    hand.set_hovered("h2")
    assert cards[2].world_rect().y < before and cards[2].angle == 0
    assert hand.children()[-1] is cards[2]                               # drawn and picked on top
    assert hand.views_at(cards[2].world_rect().center)[0] is cards[2]


def _title_bar(card):
    r = card.world_rect()
    return pygame.FRect(r.x, r.y, r.width, HandView.title_band(r.height))


@pytest.mark.parametrize("width,height", [(300, 200), (480, 180), (880, 178), (217, 134), (300, 170)])
def test_a_big_hand_never_covers_a_card_title_and_keeps_a_readable_size(width, height):
    """However many cards: each one shown keeps its title bar (title and cost) uncovered, no card shrinks
    below the hand's readable minimum, and the ones that do not fit are scrolled to, not squeezed."""
    for n in range(1, 20):
        hand = HandView("hand", (0, 0, width, height), min_card_width=92)
        cards = [CardView(f"h{i}", (0, 0), FACE) for i in range(n)]
        hand.set_cards(cards)
        shown = [c for c in cards if c.visible]
        assert shown and len(shown) + len(hand.hidden) == n
        for c in shown:
            assert c.rect.width >= 92 - 0.01 and hand.rect.contains(c.rect.inflate(-1, -1)), (n, c)
        order = hand.children()
        for i, below in enumerate(order):
            for above in order[i + 1:]:
                assert not _title_bar(below).colliderect(above.world_rect().inflate(-0.5, -0.5)), (n, width)
        room = hand.rect.height - 4 - HandView.PAGER_H >= shown[0].rect.height
        if hand.rows > hand.rows_shown and room:                    # the pager's line stays clear of the cards
            assert all(c.rect.top >= hand.rect.top + HandView.PAGER_H - 0.01 for c in shown), (n, width, height)
        seen = {c.cid for c in shown}
        while hand.scroll_rows(1):
            seen |= {c.cid for c in cards if c.visible}
        assert seen == {c.cid for c in cards}                       # scrolling reaches every card


def test_cards_leaving_a_hand_leave_the_others_at_their_size_and_a_card_coming_in_lays_it_out_afresh():
    """A sync makes the hand again at each move: the cards left after one is played keep their size
    (each new size is every card drawn again), while a card drawn, a new place or a new world lay the hand
    out as a hand of that many cards is laid out."""
    def synced(world, cids, rect=(0, 0, 600, 170)):
        world.clear()
        hand = world.add(HandView("hand", rect))
        hand.set_cards([CardView(c, (0, 0), FACE) for c in cids])
        return hand

    def fresh_width(cids, rect=(0, 0, 600, 170)):
        hand = HandView("hand", rect)
        hand.set_cards([CardView(c, (0, 0), FACE) for c in cids])
        return hand.cards[0].rect.width

    world = World()
    eight = [f"h{i}" for i in range(8)]
    width = synced(world, eight).cards[0].rect.width
    assert width < fresh_width(eight[:5])                 # five cards alone would lie larger
    for n in (7, 6, 5, 4):                                # played one by one: the others keep their size
        hand = synced(world, eight[:n])
        assert [c.rect.width for c in hand.cards] == [width] * n
        assert all(hand.rect.contains(c.rect.inflate(-1, -1)) for c in hand.cards)
    hand = synced(world, eight[:4] + ["new"])              # a card drawn: laid out afresh
    assert hand.cards[0].rect.width == fresh_width(eight[:4] + ["new"]) > width
    hand = synced(world, eight)
    assert synced(world, eight[:5], (0, 0, 640, 170)).cards[0].rect.width == fresh_width(eight[:5], (0, 0, 640, 170))
    assert synced(World(), eight[:5]).cards[0].rect.width == fresh_width(eight[:5])


def test_world_picks_topmost_first_and_indexes_hand_cards():
    world = World()
    zone = world.add(ZoneView("bin:0", (0, 0, 300, 200)))
    card = world.add(CardView("c1", (10, 10), FACE))
    hand = world.add(HandView("hand", (0, 300, 400, 180)))
    hand.set_cards([CardView("h1", (0, 0), FACE)])
    assert [v.cid for v in world.views_at((20, 20))] == ["c1", "bin:0"]
    assert world.get("h1") is hand.cards[0] and "h1" in world
    world.remove("h1")
    assert world.get("h1") is None and zone in world.all() and card in world.all()


def test_pile_count_badge_and_empty_outline_differ():
    cam = Camera((0, 0, 200, 200))
    pile = PileView("deck", (20, 20), count=7, label="Deck")
    a = pygame.Surface((200, 200))
    pile.draw(a, cam)
    pile.count = 0
    b = pygame.Surface((200, 200))
    pile.draw(b, cam)
    assert pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB")


def test_dice_roll_animates_then_the_result_stays():
    die = DiceView("d", (50, 50), value=1)
    die.roll(4, 0.5)
    seen = set()
    for _ in range(40):
        die.update(0.02)
        seen.add(die.shown_value())
    assert len(seen) > 1                      # it tumbled
    die.update(1.0)
    assert die.rolling == 0 and die.shown_value() == 4
    surface = pygame.Surface((120, 120))
    die.draw(surface, Camera((0, 0, 120, 120)))


# ------------------------------------------------------------------ camera


def test_camera_round_trip_and_rects():
    cam = Camera((100, 50, 800, 600), zoom=1.7, origin=(30, -20))
    for p in [(0, 0), (123.5, 77.25), (-40, 900)]:
        back = cam.to_world(cam.to_screen(p))
        assert back == pytest.approx(p)
    r = cam.rect_to_screen((10, 10, 100, 50))
    assert r.width == round(170) and r.height == round(85)
    assert cam.rect_to_world(r).width == pytest.approx(100, abs=1)


def test_wheel_zoom_keeps_the_point_under_the_cursor_and_clamps():
    cam = Camera((0, 0, 800, 600))
    mouse = (300, 200)
    cam.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=mouse, rel=(0, 0), buttons=(0, 0, 0)))
    anchor = cam.to_world(mouse)
    for _ in range(60):
        cam.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, precise_x=0.0, precise_y=1.0, flipped=False))
        assert cam.to_world(mouse) == pytest.approx(anchor)
    assert cam.zoom == camera_mod.MAX_ZOOM
    for _ in range(120):
        cam.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, precise_x=0.0, precise_y=-1.0, flipped=False))
    assert cam.zoom == camera_mod.MIN_ZOOM
    assert cam.to_world(mouse) == pytest.approx(anchor)


def test_right_drag_pans_but_a_right_click_is_left_for_inspect():
    cam = Camera((0, 0, 800, 600))
    ev = pygame.event.Event
    assert cam.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=(100, 100), button=3)) is False
    assert cam.handle_event(ev(pygame.MOUSEBUTTONUP, pos=(100, 100), button=3)) is False   # a click
    before = cam.to_world((400, 300))
    cam.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=(100, 100), button=3))
    for x in range(110, 200, 10):
        cam.handle_event(ev(pygame.MOUSEMOTION, pos=(x, 100), rel=(10, 0), buttons=(0, 0, 1)))
    assert cam.handle_event(ev(pygame.MOUSEBUTTONUP, pos=(190, 100), button=3)) is True
    after = cam.to_world((400, 300))
    assert after[0] < before[0]               # content followed the mouse to the right


def test_space_drag_and_middle_drag_pan_and_f_fits():
    cam = Camera((0, 0, 800, 600))
    ev = pygame.event.Event
    cam.handle_event(ev(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))
    assert cam.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=(100, 100), button=1))
    cam.handle_event(ev(pygame.MOUSEMOTION, pos=(150, 130), rel=(50, 30), buttons=(1, 0, 0)))
    cam.handle_event(ev(pygame.MOUSEBUTTONUP, pos=(150, 130), button=1))
    cam.handle_event(ev(pygame.KEYUP, key=pygame.K_SPACE, mod=0))
    assert cam.origin == pygame.Vector2(-50, -30)
    cam.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=(100, 100), button=2))
    cam.handle_event(ev(pygame.MOUSEMOTION, pos=(90, 100), rel=(-10, 0), buttons=(0, 1, 0)))
    cam.handle_event(ev(pygame.MOUSEBUTTONUP, pos=(90, 100), button=2))
    assert cam.origin.x == -40
    cam.fit_rect = pygame.Rect(0, 0, 1600, 600)
    cam.handle_event(ev(pygame.KEYDOWN, key=pygame.K_f, mod=0))
    tl, br = cam.to_screen((0, 0)), cam.to_screen((1600, 600))
    assert cam.viewport.collidepoint(tl) and cam.viewport.inflate(2, 2).collidepoint(br)


# ------------------------------------------------------------------ faces, icons, palette


def test_card_faces_are_cached_per_content_and_size():
    a = render_face(FACE, (110, 154))
    assert render_face(FACE, (110, 154)) is a
    assert render_face(CardFace(**{**FACE.__dict__}), (110, 154)) is a        # equal content, same surface
    assert render_face(FACE, (220, 308)) is not a and render_face(FACE, (220, 308)).get_size() == (220, 308)
    assert render_face(FACE, (110, 154), colorblind=True) is not a
    turned = render_face(FACE, (110, 154), angle=-90)
    assert turned.get_size() == (154, 110) and render_face(FACE, (110, 154), angle=-90) is turned
    back = render_back("Deck", (70, 80, 120), (110, 154))
    assert render_back("Deck", (70, 80, 120), (110, 154)) is back


def test_inline_icon_tokens_are_drawn_as_icons():
    with_icon = rich_text("Gain {energy} now", 12, 200)
    plain = rich_text("Gain now", 12, 200)
    assert pygame.image.tobytes(with_icon, "RGBA") != pygame.image.tobytes(plain, "RGBA")
    # a long text wraps to several lines; the icon takes room on a line
    assert rich_text("word " * 40 + "{coin}", 12, 100).get_height() > with_icon.get_height() * 3


def test_missing_icon_is_a_neutral_circle_and_cached():
    img = icons.icon("no_such_icon_anywhere", 18)
    assert img.get_size() == (18, 18) and icons.icon("no_such_icon_anywhere", 18) is img
    assert img.get_at((9, 9)).a > 0 and img.get_at((0, 0)).a == 0
    assert icons.icon("energy", (20, 24)).get_size() == (20, 24)   # present or not, never a crash


def test_colorblind_palette_adds_shapes_and_patterns():
    assert palette(True) is COLORBLIND and palette(False) is NORMAL
    assert len({COLORBLIND.seat_shape(i) for i in range(4)}) == 4
    assert len({COLORBLIND.seat_pattern(i) for i in range(4)}) == 4 and NORMAL.seat_pattern(2) == "plain"
    assert set(SHAPES) and set(PATTERNS)
    assert COLORBLIND.pattern_for_colour((1, 2, 3)) in PATTERNS


# ------------------------------------------------------------------ drag controller (no engine needed)


class _Explainer:
    def __init__(self):
        self.calls = []

    def __call__(self, source, target):
        self.calls.append((source, target))
        return IllegalAction("bad_target", "That cannot go there.")


def _controller(actions):
    world = World()
    world.add(ZoneView("slot", (300, 0, 200, 200)))
    world.add(ZoneView("elsewhere", (0, 300, 200, 200)))
    world.add(CardView("card", (0, 0), FACE))
    world.add(CardView("button_card", (600, 0), FACE))
    cam = Camera((0, 0, 900, 700))
    explain = _Explainer()
    return DragController(world, cam, lambda: actions, explain, snap_seconds=lambda: 0.2), world, explain


def _drag(ctrl, start, end, steps=6):
    ev = pygame.event.Event
    out = [ctrl.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=start, button=1))]
    for i in range(1, steps + 1):
        p = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
        out.append(ctrl.handle_event(ev(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0))))
    out.append(ctrl.handle_event(ev(pygame.MOUSEBUTTONUP, pos=end, button=1)))
    return out[-1]


def test_several_actions_for_one_drop_ask_the_player():
    a1 = Action.make("play", "card", "slot", mode="attack")
    a2 = Action.make("play", "card", "slot", mode="defend")
    ctrl, world, _ = _controller([a1, a2, Action.make("play", "card", "other")])
    result = _drag(ctrl, (50, 70), (400, 100))
    assert result.kind == "choose" and result.actions == [a1, a2] and result.target == "slot"


def test_drag_highlights_targets_and_a_bad_drop_snaps_back():
    act = Action.make("play", "card", "slot")
    ctrl, world, explain = _controller([act])
    assert ctrl.highlights() == {"card": "source"}
    ev = pygame.event.Event
    ctrl.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=(50, 70), button=1))
    ctrl.handle_event(ev(pygame.MOUSEMOTION, pos=(80, 320), rel=(30, 250), buttons=(1, 0, 0)))
    assert ctrl.dragging and ctrl.highlights() == {"slot": "target", "card": "selected"}
    result = ctrl.handle_event(ev(pygame.MOUSEBUTTONUP, pos=(80, 320), button=1))
    assert result.kind == "refuse" and result.reason.code == "bad_target"
    assert explain.calls == [("card", "elsewhere")]
    card = world.get("card")
    assert card.offset.length() > 0 and ctrl.snapping
    for _ in range(30):
        ctrl.update(0.02)
    assert card.offset == pygame.Vector2() and not ctrl.snapping


def test_clicks_untargeted_actions_and_click_then_click_targets():
    use = Action.make("use", "button_card")
    put = Action.make("play", "card", "slot")
    ctrl, world, _ = _controller([use, put])
    ev = pygame.event.Event
    ctrl.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=(650, 70), button=1))
    result = ctrl.handle_event(ev(pygame.MOUSEBUTTONUP, pos=(650, 70), button=1))
    assert result.kind == "apply" and result.action == use
    ctrl.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=(50, 70), button=1))
    ctrl.handle_event(ev(pygame.MOUSEBUTTONUP, pos=(50, 70), button=1))
    assert ctrl.selected == "card" and ctrl.highlights()["slot"] == "target"
    result = ctrl.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=(400, 100), button=1))
    assert result.kind == "apply" and result.action == put and ctrl.selected is None


def test_nothing_is_picked_up_when_no_action_names_it():
    ctrl, world, _ = _controller([Action.make("draw")])
    assert _drag(ctrl, (50, 70), (400, 100)) is None
    assert world.get("card").offset == pygame.Vector2()


# ------------------------------------------------------------------ animator and toasts


def test_animator_slides_from_the_old_place_and_a_skip_ends_it():
    world = World()
    card = world.add(CardView("c", (0, 0), FACE))
    before = snapshot_positions(world)
    card.rect.topleft = (300, 200)
    anim = Animator(world, lambda: 0.3)
    anim.play([Event("move", "k", {}, "c", "bin"), Event("damage", "k", {}, None, "c")], before)
    assert card.world_rect().topleft == pytest.approx((0, 0)) and anim.busy
    anim.update(0.15)
    mid = card.world_rect().topleft
    assert 0 < mid[0] < 300
    anim.update(0.2)
    assert card.offset == pygame.Vector2() and anim.busy       # the flash is next
    anim.update(0.1)
    assert card.flash > 0
    anim.skip_all()
    assert not anim.busy and card.flash == 0


def test_animation_speed_off_plays_nothing():
    world = World()
    card = world.add(CardView("c", (0, 0), FACE))
    die = world.add(DiceView("d", (200, 200), value=6))
    before = snapshot_positions(world)
    card.rect.topleft = (300, 200)
    anim = Animator(world, lambda: 0.0)
    anim.play([Event("move", "k", {}, "c", "bin"), Event("roll", "k", {"value": 6}, "d")], before)
    assert not anim.busy and card.offset == pygame.Vector2() and die.shown_value() == 6


def test_rolls_and_flips_animate():
    world = World()
    card = world.add(CardView("c", (0, 0), FACE))
    die = world.add(DiceView("d", (200, 200), value=2))
    anim = Animator(world, lambda: 0.2)
    anim.play([Event("flip", "k", {}, "c"), Event("roll", "k", {"value": 2}, "d")], {})
    assert card.flip == 0.0
    anim.update(0.1)
    assert 0 < card.flip < 1
    surface = pygame.Surface((400, 400))
    card.draw(surface, Camera((0, 0, 400, 400)))     # the half-turned card draws
    anim.update(0.11)
    anim.update(0.01)
    assert die.rolling > 0
    for _ in range(40):
        anim.update(0.02)
        world.update(0.02)
    assert not anim.busy and die.shown_value() == 2


def test_toasts_fade_after_three_seconds():
    toasts = Toasts()
    toasts.show("That bin is full.", "error")
    surface = pygame.Surface((800, 600))
    toasts.draw(surface, surface.get_rect())
    assert surface.get_bounding_rect().width > 0
    toasts.update(LIFETIME - 0.2)
    toasts.draw(surface, surface.get_rect())
    assert toasts.texts == ["That bin is full."]
    toasts.update(0.3)
    assert toasts.texts == []


def test_a_zoom_step_renders_new_faces_within_a_per_frame_budget():
    world = World()
    faces = [CardFace(title=f"Budget {i}", text="x") for i in range(3 * cardface.BUDGET)]
    for i, face in enumerate(faces):
        world.add(CardView(f"b{i}", ((i % 12) * 115, (i // 12) * 160), face))
    cam = Camera((0, 0, 1400, 1000))
    surface = pygame.Surface((1400, 1000))
    cardface.new_frame()
    world.draw(surface, cam)                      # first sight of each face: rendered at once
    cam.zoom_at((0, 0), 1.12)
    for frame in range(4):
        before = cardface.cache_info()["face"].misses
        cardface.new_frame()
        world.draw(surface, cam)
        assert cardface.cache_info()["face"].misses - before <= cardface.BUDGET
    size = world.get("b0").screen_rect(cam).size
    assert all(cardface._seen[("face", f, False, 0)].get(size, 1) is None for f in faces)


def test_cards_drawn_from_a_scaled_copy_are_painted_again_until_the_kept_picture_is_crisp():
    from ui.table.scene import TableCloth

    world = World()
    faces = [CardFace(title=f"Stand-in {i}", text="x y z") for i in range(4 * cardface.BUDGET)]
    for i, face in enumerate(faces):
        world.add(CardView(f"s{i}", ((i % 6) * 115, (i // 6) * 160), face))
    cam = Camera((0, 0, 900, 700))
    cloth = TableCloth((40, 90, 60), (50, 100, 70))
    kept = pygame.Surface((900, 700))
    cardface.new_frame()
    world.draw_cached(kept, cam, cloth)               # first sight: every face rendered at once
    cam.zoom_at((0, 0), 1.12)
    drawn = cardface.stand_ins()
    cardface.new_frame()
    world.draw_cached(kept, cam, cloth)
    assert cardface.stand_ins() > drawn and world.unfinished    # over budget: some faces are scaled copies
    _settles_to_a_fresh_paint(world, kept, cam, cloth, frames=8)


def _settles_to_a_fresh_paint(world, kept, cam, cloth, frames: int, first_sight_at_once: bool = True) -> None:
    """After ``frames`` more frames the kept picture has no stand-in left and is the picture painted from scratch."""
    for _ in range(frames):
        cardface.new_frame(first_sight_at_once=first_sight_at_once)
        world.draw_cached(kept, cam, cloth)
    assert not world.unfinished
    fresh = pygame.Surface(kept.get_size())
    world.cache_enabled = False
    world.draw_cached(fresh, cam, cloth)
    assert pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(fresh, "RGB")


def test_faces_seen_for_the_first_time_after_a_tables_first_picture_come_within_the_budget():
    """A hand's hidden row coming into view as the turn passes showed every one of its faces rendered in
    the move's own frame; now only a table's first picture renders first sights at once, later ones wait
    their turn with the face's frame and title bar standing in, and the picture ends the same."""
    from ui.table.scene import TableCloth

    world = World()
    first = [CardFace(title=f"Seen {i}", text="a b c") for i in range(3)]
    for i, face in enumerate(first):
        world.add(CardView(f"f{i}", (i * 115, 0), face))
    cam = Camera((0, 0, 900, 700))
    cloth = TableCloth((40, 90, 60), (50, 100, 70))
    kept = pygame.Surface((900, 700))
    before = cardface.cache_info()["face"].misses
    cardface.new_frame(first_sight_at_once=True)
    world.draw_cached(kept, cam, cloth)
    assert cardface.cache_info()["face"].misses - before == len(first)      # the first picture: all at once
    later = [CardFace(title=f"Later {i}", text="d e f") for i in range(3 * cardface.BUDGET)]
    for i, face in enumerate(later):
        world.add(CardView(f"l{i}", ((i % 6) * 115, 200 + (i // 6) * 160), face))
    before, drawn = cardface.cache_info()["face"].misses, cardface.stand_ins()
    cardface.new_frame(first_sight_at_once=False)
    world.draw_cached(kept, cam, cloth)
    assert cardface.cache_info()["face"].misses - before <= cardface.BUDGET
    assert cardface.stand_ins() - drawn >= len(later) - cardface.BUDGET and world.unfinished
    _settles_to_a_fresh_paint(world, kept, cam, cloth, frames=len(later), first_sight_at_once=False)


def test_a_table_renders_first_sights_at_once_on_its_first_picture_and_at_a_new_size(pygame_session, tmp_path):
    import toytable as tt

    from ui.app import App
    from ui.settings import Settings

    app = App(settings=Settings(tmp_path / "s.json"), smoke=True)
    app.scenes.switch(tt.ToyTable, session=tt.toy_session())
    scene = app.scenes.top
    seen = []
    real = cardface.new_frame
    app_frames = iter(range(10_000, 20_000))

    def watch(frame=None, first_sight_at_once=True):
        seen.append(first_sight_at_once)
        real(next(app_frames), first_sight_at_once)
    cardface.new_frame = watch
    try:
        scene.draw(pygame.Surface(app.size))
        scene.draw(pygame.Surface(app.size))
        scene.draw(pygame.Surface((app.size[0] - 100, app.size[1])))
        scene.draw(pygame.Surface((app.size[0] - 100, app.size[1])))
    finally:
        cardface.new_frame = real
    assert seen == [True, False, True, False]    # first picture, same, new size, same
    app.scenes.switch("menu")


def test_a_zone_drawn_in_pieces_is_the_zone_picture_blitted_at_every_size_look_and_background():
    import random

    from ui.table import views as views_mod

    rng = random.Random(3)
    for _ in range(150):
        w, h, r = rng.randint(5, 900), rng.randint(5, 600), rng.randint(2, 14)
        fill = (rng.randint(0, 255), rng.randint(0, 255), rng.randint(0, 255), rng.choice([60, 215, 235, 255]))
        line = rng.choice([(120, 130, 140), (200, 100, 50, 180), fill])
        for flags in (0, pygame.SRCALPHA):                 # onto the table's picture, onto a view's own surface
            under = pygame.Surface((w + 30, h + 30), flags)
            under.fill((rng.randint(0, 255), 90, 40, 200))
            want, got = under.copy(), under.copy()
            want.blit(views_mod.zone_fill((w, h), fill, line, r), (7, 11))
            views_mod.draw_zone(got, pygame.Rect(7, 11, w, h), fill, line, r)
            assert pygame.image.tobytes(got, "RGBA") == pygame.image.tobytes(want, "RGBA"), (w, h, r, fill, line)
    before = views_mod.zone_fill.cache_info().currsize
    for w in range(400, 440):                             # a panel laid out again at new widths: no picture kept a size
        views_mod.draw_zone(pygame.Surface((500, 300)), pygame.Rect(0, 0, w, 250), (20, 24, 30, 235), (120, 130, 140), 10)
    assert views_mod.zone_fill.cache_info().currsize <= before + 1


def test_changed_areas_in_a_chain_are_not_joined_into_one_that_covers_the_table():
    """A strip along the bottom and a column of small changes above it, each touching the next: joined
    pairwise, the area grew until it took them all (a Heroes move repainted the whole table); the areas
    painted now stay near what changed, and the picture is the one painted from scratch."""
    from ui.table.scene import TableCloth
    from ui.table.views import ZoneView

    world = World()
    cam = Camera((0, 0, 1200, 900))
    cloth = TableCloth((40, 90, 60), (50, 100, 70))
    world.add(ZoneView("strip", (0, 700, 1200, 200)))
    tiles = [world.add(ZoneView(f"t{i}", (300 + 10 * i, 580 - 130 * i, 90, 90))) for i in range(5)]
    kept = pygame.Surface((1200, 900))
    world.draw_cached(kept, cam, cloth)
    world.get("strip").rect.y = 705
    for t_ in tiles:
        t_.rect.x += 4
    world.draw_cached(kept, cam, cloth)
    painted = sum(r.width * r.height for r in world.painted)
    assert painted < 0.6 * 1200 * 900, world.painted
    fresh = pygame.Surface((1200, 900))
    world.cache_enabled = False
    world.draw_cached(fresh, cam, cloth)
    assert pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(fresh, "RGB")


def test_a_hands_new_cards_are_found_as_a_fresh_walk_would_find_them():
    """HandView.set_cards swaps its cards in the world's lookup instead of a walk over every view: after
    hands are refilled, emptied, given another hand's card (a card that moved) and a card whose id
    another view has, the lookup is exactly what a fresh walk gives."""
    from ui.table.views import CardView, HandView, PileView, World

    world = World()
    world.add(PileView("deck", (0, 0, 60, 80)))
    a = world.add(HandView("hand:a", (0, 100, 400, 120)))
    b = world.add(HandView("hand:b", (0, 300, 400, 120)))

    def cards(*ids):
        return [CardView(c, (0, 0, 60, 84)) for c in ids]

    def fresh():
        return {v.cid: v for v in world.all()}

    world.get("deck")                                  # the lookup is built
    for step in (lambda: a.set_cards(cards("c1", "c2", "c3")), lambda: b.set_cards(cards("c4")),
                 lambda: a.set_cards(cards("c1", "c5")), lambda: b.set_cards(cards("c4", "c2")),
                 lambda: a.set_cards([]), lambda: b.set_cards(cards("deck"))):
        step()
        assert world._index is None or world._index == fresh()
        assert world.index() == fresh()
    assert world.get("c3") is None and world.get("c2") is None and world.get("deck").parent is b


def test_a_wide_fill_split_at_an_aligned_column_gives_the_same_pixels_as_one_fill():
    """fill_rect fills the narrow head on its own so the wide part starts on a 64-byte boundary: the
    pixels are those of one surface.fill, at every start column, width and clip."""
    import random

    from ui.table.views import fill_rect

    rng = random.Random(5)
    base = pygame.Surface((704, 90)).convert(pygame.display.get_surface())    # rows of 44 x 64 bytes
    base.fill((12, 200, 7))
    assert base.copy()._pixels_address % 64 == 0                                 # the split is taken
    for _ in range(300):
        rect = pygame.Rect(rng.randint(-20, 650), rng.randint(-10, 80), rng.randint(0, 400), rng.randint(0, 60))
        clip = rng.choice([None, pygame.Rect(rng.randint(0, 300), 0, rng.randint(1, 400), 90)])
        want, got = base.copy(), base.copy()
        for s in (want, got):
            s.set_clip(clip)
        want.fill((200, 30, 90), rect)
        fill_rect(got, (200, 30, 90), rect)
        assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(want, "RGB"), (rect, clip)


def test_icons_and_art_are_rasterised_into_the_windows_pixel_format():
    """An SVG rasterises with red and blue swapped against the window, and pygame-ce blits such a surface by
    its slow general path (about 40x slower): icons and art are converted once, when a window exists."""
    from ui.table import art, icons

    window = pygame.display.get_surface().convert_alpha()
    for surf in (icons.icon("energy", 37), art.art("common", "pawn", 41, (1, 2, 3)),
                 art.art("surfaces", "rangers", (64, 64))):
        assert surf.get_flags() & pygame.SRCALPHA
        assert surf.get_masks() == window.get_masks(), surf.get_masks()
