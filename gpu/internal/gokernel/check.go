package gokernel

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
)

// maxStaticShared is the most static shared memory a block may declare (CUDA's limit
// without opt-in).
const maxStaticShared = 48 << 10

// checker enforces the kernel subset on one function (see doc.go).
type checker struct {
	p    *program
	f    *function
	errs ErrorList
}

func (c *checker) errorf(pos token.Pos, format string, args ...any) {
	c.errs = append(c.errs, c.p.errorAt(pos, format, args...))
}

// checkFunction checks a kernel or device function's signature and body and fills in what
// the translators need (shared memory, barrier use, callees).
func (p *program) checkFunction(f *function) ErrorList {
	c := &checker{p: p, f: f}
	d := f.decl
	if d.Type.TypeParams != nil {
		c.errorf(d.Type.TypeParams.Pos(), "kernels and device functions can't be generic")
	}
	sig := f.obj.Type().(*types.Signature)
	for i := 0; i < sig.Params().Len(); i++ {
		v := sig.Params().At(i)
		t := v.Type()
		switch {
		case p.isThread(t):
			if i != 0 {
				c.errorf(v.Pos(), "gpu.Thread must be the first parameter")
			}
			f.thread = v
			continue
		case sliceElem(t) != nil:
			elem := sliceElem(t)
			if p.elemDType(elem) == 0 {
				c.errorf(v.Pos(), "buffer parameter %s has element type %s; kernels take buffers of "+
					"int8..int64, uint8..uint64, int, uint, float32, float64, gpu.F16 or gpu.BF16", v.Name(), elem)
			}
			if _, isSlice := t.(*types.Slice); !isSlice && !p.isPeer(t) {
				c.errorf(v.Pos(), "parameter %s: buffer parameters are []T or gpu.Peer[T], not %s", v.Name(), t)
			}
		case f.kernel && p.isScalar(t):
			if b, ok := t.(*types.Basic); ok && b.Kind() == types.Bool {
				c.errorf(v.Pos(), "kernel parameter %s: bool scalars can't be passed to kernels; use an int", v.Name())
			}
		case !f.kernel && p.isValue(t):
		default:
			c.errorf(v.Pos(), "parameter %s has type %s, which %s", v.Name(), t, c.notAllowedWhy(t))
		}
		if v.Name() == "_" || v.Name() == "" {
			if !p.isThread(t) {
				c.errorf(v.Pos(), "kernel and device function parameters must be named")
			}
		}
		f.params = append(f.params, v)
	}
	if f.kernel && sig.Results().Len() > 0 {
		c.errorf(d.Type.Results.Pos(), "kernel %s can't return values (write them to a buffer)", f.name)
	}
	for i := 0; i < sig.Results().Len(); i++ {
		r := sig.Results().At(i)
		if !p.isValue(r.Type()) {
			c.errorf(r.Pos(), "result of type %s: device functions return numbers, bools or arrays of them", r.Type())
		}
		f.results = append(f.results, r.Type())
	}
	if sig.Variadic() {
		c.errorf(d.Type.Params.Pos(), "variadic parameters are not available in kernels")
	}
	if d.Body == nil {
		c.errorf(d.Pos(), "%s has no body", f.name)
		return c.errs
	}
	c.block(d.Body.List, true)
	return c.errs
}

func (c *checker) notAllowedWhy(t types.Type) string {
	switch u := t.Underlying().(type) {
	case *types.Map:
		return "is a map: maps are not available in kernels"
	case *types.Chan:
		return "is a channel: channels are not available in kernels"
	case *types.Pointer:
		return "is a pointer: kernels have no pointers (use buffer indices)"
	case *types.Slice:
		return "is a slice: slices are kernel parameters or gpu.Shared memory only"
	case *types.Struct:
		return "is a struct: structs are not available in kernels"
	case *types.Interface:
		return "is an interface: interfaces are not available in kernels"
	case *types.Signature:
		return "is a function: function values are not available in kernels"
	case *types.Basic:
		switch {
		case u.Info()&types.IsString != 0:
			return "is a string: strings are not available in kernels"
		case u.Info()&types.IsComplex != 0:
			return "is complex: complex numbers are not available in kernels"
		}
	}
	return "is not available in kernels"
}

