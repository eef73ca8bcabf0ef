package cuda

import (
	"fmt"
	"strings"
	"unsafe"

	"github.com/ebitengine/purego"
)

// cuResult is a CUresult (or nvrtcResult, nvmlReturn_t): 0 is success.
type cuResult int32

// CUDA driver result codes the backend acts on.
const (
	cudaSuccess                  cuResult = 0
	cudaErrorInvalidValue        cuResult = 1
	cudaErrorOutOfMemory         cuResult = 2
	cudaErrorNotInitialized      cuResult = 3
	cudaErrorDeinitialized       cuResult = 4
	cudaErrorNoDevice            cuResult = 100
	cudaErrorInvalidContext      cuResult = 201
	cudaErrorNotReady            cuResult = 600
	cudaErrorIllegalAddress      cuResult = 700
	cudaErrorLaunchTimeout       cuResult = 702
	cudaErrorPeerAlreadyEnabled  cuResult = 704
	cudaErrorAssert              cuResult = 710
	cudaErrorHostAlreadyRegister cuResult = 712
	cudaErrorHardwareStack       cuResult = 714
	cudaErrorIllegalInstruction  cuResult = 715
	cudaErrorMisalignedAddress   cuResult = 716
	cudaErrorInvalidAddressSpace cuResult = 717
	cudaErrorInvalidPC           cuResult = 718
	cudaErrorLaunchFailed        cuResult = 719
)

// isSticky reports whether r leaves the context unusable: every later call in it fails
// until the context is destroyed.
func isSticky(r cuResult) bool {
	switch r {
	case cudaErrorIllegalAddress, cudaErrorLaunchTimeout, cudaErrorAssert, cudaErrorHardwareStack,
		cudaErrorIllegalInstruction, cudaErrorMisalignedAddress, cudaErrorInvalidAddressSpace,
		cudaErrorInvalidPC, cudaErrorLaunchFailed:
		return true
	}
	return false
}

// ccall calls the C function fn. Pointers converted to uintptr in the argument list stay
// alive (and unmoved) during the call.
//
//go:uintptrescapes
func ccall(fn uintptr, args ...uintptr) cuResult {
	r, _, _ := purego.SyscallN(fn, args...)
	return cuResult(uint32(r))
}

// ccallPtr calls the C function fn that returns a pointer (or any word).
//
//go:uintptrescapes
func ccallPtr(fn uintptr, args ...uintptr) uintptr {
	r, _, _ := purego.SyscallN(fn, args...)
	return r
}

// cptr returns the address of p's first element for C, 0 for an empty slice. p must be on
// the heap (cbuf, cString, or a make of non-constant size) and kept alive over the call.
func cptr[T any](p []T) uintptr {
	if len(p) == 0 {
		return 0
	}
	return uintptr(unsafe.Pointer(&p[0]))
}

// symbolSpec names a function pointer to resolve: the first of names that the library has.
type symbolSpec struct {
	fn       *uintptr
	names    []string
	optional bool
}

