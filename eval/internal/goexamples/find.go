// Package goexamples makes the Example functions of the Go standard library
// ($GOROOT/src/**/*_test.go, `func ExampleXxx()` with an `// Output:` comment, which go test
// checks against the toolchain) a corpus for peerbook: which examples run as one notebook
// cell (the selection rules, each named), each turned into a program (package main, the
// imports and top-level declarations of its file that it uses, its body as main), and its
// output compared as go test compares it.
//
// The conversion is go/doc's: doc.Examples synthesizes the "playable" program of an
// example (Example.Play), the one pkg.go.dev's Run button runs. The rules below keep the
// examples whose program go run runs here, deterministically, with the output the comment
// promises (TestConvertedProgramsPrintTheirOutput checks that under go run).
package goexamples

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/build"
	"go/doc"
	"go/format"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Rule names why an example of the standard library is not selected. A rule is checked in
// the order of Rules; an example is reported under the first rule that excludes it.
type Rule string

// The selection rules.
const (
	// NoOutput: the example has no "// Output:" comment: go test compiles it but does not
	// run it, so there is nothing to compare with.
	NoOutput Rule = "no-output"
	// InternalPackage: the example is in the package it documents (`package strings`, not
	// `package strings_test`): it may use unexported names, and no program outside the
	// package can be made of it.
	InternalPackage Rule = "internal-package"
	// NotPlayable: go/doc could not make a program of it: a dot import, or an identifier
	// declared in another file of the test package (a helper the program would lack).
	NotPlayable Rule = "not-playable"
	// BuildConstraint: its file is not built for this platform and toolchain (a //go:build
	// line or a _GOOS/_GOARCH file name that excludes it).
	BuildConstraint Rule = "build-constraint"
	// ImportsUnrunnable: the program imports a package whose examples can't be run as a
	// deterministic cell here: the network (net/http..., net/rpc, net/smtp), other
	// processes (os/exec, os/signal, plugin), the machine (syscall, unsafe, runtime and
	// runtime/...), the test harness (testing and testing/..., but for testing/fstest and
	// testing/iotest), the toolchain's own files (go/build, go/importer, debug/...),
	// log/syslog.
	ImportsUnrunnable Rule = "imports-unrunnable"
	// ReadsPackageFiles: the program reads files of the package's folder (it names
	// "testdata", a test file of the folder, or a relative path given to os's file
	// functions, all relative to the folder go test runs it in): a cell runs elsewhere.
	ReadsPackageFiles Rule = "reads-package-files"
	// NamesTestPackage: the Output names the test package ("errors_test.MyAsError", what
	// %T prints of a type the example declares): a program is package main, and prints
	// main.MyAsError.
	NamesTestPackage Rule = "names-test-package"
	// PrintsSourcePosition: the program logs with log.Lshortfile or log.Llongfile, whose
	// output names the test file and line the example was in (example_test.go:19), not the
	// program's.
	PrintsSourcePosition Rule = "prints-source-position"
	// Unparsable: a test file the parser does not read (none in the standard library
	// today; kept so that a broken file is reported, not skipped silently).
	Unparsable Rule = "unparsable"
)

// Rules lists every rule in the order they are checked.
var Rules = []Rule{Unparsable, BuildConstraint, NoOutput, InternalPackage, NotPlayable, ImportsUnrunnable, ReadsPackageFiles, NamesTestPackage, PrintsSourcePosition}

// unrunnable are the import paths (and, with a trailing slash, the trees) of
// ImportsUnrunnable. The network is net/http (servers, clients, httptest's loopback
// servers), net/rpc and net/smtp; package net's examples that print (parsing addresses,
// masks) and the parsers of net/url, net/mail, net/netip and net/textproto stay.
var unrunnable = []string{
	"net/http", "net/http/", "net/rpc", "net/rpc/", "net/smtp",
	"os/exec", "os/signal", "plugin", "syscall", "syscall/", "unsafe",
	"runtime", "runtime/", "testing", "testing/", "go/build", "go/importer", "debug/",
	"log/syslog", "internal/", "crypto/internal/",
}

// runnable are the exceptions to unrunnable: testing/fstest (an in-memory file system)
// and testing/iotest (readers and writers that misbehave on purpose) are libraries, not
// the test harness.
var runnable = []string{"testing/fstest", "testing/iotest"}

// ImportExcluded reports whether a program importing path is excluded by
// ImportsUnrunnable.
func ImportExcluded(path string) bool {
	for _, p := range runnable {
		if path == p {
			return false
		}
	}
	for _, p := range unrunnable {
		if path == p || (strings.HasSuffix(p, "/") && strings.HasPrefix(path, p)) {
			return true
		}
	}
	return false
}

// Example is one selected example, made a program.
type Example struct {
	// Name is the package's import path and the function's name: "strings.ExampleBuilder",
	// "encoding/json.ExampleMarshal".
	Name string
	File string // the test file it is in, under $GOROOT/src: "strings/example_test.go"
	// Source is the program: package main, imports, the declarations it uses, main.
	Source string
	// Output is the expected output, as the comment gives it (go test trims spaces at both
	// ends before it compares: see Matches).
	Output    string
	Unordered bool // "// Unordered output:": go test compares the lines sorted
}

// Set is what Find found under a source tree.
type Set struct {
	Examples []Example       // the examples selected, sorted by name
	Excluded map[string]Rule // the examples (or, for Unparsable and BuildConstraint, files) not selected, with the first rule that excludes them
}

