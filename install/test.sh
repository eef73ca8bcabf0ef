#!/usr/bin/env bash
# The test command: installs what the tests need, then runs every check of peerbook.
#
#   bash install/test.sh            everything (what CI runs)
#   PEERBOOK_TEST_FAST=1 bash ...   Go tests only, with -short (skips the long end-to-end ones)
#
# Every step runs, also after one fails; the failures are listed at the end and the exit
# status is non-zero if there was any. On a machine without a GPU the tests use simulated
# devices; GPU tests say SKIP and why.
set -uo pipefail
cd "$(dirname "$0")/.."
. install/lib.sh

need_debian_packages python3-jupyter-client python3-jupyter-kernel-test python3-nbclient \
	jupyter-nbconvert python3-ipykernel openmpi-bin || { echo "installing the Debian packages failed"; exit 1; }

export PATH="$PATH:$(go env GOROOT)/bin"
failed=()
started=$SECONDS
# check NAME CMD...: runs one step, timing it, and records it as failed when it fails.
check() {
	local name=$1 t0=$SECONDS
	shift
	step "$name"
	if "$@"; then
		echo "--- ok: $name ($((SECONDS - t0)) s)"
	else
		echo "--- FAILED: $name ($((SECONDS - t0)) s)"
		failed+=("$name")
	fi
}

check "go vet" go vet ./...

gofmt_clean() {
	local unformatted
	# yaegi's own test programs (eval/third_party/yaegi/_test) are upstream's data, kept as
	# shipped (some are unparsable on purpose).
	unformatted=$(gofmt -l $(git ls-files '*.go' ':!:eval/third_party/yaegi/_test' 2>/dev/null ||
		find . -name '*.go' -not -path './eval/third_party/yaegi/_test/*'))
	[ -z "$unformatted" ] && return 0
	echo "not gofmt-formatted:"; echo "$unformatted"
	return 1
}
check "gofmt" gofmt_clean

# go.mod and go.sum must be what `go mod tidy` makes of the imports (direct dependencies
# not marked indirect, nothing unused). tidy needs the module proxy for modules the build
# never downloads: without it the check says SKIP and why, and fails on anything else.
tidy_clean() {
	local tidy
	tidy=$(go mod tidy -diff 2>&1) && return 0
	if grep -qE 'dial tcp|lookup disabled|no such host|connection refused' <<<"$tidy"; then
		echo "SKIP go mod tidy check: the module proxy is unreachable"
		return 0
	fi
	echo "go.mod/go.sum are not tidy (run go mod tidy):"; echo "$tidy"
	return 1
}
check "go mod tidy" tidy_clean

if [ -n "${PEERBOOK_TEST_FAST:-}" ]; then
	check "go test -short" go test -short -count=1 ./...
else
	# The peerbook processes the tests start (kernels, `peerbook run`, and the evaluators
	# beside them) run binaries built with -cover; their coverage is reported after the tests.
	covtmp=$(mktemp -d)
	trap 'rm -rf "$covtmp"' EXIT
	mkdir "$covtmp/cov"
	go_tests() {
		go build -cover -coverpkg=./... -o "$covtmp/" . ./internal/cmd/peerbook-evaluator &&
			PEERBOOK_BIN="$covtmp/peerbook" GOCOVERDIR="$covtmp/cov" go test -count=1 -timeout 30m ./...
	}
	check "go test" go_tests
	check "coverage of the peerbook processes the tests started" go tool covdata percent -i="$covtmp/cov"
	check "random programs cut into cells against go run: seeds 1-40 (go test ./... runs 1-120 as one cell)" \
		go test -count=1 -run '^TestRandomPrograms$' ./eval/internal/difftest -gosmith.seeds 1-40 -gosmith.split 40

	check "fuzz the ZMTP handshake and framing checks (10 s)" \
		go test -run '^$' -fuzz FuzzZMTP -fuzztime 10s ./kernel/internal/zmtpnet
	check "fuzz the tap that answers refused messages (5 s)" \
		go test -run '^$' -fuzz FuzzRefusalTap -fuzztime 5s ./kernel/internal/wire

	check "Jupyter kernel conformance suite (jupyter_kernel_test)" bash kernel/conformance/run.sh
fi

step "summary ($((SECONDS - started)) s)"
if [ ${#failed[@]} -gt 0 ]; then
	printf 'FAILED: %s\n' "${failed[@]}"
	exit 1
fi
echo "every step passed"
