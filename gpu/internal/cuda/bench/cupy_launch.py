"""Reference: CuPy RawKernel launch cost, the same measurements as launch.cu."""
import time

import cupy as cp

kernel = cp.RawKernel(r'extern "C" __global__ void empty() {}', "empty")
stream = cp.cuda.Stream(non_blocking=True)
with stream:
    for _ in range(1000):
        kernel((1,), (1,), ())
    stream.synchronize()

    n = 200000
    t0 = time.perf_counter()
    for _ in range(n):
        kernel((1,), (1,), ())
    stream.synchronize()
    print("RESULT cupy_launch_empty_us %.4f" % ((time.perf_counter() - t0) / n * 1e6))

    m = 50000
    t0 = time.perf_counter()
    for _ in range(m):
        kernel((1,), (1,), ())
        stream.synchronize()
    print("RESULT cupy_launch_sync_us %.4f" % ((time.perf_counter() - t0) / m * 1e6))
