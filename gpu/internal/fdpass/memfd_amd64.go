package fdpass

// sysMemfdCreate is memfd_create(2) on linux/amd64 (package syscall lacks it there).
const sysMemfdCreate = 319
