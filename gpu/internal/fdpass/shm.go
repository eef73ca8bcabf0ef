package fdpass

import (
	"fmt"
	"os"
	"syscall"
	"unsafe"
)

// PageSize is the size of the pages shared memory is mapped in.
var PageSize = int64(os.Getpagesize())

// Pages rounds size up to whole pages.
func Pages(size int64) int64 { return (size + PageSize - 1) / PageSize * PageSize }

// SharedMemory returns an anonymous shared-memory file (memfd_create) of size bytes, rounded
// up to whole pages, zeroed: what a rank offers for a host-resident or simulated buffer.
func SharedMemory(name string, size int64) (*os.File, error) {
	if size <= 0 {
		return nil, fmt.Errorf("shared memory: size %d", size)
	}
	p, err := syscall.BytePtrFromString(name)
	if err != nil {
		return nil, err
	}
	const mfdCloexec = 1
	fd, _, errno := syscall.Syscall(sysMemfdCreate, uintptr(unsafe.Pointer(p)), mfdCloexec, 0)
	if errno != 0 {
		return nil, fmt.Errorf("shared memory: memfd_create: %w", errno)
	}
	f := os.NewFile(fd, name)
	if err := f.Truncate(Pages(size)); err != nil {
		f.Close()
		return nil, fmt.Errorf("shared memory of %d bytes: %w", size, err)
	}
	return f, nil
}

// Map maps size bytes (rounded up to whole pages) of f, shared: stores through the mapping
// reach every process that maps f, and atomics on it are atomic across them.
func Map(f *os.File, size int64) ([]byte, error) {
	b, err := syscall.Mmap(int(f.Fd()), 0, int(Pages(size)), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_SHARED)
	if err != nil {
		return nil, fmt.Errorf("map shared memory of %d bytes: %w", size, err)
	}
	return b, nil
}

// Detach replaces a mapping Map made with private zeroed pages at the same addresses, so
// that code still holding it (a kernel running on a freed buffer) reads zeros instead of
// faulting, and the shared memory is released. The address range stays reserved.
func Detach(b []byte) error {
	if len(b) == 0 {
		return nil
	}
	const mapFixed = 0x10
	_, _, errno := syscall.Syscall6(syscall.SYS_MMAP, uintptr(unsafe.Pointer(&b[0])), uintptr(len(b)),
		syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON|mapFixed, ^uintptr(0), 0)
	if errno != 0 {
		return fmt.Errorf("detach shared memory: %w", errno)
	}
	return nil
}
