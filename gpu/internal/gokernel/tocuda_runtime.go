package gokernel

import (
	"encoding/binary"
	"fmt"
)

// Fault codes written to the fault record by a translated kernel before the failing thread
// ends.
const (
	FaultIndex  = 1 // index out of range: Index, Length
	FaultDivide = 2 // integer divide by zero
	FaultShift  = 3 // negative shift amount: Index is the count
)

// FaultSymbol is the name of the device variable of a translated module that holds the
// address of its fault record (FaultRecordSize bytes, zeroed, in host-mapped memory the
// device can write). A failing thread records its fault there (the first one wins) and
// ends (PTX exit, no trap: the context stays usable; the other threads run on). Where the
// variable is 0, a failing thread traps instead, which leaves the context unusable. See
// DecodeFault.
const FaultSymbol = "gokernel_fault_record"

// FaultRecordSize is the size of the fault record in bytes.
const FaultRecordSize = 48

// cudaRuntime is the part of every translated source that keeps Go's semantics in CUDA C++:
// wrapping integer arithmetic, division and shifts as Go defines them, the fault record,
// float16 conversions, Go's min and max, and the atomics of both scopes.
const cudaRuntime = `// ---- gokernel runtime: Go semantics in CUDA C++ ----
struct gk_fault_t {
  unsigned int code, site;                    // fault code; index of the Go position
  long long index, length;                    // the failing index and length, or shift count
  unsigned int block[3], thread[3];
};
extern "C" { __device__ gk_fault_t* gokernel_fault_record = 0; }

namespace gk {

__device__ __noinline__ void fault(unsigned code, unsigned site, long long index, long long length) {
  gk_fault_t* r = gokernel_fault_record;
  if (r != 0 && atomicCAS_system(&r->code, 0u, code) == 0u) {
    volatile gk_fault_t* v = r;
    v->site = site; v->index = index; v->length = length;
    v->block[0] = blockIdx.x; v->block[1] = blockIdx.y; v->block[2] = blockIdx.z;
    v->thread[0] = threadIdx.x; v->thread[1] = threadIdx.y; v->thread[2] = threadIdx.z;
    __threadfence_system();
  }
  // Without a record nothing could report the fault: trap (sticky: the context is lost).
  if (r == 0) __trap();
  // With one, end this thread only: the context stays healthy, the host reads the record
  // once the launch completes. PTX exit releases barriers that only exited threads hold up,
  // and barrier.sync waits for non-exited threads only, so __syncthreads can't deadlock.
  asm volatile("exit;" ::: "memory");
}

// idx checks 0 <= i < n (Go's bounds check) and returns i.
__device__ __forceinline__ long long idx(long long i, long long n, unsigned site) {
  if ((unsigned long long)i >= (unsigned long long)n) fault(1u, site, i, n);
  return i;
}

template <class T> struct traits;
template <> struct traits<int8_t>   { typedef unsigned int w; enum { bits = 8,  is_signed = 1 }; };
template <> struct traits<int16_t>  { typedef unsigned int w; enum { bits = 16, is_signed = 1 }; };
template <> struct traits<int32_t>  { typedef unsigned int w; enum { bits = 32, is_signed = 1 }; };
template <> struct traits<int64_t>  { typedef unsigned long long w; enum { bits = 64, is_signed = 1 }; };
template <> struct traits<uint8_t>  { typedef unsigned int w; enum { bits = 8,  is_signed = 0 }; };
template <> struct traits<uint16_t> { typedef unsigned int w; enum { bits = 16, is_signed = 0 }; };
template <> struct traits<uint32_t> { typedef unsigned int w; enum { bits = 32, is_signed = 0 }; };
template <> struct traits<uint64_t> { typedef unsigned long long w; enum { bits = 64, is_signed = 0 }; };

// Integer arithmetic wraps around, as in Go (done in unsigned arithmetic: no UB).
template <class T> __device__ __forceinline__ T add(T a, T b) { typedef typename traits<T>::w W; return (T)((W)a + (W)b); }
template <class T> __device__ __forceinline__ T sub(T a, T b) { typedef typename traits<T>::w W; return (T)((W)a - (W)b); }
template <class T> __device__ __forceinline__ T mul(T a, T b) { typedef typename traits<T>::w W; return (T)((W)a * (W)b); }
template <class T> __device__ __forceinline__ T neg(T a) { typedef typename traits<T>::w W; return (T)((W)0 - (W)a); }

// Division truncates; by zero is a fault; MinInt / -1 wraps to MinInt (remainder 0).
template <class T> __device__ __forceinline__ T div(T a, T b, unsigned site) {
  if (b == 0) fault(2u, site, 0, 0);
  if (traits<T>::is_signed && b == (T)-1) return neg(a);
  return (T)(a / b);
}
template <class T> __device__ __forceinline__ T rem(T a, T b, unsigned site) {
  if (b == 0) fault(2u, site, 0, 0);
  if (traits<T>::is_signed && b == (T)-1) return (T)0;
  return (T)(a % b);
}

// Shift counts: a negative signed count is a fault; counts >= the width shift everything out.
__device__ __forceinline__ unsigned long long count(long long n, unsigned site) {
  if (n < 0) fault(3u, site, n, 0);
  return (unsigned long long)n;
}
__device__ __forceinline__ unsigned long long count(unsigned long long n, unsigned) { return n; }
template <class T> __device__ __forceinline__ T shl(T a, unsigned long long n) {
  typedef typename traits<T>::w W;
  return n >= (unsigned long long)traits<T>::bits ? (T)0 : (T)((W)a << n);
}
template <class T> __device__ __forceinline__ T shr(T a, unsigned long long n) {
  if (n >= (unsigned long long)traits<T>::bits) return (traits<T>::is_signed && a < 0) ? (T)-1 : (T)0;
  return (T)(a >> n);
}

// Go's min and max: NaN wins; min(-0, +0) is -0, max(-0, +0) is +0. The float and double
// versions are explicit specializations, not overloads: translated code calls
// gk::min<T>(a, b), which never selects a non-template overload (it once used the generic
// comparison for floats, so min(+0, -0) was +0 and max(1.5, NaN) was 1.5). float_min and
// float_max are Go's min and max of floats, for float and double alike.
template <class T> __device__ __forceinline__ T min(T a, T b) { return b < a ? b : a; }
template <class T> __device__ __forceinline__ T max(T a, T b) { return b > a ? b : a; }
template <class F> __device__ __forceinline__ F float_min(F a, F b) {
  if (a != a || b != b) return a + b;
  if (a == b) return signbit(a) ? a : b;
  return a < b ? a : b;
}
template <class F> __device__ __forceinline__ F float_max(F a, F b) {
  if (a != a || b != b) return a + b;
  if (a == b) return signbit(a) ? b : a;
  return a > b ? a : b;
}
template <> __device__ __forceinline__ float min<float>(float a, float b) { return float_min(a, b); }
template <> __device__ __forceinline__ float max<float>(float a, float b) { return float_max(a, b); }
template <> __device__ __forceinline__ double min<double>(double a, double b) { return float_min(a, b); }
template <> __device__ __forceinline__ double max<double>(double a, double b) { return float_max(a, b); }

// Go's math.Max and math.Min: as max and min, except that +Inf (Max) and -Inf (Min) win
// even over NaN.
__device__ __forceinline__ double math_max(double a, double b) {
  if (a == __longlong_as_double(0x7ff0000000000000LL) || b == __longlong_as_double(0x7ff0000000000000LL)) return __longlong_as_double(0x7ff0000000000000LL);
  return max<double>(a, b);
}
__device__ __forceinline__ double math_min(double a, double b) {
  if (a == __longlong_as_double((long long)0xfff0000000000000ULL) || b == __longlong_as_double((long long)0xfff0000000000000ULL)) return __longlong_as_double((long long)0xfff0000000000000ULL);
  return min<double>(a, b);
}

__device__ __forceinline__ double inf(long long sign) { return __longlong_as_double(sign >= 0 ? 0x7ff0000000000000LL : (long long)0xfff0000000000000ULL); }
__device__ __forceinline__ bool is_inf(double f, long long sign) { return (sign >= 0 && f == inf(1)) || (sign <= 0 && f == inf(-1)); }
__device__ __forceinline__ double nan() { return __longlong_as_double(0x7ff8000000000001LL); }

// float16 and bfloat16 (held as their bits), rounding to nearest even.
__device__ __forceinline__ float f16_to_f32(uint16_t h) { float f; asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h)); return f; }
__device__ __forceinline__ uint16_t f32_to_f16(float f) { uint16_t h; asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(f)); return h; }
__device__ __forceinline__ float bf16_to_f32(uint16_t b) { return __uint_as_float((unsigned)b << 16); }
__device__ __forceinline__ uint16_t f32_to_bf16(float f) {
  unsigned b = __float_as_uint(f);
  if ((b & 0x7fffffffu) > 0x7f800000u) return (uint16_t)((b >> 16) | 0x40u);
  b += 0x7fffu + ((b >> 16) & 1u);
  return (uint16_t)(b >> 16);
}

// Array is a Go array: a value, copied on assignment.
template <class T, int N> struct Array {
  T v[N];
  __device__ __forceinline__ T& operator[](long long i) { return v[i]; }
  __device__ __forceinline__ const T& operator[](long long i) const { return v[i]; }
};

// Atomics. dev_* are device scope (ordinary buffers and shared memory), sys_* system scope
// (Peer buffers). All are relaxed: they order nothing but themselves (use sync_system()).
template <class T> __device__ __forceinline__ T from_bits(unsigned v) { T t; *reinterpret_cast<unsigned*>(&t) = v; return t; }
template <class T> __device__ __forceinline__ T from_bits(unsigned long long v) { T t; *reinterpret_cast<unsigned long long*>(&t) = v; return t; }
template <class T> __device__ __forceinline__ unsigned bits32(T v) { return *reinterpret_cast<unsigned*>(&v); }
template <class T> __device__ __forceinline__ unsigned long long bits64(T v) { return *reinterpret_cast<unsigned long long*>(&v); }

#define GK_ATOMICS(S, SFX)                                                                     \
__device__ __forceinline__ int32_t S##add(int32_t* p, int32_t v) { return atomicAdd##SFX(p, v); } \
__device__ __forceinline__ uint32_t S##add(uint32_t* p, uint32_t v) { return atomicAdd##SFX(p, v); } \
__device__ __forceinline__ int64_t S##add(int64_t* p, int64_t v) { return (int64_t)atomicAdd##SFX((unsigned long long*)p, (unsigned long long)v); } \
__device__ __forceinline__ uint64_t S##add(uint64_t* p, uint64_t v) { return atomicAdd##SFX((unsigned long long*)p, (unsigned long long)v); } \
__device__ __forceinline__ float S##add(float* p, float v) { return atomicAdd##SFX(p, v); } \
__device__ __forceinline__ double S##add(double* p, double v) { return atomicAdd##SFX(p, v); } \
__device__ __forceinline__ int32_t S##exch(int32_t* p, int32_t v) { return atomicExch##SFX(p, v); } \
__device__ __forceinline__ uint32_t S##exch(uint32_t* p, uint32_t v) { return atomicExch##SFX(p, v); } \
__device__ __forceinline__ int64_t S##exch(int64_t* p, int64_t v) { return (int64_t)atomicExch##SFX((unsigned long long*)p, (unsigned long long)v); } \
__device__ __forceinline__ uint64_t S##exch(uint64_t* p, uint64_t v) { return atomicExch##SFX((unsigned long long*)p, (unsigned long long)v); } \
__device__ __forceinline__ float S##exch(float* p, float v) { return atomicExch##SFX(p, v); } \
__device__ __forceinline__ double S##exch(double* p, double v) { return __longlong_as_double((long long)atomicExch##SFX((unsigned long long*)p, (unsigned long long)__double_as_longlong(v))); } \
__device__ __forceinline__ int32_t S##cas(int32_t* p, int32_t c, int32_t v) { return atomicCAS##SFX(p, c, v); } \
__device__ __forceinline__ uint32_t S##cas(uint32_t* p, uint32_t c, uint32_t v) { return atomicCAS##SFX(p, c, v); } \
__device__ __forceinline__ int64_t S##cas(int64_t* p, int64_t c, int64_t v) { return (int64_t)atomicCAS##SFX((unsigned long long*)p, (unsigned long long)c, (unsigned long long)v); } \
__device__ __forceinline__ uint64_t S##cas(uint64_t* p, uint64_t c, uint64_t v) { return atomicCAS##SFX((unsigned long long*)p, (unsigned long long)c, (unsigned long long)v); } \
__device__ __forceinline__ float S##cas(float* p, float c, float v) { return __uint_as_float(atomicCAS##SFX((unsigned*)p, __float_as_uint(c), __float_as_uint(v))); } \
__device__ __forceinline__ double S##cas(double* p, double c, double v) { return __longlong_as_double((long long)atomicCAS##SFX((unsigned long long*)p, (unsigned long long)__double_as_longlong(c), (unsigned long long)__double_as_longlong(v))); } \
__device__ __forceinline__ int32_t S##max(int32_t* p, int32_t v) { return atomicMax##SFX(p, v); } \
__device__ __forceinline__ uint32_t S##max(uint32_t* p, uint32_t v) { return atomicMax##SFX(p, v); } \
__device__ __forceinline__ int64_t S##max(int64_t* p, int64_t v) { return atomicMax##SFX((long long*)p, (long long)v); } \
__device__ __forceinline__ uint64_t S##max(uint64_t* p, uint64_t v) { return atomicMax##SFX((unsigned long long*)p, (unsigned long long)v); } \
__device__ __forceinline__ int32_t S##min(int32_t* p, int32_t v) { return atomicMin##SFX(p, v); } \
__device__ __forceinline__ uint32_t S##min(uint32_t* p, uint32_t v) { return atomicMin##SFX(p, v); } \
__device__ __forceinline__ int64_t S##min(int64_t* p, int64_t v) { return atomicMin##SFX((long long*)p, (long long)v); } \
__device__ __forceinline__ uint64_t S##min(uint64_t* p, uint64_t v) { return atomicMin##SFX((unsigned long long*)p, (unsigned long long)v); } \
__device__ __forceinline__ int32_t S##and_(int32_t* p, int32_t v) { return atomicAnd##SFX(p, v); } \
__device__ __forceinline__ uint32_t S##and_(uint32_t* p, uint32_t v) { return atomicAnd##SFX(p, v); } \
__device__ __forceinline__ int64_t S##and_(int64_t* p, int64_t v) { return (int64_t)atomicAnd##SFX((unsigned long long*)p, (unsigned long long)v); } \
__device__ __forceinline__ uint64_t S##and_(uint64_t* p, uint64_t v) { return atomicAnd##SFX((unsigned long long*)p, (unsigned long long)v); } \
__device__ __forceinline__ int32_t S##or_(int32_t* p, int32_t v) { return atomicOr##SFX(p, v); } \
__device__ __forceinline__ uint32_t S##or_(uint32_t* p, uint32_t v) { return atomicOr##SFX(p, v); } \
__device__ __forceinline__ int64_t S##or_(int64_t* p, int64_t v) { return (int64_t)atomicOr##SFX((unsigned long long*)p, (unsigned long long)v); } \
__device__ __forceinline__ uint64_t S##or_(uint64_t* p, uint64_t v) { return atomicOr##SFX((unsigned long long*)p, (unsigned long long)v); } \
__device__ __forceinline__ int32_t S##xor_(int32_t* p, int32_t v) { return atomicXor##SFX(p, v); } \
__device__ __forceinline__ uint32_t S##xor_(uint32_t* p, uint32_t v) { return atomicXor##SFX(p, v); } \
__device__ __forceinline__ int64_t S##xor_(int64_t* p, int64_t v) { return (int64_t)atomicXor##SFX((unsigned long long*)p, (unsigned long long)v); } \
__device__ __forceinline__ uint64_t S##xor_(uint64_t* p, uint64_t v) { return atomicXor##SFX((unsigned long long*)p, (unsigned long long)v); } \
/* float max and min: compare-and-swap loops with Go's max and min */                          \
template <class T> __device__ __forceinline__ T S##max(T* p, T v) {                            \
  T old = peerbook::load_volatile(p);                                                          \
  for (;;) {                                                                                   \
    T got = S##cas(p, old, gk::max(old, v));                                                   \
    if (sizeof(T) == 4 ? bits32(got) == bits32(old) : bits64(got) == bits64(old)) return old;  \
    old = got;                                                                                 \
  }                                                                                            \
}                                                                                              \
template <class T> __device__ __forceinline__ T S##min(T* p, T v) {                            \
  T old = peerbook::load_volatile(p);                                                          \
  for (;;) {                                                                                   \
    T got = S##cas(p, old, gk::min(old, v));                                                   \
    if (sizeof(T) == 4 ? bits32(got) == bits32(old) : bits64(got) == bits64(old)) return old;  \
    old = got;                                                                                 \
  }                                                                                            \
}

GK_ATOMICS(dev_, )
GK_ATOMICS(sys_, _system)
#undef GK_ATOMICS

// Atomic loads and stores are single volatile accesses: relaxed, system scope.
template <class T> __device__ __forceinline__ T atomic_load(T* p) { return peerbook::load_volatile(p); }
template <class T> __device__ __forceinline__ void atomic_store(T* p, T v) { peerbook::store_volatile(p, v); }

// Vector access (gpu.Load4, gpu.Store4): p[0..3] in one access where p is aligned to it (16
// bytes for 4-byte elements, two 16-byte accesses for 8-byte ones, 8 bytes for 2-byte and 4
// for 1-byte ones), else four scalar accesses. Plain C++ accesses, neither __ldg nor inline
// asm, so that the compiler still unrolls the loops around them. The vector types hold the
// element types exactly (int64_t is long long, float16 and bfloat16 are uint16_t).
#define GK_VEC4(T, V)                                                                          \
__device__ __forceinline__ Array<T, 4> load4(const T* p) {                                    \
  Array<T, 4> r;                                                                               \
  if (((unsigned long long)p & (sizeof(V) - 1)) == 0) {                                        \
    V a = *reinterpret_cast<const V*>(p);                                                      \
    r.v[0] = a.x; r.v[1] = a.y; r.v[2] = a.z; r.v[3] = a.w;                                    \
  } else {                                                                                     \
    r.v[0] = p[0]; r.v[1] = p[1]; r.v[2] = p[2]; r.v[3] = p[3];                                \
  }                                                                                            \
  return r;                                                                                    \
}                                                                                              \
__device__ __forceinline__ void store4(T* p, Array<T, 4> v) {                                 \
  if (((unsigned long long)p & (sizeof(V) - 1)) == 0) {                                        \
    V a;                                                                                       \
    a.x = v.v[0]; a.y = v.v[1]; a.z = v.v[2]; a.w = v.v[3];                                    \
    *reinterpret_cast<V*>(p) = a;                                                              \
  } else {                                                                                     \
    p[0] = v.v[0]; p[1] = v.v[1]; p[2] = v.v[2]; p[3] = v.v[3];                                \
  }                                                                                            \
}
#define GK_VEC2X2(T, V)                                                                        \
__device__ __forceinline__ Array<T, 4> load4(const T* p) {                                    \
  Array<T, 4> r;                                                                               \
  if (((unsigned long long)p & (sizeof(V) - 1)) == 0) {                                        \
    V a = reinterpret_cast<const V*>(p)[0], b = reinterpret_cast<const V*>(p)[1];              \
    r.v[0] = a.x; r.v[1] = a.y; r.v[2] = b.x; r.v[3] = b.y;                                    \
  } else {                                                                                     \
    r.v[0] = p[0]; r.v[1] = p[1]; r.v[2] = p[2]; r.v[3] = p[3];                                \
  }                                                                                            \
  return r;                                                                                    \
}                                                                                              \
__device__ __forceinline__ void store4(T* p, Array<T, 4> v) {                                 \
  if (((unsigned long long)p & (sizeof(V) - 1)) == 0) {                                        \
    V a, b;                                                                                    \
    a.x = v.v[0]; a.y = v.v[1]; b.x = v.v[2]; b.y = v.v[3];                                    \
    reinterpret_cast<V*>(p)[0] = a; reinterpret_cast<V*>(p)[1] = b;                            \
  } else {                                                                                     \
    p[0] = v.v[0]; p[1] = v.v[1]; p[2] = v.v[2]; p[3] = v.v[3];                                \
  }                                                                                            \
}
GK_VEC4(int8_t, char4) GK_VEC4(uint8_t, uchar4) GK_VEC4(int16_t, short4) GK_VEC4(uint16_t, ushort4)
GK_VEC4(int32_t, int4) GK_VEC4(uint32_t, uint4) GK_VEC4(float, float4)
GK_VEC2X2(int64_t, longlong2) GK_VEC2X2(uint64_t, ulonglong2) GK_VEC2X2(double, double2)
#undef GK_VEC4
#undef GK_VEC2X2

// Peer buffers: four coherent (volatile) element accesses, never a non-coherent load.
template <class T> __device__ __forceinline__ Array<T, 4> load4_volatile(const T* p) {
  Array<T, 4> r;
  r.v[0] = peerbook::load_volatile(p); r.v[1] = peerbook::load_volatile(p + 1);
  r.v[2] = peerbook::load_volatile(p + 2); r.v[3] = peerbook::load_volatile(p + 3);
  return r;
}
template <class T> __device__ __forceinline__ void store4_volatile(T* p, Array<T, 4> v) {
  peerbook::store_volatile(p, v.v[0]); peerbook::store_volatile(p + 1, v.v[1]);
  peerbook::store_volatile(p + 2, v.v[2]); peerbook::store_volatile(p + 3, v.v[3]);
}

// With bounds checks on: Go's check of x[i..i+3] after the arguments are evaluated, as a Go
// call runs it; the fault names the first index out of range (i where i < 0, else max(i, n)).
__device__ __forceinline__ void check4(long long i, long long n, unsigned site) {
  if (i < 0 || i > n - 4) fault(1u, site, (i < 0 || i > n) ? i : n, n);
}
template <class T> __device__ __forceinline__ Array<T, 4> load4(const T* x, long long n, long long i, unsigned site) {
  check4(i, n, site);
  return load4(x + i);
}
template <class T> __device__ __forceinline__ void store4(T* x, long long n, long long i, Array<T, 4> v, unsigned site) {
  check4(i, n, site);
  store4(x + i, v);
}
template <class T> __device__ __forceinline__ Array<T, 4> load4_volatile(const T* x, long long n, long long i, unsigned site) {
  check4(i, n, site);
  return load4_volatile(x + i);
}
template <class T> __device__ __forceinline__ void store4_volatile(T* x, long long n, long long i, Array<T, 4> v, unsigned site) {
  check4(i, n, site);
  store4_volatile(x + i, v);
}

} // namespace gk
// ---- end of gokernel runtime ----
`

