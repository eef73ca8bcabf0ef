//go:build !unix

package main

import (
	"errors"
	"os"
	"os/exec"
)

// runInstead runs `bin run args...` (the evaluator binary built for the notebook's modules)
// with this process's standard streams, and exits with its status.
func runInstead(bin string, args []string) error {
	cmd := exec.Command(bin, append([]string{"run"}, args...)...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		os.Exit(ee.ExitCode())
	}
	if err != nil {
		return err
	}
	os.Exit(0)
	return nil
}
