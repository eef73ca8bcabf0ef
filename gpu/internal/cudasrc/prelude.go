package cudasrc

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"strings"
)

// PreludeFile is the file name NVRTC diagnostics give the prelude's lines.
const PreludeFile = "peerbook_prelude.cuh"

// Prelude is the header prepended to every CUDA C++ source compiled for a cell. It needs no
// standard header (NVRTC has none) and defines:
//
//   - int8_t..uint64_t, intptr_t, uintptr_t, as libcu++ defines them under NVRTC
//     (int64_t is long long; -DPEERBOOK_NO_STDINT leaves them out);
//   - Slice<T>: a device pointer and a length (kernel parameter {T* ptr; long long len});
//     s[i] is a plain T&, bounds-checked (trap) when PEERBOOK_CHECK_BOUNDS is defined;
//   - Peer<T>: a buffer shared with the other devices and the host, same layout as Slice<T>.
//     p[i] reads and writes with strong system-scope operations (volatile: ld.volatile /
//     st.volatile, which PTX defines as relaxed.sys; never __ldg / ld.global.nc), it never
//     hands out a plain T* (so nothing can mark it __restrict__), and every atomic on it is
//     system scope whatever scope the call names: atomicAdd(&p[i], v), atomicAdd_block(&p[i], v)
//     and atomicAdd_system(&p[i], v) all compile to atomicAdd_system;
//   - sync_system(): __threadfence_system(), the fence between data and flag on both sides
//     of a hand-off; sync_device(): __threadfence();
//   - hand-off helpers: peer_load_acquire / peer_store_release (ld.acquire.sys /
//     st.release.sys from sm_70), flag_set (sync_system, then a release store), flag_wait and
//     flag_wait_at_least (spin with an acquire load, then sync_system; they give up and return
//     false after a timeout in nanoseconds, so a bug can't hang the device);
//   - global_thread_id(), global_thread_count(), peerbook_time_ns() (%globaltimer).
const Prelude = `#line 1 "` + PreludeFile + `"
#ifndef PEERBOOK_PRELUDE
#define PEERBOOK_PRELUDE 1

// The fixed-width integers, spelled as libcu++ spells them under NVRTC (<cuda/std/cstdint>),
// so that including it (or <cuda/atomic>) after the prelude redeclares the same types.
#ifndef PEERBOOK_NO_STDINT
typedef signed char int8_t;
typedef signed short int16_t;
typedef signed int int32_t;
typedef signed long long int64_t;
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;
typedef unsigned int uint32_t;
typedef unsigned long long uint64_t;
typedef int64_t intptr_t;
typedef uint64_t uintptr_t;
#endif

namespace peerbook {

template <class T> struct identity { typedef T type; };
template <class T> struct is_const { static const bool value = false; };
template <class T> struct is_const<const T> { static const bool value = true; };
template <class T> struct remove_const { typedef T type; };
template <class T> struct remove_const<const T> { typedef T type; };

// bits<N>::type is the unsigned integer of N bytes: loads and stores of a Peer element go
// through it, so that any trivially copyable T of 1, 2, 4 or 8 bytes works (__half too).
template <int N> struct bits;
template <> struct bits<1> { typedef unsigned char type; };
template <> struct bits<2> { typedef unsigned short type; };
template <> struct bits<4> { typedef unsigned int type; };
template <> struct bits<8> { typedef unsigned long long type; };

__device__ __forceinline__ void bounds_check(long long i, long long n) {
#ifdef PEERBOOK_CHECK_BOUNDS
  if (i < 0 || i >= n) __trap();
#endif
}

// load_volatile / store_volatile: strong system-scope accesses (relaxed.sys in the PTX model).
template <class T> __device__ __forceinline__ T load_volatile(const T* p) {
  typedef typename bits<sizeof(T)>::type B;
  B b = *reinterpret_cast<const volatile B*>(p);
  T v;
  *reinterpret_cast<B*>(&v) = b;
  return v;
}

template <class T> __device__ __forceinline__ void store_volatile(T* p, T v) {
  typedef typename bits<sizeof(T)>::type B;
  *reinterpret_cast<volatile B*>(p) = *reinterpret_cast<const B*>(&v);
}

__device__ __forceinline__ unsigned int ld_acquire_b32(const void* p) {
  unsigned int v;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
  asm volatile("ld.acquire.sys.b32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
#else
  v = *reinterpret_cast<const volatile unsigned int*>(p);
  __threadfence_system();
#endif
  return v;
}

__device__ __forceinline__ unsigned long long ld_acquire_b64(const void* p) {
  unsigned long long v;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
  asm volatile("ld.acquire.sys.b64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
#else
  v = *reinterpret_cast<const volatile unsigned long long*>(p);
  __threadfence_system();
#endif
  return v;
}

__device__ __forceinline__ void st_release_b32(void* p, unsigned int v) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
  asm volatile("st.release.sys.b32 [%0], %1;" : : "l"(p), "r"(v) : "memory");
#else
  __threadfence_system();
  *reinterpret_cast<volatile unsigned int*>(p) = v;
#endif
}

__device__ __forceinline__ void st_release_b64(void* p, unsigned long long v) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
  asm volatile("st.release.sys.b64 [%0], %1;" : : "l"(p), "l"(v) : "memory");
#else
  __threadfence_system();
  *reinterpret_cast<volatile unsigned long long*>(p) = v;
#endif
}

template <class T, int N = sizeof(T)> struct ordered;
template <class T> struct ordered<T, 4> {
  static __device__ __forceinline__ T load_acquire(const T* p) {
    unsigned int b = ld_acquire_b32(p);
    typename remove_const<T>::type v;
    *reinterpret_cast<unsigned int*>(&v) = b;
    return v;
  }
  static __device__ __forceinline__ void store_release(T* p, T v) {
    st_release_b32(p, *reinterpret_cast<const unsigned int*>(&v));
  }
};
template <class T> struct ordered<T, 8> {
  static __device__ __forceinline__ T load_acquire(const T* p) {
    unsigned long long b = ld_acquire_b64(p);
    typename remove_const<T>::type v;
    *reinterpret_cast<unsigned long long*>(&v) = b;
    return v;
  }
  static __device__ __forceinline__ void store_release(T* p, T v) {
    st_release_b64(p, *reinterpret_cast<const unsigned long long*>(&v));
  }
};

// System-scope read-modify-write atomics, by element type. 64-bit integers of either
// spelling (long, long long) go through unsigned long long where CUDA has no overload.
__device__ __forceinline__ int atomic_add(int* p, int v) { return atomicAdd_system(p, v); }
__device__ __forceinline__ unsigned atomic_add(unsigned* p, unsigned v) { return atomicAdd_system(p, v); }
__device__ __forceinline__ unsigned long long atomic_add(unsigned long long* p, unsigned long long v) { return atomicAdd_system(p, v); }
__device__ __forceinline__ long long atomic_add(long long* p, long long v) { return (long long)atomicAdd_system((unsigned long long*)p, (unsigned long long)v); }
__device__ __forceinline__ long atomic_add(long* p, long v) { return (long)atomicAdd_system((unsigned long long*)p, (unsigned long long)v); }
__device__ __forceinline__ unsigned long atomic_add(unsigned long* p, unsigned long v) { return (unsigned long)atomicAdd_system((unsigned long long*)p, (unsigned long long)v); }
__device__ __forceinline__ float atomic_add(float* p, float v) { return atomicAdd_system(p, v); }
__device__ __forceinline__ double atomic_add(double* p, double v) { return atomicAdd_system(p, v); }

__device__ __forceinline__ int atomic_exch(int* p, int v) { return atomicExch_system(p, v); }
__device__ __forceinline__ unsigned atomic_exch(unsigned* p, unsigned v) { return atomicExch_system(p, v); }
__device__ __forceinline__ unsigned long long atomic_exch(unsigned long long* p, unsigned long long v) { return atomicExch_system(p, v); }
__device__ __forceinline__ long long atomic_exch(long long* p, long long v) { return (long long)atomicExch_system((unsigned long long*)p, (unsigned long long)v); }
__device__ __forceinline__ long atomic_exch(long* p, long v) { return (long)atomicExch_system((unsigned long long*)p, (unsigned long long)v); }
__device__ __forceinline__ unsigned long atomic_exch(unsigned long* p, unsigned long v) { return (unsigned long)atomicExch_system((unsigned long long*)p, (unsigned long long)v); }
__device__ __forceinline__ float atomic_exch(float* p, float v) { return atomicExch_system(p, v); }

__device__ __forceinline__ int atomic_cas(int* p, int c, int v) { return atomicCAS_system(p, c, v); }
__device__ __forceinline__ unsigned atomic_cas(unsigned* p, unsigned c, unsigned v) { return atomicCAS_system(p, c, v); }
__device__ __forceinline__ unsigned long long atomic_cas(unsigned long long* p, unsigned long long c, unsigned long long v) { return atomicCAS_system(p, c, v); }
__device__ __forceinline__ long long atomic_cas(long long* p, long long c, long long v) { return (long long)atomicCAS_system((unsigned long long*)p, (unsigned long long)c, (unsigned long long)v); }
__device__ __forceinline__ long atomic_cas(long* p, long c, long v) { return (long)atomicCAS_system((unsigned long long*)p, (unsigned long long)c, (unsigned long long)v); }
__device__ __forceinline__ unsigned long atomic_cas(unsigned long* p, unsigned long c, unsigned long v) { return (unsigned long)atomicCAS_system((unsigned long long*)p, (unsigned long long)c, (unsigned long long)v); }

__device__ __forceinline__ int atomic_min(int* p, int v) { return atomicMin_system(p, v); }
__device__ __forceinline__ unsigned atomic_min(unsigned* p, unsigned v) { return atomicMin_system(p, v); }
__device__ __forceinline__ long long atomic_min(long long* p, long long v) { return atomicMin_system(p, v); }
__device__ __forceinline__ unsigned long long atomic_min(unsigned long long* p, unsigned long long v) { return atomicMin_system(p, v); }
__device__ __forceinline__ long atomic_min(long* p, long v) { return (long)atomicMin_system((long long*)p, (long long)v); }
__device__ __forceinline__ unsigned long atomic_min(unsigned long* p, unsigned long v) { return (unsigned long)atomicMin_system((unsigned long long*)p, (unsigned long long)v); }

__device__ __forceinline__ int atomic_max(int* p, int v) { return atomicMax_system(p, v); }
__device__ __forceinline__ unsigned atomic_max(unsigned* p, unsigned v) { return atomicMax_system(p, v); }
__device__ __forceinline__ long long atomic_max(long long* p, long long v) { return atomicMax_system(p, v); }
__device__ __forceinline__ unsigned long long atomic_max(unsigned long long* p, unsigned long long v) { return atomicMax_system(p, v); }
__device__ __forceinline__ long atomic_max(long* p, long v) { return (long)atomicMax_system((long long*)p, (long long)v); }
__device__ __forceinline__ unsigned long atomic_max(unsigned long* p, unsigned long v) { return (unsigned long)atomicMax_system((unsigned long long*)p, (unsigned long long)v); }

__device__ __forceinline__ int atomic_and(int* p, int v) { return atomicAnd_system(p, v); }
__device__ __forceinline__ unsigned atomic_and(unsigned* p, unsigned v) { return atomicAnd_system(p, v); }
__device__ __forceinline__ unsigned long long atomic_and(unsigned long long* p, unsigned long long v) { return atomicAnd_system(p, v); }
__device__ __forceinline__ long long atomic_and(long long* p, long long v) { return atomicAnd_system(p, v); }
__device__ __forceinline__ int atomic_or(int* p, int v) { return atomicOr_system(p, v); }
__device__ __forceinline__ unsigned atomic_or(unsigned* p, unsigned v) { return atomicOr_system(p, v); }
__device__ __forceinline__ unsigned long long atomic_or(unsigned long long* p, unsigned long long v) { return atomicOr_system(p, v); }
__device__ __forceinline__ long long atomic_or(long long* p, long long v) { return atomicOr_system(p, v); }
__device__ __forceinline__ int atomic_xor(int* p, int v) { return atomicXor_system(p, v); }
__device__ __forceinline__ unsigned atomic_xor(unsigned* p, unsigned v) { return atomicXor_system(p, v); }
__device__ __forceinline__ unsigned long long atomic_xor(unsigned long long* p, unsigned long long v) { return atomicXor_system(p, v); }
__device__ __forceinline__ long long atomic_xor(long long* p, long long v) { return atomicXor_system(p, v); }

} // namespace peerbook

// PeerPtr<T> is the address of a Peer element (&p[i], p + i): what the atomics take.
template <class T> struct PeerPtr {
  T* ptr_;
  __device__ __forceinline__ T load() const { return peerbook::load_volatile(ptr_); }
  __device__ __forceinline__ void store(T v) const { peerbook::store_volatile(ptr_, v); }
  __device__ __forceinline__ PeerPtr operator+(long long n) const { PeerPtr q = {ptr_ + n}; return q; }
};

// PeerRef<T> is a Peer element: reading it loads, assigning it stores, both coherently.
template <class T> struct PeerRef {
  T* ptr_;
  __device__ __forceinline__ operator T() const { return peerbook::load_volatile(ptr_); }
  __device__ __forceinline__ const PeerRef& operator=(T v) const {
    static_assert(!peerbook::is_const<T>::value, "Peer<const T> is read-only");
    peerbook::store_volatile(ptr_, v);
    return *this;
  }
  __device__ __forceinline__ const PeerRef& operator=(const PeerRef& o) const { return *this = (T)o; }
  __device__ __forceinline__ PeerPtr<T> operator&() const { PeerPtr<T> q = {ptr_}; return q; }
  __device__ __forceinline__ T load() const { return peerbook::load_volatile(ptr_); }
  __device__ __forceinline__ void store(T v) const { *this = v; }
  __device__ __forceinline__ const PeerRef& operator+=(T v) const { return *this = (T)(load() + v); }
  __device__ __forceinline__ const PeerRef& operator-=(T v) const { return *this = (T)(load() - v); }
  __device__ __forceinline__ const PeerRef& operator*=(T v) const { return *this = (T)(load() * v); }
  __device__ __forceinline__ const PeerRef& operator/=(T v) const { return *this = (T)(load() / v); }
  __device__ __forceinline__ const PeerRef& operator%=(T v) const { return *this = (T)(load() % v); }
  __device__ __forceinline__ const PeerRef& operator&=(T v) const { return *this = (T)(load() & v); }
  __device__ __forceinline__ const PeerRef& operator|=(T v) const { return *this = (T)(load() | v); }
  __device__ __forceinline__ const PeerRef& operator^=(T v) const { return *this = (T)(load() ^ v); }
  __device__ __forceinline__ const PeerRef& operator<<=(int v) const { return *this = (T)(load() << v); }
  __device__ __forceinline__ const PeerRef& operator>>=(int v) const { return *this = (T)(load() >> v); }
  __device__ __forceinline__ const PeerRef& operator++() const { return *this = (T)(load() + 1); }
  __device__ __forceinline__ const PeerRef& operator--() const { return *this = (T)(load() - 1); }
  __device__ __forceinline__ T operator++(int) const { T v = load(); *this = (T)(v + 1); return v; }
  __device__ __forceinline__ T operator--(int) const { T v = load(); *this = (T)(v - 1); return v; }
};

// Peer<T> is a kernel parameter for a buffer shared with the other devices (and the host).
// Layout (the launcher packs it): {T* ptr; long long len}.
template <class T> struct Peer {
  T* ptr_;
  long long len_;
  __device__ __forceinline__ long long len() const { return len_; }
  __device__ __forceinline__ long long size() const { return len_; }
  __device__ __forceinline__ PeerRef<T> operator[](long long i) const {
    peerbook::bounds_check(i, len_);
    PeerRef<T> r = {ptr_ + i};
    return r;
  }
  __device__ __forceinline__ PeerPtr<T> operator+(long long i) const { PeerPtr<T> q = {ptr_ + i}; return q; }
  __device__ __forceinline__ PeerPtr<T> at(long long i) const { peerbook::bounds_check(i, len_); PeerPtr<T> q = {ptr_ + i}; return q; }
  __device__ __forceinline__ T load(long long i) const { peerbook::bounds_check(i, len_); return peerbook::load_volatile(ptr_ + i); }
  __device__ __forceinline__ void store(long long i, T v) const { peerbook::bounds_check(i, len_); peerbook::store_volatile(ptr_ + i, v); }
  __device__ __forceinline__ T load_acquire(long long i) const { peerbook::bounds_check(i, len_); return peerbook::ordered<T>::load_acquire(ptr_ + i); }
  __device__ __forceinline__ void store_release(long long i, T v) const { peerbook::bounds_check(i, len_); peerbook::ordered<T>::store_release(ptr_ + i, v); }
  // volatile_data is the buffer as a volatile pointer, for code that wants pointer arithmetic.
  __device__ __forceinline__ volatile T* volatile_data() const { return ptr_; }
};

// Slice<T> is a kernel parameter for a buffer of the launching device: a pointer and a length.
// Layout (the launcher packs it): {T* ptr; long long len}.
template <class T> struct Slice {
  T* ptr_;
  long long len_;
  __device__ __forceinline__ long long len() const { return len_; }
  __device__ __forceinline__ long long size() const { return len_; }
  __device__ __forceinline__ T& operator[](long long i) const { peerbook::bounds_check(i, len_); return ptr_[i]; }
  __device__ __forceinline__ T* data() const { return ptr_; }
  __device__ __forceinline__ T* begin() const { return ptr_; }
  __device__ __forceinline__ T* end() const { return ptr_ + len_; }
};

// sync_system orders this thread's memory accesses for every device and the host.
__device__ __forceinline__ void sync_system() { __threadfence_system(); }
// sync_device orders this thread's memory accesses for the threads of this device.
__device__ __forceinline__ void sync_device() { __threadfence(); }

// Atomics on Peer elements: system scope, whatever scope the name says.
#define PEERBOOK_ATOMIC2(name, op) \
  template <class T> __device__ __forceinline__ T name(PeerPtr<T> p, typename peerbook::identity<T>::type v) { return peerbook::op(p.ptr_, v); }
#define PEERBOOK_ATOMIC_ALL_SCOPES(base, op) \
  PEERBOOK_ATOMIC2(base, op) PEERBOOK_ATOMIC2(base##_block, op) PEERBOOK_ATOMIC2(base##_system, op)
PEERBOOK_ATOMIC_ALL_SCOPES(atomicAdd, atomic_add)
PEERBOOK_ATOMIC_ALL_SCOPES(atomicExch, atomic_exch)
PEERBOOK_ATOMIC_ALL_SCOPES(atomicMin, atomic_min)
PEERBOOK_ATOMIC_ALL_SCOPES(atomicMax, atomic_max)
PEERBOOK_ATOMIC_ALL_SCOPES(atomicAnd, atomic_and)
PEERBOOK_ATOMIC_ALL_SCOPES(atomicOr, atomic_or)
PEERBOOK_ATOMIC_ALL_SCOPES(atomicXor, atomic_xor)
#undef PEERBOOK_ATOMIC_ALL_SCOPES
#undef PEERBOOK_ATOMIC2
template <class T> __device__ __forceinline__ T atomicSub(PeerPtr<T> p, typename peerbook::identity<T>::type v) { return peerbook::atomic_add(p.ptr_, (T)(T(0) - v)); }
template <class T> __device__ __forceinline__ T atomicSub_block(PeerPtr<T> p, typename peerbook::identity<T>::type v) { return atomicSub(p, v); }
template <class T> __device__ __forceinline__ T atomicSub_system(PeerPtr<T> p, typename peerbook::identity<T>::type v) { return atomicSub(p, v); }
template <class T> __device__ __forceinline__ T atomicCAS(PeerPtr<T> p, typename peerbook::identity<T>::type c, typename peerbook::identity<T>::type v) { return peerbook::atomic_cas(p.ptr_, c, v); }
template <class T> __device__ __forceinline__ T atomicCAS_block(PeerPtr<T> p, typename peerbook::identity<T>::type c, typename peerbook::identity<T>::type v) { return peerbook::atomic_cas(p.ptr_, c, v); }
template <class T> __device__ __forceinline__ T atomicCAS_system(PeerPtr<T> p, typename peerbook::identity<T>::type c, typename peerbook::identity<T>::type v) { return peerbook::atomic_cas(p.ptr_, c, v); }
__device__ __forceinline__ unsigned atomicInc(PeerPtr<unsigned> p, unsigned v) { return atomicInc_system(p.ptr_, v); }
__device__ __forceinline__ unsigned atomicInc_block(PeerPtr<unsigned> p, unsigned v) { return atomicInc_system(p.ptr_, v); }
__device__ __forceinline__ unsigned atomicInc_system(PeerPtr<unsigned> p, unsigned v) { return atomicInc_system(p.ptr_, v); }
__device__ __forceinline__ unsigned atomicDec(PeerPtr<unsigned> p, unsigned v) { return atomicDec_system(p.ptr_, v); }
__device__ __forceinline__ unsigned atomicDec_block(PeerPtr<unsigned> p, unsigned v) { return atomicDec_system(p.ptr_, v); }
__device__ __forceinline__ unsigned atomicDec_system(PeerPtr<unsigned> p, unsigned v) { return atomicDec_system(p.ptr_, v); }

// peer_load_acquire / peer_store_release: ordered accesses to 4- or 8-byte Peer elements.
template <class T> __device__ __forceinline__ T peer_load_acquire(PeerPtr<T> p) { return peerbook::ordered<T>::load_acquire(p.ptr_); }
template <class T> __device__ __forceinline__ void peer_store_release(PeerPtr<T> p, typename peerbook::identity<T>::type v) { peerbook::ordered<T>::store_release(p.ptr_, v); }
template <class T> __device__ __forceinline__ T peer_load(PeerPtr<T> p) { return p.load(); }
template <class T> __device__ __forceinline__ void peer_store(PeerPtr<T> p, typename peerbook::identity<T>::type v) { p.store(v); }

// peerbook_time_ns is the device's global timer in nanoseconds.
__device__ __forceinline__ unsigned long long peerbook_time_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

#ifdef PEERBOOK_TRACE_STAMPS
// A traced kernel's stamps (cudasrc.Traced): slot[0] = ^(block 0's start), slot[1] = the
// latest block end, in %globaltimer nanoseconds. trace_enter: thread 0 of block 0 (the
// first block the GPU dispatches) stamps the start; thread 0 of each block zeroes the
// block's count of finished threads. trace_exit: each group of a warp's threads leaving
// together adds itself to the count (one shared atomic), and the group that completes it
// stamps the block's end (one global atomic a block, with no result to wait for).
namespace peerbook {
__shared__ unsigned int trace_finished;
__device__ __forceinline__ void trace_enter(unsigned long long* slot) {
  if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) {
    if (blockIdx.x == 0 && blockIdx.y == 0 && blockIdx.z == 0) {
      *(volatile unsigned long long*)slot = ~peerbook_time_ns();
    }
    trace_finished = 0;
  }
  __syncthreads();
}
__device__ __forceinline__ void trace_exit(unsigned long long* slot) {
  unsigned int active = __activemask();
  unsigned int lane = (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) & 31u;
  if (lane == (unsigned int)(__ffs(active) - 1)) {
    unsigned int n = __popc(active);
    if (atomicAdd(&trace_finished, n) + n == blockDim.x * blockDim.y * blockDim.z) {
      atomicMax(slot + 1, peerbook_time_ns());
    }
  }
}
}  // namespace peerbook
#endif

// flag_set publishes everything this thread wrote, then sets f[i] = v.
template <class T> __device__ __forceinline__ void flag_set(Peer<T> f, long long i, typename peerbook::identity<T>::type v) {
  sync_system();
  f.store_release(i, v);
}

// flag_wait spins until f[i] == v, then fences so that the data written before the flag is
// visible. It returns false, without the fence, when timeout_ns pass first.
template <class T> __device__ __forceinline__ bool flag_wait(Peer<T> f, long long i, typename peerbook::identity<T>::type v, unsigned long long timeout_ns = 10000000000ull) {
  unsigned long long start = 0;
  for (unsigned n = 0;; n++) {
    if (f.load_acquire(i) == v) { sync_system(); return true; }
    if ((n & 1023u) == 1023u) {
      unsigned long long now = peerbook_time_ns();
      if (start == 0) start = now;
      else if (now - start > timeout_ns) return false;
    }
  }
}

// flag_wait_at_least is flag_wait for counters: it waits until f[i] >= v.
template <class T> __device__ __forceinline__ bool flag_wait_at_least(Peer<T> f, long long i, typename peerbook::identity<T>::type v, unsigned long long timeout_ns = 10000000000ull) {
  unsigned long long start = 0;
  for (unsigned n = 0;; n++) {
    if (f.load_acquire(i) >= v) { sync_system(); return true; }
    if ((n & 1023u) == 1023u) {
      unsigned long long now = peerbook_time_ns();
      if (start == 0) start = now;
      else if (now - start > timeout_ns) return false;
    }
  }
}

// global_thread_id is the thread's index among all threads of the launch (x fastest).
__device__ __forceinline__ long long global_thread_id() {
  long long block = blockIdx.x + (long long)gridDim.x * (blockIdx.y + (long long)gridDim.y * blockIdx.z);
  long long thread = threadIdx.x + (long long)blockDim.x * (threadIdx.y + (long long)blockDim.y * threadIdx.z);
  return block * ((long long)blockDim.x * blockDim.y * blockDim.z) + thread;
}
// global_thread_count is the number of threads of the launch.
__device__ __forceinline__ long long global_thread_count() {
  return (long long)gridDim.x * gridDim.y * gridDim.z * blockDim.x * blockDim.y * blockDim.z;
}

#endif // PEERBOOK_PRELUDE
`

