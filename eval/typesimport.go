package eval

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"reflect"
	"sort"
	"strings"

	"github.com/traefik/yaegi/stdlib/generic"
)

// symbolImporter is a go/types importer over what an interpreter knows: packages of
// compiled code (yaegi symbol tables of reflect values) are converted from their reflect
// types; the generic packages yaegi compiles from source (slices, maps, cmp) are
// type-checked from that source. The session uses it to learn the types of what a cell
// defines (see typecheck.go). Packages are converted once and cached.
type symbolImporter struct {
	symbols func(path string) map[string]reflect.Value // nil when yaegi has no such package
	sources map[string][]string                        // Go source files by import path

	fset    *token.FileSet
	pkgs    map[string]*types.Package
	failed  map[string]error // paths that could not be imported
	named   map[reflect.Type]*types.Named
	loading map[string]bool
}

// newSymbolImporter returns an importer over the symbol tables that symbols gives.
func newSymbolImporter(symbols func(path string) map[string]reflect.Value) *symbolImporter {
	im := &symbolImporter{
		symbols: symbols,
		sources: map[string][]string{},
		fset:    token.NewFileSet(),
		pkgs:    map[string]*types.Package{},
		failed:  map[string]error{},
		named:   map[reflect.Type]*types.Named{},
		loading: map[string]bool{},
	}
	for _, src := range generic.Sources {
		f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.PackageClauseOnly)
		if err == nil {
			im.sources[f.Name.Name] = append(im.sources[f.Name.Name], src)
		}
	}
	return im
}

// Import implements types.Importer.
func (im *symbolImporter) Import(path string) (*types.Package, error) {
	if path == "unsafe" {
		return types.Unsafe, nil
	}
	if p, ok := im.pkgs[path]; ok && p.Complete() {
		return p, nil
	}
	if err, ok := im.failed[path]; ok {
		return nil, err
	}
	if im.loading[path] {
		return nil, fmt.Errorf("import cycle through %q", path)
	}
	im.loading[path] = true
	defer delete(im.loading, path)
	if srcs, ok := im.sources[path]; ok {
		p, err := im.fromSource(path, srcs)
		if err != nil {
			im.failed[path] = err
		}
		return p, err
	}
	syms := im.symbols(path)
	if syms == nil {
		im.failed[path] = fmt.Errorf("package %q is not known to the interpreter", path)
		return nil, im.failed[path]
	}
	p := im.pkg(path)
	names := make([]string, 0, len(syms))
	for name := range syms {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if !token.IsExported(name) || p.Scope().Lookup(name) != nil {
			continue
		}
		if obj := im.object(p, name, syms[name]); obj != nil {
			p.Scope().Insert(obj)
		}
	}
	p.MarkComplete()
	return p, nil
}

// fromSource type-checks a package given as source files.
func (im *symbolImporter) fromSource(path string, srcs []string) (*types.Package, error) {
	files := make([]*ast.File, 0, len(srcs))
	for i, src := range srcs {
		f, err := parser.ParseFile(im.fset, fmt.Sprintf("%s/%d.go", path, i), src, 0)
		if err != nil {
			return nil, fmt.Errorf("parse the source of %s: %w", path, err)
		}
		files = append(files, f)
	}
	conf := types.Config{Importer: im, Error: func(error) {}}
	p, _ := conf.Check(path, im.fset, files, nil)
	if p == nil {
		return nil, fmt.Errorf("type-check the source of %s: failed", path)
	}
	p.MarkComplete()
	im.pkgs[path] = p
	return p, nil
}

// pkg returns the package object of path, created (empty) on first use.
func (im *symbolImporter) pkg(path string) *types.Package {
	if p, ok := im.pkgs[path]; ok {
		return p
	}
	name := path[strings.LastIndex(path, "/")+1:]
	if len(name) > 1 && name[0] == 'v' && strings.Trim(name[1:], "0123456789") == "" && strings.Contains(path, "/") {
		// A major version suffix (example.com/x/v2): the package is named by the element before.
		rest := path[:strings.LastIndex(path, "/")]
		name = rest[strings.LastIndex(rest, "/")+1:]
	}
	name = strings.Map(func(r rune) rune {
		if r == '-' || r == '.' {
			return '_'
		}
		return r
	}, name)
	p := types.NewPackage(path, name)
	im.pkgs[path] = p
	return p
}

