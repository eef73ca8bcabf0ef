package rewrite

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
)

// Importer gives go/types the packages a yaegi interpreter knows: binary packages
// (compiled code exported to yaegi as reflect values) are converted from their
// reflect types, source packages (the generic parts of slices, maps, cmp and iter)
// are type-checked from their source.
type Importer struct {
	// binary returns the symbols of a binary package, nil when there is none.
	binary func(path string) map[string]reflect.Value
	// sources holds Go source files of packages yaegi compiles from source, by path.
	sources map[string][]string

	pkgs  map[string]*types.Package
	named map[reflect.Type]*types.Named
	fset  *token.FileSet
	busy  map[string]bool
	// sealed: the interface types of a compiled package with unexported methods
	// (ast.Expr's exprNode), by package path (see unexportedMethods).
	sealed map[string][]reflect.Type
}

// NewImporter returns an Importer over binary (the symbols of a compiled package, nil when
// there is none) and sources (Go source files of packages yaegi compiles from source, by
// import path). Packages are converted once and cached.
func NewImporter(binary func(string) map[string]reflect.Value, sources map[string][]string) *Importer {
	return &Importer{
		binary:  binary,
		sources: sources,
		pkgs:    map[string]*types.Package{},
		named:   map[reflect.Type]*types.Named{},
		fset:    token.NewFileSet(),
		busy:    map[string]bool{},
		sealed:  map[string][]reflect.Type{},
	}
}

// Symbols returns the symbols of the compiled package path, nil when there is none.
func (im *Importer) Symbols(path string) map[string]reflect.Value { return im.binary(path) }

// Import implements types.Importer.
func (im *Importer) Import(path string) (*types.Package, error) {
	if p := im.pkgs[path]; p != nil && p.Complete() {
		return p, nil
	}
	if path == "unsafe" {
		return types.Unsafe, nil
	}
	if im.busy[path] {
		return nil, fmt.Errorf("import cycle through %q", path)
	}
	im.busy[path] = true
	defer delete(im.busy, path)
	srcs, hasSource := im.sources[path]
	if hasSource && !addsToCompiled(srcs) {
		return im.importSource(path, srcs)
	}
	syms := im.binary(path)
	if syms == nil {
		return nil, fmt.Errorf("package %q is not known to the interpreter", path)
	}
	p := im.importBinary(path, syms)
	if hasSource {
		delete(im.busy, path) // the source may import the compiled package
		im.addSource(p, srcs)
	}
	return p, nil
}

// addsDirective marks the source of the generic part of a compiled package (errors.AsType
// next to the compiled errors.Is): the importer adds it to the compiled package's
// symbols. Other sources are whole packages (iter, slices, maps, cmp).
const addsDirective = "//peerbook:adds-to-compiled"

func addsToCompiled(srcs []string) bool {
	for _, src := range srcs {
		if strings.Contains(src, "\n"+addsDirective+"\n") {
			return true
		}
	}
	return false
}

// addSource adds to the compiled package p the exported functions and types of source
// files: the generic code the interpreter compiles from source next to the package's
// compiled symbols (errors.AsType next to errors.Is). The files are checked as a package
// of their own with p's path; they may import p to name its compiled symbols (sync.Once
// in the source of sync.OnceValue).
func (im *Importer) addSource(p *types.Package, srcs []string) {
	var files []*ast.File
	for n, src := range srcs {
		f, err := parser.ParseFile(im.fset, fmt.Sprintf("%s/src%d.go", p.Path(), n), src, 0)
		if err != nil {
			continue
		}
		files = append(files, f)
	}
	conf := types.Config{Importer: im, Error: func(error) {}}
	src, _ := conf.Check(p.Path(), im.fset, files, nil)
	if src == nil {
		return
	}
	for _, name := range src.Scope().Names() {
		obj := src.Scope().Lookup(name)
		if obj.Exported() && p.Scope().Lookup(name) == nil {
			p.Scope().Insert(obj)
		}
	}
}

