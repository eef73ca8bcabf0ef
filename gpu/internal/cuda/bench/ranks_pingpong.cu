// Reference for the rank tests (gpu/symmetric_cuda_test.go, TestCUDARanksFlagPingPong): a
// flag ping-pong between two processes on the same GPU memory, shared the way peerbook's
// ranks share it. The parent allocates two flags with cuMemCreate (POSIX file-descriptor
// handle), exports them, passes the descriptor to a child process over a Unix socket
// (SCM_RIGHTS); the child imports, maps and sets access. Then each launches one kernel:
// ping sets flag 0 to i and waits for flag 1 == i, pong the other way round, `rounds`
// times, with system-scope release stores and acquire loads and __threadfence_system, as
// peerbook's flag_set and flag_wait do. The parent times its kernel from launch to end, as
// the Go test does. Without MPS the two processes' contexts time-slice the GPU, so the
// figure is mostly the time slice: compare it with the Go test's, never with one process.
//
//   usage: ranks_pingpong [rounds]        (RESULT c_ranks_pingpong_us_repN lines)
#include <cuda.h>
#include <cuda/atomic>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <spawn.h>
#include <unistd.h>
#include <cstring>
#include <string>
#include "common.cuh"

extern char** environ;

#define DRV(call)                                                                    \
  do {                                                                               \
    CUresult r_ = (call);                                                            \
    if (r_ != CUDA_SUCCESS) {                                                        \
      const char* n_ = "?";                                                          \
      cuGetErrorName(r_, &n_);                                                       \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, n_);        \
      std::exit(1);                                                                  \
    }                                                                                \
  } while (0)

static const size_t kGranule = 2 << 20;

__device__ bool wait_flag(unsigned* p, unsigned v) {
  cuda::atomic_ref<unsigned, cuda::thread_scope_system> f(*p);
  unsigned long long start = global_ns();
  for (unsigned n = 0; f.load(cuda::memory_order_acquire) != v; n++) {
    if ((n & 4095u) == 4095u && global_ns() - start > 10000000000ull) return false;
  }
  __threadfence_system();
  return true;
}

__device__ void set_flag(unsigned* p, unsigned v) {
  __threadfence_system();
  cuda::atomic_ref<unsigned, cuda::thread_scope_system>(*p).store(v, cuda::memory_order_release);
}

__global__ void ping(unsigned* f, unsigned rounds) {
  for (unsigned i = 1; i <= rounds; i++) {
    set_flag(&f[0], i);
    if (!wait_flag(&f[1], i)) return;
  }
}

__global__ void pong(unsigned* f, unsigned rounds) {
  for (unsigned i = 1; i <= rounds; i++) {
    if (!wait_flag(&f[0], i)) return;
    set_flag(&f[1], i);
  }
}

static void send_fd(int sock, int fd) {
  char byte = 'f';
  iovec io{&byte, 1};
  char ctrl[CMSG_SPACE(sizeof(int))] = {};
  msghdr m{};
  m.msg_iov = &io;
  m.msg_iovlen = 1;
  m.msg_control = ctrl;
  m.msg_controllen = sizeof ctrl;
  cmsghdr* c = CMSG_FIRSTHDR(&m);
  c->cmsg_level = SOL_SOCKET;
  c->cmsg_type = SCM_RIGHTS;
  c->cmsg_len = CMSG_LEN(sizeof(int));
  std::memcpy(CMSG_DATA(c), &fd, sizeof fd);
  if (sendmsg(sock, &m, 0) != 1) { std::perror("sendmsg"); std::exit(1); }
}

static int recv_fd(int sock) {
  char byte;
  iovec io{&byte, 1};
  char ctrl[CMSG_SPACE(sizeof(int))] = {};
  msghdr m{};
  m.msg_iov = &io;
  m.msg_iovlen = 1;
  m.msg_control = ctrl;
  m.msg_controllen = sizeof ctrl;
  if (recvmsg(sock, &m, 0) != 1) { std::perror("recvmsg"); std::exit(1); }
  cmsghdr* c = CMSG_FIRSTHDR(&m);
  int fd;
  std::memcpy(&fd, CMSG_DATA(c), sizeof fd);
  return fd;
}

