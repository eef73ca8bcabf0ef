#!/usr/bin/env python3
"""Bench: peerbook against ipykernel, in the same run, through jupyter_client.

For each kernel it prints
  - start: from launching the kernel process to the first kernel_info_reply (the median of
    several starts), and for peerbook the start trace (medians too): when each step of its start happened, from the kernel's log (--debug,
    "start trace: STEP at UNIX_NS"): its process's own code began, its sockets listen, the
    evaluator process started and was ready, the first kernel_info_reply and execute_reply;
  - round trip of executing `1+1`: from sending execute_request until both the
    execute_reply and the status idle of that request have arrived (median and p99 of N),
    measured with a lean client (jupyter_client's Session on plain zmq sockets, decoding only
    the parent msg_id and status) so that the figure is the kernel's, and again through
    jupyter_client's BlockingKernelClient, whose own overhead (an asyncio loop run per call,
    full message decoding) adds about 2 ms to both kernels on a small machine.

    python3 kernel/bench/bench.py [--n 200] [--starts 5] [--peerbook PATH] [--baseline PATH]
                                  [--no-ipykernel] [--check]

Start is the median of --starts starts, each kernel started in turn (so that the machine's
load changes weigh on all alike), then the round trips of each. Without --peerbook it builds
the binaries (go build: peerbook and peerbook-evaluator, which must be beside it) into a
temporary folder; --baseline adds another peerbook build (an earlier revision) beside it.
The peerbook kernelspecs are installed into a temporary Jupyter path; ipykernel is Debian's
python3 one.
The client's ZeroMQ reconnect interval is set to 10 ms for both kernels (libzmq's default,
100 ms, would otherwise dominate the start time of a kernel that binds its ports quickly).
--check exits 1 when peerbook misses a target (start < 150 ms and at most 0.20x ipykernel's;
lean round trip median < 2 ms and at most 0.20x ipykernel's).
"""

import argparse
import json
import os
import re
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


def lean_round_trips(km, n):
    """Round trips through jupyter_client's Session on plain blocking zmq sockets."""
    from jupyter_client.session import Session
    info = km.get_connection_info(session=False)
    key = info["key"]
    if isinstance(key, str):
        key = key.encode()
    session = Session(key=key, signature_scheme=info.get("signature_scheme", "hmac-sha256"))
    ctx = zmq.Context()
    url = lambda port: f"{info['transport']}://{info['ip']}:{port}"
    shell = ctx.socket(zmq.DEALER)
    shell.connect(url(info["shell_port"]))
    iopub = ctx.socket(zmq.SUB)
    iopub.setsockopt(zmq.SUBSCRIBE, b"")
    iopub.connect(url(info["iopub_port"]))
    poller = zmq.Poller()
    poller.register(shell, zmq.POLLIN)
    poller.register(iopub, zmq.POLLIN)

    def round_trip(msg_type, content):
        # Only what the round trip needs is decoded (parent msg_id, and the status of IOPub
        # messages): the client's own cost is kept small, as both kernels pay it.
        msg = session.send(shell, msg_type, content)
        msg_id = msg["header"]["msg_id"].encode()
        reply = None
        idle = False
        while reply is None or not idle:
            for sock, _ in poller.poll(30000):
                frames = sock.recv_multipart()
                d = frames.index(b"<IDS|MSG>")
                header, parent, content = frames[d + 2], frames[d + 3], frames[d + 5]
                if msg_id not in parent or json.loads(parent).get("msg_id") != msg_id.decode():
                    continue
                if sock is shell:
                    reply = json.loads(content)
                elif b'"idle"' in content and json.loads(header)["msg_type"] == "status":
                    idle = True
        return reply

    # IOPub subscriptions take a moment to reach the kernel.
    deadline = time.time() + 10
    while True:
        session.send(shell, "kernel_info_request", {})
        if poller.poll(500) and iopub.poll(500):
            break
        if time.time() > deadline:
            raise RuntimeError("no iopub")
    time.sleep(0.2)
    for sock in (shell, iopub):
        while sock.poll(0):
            sock.recv_multipart()
    times = []
    content = {"code": "1+1", "silent": False, "store_history": True, "user_expressions": {},
               "allow_stdin": False, "stop_on_error": True}
    for i in range(n + 10):
        t = time.perf_counter()
        reply = round_trip("execute_request", content)
        dt = time.perf_counter() - t
        if reply["status"] != "ok":
            raise RuntimeError(f"1+1 failed: {reply}")
        if i >= 10:
            times.append(dt)
    shell.close(0)
    iopub.close(0)
    ctx.term()
    return times


