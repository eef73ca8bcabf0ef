package rewrite

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// refuseErrorAsMethod refuses an As(any) bool method of an error type declared in a cell:
// errors.As would not call it (the interpreter's errors reach errors.As without their
// methods; rt.ErrorsAs tests the target itself), and would report false where Go's
// errors.As calls the method, with status ok.
func (x *cell) refuseErrorAsMethod(fd *ast.FuncDecl, add func(token.Pos, string, ...any)) {
	if fd.Recv == nil || len(fd.Recv.List) == 0 || fd.Name.Name != "As" {
		return
	}
	fn, ok := x.info.Defs[fd.Name].(*types.Func)
	if !ok {
		return
	}
	sig := fn.Type().(*types.Signature)
	if sig.Params().Len() != 1 || sig.Results().Len() != 1 || sig.Variadic() {
		return
	}
	if p, ok := sig.Params().At(0).Type().Underlying().(*types.Interface); !ok || !p.Empty() {
		return
	}
	if b, ok := sig.Results().At(0).Type().(*types.Basic); !ok || b.Kind() != types.Bool {
		return
	}
	recv := sig.Recv().Type()
	base := recv
	if p, ok := recv.(*types.Pointer); ok {
		base = p.Elem()
	}
	if !types.Implements(types.NewPointer(base), errorType.Underlying().(*types.Interface)) {
		return
	}
	name := types.TypeString(base, func(*types.Package) string { return "" })
	add(fd.Name.Pos(), "method %s.As is not supported in cells: errors.As does not call the As method of error types declared in cells and would ignore it",
		strings.TrimPrefix(name, "*"))
}
