package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Size limits of the code base: a file over maxFileLines lines says why at its top (a
// "// Long file: why" line among its first 30), and a function over maxFuncLines lines says
// why in its doc comment ("Long function: why"). Generated files are exempt.
const (
	maxFileLines = 800
	maxFuncLines = 150
)

// TestFileAndFunctionSizes lists every long file and function; those without a reason fail.
func TestFileAndFunctionSizes(t *testing.T) {
	files := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			// testdata holds inputs, third_party code we vendor (its own module, patched, not
			// ours to reshape).
			if path != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "third_party") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, src, parser.ParseComments)
		if err != nil {
			return err
		}
		if ast.IsGenerated(f) {
			return nil
		}
		files++
		lines := strings.Count(string(src), "\n")
		if lines > maxFileLines {
			head := strings.Join(strings.SplitN(string(src), "\n", 31)[:min(30, lines)], "\n")
			if strings.Contains(head, "// Long file: ") {
				t.Logf("%s: %d lines (reason given)", path, lines)
			} else {
				t.Errorf("%s: %d lines, over %d without a \"// Long file: why\" line at its top", path, lines, maxFileLines)
			}
		}
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			n := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1
			if n <= maxFuncLines {
				continue
			}
			if fd.Doc != nil && strings.Contains(fd.Doc.Text(), "Long function: ") {
				t.Logf("%s: func %s: %d lines (reason given)", path, fd.Name.Name, n)
			} else {
				t.Errorf("%s: func %s: %d lines, over %d without \"Long function: why\" in its doc", path, fd.Name.Name, n, maxFuncLines)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Errorf("checked only %d Go files", files)
	}
}
