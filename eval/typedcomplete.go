package eval

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/types"
	"sort"
	"strings"

	"github.com/peerbook/peerbook/gpu"
)

// Completion and inspect from the cursor check (cursor.go): what an expression's type has,
// what a name in a function's scope is, with signatures and docs from the packages' sources
// (apidoc.go).

// typedMembers completes "expr.prefix" from the type the check gives expr: a package's
// members (package gpu as kernels see it, in a kernel's body), or an expression's fields
// and methods (a call's result, a kernel's parameter, a type's method expressions). ok is
// false when the check can't tell; the caller holds s.mu.
func (s *Session) typedMembers(idx *completionIndex, code string, start int, prefix string) ([]candidate, bool) {
	cc := s.checkAt(code, start, holeName)
	if cc == nil {
		return nil, false
	}
	hole, parents := cc.hole()
	if hole == nil || len(parents) == 0 {
		return nil, false
	}
	sel, ok := parents[len(parents)-1].(*ast.SelectorExpr)
	if !ok || sel.Sel != hole {
		return nil, false
	}
	if id, ok := sel.X.(*ast.Ident); ok {
		if pn, ok := cc.info.Uses[id].(*types.PkgName); ok {
			path := pn.Imported().Path()
			if cc.kernel && path == gpuPath {
				return filterPrefix(kernelAPIMembers(), prefix), true
			}
			if list, ok := packageMembers(idx, path); ok {
				return filterPrefix(list, prefix), true
			}
			return nil, false
		}
	}
	tv, ok := cc.info.Types[sel.X]
	if !ok || tv.Type == nil || tv.Type == types.Typ[types.Invalid] {
		return nil, false
	}
	var out []candidate
	for _, c := range s.typeMembers(tv.Type, tv.IsType()) {
		if strings.HasPrefix(c.text, prefix) {
			out = append(out, c)
		}
	}
	return out, true
}

// typedLocals returns the names of the function scopes around the cursor (a kernel's
// parameters, local variables) that start with prefix; the caller holds s.mu.
func (s *Session) typedLocals(code string, start int, prefix string) []candidate {
	cc := s.checkAt(code, start, holeName)
	if cc == nil {
		return nil
	}
	hole, parents := cc.hole()
	if hole == nil {
		return nil
	}
	var out []candidate
	for _, obj := range cc.localNames(parents, hole.Pos()) {
		if !strings.HasPrefix(obj.Name(), prefix) {
			continue
		}
		kind := "instance"
		switch obj.(type) {
		case *types.TypeName:
			kind = "class"
		case *types.Func:
			kind = "function"
		}
		out = append(out, candidate{text: obj.Name(), kind: kind, sig: types.ObjectString(obj, packageNameQualifier(cc.pkg))})
	}
	if cc.kernel {
		// Kernels see package gpu's kernel API under the names the cell imports it by.
		for _, name := range sortedNames(cc.pkg) {
			if strings.HasPrefix(name, prefix) {
				if pn, ok := cc.pkg.Scope().Lookup(name).(*types.PkgName); ok {
					out = append(out, candidate{text: name, kind: "module", sig: "package " + name + " (\"" + pn.Imported().Path() + "\")"})
				}
			}
		}
	}
	return out
}

// sortedNames returns the names of a checked package's file scopes (its imports).
func sortedNames(pkg *types.Package) []string {
	if pkg == nil {
		return nil
	}
	var out []string
	for i := 0; i < pkg.Scope().NumChildren(); i++ {
		out = append(out, pkg.Scope().Child(i).Names()...)
	}
	sort.Strings(out)
	return out
}

// packageNameQualifier writes other packages by their names, the checked package's own
// names bare.
func packageNameQualifier(self *types.Package) types.Qualifier {
	return func(p *types.Package) string {
		if p == self || p.Path() == "main" {
			return ""
		}
		return p.Name()
	}
}

// kernelAPIMembers lists package gpu as kernels see it, with declarations from its source.
func kernelAPIMembers() []candidate {
	_, names := kernelAPIPackage()
	decls := packageDecls(gpuPath)
	var out []candidate
	for name := range names {
		c := candidate{text: name, kind: "function"}
		if d, ok := decls[name]; ok {
			c.kind, c.sig = d.kind, firstDeclLine(d.decl)
		}
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].text < out[j].text })
	return out
}

// packageMembers lists the members of the package at path: its symbol table's, with the
// declarations its source writes (parameter names, the package's own types), and the
// generic functions and types a table can't hold (gpu.Peer, gpu.AtomicAdd: cells use them
// in kernels). Cached per package.
func packageMembers(idx *completionIndex, path string) ([]candidate, bool) {
	list, ok := idx.members[path]
	if !ok {
		return nil, false
	}
	tablesCache.Lock()
	if tablesCache.enriched == nil {
		tablesCache.enriched = map[string][]candidate{}
	}
	cached, done := tablesCache.enriched[path]
	tablesCache.Unlock()
	if done {
		return cached, true
	}
	decls := packageDecls(path)
	out := make([]candidate, 0, len(list))
	have := map[string]bool{}
	for _, c := range list {
		have[c.text] = true
		if d, ok := decls[c.text]; ok && c.kind != "instance" {
			c.sig = firstDeclLine(d.decl)
		}
		out = append(out, c)
	}
	for name, d := range decls {
		if d.generic && !have[name] && !strings.Contains(name, ".") {
			out = append(out, candidate{text: name, kind: d.kind, sig: firstDeclLine(d.decl)})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].text < out[j].text })
	tablesCache.Lock()
	tablesCache.enriched[path] = out
	tablesCache.Unlock()
	return out, true
}

