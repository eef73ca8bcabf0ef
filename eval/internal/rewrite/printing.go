package rewrite

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/peerbook/peerbook/eval/internal/rewrite/rt"
)

// Printing: the arguments of fmt's and log's printing functions that hold values of
// the session's types (or interfaces, which may hold them) are wrapped in
// _pb_show(arg, id), where id names a description of the argument's static type (see
// package rt); %T operands become _pb_typename(arg, id) printed with %s. For every
// named type a cell declares, the cell registers the type's String and Error methods
// with _pb_register, so that the printer can call them.

// operandWrappers are the functions printCall wraps an operand in: they only read it
// for the printer, so the interpreter evaluates their calls where gc reads the operand,
// after the calls of the other arguments (fmt.Println(v, f()) with f changing v prints
// the new v).
var operandWrappers = []string{"_pb_show", "_pb_show_print", "_pb_show_sharp", "_pb_typename", "_pb_show_all", "_pb_show_all_print"}

// printFuncs are the printing functions: the index of the format argument (-1 for
// none) and of the first operand.
var printFuncs = map[string]struct{ format, first int }{
	"fmt.Print": {-1, 0}, "fmt.Println": {-1, 0}, "fmt.Printf": {0, 1},
	"fmt.Sprint": {-1, 0}, "fmt.Sprintln": {-1, 0}, "fmt.Sprintf": {0, 1},
	"fmt.Fprint": {-1, 1}, "fmt.Fprintln": {-1, 1}, "fmt.Fprintf": {1, 2},
	"fmt.Errorf": {0, 1},
	"fmt.Append": {-1, 1}, "fmt.Appendln": {-1, 1}, "fmt.Appendf": {1, 2},
	"log.Print": {-1, 0}, "log.Println": {-1, 0}, "log.Printf": {0, 1},
	"log.Fatal": {-1, 0}, "log.Fatalln": {-1, 0}, "log.Fatalf": {0, 1},
	"log.Panic": {-1, 0}, "log.Panicln": {-1, 0}, "log.Panicf": {0, 1},
}

// spacedPrint are the printing functions that put a space between two operands when
// neither is a string: their operands of kind string must stay strings (rt.ShowPrint).
var spacedPrint = map[string]bool{
	"fmt.Print": true, "fmt.Sprint": true, "fmt.Fprint": true, "fmt.Append": true,
	"log.Print": true, "log.Fatal": true, "log.Panic": true,
}

