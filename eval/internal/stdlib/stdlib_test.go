package stdlib_test

import (
	"encoding/json"
	"go/importer"
	"go/token"
	"go/types"
	"os/exec"
	"path"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/eval/internal/rewrite"
	"github.com/peerbook/peerbook/eval/internal/stdlib"
	"github.com/peerbook/peerbook/eval/internal/stdlib/internal/stdpkgs"
)

// TestTablesMatchToolchain fails when the Go toolchain that runs the test has a public
// standard library package, or an exported symbol of one, that the tables lack: run
// `go generate ./eval/internal/stdlib` then. Generic functions and types are not compiled into
// tables: each must have an interpreted implementation (rewrite.TypeSources) or be
// listed in genericsMissing with the reason.
func TestTablesMatchToolchain(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the export data of the whole standard library (skipped with -short)")
	}
	out, err := exec.Command("go", "list", "-json=ImportPath,Standard", "std").Output()
	if err != nil {
		t.Fatalf("go list std: %v", err)
	}
	tables := map[string]map[string]bool{}
	for key, syms := range stdlib.Symbols {
		if key == "." {
			continue
		}
		names := map[string]bool{}
		for name := range syms {
			names[name] = true
		}
		tables[path.Dir(key)] = names
	}
	sources := typeCheckedSources(t)
	imp := importer.ForCompiler(token.NewFileSet(), "gc", nil)
	dec := json.NewDecoder(strings.NewReader(string(out)))
	checked := 0
	for dec.More() {
		var p struct{ ImportPath string }
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		if !stdpkgs.Extracted(p.ImportPath) {
			continue
		}
		names, ok := tables[p.ImportPath]
		if !ok {
			t.Errorf("package %s has no symbol table: run go generate ./eval/internal/stdlib", p.ImportPath)
			continue
		}
		pkg, err := imp.Import(p.ImportPath)
		if err != nil {
			t.Errorf("export data of %s: %v", p.ImportPath, err)
			continue
		}
		checked++
		for _, name := range pkg.Scope().Names() {
			obj := pkg.Scope().Lookup(name)
			if !obj.Exported() || names[name] {
				continue
			}
			if generic(obj) {
				if !sources[p.ImportPath][name] && genericsMissing[p.ImportPath+"."+name] == "" {
					t.Errorf("generic %s.%s has no interpreted implementation (eval/rewrite/prelude) and is not listed in genericsMissing", p.ImportPath, name)
				}
				continue
			}
			if constraint(obj) {
				continue
			}
			t.Errorf("%s.%s is missing from the tables: run go generate ./eval/internal/stdlib", p.ImportPath, name)
		}
	}
	if checked < 150 {
		t.Errorf("checked %d packages against the toolchain; expected the whole standard library", checked)
	}
}

// genericsMissing are the generic functions and types of the standard library cells
// cannot use, with the reason: importing them fails to compile ("has no symbol").
var genericsMissing = map[string]string{
	"unique.Make":   "unique.Handle needs runtime support an interpreter cannot provide",
	"unique.Handle": "see unique.Make",
	"weak.Make":     "weak pointers need the runtime's cooperation with the interpreter's values",
	"weak.Pointer":  "see weak.Make",

	"crypto/hkdf.Expand":           "generic over a hash constructor: not yet interpreted",
	"crypto/hkdf.Extract":          "see crypto/hkdf.Expand",
	"crypto/hkdf.Key":              "see crypto/hkdf.Expand",
	"crypto/pbkdf2.Key":            "see crypto/hkdf.Expand",
	"database/sql.Null":            "no database drivers in cells",
	"hash/maphash.Comparable":      "hashes the runtime's representation of values, which interpreted types do not share",
	"hash/maphash.WriteComparable": "see hash/maphash.Comparable",
	"reflect.TypeAssert":           "not yet interpreted",
	"runtime.AddCleanup":           "cleanups of interpreted values would run at the interpreter's whim",
}

func generic(obj types.Object) bool {
	switch o := obj.(type) {
	case *types.Func:
		return o.Type().(*types.Signature).TypeParams().Len() > 0
	case *types.TypeName:
		if n, ok := o.Type().(*types.Named); ok {
			return n.TypeParams().Len() > 0
		}
		if a, ok := o.Type().(*types.Alias); ok {
			return a.TypeParams().Len() > 0
		}
	}
	return false
}

// constraint reports whether obj is an interface usable only as a type constraint
// (cmp.Ordered), which the interpreter compiles from source or does not need.
func constraint(obj types.Object) bool {
	tn, ok := obj.(*types.TypeName)
	if !ok {
		return false
	}
	it, ok := tn.Type().Underlying().(*types.Interface)
	return ok && !it.IsMethodSet()
}

// typeCheckedSources returns the exported names the interpreted sources declare, by
// package path.
func typeCheckedSources(t *testing.T) map[string]map[string]bool {
	out := map[string]map[string]bool{}
	for p, srcs := range rewrite.TypeSources() {
		names := map[string]bool{}
		for _, src := range srcs {
			for _, n := range rewrite.DeclaredNames(src) {
				names[n] = true
			}
		}
		out[p] = names
	}
	return out
}
