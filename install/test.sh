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
# yaegi's own test programs (eval/third_party/yaegi/_test) are upstream's data, kept as shipped
# (some are unparsable on purpose).
unformatted=$(gofmt -l $(git ls-files '*.go' ':!:eval/third_party/yaegi/_test' 2>/dev/null ||
	find . -name '*.go' -not -path './eval/third_party/yaegi/_test/*'))
if [ -n "$unformatted" ]; then
	echo "not gofmt-formatted:"; echo "$unformatted"; exit 1
fi

step "go mod tidy"
# go.mod and go.sum must be what `go mod tidy` makes of the imports (direct dependencies
# not marked indirect, nothing unused). tidy needs the module proxy for modules the build
# never downloads: without it the check says SKIP and why, and fails on anything else.
if ! tidy=$(go mod tidy -diff 2>&1); then
	if grep -qE 'dial tcp|lookup disabled|no such host|connection refused' <<<"$tidy"; then
		echo "SKIP go mod tidy check: the module proxy is unreachable"
	else
		echo "go.mod/go.sum are not tidy (run go mod tidy):"; echo "$tidy"; exit 1
	fi
fi

step "go test"
if [ -n "${PEERBOOK_TEST_FAST:-}" ]; then
	go test -short -count=1 ./...
	exit 0
fi
# The peerbook processes the tests start (kernels, evaluators, `peerbook run` and its
# evaluators) run a binary built with -cover; their coverage is reported after the tests.
covtmp=$(mktemp -d)
trap 'rm -rf "$covtmp"' EXIT
go build -cover -coverpkg=./... -o "$covtmp/peerbook" .
mkdir "$covtmp/cov"
PEERBOOK_BIN="$covtmp/peerbook" GOCOVERDIR="$covtmp/cov" go test -count=1 -timeout 30m ./...

step "coverage of the peerbook processes the tests started"
go tool covdata percent -i="$covtmp/cov"

step "fuzz the ZMTP handshake and framing checks (10 s)"
go test -run '^$' -fuzz FuzzZMTP -fuzztime 10s ./kernel/internal/zmtpnet
step "fuzz the tap that answers refused messages (5 s)"
go test -run '^$' -fuzz FuzzRefusalTap -fuzztime 5s ./kernel/internal/wire

step "Jupyter kernel conformance suite (jupyter_kernel_test)"
bash kernel/conformance/run.sh