// printCall wraps the operands of a call of a printing function.
func (x *cell) printCall(call *ast.CallExpr) ast.Expr {
	if out := x.slogCall(call); out != nil {
		return out
	}
	name := x.calleeName(call.Fun)
	pf, ok := printFuncs[name]
	if ok {
		if out := x.printTuple(call, pf); out != nil {
			return out
		}
	}
	if !ok || len(call.Args) <= pf.first {
		return nil
	}
	var verbs []rune
	var lit *ast.BasicLit
	if pf.format >= 0 {
		verbs, lit = x.formatVerbs(call.Args[pf.format])
	}
	changed, extra := false, false
	if call.Ellipsis.IsValid() {
		last := len(call.Args) - 1
		if last != pf.first {
			return nil
		}
		st, ok := underlying(x.typeOf(call.Args[last])).(*types.Slice)
		if !ok || !x.needsHelp(st.Elem(), nil) {
			return nil
		}
		showAll := "_pb_show_all"
		if spacedPrint[name] {
			showAll = "_pb_show_all_print"
		}
		call.Args[last] = &ast.CallExpr{
			Fun:    &ast.Ident{NamePos: call.Args[last].Pos(), Name: showAll},
			Lparen: call.Args[last].Pos(),
			Args:   []ast.Expr{call.Args[last], x.descID(st.Elem(), call.Args[last].Pos())},
			Rparen: call.Args[last].End(),
		}
		if pf.format >= 0 {
			// The operands' verbs are known when the call runs (%T, %p, %w).
			call.Fun = x.printFunc(call.Fun, pf.format, -1)
		}
		return call
	}
	for i := pf.first; i < len(call.Args); i++ {
		arg := call.Args[i]
		tv, ok := x.info.Types[arg]
		if !ok || tv.Type == nil || isUntyped(tv.Type) {
			continue
		}
		verb := 'v'
		if verbs != nil && i-pf.first < len(verbs) {
			verb = verbs[i-pf.first]
		}
		if verb != 'T' && verb != 'p' && x.printEarly(arg, tv.Type) && othersCall(call.Args, i) {
			// gc reads this operand where it stands, before the next arguments' calls
			// (printorder.go).
			arg = printNow(arg)
			x.info.Types[arg] = tv
			call.Args[i] = arg
			changed = true
		}
		// %T of a compiled interface (fmt.Stringer, error) may name yaegi's wrapper of
		// a cell value: it needs help too.
		if !x.needsHelp(tv.Type, nil) && (verb != 'T' || !types.IsInterface(tv.Type)) {
			continue
		}
		if verbs != nil {
			if i-pf.first >= len(verbs) {
				// An extra operand: fmt reports it with its type, written when the
				// call runs.
				extra = true
			}
		} else if pf.format >= 0 && name == "fmt.Errorf" {
			if _, isErr := tv.Type.Underlying().(*types.Interface); isErr {
				continue // maybe a %w operand
			}
		}
		pos := arg.Pos()
		switch verb {
		case 'T':
			if lit == nil {
				continue
			}
			dt := tv.Type
			if types.IsInterface(dt) {
				// Any interface, compiled ones too: the dynamic value decides.
				dt = dt.Underlying()
			}
			call.Args[i] = &ast.CallExpr{Fun: &ast.Ident{NamePos: pos, Name: "_pb_typename"}, Lparen: pos,
				Args: []ast.Expr{arg, x.descID(dt, pos)}, Rparen: arg.End()}
		case 'w':
			// %w needs an error: a value of a session type must be converted to one.
			if !types.IsInterface(tv.Type) && isSessionValue(tv.Type) {
				if boxed := x.boxError(arg, tv.Type); boxed != arg {
					call.Args[i] = boxed
					changed = true
				}
			} else if types.IsInterface(tv.Type) && types.Implements(tv.Type, errorType.Underlying().(*types.Interface)) {
				// The session has a type with a Format method (needsHelp): fmt would
				// not see it on yaegi's wrapper of such an error.
				tm := tmpl{pos: arg.Pos(), exprs: map[string]ast.Expr{"_pbX_e": arg}}
				call.Args[i] = tm.expr("_pb_check_w(_pbX_e, %q)", x.r.session)
				x.info.Types[call.Args[i]] = types.TypeAndValue{Type: errorType}
				changed = true
			}
			continue
		case 'p', '*', 0:
			continue
		default:
			show := "_pb_show"
			if spacedPrint[name] {
				show = "_pb_show_print"
			}
			if verb == sharpV {
				// The printer refuses some %#v operands; inside fmt the refusal
				// would become part of the output: check first.
				show = "_pb_show_sharp"
			}
			call.Args[i] = &ast.CallExpr{Fun: &ast.Ident{NamePos: pos, Name: show}, Lparen: pos,
				Args: []ast.Expr{arg, x.descID(tv.Type, pos)}, Rparen: arg.End()}
		}
		changed = true
	}
	if x.extraOperands(call, pf.first, verbs, lit) {
		changed = true
	}
	if lit != nil {
		// %T operands that were replaced by their type name print with %s.
		newLit := replaceTypeVerbs(lit.Value, call.Args[pf.first:])
		if newLit != lit.Value {
			lit.Value = newLit
		}
	}
	if !changed {
		return nil
	}
	if pf.format >= 0 && (verbs == nil || extra) {
		// The format is read when the call runs (%T, %p, %w, explicit indexes).
		call.Fun = x.printFunc(call.Fun, pf.format, -1)
	}
	return call
}

