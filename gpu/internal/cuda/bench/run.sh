#!/usr/bin/env bash
# Runs the CUDA backend's Go benchmarks beside their references, in one go on one machine:
# CUDA C versions built here with nvcc (launch.cu: the runtime; launch_drv.cu: the driver
# API from C, the calls Go makes; memcpy.cu; pingpong.cu) and a CuPy RawKernel launch
# (cupy_launch.py), then prints a side-by-side table. The launch-latency benchmarks (Go
# and C alike are single runs of many launches) run GO_LAUNCH_COUNT times (default 3);
# the table shows the median.
#
#   usage: gpu/internal/cuda/bench/run.sh path/to/cuda.test [path/to/eval.test]
#   build the test binaries (anywhere with Go): CGO_ENABLED=0 go test -c -o cuda.test ./gpu/internal/cuda
#   and, for the launch from a cell (yaegi), CGO_ENABLED=0 go test -c -o eval.test ./eval
#
# Environment: NVCC (default: nvcc on PATH, else /usr/local/cuda/bin/nvcc), NVCC_ARCH
# (default: native, falling back to sm_90), GO_BENCHTIME (default 1s), GO_LAUNCH_COUNT
# (default 3), PYTHON (python3).
# Everything it ran and printed is kept in the work directory it names at the end.
set -u

if [ $# -lt 1 ] || [ ! -x "$1" ]; then
  echo "usage: $0 path/to/cuda.test   (CGO_ENABLED=0 go test -c -o cuda.test ./gpu/internal/cuda)" >&2
  exit 2
fi
testbin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
evaltest=""
if [ $# -ge 2 ]; then
  evaltest=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
fi
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d /tmp/peerbook-bench.XXXXXX)
results=$work/results.txt
: >"$results"
failures=()

nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
arch=${NVCC_ARCH:-native}
echo "== machine"
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader 2>&1 | sed 's/^/   /'
echo "   nvcc: $nvcc ($("$nvcc" --version 2>/dev/null | tail -1))"
echo "   work directory: $work"

cudadir=$(cd "$(dirname "$nvcc")/.." 2>/dev/null && pwd)
build() { # name [extra nvcc flags...]
  local name=$1; shift
  local out=$work/$name log=$work/$name.build.log
  if "$nvcc" -O3 -std=c++17 -arch="$arch" -o "$out" "$here/$name.cu" "$@" >"$log" 2>&1; then
    return 0
  fi
  if [ "$arch" = native ] && "$nvcc" -O3 -std=c++17 -arch=sm_90 -o "$out" "$here/$name.cu" "$@" >>"$log" 2>&1; then
    return 0
  fi
  echo "   nvcc failed for $name.cu:"; sed 's/^/     /' "$log"
  return 1
}

# libcuda for launch_drv.cu: the toolkit's link stub where there is no libcuda.so to link.
drvlibs=(-lcuda)
for stubs in "$cudadir/lib64/stubs" "$cudadir/targets/x86_64-linux/lib/stubs" "$cudadir/targets/sbsa-linux/lib/stubs"; do
  [ -d "$stubs" ] && drvlibs+=(-L"$stubs")
done

for ref in launch launch_drv memcpy pingpong; do
  echo "== C reference: $ref.cu"
  extra=()
  [ "$ref" = launch_drv ] && extra=("${drvlibs[@]}")
  if build "$ref" "${extra[@]}"; then
    runs=1
    case $ref in launch|launch_drv) runs=${GO_LAUNCH_COUNT:-3} ;; esac
    for ((i = 1; i <= runs; i++)); do
      if "$work/$ref" >"$work/$ref.$i.out" 2>&1; then
        grep '^RESULT' "$work/$ref.$i.out" | awk '{print $2, $3}' >>"$results"
      else
        failures+=("$ref.cu run $i")
        grep '^RESULT' "$work/$ref.$i.out" | awk '{print $2, $3}' >>"$results"
      fi
      sed 's/^/   /' "$work/$ref.$i.out"
    done
  else
    failures+=("$ref.cu build")
  fi
done

python=${PYTHON:-python3}
echo "== CuPy reference: cupy_launch.py"
if "$python" -c 'import cupy' >/dev/null 2>&1; then
  if "$python" "$here/cupy_launch.py" >"$work/cupy.out" 2>&1; then
    grep '^RESULT' "$work/cupy.out" | awk '{print $2, $3}' >>"$results"
    sed 's/^/   /' "$work/cupy.out"
  else
    failures+=("cupy"); sed 's/^/   /' "$work/cupy.out"
  fi
else
  echo "   no cupy for $python: skipped"
fi

