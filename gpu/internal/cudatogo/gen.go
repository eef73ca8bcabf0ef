package cudatogo

import (
	"fmt"
	gotoken "go/token"
	"sort"
	"strings"
)

type storage uint8

const (
	storeLocal  storage = iota
	storeParam          // a function parameter
	storeShared         // __shared__ memory: a Go slice indexed flat
	storePtr            // a pointer variable: an int64 offset into ptrBase
)

// variable is a named value of a function (or a namespace-scope constant).
type variable struct {
	name, goName string
	t            *ctype // the C type (shared arrays: the array type)
	isConst      bool
	cv           *cval // compile-time constant value
	storage      storage
	used         bool
	// shared memory
	elem         *ctype
	dims         []int64
	sharedScalar bool
	dynamic      bool
	pos          Pos
	// elemOf is set on the pseudo-variable of an element operand: its buffer or array.
	elemOf *variable
	// ptrBase is the buffer a pointer variable points into.
	ptrBase *variable
}

type scope struct {
	vars   map[string]*variable
	parent *scope
}

func (s *scope) lookup(name string) *variable {
	for ; s != nil; s = s.parent {
		if v := s.vars[name]; v != nil {
			return v
		}
	}
	return nil
}

func (s *scope) add(v *variable) { s.vars[v.name] = v }

// translator translates the functions of one source.
type translator struct {
	f       *file
	file    string // the cell's name, for line directives
	lineOff int    // cell line of source line 1, minus 1
	prefix  string // of every name the translation adds
	idents  map[string]bool
	globals *scope
	outs    map[*funcDecl]*funcOut
}

// funcOut is a translated function.
type funcOut struct {
	code    string
	err     *diag
	helpers []string
	callees []*funcDecl
}

// goReserved are names a C identifier can't keep in Go.
var goReserved = map[string]bool{
	"any": true, "append": true, "bool": true, "byte": true, "cap": true, "clear": true, "close": true,
	"comparable": true, "complex": true, "complex128": true, "complex64": true, "copy": true,
	"delete": true, "error": true, "false": true, "float32": true, "float64": true, "imag": true,
	"int": true, "int16": true, "int32": true, "int64": true, "int8": true, "iota": true, "len": true,
	"make": true, "max": true, "min": true, "new": true, "nil": true, "panic": true, "print": true,
	"println": true, "real": true, "recover": true, "rune": true, "string": true, "true": true,
	"uint": true, "uint16": true, "uint32": true, "uint64": true, "uint8": true, "uintptr": true,
	"gpu": true, "math": true, "_": true, "init": true, "main": true,
}

// goName is the Go name of a C identifier: itself, or with '_' appended until it is free.
func (tr *translator) goName(name string) string {
	if !goReserved[name] && !gotoken.IsKeyword(name) && !strings.HasPrefix(name, tr.prefix) {
		return name
	}
	n := name + "_"
	for tr.idents[n] || goReserved[n] {
		n += "_"
	}
	return n
}

// dirFile is the file name as a line directive may hold it.
func (tr *translator) dirFile() string {
	return strings.NewReplacer("*/", "*_", "\n", "_", "\r", "_").Replace(tr.file)
}

// fgen translates one function.
type fgen struct {
	tr         *translator
	fn         *funcDecl
	lines      []string
	depth      int
	scope      *scope
	tmpN       int
	ctlN       int
	thr        string
	targets    []*target
	goStack    []*goCtl
	ctls       []*goCtl
	shared     []*variable
	goNames    map[string]int // Go names of shared memory, for uniqueness
	declNames  map[string]int // C names declared in the function, with counts
	helpers    map[string]bool
	callees    map[*funcDecl]bool
	calleeList []*funcDecl
	prologue   []string
}

// goCtl is a Go for or switch statement: what break and continue refer to.
type goCtl struct {
	loop   bool
	label  string
	marker string
	used   bool
}

// target is a C loop or switch.
type target struct {
	isSwitch bool
	brk      *goCtl // the Go statement a C break leaves
	cont     *goCtl // the Go loop a C continue continues
}

func (f *fgen) fail(d *diag) { panic(bail{d}) }

func (f *fgen) directive(p Pos) string {
	if p.Line == 0 {
		return ""
	}
	return fmt.Sprintf("/*line %s:%d:%d*/", f.tr.dirFile(), p.Line+f.tr.lineOff, p.Col)
}

