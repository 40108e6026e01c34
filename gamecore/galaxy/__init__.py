"""Galaxy Hunters (game id ``galaxy``): land agent ships on planets, arm a mech, hunt mutants for DNA
and reputation, complete missions; nine rounds, the most VP wins.

Modules: ``content`` (data files and validation), ``state`` (setup, draft, turns, maintenance,
combat, invasions), ``combat`` (attack arithmetic), ``abilities`` (pilot abilities, pilot upgrades and
specialists through the Dispatcher), ``scoring`` (final scoring and ties), ``evaluation`` (bots'
heuristics), ``testing`` (scenario helpers for the tests). API.md lists every id, decision, action
and event kind for the table; NOTES.md the tuning figures and every number we changed.
"""
from gamecore.engine import GameInfo

# The rules' version (saves made by another version are refused). Written here so that listing the games
# (the menu at start-up) does not import the rules engine; state.py takes its number from here.
ENGINE_VERSION = 5


def _factory(seed, players, options):
    from .state import GalaxyState

    return GalaxyState.new(seed, players, options)


def _load(data):
    from .state import GalaxyState

    return GalaxyState._load(data)


def check_content():
    from .content import check_content as check

    return check()


INFO = GameInfo(
    id="galaxy",
    title="game.galaxy.title",
    pitch="game.galaxy.pitch",
    min_players=2,
    max_players=4,
    coop=False,
    engine_version=ENGINE_VERSION,
    bot_levels=("easy", "normal", "hard"),
    factory=_factory,
    loader=_load,
    check_content=check_content,
)

__all__ = ["ENGINE_VERSION", "INFO", "GalaxyState"]


def __getattr__(name):
    if name == "GalaxyState":           # imported on first use, not when the games are listed
        from .state import GalaxyState

        return GalaxyState
    raise AttributeError(name)