// preludeLines is the number of lines of Prelude.
var preludeLines = strings.Count(Prelude, "\n")

// PreludeHash identifies the prelude's text, for cache keys.
var PreludeHash = func() string {
	sum := sha256.Sum256([]byte(Prelude))
	return hex.EncodeToString(sum[:8])
}()

// Program is a CUDA C++ source ready for NVRTC: the prelude, any headers the source needs,
// then the source itself, its lines numbered as the cell's.
type Program struct {
	Source string // what NVRTC compiles
	File   string // the name diagnostics give the user's lines ("cell[3]")
	Line   int    // the line number of the source's first line
}

var (
	halfWord = regexp.MustCompile(`\b__half2?\b`)
	bf16Word = regexp.MustCompile(`\b__nv_bfloat162?\b`)
)

// Assemble prepends the prelude to src, whose first line is line `line` of file, with a
// #line directive so that NVRTC's diagnostics name file and the cell's own line numbers.
// Sources that use __half or __nv_bfloat16 without including their header get it (NVRTC
// needs the CUDA include directory for it: -I<cuda>/include).
func Assemble(src, file string, line int) Program {
	if file == "" {
		file = "cuda"
	}
	if line < 1 {
		line = 1
	}
	var b strings.Builder
	b.Grow(len(Prelude) + len(src) + 200)
	b.WriteString(Prelude)
	if halfWord.MatchString(src) && !strings.Contains(src, "cuda_fp16.h") {
		b.WriteString("#include <cuda_fp16.h>\n")
	}
	if bf16Word.MatchString(src) && !strings.Contains(src, "cuda_bf16.h") {
		b.WriteString("#include <cuda_bf16.h>\n")
	}
	fmt.Fprintf(&b, "#line %d \"%s\"\n", line, lineFileName(file))
	b.WriteString(src)
	if !strings.HasSuffix(src, "\n") {
		b.WriteByte('\n')
	}
	return Program{Source: b.String(), File: file, Line: line}
}

// lineFileName makes file safe inside a #line directive's quotes.
func lineFileName(file string) string {
	return strings.Map(func(r rune) rune {
		if r == '"' || r == '\\' || r == '\n' || r == '\r' {
			return '_'
		}
		return r
	}, file)
}