// resolve fills every spec from lib; a missing required symbol is an error that names it.
func resolve(lib *library, specs []symbolSpec) error {
	var missing []string
	for _, s := range specs {
		for _, n := range s.names {
			if p := lib.optionalSym(n); p != 0 {
				*s.fn = p
				break
			}
		}
		if *s.fn == 0 && !s.optional {
			missing = append(missing, strings.Join(s.names, "/"))
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("%s lacks %s: the library is too old for peerbook", lib.describe(), strings.Join(missing, ", "))
	}
	return nil
}

// driverAPI is the CUDA driver API (libcuda.so.1), resolved symbol by symbol.
type driverAPI struct {
	lib *library

	cuInit, cuDriverGetVersion, cuGetErrorName, cuGetErrorString                             uintptr
	cuDeviceGetCount, cuDeviceGet, cuDeviceGetName, cuDeviceTotalMem, cuDeviceGetAttribute   uintptr
	cuDeviceGetPCIBusId, cuDeviceCanAccessPeer, cuDeviceGetP2PAttribute                      uintptr
	cuDevicePrimaryCtxRetain, cuDevicePrimaryCtxRelease, cuDevicePrimaryCtxReset             uintptr
	cuDevicePrimaryCtxGetState, cuCtxCreate, cuCtxDestroy                                    uintptr
	cuCtxSetCurrent, cuCtxGetCurrent, cuCtxSynchronize, cuCtxEnablePeerAccess                uintptr
	cuMemAlloc, cuMemFree, cuMemGetInfo                                                      uintptr
	cuMemHostRegister, cuMemHostUnregister, cuMemHostGetDevicePointer                        uintptr
	cuMemcpyAsync, cuMemcpyPeerAsync, cuMemcpyHtoDAsync, cuMemcpyDtoHAsync                   uintptr
	cuMemsetD8Async, cuMemsetD16Async, cuMemsetD32Async                                      uintptr
	cuStreamCreate, cuStreamDestroy, cuStreamSynchronize, cuStreamQuery                      uintptr
	cuEventCreate, cuEventDestroy, cuEventRecord, cuEventSynchronize, cuEventQuery           uintptr
	cuEventElapsedTime                                                                       uintptr
	cuModuleLoadData, cuModuleUnload, cuModuleGetFunction, cuFuncSetAttribute, cuFuncGetAttr uintptr
	cuLaunchKernel                                                                           uintptr
	cuModuleGetGlobal                                                                        uintptr // optional: Module.SetGlobal
	cuDeviceGetByPCIBusId                                                                    uintptr // optional: LinkTo
	// optional: the virtual memory API, for memory shared between processes (export.go)
	cuMemGetAllocationGranularity, cuMemCreate, cuMemRelease, cuMemExportToShareableHandle uintptr
	cuMemImportFromShareableHandle, cuMemAddressReserve, cuMemAddressFree, cuMemMap        uintptr
	cuMemUnmap, cuMemSetAccess                                                             uintptr
}

func loadDriver() (*driverAPI, error) {
	lib, err := openLibrary("the CUDA driver (libcuda.so.1)", cudaLibraryCandidates())
	if err != nil {
		return nil, err
	}
	d := &driverAPI{lib: lib}
	req := func(fn *uintptr, names ...string) symbolSpec { return symbolSpec{fn: fn, names: names} }
	opt := func(fn *uintptr, names ...string) symbolSpec { return symbolSpec{fn: fn, names: names, optional: true} }
	err = resolve(lib, []symbolSpec{
		req(&d.cuInit, "cuInit"),
		req(&d.cuDriverGetVersion, "cuDriverGetVersion"),
		req(&d.cuGetErrorName, "cuGetErrorName"),
		req(&d.cuGetErrorString, "cuGetErrorString"),
		req(&d.cuDeviceGetCount, "cuDeviceGetCount"),
		req(&d.cuDeviceGet, "cuDeviceGet"),
		req(&d.cuDeviceGetName, "cuDeviceGetName"),
		req(&d.cuDeviceTotalMem, "cuDeviceTotalMem_v2"),
		req(&d.cuDeviceGetAttribute, "cuDeviceGetAttribute"),
		req(&d.cuDeviceGetPCIBusId, "cuDeviceGetPCIBusId"),
		req(&d.cuDeviceCanAccessPeer, "cuDeviceCanAccessPeer"),
		opt(&d.cuDeviceGetP2PAttribute, "cuDeviceGetP2PAttribute"),
		req(&d.cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain"),
		req(&d.cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2", "cuDevicePrimaryCtxRelease"),
		req(&d.cuDevicePrimaryCtxReset, "cuDevicePrimaryCtxReset_v2", "cuDevicePrimaryCtxReset"),
		opt(&d.cuDevicePrimaryCtxGetState, "cuDevicePrimaryCtxGetState"),
		opt(&d.cuCtxCreate, "cuCtxCreate_v2"),
		opt(&d.cuCtxDestroy, "cuCtxDestroy_v2"),
		req(&d.cuCtxSetCurrent, "cuCtxSetCurrent"),
		req(&d.cuCtxGetCurrent, "cuCtxGetCurrent"),
		req(&d.cuCtxSynchronize, "cuCtxSynchronize"),
		req(&d.cuCtxEnablePeerAccess, "cuCtxEnablePeerAccess"),
		req(&d.cuMemAlloc, "cuMemAlloc_v2"),
		req(&d.cuMemFree, "cuMemFree_v2"),
		req(&d.cuMemGetInfo, "cuMemGetInfo_v2"),
		req(&d.cuMemHostRegister, "cuMemHostRegister_v2", "cuMemHostRegister"),
		req(&d.cuMemHostUnregister, "cuMemHostUnregister"),
		req(&d.cuMemHostGetDevicePointer, "cuMemHostGetDevicePointer_v2"),
		req(&d.cuMemcpyAsync, "cuMemcpyAsync"),
		req(&d.cuMemcpyPeerAsync, "cuMemcpyPeerAsync"),
		req(&d.cuMemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2"),
		req(&d.cuMemcpyDtoHAsync, "cuMemcpyDtoHAsync_v2"),
		req(&d.cuMemsetD8Async, "cuMemsetD8Async"),
		req(&d.cuMemsetD16Async, "cuMemsetD16Async"),
		req(&d.cuMemsetD32Async, "cuMemsetD32Async"),
		req(&d.cuStreamCreate, "cuStreamCreate"),
		req(&d.cuStreamDestroy, "cuStreamDestroy_v2"),
		req(&d.cuStreamSynchronize, "cuStreamSynchronize"),
		req(&d.cuStreamQuery, "cuStreamQuery"),
		req(&d.cuEventCreate, "cuEventCreate"),
		req(&d.cuEventDestroy, "cuEventDestroy_v2"),
		req(&d.cuEventRecord, "cuEventRecord"),
		req(&d.cuEventSynchronize, "cuEventSynchronize"),
		req(&d.cuEventQuery, "cuEventQuery"),
		req(&d.cuEventElapsedTime, "cuEventElapsedTime_v2", "cuEventElapsedTime"),
		req(&d.cuModuleLoadData, "cuModuleLoadData"),
		req(&d.cuModuleUnload, "cuModuleUnload"),
		req(&d.cuModuleGetFunction, "cuModuleGetFunction"),
		opt(&d.cuFuncSetAttribute, "cuFuncSetAttribute"),
		req(&d.cuFuncGetAttr, "cuFuncGetAttribute"),
		req(&d.cuLaunchKernel, "cuLaunchKernel"),
		opt(&d.cuModuleGetGlobal, "cuModuleGetGlobal_v2"),
		opt(&d.cuDeviceGetByPCIBusId, "cuDeviceGetByPCIBusId"),
		opt(&d.cuMemGetAllocationGranularity, "cuMemGetAllocationGranularity"),
		opt(&d.cuMemCreate, "cuMemCreate"),
		opt(&d.cuMemRelease, "cuMemRelease"),
		opt(&d.cuMemExportToShareableHandle, "cuMemExportToShareableHandle"),
		opt(&d.cuMemImportFromShareableHandle, "cuMemImportFromShareableHandle"),
		opt(&d.cuMemAddressReserve, "cuMemAddressReserve"),
		opt(&d.cuMemAddressFree, "cuMemAddressFree"),
		opt(&d.cuMemMap, "cuMemMap"),
		opt(&d.cuMemUnmap, "cuMemUnmap"),
		opt(&d.cuMemSetAccess, "cuMemSetAccess"),
	})
	if err != nil {
		return nil, err
	}
	return d, nil
}

// hasVMM reports whether every function of the virtual memory API that export.go calls
// resolved.
func (d *driverAPI) hasVMM() bool {
	for _, f := range []uintptr{d.cuMemGetAllocationGranularity, d.cuMemCreate, d.cuMemRelease, d.cuMemExportToShareableHandle,
		d.cuMemImportFromShareableHandle, d.cuMemAddressReserve, d.cuMemAddressFree, d.cuMemMap, d.cuMemUnmap, d.cuMemSetAccess} {
		if f == 0 {
			return false
		}
	}
	return true
}

// errorName returns the CUDA name and text of r ("CUDA_ERROR_OUT_OF_MEMORY", "out of memory").
func (d *driverAPI) errorName(r cuResult) (name, text string) {
	var pn, pt uintptr
	if ccall(d.cuGetErrorName, uintptr(r), uintptr(unsafe.Pointer(&pn))) == 0 {
		name = goString(pn)
	}
	if ccall(d.cuGetErrorString, uintptr(r), uintptr(unsafe.Pointer(&pt))) == 0 {
		text = goString(pt)
	}
	if name == "" {
		name = fmt.Sprintf("CUresult %d", int(r))
	}
	if text == "" {
		text = "unknown error"
	}
	return name, text
}

// CUDA device attributes (CUdevice_attribute).
const (
	attrMaxThreadsPerBlock      = 1
	attrMaxSharedPerBlock       = 8
	attrMultiprocessorCount     = 16
	attrCanMapHostMemory        = 19
	attrUnifiedAddressing       = 41
	attrComputeCapabilityMajor  = 75
	attrComputeCapabilityMinor  = 76
	attrHostPointerForRegMem    = 91
	attrMaxSharedPerBlockOptin  = 97
	p2pAttrPerformanceRank      = 1
	p2pAttrAccessSupported      = 2
	p2pAttrNativeAtomicSupport  = 3
	funcAttrMaxThreadsPerBlock  = 0
	funcAttrSharedSizeBytes     = 1
	funcAttrMaxDynamicShared    = 8
	streamNonBlocking           = 1
	eventDefault                = 0
	hostRegisterPortable        = 1
	hostRegisterDeviceMap       = 2
	nvrtcErrorInvalidOption     = 5
	nvrtcErrorCompilation       = 6
	nvrtcErrorBuiltinOperation  = 7
	nvmlErrorInvalidArgument    = 2
	nvmlErrorNotSupported       = 3
	nvmlP2PCapsIndexNVLink      = 2
	nvmlNVLinkDeviceTypeSwitch  = 2
	nvmlTopologyInternal        = 0
	nvmlTopologySingle          = 10
	nvmlTopologyMultiple        = 20
	nvmlTopologyHostBridge      = 30
	nvmlTopologyNode            = 40
	nvmlTopologySystem          = 50
	nvmlMaxLinksToTry           = 32
	nvmlPciInfoBusIDOffset      = 36 // nvmlPciInfo_t: char busIdLegacy[16]; 5 x unsigned; char busId[32]
	nvmlPciInfoSize             = 68
	maxDefaultDynamicSharedSize = 48 << 10
)
