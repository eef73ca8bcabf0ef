package gokernel

import "testing"

// TestKernelAPIHasTheDeclarations: the API the checker builds from gpu/kernelapi.go holds
// what kernels use, with float16 conversion bodies left unchecked.
func TestKernelAPIHasTheDeclarations(t *testing.T) {
	gpuPkg, _, err := loadAPI()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Thread", "Index3", "Peer", "F16", "BF16", "ToF16", "ToBF16",
		"Shared", "DynamicShared", "Load4", "Store4", "AtomicAdd", "AtomicCAS", "SyncSystem"} {
		if gpuPkg.Scope().Lookup(name) == nil {
			t.Errorf("the kernel API lacks gpu.%s", name)
		}
	}
	if gpuPkg.Path() != GPUImportPath || gpuPkg.Name() != "gpu" {
		t.Errorf("package %s %s", gpuPkg.Name(), gpuPkg.Path())
	}
}
