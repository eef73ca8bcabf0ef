#!/usr/bin/env bash
# Runs Jupyter's kernel conformance suite (jupyter_kernel_test) against peerbook: builds the
# binaries (peerbook and peerbook-evaluator), installs the kernelspec into a temporary
# Jupyter path, and runs test_peerbook.py.
#
#   bash kernel/conformance/run.sh [unittest arguments, e.g. -k test_history]
#
# Needs Debian's python3-jupyter-kernel-test and python3-jupyter-client (install/test.sh
# installs them).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# The Python that has jupyter_kernel_test: Debian's, unless PYTHON says otherwise.
py="${PYTHON:-}"
if [ -z "$py" ]; then
	for cand in /usr/bin/python3 python3; do
		if "$cand" -c 'import jupyter_kernel_test, jupyter_client' 2>/dev/null; then py="$cand"; break; fi
	done
fi
if [ -z "$py" ]; then
	echo "conformance: no python3 with jupyter_kernel_test and jupyter_client (apt-get install python3-jupyter-kernel-test)" >&2
	exit 1
fi

(cd "$root" && go build -o "$tmp/bin/" . ./internal/cmd/peerbook-evaluator)
"$tmp/bin/peerbook" install --prefix "$tmp/prefix" --name peerbook-conformance >/dev/null
export JUPYTER_PATH="$tmp/prefix/share/jupyter"
export JUPYTER_DATA_DIR="$tmp/data" JUPYTER_RUNTIME_DIR="$tmp/runtime"
export PEERBOOK_KERNEL_NAME=peerbook-conformance
export PEERBOOK_HISTORY="$tmp/history.jsonl"
cd "$here"
exec "$py" -m unittest -v test_peerbook "$@"
