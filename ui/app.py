"""The window, the clock, the SceneManager and top-level event routing (60 fps).

Loop order (STYLE.md §16): pygame_gui sees each event first; what it does not consume goes to the
scene; then manager.update, scene.update, scene.draw, manager.draw_ui, flip.
"""
from __future__ import annotations

import argparse
import gc
import html
import os
import sys
import time
import traceback

_T0 = time.perf_counter()

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pygame_gui  # noqa: E402

from gamecore import persistence  # noqa: E402
from ui import audio, i18n, notices  # noqa: E402
from ui.scenes.base import SceneManager  # noqa: E402
from ui.settings import Settings  # noqa: E402
from ui.theme import build_theme  # noqa: E402

DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (1024, 700)   # the setup of the game with the most options still fits
FPS = 60
QUIET = 1.5      # seconds after the last input over a widget during which every frame is drawn (its hover
                 # fade, its tooltip's delay)
SETTLE = 0.25    # the same after an input anywhere else (nothing of pygame_gui's changes by itself there)
# CPython's cycle collector runs its young generation every 700 net new container objects: about once in
# each Heroes of the Grid move's frame (0.8-1 ms, more when the middle generation goes too). Frames that
# handle input pause it; still frames collect what waits once there are this many.
GC_STILL = 700
IDLE = 300.0     # after this long without input, time at a table no longer counts as time played
REST_MS = 250    # while the picture is still, the loop sleeps until an event arrives or this long has passed


def initial_size(saved, desktop) -> tuple[int, int]:
    """The window's first size: the one it had when last closed (if it still fits the desktop), else
    most of the desktop, never below MIN_SIZE nor above the desktop."""
    if not desktop or desktop[0] <= 0 or desktop[1] <= 0:
        return DEFAULT_SIZE
    dw, dh = desktop
    if saved:
        w, h = saved
    else:
        w, h = max(DEFAULT_SIZE[0], int(dw * 0.85)), max(DEFAULT_SIZE[1], int(dh * 0.85))
    # leave room for a title bar and a task bar on a desktop with a window manager
    w, h = min(w, dw), min(h, dh - 60 if dh > MIN_SIZE[1] + 60 else dh)
    return max(MIN_SIZE[0], w), max(MIN_SIZE[1], h)


def _open_stats_book(memory: bool):
    from ui.scenes.stats import open_book

    return open_book(memory=memory)


