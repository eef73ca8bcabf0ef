// Command gen writes the yaegi symbol tables of the standard library of the Go that runs
// it into the current directory (package eval/internal/stdlib), one file per package named like
// yaegi's own (go1_26_strings.go), with yaegi's extract package. Run it through
// `go generate ./eval/internal/stdlib`.
//
// Every importable package of `go list std` is extracted except the internal ones and
// those listed in Skipped (with the reason). Generic functions and types cannot be
// exported compiled: extract leaves them out, and the session gives them an
// interpreted implementation (eval/rewrite/prelude).
package main

import (
	"bytes"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/peerbook/peerbook/eval/internal/stdlib/internal/stdpkgs"
	"github.com/peerbook/peerbook/eval/third_party/yaegi/extract"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("gen: ")
	out, err := exec.Command("go", "list", "std").Output()
	if err != nil {
		log.Fatalf("go list std: %v", err)
	}
	prefix, err := filePrefix(runtime.Version())
	if err != nil {
		log.Fatal(err)
	}
	old, _ := filepath.Glob("go1_*.go")
	for _, f := range old {
		if err := os.Remove(f); err != nil {
			log.Fatal(err)
		}
	}
	ext := extract.Extractor{Dest: "stdlib"}
	n := 0
	for _, path := range strings.Fields(string(out)) {
		if !stdpkgs.Extracted(path) {
			continue
		}
		var buf bytes.Buffer
		ip, err := ext.Extract(path, "", &buf)
		if err != nil {
			log.Fatalf("extract %s: %v", path, err)
		}
		name := prefix + "_" + strings.ReplaceAll(ip, "/", "_") + ".go"
		if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
			log.Fatal(err)
		}
		n++
	}
	fmt.Printf("gen: %d packages of %s\n", n, runtime.Version())
}

// filePrefix is "go1_26" for Go 1.26.x, as yaegi names its tables.
func filePrefix(version string) (string, error) {
	v, ok := strings.CutPrefix(version, "go")
	parts := strings.Split(v, ".")
	if !ok || len(parts) < 2 {
		return "", fmt.Errorf("extracting needs a released Go, not %q", version)
	}
	return "go" + parts[0] + "_" + extract.GetMinor(parts[1]), nil
}