func (c *checker) block(list []ast.Stmt, top bool) {
	for _, s := range list {
		c.stmt(s, top)
	}
}

func (c *checker) stmt(s ast.Stmt, top bool) {
	p := c.p
	switch s := s.(type) {
	case nil:
	case *ast.EmptyStmt:
	case *ast.BlockStmt:
		c.block(s.List, false)
	case *ast.DeclStmt:
		g := s.Decl.(*ast.GenDecl)
		switch g.Tok {
		case token.CONST:
			for _, spec := range g.Specs {
				for _, n := range spec.(*ast.ValueSpec).Names {
					if cst, ok := p.info.Defs[n].(*types.Const); ok && n.Name != "_" {
						if b, ok := cst.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
							c.errorf(n.Pos(), "constant %s is a string: strings are not available in kernels", n.Name)
						}
					}
				}
			}
		case token.VAR:
			for _, spec := range g.Specs {
				vs := spec.(*ast.ValueSpec)
				if len(vs.Values) == 1 && len(vs.Names) == 1 && c.isSharedCall(vs.Values[0]) {
					c.sharedDecl(p.info.Defs[vs.Names[0]], vs.Values[0].(*ast.CallExpr), top)
					continue
				}
				n := len(c.errs)
				c.exprs(vs.Values)
				if len(c.errs) > n {
					continue
				}
				for _, n := range vs.Names {
					if v, ok := p.info.Defs[n].(*types.Var); ok {
						c.localType(n, v.Type())
					}
				}
			}
		case token.TYPE:
			c.errorf(g.Pos(), "type declarations are not available in kernels")
		}
	case *ast.AssignStmt:
		if s.Tok == token.DEFINE && len(s.Lhs) == 1 && len(s.Rhs) == 1 && c.isSharedCall(s.Rhs[0]) {
			c.sharedDecl(p.info.Defs[s.Lhs[0].(*ast.Ident)], s.Rhs[0].(*ast.CallExpr), top)
			return
		}
		for _, r := range s.Rhs {
			if c.isSharedCall(r) {
				c.errorf(r.Pos(), "shared memory is declared as `name := gpu.Shared[T](n)`")
				return
			}
		}
		n := len(c.errs)
		c.exprs(s.Rhs)
		if s.Tok == token.DEFINE && len(c.errs) > n {
			return // the values' errors say it better than the variables'
		}
		for _, l := range s.Lhs {
			c.lhs(l, s.Tok == token.DEFINE)
		}
	case *ast.IncDecStmt:
		c.lhs(s.X, false)
	case *ast.ExprStmt:
		call, ok := ast.Unparen(s.X).(*ast.CallExpr)
		if !ok {
			c.errorf(s.Pos(), "this expression statement is not available in kernels")
			return
		}
		c.call(call, true)
	case *ast.IfStmt:
		c.stmt(s.Init, false)
		c.expr(s.Cond)
		c.block(s.Body.List, false)
		c.stmt(s.Else, false)
	case *ast.ForStmt:
		c.stmt(s.Init, false)
		if s.Cond != nil {
			c.expr(s.Cond)
		}
		c.stmt(s.Post, false)
		c.block(s.Body.List, false)
	case *ast.RangeStmt:
		xt := p.typeOf(s.X)
		switch {
		case sliceElem(xt) != nil:
			c.bufferRef(s.X)
		case isInteger(xt):
			c.expr(s.X)
			if s.Value != nil {
				c.errorf(s.Value.Pos(), "range over an integer has only an index")
			}
		default:
			c.errorf(s.X.Pos(), "kernels range over an integer or a buffer, not %s", xt)
		}
		for _, e := range []ast.Expr{s.Key, s.Value} {
			if e != nil {
				c.lhs(e, s.Tok == token.DEFINE)
			}
		}
		c.block(s.Body.List, false)
	case *ast.SwitchStmt:
		c.stmt(s.Init, false)
		if s.Tag != nil {
			c.expr(s.Tag)
		}
		for _, cc := range s.Body.List {
			cl := cc.(*ast.CaseClause)
			c.exprs(cl.List)
			c.block(cl.Body, false)
		}
	case *ast.TypeSwitchStmt:
		c.errorf(s.Pos(), "type switches are not available in kernels")
	case *ast.SelectStmt:
		c.errorf(s.Pos(), "select is not available in kernels")
	case *ast.GoStmt:
		c.errorf(s.Pos(), "goroutines are not available in kernels (every thread already runs the kernel)")
	case *ast.DeferStmt:
		c.errorf(s.Pos(), "defer is not available in kernels")
	case *ast.SendStmt:
		c.errorf(s.Pos(), "channels are not available in kernels")
	case *ast.BranchStmt:
		if s.Tok == token.GOTO {
			c.errorf(s.Pos(), "goto is not available in kernels")
		}
	case *ast.LabeledStmt:
		c.stmt(s.Stmt, top)
	case *ast.ReturnStmt:
		c.exprs(s.Results)
	default:
		c.errorf(s.Pos(), "this statement is not available in kernels")
	}
}

