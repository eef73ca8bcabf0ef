// Stand-ins for what NVRTC provides implicitly, so clang can check the prelude's C++.
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#include "__clang_cuda_builtin_vars.h"
__device__ void __threadfence_system();
__device__ void __threadfence();
__device__ void __syncthreads();
__device__ void __trap();
#define DECL2(name, T) __device__ T name(T*, T);
#define ALL(name) DECL2(name##_system, int) DECL2(name##_system, unsigned) DECL2(name##_system, unsigned long long) \
  DECL2(name##_block, int) DECL2(name##_block, unsigned) DECL2(name##_block, unsigned long long) \
  DECL2(name, int) DECL2(name, unsigned) DECL2(name, unsigned long long)
ALL(atomicAdd) DECL2(atomicAdd_system, float) DECL2(atomicAdd_system, double) DECL2(atomicAdd, float) DECL2(atomicAdd, double)
ALL(atomicExch) DECL2(atomicExch_system, float)
ALL(atomicMin) DECL2(atomicMin_system, long long)
ALL(atomicMax) DECL2(atomicMax_system, long long)
ALL(atomicAnd) DECL2(atomicAnd_system, long long)
ALL(atomicOr) DECL2(atomicOr_system, long long)
ALL(atomicXor) DECL2(atomicXor_system, long long)
DECL2(atomicSub_system, int) DECL2(atomicSub_system, unsigned)
DECL2(atomicInc_system, unsigned) DECL2(atomicDec_system, unsigned)
__device__ int atomicCAS_system(int*, int, int);
__device__ unsigned atomicCAS_system(unsigned*, unsigned, unsigned);
__device__ unsigned long long atomicCAS_system(unsigned long long*, unsigned long long, unsigned long long);
