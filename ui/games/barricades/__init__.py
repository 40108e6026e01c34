"""The Thunderstone Quest — Barricades Mode table (``TABLE_SCENE``): the village under siege, the
market, the dungeon and the Guardian, the dice tray and the heroes, played by drag and drop over the
barricades engine, and the medals screen (``EXTRA_SCREEN``). See table.py for the input and layout.py
for the world layout."""
from __future__ import annotations


def __getattr__(name):
    # the scene pulls in pygame_gui: import it only when asked for
    if name == "TABLE_SCENE":
        from .table import BarricadesTable
        return BarricadesTable
    if name == "EXTRA_SCREEN":      # (button label key, scene): the medals, on the setup and results screens
        from .medals_screen import MedalsScene
        return ("barricades.ui.medals.open", MedalsScene)
    raise AttributeError(name)
