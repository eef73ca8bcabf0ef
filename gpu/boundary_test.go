package gpu

import (
	"errors"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/display"
	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/gokernel"
	"github.com/peerbook/peerbook/internal/gpuctl"
)

// parseGPUSources parses package gpu's non-test files, with comments.
func parseGPUSources(t *testing.T) (*token.FileSet, []*ast.File) {
	t.Helper()
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		t.Fatal("no source files")
	}
	return fset, files
}

// internalImports maps the names a file imports packages of gpu/internal under to their
// paths below gpu/internal ("sim", "backend").
func internalImports(f *ast.File) map[string]string {
	const prefix = "github.com/peerbook/peerbook/gpu/internal/"
	names := map[string]string{}
	for _, is := range f.Imports {
		p, _ := strconv.Unquote(is.Path.Value)
		rest, ok := strings.CutPrefix(p, prefix)
		if !ok {
			continue
		}
		name := rest[strings.LastIndex(rest, "/")+1:]
		if is.Name != nil {
			name = is.Name.Name
		}
		names[name] = rest
	}
	return names
}

// TestGPUNeverAssertsABackendsType: package gpu asks a backend for what it can do through
// the capability interfaces of package backend (the `var _ I = (*T)(nil)` guards of each
// backend keep them implemented), never by a type assertion or a type switch on a backend
// package's own types: a new backend gets every feature by implementing the interfaces.
func TestGPUNeverAssertsABackendsType(t *testing.T) {
	fset, files := parseGPUSources(t)
	asserted := 0
	for _, f := range files {
		imports := internalImports(f)
		check := func(typ ast.Expr) {
			asserted++
			ast.Inspect(typ, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if x, ok := sel.X.(*ast.Ident); ok {
					if pkg, ok := imports[x.Name]; ok && pkg != "backend" {
						t.Errorf("%s: a type assertion on %s.%s (gpu/internal/%s): ask for a capability interface of package backend instead",
							fset.Position(sel.Pos()), x.Name, sel.Sel.Name, pkg)
					}
				}
				return false
			})
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.TypeAssertExpr:
				if n.Type != nil {
					check(n.Type)
				}
			case *ast.TypeSwitchStmt:
				for _, c := range n.Body.List {
					for _, typ := range c.(*ast.CaseClause).List {
						check(typ)
					}
				}
			}
			return true
		})
	}
	if asserted == 0 {
		t.Fatal("no type assertion found at all: the walk is broken")
	}
}

// TestSimulatorIsModelled: the simulated devices report their model through
// backend.Modelled, which the measurements and the ranks' machine comparison read.
func TestSimulatorIsModelled(t *testing.T) {
	use(t, "sim:pcie4")
	m, err := current()
	if err != nil {
		t.Fatal(err)
	}
	if got := m.kind(); got != "simulated pcie4" {
		t.Errorf("kind = %q, want simulated pcie4", got)
	}
	d0, d3 := Dev(0), Dev(3)
	l, ok := m.linkModel(d0, d3)
	if !ok || l.Kind != "SYS" || l.LatencyUS <= 0 {
		t.Errorf("linkModel(GPU0, GPU3) = %+v, %v; want the preset's SYS link", l, ok)
	}
	if h, ok := m.linkModel(Host(), d0); !ok || h.BandwidthGBps <= 0 {
		t.Errorf("linkModel(host, GPU0) = %+v, %v; want the preset's host link", h, ok)
	}
	if src := m.modelSource(); !strings.Contains(src, "sim:pcie4") {
		t.Errorf("modelSource = %q, want it to name sim:pcie4", src)
	}
}

// TestGPURegistersItsPlumbing: what the evaluator drives gpu with reaches gpu through
// internal/gpuctl (gpu exports none of it).
func TestGPURegistersItsPlumbing(t *testing.T) {
	if !gpuctl.Registered() {
		t.Fatal("package gpu did not register with internal/gpuctl")
	}
	done := make(chan struct{})
	gpuctl.SetInterrupt(done)
	state.mu.Lock()
	got := state.interrupt
	state.mu.Unlock()
	gpuctl.SetInterrupt(nil)
	if got != done {
		t.Error("gpuctl.SetInterrupt did not reach the devices' state")
	}
	t.Cleanup(func() { setWorld(nil) })
	gpuctl.SetWorld(fixedWorld{rank: 1, size: 3})
	if Rank() != 1 || Ranks() != 3 {
		t.Errorf("after gpuctl.SetWorld: Rank %d Ranks %d, want 1 3", Rank(), Ranks())
	}
	if err := gpuctl.Poisoned(); err != nil {
		t.Errorf("gpuctl.Poisoned = %v on simulated devices", err)
	}
}