// localType checks the type of a declared local variable.
func (c *checker) localType(id *ast.Ident, t types.Type) {
	if !c.p.isValue(t) {
		c.errorf(id.Pos(), "variable %s has type %s, which %s", id.Name, t, c.notAllowedWhy(t))
	}
}

// lhs checks an assignment target.
func (c *checker) lhs(e ast.Expr, define bool) {
	p := c.p
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if x.Name == "_" {
			return
		}
		obj := p.info.ObjectOf(x)
		v, ok := obj.(*types.Var)
		if !ok {
			c.errorf(x.Pos(), "can't assign to %s", x.Name)
			return
		}
		if p.info.Defs[x] != nil {
			c.localType(x, v.Type())
			return
		}
		if !p.isValue(v.Type()) {
			c.errorf(x.Pos(), "can't assign to %s of type %s in a kernel", x.Name, v.Type())
		}
	case *ast.IndexExpr:
		c.indexExpr(x)
	default:
		c.errorf(e.Pos(), "kernels assign to local variables and buffer or array elements only")
	}
}

func (c *checker) exprs(list []ast.Expr) {
	for _, e := range list {
		c.expr(e)
	}
}

// expr checks an expression whose value is a scalar or an array.
func (c *checker) expr(e ast.Expr) {
	p := c.p
	// constructs kernels never have, reported as such rather than by their type
	switch x := e.(type) {
	case *ast.FuncLit:
		c.errorf(x.Pos(), "function literals (closures) are not available in kernels")
		return
	case *ast.SliceExpr:
		c.errorf(x.Pos(), "slicing is not available in kernels: index the buffer with an offset instead")
		return
	case *ast.TypeAssertExpr:
		c.errorf(x.Pos(), "type assertions are not available in kernels")
		return
	case *ast.StarExpr:
		c.errorf(x.Pos(), "kernels have no pointers")
		return
	case *ast.UnaryExpr:
		switch x.Op {
		case token.AND:
			c.errorf(x.Pos(), "kernels have no pointers; & is only for atomics: gpu.AtomicAdd(&buf[i], v)")
			return
		case token.ARROW:
			c.errorf(x.Pos(), "channels are not available in kernels")
			return
		}
	case *ast.CallExpr:
		if ci := p.classify(x); ci.kind == callBuiltin && !allowedBuiltins[ci.name] {
			c.errorf(x.Pos(), "builtin %s is not available in kernels", ci.name)
			return
		}
	}
	tv, ok := p.info.Types[e]
	if ok && tv.Value != nil {
		if tv.Value.Kind() == constant.String {
			c.errorf(e.Pos(), "strings are not available in kernels")
		} else if tv.Value.Kind() == constant.Complex {
			c.errorf(e.Pos(), "complex numbers are not available in kernels")
		} else if !isUntyped(tv.Type) && !p.isValue(tv.Type) {
			c.errorf(e.Pos(), "a value of type %s is not available in kernels", tv.Type)
		}
		return
	}
	if ok && tv.Type != nil && !p.isValue(tv.Type) && !isTuple(tv.Type) && !isUntyped(tv.Type) {
		switch {
		case sliceElem(tv.Type) != nil:
			c.errorf(e.Pos(), "a buffer is not a value in kernels: index it, take its len, or pass it to a device function")
		case p.isThread(tv.Type):
			c.errorf(e.Pos(), "the gpu.Thread can only be used as t.Field, t.Method() or passed to a device function")
		default:
			if _, isSig := tv.Type.(*types.Signature); isSig {
				c.errorf(e.Pos(), "functions are not values in kernels")
			} else {
				c.errorf(e.Pos(), "a value of type %s %s", tv.Type, c.notAllowedWhy(tv.Type))
			}
		}
		return
	}
	switch x := e.(type) {
	case *ast.Ident:
		switch obj := p.info.Uses[x].(type) {
		case *types.Var:
			if obj.Parent() == obj.Pkg().Scope() {
				c.errorf(x.Pos(), "kernels can't use package-level variable %s; pass it as a parameter", x.Name)
			}
		case nil:
			c.errorf(x.Pos(), "%s is not available in kernels", x.Name)
		}
	case *ast.BasicLit:
	case *ast.ParenExpr:
		c.expr(x.X)
	case *ast.UnaryExpr:
		if p.isHalf(p.typeOf(x.X)) {
			c.errorf(x.Pos(), "%s values have no arithmetic; convert with .Float32()", p.typeOf(x.X))
		}
		c.expr(x.X)
	case *ast.BinaryExpr:
		lt := p.typeOf(x.X)
		if p.isHalf(lt) && x.Op != token.EQL && x.Op != token.NEQ {
			c.errorf(x.OpPos, "%s values have no arithmetic; convert with .Float32()", lt)
		}
		if _, isArr := lt.Underlying().(*types.Array); isArr {
			c.errorf(x.OpPos, "arrays can't be compared in kernels")
		}
		c.expr(x.X)
		c.expr(x.Y)
	case *ast.IndexExpr:
		c.indexExpr(x)
	case *ast.SelectorExpr:
		if _, _, ok := p.threadField(x); ok {
			return
		}
		if p.isThread(p.typeOf(x.X)) {
			c.errorf(x.Pos(), "use t.%s.X, .Y or .Z", x.Sel.Name)
			return
		}
		c.errorf(x.Pos(), "%s is not available in kernels", exprString(x))
	case *ast.CallExpr:
		c.call(x, false)
	case *ast.CompositeLit:
		if _, isArr := p.typeOf(x).Underlying().(*types.Array); !isArr {
			c.errorf(x.Pos(), "only array literals are available in kernels")
			return
		}
		for _, el := range x.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				c.expr(kv.Value)
			} else {
				c.expr(el)
			}
		}
	default:
		c.errorf(e.Pos(), "this expression is not available in kernels")
	}
}

