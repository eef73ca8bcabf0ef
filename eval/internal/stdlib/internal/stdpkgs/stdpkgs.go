// Package stdpkgs says which packages of the standard library the session's symbol
// tables (package eval/internal/stdlib) hold: the generator and the test that checks the
// tables against the toolchain share it.
package stdpkgs

import "strings"

// Skipped lists the public standard library packages that cells cannot import, with
// the reason.
var Skipped = map[string]string{
	"unsafe":                      "its functions are compiler builtins over the memory layout of compiled types, which interpreted values do not share",
	"syscall":                     "raw system calls would let a cell tamper with the evaluator's process",
	"syscall/js":                  "js/wasm only",
	"os/exec":                     "cells do not start processes behind the kernel's back",
	"plugin":                      "loads compiled code into the evaluator",
	"runtime/cgo":                 "no exported API",
	"runtime/race":                "no exported API",
	"runtime/msan":                "no exported API",
	"runtime/asan":                "no exported API",
	"runtime/coverage":            "coverage of the evaluator itself",
	"time/tzdata":                 "no exported API (embeds the time zone database when imported)",
	"iter":                        "generic only: compiled from source by the session (eval/rewrite/prelude)",
	"crypto/mlkem/mlkemtest":      "test helpers of the crypto packages",
	"testing/cryptotest":          "test helpers of the crypto packages",
	"crypto/tls/fipsonly":         "changes the process' TLS configuration when imported",
	"crypto/internal/fips140only": "internal",
}

// Extracted reports whether the package at path gets a symbol table.
func Extracted(path string) bool {
	if _, skip := Skipped[path]; skip {
		return false
	}
	for _, el := range strings.Split(path, "/") {
		if el == "internal" || el == "vendor" {
			return false
		}
	}
	return !strings.HasPrefix(path, "cmd/")
}