func (im *Importer) pkg(path string) *types.Package {
	if p := im.pkgs[path]; p != nil {
		return p
	}
	name := path[strings.LastIndex(path, "/")+1:]
	if strings.HasPrefix(name, "v") && len(path) > len(name) && isDigits(name[1:]) {
		// A major version suffix: the package name is the element before it.
		rest := path[:len(path)-len(name)-1]
		name = rest[strings.LastIndex(rest, "/")+1:]
	}
	name = strings.NewReplacer("-", "_", ".", "_").Replace(name)
	p := types.NewPackage(path, name)
	im.pkgs[path] = p
	return p
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func (im *Importer) importSource(path string, srcs []string) (*types.Package, error) {
	var files []*ast.File
	for n, src := range srcs {
		f, err := parser.ParseFile(im.fset, fmt.Sprintf("%s/src%d.go", path, n), src, 0)
		if err != nil {
			return nil, fmt.Errorf("parse source of package %s: %w", path, err)
		}
		files = append(files, f)
	}
	conf := types.Config{Importer: im, Error: func(error) {}}
	p, _ := conf.Check(path, im.fset, files, nil)
	if p == nil {
		return nil, fmt.Errorf("type-check source of package %s failed", path)
	}
	p.MarkComplete()
	im.pkgs[path] = p
	return p, nil
}

func (im *Importer) importBinary(path string, syms map[string]reflect.Value) *types.Package {
	p := im.pkg(path)
	scope := p.Scope()
	names := make([]string, 0, len(syms))
	for name := range syms {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if !token.IsExported(name) || scope.Lookup(name) != nil {
			continue
		}
		if obj := im.object(p, name, syms[name]); obj != nil {
			scope.Insert(obj)
		}
	}
	p.MarkComplete()
	return p
}

// object converts one exported symbol of a binary package.
func (im *Importer) object(p *types.Package, name string, v reflect.Value) types.Object {
	if !v.IsValid() {
		return nil
	}
	if c, ok := constValue(v); ok {
		return types.NewConst(token.NoPos, p, name, untypedOf(c), c)
	}
	switch {
	case v.Kind() == reflect.Pointer && v.IsNil() && !v.CanAddr():
		// A type: yaegi exports (*T)(nil).
		t := v.Type().Elem()
		if n, ok := im.typ(t).(*types.Named); ok && n.Obj().Name() == name && n.Obj().Pkg() == p {
			return n.Obj()
		}
		// An alias (type A = B) or a type whose reflect name differs.
		return types.NewTypeName(token.NoPos, p, name, im.typ(t))
	case v.CanAddr():
		return types.NewVar(token.NoPos, p, name, im.typ(v.Type()))
	case v.Kind() == reflect.Func:
		sig, _ := im.typ(v.Type()).(*types.Signature)
		if sig == nil {
			return nil
		}
		return types.NewFunc(token.NoPos, p, name, sig)
	default:
		// A typed constant.
		c := constOfValue(v)
		if c == nil {
			return types.NewVar(token.NoPos, p, name, im.typ(v.Type()))
		}
		return types.NewConst(token.NoPos, p, name, im.typ(v.Type()), c)
	}
}

var constantValueType = reflect.TypeOf((*constant.Value)(nil)).Elem()

func constValue(v reflect.Value) (constant.Value, bool) {
	if !v.Type().Implements(constantValueType) || v.Kind() == reflect.Pointer && v.IsNil() {
		return nil, false
	}
	c, ok := v.Interface().(constant.Value)
	return c, ok && c != nil
}

func untypedOf(c constant.Value) types.Type {
	switch c.Kind() {
	case constant.Bool:
		return types.Typ[types.UntypedBool]
	case constant.String:
		return types.Typ[types.UntypedString]
	case constant.Float:
		return types.Typ[types.UntypedFloat]
	case constant.Complex:
		return types.Typ[types.UntypedComplex]
	default:
		return types.Typ[types.UntypedInt]
	}
}

func constOfValue(v reflect.Value) constant.Value {
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
		return constant.BinaryOp(constant.MakeFloat64(real(c)), token.ADD,
			constant.MakeImag(constant.MakeFloat64(imag(c))))
	}
	return nil
}

var basicKinds = map[reflect.Kind]types.BasicKind{
	reflect.Bool: types.Bool, reflect.Int: types.Int, reflect.Int8: types.Int8,
	reflect.Int16: types.Int16, reflect.Int32: types.Int32, reflect.Int64: types.Int64,
	reflect.Uint: types.Uint, reflect.Uint8: types.Uint8, reflect.Uint16: types.Uint16,
	reflect.Uint32: types.Uint32, reflect.Uint64: types.Uint64, reflect.Uintptr: types.Uintptr,
	reflect.Float32: types.Float32, reflect.Float64: types.Float64,
	reflect.Complex64: types.Complex64, reflect.Complex128: types.Complex128,
	reflect.String: types.String, reflect.UnsafePointer: types.UnsafePointer,
}

var errorReflectType = reflect.TypeOf((*error)(nil)).Elem()

// typ converts a reflect type to a go/types type.
func (im *Importer) typ(t reflect.Type) types.Type {
	if t == errorReflectType {
		return types.Universe.Lookup("error").Type()
	}
	if t.Name() != "" && t.PkgPath() != "" {
		return im.namedType(t)
	}
	if k, ok := basicKinds[t.Kind()]; ok {
		if t.Name() == "" || t.PkgPath() == "" {
			return types.Typ[k]
		}
	}
	return im.structure(t)
}