// emit adds a Go line at the current depth, positioned at p of the C source.
func (f *fgen) emit(p Pos, s string) {
	f.lines = append(f.lines, strings.Repeat("\t", f.depth)+f.directive(p)+s)
}

// captureAt translates with the output going to a fresh list at depth d, and returns it.
func (f *fgen) captureAt(d int, fn func()) []string {
	saved, savedDepth := f.lines, f.depth
	f.lines, f.depth = nil, d
	defer func() { f.lines, f.depth = saved, savedDepth }()
	fn()
	return f.lines
}

func (f *fgen) capture(fn func()) []string { return f.captureAt(f.depth+1, fn) }

func (f *fgen) temp() string {
	f.tmpN++
	return fmt.Sprintf("%st%d", f.tr.prefix, f.tmpN)
}

func (f *fgen) helper(name string) string {
	f.helpers[name] = true
	return f.tr.prefix + name
}

func (f *fgen) newCtl(loop bool) *goCtl {
	f.ctlN++
	c := &goCtl{loop: loop, label: fmt.Sprintf("%sL%d", f.tr.prefix, f.ctlN), marker: fmt.Sprintf("@@L%d@@", f.ctlN)}
	f.ctls = append(f.ctls, c)
	return c
}

func (f *fgen) pushScope() { f.scope = &scope{vars: map[string]*variable{}, parent: f.scope} }
func (f *fgen) popScope()  { f.scope = f.scope.parent }

// translateFunc translates a function to Go.
func (tr *translator) translateFunc(fn *funcDecl) *funcOut {
	out := &funcOut{}
	if fn.err != nil {
		out.err = fn.err
		return out
	}
	if fn.body == nil {
		out.err = errSource(fn.p, "%s is declared but never defined", fn.name)
		return out
	}
	f := &fgen{tr: tr, fn: fn, thr: tr.prefix + "thr", helpers: map[string]bool{}, callees: map[*funcDecl]bool{},
		goNames: map[string]int{}, declNames: map[string]int{}, scope: tr.globals}
	countDecls(fn.body, f.declNames)
	for _, prm := range fn.params {
		f.declNames[prm.name]++
	}
	func() {
		defer func() {
			if r := recover(); r != nil {
				b, ok := r.(bail)
				if !ok {
					panic(r)
				}
				out.err = b.d
			}
		}()
		f.pushScope()
		params := []string{f.thr + " gpu.Thread"}
		for i, prm := range fn.params {
			name := prm.name
			if name == "" {
				name = fmt.Sprintf("arg%d", i)
			}
			v := &variable{name: name, goName: tr.goName(name), t: prm.t, isConst: prm.isConst, storage: storeParam, pos: prm.p}
			gt := prm.t.goType()
			if prm.t.isBuffer() && prm.t.elem.kind == kBool {
				f.fail(errUnsupported(prm.p, "a bool buffer"))
			}
			if fn.global && prm.t.kind == kBool {
				// A bool kernel argument arrives as a byte.
				gt = "uint8"
				v.goName = tr.prefix + "b_" + name
				f.prologue = append(f.prologue, "\t"+f.directive(prm.p)+"var "+v.goName+" bool = "+tr.goName(name)+" != 0",
					"\t_ = "+v.goName)
				params = append(params, tr.goName(name)+" "+gt)
			} else {
				params = append(params, v.goName+" "+gt)
			}
			if prm.name != "" {
				f.scope.add(v)
			}
		}
		f.depth = 1
		for _, s := range fn.body.list {
			f.stmt(s)
		}
		var b strings.Builder
		if !fn.global {
			b.WriteString("//gpu:device\n")
		}
		ret := ""
		if fn.ret != tVoid {
			ret = " " + fn.ret.goType()
		}
		fmt.Fprintf(&b, "func %s%s(%s)%s {\n", f.directive(fn.p), tr.goName(fn.name), strings.Join(params, ", "), ret)
		for _, v := range f.shared {
			if !v.used {
				continue
			}
			if v.dynamic {
				fmt.Fprintf(&b, "\t%s%s := gpu.DynamicShared[%s]()\n", f.directive(v.pos), v.goName, v.elem.goType())
			} else {
				n := int64(1)
				for _, d := range v.dims {
					n *= d
				}
				fmt.Fprintf(&b, "\t%s%s := gpu.Shared[%s](%d)\n", f.directive(v.pos), v.goName, v.elem.goType(), n)
			}
		}
		for _, l := range f.prologue {
			b.WriteString(l + "\n")
		}
		body := strings.Join(f.lines, "\n")
		for _, c := range f.ctls {
			repl := ""
			if c.used {
				repl = c.label + ": "
			}
			body = strings.ReplaceAll(body, c.marker, repl)
		}
		b.WriteString(body)
		if len(f.lines) > 0 {
			b.WriteString("\n")
		}
		if fn.ret != tVoid {
			zero := "0"
			if fn.ret.kind == kBool {
				zero = "false"
			}
			b.WriteString("\treturn " + zero + "\n")
		}
		b.WriteString("}\n")
		out.code = b.String()
	}()
	for h := range f.helpers {
		out.helpers = append(out.helpers, h)
	}
	sort.Strings(out.helpers)
	out.callees = f.calleeList
	return out
}