// extraOperands replaces the operands that no verb of the format literal uses, when one
// of them may hold a value of a cell type, by the text fmt would append for them
// (_pb_extra), appended to the format as "%%!(EXTRA %s)": fmt names them by their reflect
// types, the interpreter's stand-ins for cell types (%!(EXTRA namedpool.String_1=x) for
// Go's %!(EXTRA main.Label=x)). It reports whether it changed the call.
func (x *cell) extraOperands(call *ast.CallExpr, first int, verbs []rune, lit *ast.BasicLit) bool {
	if lit == nil || verbs == nil || call.Ellipsis.IsValid() || len(call.Args)-first <= len(verbs) || len(lit.Value) < 2 {
		return false
	}
	extra := call.Args[first+len(verbs):]
	need := false
	for _, e := range extra {
		if tv, ok := x.info.Types[e]; ok && tv.Type != nil && !isUntyped(tv.Type) && (x.needsHelp(tv.Type, nil) || types.IsInterface(tv.Type)) {
			need = true
		}
	}
	if !need {
		return false
	}
	var pairs []ast.Expr
	for _, e := range extra {
		tv := x.info.Types[e]
		t := tv.Type
		if t == nil || isUntyped(t) {
			t = types.Default(t)
		}
		if t == nil {
			return false
		}
		pairs = append(pairs, e, x.descID(t, e.Pos()))
	}
	pos := extra[0].Pos()
	call.Args = append(call.Args[:first+len(verbs)], &ast.CallExpr{Fun: &ast.Ident{NamePos: pos, Name: "_pb_extra"}, Lparen: pos, Args: pairs, Rparen: extra[len(extra)-1].End()})
	lit.Value = lit.Value[:len(lit.Value)-1] + "%%!(EXTRA %s)" + lit.Value[len(lit.Value)-1:]
	return true
}

// calleeName is pkg.Func for a package function, pkg.Type.Method for a method.
func (x *cell) calleeName(fun ast.Expr) string {
	sel, ok := ast.Unparen(fun).(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	f, ok := x.info.Uses[sel.Sel].(*types.Func)
	if !ok || f.Pkg() == nil {
		return ""
	}
	if sig, ok := f.Type().(*types.Signature); ok && sig.Recv() != nil {
		// (*log.Logger).Printf prints like log.Printf. (Cells get log.Logger as
		// eval/internal/stdlib's logLogger, which embeds it.)
		if f.Pkg().Path() == "log" || isLogLogger(sig.Recv().Type()) {
			return "log." + f.Name()
		}
		return ""
	}
	return f.Pkg().Path() + "." + f.Name()
}

// formatVerbs returns the verb that applies to each operand of a constant format
// string (0 for one consumed by a * width or precision), and the literal when the
// format is a string literal. It returns nil verbs when the format is not constant or
// uses explicit argument indexes.
func (x *cell) formatVerbs(format ast.Expr) ([]rune, *ast.BasicLit) {
	tv, ok := x.info.Types[format]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return nil, nil
	}
	lit, _ := ast.Unparen(format).(*ast.BasicLit)
	verbs, ok := parseVerbs(constant.StringVal(tv.Value))
	if !ok {
		return nil, nil
	}
	return verbs, lit
}

// sharpV stands for %#v in the verbs of parseVerbs: its operands are checked before
// fmt formats them (see rt.ShowSharp).
const sharpV rune = -'v'

// parseVerbs lists the verb of each operand of a format string (sharpV for %#v).
func parseVerbs(s string) ([]rune, bool) {
	verbs := []rune{} // not nil: a format without verbs is known to use no operand
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			continue
		}
		i++
		// flags
		sharp := false
		for i < len(s) && strings.IndexByte("+-# 0", s[i]) >= 0 {
			sharp = sharp || s[i] == '#'
			i++
		}
		if i < len(s) && s[i] == '[' {
			return nil, false
		}
		// width
		if i < len(s) && s[i] == '*' {
			verbs = append(verbs, 0)
			i++
		}
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i < len(s) && s[i] == '.' {
			i++
			if i < len(s) && s[i] == '*' {
				verbs = append(verbs, 0)
				i++
			}
			for i < len(s) && s[i] >= '0' && s[i] <= '9' {
				i++
			}
		}
		if i < len(s) && s[i] == '[' {
			return nil, false
		}
		if i >= len(s) {
			break
		}
		if s[i] == '%' {
			continue
		}
		r := rune(s[i])
		if r >= 0x80 {
			r = []rune(s[i:])[0]
		}
		if r == 'v' && sharp {
			r = sharpV
		}
		verbs = append(verbs, r)
	}
	return verbs, true
}

