package cuda

import (
	"encoding/binary"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"unsafe"

	"github.com/ebitengine/purego"
	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/cudasrc"
)

// A fake CUDA driver made of Go callbacks (purego.NewCallback): C function pointers that
// the backend calls like the real ones, through purego and the launch trampoline. Tests of
// the launch path, the context handling and the fault recovery run with it on any machine.
// The context current on each OS thread is kept by thread id, device memory is Go memory
// at made-up addresses, and faults are played by the fields of fakeDriver.

// fakeDriver is the state of the fake driver; fake points to the one in use.
type fakeDriver struct {
	mu sync.Mutex

	current  map[int]uintptr // OS thread id -> current context
	refs     map[uintptr]int // primary context -> references
	created  map[uintptr]bool
	nextCtx  uintptr
	nextHdl  uintptr
	streams  map[uintptr]bool
	mem      map[uintptr][]byte // device allocations by base address
	nextAddr uintptr
	modules  map[uintptr]bool

	// Faults. sticky != 0: every call but the error names, cuCtxSetCurrent and
	// cuDevicePrimaryCtxRelease fails with it. faultNextSync: the next cuStreamSynchronize
	// returns it and makes it sticky. resetClears: cuDevicePrimaryCtxReset clears it (a
	// driver that recovers); createWorks: cuCtxCreate works while it is sticky.
	sticky        cuResult
	faultNextSync cuResult
	resetClears   bool
	createWorks   bool

	// What was called.
	sets, gets, resets, retains, releases, creates, destroys int
	launches                                                 []fakeLaunch
	syncs                                                    int
	launchResult                                             cuResult
	paramCount                                               int // parameters cuLaunchKernel reads
	events                                                   map[uintptr]bool
	records                                                  []fakeRecord
	recordResult                                             cuResult
}

// fakeRecord is what cuEventRecord got, and how many launches were made before it.
type fakeRecord struct {
	event, stream, ctx uintptr
	afterLaunches      int
}

// fakeLaunch is what cuLaunchKernel got; params are the first two words each parameter
// pointer points at.
type fakeLaunch struct {
	fn                  uintptr
	grid, block         [3]uintptr
	shared, stream      uintptr
	params              [][2]uint64
	ctx                 uintptr // the context current on the calling thread
	nparamsPointerIsNil bool
}

var fake atomic.Pointer[fakeDriver]

const fakePrimary = uintptr(0x1000)

func newFakeDriver() *fakeDriver {
	return &fakeDriver{current: map[int]uintptr{}, refs: map[uintptr]int{}, created: map[uintptr]bool{},
		nextCtx: 0x9000, nextHdl: 0x5000, streams: map[uintptr]bool{}, mem: map[uintptr][]byte{},
		nextAddr: 0x7f00_0000_0000, modules: map[uintptr]bool{}, events: map[uintptr]bool{}}
}

func word(p uintptr) *uintptr { return (*uintptr)(uintptrToPointer(p)) }

// deviceBytes returns the Go memory behind device address p, n bytes (nil where unknown).
func (f *fakeDriver) deviceBytes(p, n uintptr) []byte {
	for base, m := range f.mem {
		if p >= base && p+n <= base+uintptr(len(m)) {
			return m[p-base : p-base+n]
		}
	}
	return nil
}

func (f *fakeDriver) fail() (cuResult, bool) { return f.sticky, f.sticky != 0 }

var fakeNames = map[cuResult]string{0: "CUDA_SUCCESS", 1: "CUDA_ERROR_INVALID_VALUE", 2: "CUDA_ERROR_OUT_OF_MEMORY",
	201: "CUDA_ERROR_INVALID_CONTEXT", 400: "CUDA_ERROR_INVALID_HANDLE", 600: "CUDA_ERROR_NOT_READY",
	700: "CUDA_ERROR_ILLEGAL_ADDRESS"}

var (
	fakeCStringsMu sync.Mutex
	fakeCStrings   = map[string][]byte{} // kept alive: C reads them after the callback returns
)

func fakeCString(s string) uintptr {
	fakeCStringsMu.Lock()
	defer fakeCStringsMu.Unlock()
	b, ok := fakeCStrings[s]
	if !ok {
		b = cString(s)
		fakeCStrings[s] = b
	}
	return cptr(b)
}

var (
	fakeOnce sync.Once
	fakeFns  driverAPI
)