// countDecls counts the names declared in a function body.
func countDecls(s stmt, m map[string]int) {
	switch s := s.(type) {
	case *blockStmt:
		for _, x := range s.list {
			countDecls(x, m)
		}
	case *declStmt:
		for _, v := range s.vars {
			m[v.name]++
		}
	case *ifStmt:
		countDecls(s.then, m)
		if s.els != nil {
			countDecls(s.els, m)
		}
	case *forStmt:
		if s.init != nil {
			countDecls(s.init, m)
		}
		countDecls(s.body, m)
	case *whileStmt:
		countDecls(s.body, m)
	case *doStmt:
		countDecls(s.body, m)
	case *switchStmt:
		countDecls(s.body, m)
	}
}

// ---- statements ----

func (f *fgen) stmt(s stmt) {
	switch s := s.(type) {
	case *emptyStmt:
	case *blockStmt:
		f.emit(s.p, "{")
		f.body(s)
		f.emit(Pos{}, "}")
	case *declStmt:
		for _, v := range s.vars {
			f.declare(v)
		}
	case *exprStmt:
		f.discard(s.x)
	case *ifStmt:
		c := f.toBool(f.expr(s.c), s.c.pos())
		f.ifRest(s, c)
	case *whileStmt:
		f.whileLoop(s)
	case *forStmt:
		f.forLoop(s)
	case *doStmt:
		f.doLoop(s)
	case *switchStmt:
		f.switchStmt(s)
	case *caseStmt:
		for _, t := range f.targets {
			if t.isSwitch {
				f.fail(errUnsupported(s.p, "a case label inside a nested statement of a switch"))
			}
		}
		f.fail(errSource(s.p, "case label not within a switch statement"))
	case *breakStmt:
		if len(f.targets) == 0 {
			f.fail(errSource(s.p, "break statement not within a loop or switch"))
		}
		t := f.targets[len(f.targets)-1]
		if len(f.goStack) > 0 && f.goStack[len(f.goStack)-1] == t.brk {
			f.emit(s.p, "break")
		} else {
			t.brk.used = true
			f.emit(s.p, "break "+t.brk.label)
		}
	case *continueStmt:
		var t *target
		for k := len(f.targets) - 1; k >= 0; k-- {
			if !f.targets[k].isSwitch {
				t = f.targets[k]
				break
			}
		}
		if t == nil {
			f.fail(errSource(s.p, "continue statement not within a loop"))
		}
		var inner *goCtl
		for k := len(f.goStack) - 1; k >= 0; k-- {
			if f.goStack[k].loop {
				inner = f.goStack[k]
				break
			}
		}
		if inner == t.cont {
			f.emit(s.p, "continue")
		} else {
			t.cont.used = true
			f.emit(s.p, "continue "+t.cont.label)
		}
	case *returnStmt:
		if f.fn.ret == tVoid {
			if s.x != nil {
				if o := f.expr(s.x); !o.isVoid {
					f.fail(errSource(s.p, "a void function can't return a value"))
				}
			}
			f.emit(s.p, "return")
			return
		}
		if s.x == nil {
			f.fail(errSource(s.p, "%s must return a value", f.fn.name))
		}
		o := f.conv(f.expr(s.x), f.fn.ret, s.x.pos())
		f.emit(s.p, "return "+o.code)
	default:
		f.fail(errUnsupported(s.pos(), "this statement"))
	}
}

// body translates a loop's, if's or block's statement in a new scope, one level deeper.
func (f *fgen) body(s stmt) {
	f.depth++
	f.pushScope()
	if b, ok := s.(*blockStmt); ok {
		for _, x := range b.list {
			f.stmt(x)
		}
	} else {
		f.stmt(s)
	}
	f.popScope()
	f.depth--
}

