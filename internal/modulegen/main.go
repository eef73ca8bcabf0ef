// Command modulegen writes the yaegi symbol tables of a notebook's third-party packages
// into the symbols package of an evaluator build. internal/modules runs it with `go run`
// inside the build's workspace, so that the packages resolve through the workspace's
// go.mod:
//
//	modulegen [-cells FILE] DIR IMPORTPATH...
//
// For each package it writes DIR/sym_PATH.go (yaegi's extract: functions, types, constants,
// variables) and, in DIR/sym_zz_generics.go, what extract leaves out or can't know: the
// instances of the package's generic functions and types that the cells use (FILE holds
// the cells' sources, a JSON array of strings; see package naming for how uses find their
// instance), and the doc comments of the package's exported names for inspect.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/build"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/peerbook/peerbook/eval/third_party/yaegi/extract"
)

func main() {
	cellsFile := flag.String("cells", "", "a JSON array of the cells' sources, whose uses of generics are instantiated")
	requestsFile := flag.String("requests", "", "a JSON array of instances evaluators asked for (naming.Requests)")
	flag.Parse()
	if flag.NArg() < 2 {
		fmt.Fprintln(os.Stderr, "usage: modulegen [-cells FILE] DIR IMPORTPATH...")
		os.Exit(2)
	}
	dir, imports := flag.Arg(0), flag.Args()[1:]
	if err := run(dir, imports, *cellsFile, *requestsFile); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(dir string, imports []string, cellsFile, requestsFile string) error {
	// One type-check (the loader) for every package: the symbols, the copies of generics
	// and the instances.
	fset := token.NewFileSet()
	imp := newLoader(fset)
	pkgs := map[string]*types.Package{}
	e := extract.Extractor{Dest: "modulesyms"}
	var failed []string
	for _, p := range imports {
		// A progress line per step, on stderr: the build shows the last (internal/modules).
		fmt.Fprintf(os.Stderr, "type-checking %s\n", p)
		pkg, err := imp.Import(p)
		if err != nil {
			failed = append(failed, fmt.Sprintf("%s: %v", p, err))
			continue
		}
		pkgs[p] = pkg
		fmt.Fprintf(os.Stderr, "extracting the symbols of %s\n", p)
		var b bytes.Buffer
		if err := e.ExtractPackage(pkg, p, &b); err != nil {
			failed = append(failed, fmt.Sprintf("%s: %v", p, err))
			continue
		}
		src, err := blankUnused(b.Bytes())
		if err != nil {
			return fmt.Errorf("%s: the extracted symbols: %w", p, err)
		}
		name := "sym_" + strings.NewReplacer("/", "_", ".", "_", "-", "_", "~", "_").Replace(p) + ".go"
		if err := os.WriteFile(filepath.Join(dir, name), src, 0o644); err != nil {
			return err
		}
	}
	if len(failed) > 0 {
		return fmt.Errorf("%s", strings.Join(failed, "\n"))
	}
	var cells, requests []string
	for _, f := range []struct {
		name string
		into *[]string
	}{{cellsFile, &cells}, {requestsFile, &requests}} {
		if f.name == "" {
			continue
		}
		data, err := os.ReadFile(f.name)
		if err != nil {
			return err
		}
		if err := json.Unmarshal(data, f.into); err != nil {
			return fmt.Errorf("%s: %w", f.name, err)
		}
	}
	g := newGen(pkgs)
	for _, p := range imports {
		docs, err := packageDocs(p, pkgs[p])
		if err != nil {
			// Docs are for inspect: a package whose files go/doc can't read still builds.
			fmt.Fprintf(os.Stderr, "modulegen: docs of %s: %v\n", p, err)
		}
		g.docs[p] = docs
	}
	if g.hasGenerics() {
		fmt.Fprintln(os.Stderr, "writing the interpreted copies of the generics")
		g.interpreted(newBundler(imp, imports))
	}
	for _, req := range requests {
		if _, _, _, cell := g.requestCell(req); cell != "" {
			cells = append(cells, cell)
		}
	}
	if len(cells) > 0 && g.hasGenerics() {
		fmt.Fprintf(os.Stderr, "compiling the instances of generics %d cells use\n", len(cells))
		instantiate(g, fset, imp, cells)
		g.settleRequests(requests)
	}
	src, err := format.Source(g.file())
	if err != nil {
		return fmt.Errorf("modulegen: the generated instances don't parse: %w\n%s", err, g.file())
	}
	return os.WriteFile(filepath.Join(dir, "sym_zz_generics.go"), src, 0o644)
}

// blankUnused makes an import of extracted symbols whose package no symbol names a blank
// import: a package whose exported names are all generic (github.com/hashicorp/golang-lru/v2)
// has none that extract writes, and an unused import does not compile.
func blankUnused(src []byte) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if x, ok := sel.X.(*ast.Ident); ok {
				used[x.Name] = true
			}
		}
		return true
	})
	changed := false
	for _, is := range f.Imports {
		p, _ := strconv.Unquote(is.Path.Value)
		name := path.Base(p)
		if is.Name != nil {
			name = is.Name.Name
		} else if !used[name] {
			if bp, err := build.Import(p, ".", 0); err == nil {
				name = bp.Name // the package's name is not its path's last element
			}
		}
		if name != "_" && !used[name] {
			is.Name = ast.NewIdent("_")
			changed = true
		}
	}
	if !changed {
		return src, nil
	}
	var out bytes.Buffer
	if err := format.Node(&out, fset, f); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
