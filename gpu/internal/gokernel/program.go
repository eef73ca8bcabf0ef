package gokernel

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// program is the checked form of a definition that both the simulator's compiler and the
// CUDA translator work from: the syntax trees of the kernels and device functions, their
// type information, and what the checker learned about them.
type program struct {
	fset    *token.FileSet
	info    *types.Info
	gpuPkg  *types.Package
	mathPkg *types.Package
	funcs   map[*types.Func]*function

	// cached objects of package gpu
	threadType, f16Type, bf16Type *types.Named
	peerType                      *types.Named // generic Peer[T]
}

// function is a kernel or a device function.
type function struct {
	prog    *program
	name    string
	obj     *types.Func
	decl    *ast.FuncDecl
	kernel  bool
	thread  *types.Var   // the gpu.Thread parameter; nil where there is none
	params  []*types.Var // the other parameters, in order
	results []types.Type

	noBounds bool                // //gpu:nobounds: the CUDA translation drops bounds checks
	barrier  bool                // calls Thread.Barrier
	callees  []*function         // device functions it calls directly
	shared   []*sharedDecl       // gpu.Shared / gpu.DynamicShared declarations (kernels)
	written  map[*types.Var]bool // buffer parameters it writes (directly or through calls)
	rmw      map[*types.Var]bool // buffer parameters it updates with read-modify-write atomics (directly or through calls)
	effects  bool                // writes memory, or calls atomics or SyncSystem (through calls too)
}

// sharedDecl is a block shared-memory declaration: v := gpu.Shared[T](n).
type sharedDecl struct {
	v       *types.Var
	elem    types.Type
	n       int64 // elements; -1 for dynamic shared memory
	call    *ast.CallExpr
	dynamic bool
}

func (p *program) pos(pos token.Pos) string {
	ps := p.fset.Position(pos)
	return fmt.Sprintf("%s:%d:%d", ps.Filename, ps.Line, ps.Column)
}

func (p *program) errorAt(pos token.Pos, format string, args ...any) *Error {
	ps := p.fset.Position(pos)
	return &Error{File: ps.Filename, Line: ps.Line, Col: ps.Column, Msg: fmt.Sprintf(format, args...)}
}

// isThread reports whether t is gpu.Thread.
func (p *program) isThread(t types.Type) bool {
	return types.Identical(t, p.threadType)
}

// isHalf reports whether t is gpu.F16 or gpu.BF16.
func (p *program) isHalf(t types.Type) bool {
	return types.Identical(t, p.f16Type) || types.Identical(t, p.bf16Type)
}

// isPeer reports whether t is gpu.Peer[T].
func (p *program) isPeer(t types.Type) bool {
	n, ok := t.(*types.Named)
	return ok && n.Origin() == p.peerType
}

// sliceElem returns the element type of a buffer type ([]T or gpu.Peer[T]), or nil.
func sliceElem(t types.Type) types.Type {
	if s, ok := t.Underlying().(*types.Slice); ok {
		return s.Elem()
	}
	return nil
}

// elemDType returns the buffer dtype of an element type, or Invalid.
func (p *program) elemDType(t types.Type) backend.DType {
	switch {
	case types.Identical(t, p.f16Type):
		return backend.Float16
	case types.Identical(t, p.bf16Type):
		return backend.BFloat16
	}
	b, ok := t.(*types.Basic)
	if !ok {
		return backend.Invalid
	}
	switch b.Kind() {
	case types.Int8:
		return backend.Int8
	case types.Int16:
		return backend.Int16
	case types.Int32:
		return backend.Int32
	case types.Int64, types.Int:
		return backend.Int64
	case types.Uint8:
		return backend.Uint8
	case types.Uint16:
		return backend.Uint16
	case types.Uint32:
		return backend.Uint32
	case types.Uint64, types.Uint:
		return backend.Uint64
	case types.Float32:
		return backend.Float32
	case types.Float64:
		return backend.Float64
	}
	return backend.Invalid
}

// isScalar reports whether t is a type a kernel value may have: a number, a bool, F16, BF16.
func (p *program) isScalar(t types.Type) bool {
	if p.isHalf(t) {
		return true
	}
	b, ok := t.(*types.Basic)
	if !ok {
		return false
	}
	return b.Kind() == types.Bool || p.elemDType(b) != backend.Invalid
}

// isValue reports whether t is a scalar or a (nested) array of scalars.
func (p *program) isValue(t types.Type) bool {
	if a, ok := t.(*types.Array); ok {
		return p.isValue(a.Elem())
	}
	return p.isScalar(t)
}

// typeOf returns the type of an expression.
func (p *program) typeOf(e ast.Expr) types.Type { return p.info.TypeOf(e) }

// varOf returns the variable an identifier denotes, or nil.
func (p *program) varOf(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := p.info.ObjectOf(id).(*types.Var)
	return v
}