// replaceTypeVerbs rewrites the %T verbs of a format literal whose operands became
// type names into %s.
func replaceTypeVerbs(lit string, args []ast.Expr) string {
	s, err := strconv.Unquote(lit)
	if err != nil {
		return lit
	}
	var b strings.Builder
	n := 0
	changed := false
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b.WriteByte(s[i])
			continue
		}
		start := i
		i++
		for i < len(s) && strings.IndexByte("+-# 0", s[i]) >= 0 {
			i++
		}
		if i < len(s) && s[i] == '*' {
			n++
			i++
		}
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i < len(s) && s[i] == '.' {
			i++
			if i < len(s) && s[i] == '*' {
				n++
				i++
			}
			for i < len(s) && s[i] >= '0' && s[i] <= '9' {
				i++
			}
		}
		if i >= len(s) {
			b.WriteString(s[start:])
			break
		}
		if s[i] == '%' {
			b.WriteString(s[start : i+1])
			continue
		}
		verb := s[start : i+1]
		if s[i] == 'T' && n < len(args) {
			if c, ok := args[n].(*ast.CallExpr); ok {
				if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "_pb_typename" {
					verb = s[start:i] + "s"
					changed = true
				}
			}
		}
		b.WriteString(verb)
		n++
	}
	if !changed {
		return lit
	}
	return strconv.Quote(b.String())
}

// needsHelp reports whether fmt would print a value of type t wrongly: t is or holds
// a type declared in the session, an interface (which may hold one), or a struct type
// declared in the session.
func (x *cell) needsHelp(t types.Type, seen map[types.Type]bool) bool {
	if t == nil {
		return false
	}
	if seen == nil {
		seen = map[types.Type]bool{}
	}
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		if isSessionPkg(t.Obj().Pkg()) {
			return true
		}
		// A compiled interface (error, fmt.Stringer) may hold a value of a cell type
		// with a Format or GoString method, which fmt would not see.
		return types.IsInterface(t) && x.sessionHasFmtMethods()
	case *types.TypeParam, *types.Interface:
		return true
	case *types.Pointer:
		return x.needsHelp(t.Elem(), seen)
	case *types.Slice:
		return x.needsHelp(t.Elem(), seen)
	case *types.Array:
		return x.needsHelp(t.Elem(), seen)
	case *types.Map:
		return x.needsHelp(t.Key(), seen) || x.needsHelp(t.Elem(), seen)
	case *types.Struct:
		return true
	case *types.Signature:
		// Only %T prints a function's type.
		for _, tup := range []*types.Tuple{t.Params(), t.Results()} {
			for i := 0; i < tup.Len(); i++ {
				if x.needsHelp(tup.At(i).Type(), seen) {
					return true
				}
			}
		}
	case *types.Chan:
		return x.needsHelp(t.Elem(), seen)
	}
	return false
}

func isUntyped(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Info()&types.IsUntyped != 0
}

func isSessionPkg(p *types.Package) bool {
	return p != nil && p.Path() == "main"
}

// descID registers the description of t and returns its id as an expression.
func (x *cell) descID(t types.Type, pos token.Pos) ast.Expr {
	id := rt.Register(x.desc(t))
	return &ast.BasicLit{ValuePos: pos, Kind: token.INT, Value: strconv.Itoa(id)}
}

// desc describes t for the printer.
func (x *cell) desc(t types.Type) *rt.Type {
	if d, ok := x.descs[t]; ok {
		return d
	}
	d := &rt.Type{Name: reflectName(t), Session: x.r.session}
	x.descs[t] = d
	if mentionsTypeParam(t) {
		// In generic code the static type names a type parameter (main.G[T]), not the
		// instance's argument: the value's dynamic type decides, as for an interface.
		d.Kind = rt.Interface
		return d
	}
	if !x.needsHelp(t, nil) {
		d.Kind = rt.Plain
		return d
	}
	switch u := types.Unalias(t).(type) {
	case *types.Named:
		d.Kind = rt.Named
		d.Elem = x.desc(u.Underlying())
		// Keep the element's name: the underlying type of a named type is described
		// by the named type itself for %T.
	case *types.TypeParam, *types.Interface:
		d.Kind = rt.Interface
	case *types.Pointer:
		d.Kind, d.Elem = rt.Pointer, x.desc(u.Elem())
	case *types.Slice:
		d.Kind, d.Elem = rt.Slice, x.desc(u.Elem())
	case *types.Array:
		d.Kind, d.Elem = rt.Array, x.desc(u.Elem())
	case *types.Map:
		d.Kind, d.Key, d.Elem = rt.Map, x.desc(u.Key()), x.desc(u.Elem())
	case *types.Struct:
		d.Kind = rt.Struct
		for i := 0; i < u.NumFields(); i++ {
			f := u.Field(i)
			d.Fields = append(d.Fields, rt.Field{Name: f.Name(), Embedded: f.Embedded(), Type: x.desc(f.Type())})
		}
	default:
		d.Kind = rt.Plain
	}
	return d
}