// structure converts the type literal that t is (or that t's underlying type is).
func (im *Importer) structure(t reflect.Type) types.Type {
	if k, ok := basicKinds[t.Kind()]; ok {
		return types.Typ[k]
	}
	switch t.Kind() {
	case reflect.Pointer:
		return types.NewPointer(im.typ(t.Elem()))
	case reflect.Slice:
		return types.NewSlice(im.typ(t.Elem()))
	case reflect.Array:
		return types.NewArray(im.typ(t.Elem()), int64(t.Len()))
	case reflect.Map:
		return types.NewMap(im.typ(t.Key()), im.typ(t.Elem()))
	case reflect.Chan:
		dir := types.SendRecv
		switch t.ChanDir() {
		case reflect.SendDir:
			dir = types.SendOnly
		case reflect.RecvDir:
			dir = types.RecvOnly
		}
		return types.NewChan(dir, im.typ(t.Elem()))
	case reflect.Func:
		return im.signature(t, nil, 0)
	case reflect.Struct:
		fields := make([]*types.Var, t.NumField())
		tags := make([]string, t.NumField())
		for i := range fields {
			f := t.Field(i)
			fp := im.pkg(f.PkgPath)
			if f.PkgPath == "" {
				fp = nil
			}
			fields[i] = types.NewField(token.NoPos, fp, f.Name, im.typ(f.Type), f.Anonymous)
			tags[i] = string(f.Tag)
		}
		return types.NewStruct(fields, tags)
	case reflect.Interface:
		var methods []*types.Func
		for i := 0; i < t.NumMethod(); i++ {
			m := t.Method(i)
			var mp *types.Package
			if m.PkgPath != "" {
				mp = im.pkg(m.PkgPath)
			}
			methods = append(methods, types.NewFunc(token.NoPos, mp, m.Name, im.signature(m.Type, nil, 0)))
		}
		return types.NewInterfaceType(methods, nil).Complete()
	}
	return types.NewStruct(nil, nil)
}

// signature converts a func type; skip drops leading parameters (a method's receiver).
func (im *Importer) signature(t reflect.Type, recv *types.Var, skip int) *types.Signature {
	var params, results []*types.Var
	for i := skip; i < t.NumIn(); i++ {
		params = append(params, types.NewParam(token.NoPos, nil, "", im.typ(t.In(i))))
	}
	for i := 0; i < t.NumOut(); i++ {
		results = append(results, types.NewParam(token.NoPos, nil, "", im.typ(t.Out(i))))
	}
	return types.NewSignatureType(recv, nil, nil, types.NewTuple(params...), types.NewTuple(results...), t.IsVariadic())
}

func (im *Importer) namedType(t reflect.Type) types.Type {
	if n := im.named[t]; n != nil {
		return n
	}
	if inst := im.instance(t); inst != nil {
		return inst
	}
	p := im.pkg(t.PkgPath())
	obj := types.NewTypeName(token.NoPos, p, t.Name(), nil)
	n := types.NewNamed(obj, nil, nil)
	im.named[t] = n
	n.SetUnderlying(im.structure(t).Underlying())
	if t.Kind() == reflect.Interface {
		return n
	}
	// Methods: those of T have value receivers, those only *T has pointer receivers.
	valueMethods := map[string]bool{}
	for i := 0; i < t.NumMethod(); i++ {
		m := t.Method(i)
		valueMethods[m.Name] = true
		recv := types.NewVar(token.NoPos, p, "", n)
		n.AddMethod(types.NewFunc(token.NoPos, p, m.Name, im.signature(m.Type, recv, 1)))
	}
	pt := reflect.PointerTo(t)
	for i := 0; i < pt.NumMethod(); i++ {
		m := pt.Method(i)
		if valueMethods[m.Name] {
			continue
		}
		recv := types.NewVar(token.NoPos, p, "", types.NewPointer(n))
		n.AddMethod(types.NewFunc(token.NoPos, p, m.Name, im.signature(m.Type, recv, 1)))
	}
	im.unexportedMethods(t, n)
	return n
}

// symbolsOf is binary(path), or nil where listing the symbols panics (the interpreter
// makes wrappers for the functions a session put in a package, such as time.Sleep).
func (im *Importer) symbolsOf(path string) (syms map[string]reflect.Value) {
	defer func() {
		if recover() != nil {
			syms = nil
		}
	}()
	return im.binary(path)
}