echo "== Go benchmarks: $testbin"
# Everything once, then the launch-latency ones again (GO_LAUNCH_COUNT runs in all).
"$testbin" -test.v -test.run '^$' -test.bench . -test.benchtime "${GO_BENCHTIME:-1s}" >"$work/go.out" 2>&1
status=$?
sed 's/^/   /' "$work/go.out"
[ $status -eq 0 ] || failures+=("go benchmarks (exit $status)")
lcount=$(( ${GO_LAUNCH_COUNT:-3} - 1 ))
if [ $lcount -gt 0 ]; then
  echo "== Go launch benchmarks, $lcount more run(s)"
  "$testbin" -test.run '^$' -test.bench 'Launch|Ctx|CallFloor|Ccall' -test.benchtime "${GO_BENCHTIME:-1s}" \
    -test.count "$lcount" >"$work/go.launch.out" 2>&1
  status=$?
  grep -E '^(Benchmark|PASS|FAIL|ok|---)' "$work/go.launch.out" | sed 's/^/   /'
  [ $status -eq 0 ] || failures+=("go launch benchmarks (exit $status)")
fi
if [ -n "$evaltest" ]; then
  echo "== launch from a cell (yaegi): $evaltest, ${GO_LAUNCH_COUNT:-3} run(s)"
  "$evaltest" -test.run '^$' -test.bench 'CUDACellLaunch' -test.benchtime 5x -test.count "${GO_LAUNCH_COUNT:-3}" \
    >"$work/eval.out" 2>&1
  status=$?
  grep -E '^(Benchmark|PASS|FAIL|ok|---|    )' "$work/eval.out" | sed 's/^/   /'
  [ $status -eq 0 ] || failures+=("cell launch benchmark (exit $status)")
  awk '/^BenchmarkCUDACellLaunch/ { for (i = 3; i < NF; i += 2) print "go_CellLaunch_" $(i + 1), $i }' \
    "$work/eval.out" >>"$results"
  echo "== launch from a cell, launches made on the cell's thread (PEERBOOK_CUDA_LAUNCH=direct)"
  PEERBOOK_CUDA_LAUNCH=direct "$evaltest" -test.run '^$' -test.bench 'CUDACellLaunch' -test.benchtime 5x \
    -test.count "${GO_LAUNCH_COUNT:-3}" >"$work/eval.direct.out" 2>&1
  status=$?
  grep -E '^(Benchmark|PASS|FAIL|ok|---|    )' "$work/eval.direct.out" | sed 's/^/   /'
  [ $status -eq 0 ] || failures+=("cell launch benchmark, direct (exit $status)")
  awk '/^BenchmarkCUDACellLaunch/ { for (i = 3; i < NF; i += 2) print "go_CellLaunchDirect_" $(i + 1), $i }' \
    "$work/eval.direct.out" >>"$results"
fi

# "BenchmarkGPULaunchEmpty/ctx=fused-16  250000  4520 ns/op  4.52 us/launch"
#   -> "go_LaunchEmpty/ctx=fused_us/launch 4.52" (and "go_..._ns/op 4520")
cat "$work/go.out" "$work/go.launch.out" 2>/dev/null | awk '/^Benchmark/ && NF >= 4 {
  name = $1; sub(/^Benchmark(GPU)?/, "", name); sub(/-[0-9]+$/, "", name)
  for (i = 3; i < NF; i += 2) print "go_" name "_" $(i + 1), $i
}' >>"$results"

# value KEY: the median of the values recorded for KEY (one value: that value).
value() {
  awk -v k="$1" '$1 == k {print $2}' "$results" | sort -g | awk '{v[NR] = $1} END {if (NR) print v[int((NR + 1) / 2)]}'
}

