package goexamples

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/peerbook/peerbook/eval/internal/gosuite"
)

var gorunAll = flag.Bool("goexamples.gorun", false, "check every converted example under the Go toolchain, not a sample")

// gorunSample: without -goexamples.gorun, one example in gorunSample (hash of the name) is
// built and run.
const gorunSample = 10

// TestConvertedProgramsPrintTheirOutput checks the conversion against the toolchain: each
// converted program (a sample, all with -goexamples.gorun) is built with go build and run
// in an empty folder, and must print its Output as go test compares it. A failure here is
// a converter bug (or a rule missing), never a peerbook one.
func TestConvertedProgramsPrintTheirOutput(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the converted examples with the go command (skipped with -short)")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command: %v", err)
	}
	set, err := Find(filepath.Join(runtime.GOROOT(), "src"))
	if err != nil {
		t.Fatal(err)
	}
	var examples []Example
	for _, e := range set.Examples {
		if *gorunAll || gosuite.InSample(e.Name, gorunSample) {
			examples = append(examples, e)
		}
	}
	mod := t.TempDir()
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module goexamples\n\ngo 1.24\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for i, e := range examples {
		dir := filepath.Join(mod, fmt.Sprintf("p%04d", i))
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(e.Source), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bin := t.TempDir()
	build := exec.Command(goCmd, "build", "-o", bin+string(filepath.Separator), "./...")
	build.Dir = mod
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build of the converted examples: %v\n%s", err, out)
	}
	run := t.TempDir()
	for i, e := range examples {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		cmd := exec.CommandContext(ctx, filepath.Join(bin, fmt.Sprintf("p%04d", i)))
		cmd.Dir = run
		cmd.Env = append(os.Environ(), "TZ="+TZ)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		cancel()
		switch {
		case err != nil:
			t.Errorf("%s (%s): %v\n%s", e.Name, e.File, err, stderr.String())
		case !e.Matches(stdout.String()):
			t.Errorf("%s (%s) prints\n%s\nwant\n%s", e.Name, e.File, stdout.String(), e.Output)
		}
	}
	t.Logf("%d converted examples print their Output under %s", len(examples), runtime.Version())
}