// fakeDriverAPI returns the callbacks (made once: a process may make only 2000).
// Long function: one callback per driver entry point the backend calls, in one table.
func fakeDriverAPI() driverAPI {
	fakeOnce.Do(func() {
		d := &fakeFns
		cb := func(fn any) uintptr { return purego.NewCallback(fn) }
		with := func(body func(f *fakeDriver) cuResult) cuResult {
			f := fake.Load()
			f.mu.Lock()
			defer f.mu.Unlock()
			return body(f)
		}
		// createIn and destroyIn are the calls that make (cuXCreate(&h, arg)) and end
		// (cuXDestroy(h)) a kind of handle, kept in the set of the fake that set picks; both
		// fail where the fake is told to.
		createIn := func(set func(f *fakeDriver) map[uintptr]bool) uintptr {
			return cb(func(ph, _ uintptr) uintptr {
				return uintptr(with(func(f *fakeDriver) cuResult {
					if r, bad := f.fail(); bad {
						return r
					}
					f.nextHdl += 8
					set(f)[f.nextHdl] = true
					*word(ph) = f.nextHdl
					return 0
				}))
			})
		}
		destroyIn := func(set func(f *fakeDriver) map[uintptr]bool) uintptr {
			return cb(func(h uintptr) uintptr {
				return uintptr(with(func(f *fakeDriver) cuResult {
					if r, bad := f.fail(); bad {
						return r
					}
					delete(set(f), h)
					return 0
				}))
			})
		}
		d.cuGetErrorName = cb(func(r, pp uintptr) uintptr {
			name, ok := fakeNames[cuResult(r)]
			if !ok {
				name = fmt.Sprintf("FAKE_ERROR_%d", r)
			}
			*word(pp) = fakeCString(name)
			return 0
		})
		d.cuGetErrorString = cb(func(r, pp uintptr) uintptr {
			*word(pp) = fakeCString(fmt.Sprintf("fake error %d", r))
			return 0
		})
		d.cuCtxGetCurrent = cb(func(pctx uintptr) uintptr {
			return uintptr(with(func(f *fakeDriver) cuResult {
				f.gets++
				*word(pctx) = f.current[threadID()]
				return 0
			}))
		})
		d.cuCtxSetCurrent = cb(func(ctx uintptr) uintptr {
			return uintptr(with(func(f *fakeDriver) cuResult {
				f.sets++
				f.current[threadID()] = ctx
				return 0
			}))
		})
		d.cuCtxSynchronize = cb(func() uintptr {
			return uintptr(with(func(f *fakeDriver) cuResult { r, _ := f.fail(); return r }))
		})
		d.cuDevicePrimaryCtxRetain = cb(func(pctx, dev uintptr) uintptr {
			return uintptr(with(func(f *fakeDriver) cuResult {
				f.retains++
				if r, bad := f.fail(); bad {
					return r
				}
				ctx := fakePrimary + dev*0x100
				f.refs[ctx]++
				*word(pctx) = ctx
				return 0
			}))
		})
		d.cuDevicePrimaryCtxRelease = cb(func(dev uintptr) uintptr {
			return uintptr(with(func(f *fakeDriver) cuResult {
				ctx := fakePrimary + dev*0x100
				if f.refs[ctx] == 0 {
					return cudaErrorInvalidContext
				}
				f.releases++
				f.refs[ctx]--
				return 0
			}))
		})
		d.cuDevicePrimaryCtxReset = cb(func(dev uintptr) uintptr {
			return uintptr(with(func(f *fakeDriver) cuResult {
				f.resets++
				if f.resetClears {
					f.sticky = 0
				}
				f.streams = map[uintptr]bool{}
				f.mem = map[uintptr][]byte{}
				f.modules = map[uintptr]bool{}
				return 0
			}))
		})
		d.cuCtxCreate = cb(func(pctx, flags, dev uintptr) uintptr {
			return uintptr(with(func(f *fakeDriver) cuResult {
				f.creates++
				if !f.createWorks {
					if r, bad := f.fail(); bad {
						return r
					}
				}
				f.sticky = 0
				f.nextCtx += 0x10
				f.created[f.nextCtx] = true
				f.current[threadID()] = f.nextCtx
				*word(pctx) = f.nextCtx
				return 0
			}))
		})
		d.cuCtxDestroy = cb(func(ctx uintptr) uintptr {
			return uintptr(with(func(f *fakeDriver) cuResult {
				f.destroys++
				delete(f.created, ctx)
				return 0
			}))
		})
		d.cuStreamCreate = createIn(func(f *fakeDriver) map[uintptr]bool { return f.streams })
		d.cuStreamDestroy = destroyIn(func(f *fakeDriver) map[uintptr]bool { return f.streams })
		d.cuStreamSynchronize = cb(func(s uintptr) uintptr {
			return uintptr(with(func(f *fakeDriver) cuResult {
				f.syncs++
				if f.faultNextSync != 0 {
					f.sticky, f.faultNextSync = f.faultNextSync, 0
				}
				r, _ := f.fail()
				return r
			}))
		})
		d.cuStreamQuery = d.cuStreamSynchronize
		d.cuMemAlloc = cb(func(pp, size uintptr) uintptr {
			return uintptr(with(func(f *fakeDriver) cuResult {
				if r, bad := f.fail(); bad {
					return r
				}
				f.nextAddr += (size + 0xffff) &^ 0xffff
				f.mem[f.nextAddr] = make([]byte, size)
				*word(pp) = f.nextAddr
				return 0
			}))
		})
		d.cuMemFree = cb(func(p uintptr) uintptr {
			return uintptr(with(func(f *fakeDriver) cuResult {
				if r, bad := f.fail(); bad {
					return r
				}
				if f.mem[p] == nil {
					return 1
				}
				delete(f.mem, p)
				return 0
			}))
		})
		d.cuMemGetInfo = cb(func(pfree, ptotal uintptr) uintptr {
			return uintptr(with(func(f *fakeDriver) cuResult {
				if r, bad := f.fail(); bad {
					return r
				}
				*word(pfree), *word(ptotal) = 1<<30, 2<<30
				return 0
			}))
		})
		d.cuMemsetD8Async = cb(func(p, v, n, s uintptr) uintptr {
			return uintptr(with(func(f *fakeDriver) cuResult {
				if r, bad := f.fail(); bad {
					return r
				}
				m := f.deviceBytes(p, n)
				if m == nil {
					return 1
				}
				for i := range m {
					m[i] = byte(v)
				}
				return 0
			}))
		})
		d.cuMemcpyHtoDAsync = cb(func(dst, src, n, s uintptr) uintptr {
			return uintptr(with(func(f *fakeDriver) cuResult {
				if r, bad := f.fail(); bad {
					return r
				}
				m := f.deviceBytes(dst, n)
				if m == nil {
					return 1
				}
				copy(m, unsafe.Slice((*byte)(uintptrToPointer(src)), n))
				return 0
			}))
		})
		d.cuMemcpyDtoHAsync = cb(func(dst, src, n, s uintptr) uintptr {
			return uintptr(with(func(f *fakeDriver) cuResult {
				if r, bad := f.fail(); bad {
					return r
				}
				m := f.deviceBytes(src, n)
				if m == nil {
					return 1
				}
				copy(unsafe.Slice((*byte)(uintptrToPointer(dst)), n), m)
				return 0
			}))
		})
		d.cuModuleLoadData = createIn(func(f *fakeDriver) map[uintptr]bool { return f.modules })
		d.cuModuleUnload = destroyIn(func(f *fakeDriver) map[uintptr]bool { return f.modules })
		d.cuModuleGetFunction = cb(func(pf, m, name uintptr) uintptr {
			return uintptr(with(func(f *fakeDriver) cuResult {
				if r, bad := f.fail(); bad {
					return r
				}
				if !f.modules[m] {
					return 400
				}
				*word(pf) = m + 0x1
				return 0
			}))
		})
		d.cuFuncGetAttr = cb(func(pv, attr, fn uintptr) uintptr {
			*(*int32)(uintptrToPointer(pv)) = 1024
			return 0
		})
		d.cuLaunchKernel = cb(func(fn, gx, gy, gz, bx, by, bz, shared, stream, params, extra uintptr) uintptr {
			return uintptr(with(func(f *fakeDriver) cuResult {
				if r, bad := f.fail(); bad {
					return r
				}
				l := fakeLaunch{fn: fn, grid: [3]uintptr{gx, gy, gz}, block: [3]uintptr{bx, by, bz}, shared: shared,
					stream: stream, ctx: f.current[threadID()], nparamsPointerIsNil: params == 0}
				if params != 0 {
					// The kernel's parameter count is not passed: read until a test-set limit.
					for i := 0; i < f.paramCount; i++ {
						p := *word(params + uintptr(8*i))
						l.params = append(l.params, [2]uint64{*(*uint64)(uintptrToPointer(p)), *(*uint64)(uintptrToPointer(p + 8))})
					}
				}
				f.launches = append(f.launches, l)
				return f.launchResult
			}))
		})
		d.cuMemHostRegister = cb(func(p, n, flags uintptr) uintptr {
			return uintptr(with(func(f *fakeDriver) cuResult { r, _ := f.fail(); return r }))
		})
		d.cuMemHostUnregister = d.cuMemHostRegister
		d.cuMemHostGetDevicePointer = cb(func(pp, p, flags uintptr) uintptr {
			return uintptr(with(func(f *fakeDriver) cuResult {
				if r, bad := f.fail(); bad {
					return r
				}
				*word(pp) = p
				return 0
			}))
		})
		d.cuEventCreate = createIn(func(f *fakeDriver) map[uintptr]bool { return f.events })
		d.cuEventDestroy = cb(func(e uintptr) uintptr {
			return uintptr(with(func(f *fakeDriver) cuResult {
				delete(f.events, e)
				return 0
			}))
		})
		d.cuEventRecord = cb(func(e, s uintptr) uintptr {
			return uintptr(with(func(f *fakeDriver) cuResult {
				if r, bad := f.fail(); bad {
					return r
				}
				if !f.events[e] {
					return 400
				}
				f.records = append(f.records, fakeRecord{event: e, stream: s, ctx: f.current[threadID()], afterLaunches: len(f.launches)})
				return f.recordResult
			}))
		})
		d.cuMemcpyAsync = cb(func(dst, src, n, s uintptr) uintptr {
			return uintptr(with(func(f *fakeDriver) cuResult { r, _ := f.fail(); return r }))
		})
	})
	return fakeFns
}