class App:
    def __init__(self, size=None, settings: Settings | None = None, smoke: bool = False):
        pygame.init()
        self.smoke = smoke
        self.settings = settings or Settings.load()
        audio.setup(self.settings)      # sound effects follow the settings' volume and mute
        i18n.set_language(self.settings.get("language"))
        i18n.check_catalogs()
        for where, problem in i18n.problem_files():     # said at start, not hidden behind raw keys
            notices.post("notice.catalog_broken", file=where, reason=notices.reason(problem),
                         fallback="The interface text catalog {file} is broken: {reason}.")
        pygame.display.set_caption("Tabletop Dojo")
        self._set_icon()
        if size is None:
            desktops = pygame.display.get_desktop_sizes() if not smoke else []
            size = initial_size(self.settings.get("window_size"), desktops[0] if desktops else None)
        flags = pygame.RESIZABLE
        if self.settings.get("window_mode") == "fullscreen" and not smoke:
            flags |= pygame.FULLSCREEN
            size = (0, 0)
        self.screen = pygame.display.set_mode(size, flags)
        self.size = self.screen.get_size()
        self.manager = pygame_gui.UIManager(self.size, build_theme(ui_scales=()), enable_live_theme_updates=False)
        self.clock = pygame.time.Clock()
        self.scenes = SceneManager(self)
        self.running = True
        self.frame_times: list[float] = []
        self.notice_boxes: list = []
        self.first_frame_ms: float | None = None
        self.quiet = 0.0                 # seconds since the last event
        self.drawn_frames = 0
        self.skipped_frames = 0          # frames not drawn: nothing had changed (idle cost)
        self._drawn_scene = None
        self._resting = False            # the last frame was skipped: the next waits for an event
        self.storage_problem = persistence.storage_problem()
        from gamecore.stats import Tracker

        # the statistics book is read when first needed (a table opens, results, the statistics screen)
        self.stats = Tracker(lambda: _open_stats_book(memory=smoke))
        self._register_scenes()

    def _set_icon(self) -> None:
        from ui.resources import resource_path

        path = resource_path("icons", "app.png")
        try:
            if path.exists():
                pygame.display.set_icon(pygame.image.load(str(path)))
        except pygame.error:
            pass

    def _register_scenes(self) -> None:
        # by name: each scene's module is imported when the scene is first opened
        for name, path in (("menu", "ui.scenes.menu:MenuScene"), ("setup", "ui.scenes.setup:SetupScene"),
                           ("settings", "ui.scenes.settings:SettingsScene"), ("load", "ui.scenes.load:LoadScene"),
                           ("rules", "ui.scenes.rules:RulesScene"), ("results", "ui.scenes.results:ResultsScene"),
                           ("stats", "ui.scenes.stats:StatsScene")):
            self.scenes.register(name, path)

    # ------------------------------------------------------------------ window
    def toggle_fullscreen(self) -> None:
        fullscreen = not (self.screen.get_flags() & pygame.FULLSCREEN)
        try:
            if fullscreen:
                self._windowed_size = self.size
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                self.screen = pygame.display.set_mode(getattr(self, "_windowed_size", DEFAULT_SIZE), pygame.RESIZABLE)
        except pygame.error:
            return
        self.settings.set("window_mode", "fullscreen" if fullscreen else "windowed")
        self.on_resize(self.screen.get_size())

    def on_resize(self, size) -> None:
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        self.size = size
        if self.screen.get_size() != size and not (self.screen.get_flags() & pygame.FULLSCREEN):
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.manager.set_window_resolution(size)
        self.scenes.resize()

    def set_ui_scale(self, pct) -> None:
        """Keep the chosen table scale (None: from the window size); every scene lays itself out again."""
        if self.settings.set("ui_scale", pct):
            self.scenes.resize()

    def ui_scale(self) -> float:
        return self.settings.ui_scale(self.size)

    def set_language(self, lang: str) -> None:
        self.settings.set("language", lang)
        i18n.set_language(lang)
        self.scenes.resize()  # rebuild every widget with the new catalog

    def table_session(self):
        """The session of the game table open in the scene stack (under any overlay), None when none is;
        the replay viewer's read-only tables do not count (for the statistics)."""
        kit = sys.modules.get("ui.table.scene")
        if kit is None:
            return None
        for scene in reversed(self.scenes.stack):
            if isinstance(scene, kit.TableScene) and not getattr(scene, "read_only", False):
                return scene.session
        return None

    def quit(self) -> None:
        if not self.smoke:
            self.running = False

    # ------------------------------------------------------------------ loop
    def dispatch(self, event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self.on_resize((event.w, event.h))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        consumed = self.manager.process_events(event)
        scene = self.scenes.top
        if scene is not None and (not consumed or event.type == pygame_gui.UI_BUTTON_PRESSED
                                  or event.type >= pygame.USEREVENT):
            scene.handle_event(event)

    def show_notices(self) -> None:
        """Open a message box for each file problem posted since the last frame (ui.notices)."""
        from ui.scenes.common import message

        from ui import fonts

        for i, text in enumerate(notices.take()):
            # wrapped here (Japanese has no spaces: pygame_gui would hyphenate it), then escaped
            lines = fonts.wrap(text, 16, 520 - 56)
            box = message(self.manager, "dialog.file_problem", "<br>".join(html.escape(ln) for ln in lines),
                          size=(520, 280))
            box.set_position((box.rect.x + 24 * i, box.rect.y + 24 * i))
            if getattr(box, "dismiss_button", None) is not None:
                box.dismiss_button.set_text(i18n.t("common.ok"))     # pygame_gui's own label is English
            self.notice_boxes.append(box)

    def frame(self, dt: float) -> None:
        self.frame_number = getattr(self, "frame_number", 0) + 1
        noticed = notices.has_pending()
        if noticed:
            self.show_notices()
        if self.scenes.top is not None:
            self.scenes.top.before_input()
        events = pygame.event.get()
        # a frame that handles input (a drop applies a move in it) does not stop to collect cycles: what
        # it leaves is collected from the next frame on, or in a still frame (GC_STILL)
        paused = bool(events) and gc.isenabled()
        if paused:
            gc.disable()
        try:
            self._handle_and_draw(dt, events, noticed)
        finally:
            if paused:
                gc.enable()

    def _handle_and_draw(self, dt: float, events: list, noticed: bool) -> None:
        for event in events:
            self.dispatch(event)
        self.manager.update(dt)
        scene = self.scenes.top
        if scene is not None:
            scene.update(dt)
            scene = self.scenes.top
        self.quiet = 0.0 if events or noticed else self.quiet + dt
        self.stats.frame(self.table_session(), dt, active=self.quiet < IDLE)
        # with nothing moving and no input for a moment, the picture on screen is still right: keep it
        settle = QUIET if self.manager.get_hovering_any_element() else SETTLE
        if (scene is not None and scene is self._drawn_scene and self.quiet >= settle and scene.is_still()
                and self.first_frame_ms is not None):
            self.skipped_frames += 1
            self._resting = scene.may_rest()
            if gc.get_count()[0] >= GC_STILL:
                gc.collect(1)            # the person is looking: the cycles of the last moves go now
            return
        self._resting = False
        if scene is not None:
            scene.draw(self.screen)
        self._drawn_scene = scene
        self.manager.draw_ui(self.screen)
        pygame.display.flip()
        self.drawn_frames += 1
        if self.first_frame_ms is None:
            self.first_frame_ms = (time.perf_counter() - _T0) * 1000.0

    def tick(self) -> float:
        """Wait for the next frame and return the seconds since the last one. After a frame with nothing
        to draw, sleep until an event arrives (or REST_MS) instead of running a whole frame 60 times a
        second: a table waiting for the person then costs almost nothing, and the first input is still
        handled within a frame. (pygame.event.wait polls and costs more than these short sleeps.)"""
        if self._resting:
            end = time.perf_counter() + REST_MS / 1000.0
            while time.perf_counter() < end and not pygame.event.peek() and not notices.has_pending():
                time.sleep(1.0 / FPS)
        return self.clock.tick(FPS) / 1000.0

    def run(self) -> int:
        self.scenes.switch("menu")
        while self.running:
            dt = self.tick()
            began = time.perf_counter()
            self.frame(dt)
            self.frame_times.append((time.perf_counter() - began) * 1000.0)
            if len(self.frame_times) > 600:
                del self.frame_times[:300]
        for scene in list(self.scenes.stack):
            scene.flush()                # a table's autosave of the last move, if still due
        self.remember_window()
        self.stats.close()
        return 0

    def remember_window(self) -> None:
        """Keep the windowed size for the next start (a fullscreen session keeps the size before it)."""
        if self.smoke:
            return
        size = self.size if not (self.screen.get_flags() & pygame.FULLSCREEN) else getattr(self, "_windowed_size", None)
        if size and list(size) != self.settings.get("window_size"):
            self.settings.set("window_size", [int(size[0]), int(size[1])])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="tabletop-dojo", description="Tabletop Dojo")
    from gamecore.__main__ import positive_int

    parser.add_argument("--smoke-test", type=positive_int, metavar="FRAMES",
                        help="drive every scene for FRAMES frames with synthetic input, then exit")
    parser.add_argument("--lang", choices=i18n.LANGUAGES, help="interface language (kept as the setting for later runs)")
    parser.add_argument("--verbose", action="store_true", help="debug lines (video driver, timings) on stderr")
    parser.add_argument("--first-frame", action="store_true",
                        help="open the menu, draw one frame and exit (start-up benchmark)")
    args = parser.parse_args(argv)
    import logging

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING, format="%(name)s: %(message)s")
    if args.smoke_test is not None:
        from ui.smoke import run_smoke

        return run_smoke(args.smoke_test, lang=args.lang)
    try:
        app = App()
        if args.lang:
            app.set_language(args.lang)
        logging.getLogger("tabletop-dojo").debug("video driver: %s", pygame.display.get_driver())
        if args.first_frame:
            app.scenes.switch("menu")
            app.frame(0.0)
            print(f"first frame after {app.first_frame_ms:.0f} ms", file=sys.stderr)
            return 0
        return app.run()
    except Exception:
        traceback.print_exc()
        return 1
    finally:
        pygame.quit()


if __name__ == "__main__":
    sys.exit(main())
