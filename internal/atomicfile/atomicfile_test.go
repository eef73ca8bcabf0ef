package atomicfile

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/peerbook/peerbook/internal/fulldisk"
)

// names lists dir's entries.
func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

// TestFullDiskKeepsTheOldFile: a write that does not fit on the disk fails with ENOSPC and
// leaves the file as it was, and nothing else; one that fits replaces it.
func TestFullDiskKeepsTheOldFile(t *testing.T) {
	dir := fulldisk.Mount(t, 256<<10)
	path := filepath.Join(dir, "out.ipynb")
	old := bytes.Repeat([]byte("old "), 16<<10) // 64 KiB
	if err := WriteFile(path, old, 0o644); err != nil {
		t.Fatal(err)
	}
	err := WriteFile(path, bytes.Repeat([]byte("new "), 64<<10), 0o644) // 256 KiB: no room
	if !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("err = %v, want ENOSPC", err)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, old) {
		t.Fatalf("the file holds %d bytes after a failed write, want the old %d", len(got), len(old))
	}
	if n := names(t, dir); len(n) != 1 {
		t.Errorf("the folder holds %v, want the file alone", n)
	}
	small := []byte("new and small\n")
	if err := WriteFile(path, small, 0o644); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, small) {
		t.Errorf("the file holds %q", got)
	}
}

// TestReadOnlyDisk: on a read-only file system the write fails and the file stays.
func TestReadOnlyDisk(t *testing.T) {
	dir := fulldisk.Mount(t, 64<<10)
	path := filepath.Join(dir, "page.html")
	if err := WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	fulldisk.ReadOnly(t, dir)
	if err := WriteFile(path, []byte("new"), 0o644); !errors.Is(err, syscall.EROFS) {
		t.Fatalf("err = %v, want EROFS", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "old" {
		t.Errorf("the file holds %q", got)
	}
}

// TestModeAndLinks: a new file gets the mode asked for (less the umask); a replaced file
// keeps its mode; a symbolic link keeps pointing at the file, which is replaced.
func TestModeAndLinks(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a")
	if err := WriteFile(path, []byte("1"), 0o600); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("new file mode %v", fi.Mode())
	}
	os.Chmod(path, 0o640)
	if err := WriteFile(path, []byte("2"), 0o644); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o640 {
		t.Errorf("replaced file mode %v, want the old 0640", fi.Mode())
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink("a", link); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(link, []byte("3"), 0o644); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", fi, err)
	}
	if got, _ := os.ReadFile(path); string(got) != "3" {
		t.Errorf("the linked file holds %q", got)
	}
	if err := WriteFile(dir, []byte("x"), 0o644); err == nil {
		t.Error("a folder was written over")
	}
}

// TestAbort: an aborted file leaves the old one and no temporary file.
func TestAbort(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a")
	os.WriteFile(path, []byte("old"), 0o644)
	f, err := Create(path, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("half"))
	f.Abort()
	if got, _ := os.ReadFile(path); string(got) != "old" {
		t.Errorf("the file holds %q", got)
	}
	if n := names(t, dir); len(n) != 1 {
		t.Errorf("the folder holds %v", n)
	}
	if err := f.Commit(); err == nil {
		t.Error("Commit after Abort succeeded")
	}
}