// newFakeBackend returns a backend of ndev fake devices in context mode mode, with a fresh
// fake driver (returned too).
func newFakeBackend(t testing.TB, ndev int, mode ctxMode) (*Backend, *fakeDriver) {
	t.Helper()
	f := newFakeDriver()
	fake.Store(f)
	drv := fakeDriverAPI()
	drv.lib = &library{name: "fake libcuda"}
	b := &Backend{drv: &drv, driverVersion: 13000, peerEnabled: map[[2]int]bool{}, hostAllocs: map[*memory]struct{}{},
		ctxMode: mode, cache: newModuleCache()}
	for i := 0; i < ndev; i++ {
		d := newDevice(i)
		d.handle = uintptr(i)
		d.info = backend.DeviceInfo{Index: i, Name: "Fake GPU", Backend: "cuda", MaxThreadsPerBlock: 1024, MaxSharedPerBlock: 48 << 10}
		d.sharedOptin = 228 << 10
		d.canMapHost = true
		if err := b.retainContext(d); err != nil {
			t.Fatal(err)
		}
		b.devices = append(b.devices, d)
		b.infos = append(b.infos, d.info)
	}
	return b, f
}

// fakeKernel makes a loaded kernel of the CUDA C signature src on device dev of b.
func fakeKernel(t testing.TB, b *Backend, dev int, src string) *kernel {
	t.Helper()
	ks, err := cudasrc.Kernels(src)
	if err != nil || len(ks) != 1 {
		t.Fatalf("kernels of %q: %v", src, err)
	}
	info := ks[0]
	name := info.Signature.Name
	m := &module{b: b, d: b.devices[dev], key: "fake-" + name, img: &compiled{Image: []byte{1}, Lowered: map[string]string{name: name}},
		kernels: map[string]cudasrc.Kernel{name: info}, order: []string{name}, funcs: map[string]uintptr{}}
	b.cache.mu.Lock()
	b.cache.modules[moduleKey{m.key, dev}] = m
	b.cache.mu.Unlock()
	k, err := m.Kernel(name, info.Signature)
	if err != nil {
		t.Fatal(err)
	}
	return k.(*kernel)
}

// snapshot returns a copy of what the fake recorded, under its lock.
func (f *fakeDriver) snapshot() (launches []fakeLaunch, sets, gets, syncs int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]fakeLaunch(nil), f.launches...), f.sets, f.gets, f.syncs
}

func (f *fakeDriver) set(fn func(f *fakeDriver)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	fn(f)
}

func le64(b []byte) uint64 { return binary.LittleEndian.Uint64(b) }

// lockedThread runs fn on a goroutine locked to a new OS thread's worth of state (the
// goroutine stays locked, so the thread is the same for every call fn makes).
func onLockedThread(fn func()) {
	done := make(chan struct{})
	go func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		defer close(done)
		fn()
	}()
	<-done
}