// ifRest emits `if c {...} else ...` (c's statements were emitted).
func (f *fgen) ifRest(s *ifStmt, c operand) {
	f.emit(s.p, "if "+c.code+" {")
	f.body(s.then)
	if s.els == nil {
		f.emit(Pos{}, "}")
		return
	}
	if ei, ok := s.els.(*ifStmt); ok {
		var c2 operand
		pre := f.captureAt(f.depth+1, func() { c2 = f.toBool(f.expr(ei.c), ei.c.pos()) })
		if len(pre) == 0 {
			f.emit(Pos{}, "} else")
			f.ifRest(ei, c2)
			return
		}
		f.emit(Pos{}, "} else {")
		f.lines = append(f.lines, pre...)
		f.depth++
		f.ifRest(ei, c2)
		f.depth--
		f.emit(Pos{}, "}")
		return
	}
	f.emit(Pos{}, "} else {")
	f.body(s.els)
	f.emit(Pos{}, "}")
}

func (f *fgen) push(c *goCtl, t *target) {
	f.goStack = append(f.goStack, c)
	if t != nil {
		f.targets = append(f.targets, t)
	}
}

func (f *fgen) pop(t bool) {
	f.goStack = f.goStack[:len(f.goStack)-1]
	if t {
		f.targets = f.targets[:len(f.targets)-1]
	}
}

// breakUnless emits `if !c { break }` one level deeper.
func (f *fgen) breakUnless(p Pos, c operand) {
	if c.cv != nil && c.cv.i != 0 {
		return
	}
	f.depth++
	f.emit(p, "if !"+goParen(c.code)+" {")
	f.depth++
	f.emit(p, "break")
	f.depth--
	f.emit(Pos{}, "}")
	f.depth--
}

func (f *fgen) whileLoop(s *whileStmt) {
	var c operand
	pre := f.captureAt(f.depth+1, func() { c = f.toBool(f.expr(s.c), s.c.pos()) })
	outer := f.newCtl(true)
	switch {
	case len(pre) == 0 && c.cv != nil && c.cv.i != 0:
		f.emit(s.p, outer.marker+"for {")
		f.push(outer, &target{brk: outer, cont: outer})
	case len(pre) == 0:
		f.emit(s.p, outer.marker+"for "+c.code+" {")
		f.push(outer, &target{brk: outer, cont: outer})
	default:
		f.emit(s.p, outer.marker+"for {")
		f.push(outer, &target{brk: outer, cont: outer})
		f.lines = append(f.lines, pre...)
		f.breakUnless(s.c.pos(), c)
	}
	f.body(s.body)
	f.pop(true)
	f.emit(Pos{}, "}")
}

// once is the header of the one-pass loop whose `continue` stands for a C continue where the
// C loop's step must still run after it.
func (f *fgen) once(c *goCtl) string {
	v := f.tr.prefix + "once"
	return c.marker + "for " + v + " := 0; " + v + " < 1; " + v + "++ {"
}

func (f *fgen) forLoop(s *forStmt) {
	f.pushScope()
	defer f.popScope()
	opened := false
	if s.init != nil {
		if _, ok := s.init.(*declStmt); ok {
			f.emit(s.p, "{")
			f.depth++
			opened = true
		}
		f.stmt(s.init)
	}
	var c operand
	var pre []string
	if s.c != nil {
		pre = f.captureAt(f.depth+1, func() { c = f.toBool(f.expr(s.c), s.c.pos()) })
	} else {
		c = constOp(tBool, cval{i: 1})
	}
	var post []string
	if s.post != nil {
		post = f.captureAt(f.depth+1, func() { f.discard(s.post) })
	}
	forever := c.cv != nil && c.cv.i != 0
	condInHeader := len(pre) == 0 && !forever
	simplePost := len(post) <= 1
	outer := f.newCtl(true)
	inner := outer
	switch {
	case simplePost && len(post) == 1:
		cond := ""
		if condInHeader {
			cond = c.code
		}
		f.emit(s.p, outer.marker+"for ; "+cond+"; "+strings.TrimLeft(post[0], "\t")+" {")
	case condInHeader:
		f.emit(s.p, outer.marker+"for "+c.code+" {")
	default:
		f.emit(s.p, outer.marker+"for {")
	}
	f.goStack = append(f.goStack, outer)
	if !condInHeader {
		f.lines = append(f.lines, pre...)
		if s.c != nil {
			f.breakUnless(s.c.pos(), c)
		}
	}
	needInner := !simplePost && containsContinue(s.body)
	if needInner {
		inner = f.newCtl(true)
		f.depth++
		f.emit(s.p, f.once(inner))
		f.goStack = append(f.goStack, inner)
	}
	f.targets = append(f.targets, &target{brk: outer, cont: inner})
	f.body(s.body)
	f.targets = f.targets[:len(f.targets)-1]
	if needInner {
		f.goStack = f.goStack[:len(f.goStack)-1]
		f.emit(Pos{}, "}")
		f.depth--
	}
	if !simplePost {
		f.lines = append(f.lines, post...)
	}
	f.goStack = f.goStack[:len(f.goStack)-1]
	f.emit(Pos{}, "}")
	if opened {
		f.depth--
		f.emit(Pos{}, "}")
	}
}

