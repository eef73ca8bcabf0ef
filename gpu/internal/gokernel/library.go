package gokernel

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"strconv"
	"strings"
	"sync"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// Library holds the kernels' device functions and constants defined so far in a session,
// so that a kernel defined in one cell can call a //gpu:device function of an earlier one.
// It is safe for concurrent use.
type Library struct {
	mu    sync.Mutex
	fset  *token.FileSet
	cells []*cellDecls // retained declarations of earlier definitions, oldest first
}

// cellDecls is what a library keeps of one definition: its imports, device functions and
// constants.
type cellDecls struct {
	name    *ast.Ident
	imports []*ast.GenDecl
	consts  []*ast.GenDecl
	devices []*ast.FuncDecl
	kernels []*ast.FuncDecl // type-checked with the definition, never retained
}

func (c *cellDecls) file() *ast.File {
	f := &ast.File{Name: c.name}
	for _, g := range c.imports {
		f.Decls = append(f.Decls, g)
		for _, s := range g.Specs {
			f.Imports = append(f.Imports, s.(*ast.ImportSpec))
		}
	}
	for _, g := range c.consts {
		f.Decls = append(f.Decls, g)
	}
	for _, d := range c.devices {
		f.Decls = append(f.Decls, d)
	}
	for _, d := range c.kernels {
		f.Decls = append(f.Decls, d)
	}
	return f
}

// NewLibrary returns an empty library.
func NewLibrary() *Library {
	return &Library{fset: token.NewFileSet()}
}

// Kernel is a checked Go kernel: the simulator runs it (Run), and it translates to CUDA C++
// (CUDA).
type Kernel struct {
	name string
	prog *program
	fn   *function
	sig  backend.Signature
	cpu  *cpuKernel

	cudaOnce sync.Once
	cudaSrc  string
	cudaErr  error
	sites    []string // Go positions of the translation's fault sites
}

// Name returns the kernel's function name.
func (k *Kernel) Name() string { return k.name }

// Signature returns the kernel's parameters, without its gpu.Thread.
func (k *Kernel) Signature() backend.Signature { return k.sig }

// AtomicParams reports, for each parameter of Signature, whether the kernel updates it
// with read-modify-write atomics (AtomicAdd, AtomicCAS, AtomicExch, AtomicMax, AtomicMin,
// AtomicAnd, AtomicOr, AtomicXor), in its body or in the device functions it passes it to.
// AtomicLoad and AtomicStore are plain accesses and don't count. A buffer in a kernel is
// always named by its parameter, so the answer is exact.
func (k *Kernel) AtomicParams() []bool {
	out := make([]bool, len(k.fn.params))
	for i, v := range k.fn.params {
		out[i] = k.fn.rmw[v]
	}
	return out
}

// Pos returns where the kernel is defined ("cell[3]:2:6").
func (k *Kernel) Pos() string { return k.prog.pos(k.fn.decl.Name.Pos()) }

