#!/bin/sh
# Creates a Python venv holding OpenSpiel 2.0.2 for crates/hex-tools/openspiel_gtp.py.
# Usage: crates/hex-tools/setup-openspiel.sh [VENV_DIR]   (default: target/openspiel-venv)
# The venv lives under target/, which git ignores. Needs python3 (3.11 has a
# manylinux wheel on PyPI) with the venv module.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
venv=${1:-"$root/target/openspiel-venv"}
python=${PYTHON:-python3}
if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check open_spiel==2.0.2
"$venv/bin/python" -c 'import pyspiel; g = pyspiel.load_game("hex"); print("open_spiel ready:", g, "in", "'"$venv"'")'
echo "adapter: $venv/bin/python $here/openspiel_gtp.py"