func (f *fgen) doLoop(s *doStmt) {
	outer := f.newCtl(true)
	inner := outer
	f.emit(s.p, outer.marker+"for {")
	f.goStack = append(f.goStack, outer)
	hasCont := containsContinue(s.body)
	if hasCont {
		inner = f.newCtl(true)
		f.depth++
		f.emit(s.p, f.once(inner))
		f.goStack = append(f.goStack, inner)
	}
	f.targets = append(f.targets, &target{brk: outer, cont: inner})
	f.body(s.body)
	f.targets = f.targets[:len(f.targets)-1]
	if hasCont {
		f.goStack = f.goStack[:len(f.goStack)-1]
		f.emit(Pos{}, "}")
		f.depth--
	}
	f.depth++
	c := f.toBool(f.expr(s.c), s.c.pos())
	f.depth--
	f.breakUnless(s.c.pos(), c)
	f.goStack = f.goStack[:len(f.goStack)-1]
	f.emit(Pos{}, "}")
}

// containsContinue reports a continue that belongs to the loop whose body s is.
func containsContinue(s stmt) bool {
	switch s := s.(type) {
	case *continueStmt:
		return true
	case *blockStmt:
		for _, x := range s.list {
			if containsContinue(x) {
				return true
			}
		}
	case *ifStmt:
		return containsContinue(s.then) || s.els != nil && containsContinue(s.els)
	case *switchStmt:
		return containsContinue(s.body)
	}
	return false
}

// fallsThrough reports whether control can leave the end of a case's statements.
func fallsThrough(list []stmt) bool {
	if len(list) == 0 {
		return true
	}
	switch s := list[len(list)-1].(type) {
	case *breakStmt, *continueStmt, *returnStmt:
		return false
	case *blockStmt:
		return fallsThrough(s.list)
	}
	return true
}

func (f *fgen) switchStmt(s *switchStmt) {
	tag := f.value(f.expr(s.tag), s.tag.pos())
	if !tag.t.isArith() || tag.t.kind == kFloat {
		f.fail(errSource(s.tag.pos(), "a switch needs an integer value, not %s", tag.t))
	}
	tt := promote(tag.t)
	tag = f.conv(tag, tt, s.tag.pos())
	type clause struct {
		vals []string
		def  bool
		p    Pos
		body []stmt
	}
	var clauses []*clause
	seen := map[int64]Pos{}
	for _, x := range s.body.list {
		cs, ok := x.(*caseStmt)
		if !ok {
			if len(clauses) == 0 {
				if _, empty := x.(*emptyStmt); empty {
					continue
				}
				f.fail(errUnsupported(x.pos(), "statements before a switch's first case label"))
			}
			cl := clauses[len(clauses)-1]
			cl.body = append(cl.body, x)
			continue
		}
		if len(clauses) == 0 || len(clauses[len(clauses)-1].body) > 0 {
			clauses = append(clauses, &clause{p: cs.p})
		}
		cl := clauses[len(clauses)-1]
		if cs.v == nil {
			cl.def = true
			continue
		}
		var v operand
		pre := f.capture(func() { v = f.expr(cs.v) })
		if v.cv == nil || len(pre) > 0 || !v.t.isArith() || v.t.kind == kFloat {
			f.fail(errSource(cs.v.pos(), "a case label must be an integer constant"))
		}
		v = f.conv(v, tt, cs.v.pos())
		if first, dup := seen[v.cv.i]; dup {
			f.fail(errSource(cs.v.pos(), "duplicate case value (first at line %d)", first.Line+f.tr.lineOff))
		}
		seen[v.cv.i] = cs.v.pos()
		cl.vals = append(cl.vals, v.code)
	}
	sw := f.newCtl(false)
	f.emit(s.p, sw.marker+"switch "+tag.code+" {")
	f.push(sw, &target{isSwitch: true, brk: sw})
	for k, cl := range clauses {
		last := k == len(clauses)-1
		if len(cl.vals) > 0 {
			f.emit(cl.p, "case "+strings.Join(cl.vals, ", ")+":")
			if cl.def {
				f.depth++
				f.emit(cl.p, "fallthrough")
				f.depth--
				f.emit(cl.p, "default:")
			}
		} else {
			f.emit(cl.p, "default:")
		}
		f.body(&blockStmt{p: cl.p, list: cl.body})
		if !last && fallsThrough(cl.body) {
			f.depth++
			f.emit(Pos{}, "fallthrough")
			f.depth--
		}
	}
	f.pop(true)
	f.emit(Pos{}, "}")
}

