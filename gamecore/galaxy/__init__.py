"""Galaxy Hunters (game id ``galaxy``): land agent ships on planets, arm a mech, hunt mutants for DNA
and reputation, complete missions; nine rounds, the most VP wins.

Modules: ``content`` (data files and validation), ``state`` (setup, draft, turns, maintenance,
combat, invasions), ``combat`` (attack arithmetic), ``abilities`` (pilot abilities, pilot upgrades and
specialists through the Dispatcher), ``scoring`` (final scoring and ties), ``evaluation`` (bots'
heuristics), ``testing`` (scenario helpers for the tests). API.md lists every id, decision, action
and event kind for the table; NOTES.md the tuning figures and every number we changed.
"""
from gamecore.engine import GameInfo

from .content import check_content
from .state import GalaxyState


def _factory(seed, players, options):
    return GalaxyState.new(seed, players, options)


INFO = GameInfo(
    id="galaxy",
    title="game.galaxy.title",
    pitch="game.galaxy.pitch",
    min_players=2,
    max_players=4,
    coop=False,
    engine_version=GalaxyState.ENGINE_VERSION,
    bot_levels=("easy", "normal", "hard"),
    factory=_factory,
    loader=GalaxyState._load,
    check_content=check_content,
)

__all__ = ["INFO", "GalaxyState"]