# label | go key | C key | CuPy key | kind: "time" (lower is better, ratio Go/C) or "bw" (Go as % of C)
rows=(
  "empty launch, queued (the default) (us)|go_LaunchEmpty/queued_us/launch|c_launch_empty_us|cupy_launch_empty_us|time"
  "empty launch from a cell, yaegi, queued (us)|go_CellLaunch_us/launch|c_launch_empty_us||time"
  "from a cell, made on its thread (direct) (us)|go_CellLaunchDirect_us/launch|c_launch_empty_us||time"
  "empty launch, direct, ctx=fused (us)|go_LaunchEmpty/ctx=fused_us/launch|c_launch_empty_us||time"
  "empty launch, fused, locked thread (us)|go_LaunchEmpty/ctx=fused-locked_us/launch|c_launch_empty_us||time"
  "empty launch, ctx=get (us)|go_LaunchEmpty/ctx=get_us/launch|c_drv_launch_getctx_us||time"
  "empty launch, ctx=set (first design) (us)|go_LaunchEmpty/ctx=set_us/launch|c_drv_launch_setctx_us||time"
  "empty launch, 5 args, fused (us)|go_LaunchArgs_us/launch|c_launch_empty_us||time"
  "raw cuLaunchKernel: purego (us)|go_LaunchRaw/purego_us/launch|c_drv_launch_empty_us||time"
  "raw: purego + cuCtxGetCurrent (us)|go_LaunchRaw/purego+get_us/launch|c_drv_launch_getctx_us||time"
  "raw: purego + cuCtxSetCurrent (us)|go_LaunchRaw/purego+set_us/launch|c_drv_launch_setctx_us||time"
  "raw: trampoline (us)|go_LaunchRaw/trampoline_us/launch|c_drv_launch_empty_us||time"
  "raw: trampoline + ctx check (us)|go_LaunchRaw/trampoline+ctx_us/launch|c_drv_launch_getctx_us||time"
  "C runtime: blocking stream (us)||c_launch_empty_blocking_us||time"
  "C runtime: legacy default stream (us)||c_launch_empty_legacy_us||time"
  "launch + sync, ctx=fused (us)|go_LaunchSync/ctx=fused_us/launch|c_launch_sync_us|cupy_launch_sync_us|time"
  "launch + sync, ctx=get (us)|go_LaunchSync/ctx=get_us/launch|c_drv_launch_sync_us||time"
  "launch + sync, ctx=set (us)|go_LaunchSync/ctx=set_us/launch|c_launch_sync_us||time"
  "C: launch + sync, blocking / legacy (us)||c_launch_sync_blocking_us|c_launch_sync_legacy_us|time"
  "launch + cudaDeviceSynchronize (us)||c_launch_devsync_us||time"
  "launch, dedicated OS thread (us)|go_LaunchDedicatedThread_us/launch|c_launch_empty_us||time"
  "cuCtxSetCurrent (us)|go_CtxSetCurrent_us/call|c_drv_ctxset_us||time"
  "cuCtxGetCurrent (us)|go_CtxGetCurrent_us/call|c_drv_ctxget_us||time"
  "Go->C call floor: purego strlen (ns)|go_Ccall_ns/op|||time"
  "Go->C call floor: trampoline strlen (ns)|go_FusedCallFloor/trampoline_ns/op|||time"
  "gettid system call (ns)|go_ThreadIdentity/gettid_ns/op|||time"
  "compile cache hit, memory (us)|go_CompileCacheHit_us/hit|||time"
  "compile cache hit, disk (us)|go_CompileDiskCacheHit_us/hit|||time"
  "compile miss: NVRTC + load (us)|go_CompileMiss_us/compile|||time"
  "H2D 1 GiB pinned (GB/s)|go_CopyH2D_GB/s|c_h2d_pinned_gbps||bw"
  "D2H 1 GiB pinned (GB/s)|go_CopyD2H_GB/s|c_d2h_pinned_gbps||bw"
  "D2D 1 GiB (GB/s)|go_CopyD2D_GB/s|c_d2d_gbps||bw"
  "H2D 1 GiB pageable (GB/s)|go_WriteH2D_GB/s|c_h2d_pageable_gbps||bw"
  "D2H 1 GiB pageable (GB/s)|go_ReadD2H_GB/s|c_d2h_pageable_gbps||bw"
  "ping-pong GPU<->GPU, system scope, Peer (us)|go_PingPong/scope=sys_us/roundtrip|c_pingpong_sys_us||time"
  "ping-pong, system scope, plain pointers (us)|go_PingPong/scope=sys-raw_us/roundtrip|c_pingpong_sys_us||time"
  "ping-pong, device scope, plain pointers (us)|go_PingPong/scope=gpu-raw_us/roundtrip|c_pingpong_dev_us||time"
  "ping-pong GPU<->host (us)|go_PingPongHost_us/roundtrip|c_pingpong_host_us||time"
)
echo
echo "== side by side"
printf '%-46s %12s %12s %12s %10s\n' "measurement" "Go+purego" "CUDA C" "CuPy/C #2" "Go vs C"
for row in "${rows[@]}"; do
  IFS='|' read -r label gk ck pk kind <<<"$row"
  g=$( [ -n "$gk" ] && value "$gk" ); c=$( [ -n "$ck" ] && value "$ck" ); p=$( [ -n "$pk" ] && value "$pk" )
  ratio=""
  if [ -n "$g" ] && [ -n "$c" ]; then
    if [ "$kind" = bw ]; then
      ratio=$(awk -v g="$g" -v c="$c" 'BEGIN { if (c > 0) printf "%.1f%%", 100 * g / c }')
    else
      ratio=$(awk -v g="$g" -v c="$c" 'BEGIN { if (c > 0) printf "%.2fx", g / c }')
    fi
  fi
  printf '%-46s %12s %12s %12s %10s\n' "$label" "${g:--}" "${c:--}" "${p:--}" "${ratio:--}"
done
echo
echo "targets (issue 4): empty launch <= 1.1x C; cache hit < 1000 us; copies >= 95% of C; ping-pong <= 1.2x C"
echo "C column: the runtime (launch.cu) or the driver API from C (launch_drv.cu, c_drv_*), whichever the row compares with;"
echo "medians of GO_LAUNCH_COUNT runs for the launch rows"
echo "raw results: $results"
if [ ${#failures[@]} -gt 0 ]; then
  echo "FAILED: ${failures[*]}"
  exit 1
fi
