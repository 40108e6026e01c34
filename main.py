"""Tabletop Dojo: `python main.py` opens the app; `python main.py --smoke-test N` drives every scene for N frames."""
from __future__ import annotations

import multiprocessing
import sys


def main() -> int:
    from ui.app import main as app_main

    return app_main(sys.argv[1:])


if __name__ == "__main__":
    multiprocessing.freeze_support()   # searching bots think in a worker process, also in the frozen build
    sys.exit(main())