// exportedGPU returns package gpu as its importers see it: its export data, which
// `go list -export` builds, read by go/types.
func exportedGPU(t *testing.T) *types.Package {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command to build the export data: %v", err)
	}
	out, err := exec.Command(goTool, "list", "-export", "-deps", "-f", "{{.ImportPath}}\t{{.Export}}", ".").Output()
	if err != nil {
		t.Fatalf("go list -export: %v", err)
	}
	exports := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if path, file, ok := strings.Cut(line, "\t"); ok && file != "" {
			exports[path] = file
		}
	}
	imp := importer.ForCompiler(token.NewFileSet(), "gc", func(path string) (io.ReadCloser, error) {
		file, ok := exports[path]
		if !ok {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(file)
	})
	pkg, err := imp.Import("github.com/peerbook/peerbook/gpu")
	if err != nil {
		t.Fatalf("import gpu's export data: %v", err)
	}
	return pkg
}

// isInternal reports whether the package at path is an internal one.
func isInternal(path string) bool {
	return strings.Contains(path, "/internal/") || strings.HasSuffix(path, "/internal")
}

// TestAPIHasNoInternalTypes: every exported type of package gpu is declared in gpu (no alias
// of another package's type: go doc shows its fields and methods), and nothing exported
// (functions, methods, fields, variables, constants) is of an internal package's type,
// which cells could hold but neither name nor read the documentation of.
func TestAPIHasNoInternalTypes(t *testing.T) {
	pkg := exportedGPU(t)
	scope := pkg.Scope()
	checked := 0
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if !obj.Exported() {
			continue
		}
		checked++
		what := "gpu." + name
		if tn, ok := obj.(*types.TypeName); ok && tn.IsAlias() {
			t.Errorf("%s is an alias of %s: declare a type of package gpu, with its fields documented", what, types.TypeString(types.Unalias(tn.Type()), nil))
			continue
		}
		switch obj := obj.(type) {
		case *types.TypeName:
			named, ok := obj.Type().(*types.Named)
			if !ok {
				continue
			}
			if st, ok := named.Underlying().(*types.Struct); ok {
				for i := 0; i < st.NumFields(); i++ {
					if f := st.Field(i); f.Exported() {
						checkAPIType(t, what+"."+f.Name(), f.Type())
					}
				}
			}
			if it, ok := named.Underlying().(*types.Interface); ok {
				for i := 0; i < it.NumMethods(); i++ {
					if m := it.Method(i); m.Exported() {
						checkAPIType(t, what+"."+m.Name(), m.Type())
					}
				}
			}
			for _, recv := range []types.Type{named, types.NewPointer(named)} {
				ms := types.NewMethodSet(recv)
				for i := 0; i < ms.Len(); i++ {
					if m := ms.At(i).Obj(); m.Exported() {
						checkAPIType(t, what+"."+m.Name(), m.Type())
					}
				}
			}
		default:
			checkAPIType(t, what, obj.Type())
		}
	}
	if checked < 50 {
		t.Fatalf("only %d exported names in gpu's export data", checked)
	}
}

// checkAPIType fails where typ, the type of the API element what, is or holds a named type
// of an internal package (another package's named types are checked no deeper: their
// own package documents them).
func checkAPIType(t *testing.T, what string, typ types.Type) {
	t.Helper()
	seen := map[types.Type]bool{}
	var walk func(types.Type)
	walk = func(typ types.Type) {
		if seen[typ] {
			return
		}
		seen[typ] = true
		switch typ := typ.(type) {
		case *types.Alias:
			if p := typ.Obj().Pkg(); p != nil && isInternal(p.Path()) {
				t.Errorf("%s has the internal type %s", what, typ)
				return
			}
			walk(types.Unalias(typ))
		case *types.Named:
			if p := typ.Obj().Pkg(); p != nil && isInternal(p.Path()) {
				t.Errorf("%s has the internal type %s", what, typ)
			}
			if args := typ.TypeArgs(); args != nil {
				for i := 0; i < args.Len(); i++ {
					walk(args.At(i))
				}
			}
		case *types.Pointer:
			walk(typ.Elem())
		case *types.Slice:
			walk(typ.Elem())
		case *types.Array:
			walk(typ.Elem())
		case *types.Map:
			walk(typ.Key())
			walk(typ.Elem())
		case *types.Chan:
			walk(typ.Elem())
		case *types.Signature:
			walk(typ.Params())
			walk(typ.Results())
		case *types.Tuple:
			for i := 0; i < typ.Len(); i++ {
				walk(typ.At(i).Type())
			}
		case *types.Struct:
			for i := 0; i < typ.NumFields(); i++ {
				walk(typ.Field(i).Type())
			}
		case *types.Interface:
			for i := 0; i < typ.NumMethods(); i++ {
				walk(typ.Method(i).Type())
			}
		}
	}
	walk(typ)
}

