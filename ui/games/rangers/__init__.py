"""The Heroes of the Grid table (``TABLE_SCENE``): the city, the power board, the team's panels and the
battle board, played by drag and drop over the rangers engine."""
from __future__ import annotations


def __getattr__(name):
    # the scene pulls in pygame_gui: import it only when asked for
    if name == "TABLE_SCENE":
        from .table import RangersTable
        return RangersTable
    if name == "EXTRA_SCREEN":      # (button label key, scene): each seat chooses its ranger, from the setup
        from .picker import RangerPickScene
        return ("rangers.pick.open", RangerPickScene)
    raise AttributeError(name)
