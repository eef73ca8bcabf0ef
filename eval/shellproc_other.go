//go:build !unix

package eval

import "os/exec"

// inOwnGroup leaves cmd as it is where there are no process groups: cancelling it kills
// the shell only.
func inOwnGroup(cmd *exec.Cmd) {}
