#!/usr/bin/env bash
# Runs the rank tests on a GPU machine (issue 30) beside their CUDA C reference, and writes
# the figures to one results file. Two rank processes share the machine's GPU (each its own
# context; without MPS they time-slice it): a hand-off through a symmetric Peer flag
# (PEERBOOK_RANK_ROUNDS, default 1000 rounds, 0 wrong values wanted), atomic counters across
# the processes (exact), a flag ping-pong between the processes against ranks_pingpong.cu
# (two processes, the same VMM handles; target <= 1.2x its latency), and a copy from rank 0's
# buffer into rank 1's against a same-process device-to-device copy (target >= 95%).
#
#   usage: gpu/internal/cuda/bench/ranks.sh path/to/gpu.test [results-file]
#   build the test binary (anywhere with Go): CGO_ENABLED=0 go test -c -ldflags='-s -w' -o gpu.test ./gpu
#
# NCCL (the collectives' engine on CUDA): a communicator of one rank on the GPU, made both
# ways (ncclCommInitRankScalable, the unique id by pointer; ncclCommInitRankConfig, the id
# passed by value as the C ABI passes it), carries AllReduce and Broadcast of every dtype and
# reduction; two ranks on the one GPU report the host-staged fall-back, first by peerbook's
# own check, then (PEERBOOK_NCCL=ask) with NCCL's refusal ("duplicate GPU") in its words.
# Where each rank has its own GPU, the second test checks NCCL's sums, products, minima and
# maxima across the ranks instead.
#
# Environment: NVCC (default: nvcc on PATH, else /usr/local/cuda/bin/nvcc), NVCC_ARCH
# (default: native, falling back to sm_90), PINGPONG_ROUNDS (200), PEERBOOK_RANK_ROUNDS
# (1000), PEERBOOK_RANK_COPY_MIB (256), PEERBOOK_LIBNCCL (libnccl.so.2 to use; default: the
# loader's, else the first found under /usr, /opt and pip's nvidia/nccl).
set -u

if [ $# -lt 1 ] || [ ! -x "$1" ]; then
  echo "usage: $0 path/to/gpu.test [results-file]   (CGO_ENABLED=0 go test -c -ldflags='-s -w' -o gpu.test ./gpu)" >&2
  exit 2
fi
testbin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d /tmp/peerbook-ranks.XXXXXX)
out=${2:-$work/ranks-results.txt}
raw=$work/raw.txt
: >"$raw"
rounds=${PINGPONG_ROUNDS:-200}
export PEERBOOK_RANK_PINGPONG_ROUNDS=$rounds
failures=()

nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
arch=${NVCC_ARCH:-native}
cudadir=$(cd "$(dirname "$nvcc")/.." 2>/dev/null && pwd)
drvlibs=(-lcuda)
for stubs in "$cudadir/lib64/stubs" "$cudadir/targets/x86_64-linux/lib/stubs" "$cudadir/targets/sbsa-linux/lib/stubs"; do
  [ -d "$stubs" ] && drvlibs+=(-L"$stubs")
done

if [ -z "${PEERBOOK_LIBNCCL:-}" ] && ! ldconfig -p 2>/dev/null | grep -q 'libnccl\.so\.2 '; then
  found=$(find /usr /opt -name 'libnccl.so.2*' -type f 2>/dev/null | sort -r | head -1)
  [ -n "$found" ] && export PEERBOOK_LIBNCCL=$found
fi

{
  echo "# peerbook rank tests, $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "# NCCL: ${PEERBOOK_LIBNCCL:-$(ldconfig -p 2>/dev/null | awk '/libnccl\.so\.2 / {print $NF; exit}')}"
  nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader 2>&1 | sed 's/^/# GPU: /'
  echo "# nvcc: $("$nvcc" --version 2>/dev/null | tail -1)"
  echo "# MPS: $(pgrep -x nvidia-cuda-mps-control >/dev/null && echo running || echo not running)"
} >"$out"