def read_trace(path, launched_ns):
    """The steps of a peerbook kernel's start from its log: {step: ms after launch}."""
    steps = {}
    with open(path, errors="replace") as f:
        for line in f:
            m = TRACE.search(line)
            if m and m.group(1) not in steps:
                steps[m.group(1)] = (int(m.group(2)) - launched_ns) / 1e6
    return steps


TRACE = re.compile(r"start trace: (\S+) at (\d+)")


def start_kernel(name, trace):
    """Starts kernel name and waits for its first kernel_info_reply: (km, kc, start seconds,
    the start trace or None, the launch time in ns)."""
    # jupyter_client's own one-time costs (provisioner entry points, the kernelspec) are
    # paid before the clock starts.
    KernelProvisionerFactory.instance()
    km = KernelManager(kernel_name=name)
    km.kernel_spec
    ctx = zmq.asyncio.Context()
    ctx.setsockopt(zmq.RECONNECT_IVL, 10)
    log = None
    kw = {}
    if trace:
        # The kernel's log (PEERBOOK_DEBUG) has the start trace; it goes to a file.
        log = tempfile.NamedTemporaryFile(prefix="peerbook-bench-log-", suffix=".txt", delete=False)
        kw = {"stderr": log, "env": dict(os.environ, PEERBOOK_DEBUG="1")}
    launched_ns = time.time_ns()
    t0 = time.perf_counter()
    km.start_kernel(**kw)
    kc = km.client(context=ctx)
    kc.start_channels()
    msg_id = kc.kernel_info()
    wait_reply(kc, msg_id, timeout=60)
    start = time.perf_counter() - t0
    return km, kc, start, log, launched_ns


def one_start(name, trace):
    """One start of kernel name, and its first 1+1 (which waits for the evaluator): the
    start, and the trace {step: ms after launch} with "(client) first 1+1 reply"."""
    km, kc, start, log, launched_ns = start_kernel(name, trace)
    try:
        msg_id = kc.execute("1+1")
        wait_reply(kc, msg_id)
        first_reply = (time.time_ns() - launched_ns) / 1e6
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    steps = {}
    if log is not None:
        log.close()
        steps = read_trace(log.name, launched_ns)
        os.unlink(log.name)
    steps["(client) first 1+1 reply"] = first_reply
    return start, steps


def round_trips(name, n):
    km, kc, _, _, _ = start_kernel(name, False)
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
        lean = lean_round_trips(km, n)
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=False)
    return {"median": statistics.median(lean), "p99": percentile(lean, 99),
            "client_median": statistics.median(times), "client_p99": percentile(times, 99), "n": len(lean)}