// reflectName writes a type the way reflect (and so %T) does.
func reflectName(t types.Type) string {
	var b strings.Builder
	writeReflectName(&b, t, map[types.Type]bool{})
	return b.String()
}

// writeMembers writes "kind {}" where n is 0, else "kind { m0; m1 }", each member written
// by member(i): reflect's form of interface and struct types.
func writeMembers(b *strings.Builder, kind string, n int, member func(i int)) {
	if n == 0 {
		b.WriteString(kind + " {}")
		return
	}
	b.WriteString(kind + " { ")
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString("; ")
		}
		member(i)
	}
	b.WriteString(" }")
}

func writeReflectName(b *strings.Builder, t types.Type, seen map[types.Type]bool) {
	switch t := types.Unalias(t).(type) {
	case *types.Basic:
		switch t.Kind() {
		case types.Byte:
			b.WriteString("uint8")
		case types.Rune:
			b.WriteString("int32")
		case types.UnsafePointer:
			b.WriteString("unsafe.Pointer")
		default:
			b.WriteString(t.Name())
		}
	case *types.Named:
		if p := t.Obj().Pkg(); p != nil {
			b.WriteString(p.Name() + ".")
		}
		b.WriteString(t.Obj().Name())
		if args := t.TypeArgs(); args != nil && args.Len() > 0 {
			b.WriteString("[")
			for i := 0; i < args.Len(); i++ {
				if i > 0 {
					b.WriteString(",")
				}
				writeReflectName(b, args.At(i), seen)
			}
			b.WriteString("]")
		}
	case *types.Pointer:
		b.WriteString("*")
		writeReflectName(b, t.Elem(), seen)
	case *types.Slice:
		b.WriteString("[]")
		writeReflectName(b, t.Elem(), seen)
	case *types.Array:
		fmt.Fprintf(b, "[%d]", t.Len())
		writeReflectName(b, t.Elem(), seen)
	case *types.Map:
		b.WriteString("map[")
		writeReflectName(b, t.Key(), seen)
		b.WriteString("]")
		writeReflectName(b, t.Elem(), seen)
	case *types.Chan:
		switch t.Dir() {
		case types.SendOnly:
			b.WriteString("chan<- ")
		case types.RecvOnly:
			b.WriteString("<-chan ")
		default:
			b.WriteString("chan ")
		}
		writeReflectName(b, t.Elem(), seen)
	case *types.Signature:
		b.WriteString("func(")
		for i := 0; i < t.Params().Len(); i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			pt := t.Params().At(i).Type()
			if t.Variadic() && i == t.Params().Len()-1 {
				b.WriteString("...")
				pt = pt.(*types.Slice).Elem()
			}
			writeReflectName(b, pt, seen)
		}
		b.WriteString(")")
		switch t.Results().Len() {
		case 0:
		case 1:
			b.WriteString(" ")
			writeReflectName(b, t.Results().At(0).Type(), seen)
		default:
			b.WriteString(" (")
			for i := 0; i < t.Results().Len(); i++ {
				if i > 0 {
					b.WriteString(", ")
				}
				writeReflectName(b, t.Results().At(i).Type(), seen)
			}
			b.WriteString(")")
		}
	case *types.Interface:
		writeMembers(b, "interface", t.NumMethods(), func(i int) {
			m := t.Method(i)
			b.WriteString(m.Name())
			sig := reflectName(m.Type())
			b.WriteString(strings.TrimPrefix(sig, "func"))
		})
	case *types.Struct:
		writeMembers(b, "struct", t.NumFields(), func(i int) {
			f := t.Field(i)
			if !f.Embedded() {
				b.WriteString(f.Name() + " ")
			}
			writeReflectName(b, f.Type(), seen)
			if tag := t.Tag(i); tag != "" {
				b.WriteString(" " + strconv.Quote(tag))
			}
		})
	case *types.TypeParam:
		b.WriteString(t.Obj().Name())
	default:
		b.WriteString(t.String())
	}
}