// TestGoDocShowsTheAPITypes: `go doc` of the API's plain types shows their fields (or
// constants) and methods, as the package's own declarations.
func TestGoDocShowsTheAPITypes(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command: %v", err)
	}
	for typ, want := range map[string][]string{
		"Caps":          {"type Caps struct {", "HostNativeAtomics bool", "ConcurrentManagedAccess bool", "HostLink HostLinkKind"},
		"HostLinkKind":  {"type HostLinkKind string", `HostLinkC2C  HostLinkKind = "NVLink-C2C"`},
		"DType":         {"type DType uint8", "Float32", "BFloat16", "func (d DType) Size() int", "func (d DType) String() string"},
		"Dim3":          {"type Dim3 struct{ X, Y, Z int }"},
		"DeviceInfo":    {"type DeviceInfo struct {", "ComputeCapability  [2]int", "PCIBusID           string", "Caps               Caps"},
		"Link":          {"type Link struct {", "Kind          LinkKind", "P2PAccess     bool", "func (l Link) Label() string"},
		"LinkKind":      {"type LinkKind string", `LinkNV   LinkKind = "NV"`},
		"Signature":     {"type Signature struct {", "Params []Param"},
		"Param":         {"type Param struct {", "Kind  ParamKind", "DType DType"},
		"ParamKind":     {"type ParamKind uint8", "ParamPeer"},
		"PanicError":    {"type PanicError struct {", "Block  [3]int", "Msg    string", "func (e *PanicError) Error() string"},
		"Stats":         {"type Stats struct {", "Count    int64", "Min, Max float64", "func (s Stats) Finite() int64"},
		"ArgumentError": {"Param   Param"},
	} {
		out, err := exec.Command(goTool, "doc", "-all", ".", typ).CombinedOutput()
		if err != nil {
			t.Errorf("go doc gpu.%s: %v\n%s", typ, err, out)
			continue
		}
		for _, w := range want {
			if !strings.Contains(string(out), w) {
				t.Errorf("go doc gpu.%s does not show %q:\n%s", typ, w, out)
			}
		}
		if strings.Contains(string(out), "= backend.") || strings.Contains(string(out), "gokernel.") {
			t.Errorf("go doc gpu.%s names an internal package:\n%s", typ, out)
		}
	}
}

// fill sets every field of v (a struct, recursively) to a value distinct from the zero
// value and from the other fields' where its type allows.
func fill(v reflect.Value, seed *int) {
	*seed++
	switch v.Kind() {
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			fill(v.Field(i), seed)
		}
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			fill(v.Index(i), seed)
		}
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		fill(v.Index(0), seed)
		fill(v.Index(1), seed)
	case reflect.String:
		v.SetString(fmt.Sprintf("s%d", *seed))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(*seed % 3)) // DType and ParamKind values must stay valid: 1, 2
		if v.Int() == 0 {
			v.SetInt(1)
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(*seed%3) + 1)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(float64(*seed) + 0.5)
	}
}