var allowedBuiltins = map[string]bool{"len": true, "cap": true, "min": true, "max": true}

// indexExpr checks buf[i] or arr[i].
func (c *checker) indexExpr(x *ast.IndexExpr) {
	p := c.p
	xt := p.typeOf(x.X)
	switch {
	case sliceElem(xt) != nil:
		c.bufferRef(x.X)
	case isArray(xt):
		if !c.arrayRef(x.X) {
			return
		}
	default:
		c.errorf(x.Pos(), "kernels index buffers and arrays only")
		return
	}
	if !isInteger(p.typeOf(x.Index)) && p.info.Types[x.Index].Value == nil {
		c.errorf(x.Index.Pos(), "index must be an integer")
	}
	c.expr(x.Index)
}

// arrayRef checks the array operand of an index: a variable or an element of one.
func (c *checker) arrayRef(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v := c.p.varOf(x); v != nil {
			return true
		}
	case *ast.IndexExpr:
		if isArray(c.p.typeOf(x.X)) {
			c.indexExpr(x)
			return true
		}
	}
	c.errorf(e.Pos(), "index an array variable (copy this array into a variable first)")
	return false
}

// bufferRef checks an expression that names a buffer: a slice parameter or shared memory.
func (c *checker) bufferRef(e ast.Expr) {
	v := c.p.varOf(e)
	if v == nil {
		c.errorf(e.Pos(), "a buffer must be named by its parameter or shared-memory variable")
	}
}