// object converts one exported symbol of a compiled package. yaegi's tables hold a type as
// a nil pointer to it, a variable as an addressable value, an untyped constant as a
// constant.Value, a typed constant or a function as a plain value.
func (im *symbolImporter) object(p *types.Package, name string, v reflect.Value) types.Object {
	if !v.IsValid() {
		return nil
	}
	if v.Type().Implements(constantValueType) && !(v.Kind() == reflect.Pointer && v.IsNil()) {
		if c, ok := v.Interface().(constant.Value); ok && c != nil {
			return types.NewConst(token.NoPos, p, name, untypedType(c), c)
		}
	}
	switch {
	case v.Kind() == reflect.Pointer && v.IsNil() && !v.CanAddr():
		t := im.typeOf(v.Type().Elem())
		if n, ok := t.(*types.Named); ok && n.Obj().Pkg() == p && n.Obj().Name() == name {
			return n.Obj()
		}
		return types.NewTypeName(token.NoPos, p, name, t) // an alias
	case v.CanAddr():
		return types.NewVar(token.NoPos, p, name, im.typeOf(v.Type()))
	case v.Kind() == reflect.Func:
		if sig, ok := im.typeOf(v.Type()).(*types.Signature); ok {
			return types.NewFunc(token.NoPos, p, name, sig)
		}
		return nil
	}
	if c := constantOf(v); c != nil {
		return types.NewConst(token.NoPos, p, name, im.typeOf(v.Type()), c)
	}
	return types.NewVar(token.NoPos, p, name, im.typeOf(v.Type()))
}

var constantValueType = reflect.TypeFor[constant.Value]()

// untypedType is the untyped type of a constant's kind.
func untypedType(c constant.Value) types.Type {
	switch c.Kind() {
	case constant.Bool:
		return types.Typ[types.UntypedBool]
	case constant.String:
		return types.Typ[types.UntypedString]
	case constant.Float:
		return types.Typ[types.UntypedFloat]
	case constant.Complex:
		return types.Typ[types.UntypedComplex]
	}
	return types.Typ[types.UntypedInt]
}