// ---- declarations ----

// constInt evaluates an integer constant expression (an array size).
func (f *fgen) constInt(e expr, what string) int64 {
	var o operand
	pre := f.capture(func() { o = f.expr(e) })
	if o.cv == nil || len(pre) > 0 || !o.t.isArith() || o.t.kind == kFloat {
		f.fail(errUnsupported(e.pos(), what+" that is not an integer constant"))
	}
	v := o.cv.i
	if !o.t.signed && v < 0 {
		f.fail(errSource(e.pos(), "%s is too large", what))
	}
	return v
}

func (f *fgen) declare(d *varDecl) {
	switch {
	case d.static:
		f.fail(errUnsupported(d.p, "a static local variable"))
	case d.shared:
		f.declareShared(d)
		return
	case d.extern:
		f.fail(errUnsupported(d.p, "an extern declaration in a function"))
	case d.ptr:
		f.declarePointer(d)
		return
	case len(d.dims) > 0:
		f.declareArray(d)
		return
	}
	t := d.base
	var init *operand
	if d.init != nil {
		e := d.init
		if il, ok := e.(*initList); ok {
			switch len(il.elems) {
			case 0:
				e = nil
			case 1:
				e = il.elems[0]
				if _, nested := e.(*initList); nested {
					f.fail(errUnsupported(il.p, "nested braces around a scalar initializer"))
				}
			default:
				f.fail(errSource(il.p, "too many initializers for %s", d.name))
			}
		}
		if e != nil {
			o := f.expr(e)
			init = &o
		} else if t == nil {
			f.fail(errSource(d.p, "auto needs an initializer"))
		} else {
			zero := constOp(t, cval{})
			init = &zero
		}
	}
	if t == nil {
		if init == nil {
			f.fail(errSource(d.p, "auto needs an initializer"))
		}
		if init.t.isBuffer() || init.addr != nil {
			f.fail(errUnsupported(d.p, "an auto pointer variable (declare T* "+d.name+")"))
		}
		t = f.value(*init, d.p).t // auto keeps the value's exact type
	}
	if t == tVoid {
		f.fail(errSource(d.p, "variable %s has type void", d.name))
	}
	if !t.isArith() {
		f.fail(errUnsupported(d.p, "a local "+t.String()+" variable"))
	}
	v := &variable{name: d.name, goName: f.tr.goName(d.name), t: t, isConst: d.isConst, pos: d.p}
	if init != nil {
		c := f.conv(*init, t, d.p)
		init = &c
	}
	if d.isConst && init == nil {
		f.fail(errSource(d.p, "const variable %s needs an initializer", d.name))
	}
	if d.isConst && init.cv != nil {
		v.cv = init.cv
		f.scope.add(v)
		return
	}
	if init != nil {
		f.emit(d.p, "var "+v.goName+" "+t.goType()+" = "+init.code)
	} else {
		f.emit(d.p, "var "+v.goName+" "+t.goType())
	}
	f.emit(Pos{}, "_ = "+v.goName)
	f.scope.add(v)
}

