//go:build unix

package main

import (
	"fmt"
	"os"
	"syscall"
)

// runInstead replaces this process with `bin run args...`: the same command in the evaluator
// binary built for the notebook's modules (its own run finds every package it needs).
func runInstead(bin string, args []string) error {
	argv := append([]string{bin, "run"}, args...)
	if err := syscall.Exec(bin, argv, os.Environ()); err != nil {
		return fmt.Errorf("start the evaluator built for the notebook's modules (%s): %w", bin, err)
	}
	return nil
}
