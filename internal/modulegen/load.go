package main

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
)

// loader type-checks packages for the generator: the standard library from source (as
// go/importer's "source" importer does), other packages from their files with the syntax
// and the type information kept, which the interpreted copies of generics are written from
// (interp.go). Packages are found as the go command finds them (go/build, in the
// workspace's module).
type loader struct {
	fset *token.FileSet
	std  types.ImporterFrom
	pkgs map[string]*loaded
	// dirs, for tests, are the folders of packages found without the go command.
	dirs map[string]string
}

// loaded is a package the loader checked from its files.
type loaded struct {
	pkg   *types.Package
	files []*ast.File
	src   map[*token.File][]byte // each file's content, for its declarations' text
	info  *types.Info
	// cgo is set for a package with cgo files: it was checked by the standard importer
	// (which runs cgo), without the syntax kept.
	cgo bool
	err error
}

func newLoader(fset *token.FileSet) *loader {
	return &loader{fset: fset, std: importer.ForCompiler(fset, "source", nil).(types.ImporterFrom), pkgs: map[string]*loaded{}}
}

// isStd reports whether path is a standard library package (its first element has no dot).
func isStd(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

func (l *loader) Import(path string) (*types.Package, error) {
	return l.ImportFrom(path, ".", 0)
}

func (l *loader) ImportFrom(path, dir string, mode types.ImportMode) (*types.Package, error) {
	if isStd(path) {
		return l.std.ImportFrom(path, dir, mode)
	}
	lp, err := l.load(path, dir)
	if err != nil {
		return nil, err
	}
	return lp.pkg, nil
}

// load returns the package path as imported from the folder dir.
func (l *loader) load(path, dir string) (*loaded, error) {
	var bp *build.Package
	var err error
	if d, ok := l.dirs[path]; ok {
		bp, err = build.ImportDir(d, 0)
		if bp != nil {
			bp.ImportPath = path
		}
	} else {
		bp, err = build.Import(path, dir, 0)
	}
	if err != nil {
		return nil, err
	}
	key := bp.ImportPath
	if lp, ok := l.pkgs[key]; ok {
		if lp == nil {
			return nil, fmt.Errorf("import cycle through %s", key)
		}
		return lp, lp.err
	}
	l.pkgs[key] = nil // busy
	lp := &loaded{src: map[*token.File][]byte{}}
	defer func() { l.pkgs[key] = lp }()
	if len(bp.CgoFiles) > 0 {
		lp.cgo = true
		lp.pkg, lp.err = l.std.ImportFrom(path, dir, 0)
		return lp, lp.err
	}
	for _, name := range bp.GoFiles {
		data, err := os.ReadFile(filepath.Join(bp.Dir, name))
		if err != nil {
			lp.err = err
			return lp, err
		}
		f, err := parser.ParseFile(l.fset, filepath.Join(bp.Dir, name), data, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			lp.err = err
			return lp, err
		}
		lp.files = append(lp.files, f)
		lp.src[l.fset.File(f.Pos())] = data
	}
	lp.info = &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
		Instances:  map[*ast.Ident]types.Instance{},
	}
	conf := types.Config{Importer: importerAt{l, bp.Dir}, Error: func(error) {}, FakeImportC: true}
	lp.pkg, lp.err = conf.Check(bp.ImportPath, l.fset, lp.files, lp.info)
	if lp.pkg != nil && lp.pkg.Complete() {
		lp.err = nil // soft errors of a package the go command builds (unused imports of other build tags...)
	}
	return lp, lp.err
}

// importerAt imports for the files of the package in dir.
type importerAt struct {
	l   *loader
	dir string
}

func (im importerAt) Import(path string) (*types.Package, error) {
	return im.l.ImportFrom(path, im.dir, 0)
}

func (im importerAt) ImportFrom(path, _ string, mode types.ImportMode) (*types.Package, error) {
	return im.l.ImportFrom(path, im.dir, mode)
}

// text returns the source text of [pos, end) in a loaded file.
func (lp *loaded) text(fset *token.FileSet, pos, end token.Pos) []byte {
	f := fset.File(pos)
	data := lp.src[f]
	return data[f.Offset(pos):f.Offset(end)]
}
