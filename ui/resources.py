"""Absolute paths of shipped files, from a checkout or a frozen build (one helper for all of ui/)."""
from __future__ import annotations

import os
from pathlib import Path

from gamecore.resources import asset_path, asset_root

__all__ = ["asset_path", "asset_root", "resource_path", "font_path"]


def resource_path(*parts: str) -> Path:
    """A path under assets/ that also works inside a PyInstaller bundle (sys._MEIPASS)."""
    return asset_path(*parts)


def font_path(bold: bool = False) -> str:
    """Noto Sans JP as shipped by pygame_gui (SIL OFL 1.1): covers Latin and Japanese, no tofu."""
    import pygame_gui  # located through the package so it works frozen as well

    data = Path(os.path.dirname(pygame_gui.__file__)) / "data"
    return str(data / ("NotoSansJP-Bold.otf" if bold else "NotoSansJP-Regular.otf"))