// sameFields fails unless a and b have the same fields, by name, holding the same values
// (as fmt prints them), recursively.
func sameFields(t *testing.T, what string, a, b reflect.Value) {
	t.Helper()
	if a.Kind() != b.Kind() {
		t.Errorf("%s: %s against %s", what, a.Type(), b.Type())
		return
	}
	switch a.Kind() {
	case reflect.Struct:
		if a.NumField() != b.NumField() {
			t.Errorf("%s: %s has %d fields, %s %d", what, a.Type(), a.NumField(), b.Type(), b.NumField())
		}
		for i := 0; i < a.NumField(); i++ {
			name := a.Type().Field(i).Name
			bf := b.FieldByName(name)
			if !bf.IsValid() {
				t.Errorf("%s: %s has no field %s", what, b.Type(), name)
				continue
			}
			sameFields(t, what+"."+name, a.Field(i), bf)
		}
	case reflect.Slice, reflect.Array:
		if a.Len() != b.Len() {
			t.Errorf("%s: %d elements against %d", what, a.Len(), b.Len())
			return
		}
		for i := 0; i < a.Len(); i++ {
			sameFields(t, fmt.Sprintf("%s[%d]", what, i), a.Index(i), b.Index(i))
		}
	default:
		if fmt.Sprint(a.Interface()) != fmt.Sprint(b.Interface()) {
			t.Errorf("%s: %v against %v", what, a.Interface(), b.Interface())
		}
	}
}

// TestBoundaryConvertsEveryField: each conversion between an API type and a backend's
// carries every field, both ways where both are used; a field added on one side only
// fails here.
func TestBoundaryConvertsEveryField(t *testing.T) {
	seed := 0
	var info backend.DeviceInfo
	fill(reflect.ValueOf(&info).Elem(), &seed)
	sameFields(t, "deviceInfoOf", reflect.ValueOf(info), reflect.ValueOf(deviceInfoOf(info)))
	var caps backend.DeviceCaps
	fill(reflect.ValueOf(&caps).Elem(), &seed)
	sameFields(t, "capsOf", reflect.ValueOf(caps), reflect.ValueOf(capsOf(caps)))
	var link backend.Link
	fill(reflect.ValueOf(&link).Elem(), &seed)
	sameFields(t, "linkOf", reflect.ValueOf(link), reflect.ValueOf(linkOf(link)))
	sameFields(t, "Link.backend", reflect.ValueOf(link), reflect.ValueOf(linkOf(link).backend()))
	sameFields(t, "linksOf", reflect.ValueOf([][]backend.Link{{link, link}}), reflect.ValueOf(linksOf([][]backend.Link{{link, link}})))
	var sig backend.Signature
	fill(reflect.ValueOf(&sig).Elem(), &seed)
	sameFields(t, "signatureOf", reflect.ValueOf(sig), reflect.ValueOf(signatureOf(sig)))
	sameFields(t, "Signature.backend", reflect.ValueOf(sig), reflect.ValueOf(signatureOf(sig).backend()))
	var pe gokernel.PanicError
	fill(reflect.ValueOf(&pe).Elem(), &seed)
	sameFields(t, "PanicError", reflect.ValueOf(pe), reflect.ValueOf(*backendError(&pe).(*PanicError)))
	var st display.Stats
	fill(reflect.ValueOf(&st).Elem(), &seed)
	sameFields(t, "statsOf", reflect.ValueOf(st), reflect.ValueOf(statsOf(st)))
}

// TestAPIConstantsAgreeWithTheBackends: the API's element types, parameter kinds, link kinds
// and host link kinds are the backends' values, under the same names.
func TestAPIConstantsAgreeWithTheBackends(t *testing.T) {
	for d := Invalid; d <= Float64+1; d++ {
		b := backend.DType(d)
		if d.String() != b.String() || d.Size() != b.Size() || d.IsFloat() != b.IsFloat() || d.IsSigned() != b.IsSigned() {
			t.Errorf("DType %d: %s/%d/%v/%v, the backends' %s/%d/%v/%v", d, d, d.Size(), d.IsFloat(), d.IsSigned(), b, b.Size(), b.IsFloat(), b.IsSigned())
		}
	}
	for name, pair := range map[string][2]DType{"float32": {Float32, 0}, "bfloat16": {BFloat16, 0}, "int8": {Int8, 0}, "uint64": {Uint64, 0}} {
		if want, err := backend.ParseDType(name); err != nil || dtypeOf(want) != pair[0] {
			t.Errorf("gpu's %s is %d, the backends' %d (%v)", name, pair[0], want, err)
		}
	}
	if ParamScalar != ParamKind(backend.ParamScalar) || ParamBuffer != ParamKind(backend.ParamBuffer) || ParamPeer != ParamKind(backend.ParamPeer) {
		t.Error("the parameter kinds differ from the backends'")
	}
	for _, k := range [][2]string{{string(LinkSelf), string(backend.LinkSelf)}, {string(LinkNV), string(backend.LinkNV)},
		{string(LinkPIX), string(backend.LinkPIX)}, {string(LinkPXB), string(backend.LinkPXB)}, {string(LinkPHB), string(backend.LinkPHB)},
		{string(LinkNODE), string(backend.LinkNODE)}, {string(LinkSYS), string(backend.LinkSYS)}, {string(LinkNET), string(backend.LinkNET)},
		{string(HostLinkPCIe), string(backend.HostLinkPCIe)}, {string(HostLinkC2C), string(backend.HostLinkC2C)}} {
		if k[0] != k[1] {
			t.Errorf("link kind %q, the backends' %q", k[0], k[1])
		}
	}
}

