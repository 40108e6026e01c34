"""Where the shipped assets live, from a source checkout or a frozen (PyInstaller) build."""
from __future__ import annotations

import os
import sys
from pathlib import Path

ASSETS_ENV = "TABLETOP_DOJO_ASSETS"   # an alternative assets folder (content tests, modding)


def asset_root() -> Path:
    override = os.environ.get(ASSETS_ENV)
    if override:
        return Path(override)
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        return Path(frozen_root) / "assets"
    return Path(__file__).resolve().parent.parent / "assets"


def asset_path(*parts: str) -> Path:
    """Absolute path of a file under assets/ (works when frozen too)."""
    return asset_root().joinpath(*parts)