echo "== CUDA C reference: ranks_pingpong.cu ($rounds rounds)"
ref=$work/ranks_pingpong
if "$nvcc" -O3 -std=c++17 -arch="$arch" -o "$ref" "$here/ranks_pingpong.cu" "${drvlibs[@]}" >"$work/build.log" 2>&1 ||
  { [ "$arch" = native ] && "$nvcc" -O3 -std=c++17 -arch=sm_90 -o "$ref" "$here/ranks_pingpong.cu" "${drvlibs[@]}" >>"$work/build.log" 2>&1; }; then
  "$ref" "$rounds" >"$work/ref.out" 2>&1 || failures+=("ranks_pingpong.cu run")
  sed 's/^/   /' "$work/ref.out"
  grep -o 'RESULT .*' "$work/ref.out" | awk '{print $2, $3}' >>"$raw"
else
  failures+=("ranks_pingpong.cu build"); sed 's/^/   /' "$work/build.log"
fi

echo "== Go rank tests: $testbin -test.run '^TestCUDARanks'"
"$testbin" -test.v -test.count=1 -test.run '^TestCUDARanks' >"$work/go.out" 2>&1 || failures+=("go rank tests (exit $?)")
grep -E -- '^(=== RUN|--- |PASS|FAIL|ok)|RESULT|Error|error|rank [0-9]|engine|NCCL' "$work/go.out" | sed 's/^/   /'
grep -o 'RESULT .*' "$work/go.out" | awk '{print "go_" $2, $3}' >>"$raw"
# The NCCL tests' outcome, one word and why: FAIL if the test or a subtest failed, SKIP if a
# subtest skipped (its reason), PASS if it passed, "not run" otherwise.
outcome() {
  if grep -qE -- "^ *--- FAIL: $1[ /]" "$work/go.out"; then echo FAIL
  elif grep -qE -- "^ *--- SKIP: $1[ /]" "$work/go.out"; then
    echo "SKIP ($(grep -m1 -oE '(SKIP: no NCCL|no CUDA device).*' "$work/go.out" | cut -c1-160))"
  elif grep -qE -- "^--- PASS: $1 " "$work/go.out"; then echo PASS
  else echo "not run"; fi
}

median() { sort -g | awk '{v[NR] = $1} END {if (NR) print v[int((NR + 1) / 2)]}'; }
value() { awk -v k="$1" '$1 == k {print $2}' "$raw" | median; }             # KEY's value
series() { awk -v k="$1" 'index($1, k) == 1 {print $2}' "$raw" | median; }  # KEY_rep0, KEY_rep1, ...
go_pp=$(series go_ranks_pingpong_us_rep); c_pp=$(series c_ranks_pingpong_us_rep)
pp_ratio=$(awk -v g="$go_pp" -v c="$c_pp" 'BEGIN { if (g != "" && c > 0) printf "%.3f", g / c }')
copy_ratio=$(value go_ranks_copy_ratio)
{
  echo "handoff_rounds $(value go_ranks_handoff_rounds)"
  echo "handoff_wrong_values $(value go_ranks_handoff_wrong_values)   # target 0"
  echo "counter $(value go_ranks_counter) want $(value go_ranks_counter_want)   # target equal"
  echo "pingpong_go_us_per_roundtrip $go_pp   # median of 3 reps, $rounds rounds each"
  echo "pingpong_c_us_per_roundtrip $c_pp"
  echo "pingpong_go_vs_c ${pp_ratio:--}   # target <= 1.2"
  echo "copy_cross_rank_GBps $(value go_ranks_copy_cross_GBps)"
  echo "copy_same_process_GBps $(value go_ranks_copy_same_process_GBps)"
  echo "copy_ratio ${copy_ratio:--}   # target >= 0.95"
  echo "nccl_one_rank_communicator $(outcome TestCUDARanksNCCLOneRankCommunicator)   # target PASS (both ways of making it)"
  echo "nccl_two_ranks $(outcome TestCUDARanksNCCLTwoRanks)   # target PASS (one GPU: the fall-back reported, NCCL's refusal quoted)"
  echo "nccl_version $(value go_nccl_version)"
  echo "nccl_refusal $(value go_nccl_refusal | tr _ ' ')"
  echo "failures ${#failures[@]}: ${failures[*]:-none}"
  echo "# raw:"; sed 's/^/# /' "$raw"
} >>"$out"
echo
cat "$out"
echo "(work directory: $work)"
[ ${#failures[@]} -eq 0 ]