// typeMembers lists the fields and methods of t (of *t too, as a variable's); for a type
// itself (a method expression, gpu.Buffer.), its methods. The caller holds s.mu.
func (s *Session) typeMembers(t types.Type, isType bool) []candidate {
	var out []candidate
	seen := map[string]bool{}
	visible := func(obj types.Object) bool {
		return obj.Exported() || obj.Pkg() == nil || obj.Pkg().Path() == "main"
	}
	addMethods := func(ms *types.MethodSet) {
		for i := 0; i < ms.Len(); i++ {
			fn, ok := ms.At(i).Obj().(*types.Func)
			if !ok || seen[fn.Name()] || !visible(fn) || strings.HasPrefix(fn.Name(), "_pb") {
				continue
			}
			seen[fn.Name()] = true
			out = append(out, candidate{text: fn.Name(), kind: "function", sig: firstDeclLine(s.methodDoc(fn, false))})
		}
	}
	addMethods(types.NewMethodSet(t))
	if _, isPtr := t.Underlying().(*types.Pointer); !isPtr && !types.IsInterface(t) {
		addMethods(types.NewMethodSet(types.NewPointer(t)))
	}
	if !isType {
		var walk func(t types.Type, depth int)
		walk = func(t types.Type, depth int) {
			if p, ok := t.Underlying().(*types.Pointer); ok {
				t = p.Elem()
			}
			st, ok := t.Underlying().(*types.Struct)
			if !ok || depth > 3 {
				return
			}
			for i := 0; i < st.NumFields(); i++ {
				f := st.Field(i)
				if !seen[f.Name()] && visible(f) && !strings.HasPrefix(f.Name(), "_pb") {
					seen[f.Name()] = true
					out = append(out, candidate{text: f.Name(), kind: "instance", sig: firstDeclLine(s.fieldDoc(t, f))})
				}
			}
			for i := 0; i < st.NumFields(); i++ {
				if f := st.Field(i); f.Embedded() {
					walk(f.Type(), depth+1)
				}
			}
		}
		walk(t, 0)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].text < out[j].text })
	return out
}

// namedOf returns the named type t is or points to.
func namedOf(t types.Type) *types.Named {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := t.(*types.Named)
	return n
}

// methodDoc documents a method: the session's definition of it, or the declaration and doc
// comment its package's source gives; the signature go/types writes otherwise. With doc
// false, the declaration alone. The caller holds s.mu.
func (s *Session) methodDoc(fn *types.Func, doc bool) string {
	sig, _ := fn.Type().(*types.Signature)
	var named *types.Named
	if sig != nil && sig.Recv() != nil {
		named = namedOf(sig.Recv().Type())
	}
	if named != nil && named.Obj().Pkg() != nil {
		key := named.Obj().Name() + "." + fn.Name()
		if path := named.Obj().Pkg().Path(); path == "main" {
			if d, ok := s.decls.def(key); ok {
				if doc {
					return defText(d, s.label(d.serial))
				}
				return d.sig
			}
		} else if d, ok := packageDecls(path)[key]; ok {
			if doc {
				return d.docText()
			}
			return d.decl
		}
	}
	return types.ObjectString(fn, packageNameQualifier(nil))
}

// fieldDoc documents field f of struct type t (or *t): its declaration and comment in its
// package's source, else its name and type.
func (s *Session) fieldDoc(t types.Type, f *types.Var) string {
	if n := namedOf(t); n != nil && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() != "main" {
		if d, ok := packageDecls(n.Obj().Pkg().Path())[n.Obj().Name()+"."+f.Name()]; ok {
			return d.docText()
		}
	}
	return f.Name() + " " + types.TypeString(f.Type(), packageNameQualifier(nil))
}

