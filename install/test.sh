#!/usr/bin/env bash
# The test command: installs what the tests need, then runs every check of peerbook.
#
#   bash install/test.sh            everything (what CI runs)
#   PEERBOOK_TEST_FAST=1 bash ...   Go tests only, skipping the long ones
#
# On a machine without a GPU the tests use simulated devices; GPU tests say SKIP and why.
set -euo pipefail
cd "$(dirname "$0")/.."
. install/lib.sh

need_debian_packages python3-jupyter-client python3-jupyter-kernel-test python3-nbclient \
	jupyter-nbconvert python3-ipykernel

export PATH="$PATH:$(go env GOROOT)/bin"
step "go vet"
go vet ./...
step "gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$unformatted" ]; then
	echo "not gofmt-formatted:"; echo "$unformatted"; exit 1
fi

step "go test"
if [ -n "${PEERBOOK_TEST_FAST:-}" ]; then
	go test -short -count=1 ./...
	exit 0
fi
go test -count=1 -timeout 30m ./...

step "fuzz the ZMTP handshake and framing checks (10 s)"
go test -run '^$' -fuzz FuzzZMTP -fuzztime 10s ./kernel/zmtpnet

step "Jupyter kernel conformance suite (jupyter_kernel_test)"
bash kernel/conformance/run.sh