func (f *fgen) declareArray(d *varDecl) {
	t := d.base
	if t == nil {
		f.fail(errSource(d.p, "an array can't be auto"))
	}
	if !t.isArith() {
		f.fail(errUnsupported(d.p, "an array of "+t.String()))
	}
	il, _ := d.init.(*initList)
	if d.init != nil && il == nil {
		if _, ok := d.init.(*stringLit); ok {
			f.fail(errUnsupported(d.p, "a string literal"))
		}
		f.fail(errSource(d.p, "an array is initialized with a braced list"))
	}
	dims := make([]int64, len(d.dims))
	for k, de := range d.dims {
		if de == nil {
			if il == nil {
				f.fail(errSource(d.p, "array %s needs a size", d.name))
			}
			dims[k] = int64(len(il.elems))
			continue
		}
		dims[k] = f.constInt(de, "an array size")
		if dims[k] <= 0 {
			f.fail(errSource(de.pos(), "array size must be positive"))
		}
	}
	at := t
	for k := len(dims) - 1; k >= 0; k-- {
		at = &ctype{kind: kArray, elem: at, n: dims[k]}
	}
	if at.n*int64(max(t.size, 1)) > 1<<20 {
		f.fail(errUnsupported(d.p, "a local array larger than 1 MiB"))
	}
	v := &variable{name: d.name, goName: f.tr.goName(d.name), t: at, isConst: d.isConst, pos: d.p}
	f.emit(d.p, "var "+v.goName+" "+at.goType())
	f.emit(Pos{}, "_ = "+v.goName)
	if il != nil {
		f.initArray(v.goName, at, il)
	}
	f.scope.add(v)
}

// initArray assigns a braced list's values to an array's elements.
func (f *fgen) initArray(code string, t *ctype, il *initList) {
	if int64(len(il.elems)) > t.n {
		f.fail(errSource(il.p, "too many initializers (the array has %d elements)", t.n))
	}
	for k, e := range il.elems {
		el := fmt.Sprintf("%s[%d]", code, k)
		if sub, ok := e.(*initList); ok {
			if t.elem.kind != kArray {
				f.fail(errUnsupported(sub.p, "braces around a scalar initializer"))
			}
			f.initArray(el, t.elem, sub)
			continue
		}
		if t.elem.kind == kArray {
			f.fail(errUnsupported(e.pos(), "initializing a multi-dimensional array without inner braces"))
		}
		v := f.conv(f.expr(e), t.elem, e.pos())
		if v.cv != nil && v.cv.i == 0 && v.cv.f == 0 {
			continue // arrays start zeroed
		}
		f.emit(e.pos(), el+" = "+v.code)
	}
}

func (f *fgen) declareShared(d *varDecl) {
	if !f.fn.global {
		f.fail(errUnsupported(d.p, "a __shared__ variable in a __device__ function (declare it in the kernel and pass it)"))
	}
	if d.init != nil {
		f.fail(errSource(d.p, "a __shared__ variable can't have an initializer"))
	}
	if d.ptr {
		f.fail(errUnsupported(d.p, "a __shared__ pointer"))
	}
	t := d.base
	if t == nil || !t.isArith() || t.kind == kBool {
		name := "auto"
		if t != nil {
			name = t.String()
		}
		f.fail(errUnsupported(d.p, "__shared__ memory of type "+name))
	}
	v := &variable{name: d.name, t: t, elem: t, storage: storeShared, pos: d.p}
	switch {
	case d.extern:
		if len(d.dims) != 1 || d.dims[0] != nil {
			f.fail(errUnsupported(d.p, "extern __shared__ memory not declared as "+d.name+"[]"))
		}
		v.dynamic = true
		v.dims = []int64{0}
		v.t = &ctype{kind: kArray, elem: t}
	case len(d.dims) == 0:
		v.sharedScalar = true
		v.dims = []int64{1}
	default:
		for _, de := range d.dims {
			if de == nil {
				f.fail(errSource(d.p, "__shared__ array %s needs a size (or extern for dynamic shared memory)", d.name))
			}
			n := f.constInt(de, "a __shared__ array size")
			if n <= 0 {
				f.fail(errSource(de.pos(), "array size must be positive"))
			}
			v.dims = append(v.dims, n)
		}
		at := t
		for k := len(v.dims) - 1; k >= 0; k-- {
			at = &ctype{kind: kArray, elem: at, n: v.dims[k]}
		}
		v.t = at
	}
	name := f.tr.goName(d.name)
	if f.declNames[d.name] > 1 || f.goNames[name] > 0 {
		f.goNames[name]++
		name = fmt.Sprintf("%s%ssh%d", name, f.tr.prefix, f.goNames[name])
	}
	f.goNames[name]++
	v.goName = name
	f.shared = append(f.shared, v)
	f.scope.add(v)
}

