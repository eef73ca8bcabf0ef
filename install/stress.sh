#!/usr/bin/env bash
# Runs the whole Go test suite several times in a row under CPU load, to find tests that
# depend on timing: a test that fails once in N runs fails CI at random.
#
#   bash install/stress.sh [RUNS] [HOGS]      default: 5 runs, 2 CPU hogs (busy loops)
#
# Each run is `go test -count=1 ./...`; its log is kept in .build/stress/run-N.log and the
# failing tests of every run are listed at the end. Exit status: non-zero if any run failed.
set -uo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
hogs=${2:-2}
logs=.build/stress
mkdir -p "$logs"

pids=()
stop_hogs() { [ ${#pids[@]} -gt 0 ] && kill "${pids[@]}" 2>/dev/null; }
trap stop_hogs EXIT
for _ in $(seq "$hogs"); do
	(while :; do :; done) &
	pids+=($!)
done
echo "stress: $runs runs of go test ./... beside $hogs CPU hogs on $(nproc) cores"

bad=0
for n in $(seq "$runs"); do
	t0=$SECONDS
	if go test -count=1 -timeout 30m ./... >"$logs/run-$n.log" 2>&1; then
		echo "run $n: ok ($((SECONDS - t0)) s)"
	else
		bad=$((bad + 1))
		echo "run $n: FAILED ($((SECONDS - t0)) s); failing tests:"
		grep -E '^(--- FAIL|FAIL|panic:)' "$logs/run-$n.log" | sed 's/^/    /'
	fi
done
echo "stress: $bad of $runs runs failed (logs in $logs)"
[ "$bad" -eq 0 ]