// TestKernelPanicsAreTheAPIType: a Go kernel thread's failure is found by errors.As as a
// *gpu.PanicError, wherever the backend's error wraps it, with the text unchanged and what
// else the chain wraps still found.
func TestKernelPanicsAreTheAPIType(t *testing.T) {
	inner := &gokernel.PanicError{Kernel: "k", Block: [3]int{1, 2, 3}, Thread: [3]int{4, 5, 6}, Pos: "cell[1]:2:3", Msg: "index out of range [9] with length 9"}
	chain := fmt.Errorf("stream of device 1: %w (%w)", inner, backend.ErrInterrupted)
	err := backendError(chain)
	var pe *PanicError
	if !errors.As(err, &pe) || *pe != PanicError(*inner) {
		t.Fatalf("errors.As found %v in %v", pe, err)
	}
	if err.Error() != chain.Error() {
		t.Errorf("text %q, want %q", err, chain)
	}
	if !errors.Is(err, backend.ErrInterrupted) {
		t.Error("the chain's other error is lost")
	}
	if pe.Error() != inner.Error() {
		t.Errorf("PanicError text %q, want %q", pe, inner)
	}
	plain := errors.New("plain")
	if backendError(plain) != plain || backendError(nil) != nil {
		t.Error("an error without a kernel failure changed")
	}

	// Through a launch on a stream, reported by Synchronize.
	use(t, "sim:1")
	k := defineGo(t, `
func overrun(t gpu.Thread, x []int32) {
	x[t.GlobalX()] = 1
}`)["overrun"]
	x := must(Dev(0).Alloc(Int32, 3))
	s := must(Dev(0).NewStream())
	if err := k.Launch(Dev(0), 1, 4, x, OnStream(s)); err != nil {
		t.Fatal(err)
	}
	err = s.Synchronize()
	pe = nil
	if !errors.As(err, &pe) || pe.Kernel != "overrun" || pe.Thread != [3]int{3, 0, 0} {
		t.Errorf("Synchronize: errors.As found %+v in %v", pe, err)
	}
}

// TestTopologyIsTheCallersCopy: a cell that changes the Topo it got (claiming native
// atomics over a PHB link) changes neither the next Topology nor the checks made from the
// links: the launch is still refused.
func TestTopologyIsTheCallersCopy(t *testing.T) {
	use(t, "sim:pcie4")
	topo := Topology()
	if topo.Err != nil || topo.Links[2][0].Kind != LinkPHB || topo.Links[2][0].NativeAtomics {
		t.Fatalf("pcie4's GPU2-GPU0 link: %+v (%v)", topo.Link(2, 0), topo.Err)
	}
	for i := range topo.Links {
		for j := range topo.Links[i] {
			topo.Links[i][j].NativeAtomics, topo.Links[i][j].P2PAccess = true, true
		}
	}
	topo.Devices[0].Name = "changed"
	if again := Topology(); again.Links[2][0].NativeAtomics || again.Devices[0].Name == "changed" {
		t.Errorf("a change to one Topo shows in the next: %+v, %q", again.Links[2][0], again.Devices[0].Name)
	}
	if l := must(Dev(2).PairCaps(Dev(0))); l.NativeAtomics {
		t.Errorf("PairCaps after the change: %+v", l)
	}
	bump := defineGo(t, linkAtomicsSrc)["bumpPeer"]
	c := must(Dev(0).AllocShared(Uint32, 2))
	flag := must(Dev(0).AllocShared(Uint32, 2))
	if err := bump.Launch(Dev(2), 1, 1, c, flag); !errors.Is(err, ErrCapability) {
		t.Errorf("an atomic over PHB after the change: %v, want a refusal", err)
	}
}