// constantOf returns the value of a typed constant of a basic kind, or nil.
func constantOf(v reflect.Value) constant.Value {
	switch v.Kind() {
	case reflect.Bool:
		return constant.MakeBool(v.Bool())
	case reflect.String:
		return constant.MakeString(v.String())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return constant.MakeInt64(v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return constant.MakeUint64(v.Uint())
	case reflect.Float32, reflect.Float64:
		return constant.MakeFloat64(v.Float())
	case reflect.Complex64, reflect.Complex128:
		c := v.Complex()
		return constant.BinaryOp(constant.MakeFloat64(real(c)), token.ADD, constant.MakeImag(constant.MakeFloat64(imag(c))))
	}
	return nil
}

// basicTypes maps the kinds of Go's predeclared types.
var basicTypes = map[reflect.Kind]types.BasicKind{
	reflect.Bool: types.Bool, reflect.String: types.String, reflect.UnsafePointer: types.UnsafePointer,
	reflect.Int: types.Int, reflect.Int8: types.Int8, reflect.Int16: types.Int16, reflect.Int32: types.Int32, reflect.Int64: types.Int64,
	reflect.Uint: types.Uint, reflect.Uint8: types.Uint8, reflect.Uint16: types.Uint16, reflect.Uint32: types.Uint32,
	reflect.Uint64: types.Uint64, reflect.Uintptr: types.Uintptr,
	reflect.Float32: types.Float32, reflect.Float64: types.Float64,
	reflect.Complex64: types.Complex64, reflect.Complex128: types.Complex128,
}

var errorType = reflect.TypeFor[error]()

// typeOf converts a reflect type.
func (im *symbolImporter) typeOf(t reflect.Type) types.Type {
	switch {
	case t == errorType:
		return types.Universe.Lookup("error").Type()
	case t.Name() != "" && t.PkgPath() != "":
		return im.namedOf(t)
	}
	return im.literal(t)
}

// literal converts the type literal t is, or that underlies it.
func (im *symbolImporter) literal(t reflect.Type) types.Type {
	if k, ok := basicTypes[t.Kind()]; ok {
		return types.Typ[k]
	}
	switch t.Kind() {
	case reflect.Pointer:
		return types.NewPointer(im.typeOf(t.Elem()))
	case reflect.Slice:
		return types.NewSlice(im.typeOf(t.Elem()))
	case reflect.Array:
		return types.NewArray(im.typeOf(t.Elem()), int64(t.Len()))
	case reflect.Map:
		return types.NewMap(im.typeOf(t.Key()), im.typeOf(t.Elem()))
	case reflect.Chan:
		dir := types.SendRecv
		if t.ChanDir() == reflect.SendDir {
			dir = types.SendOnly
		} else if t.ChanDir() == reflect.RecvDir {
			dir = types.RecvOnly
		}
		return types.NewChan(dir, im.typeOf(t.Elem()))
	case reflect.Func:
		return im.signature(t, nil, 0)
	case reflect.Struct:
		fields := make([]*types.Var, t.NumField())
		tags := make([]string, t.NumField())
		for i := range fields {
			f := t.Field(i)
			var fp *types.Package
			if f.PkgPath != "" {
				fp = im.pkg(f.PkgPath)
			}
			fields[i] = types.NewField(token.NoPos, fp, f.Name, im.typeOf(f.Type), f.Anonymous)
			tags[i] = string(f.Tag)
		}
		return types.NewStruct(fields, tags)
	case reflect.Interface:
		methods := make([]*types.Func, t.NumMethod())
		for i := range methods {
			m := t.Method(i)
			var mp *types.Package
			if m.PkgPath != "" {
				mp = im.pkg(m.PkgPath)
			}
			methods[i] = types.NewFunc(token.NoPos, mp, m.Name, im.signature(m.Type, nil, 0))
		}
		return types.NewInterfaceType(methods, nil).Complete()
	}
	return types.Typ[types.Invalid]
}

// signature converts a function type; skip leaves out leading parameters (a receiver).
func (im *symbolImporter) signature(t reflect.Type, recv *types.Var, skip int) *types.Signature {
	var in, out []*types.Var
	for i := skip; i < t.NumIn(); i++ {
		in = append(in, types.NewParam(token.NoPos, nil, "", im.typeOf(t.In(i))))
	}
	for i := 0; i < t.NumOut(); i++ {
		out = append(out, types.NewParam(token.NoPos, nil, "", im.typeOf(t.Out(i))))
	}
	return types.NewSignatureType(recv, nil, nil, types.NewTuple(in...), types.NewTuple(out...), t.IsVariadic())
}

// namedOf converts a named type of a compiled package, with its methods.
func (im *symbolImporter) namedOf(t reflect.Type) types.Type {
	if n, ok := im.named[t]; ok {
		return n
	}
	p := im.pkg(t.PkgPath())
	n := types.NewNamed(types.NewTypeName(token.NoPos, p, t.Name(), nil), nil, nil)
	im.named[t] = n // before the underlying type, which may refer to n
	n.SetUnderlying(im.literal(t).Underlying())
	if t.Kind() == reflect.Interface {
		return n
	}
	onValue := map[string]bool{}
	for i := 0; i < t.NumMethod(); i++ {
		m := t.Method(i)
		onValue[m.Name] = true
		n.AddMethod(types.NewFunc(token.NoPos, p, m.Name, im.signature(m.Type, types.NewVar(token.NoPos, p, "", n), 1)))
	}
	pt := reflect.PointerTo(t)
	for i := 0; i < pt.NumMethod(); i++ {
		if m := pt.Method(i); !onValue[m.Name] {
			recv := types.NewVar(token.NoPos, p, "", types.NewPointer(n))
			n.AddMethod(types.NewFunc(token.NoPos, p, m.Name, im.signature(m.Type, recv, 1)))
		}
	}
	return n
}
