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
		defer recoverBail(&out.err)
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