// Define parses Go source (a cell's declarations; a package clause is optional), picks out
// kernels (functions whose first parameter is a gpu.Thread) and device functions (a
// //gpu:device line in their doc comment), checks them against the kernel subset, and
// returns the kernels. Other declarations are ignored, except constants, which kernels may
// use. Errors are an ErrorList of "file:line:col: message" where line counts from line, the
// line of the cell on which src starts. A failed definition changes nothing.
func (l *Library) Define(src, file string, line int) ([]*Kernel, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	gpuPkg, mathPkg, err := loadAPI()
	if err != nil {
		return nil, err
	}
	if file == "" {
		file = "cell"
	}
	if line < 1 {
		line = 1
	}
	f, err := l.parse(src, file, line)
	if err != nil {
		return nil, err
	}
	cell, kernels := collect(f)
	cell.kernels = kernels
	if len(kernels) == 0 && len(cell.devices) == 0 && len(cell.consts) == 0 {
		return nil, nil
	}

	// Newer definitions replace older ones of the same name.
	retained := l.retained(cell.definedNames())
	all := append(retained, cell)

	imp := cellImporter(gpuPkg, mathPkg)
	// Constants that don't check (they use session values, say) are dropped; a kernel that
	// uses one then reports it undefined.
	for round := 0; round < 8; round++ {
		errs := typeCheck(l.fset, imp, all, false, nil)
		if len(errs) == 0 || !dropFailing(all, errs, true) {
			break
		}
	}
	// Retained device functions that no longer check (a helper they call was redefined)
	// are dropped the same way; errors in this definition are the user's.
	var info *types.Info
	var errs []types.Error
	for round := 0; round < 8; round++ {
		info = newInfo()
		errs = typeCheck(l.fset, imp, all, true, info)
		if len(errs) == 0 || !dropFailing(retained, errs, false) {
			break
		}
	}
	if len(errs) > 0 {
		return nil, l.typeErrors(errs)
	}

	p := &program{fset: l.fset, info: info, gpuPkg: gpuPkg, mathPkg: mathPkg,
		funcs: map[*types.Func]*function{}}
	p.threadType = gpuPkg.Scope().Lookup("Thread").Type().(*types.Named)
	p.f16Type = gpuPkg.Scope().Lookup("F16").Type().(*types.Named)
	p.bf16Type = gpuPkg.Scope().Lookup("BF16").Type().(*types.Named)
	p.peerType = gpuPkg.Scope().Lookup("Peer").Type().(*types.Named)

	var newFuncs []*function
	add := func(d *ast.FuncDecl, kernel, isNew bool) {
		obj, _ := info.Defs[d.Name].(*types.Func)
		if obj == nil {
			return
		}
		fn := &function{prog: p, name: d.Name.Name, obj: obj, decl: d, kernel: kernel,
			noBounds: hasDirective(d.Doc, "gpu:nobounds"), written: map[*types.Var]bool{}, rmw: map[*types.Var]bool{}}
		p.funcs[obj] = fn
		if isNew {
			newFuncs = append(newFuncs, fn)
		}
	}
	for _, c := range retained {
		for _, d := range c.devices {
			add(d, false, false)
		}
	}
	for _, d := range cell.devices {
		add(d, false, true)
	}
	for _, d := range kernels {
		add(d, true, true)
	}
	var list ErrorList
	for _, fn := range p.funcs {
		errs := p.checkFunction(fn)
		for _, nf := range newFuncs {
			if nf == fn {
				list = append(list, errs...)
			}
		}
	}
	if len(list) > 0 {
		return nil, list.Sorted()
	}
	p.markWritten()
	p.markEffects()
	for _, fn := range newFuncs {
		list = append(list, p.checkOrder(fn)...)
	}
	if len(list) > 0 {
		return nil, list.Sorted()
	}

	var out []*Kernel
	for _, fn := range newFuncs {
		if !fn.kernel {
			continue
		}
		k := &Kernel{name: fn.name, prog: p, fn: fn, sig: p.signature(fn)}
		sk, err := compileCPU(p, fn)
		if err != nil {
			list = append(list, asErrorList(err)...)
			continue
		}
		k.cpu = sk
		out = append(out, k)
	}
	if len(list) > 0 {
		return nil, list.Sorted()
	}
	cell.kernels = nil
	l.cells = append(retained, cell)
	return out, nil
}

// definedNames returns the names the cell defines: kernels, device functions and
// constants.
func (c *cellDecls) definedNames() map[string]bool {
	defined := map[string]bool{}
	for _, d := range c.kernels {
		defined[d.Name.Name] = true
	}
	for _, d := range c.devices {
		defined[d.Name.Name] = true
	}
	for _, g := range c.consts {
		for _, n := range constNames(g) {
			defined[n] = true
		}
	}
	return defined
}

// retained returns the device functions and constants of earlier cells that no name in
// defined replaces, cell by cell.
func (l *Library) retained(defined map[string]bool) []*cellDecls {
	retained := make([]*cellDecls, 0, len(l.cells))
	for _, old := range l.cells {
		c := &cellDecls{name: old.name, imports: old.imports}
		for _, d := range old.devices {
			if !defined[d.Name.Name] {
				c.devices = append(c.devices, d)
			}
		}
		for _, g := range old.consts {
			keep := true
			for _, n := range constNames(g) {
				keep = keep && !defined[n]
			}
			if keep {
				c.consts = append(c.consts, g)
			}
		}
		retained = append(retained, c)
	}
	return retained
}

func asErrorList(err error) ErrorList {
	var list ErrorList
	var one *Error
	switch {
	case errors.As(err, &list):
		return list
	case errors.As(err, &one):
		return ErrorList{one}
	}
	return ErrorList{{File: "?", Msg: err.Error()}}
}

// parse parses src as the lines of a cell starting at line.
func (l *Library) parse(src, file string, line int) (*ast.File, error) {
	directive := fmt.Sprintf("//line %s:%d:1\n", file, line)
	prefix := "package cell\n" + directive
	if pf, err := parser.ParseFile(token.NewFileSet(), "", src, parser.PackageClauseOnly); err == nil && pf.Name != nil {
		prefix = directive
	}
	f, err := parser.ParseFile(l.fset, file, prefix+src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		var sl scanner.ErrorList
		if errors.As(err, &sl) {
			var list ErrorList
			for _, e := range sl {
				list = append(list, &Error{File: e.Pos.Filename, Line: e.Pos.Line, Col: e.Pos.Column, Msg: e.Msg})
			}
			return nil, list.Sorted()
		}
		return nil, fmt.Errorf("parsing kernel source: %w", err)
	}
	return f, nil
}

