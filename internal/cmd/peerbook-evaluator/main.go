// Command peerbook-evaluator is the process that runs a peerbook session's cells: one Go
// session (package eval, yaegi, the gpu and display packages) served to the kernel over the
// protocol of package internal/evalproto. `peerbook kernel` and `peerbook run` start it and
// supervise it; they find it beside the peerbook executable ($PEERBOOK_EVALUATOR names
// another), and a notebook's third-party packages get an evaluator of their own, built from
// this package with their symbol tables added (package internal/modules).
//
//	peerbook-evaluator [--dir DIR]   serve the session on fd 3 and 4 (not for use by hand)
//	peerbook-evaluator --version     what it was built from, and the CUDA libraries it finds
//
// It is a binary of its own so that the kernel process links no interpreter, GPU or
// plotting code (docs/ARCHITECTURE.md, "Process model").
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path"
	"reflect"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/peerbook/peerbook/eval"
	"github.com/peerbook/peerbook/gpu"
	"github.com/peerbook/peerbook/internal/buildinfo"
	"github.com/peerbook/peerbook/internal/evaluator"
	"github.com/peerbook/peerbook/internal/ranks"
)

// version is set at build time: go build -ldflags "-X main.version=v1.2.3".
var version = ""

// modulePackages are the symbol tables of the third-party packages built into this binary
// for a notebook's imports (see internal/modules): nil in the evaluator as released; an
// evaluator built for a module set sets it from a file the build adds to this package.
var modulePackages map[string]map[string]reflect.Value

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the command: flags, then the version report or the session served.
func run(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("peerbook-evaluator", flag.ContinueOnError)
	flags.SetOutput(stderr)
	dir := flags.String("dir", "", "the working directory of shell commands (!cmd) in cells (default: this process's)")
	showVersion := flags.Bool("version", false, "print what this evaluator was built from and the CUDA libraries it finds")
	flags.Usage = func() {
		fmt.Fprintln(stderr, `Usage: peerbook-evaluator [--dir DIR] | --version

Runs a peerbook session's cells for "peerbook kernel" and "peerbook run", with its request
and event pipes on file descriptors 3 and 4 (see package internal/evalproto). Started by a
cluster launcher with $PEERBOOK_RANK_CONNECT set, it is a rank's agent: it connects to the
kernel and starts the evaluator itself (see package internal/ranknet). Not for use by hand.`)
		flags.PrintDefaults()
	}
	if err := flags.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if flags.NArg() > 0 {
		flags.Usage()
		return 2
	}
	if *showVersion {
		bi, _ := debug.ReadBuildInfo()
		fmt.Fprint(stdout, versionReport(bi, gpu.FindCUDA(), builtPackages()))
		return 0
	}
	return evaluator.Main(func(ranks.World) (evaluator.Session, error) {
		s, err := eval.New(eval.Options{Hooks: eval.PackageHooks{}, Packages: modulePackages, GoMagic: goMagic, Dir: *dir})
		if err != nil {
			return nil, err
		}
		return s, nil
	})
}

// versionReport is what --version prints: the build's version, Go and platform, module and
// VCS stamps of bi (nil: none), the CUDA libraries found, and the third-party packages
// built in (sorted import paths).
func versionReport(bi *debug.BuildInfo, cu gpu.CUDALibraries, packages []string) string {
	var b strings.Builder
	b.WriteString(buildinfo.Report("peerbook-evaluator", bi, version))
	if cu.DriverErr != nil {
		fmt.Fprintf(&b, "CUDA driver: none (%v): cells run on simulated devices\n", cu.DriverErr)
	} else {
		fmt.Fprintf(&b, "CUDA driver: supports CUDA %d.%d, %s\n", cu.DriverVersion/1000, cu.DriverVersion%1000/10, cu.Driver)
	}
	if cu.NVRTCErr != nil {
		fmt.Fprintf(&b, "NVRTC:       none (%v): %%%%cuda cells need it on a GPU\n", cu.NVRTCErr)
	} else {
		fmt.Fprintf(&b, "NVRTC:       %s\n", cu.NVRTC)
	}
	if len(packages) > 0 {
		fmt.Fprintf(&b, "built in:    %s\n", strings.Join(packages, ", "))
	}
	return b.String()
}

// builtPackages returns the import paths of the third-party packages built into this
// binary, sorted.
func builtPackages() []string {
	var built []string
	for key := range modulePackages {
		built = append(built, path.Dir(key)) // keys are "importpath/pkgname"
	}
	sort.Strings(built)
	return built
}
