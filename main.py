"""Tabletop Dojo: `python main.py` opens the app; `python main.py --smoke-test N` drives every scene for N frames."""
from __future__ import annotations

import sys


def main() -> int:
    from ui.app import main as app_main

    return app_main(sys.argv[1:])


if __name__ == "__main__":
    if getattr(sys, "frozen", False):      # searching bots think in a worker process, also in the frozen build
        import multiprocessing             # (freeze_support does nothing unfrozen: spare the import at start-up)

        multiprocessing.freeze_support()
    sys.exit(main())
