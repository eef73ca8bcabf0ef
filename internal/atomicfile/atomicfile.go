// Package atomicfile writes files whole or not at all: the data goes to a temporary file
// in the file's folder, which is synced and then renamed over the file (the shape of the
// go command's renameio). A reader sees the old file or the new one, never part of one; a
// full disk, a failed write or a kill midway leaves the old file as it was, and no
// temporary file behind (but for a kill).
//
// The new file keeps the mode of the file it replaces; a new one gets the mode asked for,
// less the umask, as os.WriteFile gives it. A path that is a symbolic link has the file it
// points to replaced, as os.WriteFile writes through it.
package atomicfile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"time"
)

// WriteFile writes data to the file at path, whole or not at all.
func WriteFile(path string, data []byte, perm os.FileMode) error {
	f, err := Create(path, perm)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}

// File is a file being written: its data goes to a temporary file until Commit puts it in
// place. Abort (or a Commit that fails) removes the temporary file.
type File struct {
	tmp  *os.File
	path string // the file to replace
	done bool
}

var counter atomic.Uint64

// Create starts writing the file at path.
func Create(path string, perm os.FileMode) (*File, error) {
	if target, err := filepath.EvalSymlinks(path); err == nil {
		path = target
	}
	if fi, err := os.Stat(path); err == nil {
		if fi.IsDir() {
			return nil, fmt.Errorf("write %s: it is a folder", path)
		}
		perm = fi.Mode().Perm()
	}
	dir, base := filepath.Split(path)
	seed := uint64(time.Now().UnixNano()) + uint64(os.Getpid())<<32
	for try := 0; ; try++ {
		name := filepath.Join(dir, "."+base+".tmp"+strconv.FormatUint(seed+counter.Add(1), 36))
		tmp, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
		if err == nil {
			return &File{tmp: tmp, path: path}, nil
		}
		if !errors.Is(err, os.ErrExist) || try == 100 {
			return nil, fmt.Errorf("write %s: %w", path, err)
		}
	}
}

// Write writes to the temporary file.
func (f *File) Write(p []byte) (int, error) {
	n, err := f.tmp.Write(p)
	if err != nil {
		err = fmt.Errorf("write %s: %w", f.path, unwrapPath(err))
	}
	return n, err
}

// Commit syncs the temporary file and renames it over the file. On failure the file is as
// it was, and the temporary file is removed.
func (f *File) Commit() error {
	if f.done {
		return fmt.Errorf("write %s: committed or aborted already", f.path)
	}
	f.done = true
	name := f.tmp.Name()
	err := f.tmp.Sync()
	if cerr := f.tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(name, f.path)
	}
	if err != nil {
		os.Remove(name)
		return fmt.Errorf("write %s: %w", f.path, unwrapPath(err))
	}
	// The rename itself is made durable by syncing the folder (not every system can).
	if d, err := os.Open(filepath.Dir(f.path)); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// Abort removes the temporary file; the file stays as it was. After Commit it does nothing.
func (f *File) Abort() {
	if f.done {
		return
	}
	f.done = true
	f.tmp.Close()
	os.Remove(f.tmp.Name())
}

// unwrapPath drops the temporary file's name from err: the caller names the file.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
