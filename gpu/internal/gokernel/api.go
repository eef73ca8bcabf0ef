package gokernel

import (
	_ "embed"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"sync"
)

// gpuAPISource is the source of gpu/kernelapi.go, the one definition of the declarations
// of package gpu that kernels use; package gpu hands it over with SetGPUAPI.
var gpuAPISource struct {
	mu  sync.Mutex
	src string
}

// SetGPUAPI gives the checker the source of package gpu's kernel API (gpu/kernelapi.go).
// Package gpu calls it when it is initialized, before any kernel is defined; the first
// Library.Define reads it once. Function bodies in it are not part of the API and are not
// checked.
func SetGPUAPI(src string) {
	gpuAPISource.mu.Lock()
	gpuAPISource.src = src
	gpuAPISource.mu.Unlock()
}

// mathAPISource declares the part of package math kernels may use.
//
//go:embed math.go.txt
var mathAPISource string

// GPUImportPath is the import path of package gpu.
const GPUImportPath = "github.com/peerbook/peerbook/gpu"

// apiPackages are the type-checked fake packages gpu and math, built once.
type apiPackages struct {
	gpu, math *types.Package
	err       error
}

var (
	apiOnce sync.Once
	api     apiPackages
)

func loadAPI() (*types.Package, *types.Package, error) {
	apiOnce.Do(func() {
		fset := token.NewFileSet()
		check := func(path, name, src string, imp types.Importer) (*types.Package, error) {
			f, err := parser.ParseFile(fset, name, src, 0)
			if err != nil {
				return nil, err
			}
			conf := types.Config{Importer: imp, GoVersion: "go1.26", IgnoreFuncBodies: true}
			return conf.Check(path, fset, []*ast.File{f}, nil)
		}
		api.math, api.err = check("math", "math.go", mathAPISource, nil)
		if api.err != nil {
			api.err = fmt.Errorf("gokernel: kernel math declarations: %w", api.err)
			return
		}
		gpuAPISource.mu.Lock()
		src := gpuAPISource.src
		gpuAPISource.mu.Unlock()
		if src == "" {
			api.err = errors.New("gokernel: no kernel API: package gpu gives it with SetGPUAPI when it is initialized")
			return
		}
		// Packages the bodies import (gpu/internal/half) are empty: bodies are not checked.
		api.gpu, api.err = check(GPUImportPath, "kernelapi.go", src, cellImporter(nil, api.math))
		if api.err != nil {
			api.err = fmt.Errorf("gokernel: kernel gpu declarations: %w", api.err)
		}
	})
	return api.gpu, api.math, api.err
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// cellImporter supplies package gpu's kernel declarations and math; any other package is
// an empty package, so that a kernel using it fails with a clear message.
func cellImporter(gpuPkg, mathPkg *types.Package) types.Importer {
	others := map[string]*types.Package{}
	return importerFunc(func(path string) (*types.Package, error) {
		switch {
		case path == GPUImportPath || path == "gpu":
			return gpuPkg, nil
		case path == "math":
			return mathPkg, nil
		}
		if p, ok := others[path]; ok {
			return p, nil
		}
		name := path[strings.LastIndex(path, "/")+1:]
		if !token.IsIdentifier(name) {
			name = "pkg"
		}
		p := types.NewPackage(path, name)
		p.MarkComplete()
		others[path] = p
		return p, nil
	})
}