// DecodeFault returns the error described by a fault record that the kernel's CUDA
// translation filled before the failing thread ended (FaultRecordSize bytes, little-endian, as gk_fault_t
// lays them out): a *PanicError naming block, thread, Go position and index. It returns nil
// for an empty record (code 0).
func (k *Kernel) DecodeFault(rec []byte) error {
	if len(rec) < FaultRecordSize {
		return fmt.Errorf("gokernel: fault record of %d bytes, want %d", len(rec), FaultRecordSize)
	}
	u32 := func(off int) uint32 { return binary.LittleEndian.Uint32(rec[off:]) }
	i64 := func(off int) int64 { return int64(binary.LittleEndian.Uint64(rec[off:])) }
	code := u32(0)
	if code == 0 {
		return nil
	}
	pe := &PanicError{Kernel: k.name, Pos: k.FaultPos(int(u32(4)))}
	if pe.Pos == "" {
		pe.Pos = k.Pos()
	}
	for i := 0; i < 3; i++ {
		pe.Block[i] = int(u32(24 + 4*i))
		pe.Thread[i] = int(u32(36 + 4*i))
	}
	switch code {
	case FaultIndex:
		pe.Msg = fmt.Sprintf("index out of range [%d] with length %d", i64(8), i64(16))
	case FaultDivide:
		pe.Msg = "integer divide by zero"
	case FaultShift:
		pe.Msg = "negative shift amount"
	default:
		pe.Msg = fmt.Sprintf("unknown fault code %d", code)
	}
	return pe
}
