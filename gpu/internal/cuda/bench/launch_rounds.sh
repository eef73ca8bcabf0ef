#!/usr/bin/env bash
# Launch latency only, in interleaved rounds, for machines whose figures drift from run to
# run: each round runs the C runtime reference (launch.cu), the backend's launches on a
# stream (made on the caller's thread, and queued), and a cell launching through yaegi
# (queued, the default, and PEERBOOK_CUDA_LAUNCH=direct), one after the other. It prints
# every round and, per measurement, the median and the median of the per-round ratios to C.
#
#   usage: gpu/internal/cuda/bench/launch_rounds.sh path/to/cuda.test path/to/eval.test [ROUNDS]
#   (CGO_ENABLED=0 go test -c -o cuda.test ./gpu/internal/cuda; the same for ./eval)
#
# Environment: NVCC, NVCC_ARCH (default native, falling back to sm_90).
set -u
if [ $# -lt 2 ] || [ ! -x "$1" ] || [ ! -x "$2" ]; then
  echo "usage: $0 path/to/cuda.test path/to/eval.test [ROUNDS]" >&2
  exit 2
fi
cudatest=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
evaltest=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
rounds=${3:-5}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d /tmp/peerbook-launch.XXXXXX)
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
arch=${NVCC_ARCH:-native}
if ! "$nvcc" -O3 -std=c++17 -arch="$arch" -o "$work/launch" "$here/launch.cu" >"$work/build.log" 2>&1 &&
  ! "$nvcc" -O3 -std=c++17 -arch=sm_90 -o "$work/launch" "$here/launch.cu" >>"$work/build.log" 2>&1; then
  echo "nvcc failed:"; cat "$work/build.log"; exit 1
fi
results=$work/results.txt # "round key value"
for r in $(seq "$rounds"); do
  echo "== round $r"
  "$work/launch" | awk -v r="$r" '$2 == "c_launch_empty_us" {print r, "c", $3}' | tee -a "$results"
  "$cudatest" -test.run '^$' -test.bench 'GPULaunchEmpty/(ctx=fused$|queued)' -test.benchtime 1s |
    awk -v r="$r" '/^BenchmarkGPULaunchEmpty/ {n = $1; sub(/.*\//, "", n); sub(/-[0-9]+$/, "", n); sub(/ctx=fused/, "direct", n); print r, "backend_" n, $(NF - 1)}' | tee -a "$results"
  for mode in queued direct; do
    PEERBOOK_CUDA_LAUNCH=$mode "$evaltest" -test.run '^$' -test.bench CUDACellLaunch -test.benchtime 5x |
      awk -v r="$r" -v m="$mode" '/^BenchmarkCUDACellLaunch/ {for (i = 3; i < NF; i++) if ($(i + 1) == "us/launch") print r, "cell_" m, $i}' | tee -a "$results"
  done
done
echo
echo "== medians over $rounds rounds"
printf '%-18s %10s %16s\n' measurement "us/launch" "ratio to C"
# median: the median of the numbers on stdin, one a line.
median() { sort -g | awk '{v[NR] = $1} END {if (NR) printf "%.3f", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
for key in c backend_direct backend_queued cell_queued cell_direct; do
  med=$(awk -v k="$key" '$2 == k {print $3}' "$results" | median)
  ratio=$(awk -v k="$key" '$2 == "c" {c[$1] = $3} $2 == k {v[$1] = $3}
    END {for (r in v) if ((r in c) && c[r] > 0) print v[r] / c[r]}' "$results" | median)
  printf '%-18s %10s %15sx\n' "$key" "${med:--}" "${ratio:--}"
done
echo "target (issue 4): a launch from a cell within 1.1x of the C runtime"
echo "raw results: $results"
