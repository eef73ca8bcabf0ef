#!/usr/bin/env bash
# Sets peerbook up on this machine and shows it working: builds the `peerbook` command,
# installs it as a Jupyter kernel for this user, and runs the getting-started tutorial
# headlessly, on the GPUs where a CUDA driver is found and on simulated devices elsewhere.
#
#   bash install/setup.sh [NOTEBOOK]
#
# The executed notebook and an HTML page of it are written to .build/ in this folder.
set -euo pipefail
cd "$(dirname "$0")/.."
. install/lib.sh

notebook=${1:-notebooks/01-getting-started.ipynb}
bindir=$(go env GOPATH)/bin

step "building peerbook into $bindir"
mkdir -p "$bindir" .build
go build -o "$bindir/peerbook" .
"$bindir/peerbook" version

step "installing the Jupyter kernelspec (for JupyterLab, Notebook, VS Code)"
"$bindir/peerbook" install --user

name=$(basename "$notebook" .ipynb)
step "running $notebook"
"$bindir/peerbook" run "$notebook" -o ".build/$name.ipynb" --html ".build/$name.html"

cat <<EOT

Done. The executed notebook is .build/$name.ipynb; open .build/$name.html in a browser.
peerbook is at $bindir/peerbook (add $bindir to PATH), and Jupyter lists it as "Go (peerbook)".
EOT
