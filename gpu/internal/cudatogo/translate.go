package cudatogo

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/cudasrc"
	"github.com/peerbook/peerbook/gpu/internal/gokernel"
)

// Program is the CUDA C++ source of a %%cuda cell translated for simulated devices: a Go
// kernel for each __global__ function that the subset covers, and an error for each other.
type Program struct {
	file    string
	order   []string
	kernels map[string]*Kernel
	errs    map[string]error
	srcErrs ErrorList
	fatal   error
}

// errInternal is wrapped by the error of a translator failure (a bug).
var errInternal = errors.New("the simulator's CUDA C translator failed")

// Kernel is a CUDA C kernel translated to a Go kernel: the simulator runs it like one.
type Kernel struct {
	name  string
	sig   backend.Signature
	gk    *gokernel.Kernel
	goSrc string
}

// Name returns the kernel's name.
func (k *Kernel) Name() string { return k.name }

// Signature returns the kernel's parameters exactly as cudasrc.Signatures reads them from
// the CUDA source, so that argument checks are those of the GPU path.
func (k *Kernel) Signature() backend.Signature { return k.sig }

// Run executes the kernel on the CPU (see gokernel.Kernel.Run).
func (k *Kernel) Run(cfg backend.LaunchConfig, args []backend.Arg, done <-chan struct{}) error {
	return k.gk.Run(cfg, args, done)
}

// GoSource returns the Go kernel source the CUDA C kernel was translated to (helpers and
// device functions first).
func (k *Kernel) GoSource() string { return k.goSrc }

// Kernels returns the names of the source's __global__ functions, in source order.
func (p *Program) Kernels() []string { return append([]string(nil), p.order...) }

// Kernel returns the translated kernel name, or why it can't run on simulated devices (an
// ErrorList naming the cell's lines).
func (p *Program) Kernel(name string) (*Kernel, error) {
	if k := p.kernels[name]; k != nil {
		return k, nil
	}
	if err := p.errs[name]; err != nil {
		return nil, err
	}
	if p.fatal != nil {
		return nil, p.fatal
	}
	return nil, fmt.Errorf("%s: no __global__ function %s in the source", p.file, name)
}

// Err returns the errors that make the source invalid CUDA C++ (syntax errors, undeclared
// names, type errors: what NVRTC would reject too), or nil. Constructs that are merely
// outside the subset are not among them: they only keep their kernels off the simulator.
func (p *Program) Err() error {
	if p.fatal != nil {
		return p.fatal
	}
	if len(p.srcErrs) > 0 {
		return p.srcErrs
	}
	return nil
}

// Translate translates the CUDA C++ source of a %%cuda cell (file names the cell in errors;
// line is the cell line of src's first line) to Go kernels for the simulator.
func Translate(src, file string, line int) (prog *Program) {
	if file == "" {
		file = "cuda"
	}
	if line < 1 {
		line = 1
	}
	p := &Program{file: file, kernels: map[string]*Kernel{}, errs: map[string]error{}}
	defer func() {
		// A bug of the translator must not take the session down: it fails the cell.
		if r := recover(); r != nil {
			p.kernels = map[string]*Kernel{}
			p.fatal = fmt.Errorf("%s: %w: %v", file, errInternal, r)
			prog = p
		}
	}()
	off := line - 1
	toErr := func(d *diag) *Error {
		l := d.pos.Line + off
		if d.pos.Line == 0 {
			l = line
		}
		return &Error{File: file, Line: l, Col: d.pos.Col, Msg: d.msg, Unsupported: d.unsupported}
	}
	cks, err := cudasrc.Kernels(src)
	if err != nil {
		var se *cudasrc.SourceError
		if errors.As(err, &se) {
			p.fatal = errors.New(se.At(file, off))
		} else {
			p.fatal = fmt.Errorf("%s: %w", file, err)
		}
		return p
	}
	for _, k := range cks {
		p.order = append(p.order, k.Signature.Name)
	}
	toks, lerr := lex(src)
	if lerr != nil {
		p.fatal = ErrorList{toErr(&diag{pos: Pos{lerr.Line, lerr.Col}, msg: lerr.Msg})}
		return p
	}
	ptoks, pp, d := preprocess(toks)
	if d != nil {
		p.fatal = ErrorList{toErr(d)}
		return p
	}
	f := parseFile(ptoks, pp)
	tr := &translator{f: f, file: file, lineOff: off, idents: map[string]bool{}, outs: map[*funcDecl]*funcOut{}}
	for _, t := range toks {
		if t.kind == tkIdent {
			tr.idents[t.text] = true
		}
	}
	tr.prefix = "cs_"
	for n := 1; ; n++ {
		clash := false
		for id := range tr.idents {
			if strings.HasPrefix(id, tr.prefix) {
				clash = true
				break
			}
		}
		if !clash {
			break
		}
		tr.prefix = fmt.Sprintf("cs%d_", n)
	}
	tr.globals = &scope{vars: map[string]*variable{}}
	for _, d := range tr.constants() {
		if !d.unsupported {
			p.srcErrs = append(p.srcErrs, toErr(d))
		}
	}
	for _, d := range f.errs {
		p.srcErrs = append(p.srcErrs, toErr(d))
	}
	for _, fn := range f.order {
		out := tr.translateFunc(fn)
		tr.outs[fn] = out
		// A prototype without a definition is an error only where a kernel calls it.
		if out.err != nil && !out.err.unsupported && (fn.body != nil || fn.err != nil) {
			p.srcErrs = append(p.srcErrs, toErr(out.err))
		}
	}
	p.srcErrs = p.srcErrs.Sorted()
	for _, ck := range cks {
		name := ck.Signature.Name
		k, errs := tr.kernel(ck)
		if len(errs) > 0 {
			list := make(ErrorList, len(errs))
			for i, d := range errs {
				list[i] = toErr(d)
			}
			p.errs[name] = list.Sorted()
			continue
		}
		gks, err := gokernel.NewLibrary().Define(k.goSrc, file, line)
		if err != nil {
			var gl gokernel.ErrorList
			if errors.As(err, &gl) {
				list := make(ErrorList, len(gl))
				for i, e := range gl {
					list[i] = &Error{File: e.File, Line: e.Line, Col: e.Col, Unsupported: true,
						Msg: "the simulator can't run this kernel's translation to Go: " + e.Msg}
				}
				p.errs[name] = list
			} else {
				p.errs[name] = fmt.Errorf("%s: translating kernel %s for the simulator: %w", file, name, err)
			}
			continue
		}
		for _, g := range gks {
			if g.Name() == tr.goName(name) {
				k.gk = g
			}
		}
		if k.gk == nil || !sameSignature(k.gk.Signature(), ck.Signature) {
			p.errs[name] = fmt.Errorf("%s:%d: kernel %s: the simulator's translation has the signature %v, the source %v",
				file, ck.Line+off, name, k.gk.Signature(), ck.Signature)
			continue
		}
		p.kernels[name] = k
	}
	return p
}