func (c *checker) isSharedCall(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	ci := c.p.classify(call)
	return ci.kind == callGPU && (ci.name == "Shared" || ci.name == "DynamicShared")
}

func (c *checker) sharedDecl(obj types.Object, call *ast.CallExpr, top bool) {
	p := c.p
	v, _ := obj.(*types.Var)
	if v == nil {
		c.errorf(call.Pos(), "shared memory must be given a name")
		return
	}
	if !c.f.kernel {
		c.errorf(call.Pos(), "shared memory is declared in kernels, not device functions (pass it as a []T parameter)")
		return
	}
	if !top {
		c.errorf(call.Pos(), "declare shared memory at the top level of the kernel's body")
		return
	}
	elem := sliceElem(v.Type())
	d := &sharedDecl{v: v, elem: elem, call: call, n: -1}
	if p.classify(call).name == "DynamicShared" {
		d.dynamic = true
	} else {
		tv := p.info.Types[call.Args[0]]
		n, exact := int64(0), false
		if tv.Value != nil {
			n, exact = constant.Int64Val(constant.ToInt(tv.Value))
		}
		if !exact || n <= 0 {
			c.errorf(call.Args[0].Pos(), "shared memory size must be a positive constant (use gpu.DynamicShared for a size chosen at launch)")
			return
		}
		d.n = n
		total := n * int64(p.elemDType(elem).Size())
		for _, o := range c.f.shared {
			if !o.dynamic {
				total += o.n * int64(p.elemDType(o.elem).Size())
			}
		}
		if total > maxStaticShared {
			c.errorf(call.Pos(), "kernel declares %d bytes of static shared memory; the limit is %d", total, maxStaticShared)
			return
		}
	}
	c.f.shared = append(c.f.shared, d)
}

// call checks a call; stmt says whether it is an expression statement.
func (c *checker) call(call *ast.CallExpr, stmt bool) {
	p := c.p
	ci := p.classify(call)
	switch ci.kind {
	case callConversion:
		to := p.typeOf(call)
		from := p.typeOf(call.Args[0])
		switch {
		case !p.isScalar(to):
			c.errorf(call.Pos(), "conversion to %s is not available in kernels", to)
		case (p.isHalf(to) || p.isHalf(from)) && !types.Identical(to, from):
			c.errorf(call.Pos(), "convert float16/bfloat16 with h.Float32(), gpu.ToF16(f) and gpu.ToBF16(f)")
		}
		c.expr(call.Args[0])
	case callBuiltin:
		switch ci.name {
		case "len", "cap":
			at := p.typeOf(call.Args[0])
			switch {
			case sliceElem(at) != nil:
				c.bufferRef(call.Args[0])
			case isArray(at):
				// constant; go/types folded it unless the operand has calls
				c.expr(call.Args[0])
			default:
				c.errorf(call.Pos(), "%s of %s is not available in kernels", ci.name, at)
			}
		case "min", "max":
			c.exprs(call.Args)
		default:
			c.errorf(call.Pos(), "builtin %s is not available in kernels", ci.name)
		}
	case callMath:
		c.exprs(call.Args)
	case callGPU:
		c.gpuCall(call, ci.name)
	case callThread:
		switch ci.name {
		case "Barrier":
			if !c.f.kernel {
				c.errorf(call.Pos(), "Barrier in a device function is not supported; call it in the kernel")
			}
			c.f.barrier = true
		case "GlobalX", "GlobalY", "GlobalZ", "StrideX":
		default:
			c.errorf(call.Pos(), "t.%s is not available in kernels", ci.name)
		}
		if !c.isThreadParam(call.Fun.(*ast.SelectorExpr).X) {
			c.errorf(call.Pos(), "call methods on the kernel's gpu.Thread parameter")
		}
	case callHalf:
		if ci.name != "Float32" {
			c.errorf(call.Pos(), "%s is not available in kernels", ci.name)
		}
		c.expr(call.Fun.(*ast.SelectorExpr).X)
	case callDevice:
		c.deviceCall(call, ci.fn)
	case callKernel:
		c.errorf(call.Pos(), "kernel %s can't be called from a kernel; mark a helper //gpu:device", ci.name)
	default:
		name := exprString(call.Fun)
		c.errorf(call.Pos(), "%s can't be called in a kernel (kernels call //gpu:device functions, math and gpu functions)", name)
	}
	_ = stmt
}