// typedDescribe documents the identifier at [start, end) of code from the cursor check:
// a method or field of any expression (gpu.Dev(0).AllocShared, a kernel's t.GlobalX), a
// method expression (gpu.Buffer.Reshape), a package member, a function's parameter or
// local variable. Session definitions, packages and predeclared names are left to
// describeLocked (ok false). The caller holds s.mu.
func (s *Session) typedDescribe(code string, start, end int) (string, bool) {
	cc := s.checkAt(code, end, "")
	if cc == nil {
		return "", false
	}
	id, parents := cc.identAt(cc.pos(start))
	if id == nil {
		return "", false
	}
	if n := len(parents); n > 0 {
		if sel, ok := parents[n-1].(*ast.SelectorExpr); ok && sel.Sel == id {
			return s.describeSelector(cc, sel)
		}
	}
	obj := cc.info.Uses[id]
	if obj == nil {
		obj = cc.info.Defs[id]
	}
	if obj == nil || obj.Pkg() == nil {
		return "", false // predeclared: describeLocked knows its doc
	}
	if obj.Parent() == cc.pkg.Scope() {
		if _, known := s.decls.def(obj.Name()); known || s.scope.symbol(obj.Name()).IsValid() {
			return "", false // the session's: describeLocked knows where it was defined
		}
		return types.ObjectString(obj, packageNameQualifier(cc.pkg)), true // the cell's, not run yet
	}
	if _, ok := obj.(*types.PkgName); ok {
		return "", false
	}
	text := types.ObjectString(obj, packageNameQualifier(cc.pkg))
	if n := namedOf(obj.Type()); n != nil && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() != "main" {
		if d, ok := packageDecls(n.Obj().Pkg().Path())[n.Obj().Name()]; ok && d.doc != "" {
			text += "\n\n" + n.Obj().Pkg().Name() + "." + n.Obj().Name() + ": " + strings.TrimRight(d.doc, "\n")
		}
	}
	return text, true
}

// describeSelector documents x.Name: a method or field of x's type, a method of a type
// (method expression), or a package member.
func (s *Session) describeSelector(cc *cursorCheck, sel *ast.SelectorExpr) (string, bool) {
	name := sel.Sel.Name
	if selection := cc.info.Selections[sel]; selection != nil {
		switch obj := selection.Obj().(type) {
		case *types.Func:
			text := s.methodDoc(obj, true)
			if launch, ok := s.kernelLaunchLine(sel, obj); ok {
				text = launch + "\n\n" + text
			}
			return text, true
		case *types.Var:
			return s.fieldDoc(selection.Recv(), obj), true
		}
	}
	if tv, ok := cc.info.Types[sel.X]; ok && tv.IsType() && tv.Type != nil {
		// A method expression; go doc's T.M also names methods of *T.
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tv.Type), true, cc.pkg, name)
		if fn, ok := obj.(*types.Func); ok {
			return s.methodDoc(fn, true), true
		}
		return "", false
	}
	if id, ok := sel.X.(*ast.Ident); ok {
		if pn, ok := cc.info.Uses[id].(*types.PkgName); ok {
			return describeMember(pn.Imported().Path(), name)
		}
	}
	return "", false
}

// kernelLaunchLine spells k.Launch and k.Time of a kernel variable with the kernel's own
// parameters: "scale.Launch(dev *gpu.Device, grid, block any, a float32, x []float32,
// opts ...gpu.LaunchOption) error".
func (s *Session) kernelLaunchLine(sel *ast.SelectorExpr, fn *types.Func) (string, bool) {
	if fn.Name() != "Launch" && fn.Name() != "Time" {
		return "", false
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok {
		return "", false
	}
	v, ok := s.in.Globals()[id.Name]
	if !ok || !v.IsValid() || !v.CanInterface() {
		return "", false
	}
	k, ok := v.Interface().(*gpu.Kernel)
	if !ok || k == nil {
		return "", false
	}
	params := []string{"dev *gpu.Device", "grid, block any"}
	for _, p := range k.Signature().Params {
		params = append(params, p.String())
	}
	params = append(params, "opts ...gpu.LaunchOption")
	result := "error"
	if fn.Name() == "Time" {
		result = "(time.Duration, error)"
	}
	return fmt.Sprintf("%s.%s(%s) %s\n\ngrid and block: an int (blocks, threads per block) or a gpu.Dim3; then %s's arguments, one per parameter; launch options (gpu.OnStream, gpu.SharedMem) anywhere among them.",
		id.Name, fn.Name(), strings.Join(params, ", "), result, k.Name()), true
}

// describeExpr documents any expression (expr? in a cell): a selector or a name as
// typedDescribe does, anything else by its type and the type's doc. The caller holds s.mu.
func (s *Session) describeExpr(expr string) (text string, ok bool) {
	defer func() {
		if recover() != nil { // a query must not fail the cell it is in
			text, ok = "", false
		}
	}()
	e, err := parser.ParseExpr(expr)
	if err != nil {
		return "", false
	}
	switch x := e.(type) {
	case *ast.SelectorExpr:
		start := int(x.Sel.Pos()) - 1
		return s.typedDescribe(expr, start, len(expr))
	case *ast.Ident:
		return s.typedDescribe(expr, 0, len(expr))
	}
	cc := s.checkAt(expr, len(expr), "")
	if cc == nil {
		return "", false
	}
	pos := cc.pos(0)
	var typ types.Type
	for node, tv := range cc.info.Types {
		if node.Pos() == pos && int(node.End()-node.Pos()) == len(expr) && tv.Type != nil {
			typ = tv.Type
		}
	}
	if typ == nil || typ == types.Typ[types.Invalid] {
		return "", false
	}
	text = expr + ": " + types.TypeString(typ, packageNameQualifier(cc.pkg))
	if n := namedOf(typ); n != nil && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() != "main" {
		if d, ok := packageDecls(n.Obj().Pkg().Path())[n.Obj().Name()]; ok {
			text += "\n\n" + d.docText()
		}
	}
	return text, true
}