// collect picks the kernels, device functions, constants and imports out of a parsed cell.
func collect(f *ast.File) (*cellDecls, []*ast.FuncDecl) {
	cell := &cellDecls{name: f.Name}
	gpuName, hasGPU, hasMath := "gpu", false, false
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.IMPORT {
			continue
		}
		cell.imports = append(cell.imports, g)
		for _, s := range g.Specs {
			is := s.(*ast.ImportSpec)
			path, _ := strconv.Unquote(is.Path.Value)
			switch path {
			case GPUImportPath, "gpu":
				hasGPU = true
				if is.Name != nil {
					gpuName = is.Name.Name
				}
			case "math":
				hasMath = true
			}
		}
	}
	if !hasGPU {
		cell.imports = append(cell.imports, importDecl("gpu", GPUImportPath))
	}
	if !hasMath {
		cell.imports = append(cell.imports, importDecl("", "math"))
	}
	var kernels []*ast.FuncDecl
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.GenDecl:
			if d.Tok == token.CONST {
				cell.consts = append(cell.consts, d)
			}
		case *ast.FuncDecl:
			if d.Recv != nil {
				continue
			}
			switch {
			case hasDirective(d.Doc, "gpu:device"):
				cell.devices = append(cell.devices, d)
			case firstParamIsThread(d, gpuName):
				kernels = append(kernels, d)
			}
		}
	}
	return cell, kernels
}

func importDecl(name, path string) *ast.GenDecl {
	spec := &ast.ImportSpec{Path: &ast.BasicLit{Kind: token.STRING, Value: strconv.Quote(path)}}
	if name != "" {
		spec.Name = ast.NewIdent(name)
	}
	return &ast.GenDecl{Tok: token.IMPORT, Specs: []ast.Spec{spec}}
}

func firstParamIsThread(d *ast.FuncDecl, gpuName string) bool {
	if d.Type.Params == nil || len(d.Type.Params.List) == 0 {
		return false
	}
	switch t := d.Type.Params.List[0].Type.(type) {
	case *ast.SelectorExpr:
		x, ok := t.X.(*ast.Ident)
		return ok && x.Name == gpuName && t.Sel.Name == "Thread"
	case *ast.Ident:
		return gpuName == "." && t.Name == "Thread"
	}
	return false
}

// hasDirective reports whether a doc comment has the line //name.
func hasDirective(doc *ast.CommentGroup, name string) bool {
	if doc == nil {
		return false
	}
	for _, c := range doc.List {
		if strings.TrimSpace(strings.TrimPrefix(c.Text, "//")) == name && strings.HasPrefix(c.Text, "//"+name) {
			return true
		}
	}
	return false
}

func constNames(g *ast.GenDecl) []string {
	var names []string
	for _, s := range g.Specs {
		for _, n := range s.(*ast.ValueSpec).Names {
			names = append(names, n.Name)
		}
	}
	return names
}

func newInfo() *types.Info {
	return &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
		Instances:  map[*ast.Ident]types.Instance{},
	}
}

// typeCheck type-checks the cells' constants (and, with funcs, their functions) as one
// package and returns the errors, except unused imports.
func typeCheck(fset *token.FileSet, imp types.Importer, cells []*cellDecls, funcs bool, info *types.Info) []types.Error {
	var errs []types.Error
	conf := types.Config{
		Importer:  imp,
		GoVersion: "go1.26",
		Error: func(err error) {
			var te types.Error
			if errors.As(err, &te) {
				if strings.Contains(te.Msg, "imported and not used") || strings.Contains(te.Msg, "imported as") && strings.Contains(te.Msg, "not used") {
					return
				}
				errs = append(errs, te)
			}
		},
	}
	var files []*ast.File
	for _, c := range cells {
		f := c.file()
		if !funcs {
			f.Decls = f.Decls[:len(c.imports)+len(c.consts)]
		}
		files = append(files, f)
	}
	conf.Check("cell", fset, files, info)
	return errs
}

// dropFailing removes the declarations (constants, or device functions too) that contain
// an error's position, and reports whether it removed any.
func dropFailing(cells []*cellDecls, errs []types.Error, consts bool) bool {
	in := func(n ast.Node, pos token.Pos) bool { return pos >= n.Pos() && pos <= n.End() }
	dropped := false
	for _, c := range cells {
		keep := c.consts[:0:0]
		for _, g := range c.consts {
			bad := false
			for _, e := range errs {
				bad = bad || in(g, e.Pos)
			}
			if bad {
				dropped = true
			} else {
				keep = append(keep, g)
			}
		}
		c.consts = keep
		if consts {
			continue
		}
		keepF := c.devices[:0:0]
		for _, d := range c.devices {
			bad := false
			for _, e := range errs {
				bad = bad || in(d, e.Pos)
			}
			if bad {
				dropped = true
			} else {
				keepF = append(keepF, d)
			}
		}
		c.devices = keepF
	}
	return dropped
}

