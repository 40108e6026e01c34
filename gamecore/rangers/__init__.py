"""Descriptor only until this game's engine lands (the menu shows it as in preparation)."""
from gamecore.engine import GameInfo

INFO = GameInfo(
    id="rangers",
    title="game.rangers.title",
    pitch="game.rangers.pitch",
    min_players=2,
    max_players=5,
    coop=True,
)
