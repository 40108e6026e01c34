"""Where the shipped assets live, from a source checkout or a frozen (PyInstaller) build."""
from __future__ import annotations

import sys
from pathlib import Path


def asset_root() -> Path:
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        return Path(frozen_root) / "assets"
    return Path(__file__).resolve().parent.parent / "assets"


def asset_path(*parts: str) -> Path:
    """Absolute path of a file under assets/ (works when frozen too)."""
    return asset_root().joinpath(*parts)
