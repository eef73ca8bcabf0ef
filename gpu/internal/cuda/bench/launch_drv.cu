// Reference: kernel launch cost through the CUDA driver API from C, the calls the Go
// backend makes through purego: cuLaunchKernel on a non-blocking stream, alone and with
// each way of making the context current first (cuCtxSetCurrent every time: the backend's
// first design, PEERBOOK_CUDA_CTX=set; cuCtxGetCurrent and set only where it differs: get
// and fused), and launch + cuStreamSynchronize. The difference between these and the Go
// figures is the price of Go -> C calls; between c_drv_launch_empty_us and the runtime's
// c_launch_empty_us (launch.cu), the price of the public driver entry point.
#include <cuda.h>
#include "common.cuh"

#define DRV(call)                                                                     \
  do {                                                                                \
    CUresult r_ = (call);                                                             \
    if (r_ != CUDA_SUCCESS) {                                                         \
      const char* name_ = "?";                                                        \
      cuGetErrorName(r_, &name_);                                                     \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, name_);      \
      std::exit(1);                                                                   \
    }                                                                                 \
  } while (0)

__global__ void empty() {}

template <class F>
static double per_call_us(int n, CUstream s, F body) {
  double t0 = now_s();
  for (int i = 0; i < n; i++) body();
  if (s) DRV(cuStreamSynchronize(s));
  return (now_s() - t0) / n * 1e6;
}

int main() {
  cudaStream_t rs;
  CHECK(cudaStreamCreateWithFlags(&rs, cudaStreamNonBlocking));
  for (int i = 0; i < 1000; i++) empty<<<1, 1, 0, rs>>>();  // loads the kernel, makes the context
  CHECK(cudaStreamSynchronize(rs));
  cudaFunction_t rf;
  CHECK(cudaGetFuncBySymbol(&rf, (const void*)empty));
  CUfunction f = (CUfunction)rf;
  CUcontext ctx;
  DRV(cuCtxGetCurrent(&ctx));
  CUstream s;
  DRV(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));
  auto launch = [&] { DRV(cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, s, nullptr, nullptr)); };
  per_call_us(1000, s, launch);

  const int n = 200000, m = 50000;
  result("c_drv_launch_empty_us", per_call_us(n, s, launch));
  result("c_drv_launch_setctx_us", per_call_us(n, s, [&] {
           DRV(cuCtxSetCurrent(ctx));
           launch();
         }));
  result("c_drv_launch_getctx_us", per_call_us(n, s, [&] {
           CUcontext cur;
           DRV(cuCtxGetCurrent(&cur));
           if (cur != ctx) DRV(cuCtxSetCurrent(ctx));
           launch();
         }));
  result("c_drv_launch_sync_us", per_call_us(m, nullptr, [&] {
           launch();
           DRV(cuStreamSynchronize(s));
         }));
  result("c_drv_ctxset_us", per_call_us(n, nullptr, [&] { DRV(cuCtxSetCurrent(ctx)); }));
  result("c_drv_ctxget_us", per_call_us(n, nullptr, [&] {
           CUcontext cur;
           DRV(cuCtxGetCurrent(&cur));
         }));
  return 0;
}
