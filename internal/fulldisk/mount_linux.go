package fulldisk

import (
	"strconv"
	"syscall"
)

func mount(dir string, size int) error {
	return syscall.Mount("tmpfs", dir, "tmpfs", 0, "size="+strconv.Itoa(size)+",mode=0755")
}

func unmount(dir string) { syscall.Unmount(dir, syscall.MNT_DETACH) }

func remountReadOnly(dir string) error {
	return syscall.Mount("tmpfs", dir, "tmpfs", syscall.MS_REMOUNT|syscall.MS_RDONLY, "")
}