static void say(int sock, char c) { if (write(sock, &c, 1) != 1) { std::perror("write"); std::exit(1); } }
static char hear(int sock) {
  char c;
  if (read(sock, &c, 1) != 1) { std::fprintf(stderr, "the other process is gone\n"); std::exit(1); }
  return c;
}

// map_handle reserves, maps and opens access to the allocation h on device 0.
static CUdeviceptr map_handle(CUmemGenericAllocationHandle h) {
  CUdeviceptr p;
  DRV(cuMemAddressReserve(&p, kGranule, 0, 0, 0));
  DRV(cuMemMap(p, kGranule, 0, h, 0));
  CUmemAccessDesc a{};
  a.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  a.location.id = 0;
  a.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
  DRV(cuMemSetAccess(p, kGranule, &a, 1));
  return p;
}

int main(int argc, char** argv) {
  bool child = argc >= 3 && std::string(argv[1]) == "child";
  unsigned rounds = 200;
  if (!child && argc >= 2) rounds = (unsigned)std::atoi(argv[1]);
  const int reps = 3;
  int sock;
  pid_t pid = 0;
  if (child) {
    sock = std::atoi(argv[2]);
    rounds = (unsigned)std::atoi(argv[3]);
  } else {
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) { std::perror("socketpair"); return 1; }
    std::string fdarg = std::to_string(sv[1]), r = std::to_string(rounds);
    char* cargv[] = {argv[0], (char*)"child", (char*)fdarg.c_str(), (char*)r.c_str(), nullptr};
    if (posix_spawn(&pid, argv[0], nullptr, nullptr, cargv, environ) != 0) { std::perror("posix_spawn"); return 1; }
    close(sv[1]);
    sock = sv[0];
  }
  CHECK(cudaSetDevice(0));
  CHECK(cudaFree(0));  // the primary context, current
  cudaFuncAttributes fa;  // both kernels loaded before any launch (see pingpong.cu)
  CHECK(cudaFuncGetAttributes(&fa, ping));
  CHECK(cudaFuncGetAttributes(&fa, pong));
  CUmemGenericAllocationHandle h;
  if (!child) {
    CUmemAllocationProp prop{};
    prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
    prop.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
    prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    prop.location.id = 0;
    DRV(cuMemCreate(&h, kGranule, &prop, 0));
    int fd = -1;
    DRV(cuMemExportToShareableHandle(&fd, h, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0));
    send_fd(sock, fd);
  } else {
    int fd = recv_fd(sock);
    DRV(cuMemImportFromShareableHandle(&h, (void*)(uintptr_t)fd, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR));
  }
  unsigned* f = (unsigned*)map_handle(h);
  cudaStream_t s;
  CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  bool ok = true;
  for (int rep = 0; rep < reps; rep++) {
    if (!child) {
      CHECK(cudaMemset(f, 0, 8));
      CHECK(cudaDeviceSynchronize());
      say(sock, 'g');  // the child launches pong
      double t0 = now_s();
      ping<<<1, 1, 0, s>>>(f, rounds);
      CHECK(cudaStreamSynchronize(s));
      double took = now_s() - t0;
      if (hear(sock) != 'd') ok = false;
      unsigned v[2];
      CHECK(cudaMemcpy(v, f, 8, cudaMemcpyDeviceToHost));
      if (v[0] != rounds || v[1] != rounds) {
        std::fprintf(stderr, "rep %d: stopped at %u/%u of %u rounds\n", rep, v[0], v[1], rounds);
        ok = false;
      }
      char key[64];
      std::snprintf(key, sizeof key, "c_ranks_pingpong_us_rep%d", rep);
      result(key, took * 1e6 / rounds);
    } else {
      if (hear(sock) != 'g') return 1;
      pong<<<1, 1, 0, s>>>(f, rounds);
      CHECK(cudaStreamSynchronize(s));
      say(sock, 'd');
    }
  }
  if (!child) {
    int status = 0;
    waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) ok = false;
    std::printf("%s: %u rounds x %d reps, two processes, one GPU, VMM handles passed over a Unix socket\n",
                ok ? "ok" : "FAILED", rounds, reps);
  }
  return ok ? 0 : 1;
}
