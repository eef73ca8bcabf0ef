//go:build !unix

package modules

import "os/exec"

// ownGroup: elsewhere, cancelling kills the go command alone (exec's default).
func ownGroup(cmd *exec.Cmd) {}
