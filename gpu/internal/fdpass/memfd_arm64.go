package fdpass

import "syscall"

// sysMemfdCreate is memfd_create(2).
const sysMemfdCreate = syscall.SYS_MEMFD_CREATE
