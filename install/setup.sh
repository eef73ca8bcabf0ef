#!/usr/bin/env bash
# Sets peerbook up on this machine and shows it working: builds the `peerbook` command,
# installs a Jupyter frontend where none is (Debian's jupyter-notebook package: Jupyter
# Notebook 6; Debian has no JupyterLab package), installs peerbook as a Jupyter kernel for
# this user, and runs the getting-started tutorial headlessly, on the GPUs where a CUDA
# driver is found and on simulated devices elsewhere.
#
#   bash install/setup.sh [NOTEBOOK]
#
# PEERBOOK_NO_JUPYTER=1 leaves Jupyter alone (peerbook run needs none). Without apt-get,
# the script says how to install Jupyter Notebook with pip instead.
# The executed notebook and an HTML page of it are written to .build/ in this folder.
set -euo pipefail
cd "$(dirname "$0")/.."
. install/lib.sh

notebook=${1:-notebooks/01-getting-started.ipynb}
bindir=$(go env GOPATH)/bin

step "building peerbook and its evaluator (peerbook-evaluator, which runs the cells) into $bindir"
mkdir -p "$bindir" .build
go build -o "$bindir/" . ./internal/cmd/peerbook-evaluator
"$bindir/peerbook" version

# A frontend to open notebooks in: any Jupyter that is there, else Debian's Notebook.
frontend="jupyter notebook"
if jupyter notebook --version >/dev/null 2>&1; then
	:
elif jupyter lab --version >/dev/null 2>&1; then
	frontend="jupyter lab"
elif [ "${PEERBOOK_NO_JUPYTER:-}" = 1 ]; then
	frontend=""
elif command -v apt-get >/dev/null 2>&1; then
	need_debian_packages jupyter-notebook
else
	frontend=""
	cat <<EOT

No Jupyter found, and no apt-get to install Debian's jupyter-notebook package. Install
Jupyter Notebook with pip (python3 -m pip install --user notebook), or use peerbook run,
which needs no Jupyter.
EOT
fi

step "installing the Jupyter kernelspec (for Jupyter Notebook, JupyterLab, VS Code)"
"$bindir/peerbook" install --user

name=$(basename "$notebook" .ipynb)
step "running $notebook"
"$bindir/peerbook" run "$notebook" -o ".build/$name.ipynb" --html ".build/$name.html"

cat <<EOT

Done. The executed notebook is .build/$name.ipynb; open .build/$name.html in a browser.
peerbook is at $bindir/peerbook (add $bindir to PATH), and Jupyter lists it as "Go (peerbook)".
EOT
if [ -n "$frontend" ]; then
	echo "Open the tutorials in Jupyter: $frontend notebooks/ (then pick the \"Go (peerbook)\" kernel)."
fi
