"""Descriptor only: this game's engine has not landed yet, so the menu shows it as in preparation."""
from gamecore.engine import GameInfo

INFO = GameInfo(
    id="galaxy",
    title="game.galaxy.title",
    pitch="game.galaxy.pitch",
    min_players=2,
    max_players=4,
    coop=False,
)