// unexportedMethods adds to n, the named type of compiled type t, the unexported methods
// by which t or *t implements an interface of its package: reflect lists no unexported
// method of a type, while it lists those of an interface (ast.Expr's exprNode), so the
// check found that *ast.BinaryExpr does not implement ast.Expr ("impossible type
// assertion" for e.(*ast.BinaryExpr)). reflect's Implements sees them.
func (im *Importer) unexportedMethods(t reflect.Type, n *types.Named) {
	path := t.PkgPath()
	if path == "main" {
		return // the session's own (interpreted) package: its symbols are no types of t's
	}
	sealed, ok := im.sealed[path]
	if !ok {
		for _, v := range im.symbolsOf(path) {
			if v.Kind() != reflect.Pointer || !v.IsNil() {
				continue // a type's symbol is a nil pointer to it
			}
			it := v.Type().Elem()
			if it.Kind() != reflect.Interface {
				continue
			}
			for i := 0; i < it.NumMethod(); i++ {
				if it.Method(i).PkgPath != "" {
					sealed = append(sealed, it)
					break
				}
			}
		}
		im.sealed[path] = sealed
	}
	have := map[string]bool{}
	for i := 0; i < n.NumMethods(); i++ {
		have[n.Method(i).Name()] = true
	}
	pt := reflect.PointerTo(t)
	for _, it := range sealed {
		var recvType types.Type
		switch {
		case t.Implements(it):
			recvType = n
		case pt.Implements(it):
			recvType = types.NewPointer(n)
		default:
			continue
		}
		for i := 0; i < it.NumMethod(); i++ {
			m := it.Method(i)
			if m.PkgPath == "" || have[m.Name] {
				continue
			}
			have[m.Name] = true
			mp := im.pkg(m.PkgPath)
			recv := types.NewVar(token.NoPos, mp, "", recvType)
			n.AddMethod(types.NewFunc(token.NoPos, mp, m.Name, im.signature(m.Type, recv, 0)))
		}
	}
}

// instance converts a compiled instance of a generic type whose package the interpreter
// compiles from source (iter.Seq[string], the result of strings.SplitSeq) to the instance
// of that source's generic type, so that it unifies with the generic code's parameters
// (slices.Collect(strings.SplitSeq(s, ",")) infers E); a type of its own would not. The
// type arguments are read off t's structure; nil when t is no such instance.
func (im *Importer) instance(t reflect.Type) types.Type {
	name, path := t.Name(), t.PkgPath()
	base, _, generic := strings.Cut(name, "[")
	if !generic || im.busy[path] {
		return nil
	}
	if _, ok := im.sources[path]; !ok {
		return nil
	}
	p, err := im.Import(path)
	if err != nil {
		return nil
	}
	obj, _ := p.Scope().Lookup(base).(*types.TypeName)
	if obj == nil {
		return nil
	}
	gen, _ := obj.Type().(*types.Named)
	if gen == nil || gen.TypeParams().Len() == 0 {
		return nil
	}
	bound := map[*types.TypeParam]types.Type{}
	if !im.bindParams(gen.Underlying(), t, bound, 0) {
		return nil
	}
	args := make([]types.Type, gen.TypeParams().Len())
	for i := range args {
		if args[i] = bound[gen.TypeParams().At(i)]; args[i] == nil {
			return nil
		}
	}
	inst, err := types.Instantiate(nil, gen, args, true)
	if err != nil {
		return nil
	}
	if named, ok := inst.(*types.Named); ok {
		im.named[t] = named
	}
	return inst
}

// bindParams matches the generic type gen against the compiled type t, binding the type
// parameters it meets to t's parts; false where the structures differ.
func (im *Importer) bindParams(gen types.Type, t reflect.Type, bound map[*types.TypeParam]types.Type, depth int) bool {
	if depth > 8 {
		return false
	}
	switch g := gen.(type) {
	case *types.TypeParam:
		bound[g] = im.typ(t)
		return true
	case *types.Signature:
		if t.Kind() != reflect.Func || t.NumIn() != g.Params().Len() || t.NumOut() != g.Results().Len() {
			return false
		}
		for i := 0; i < t.NumIn(); i++ {
			if !im.bindParams(g.Params().At(i).Type(), t.In(i), bound, depth+1) {
				return false
			}
		}
		for i := 0; i < t.NumOut(); i++ {
			if !im.bindParams(g.Results().At(i).Type(), t.Out(i), bound, depth+1) {
				return false
			}
		}
		return true
	case *types.Pointer:
		return t.Kind() == reflect.Pointer && im.bindParams(g.Elem(), t.Elem(), bound, depth+1)
	case *types.Slice:
		return t.Kind() == reflect.Slice && im.bindParams(g.Elem(), t.Elem(), bound, depth+1)
	case *types.Chan:
		return t.Kind() == reflect.Chan && im.bindParams(g.Elem(), t.Elem(), bound, depth+1)
	case *types.Map:
		return t.Kind() == reflect.Map && im.bindParams(g.Key(), t.Key(), bound, depth+1) &&
			im.bindParams(g.Elem(), t.Elem(), bound, depth+1)
	}
	return true
}
