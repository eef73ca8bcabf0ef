#!/usr/bin/env python3
"""Bench: peerbook against ipykernel, in the same run, through jupyter_client.

For each kernel it prints
  - start: from launching the kernel process to the first kernel_info_reply;
  - round trip of executing `1+1`: from sending execute_request until both the
    execute_reply and the status idle of that request have arrived (median and p99 of N).

    python3 kernel/bench/bench.py [--n 200] [--peerbook PATH] [--no-ipykernel] [--check]

Without --peerbook it builds the binary (go build) into a temporary folder. The peerbook
kernelspec is installed into a temporary Jupyter path; ipykernel is Debian's python3 one.
The client's ZeroMQ reconnect interval is set to 10 ms for both kernels (libzmq's default,
100 ms, would otherwise dominate the start time of a kernel that binds its ports quickly).
--check exits 1 when peerbook misses a target (start < 150 ms; round trip median < 2 ms and
at most a quarter of ipykernel's).
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import zmq
import zmq.asyncio
from jupyter_client.manager import KernelManager
from jupyter_client.provisioning import KernelProvisionerFactory

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def percentile(xs, p):
    xs = sorted(xs)
    k = min(len(xs) - 1, max(0, int(round(p / 100.0 * (len(xs) - 1)))))
    return xs[k]


def wait_reply(kc, msg_id, timeout=30):
    while True:
        msg = kc.get_shell_msg(timeout=timeout)
        if msg["parent_header"].get("msg_id") == msg_id:
            return msg


def wait_idle(kc, msg_id, timeout=30):
    while True:
        msg = kc.get_iopub_msg(timeout=timeout)
        if (msg["parent_header"].get("msg_id") == msg_id and msg["msg_type"] == "status"
                and msg["content"]["execution_state"] == "idle"):
            return msg


def bench_kernel(name, n):
    # jupyter_client's own one-time costs (provisioner entry points, the kernelspec) are
    # paid before the clock starts.
    KernelProvisionerFactory.instance()
    km = KernelManager(kernel_name=name)
    km.kernel_spec
    ctx = zmq.asyncio.Context()
    ctx.setsockopt(zmq.RECONNECT_IVL, 10)
    t0 = time.perf_counter()
    km.start_kernel()
    kc = km.client(context=ctx)
    kc.start_channels()
    msg_id = kc.kernel_info()
    wait_reply(kc, msg_id, timeout=60)
    start = time.perf_counter() - t0
    try:
        # IOPub may connect later than shell: make sure it delivers before timing.
        while True:
            msg_id = kc.kernel_info()
            wait_reply(kc, msg_id)
            try:
                wait_idle(kc, msg_id, timeout=0.5)
                break
            except Exception:
                pass
        times = []
        for i in range(n + 10):
            t = time.perf_counter()
            msg_id = kc.execute("1+1")
            reply = wait_reply(kc, msg_id)
            wait_idle(kc, msg_id)
            dt = time.perf_counter() - t
            if reply["content"]["status"] != "ok":
                raise RuntimeError(f"{name}: 1+1 failed: {reply['content']}")
            if i >= 10:  # warm-up
                times.append(dt)
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=False)
    return {"start": start, "median": statistics.median(times), "p99": percentile(times, 99), "n": len(times)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=200, help="executions of 1+1 per kernel")
    ap.add_argument("--peerbook", help="the peerbook binary (default: go build)")
    ap.add_argument("--no-ipykernel", action="store_true", help="bench peerbook only")
    ap.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    args = ap.parse_args()

    tmp = tempfile.mkdtemp(prefix="peerbook-bench-")
    try:
        exe = args.peerbook
        if not exe:
            exe = os.path.join(tmp, "peerbook")
            subprocess.run(["go", "build", "-o", exe, "."], cwd=ROOT, check=True)
        prefix = os.path.join(tmp, "prefix")
        subprocess.run([exe, "install", "--prefix", prefix, "--name", "peerbook-bench"], check=True,
                       stdout=subprocess.DEVNULL)
        os.environ["JUPYTER_PATH"] = os.path.join(prefix, "share", "jupyter")
        os.environ["PEERBOOK_HISTORY"] = "none"

        results = {"peerbook": bench_kernel("peerbook-bench", args.n)}
        if not args.no_ipykernel:
            results["ipykernel"] = bench_kernel("python3", args.n)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    names = list(results)
    print(f"{'':34}" + "".join(f"{k:>14}" for k in names))
    print(f"{'start to first kernel_info_reply':34}" + "".join(f"{results[k]['start']*1e3:>11.1f} ms" for k in names))
    print(f"{'1+1 round trip, median':34}" + "".join(f"{results[k]['median']*1e3:>11.2f} ms" for k in names))
    print(f"{'1+1 round trip, p99':34}" + "".join(f"{results[k]['p99']*1e3:>11.2f} ms" for k in names))
    print(f"(N = {args.n} executions per kernel after 10 warm-up; {os.cpu_count()} CPUs)")

    pb = results["peerbook"]
    ok = True
    checks = [("start < 150 ms", pb["start"] < 0.150), ("round trip median < 2 ms", pb["median"] < 0.002)]
    if "ipykernel" in results:
        ratio = pb["median"] / results["ipykernel"]["median"]
        checks.append((f"round trip <= 1/4 of ipykernel's (ratio {ratio:.3f})", ratio <= 0.25))
    for what, passed in checks:
        print(("PASS " if passed else "MISS ") + what)
        ok = ok and passed
    if args.check and not ok:
        sys.exit(1)


if __name__ == "__main__":
    main()