func (c *checker) isThreadParam(e ast.Expr) bool {
	v := c.p.varOf(e)
	return v != nil && v == c.f.thread
}

func (c *checker) gpuCall(call *ast.CallExpr, name string) {
	p := c.p
	switch {
	case name == "Shared" || name == "DynamicShared":
		c.errorf(call.Pos(), "shared memory is declared as `name := gpu.%s[T](...)` at the top of a kernel", name)
	case name == "SyncSystem":
	case name == "ToF16" || name == "ToBF16":
		c.exprs(call.Args)
	case name == "Load4" || name == "Store4":
		if sliceElem(p.typeOf(call.Args[0])) == nil {
			c.errorf(call.Args[0].Pos(), "the first argument of gpu.%s is a buffer ([]T or gpu.Peer[T] parameter, or shared memory)", name)
			return
		}
		c.bufferRef(call.Args[0])
		c.exprs(call.Args[1:])
	case atomicOps[name] || name == "AtomicLoad":
		buf, index := atomicTarget(call.Args[0])
		if buf == nil || sliceElem(p.typeOf(buf)) == nil {
			c.errorf(call.Args[0].Pos(), "the first argument of gpu.%s is &buf[i] of a buffer or shared memory", name)
			return
		}
		c.bufferRef(buf)
		c.expr(index)
		c.exprs(call.Args[1:])
	default:
		c.errorf(call.Pos(), "gpu.%s is not available in kernels", name)
	}
}

func (c *checker) deviceCall(call *ast.CallExpr, callee *function) {
	p := c.p
	sig := callee.obj.Type().(*types.Signature)
	if call.Ellipsis.IsValid() {
		c.errorf(call.Ellipsis, "variadic calls are not available in kernels")
	}
	for i, a := range call.Args {
		if i >= sig.Params().Len() {
			break
		}
		pt := sig.Params().At(i).Type()
		at := p.typeOf(a)
		switch {
		case p.isThread(pt):
			if !c.isThreadParam(a) {
				c.errorf(a.Pos(), "pass the kernel's gpu.Thread parameter")
			}
		case sliceElem(pt) != nil:
			c.bufferRef(a)
			if p.isPeer(at) && !p.isPeer(pt) {
				c.errorf(a.Pos(), "passing Peer buffer %s as %s drops its Peer rules; declare the parameter gpu.Peer[%s]",
					exprString(a), pt, sliceElem(pt))
			}
		default:
			c.expr(a)
		}
	}
	found := false
	for _, g := range c.f.callees {
		found = found || g == callee
	}
	if !found {
		c.f.callees = append(c.f.callees, callee)
	}
}

func isUntyped(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Info()&types.IsUntyped != 0
}

func isTuple(t types.Type) bool {
	_, ok := t.(*types.Tuple)
	return ok
}

func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

func isArray(t types.Type) bool {
	_, ok := t.Underlying().(*types.Array)
	return ok
}

func exprString(e ast.Expr) string {
	var b strings.Builder
	writeExpr(&b, e)
	return b.String()
}

func writeExpr(b *strings.Builder, e ast.Expr) {
	switch x := e.(type) {
	case *ast.Ident:
		b.WriteString(x.Name)
	case *ast.SelectorExpr:
		writeExpr(b, x.X)
		b.WriteByte('.')
		b.WriteString(x.Sel.Name)
	case *ast.IndexExpr:
		writeExpr(b, x.X)
		b.WriteByte('[')
		writeExpr(b, x.Index)
		b.WriteByte(']')
	case *ast.ParenExpr:
		b.WriteByte('(')
		writeExpr(b, x.X)
		b.WriteByte(')')
	case *ast.BasicLit:
		b.WriteString(x.Value)
	default:
		b.WriteString("expression")
	}
}
