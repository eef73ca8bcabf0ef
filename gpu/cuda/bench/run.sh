#!/usr/bin/env bash
# Runs the CUDA backend's Go benchmarks beside their references, in one go on one machine:
# CUDA C runtime versions built here with nvcc (launch.cu, memcpy.cu, pingpong.cu) and a
# CuPy RawKernel launch (cupy_launch.py), then prints a side-by-side table.
#
#   usage: gpu/cuda/bench/run.sh path/to/cuda.test
#   build the test binary (anywhere with Go): CGO_ENABLED=0 go test -c -o cuda.test ./gpu/cuda
#
# Environment: NVCC (default: nvcc on PATH, else /usr/local/cuda/bin/nvcc), NVCC_ARCH
# (default: native, falling back to sm_90), GO_BENCHTIME (default 1s), PYTHON (python3).
# Everything it ran and printed is kept in the work directory it names at the end.
set -u

if [ $# -lt 1 ] || [ ! -x "$1" ]; then
  echo "usage: $0 path/to/cuda.test   (CGO_ENABLED=0 go test -c -o cuda.test ./gpu/cuda)" >&2
  exit 2
fi
testbin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
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

build() { # name
  local out=$work/$1 log=$work/$1.build.log
  if "$nvcc" -O3 -std=c++17 -arch="$arch" -o "$out" "$here/$1.cu" >"$log" 2>&1; then
    return 0
  fi
  if [ "$arch" = native ] && "$nvcc" -O3 -std=c++17 -arch=sm_90 -o "$out" "$here/$1.cu" >>"$log" 2>&1; then
    return 0
  fi
  echo "   nvcc failed for $1.cu:"; sed 's/^/     /' "$log"
  return 1
}

for ref in launch memcpy pingpong; do
  echo "== C reference: $ref.cu"
  if build "$ref"; then
    if "$work/$ref" >"$work/$ref.out" 2>&1; then
      grep '^RESULT' "$work/$ref.out" | awk '{print $2, $3}' >>"$results"
      sed 's/^/   /' "$work/$ref.out"
    else
      failures+=("$ref.cu run"); sed 's/^/   /' "$work/$ref.out"
    fi
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
"$testbin" -test.v -test.run '^$' -test.bench 'GPU' -test.benchtime "${GO_BENCHTIME:-1s}" >"$work/go.out" 2>&1
status=$?
sed 's/^/   /' "$work/go.out"
[ $status -eq 0 ] || failures+=("go benchmarks (exit $status)")
# "BenchmarkGPULaunchEmpty-16  250000  4520 ns/op  4.52 us/launch" -> "go_LaunchEmpty_us/launch 4.52"
awk '/^BenchmarkGPU/ {
  name = $1; sub(/^BenchmarkGPU/, "", name); sub(/-[0-9]+$/, "", name)
  for (i = 3; i < NF; i += 2) print "go_" name "_" $(i + 1), $i
}' "$work/go.out" >>"$results"

value() { awk -v k="$1" '$1 == k {v = $2} END {if (v != "") print v}' "$results"; }

# label | go key | C key | CuPy key | kind: "time" (lower is better, ratio Go/C) or "bw" (Go as % of C)
rows=(
  "empty launch (us)|go_LaunchEmpty_us/launch|c_launch_empty_us|cupy_launch_empty_us|time"
  "launch + sync (us)|go_LaunchSync_us/launch|c_launch_sync_us|cupy_launch_sync_us|time"
  "launch + cudaDeviceSynchronize (us)||c_launch_devsync_us||time"
  "launch, dedicated OS thread (us)|go_LaunchDedicatedThread_us/launch|c_launch_empty_us||time"
  "cuCtxSetCurrent (us)|go_CtxSetCurrent_us/call|||time"
  "compile cache hit, memory (us)|go_CompileCacheHit_us/hit|||time"
  "compile cache hit, disk (us)|go_CompileDiskCacheHit_us/hit|||time"
  "compile miss: NVRTC + load (us)|go_CompileMiss_us/compile|||time"
  "H2D 1 GiB pinned (GB/s)|go_CopyH2D_GB/s|c_h2d_pinned_gbps||bw"
  "D2H 1 GiB pinned (GB/s)|go_CopyD2H_GB/s|c_d2h_pinned_gbps||bw"
  "D2D 1 GiB (GB/s)|go_CopyD2D_GB/s|c_d2d_gbps||bw"
  "H2D 1 GiB pageable (GB/s)|go_WriteH2D_GB/s|c_h2d_pageable_gbps||bw"
  "D2H 1 GiB pageable (GB/s)|go_ReadD2H_GB/s|c_d2h_pageable_gbps||bw"
  "ping-pong GPU<->GPU, system scope (us)|go_PingPong_us/roundtrip|c_pingpong_sys_us||time"
  "ping-pong, device scope (C only) (us)||c_pingpong_dev_us||time"
  "ping-pong GPU<->host (us)|go_PingPongHost_us/roundtrip|c_pingpong_host_us||time"
)

echo
echo "== side by side"
printf '%-42s %12s %12s %12s %10s\n' "measurement" "Go+purego" "CUDA C" "CuPy" "Go vs C"
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
  printf '%-42s %12s %12s %12s %10s\n' "$label" "${g:--}" "${c:--}" "${p:--}" "${ratio:--}"
done
echo
echo "targets (issue 4): empty launch <= 1.1x C; cache hit < 1000 us; copies >= 95% of C; ping-pong <= 1.2x C"
echo "raw results: $results"
if [ ${#failures[@]} -gt 0 ]; then
  echo "FAILED: ${failures[*]}"
  exit 1
fi
