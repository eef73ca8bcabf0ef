package gokernel

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// cpuFunc is a compiled kernel or device function.
type cpuFunc struct {
	name    string
	code    []instr
	nv, ns  int        // scalar slots and views its frame needs
	params  []cpuParam // parameters without the gpu.Thread, in order
	results []int      // first slot of each result
}

type cpuParam struct {
	view bool // a buffer: a view index; else a slot
	slot int
	n    int // slots
	k    kind
}

// cpuKernel is a kernel compiled for the CPU executor (simulated devices).
type cpuKernel struct {
	name    string
	fn      *cpuFunc
	params  []kernelParam
	barrier bool
	shared  []sharedLayout
}

type kernelParam struct {
	buffer, peer bool
	slot         int // view index for buffers, slot for scalars
	k            kind
	dtype        backend.DType
}

// sharedLayout is one shared-memory declaration of a kernel.
type sharedLayout struct {
	view     int // view index in the kernel's frame
	elems    int // -1: dynamic shared memory
	elemSize int
}

type compiler struct {
	p      *program
	funcs  map[*function]*cpuFunc
	kernel *cpuKernel
	errs   ErrorList
}

// fc compiles one function.
type fc struct {
	*compiler
	f      *function
	sf     *cpuFunc
	vars   map[*types.Var]int // first slot of scalars and arrays
	views  map[*types.Var]int // buffers and shared memory
	code   []instr
	nv, ns int
	ctx    []*jumpCtx
	label  string // label of the statement being compiled
	end    *int   // the function's end
}

// jumpCtx is an enclosing for, range or switch: where break and continue go.
type jumpCtx struct {
	label string
	brk   *int
	cont  *int // nil for a switch
}

// compileCPU compiles a checked kernel to closures.
func compileCPU(p *program, fn *function) (sk *cpuKernel, err error) {
	c := &compiler{p: p, funcs: map[*function]*cpuFunc{}}
	sk = &cpuKernel{name: fn.name, barrier: fn.barrier}
	c.kernel = sk
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("gokernel: internal error compiling %s: %v", fn.name, r)
		}
	}()
	sf := c.function(fn)
	if len(c.errs) > 0 {
		return nil, c.errs.Sorted()
	}
	sk.fn = sf
	for i, v := range fn.params {
		sp := sf.params[i]
		kp := kernelParam{slot: sp.slot, k: sp.k}
		if elem := sliceElem(v.Type()); elem != nil {
			kp.buffer, kp.peer, kp.dtype = true, p.isPeer(v.Type()), p.elemDType(elem)
		} else {
			kp.dtype = p.elemDType(v.Type())
		}
		sk.params = append(sk.params, kp)
	}
	return sk, nil
}

func (c *compiler) errorf(pos token.Pos, format string, args ...any) {
	c.errs = append(c.errs, c.p.errorAt(pos, format, args...))
}

// function compiles fn once per kernel (recursive calls find it in c.funcs).
func (c *compiler) function(fn *function) *cpuFunc {
	if sf := c.funcs[fn]; sf != nil {
		return sf
	}
	sf := &cpuFunc{name: fn.name}
	c.funcs[fn] = sf
	f := &fc{compiler: c, f: fn, sf: sf, vars: map[*types.Var]int{}, views: map[*types.Var]int{}, end: new(int)}
	for _, v := range fn.params {
		if sliceElem(v.Type()) != nil {
			f.views[v] = f.newView()
			sf.params = append(sf.params, cpuParam{view: true, slot: f.views[v]})
			continue
		}
		n := slots(v.Type())
		s := f.newSlots(n)
		f.vars[v] = s
		sf.params = append(sf.params, cpuParam{slot: s, n: n, k: c.p.kindOf(v.Type())})
	}
	sig := fn.obj.Type().(*types.Signature)
	for i := 0; i < sig.Results().Len(); i++ {
		r := sig.Results().At(i)
		n := slots(r.Type())
		s := f.newSlots(n)
		sf.results = append(sf.results, s)
		if r.Name() != "" && r.Name() != "_" {
			f.vars[r] = s
			f.emitZero(s, n)
		}
	}
	f.block(fn.decl.Body.List)
	*f.end = len(f.code)
	sf.code = f.code
	sf.nv, sf.ns = f.nv, f.ns
	return sf
}

func (f *fc) newSlots(n int) int {
	s := f.nv
	f.nv += n
	return s
}

func (f *fc) newView() int {
	s := f.ns
	f.ns++
	return s
}

func (f *fc) pos(n ast.Node) string { return f.p.pos(n.Pos()) }

func (f *fc) next() int { return len(f.code) + 1 }

func (f *fc) emit(i instr) { f.code = append(f.code, i) }

func (f *fc) emitJump(target *int) {
	f.emit(func(*frame) int { return *target })
}

// emitJumpUnless continues when cond holds, else jumps to target.
func (f *fc) emitJumpUnless(cond val, target *int) {
	if cond.jump != nil {
		f.emit(cond.jump(target, f.next(), true))
		return
	}
	c, next := cond.e.(ev[bool]), f.next()
	f.emit(func(fr *frame) int {
		if c(fr) {
			return next
		}
		return *target
	})
}

// emitJumpIf jumps to target when cond holds.
func (f *fc) emitJumpIf(cond val, target *int) {
	if cond.jump != nil {
		f.emit(cond.jump(target, f.next(), false))
		return
	}
	c, next := cond.e.(ev[bool]), f.next()
	f.emit(func(fr *frame) int {
		if c(fr) {
			return *target
		}
		return next
	})
}

func (f *fc) emitZero(slot, n int) {
	next := f.next()
	f.emit(func(fr *frame) int {
		clear(fr.v[slot : slot+n])
		return next
	})
}