def install(exe, prefix, name):
    subprocess.run([exe, "install", "--prefix", prefix, "--name", name], check=True, stdout=subprocess.DEVNULL)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=200, help="executions of 1+1 per kernel")
    ap.add_argument("--starts", type=int, default=5, help="starts per kernel (the median is shown)")
    ap.add_argument("--peerbook", help="the peerbook binary (default: go build)")
    ap.add_argument("--baseline", help="another peerbook binary to bench beside it")
    ap.add_argument("--no-ipykernel", action="store_true", help="bench peerbook only")
    ap.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    args = ap.parse_args()

    tmp = tempfile.mkdtemp(prefix="peerbook-bench-")
    try:
        exe = args.peerbook
        if not exe:
            exe = os.path.join(tmp, "peerbook")
            subprocess.run(["go", "build", "-o", tmp + "/", ".", "./internal/cmd/peerbook-evaluator"], cwd=ROOT, check=True)
        prefix = os.path.join(tmp, "prefix")
        install(exe, prefix, "peerbook-bench")
        kernels = [("peerbook", "peerbook-bench", True)]
        if args.baseline:
            install(args.baseline, prefix, "peerbook-baseline")
            kernels.append(("baseline", "peerbook-baseline", True))
        if not args.no_ipykernel:
            kernels.append(("ipykernel", "python3", False))
        os.environ["JUPYTER_PATH"] = os.path.join(prefix, "share", "jupyter")
        os.environ["PEERBOOK_HISTORY"] = "none"

        starts = {label: [] for label, _, _ in kernels}
        traces = {label: [] for label, _, _ in kernels}
        for _ in range(args.starts):
            for label, name, trace in kernels:
                start, steps = one_start(name, trace)
                starts[label].append(start)
                traces[label].append(steps)
        results = {}
        for label, name, _ in kernels:
            results[label] = round_trips(name, args.n)
            results[label]["start"] = statistics.median(starts[label])
            results[label]["start_min"] = min(starts[label])
            trace = {}
            for step in traces[label][0]:
                vals = [t[step] for t in traces[label] if step in t]
                if len(vals) == len(traces[label]):
                    trace[step] = statistics.median(vals)
            results[label]["trace"] = trace
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    names = list(results)
    print(f"{'':34}" + "".join(f"{k:>14}" for k in names))
    print(f"{'start to first kernel_info_reply':34}" + "".join(f"{results[k]['start']*1e3:>11.1f} ms" for k in names))
    print(f"{'  fastest start':34}" + "".join(f"{results[k]['start_min']*1e3:>11.1f} ms" for k in names))
    print(f"{'  first 1+1 answered':34}" + "".join(f"{results[k]['trace']['(client) first 1+1 reply']:>11.1f} ms" for k in names))
    rows = [("1+1 round trip, median", "median"), ("1+1 round trip, p99", "p99"),
            ("  BlockingKernelClient, median", "client_median"), ("  BlockingKernelClient, p99", "client_p99")]
    for label, key in rows:
        print(f"{label:34}" + "".join(f"{results[k][key]*1e3:>11.2f} ms" for k in names))
    print(f"(starts: median of {args.starts}, each kernel in turn; N = {args.n} executions per kernel after 10 warm-up, each way; {os.cpu_count()} CPUs)")
    print("Round trips: jupyter_client's Session signs each request, sent on plain blocking zmq sockets,")
    print("replies matched by parent msg_id. The BlockingKernelClient rows are the same 1+1 through")
    print("jupyter_client's blocking client, whose own per-message cost (an asyncio loop per call) is")
    print("in both kernels' figures.")

    labels = [("process", "its own code began (exec, the Go runtime, package inits)"),
              ("sockets", "the five sockets listen"),
              ("evaluator_started", "the evaluator process started (beside the sockets)"),
              ("kernel_info_reply", "the first kernel_info_reply sent"),
              ("evaluator_ready", "the evaluator's session is up"),
              ("execute_reply", "the first execute_reply sent"),
              ("(client) first 1+1 reply", "the client has the first execute_reply")]
    for label in names:
        trace = results[label]["trace"]
        if len(trace) <= 1:
            continue
        print()
        print(f"{label}'s start trace (ms after the launch, medians; from the kernel's log, --debug):")
        for step, what in labels:
            if step in trace:
                print(f"  {trace[step]:>8.1f} ms  {step:<26} {what}")

    pb = results["peerbook"]
    ok = True
    checks = [("start < 150 ms", pb["start"] < 0.150), ("round trip median < 2 ms", pb["median"] < 0.002)]
    if "ipykernel" in results:
        ratio = pb["start"] / results["ipykernel"]["start"]
        checks.append((f"start <= 0.20x ipykernel's (ratio {ratio:.3f})", ratio <= 0.20))
        ratio = pb["median"] / results["ipykernel"]["median"]
        checks.append((f"round trip <= 0.20x ipykernel's (ratio {ratio:.3f})", ratio <= 0.20))
    for what, passed in checks:
        print(("PASS " if passed else "MISS ") + what)
        ok = ok and passed
    if args.check and not ok:
        sys.exit(1)


if __name__ == "__main__":
    main()