// typeErrors converts type-checker errors, with hints for what kernels can't see.
func (l *Library) typeErrors(errs []types.Error) error {
	var list ErrorList
	for _, e := range errs {
		pos := e.Fset.Position(e.Pos)
		msg := e.Msg
		if strings.Contains(msg, "does not satisfy gpu.Atomic") {
			msg = "gpu atomics work on int32, int64, int, uint32, uint64, uint, float32 and float64 elements " +
				"(AtomicAnd, AtomicOr and AtomicXor on the integers): " + msg
		}
		if strings.Contains(msg, "gpu.Load4") || strings.Contains(msg, "gpu.Store4") {
			msg = "gpu.Load4(x, i) and gpu.Store4(x, i, v) take a buffer x ([]T, gpu.Peer[T] or shared memory), " +
				"an int i and a [4]T v of x's element type: " + msg
		}
		if name, ok := strings.CutPrefix(msg, "undefined: "); ok {
			switch pkg, fn, sel := strings.Cut(name, "."); {
			case sel && pkg == "math":
				msg = fmt.Sprintf("math.%s is not available in kernels", fn)
			case sel && pkg == "gpu":
				msg = fmt.Sprintf("gpu.%s is not available in kernels", fn)
			case sel:
				msg = fmt.Sprintf("%s can't be used in a kernel (kernels call //gpu:device functions, math and gpu functions)", name)
			default:
				msg = fmt.Sprintf("undefined: %s (a kernel sees its parameters, locals, constants and //gpu:device functions; pass session values as parameters)", name)
			}
		}
		list = append(list, &Error{File: pos.Filename, Line: pos.Line, Col: pos.Column, Msg: msg})
	}
	return list.Sorted()
}

// signature is the launch signature of a kernel.
func (p *program) signature(fn *function) backend.Signature {
	sig := backend.Signature{Name: fn.name}
	for _, v := range fn.params {
		prm := backend.Param{Name: v.Name()}
		if elem := sliceElem(v.Type()); elem != nil {
			prm.Kind = backend.ParamBuffer
			if p.isPeer(v.Type()) {
				prm.Kind = backend.ParamPeer
			}
			prm.DType = p.elemDType(elem)
			prm.Const = !fn.written[v]
		} else {
			prm.Kind = backend.ParamScalar
			prm.DType = p.elemDType(v.Type())
		}
		sig.Params = append(sig.Params, prm)
	}
	return sig
}

// markWritten works out which buffer parameters each function writes, through calls.
func (p *program) markWritten() {
	for _, fn := range p.funcs {
		ast.Inspect(fn.decl.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for _, l := range n.Lhs {
					p.markIndexBase(fn, l)
				}
			case *ast.IncDecStmt:
				p.markIndexBase(fn, n.X)
			case *ast.CallExpr:
				ci := p.classify(n)
				if ci.kind == callGPU && atomicOps[ci.name] {
					if buf, _ := atomicTarget(n.Args[0]); buf != nil {
						if v := p.varOf(buf); v != nil {
							fn.written[v] = true
							if rmwOps[ci.name] {
								fn.rmw[v] = true
							}
						}
					}
				}
				if ci.kind == callGPU && ci.name == "Store4" {
					if v := p.varOf(n.Args[0]); v != nil && sliceElem(v.Type()) != nil {
						fn.written[v] = true
					}
				}
			}
			return true
		})
	}
	for changed := true; changed; {
		changed = false
		for _, fn := range p.funcs {
			ast.Inspect(fn.decl.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				ci := p.classify(call)
				if ci.kind != callDevice {
					return true
				}
				for i, a := range call.Args {
					arg := p.varOf(a)
					if arg == nil || sliceElem(arg.Type()) == nil || i >= len(ci.fn.allParams()) {
						continue
					}
					if ci.fn.written[ci.fn.allParams()[i]] && !fn.written[arg] {
						fn.written[arg] = true
						changed = true
					}
					if ci.fn.rmw[ci.fn.allParams()[i]] && !fn.rmw[arg] {
						fn.rmw[arg] = true
						changed = true
					}
				}
				return true
			})
		}
	}
}

func (p *program) markIndexBase(fn *function, e ast.Expr) {
	if ix, ok := ast.Unparen(e).(*ast.IndexExpr); ok {
		if v := p.varOf(ix.X); v != nil && sliceElem(v.Type()) != nil {
			fn.written[v] = true
		}
	}
}

// allParams returns the parameters including the gpu.Thread, in call order.
func (f *function) allParams() []*types.Var {
	if f.thread == nil {
		return f.params
	}
	return append([]*types.Var{f.thread}, f.params...)
}
