#!/usr/bin/env bash
# The kernel side of issue 30 (ranks) on a GPU machine: two ranks (and four) share its GPU,
# each with its own CUDA context, their symmetric buffers CUDA virtual memory passed between
# the processes.
#
#   here:   bash kernel/testdata/ranks_gpu.sh build DIR   # peerbook, peerbook-evaluator, kernel.test, the notebook, this script
#   there:  bash DIR/ranks_gpu.sh run DIR                 # needs no Go, no cgo, no CUDA headers
#
# "run" executes tutorial 07 on CUDA (100 fenced hand-offs between the processes: 0 wrong;
# the ring all-reduce by hand equal to gpu.AllReduce), then the real-session rank tests of the
# kernel (2 and 4 ranks: hand-off, all-reduce, interrupt, a rank killed mid-cell), and, where
# mpirun is installed, the same through mpirun over loopback. It exits non-zero on a failure.
set -euo pipefail
cmd=${1:-}
dir=${2:-}
[ -n "$cmd" ] && [ -n "$dir" ] || { echo "usage: $0 build|run DIR" >&2; exit 2; }
case $cmd in
build)
	root=$(cd "$(dirname "$0")/../.." && pwd)
	mkdir -p "$dir"
	(cd "$root" && CGO_ENABLED=0 go build -ldflags='-s -w' -o "$dir/" . ./internal/cmd/peerbook-evaluator &&
		CGO_ENABLED=0 go test -c -ldflags='-s -w' -o "$dir/kernel.test" ./kernel)
	cp "$root/notebooks/07-ranks.ipynb" "$root/kernel/testdata/ranks_gpu.sh" "$dir/"
	echo "built into $dir: copy it to the GPU machine and run: bash $dir/ranks_gpu.sh run $dir"
	;;
run)
	dir=$(cd "$dir" && pwd)
	"$dir/peerbook" version
	export PEERBOOK_DEVICES=${PEERBOOK_DEVICES:-cuda}
	echo "== tutorial 07 on $PEERBOOK_DEVICES"
	"$dir/peerbook" run "$dir/07-ranks.ipynb" -o "$dir/07-ranks-out.ipynb" --html "$dir/07-ranks-out.html" 2>&1 | tee "$dir/07-ranks.log"
	for want in "rank 1: 0 of 100 hand-offs from rank 0 delivered wrong data" \
		"[0] rank 0: by hand and collective differ in 0 of 16384 values" \
		"[1] rank 1: by hand and collective differ in 0 of 16384 values"; do
		grep -qF "$want" "$dir/07-ranks.log" || { echo "FAILED: tutorial 07 does not show: $want"; exit 1; }
	done
	echo "== the kernel's real-session rank tests"
	tests='TestRealKernelRanks$'
	if command -v mpirun >/dev/null; then
		tests='TestRealKernelRanks$|TestRealKernelRanksThroughMpirun|TestRanksLaunchedByMpirun'
	else
		echo "(no mpirun here: the launcher tests are left out)"
	fi
	(cd "$dir" && PEERBOOK_BIN="$dir/peerbook" ./kernel.test -test.run "$tests" -test.v -test.count=1)
	echo "== all passed"
	;;
*)
	echo "usage: $0 build|run DIR" >&2
	exit 2
	;;
esac
