// Reference: flag ping-pong between two kernels running at the same time on two streams of
// one device, with cuda::atomic_ref (store release / load acquire), system scope as the
// Peer contract requires and device scope for comparison; and between a kernel and a host
// thread through mapped pinned memory. The protocol is BenchmarkGPUPingPong's.
#include <cuda/atomic>
#include <thread>
#include "common.cuh"

template <cuda::thread_scope Scope>
__device__ bool wait_for(cuda::atomic_ref<unsigned, Scope>& f, unsigned v, unsigned* err) {
  unsigned long long start = global_ns();
  for (unsigned n = 0; f.load(cuda::memory_order_acquire) != v; n++) {
    if ((n & 4095u) == 4095u && global_ns() - start > 5000000000ull) {
      *err = v;
      return false;
    }
  }
  return true;
}

template <cuda::thread_scope Scope>
__global__ void ping(unsigned* f, unsigned base, unsigned rounds, unsigned* err) {
  cuda::atomic_ref<unsigned, Scope> mine(f[0]), theirs(f[1]);
  for (unsigned i = base + 1; i <= base + rounds; i++) {
    mine.store(i, cuda::memory_order_release);
    if (!wait_for(theirs, i, err)) return;
  }
}

template <cuda::thread_scope Scope>
__global__ void pong(unsigned* f, unsigned base, unsigned rounds, unsigned* err) {
  cuda::atomic_ref<unsigned, Scope> mine(f[1]), theirs(f[0]);
  for (unsigned i = base + 1; i <= base + rounds; i++) {
    if (!wait_for(theirs, i, err)) return;
    mine.store(i, cuda::memory_order_release);
  }
}

template <cuda::thread_scope Scope>
static double device_pingpong(unsigned* f, unsigned* err, cudaStream_t s1, cudaStream_t s2, unsigned rounds, int reps) {
  CHECK(cudaMemset(f, 0, 8));
  unsigned base = 0;
  double total = 0;
  for (int r = 0; r <= reps; r++) {  // r == 0 warms up
    double t0 = now_s();
    pong<Scope><<<1, 1, 0, s2>>>(f, base, rounds, err);
    ping<Scope><<<1, 1, 0, s1>>>(f, base, rounds, err);
    CHECK(cudaStreamSynchronize(s1));
    CHECK(cudaStreamSynchronize(s2));
    if (r > 0) total += now_s() - t0;
    base += rounds;
  }
  unsigned e;
  CHECK(cudaMemcpy(&e, err, 4, cudaMemcpyDeviceToHost));
  if (e != 0) {
    std::fprintf(stderr, "ping-pong timed out waiting for %u\n", e);
    std::exit(1);
  }
  return total / (double(reps) * rounds) * 1e6;
}

int main() {
  const unsigned rounds = 20000;
  const int reps = 20;
  unsigned *f, *err;
  CHECK(cudaMalloc(&f, 8));
  CHECK(cudaMalloc(&err, 4));
  CHECK(cudaMemset(err, 0, 4));
  cudaStream_t s1, s2;
  CHECK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
  CHECK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  result("c_pingpong_sys_us", device_pingpong<cuda::thread_scope_system>(f, err, s1, s2, rounds, reps));
  result("c_pingpong_dev_us", device_pingpong<cuda::thread_scope_device>(f, err, s1, s2, rounds, reps));

  // GPU <-> host: the kernel pings, a host thread pongs, through mapped pinned memory.
  unsigned* hf;
  CHECK(cudaHostAlloc(&hf, 8, cudaHostAllocMapped | cudaHostAllocPortable));
  hf[0] = hf[1] = 0;
  unsigned* df;
  CHECK(cudaHostGetDevicePointer(&df, hf, 0));
  double total = 0;
  unsigned base = 0;
  for (int r = 0; r <= reps; r++) {
    double t0 = now_s();
    ping<cuda::thread_scope_system><<<1, 1, 0, s1>>>(df, base, rounds, err);
    cuda::atomic_ref<unsigned, cuda::thread_scope_system> theirs(hf[0]), mine(hf[1]);
    for (unsigned i = base + 1; i <= base + rounds; i++) {
      double deadline = now_s() + 10;
      for (unsigned n = 0; theirs.load(cuda::memory_order_acquire) != i; n++) {
        if ((n & 4095u) == 4095u && now_s() > deadline) {
          std::fprintf(stderr, "host ping-pong: the kernel never sent %u\n", i);
          return 1;
        }
      }
      mine.store(i, cuda::memory_order_release);
    }
    CHECK(cudaStreamSynchronize(s1));
    if (r > 0) total += now_s() - t0;
    base += rounds;
  }
  result("c_pingpong_host_us", total / (double(reps) * rounds) * 1e6);
  return 0;
}
