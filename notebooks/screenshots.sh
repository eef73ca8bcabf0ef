#!/usr/bin/env bash
# Screenshots of tutorials as Jupyter shows them: installs what it needs (Debian's
# jupyter-notebook, chromium, python3-websocket), builds peerbook, installs its kernelspec
# into a temporary Jupyter path, runs each notebook's cells in headless Chromium and saves
# PNGs (the page, and its topology or plot, heatmap and progress bar) into OUTDIR.
#
#   bash notebooks/screenshots.sh [OUTDIR] [NOTEBOOK...]    (default: .build/screenshots, tutorial 03)
#   UNTRUSTED=1 bash notebooks/screenshots.sh [OUTDIR] [NOTEBOOK...]
#
# With UNTRUSTED=1 each notebook is executed by `peerbook run -o` and opened as it is, not
# run in Jupyter: its outputs show untrusted, as a notebook someone else executed does.
set -euo pipefail
cd "$(dirname "$0")/.."
. install/lib.sh
need_debian_packages jupyter-notebook chromium python3-websocket

out=${1:-.build/screenshots}
shift || true
notebooks=("$@")
[ ${#notebooks[@]} -gt 0 ] || notebooks=(notebooks/03-topology-and-bandwidth.ipynb)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/" . ./internal/cmd/peerbook-evaluator
"$tmp/peerbook" install --prefix "$tmp/prefix" --name peerbook-shots >/dev/null
for nb in "${notebooks[@]}"; do
	if [ -n "${UNTRUSTED:-}" ]; then
		mkdir -p "$tmp/executed"
		executed="$tmp/executed/$(basename "$nb")"
		"$tmp/peerbook" run "$nb" -o "$executed" -q
		/usr/bin/python3 notebooks/screenshots.py "$tmp/peerbook" "$tmp/prefix/share/jupyter" "$executed" "$out" untrusted
	else
		/usr/bin/python3 notebooks/screenshots.py "$tmp/peerbook" "$tmp/prefix/share/jupyter" "$nb" "$out"
	fi
done