// callKind classifies a call expression.
type callKind int

const (
	callInvalid    callKind = iota
	callConversion          // T(x)
	callBuiltin             // len, cap, min, max
	callMath                // math.F
	callGPU                 // gpu.F (atomics, shared memory, SyncSystem, ToF16, ...)
	callThread              // t.Barrier(), t.GlobalX(), ...
	callHalf                // h.Float32() on F16 or BF16
	callDevice              // a //gpu:device function
	callKernel              // a kernel (not allowed)
	callOther               // anything else (not allowed)
)

type callInfo struct {
	kind callKind
	name string    // function, builtin or method name
	fn   *function // callDevice
}

// classify says what a call calls.
func (p *program) classify(call *ast.CallExpr) callInfo {
	fun := ast.Unparen(call.Fun)
	if tv, ok := p.info.Types[fun]; ok && tv.IsType() {
		return callInfo{kind: callConversion}
	}
	// strip explicit instantiation: gpu.Shared[float32]
	switch x := fun.(type) {
	case *ast.IndexExpr:
		fun = x.X
	case *ast.IndexListExpr:
		fun = x.X
	}
	switch f := fun.(type) {
	case *ast.Ident:
		switch obj := p.info.Uses[f].(type) {
		case *types.Builtin:
			return callInfo{kind: callBuiltin, name: obj.Name()}
		case *types.Func:
			if fn := p.funcs[obj]; fn != nil {
				if fn.kernel {
					return callInfo{kind: callKernel, name: obj.Name(), fn: fn}
				}
				return callInfo{kind: callDevice, name: obj.Name(), fn: fn}
			}
			return callInfo{kind: callOther, name: obj.Name()}
		}
	case *ast.SelectorExpr:
		if sel, ok := p.info.Selections[f]; ok {
			recv := sel.Recv()
			if sel.Kind() == types.MethodVal {
				switch {
				case p.isThread(recv):
					return callInfo{kind: callThread, name: f.Sel.Name}
				case p.isHalf(recv):
					return callInfo{kind: callHalf, name: f.Sel.Name}
				}
			}
			return callInfo{kind: callOther, name: f.Sel.Name}
		}
		if obj, ok := p.info.Uses[f.Sel].(*types.Func); ok && obj.Pkg() != nil {
			switch obj.Pkg() {
			case p.mathPkg:
				return callInfo{kind: callMath, name: obj.Name()}
			case p.gpuPkg:
				return callInfo{kind: callGPU, name: obj.Name()}
			}
		}
		return callInfo{kind: callOther, name: f.Sel.Name}
	}
	return callInfo{kind: callOther}
}

// atomicOps are the gpu atomics and whether each writes memory.
var atomicOps = map[string]bool{
	"AtomicAdd": true, "AtomicMax": true, "AtomicMin": true, "AtomicExch": true,
	"AtomicCAS": true, "AtomicLoad": false, "AtomicStore": true, "AtomicAnd": true,
	"AtomicOr": true, "AtomicXor": true,
}

// rmwOps are the gpu atomics that read, modify and write memory in one operation: the ones
// that need native atomics over the link to the memory (AtomicLoad and AtomicStore are
// single loads and stores).
var rmwOps = map[string]bool{
	"AtomicAdd": true, "AtomicMax": true, "AtomicMin": true, "AtomicExch": true,
	"AtomicCAS": true, "AtomicAnd": true, "AtomicOr": true, "AtomicXor": true,
}

// atomicTarget returns the buffer expression and index of an atomic's first argument
// &buf[i], or nils.
func atomicTarget(arg ast.Expr) (buf, index ast.Expr) {
	u, ok := ast.Unparen(arg).(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return nil, nil
	}
	ix, ok := ast.Unparen(u.X).(*ast.IndexExpr)
	if !ok {
		return nil, nil
	}
	return ix.X, ix.Index
}

// threadField decodes t.ThreadIdx.X and the like: which (0 ThreadIdx, 1 BlockIdx,
// 2 BlockDim, 3 GridDim) and axis (0..2). ok is false for any other expression.
func (p *program) threadField(e *ast.SelectorExpr) (which, axis int, ok bool) {
	inner, isSel := ast.Unparen(e.X).(*ast.SelectorExpr)
	if !isSel || !p.isThread(p.typeOf(inner.X)) {
		return 0, 0, false
	}
	switch inner.Sel.Name {
	case "ThreadIdx":
		which = 0
	case "BlockIdx":
		which = 1
	case "BlockDim":
		which = 2
	case "GridDim":
		which = 3
	default:
		return 0, 0, false
	}
	switch e.Sel.Name {
	case "X":
		axis = 0
	case "Y":
		axis = 1
	case "Z":
		axis = 2
	default:
		return 0, 0, false
	}
	return which, axis, true
}
