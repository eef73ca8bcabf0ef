//go:build !linux

package fulldisk

import "errors"

var errNotLinux = errors.New("tmpfs mounts are made on Linux only")

func mount(dir string, size int) error { return errNotLinux }

func unmount(dir string) {}

func remountReadOnly(dir string) error { return errNotLinux }
