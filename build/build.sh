#!/usr/bin/env bash
# Build the one-folder app and the one-file executable into dist/ (Linux; same spec on Windows/macOS).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install -q -e ".[build]"
python3 -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath dist --workpath build/work build/tabletop_dojo.spec
ls -l dist
echo "one folder: dist/TabletopDojo/TabletopDojo   one file: dist/TabletopDojo-onefile"
