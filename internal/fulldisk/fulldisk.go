// Package fulldisk is for tests only: it gives a test a small file system of its own (a
// tmpfs), to fill up or make read-only, so that what a program does on a full disk is
// checked on a real one. Mounting needs root on Linux; elsewhere the test is skipped, and
// says why.
package fulldisk

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// Mount mounts a tmpfs of size bytes (rounded up to pages) for the test and returns its
// folder; it is unmounted when the test ends.
func Mount(t testing.TB, size int) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "disk")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := mount(dir, size); err != nil {
		t.Skipf("a full disk is a tmpfs of the test's own, which this machine does not let the test mount: %v", err)
	}
	t.Cleanup(func() { unmount(dir) })
	return dir
}

// Fill writes a file in dir until the file system is full, and returns its path (remove
// it to free the space).
func Fill(t testing.TB, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "filler")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	block := make([]byte, 4096)
	for {
		if _, err := f.Write(block); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatalf("filling %s: %v", dir, err)
			}
			break
		}
	}
	// Single bytes too, for what a page left.
	for {
		if _, err := f.Write(block[:1]); err != nil {
			break
		}
	}
	return path
}

// ReadOnly remounts the file system at dir read-only (a test's own, from Mount).
func ReadOnly(t testing.TB, dir string) {
	t.Helper()
	if err := remountReadOnly(dir); err != nil {
		t.Fatal(err)
	}
}