// declarePointer declares `T* p = buf + i`: an offset into a buffer.
func (f *fgen) declarePointer(d *varDecl) {
	if d.init == nil || len(d.dims) > 0 {
		f.fail(errUnsupported(d.p, "a pointer variable without an initializer"))
	}
	if d.base == nil || !d.base.isArith() {
		f.fail(errUnsupported(d.p, "a pointer to this type"))
	}
	base, idx := f.pointee(d.init, d.p)
	if !sameGo(base.elem(), d.base) {
		f.fail(errUnsupported(d.p, fmt.Sprintf("pointing a %s* at %s elements", d.base, base.elem())))
	}
	if base.constElem() && !d.isConst {
		f.fail(errSource(d.p, "%s points at a read-only (const) buffer: declare it const %s*", d.name, d.base))
	}
	v := &variable{name: d.name, goName: f.tr.goName(d.name), storage: storePtr, ptrBase: base.v, pos: d.p,
		t: &ctype{kind: kPointer, elem: base.elem(), constElem: d.isConst || base.constElem()}}
	f.emit(d.p, "var "+v.goName+" int64 = "+idx)
	f.emit(Pos{}, "_ = "+v.goName)
	f.scope.add(v)
}

// pointee is what a pointer variable may point into.
type pointee struct {
	v *variable // a buffer parameter or shared memory
}

func (p pointee) elem() *ctype {
	if p.v.storage == storeShared {
		return p.v.elem
	}
	return p.v.t.elem
}

func (p pointee) constElem() bool { return p.v.storage != storeShared && p.v.t.constElem }

// pointee translates a pointer value: a buffer, shared memory, &buf[i], buf + i or another
// pointer variable (plus an offset). It returns the buffer and the element index (int64).
func (f *fgen) pointee(e expr, p Pos) (pointee, string) {
	if c, ok := e.(*call); ok && len(c.args) == 0 {
		if m, ok := c.fn.(*member); ok && (m.name == "data" || m.name == "begin") && !m.arrow {
			if b := f.expr(m.x); b.t.kind == kSlice && b.v != nil {
				return pointee{v: b.v}, "0"
			}
		}
	}
	o := f.expr(e)
	switch {
	case o.addr != nil:
		if o.addr.peer {
			f.fail(errSource(p, "the address of a Peer<T> element is a PeerPtr<T>, not a pointer"))
		}
		b := o.addr.base
		_, idx := splitElem(o.addr.elem)
		if b.storage == storePtr {
			b = b.ptrBase
		}
		if b == nil || b.storage != storeParam && b.storage != storeShared {
			f.fail(errUnsupported(p, "pointing into this"))
		}
		if b.storage == storeShared && !b.dynamic && len(b.dims) > 1 {
			f.fail(errUnsupported(p, "a pointer into a multi-dimensional __shared__ array"))
		}
		return pointee{v: b}, "int64(" + idx + ")"
	case o.v != nil && o.v.storage == storePtr:
		return pointee{v: o.v.ptrBase}, o.v.goName
	case o.t.kind == kPeer:
		f.fail(errSource(p, "a Peer<T> is not a pointer (index it, or use its elements' addresses in atomics)"))
	case o.t.kind == kSlice:
		f.fail(errSource(p, "a Slice<T> is not a pointer (use .data())"))
	case o.t.isBuffer() && o.v != nil:
		return pointee{v: o.v}, "0"
	case o.v != nil && o.v.storage == storeShared && len(o.shIdx) == 0 && len(o.v.dims) == 1 && !o.v.sharedScalar:
		return pointee{v: o.v}, "0"
	}
	f.fail(errUnsupported(p, "a pointer to this"))
	return pointee{}, ""
}

// assignPointer translates p = ..., p += n and p -= n on a pointer variable.
func (f *fgen) assignPointer(pv *variable, x *assign) {
	switch x.op {
	case "+=", "-=":
		n := f.conv(f.expr(x.r), tLLong, x.r.pos())
		f.emit(x.p, pv.goName+" "+x.op+" "+n.code)
	case "=":
		b, idx := f.pointee(x.r, x.p)
		if b.v != pv.ptrBase {
			f.fail(errUnsupported(x.p, "pointing "+pv.name+" into another buffer"))
		}
		f.emit(x.p, pv.goName+" = "+idx)
	default:
		f.fail(errSource(x.p, "invalid operator %s on a pointer", x.op))
	}
}
