// A stand-in for the CUDA compiler's built-in declarations, so that g++ can check the syntax
// and overload resolution of translated kernels where no CUDA toolkit is installed. Only
// declarations: nothing here is ever run.
#define __device__
#define __global__
#define __host__
#define __shared__
#define __forceinline__ inline
#define __noinline__ __attribute__((noinline))
#define __align__(n) __attribute__((aligned(n)))
#define __restrict__ __restrict
#define __launch_bounds__(...)
struct gk_uint3 { unsigned x, y, z; };
extern gk_uint3 threadIdx, blockIdx, blockDim, gridDim;
void __syncthreads();
unsigned __activemask(); int __ffs(int); int __popc(unsigned);
void __threadfence();
void __threadfence_system();
[[noreturn]] void __trap();
float __fmul_rn(float, float);
double __dmul_rn(double, double);
float __uint_as_float(unsigned);
unsigned __float_as_uint(float);
double __longlong_as_double(long long);
long long __double_as_longlong(double);
bool signbit(float); bool signbit(double); bool isnan(float); bool isnan(double);
#define GK_SHIM_MATH1(f) double f(double);
#define GK_SHIM_MATH2(f) double f(double, double);
GK_SHIM_MATH1(sqrt) GK_SHIM_MATH1(fabs) GK_SHIM_MATH1(floor) GK_SHIM_MATH1(ceil) GK_SHIM_MATH1(trunc)
GK_SHIM_MATH1(round) GK_SHIM_MATH1(rint) GK_SHIM_MATH1(exp) GK_SHIM_MATH1(exp2) GK_SHIM_MATH1(expm1)
GK_SHIM_MATH1(log) GK_SHIM_MATH1(log2) GK_SHIM_MATH1(log10) GK_SHIM_MATH1(log1p) GK_SHIM_MATH1(sin)
GK_SHIM_MATH1(cos) GK_SHIM_MATH1(tan) GK_SHIM_MATH1(asin) GK_SHIM_MATH1(acos) GK_SHIM_MATH1(atan)
GK_SHIM_MATH1(sinh) GK_SHIM_MATH1(cosh) GK_SHIM_MATH1(tanh) GK_SHIM_MATH1(cbrt) GK_SHIM_MATH1(erf)
GK_SHIM_MATH1(erfc)
GK_SHIM_MATH2(fmod) GK_SHIM_MATH2(copysign) GK_SHIM_MATH2(pow) GK_SHIM_MATH2(atan2) GK_SHIM_MATH2(hypot)
double fma(double, double, double);
#define GK_SHIM_ATOMIC(name)                                                      \
  int name(int*, int); unsigned name(unsigned*, unsigned);                        \
  unsigned long long name(unsigned long long*, unsigned long long);               \
  int name##_system(int*, int); unsigned name##_system(unsigned*, unsigned);      \
  unsigned long long name##_system(unsigned long long*, unsigned long long);
GK_SHIM_ATOMIC(atomicAdd) GK_SHIM_ATOMIC(atomicExch) GK_SHIM_ATOMIC(atomicMin) GK_SHIM_ATOMIC(atomicMax)
GK_SHIM_ATOMIC(atomicAnd) GK_SHIM_ATOMIC(atomicOr) GK_SHIM_ATOMIC(atomicXor)
float atomicAdd(float*, float); double atomicAdd(double*, double);
float atomicAdd_system(float*, float); double atomicAdd_system(double*, double);
float atomicExch(float*, float); float atomicExch_system(float*, float);
long long atomicMin(long long*, long long); long long atomicMax(long long*, long long);
long long atomicAnd_system(long long*, long long); long long atomicOr_system(long long*, long long);
long long atomicXor_system(long long*, long long);
long long atomicMin_system(long long*, long long); long long atomicMax_system(long long*, long long);
int atomicCAS(int*, int, int); unsigned atomicCAS(unsigned*, unsigned, unsigned);
unsigned long long atomicCAS(unsigned long long*, unsigned long long, unsigned long long);
unsigned short atomicCAS(unsigned short*, unsigned short, unsigned short);
int atomicCAS_system(int*, int, int); unsigned atomicCAS_system(unsigned*, unsigned, unsigned);
unsigned long long atomicCAS_system(unsigned long long*, unsigned long long, unsigned long long);
unsigned atomicInc_system(unsigned*, unsigned); unsigned atomicDec_system(unsigned*, unsigned);
// CUDA's vector types (gpu.Load4 and gpu.Store4), with CUDA's member types and alignments.
struct __attribute__((aligned(4))) char4 { signed char x, y, z, w; };
struct __attribute__((aligned(4))) uchar4 { unsigned char x, y, z, w; };
struct __attribute__((aligned(8))) short4 { short x, y, z, w; };
struct __attribute__((aligned(8))) ushort4 { unsigned short x, y, z, w; };
struct __attribute__((aligned(16))) int4 { int x, y, z, w; };
struct __attribute__((aligned(16))) uint4 { unsigned int x, y, z, w; };
struct __attribute__((aligned(16))) float4 { float x, y, z, w; };
struct __attribute__((aligned(16))) longlong2 { long long x, y; };
struct __attribute__((aligned(16))) ulonglong2 { unsigned long long x, y; };
struct __attribute__((aligned(16))) double2 { double x, y; };