// Count returns how many examples (or files) rule excluded.
func (s *Set) Count(rule Rule) int {
	n := 0
	for _, r := range s.Excluded {
		if r == rule {
			n++
		}
	}
	return n
}

// Find reads the test files of the standard library's packages under srcDir
// ($GOROOT/src; the trees cmd, vendor and testdata folders are not the standard library's
// packages) and selects their examples.
func Find(srcDir string) (*Set, error) {
	s := &Set{Excluded: map[string]Rule{}}
	err := filepath.WalkDir(srcDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(srcDir, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		switch base := d.Name(); {
		case rel == "cmd", base == "vendor", base == "testdata", rel != "." && (strings.HasPrefix(base, ".") || strings.HasPrefix(base, "_")):
			return filepath.SkipDir
		}
		return s.readDir(srcDir, rel)
	})
	if err != nil {
		return nil, fmt.Errorf("goexamples: walk %s: %w", srcDir, err)
	}
	if len(s.Examples) == 0 {
		return nil, fmt.Errorf("goexamples: no example selected under %s", srcDir)
	}
	sort.Slice(s.Examples, func(i, j int) bool { return s.Examples[i].Name < s.Examples[j].Name })
	return s, nil
}

// readDir selects the examples of the test files in srcDir/rel.
func (s *Set) readDir(srcDir, rel string) error {
	dir := filepath.Join(srcDir, filepath.FromSlash(rel))
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		fileName := rel + "/" + e.Name()
		src, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return err
		}
		if !bytes.Contains(src, []byte("func Example")) {
			continue
		}
		if ok, err := build.Default.MatchFile(dir, e.Name()); err != nil || !ok {
			s.Excluded[fileName] = BuildConstraint
			continue
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, fileName, src, parser.ParseComments)
		if err != nil {
			s.Excluded[fileName] = Unparsable
			continue
		}
		for _, ex := range doc.Examples(f) {
			name := rel + ".Example" + ex.Name
			prog, rule := Convert(fset, f, ex)
			if rule != "" {
				s.Excluded[name] = rule
				continue
			}
			prog.Name, prog.File = name, fileName
			s.Examples = append(s.Examples, prog)
		}
	}
	return nil
}

// Convert makes a program of ex, an example of file f (parsed with comments into fset),
// or says which rule excludes it.
func Convert(fset *token.FileSet, f *ast.File, ex *doc.Example) (Example, Rule) {
	switch {
	case ex.Output == "" && !ex.EmptyOutput:
		return Example{}, NoOutput
	case !strings.HasSuffix(f.Name.Name, "_test"):
		return Example{}, InternalPackage
	case ex.Play == nil:
		return Example{}, NotPlayable
	}
	for _, path := range imports(ex.Play) {
		if ImportExcluded(path) {
			return Example{}, ImportsUnrunnable
		}
	}
	var b bytes.Buffer
	if err := format.Node(&b, fset, ex.Play); err != nil {
		return Example{}, NotPlayable
	}
	src := b.String()
	switch {
	case readsPackageFiles(ex.Play):
		return Example{}, ReadsPackageFiles
	case strings.Contains(ex.Output, f.Name.Name+"."):
		return Example{}, NamesTestPackage
	case printsSourcePosition(ex.Play):
		return Example{}, PrintsSourcePosition
	}
	return Example{Source: src, Output: ex.Output, Unordered: ex.Unordered}, ""
}

// imports returns the import paths of f's import declarations (a file go/doc synthesized
// has no Imports list).
func imports(f *ast.File) []string {
	var paths []string
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.IMPORT {
			continue
		}
		for _, spec := range g.Specs {
			if path, err := strconv.Unquote(spec.(*ast.ImportSpec).Path.Value); err == nil {
				paths = append(paths, path)
			}
		}
	}
	return paths
}

// readsPackageFiles reports whether the program names the package's testdata folder or a
// relative file path in a call of os's file functions (os.Open("x.txt")...).
func readsPackageFiles(f *ast.File) bool {
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			// testdata, or a test file of the folder (go/printer's example parses its own).
			if n.Kind == token.STRING && (strings.Contains(n.Value, "testdata") || strings.HasSuffix(n.Value, `_test.go"`)) {
				found = true
			}
		case *ast.CallExpr:
			sel, ok := n.Fun.(*ast.SelectorExpr)
			if !ok || len(n.Args) == 0 {
				break
			}
			if id, ok := sel.X.(*ast.Ident); !ok || id.Name != "os" || !osFileFuncs[sel.Sel.Name] {
				break
			}
			if lit, ok := n.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if p, err := strconv.Unquote(lit.Value); err == nil && !filepath.IsAbs(p) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// printsSourcePosition reports whether f uses log.Lshortfile or log.Llongfile.
func printsSourcePosition(f *ast.File) bool {
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && (sel.Sel.Name == "Lshortfile" || sel.Sel.Name == "Llongfile") {
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == "log" {
				found = true
			}
		}
		return !found
	})
	return found
}

// osFileFuncs are the functions of package os whose first argument is a file's path.
var osFileFuncs = map[string]bool{
	"Open": true, "OpenFile": true, "ReadFile": true, "Stat": true, "Lstat": true,
	"ReadDir": true, "DirFS": true, "Chdir": true,
}