func sameSignature(a, b backend.Signature) bool {
	if len(a.Params) != len(b.Params) {
		return false
	}
	for i := range a.Params {
		if a.Params[i].Kind != b.Params[i].Kind || a.Params[i].DType != b.Params[i].DType {
			return false
		}
	}
	return true
}

// constants evaluates the namespace-scope constants, in order; failing ones become names
// that can't be used.
func (tr *translator) constants() []*diag {
	var errs []*diag
	f := &fgen{tr: tr, fn: &funcDecl{name: "constants", ret: tVoid}, thr: tr.prefix + "thr", scope: tr.globals,
		helpers: map[string]bool{}, callees: map[*funcDecl]bool{}}
	for _, c := range tr.f.consts {
		var d *diag
		func() {
			defer recoverBail(&d)
			var o operand
			pre := f.capture(func() {
				e := c.init
				if il, ok := e.(*initList); ok && len(il.elems) == 1 {
					e = il.elems[0]
				}
				o = f.expr(e)
			})
			t := c.base
			if t == nil {
				t = f.value(o, c.p).t
			}
			if !t.isArith() {
				f.fail(errUnsupported(c.p, "a constant of type "+t.String()))
			}
			o = f.conv(o, t, c.p)
			if o.cv == nil || len(pre) > 0 {
				f.fail(errUnsupported(c.p, "a namespace-scope constant whose value is not a constant expression"))
			}
			tr.globals.add(&variable{name: c.name, goName: c.name, t: t, isConst: true, cv: o.cv})
		}()
		if d != nil {
			tr.f.bad[c.name] = d
			errs = append(errs, d)
		}
	}
	return errs
}

// kernel assembles the Go source of kernel ck: its helpers, the device functions it calls
// and itself. It returns the errors of every function involved instead where there are any.
func (tr *translator) kernel(ck cudasrc.Kernel) (*Kernel, []*diag) {
	name := ck.Signature.Name
	fn := tr.f.funcs[name]
	if fn == nil || !fn.global {
		if d := tr.f.bad[name]; d != nil {
			return nil, []*diag{d}
		}
		if len(tr.f.notes) > 0 {
			return nil, []*diag{tr.f.notes[0]}
		}
		return nil, []*diag{errUnsupported(Pos{Line: ck.Line, Col: 1}, "kernel "+name+" as declared here")}
	}
	var closure []*funcDecl
	seen := map[*funcDecl]bool{fn: true}
	queue := []*funcDecl{fn}
	var errs []*diag
	for len(queue) > 0 {
		g := queue[0]
		queue = queue[1:]
		closure = append(closure, g)
		out := tr.outs[g]
		if out.err != nil {
			errs = append(errs, out.err)
			continue
		}
		for _, c := range out.callees {
			if !seen[c] {
				seen[c] = true
				queue = append(queue, c)
			}
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	helpers := map[string]bool{}
	for _, g := range closure {
		for _, h := range tr.outs[g].helpers {
			helpers[h] = true
		}
	}
	var names []string
	for h := range helpers {
		names = append(names, h)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, h := range names {
		b.WriteString(helperSource(h, tr.prefix) + "\n\n")
	}
	for _, g := range tr.f.order { // device functions in source order, then the kernel
		if seen[g] && g != fn {
			b.WriteString(tr.outs[g].code + "\n")
		}
	}
	b.WriteString(tr.outs[fn].code)
	return &Kernel{name: name, sig: ck.Signature, goSrc: b.String()}, nil
}
