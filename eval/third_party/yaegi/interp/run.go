package interp

//go:generate go run ../internal/cmd/genop/genop.go

import (
	"errors"
	"fmt"
	"go/constant"
	"math"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/peerbook/peerbook/eval/internal/namedpool"
)

// bltn type defines functions which run at CFG execution.
type bltn func(f *frame) bltn

// bltnGenerator type defines a builtin generator function.
type bltnGenerator func(n *node)

var builtin = [...]bltnGenerator{
	aNop:          nop,
	aAddr:         addr,
	aAssign:       assign,
	aAdd:          add,
	aAddAssign:    addAssign,
	aAnd:          and,
	aAndAssign:    andAssign,
	aAndNot:       andNot,
	aAndNotAssign: andNotAssign,
	aBitNot:       bitNot,
	aCall:         call,
	aCallSlice:    call,
	aCase:         _case,
	aCompositeLit: arrayLit,
	aDec:          dec,
	aEqual:        equal,
	aGetFunc:      getFunc,
	aGreater:      greater,
	aGreaterEqual: greaterEqual,
	aInc:          inc,
	aLand:         land,
	aLor:          lor,
	aLower:        lower,
	aLowerEqual:   lowerEqual,
	aMul:          mul,
	aMulAssign:    mulAssign,
	aNeg:          neg,
	aNot:          not,
	aNotEqual:     notEqual,
	aOr:           or,
	aOrAssign:     orAssign,
	aPos:          pos,
	aQuo:          quo,
	aQuoAssign:    quoAssign,
	aRange:        _range,
	aRecv:         recv,
	aRem:          rem,
	aRemAssign:    remAssign,
	aReturn:       _return,
	aSend:         send,
	aShl:          shl,
	aShlAssign:    shlAssign,
	aShr:          shr,
	aShrAssign:    shrAssign,
	aSlice:        slice,
	aSlice0:       slice0,
	aStar:         deref,
	aSub:          sub,
	aSubAssign:    subAssign,
	aTypeAssert:   typeAssertShort,
	aXor:          xor,
	aXorAssign:    xorAssign,
}

var receiverStripperRxp *regexp.Regexp

func init() {
	re := `func\(((.*?(, |\)))(.*))`
	var err error
	receiverStripperRxp, err = regexp.Compile(re)
	if err != nil {
		panic(err)
	}
}

type valueInterface struct {
	node  *node
	value reflect.Value
}

var floatType, complexType reflect.Type

func init() {
	floatType = reflect.ValueOf(0.0).Type()
	complexType = reflect.ValueOf(complex(0, 0)).Type()
}

func (interp *Interpreter) run(n *node, cf *frame) {
	if n == nil {
		return
	}
	var f *frame
	if cf == nil {
		f = interp.frame
	} else {
		f = newFrame(cf, len(n.types), interp.runid())
	}
	interp.mutex.RLock()
	c := reflect.ValueOf(interp.done)
	interp.mutex.RUnlock()

	f.mutex.Lock()
	f.done = reflect.SelectCase{Dir: reflect.SelectRecv, Chan: c}
	f.mutex.Unlock()

	for i, t := range n.types {
		f.data[i] = reflect.New(t).Elem()
	}
	runCfg(n.start, f, n, nil)
}

func isExecNode(n *node, exec bltn) bool {
	if n == nil || n.exec == nil || exec == nil {
		return false
	}

	a1 := reflect.ValueOf(n.exec).Pointer()
	a2 := reflect.ValueOf(exec).Pointer()
	return a1 == a2
}

// originalExecNode looks in the tree of nodes for the node which has exec,
// aside from n, in order to know where n "inherited" that exec from.
func originalExecNode(n *node, exec bltn) *node {
	execAddr := reflect.ValueOf(exec).Pointer()
	var originalNode *node
	seen := make(map[int64]struct{})
	root := n
	for {
		root = root.anc
		if root == nil {
			break
		}
		if _, ok := seen[root.index]; ok {
			continue
		}

		root.Walk(func(wn *node) bool {
			if _, ok := seen[wn.index]; ok {
				return true
			}
			seen[wn.index] = struct{}{}
			if wn.index == n.index {
				return true
			}
			if wn.exec == nil {
				return true
			}
			if reflect.ValueOf(wn.exec).Pointer() == execAddr {
				originalNode = wn
				return false
			}
			return true
		}, nil)

		if originalNode != nil {
			break
		}
	}

	return originalNode
}

// cloned from net/http/server.go , so we can enforce a similar behavior:
// in the stdlib, this error is used as sentinel in panic triggered e.g. on
// request cancellation, in order to catch it and suppress it in a following defer.
// in yaegi, we use it to suppress a "panic" log message that happens in the
// same circumstances.
var errAbortHandler = errors.New("net/http: abort Handler")

// Functions set to run during execution of CFG.

func panicFunc(s *scope) string {
	if s == nil {
		return ""
	}
	def := s.def
	if def == nil {
		return s.pkgID
	}
	switch def.kind {
	case funcDecl:
		if c := def.child[1]; c.kind == identExpr {
			return s.pkgID + "." + c.ident
		}
	case funcLit:
		if def.anc != nil {
			return panicFunc(def.anc.scope) + ".func"
		}
	}
	return s.pkgID
}

// runCfg executes a node AST by walking its CFG and running node builtin at each step.
// callDeferred runs one deferred call of the frame f. peerbook patch 46: a panic it
// raises replaces the one the frame is running its deferred calls for (or starts one),
// and the next deferred calls still run, as in Go: a recover() in an earlier-deferred
// function gets it. It escaped, skipping the other deferred calls.
func callDeferred(f *frame, val []reflect.Value) {
	defer func() {
		if r := recover(); r != nil {
			f.mutex.Lock()
			f.recovered = cellNamedPanic(r)
			f.mutex.Unlock()
		}
	}()
	val[0].Call(val[1:])
}

func runCfg(n *node, f *frame, funcNode, callNode *node) {
	var exec bltn
	defer func() {
		f.mutex.Lock()
		f.recovered = cellNamedPanic(recover()) // patch 120: cell types named as Go does
		deferred := f.deferred
		f.mutex.Unlock()
		if isProgramExit(f.recovered) || f.runid() != n.interp.runid() {
			// peerbook patch 59: os.Exit ends the program without running deferred
			// calls, and no recover stops it. Patch 174: nor does a frame whose run was
			// stopped (an interrupt, a stack overflow) run them.
			deferred = nil
		}
		// peerbook patch 25: the deferred calls run without the frame's lock: a
		// closure made in this frame takes it when its call ends (patch 16), and a
		// deferred call of such a closure (f := func() {...}; defer f()) hung.
		for _, val := range deferred {
			callDeferred(f, val)
		}
		f.mutex.Lock()
		if f.recovered != nil {
			oNode := originalExecNode(n, exec)
			if oNode == nil {
				oNode = n
			}
			errorer, ok := f.recovered.(error)
			// in this specific case, the stdlib would/will suppress the panic, so we
			// suppress the logging here accordingly, to get a similar and consistent
			// behavior.
			if !ok || errorer.Error() != errAbortHandler.Error() {
				fmt.Fprintln(n.interp.stderr, oNode.cfgErrorf("panic: %s(...)", panicFunc(oNode.scope)))
			}
			f.mutex.Unlock()
			panic(f.recovered)
		}
		f.mutex.Unlock()
	}()

	dbg := n.interp.debugger
	if dbg == nil {
		for exec := n.exec; exec != nil && f.runid() == n.interp.runid(); {
			exec = exec(f)
		}
		return
	}

	if n.exec == nil {
		return
	}

	dbg.enterCall(funcNode, callNode, f)
	defer dbg.exitCall(funcNode, callNode, f)

	for m, exec := n, n.exec; f.runid() == n.interp.runid(); {
		if dbg.exec(m, f) {
			break
		}

		exec = exec(f)
		if exec == nil {
			break
		}

		if m == nil {
			m = originalExecNode(n, exec)
			continue
		}

		switch {
		case isExecNode(m.tnext, exec):
			m = m.tnext
		case isExecNode(m.fnext, exec):
			m = m.fnext
		default:
			m = originalExecNode(m, exec)
		}
	}
}

func stripReceiverFromArgs(signature string) (string, error) {
	fields := receiverStripperRxp.FindStringSubmatch(signature)
	if len(fields) < 5 {
		return "", errors.New("error while matching method signature")
	}
	if fields[3] == ")" {
		return fmt.Sprintf("func()%s", fields[4]), nil
	}
	return fmt.Sprintf("func(%s", fields[4]), nil
}

func typeAssertShort(n *node) {
	typeAssert(n, true, false)
}

func typeAssertLong(n *node) {
	typeAssert(n, true, true)
	freshCommaOk(n)
}

func typeAssertStatus(n *node) {
	typeAssert(n, false, true)
	freshCommaOk(n)
}

// setAsserted stores the result of a successful assertion to an interface of the
// interpreter: valf as it was read, or, where the destination is a valueInterface slot and
// valf an empty interface holding one (x of type any asserted to interface{ M() }), the
// valueInterface v itself (peerbook patch 34).
func setAsserted(dst, valf reflect.Value, v valueInterface) {
	if valf.Type().AssignableTo(dst.Type()) {
		dst.Set(valf)
		return
	}
	dst.Set(reflect.ValueOf(v))
}

// negativeZero reports whether v is a floating-point (or complex) zero with its sign bit
// set: reflect's IsZero counts -0.0 as zero, but the destination's zero is +0.0, so the
// argument must still be copied (peerbook patch 37).
func negativeZero(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Float32, reflect.Float64:
		return math.Signbit(v.Float())
	case reflect.Complex64, reflect.Complex128:
		c := v.Complex()
		return math.Signbit(real(c)) || math.Signbit(imag(c))
	}
	return false
}

func typeAssert(n *node, withResult, withOk bool) {
	c0, c1 := n.child[0], n.child[1]
	value := genValue(c0) // input value
	var value0, value1 func(*frame) reflect.Value
	setStatus := false
	switch {
	case withResult && withOk:
		value0 = genValue(n.anc.child[0])       // returned result
		value1 = genValue(n.anc.child[1])       // returned status
		setStatus = n.anc.child[1].ident != "_" // do not assign status to "_"
	case withResult && !withOk:
		value0 = genValue(n) // returned result
	case !withResult && withOk:
		value1 = genValue(n.anc.child[1])       // returned status
		setStatus = n.anc.child[1].ident != "_" // do not assign status to "_"
	}

	typ := c1.typ // type to assert or convert to
	typID := typ.id()
	rtype := typ.refType(nil) // type to assert
	next := getExec(n.tnext)

	switch {
	case isInterfaceSrc(typ):
		n.exec = func(f *frame) bltn {
			valf := value(f)
			v, ok := valf.Interface().(valueInterface)
			if setStatus {
				defer func() {
					setOk(value1(f), ok)
				}()
			}
			if !ok {
				// peerbook patch 12: a compiled value (errors.Join's error) asserted to an
				// interface of the interpreter (interface{ Unwrap() []error }) is checked
				// against its method set, as Go does.
				if bv, implements := binImplements(valf, typ); bv.IsValid() {
					ok = implements
					if ok && withResult {
						value0(f).Set(reflect.ValueOf(valueInterface{&node{typ: valueTOf(bv.Type())}, bv}))
					}
					if !ok && !withOk {
						panic(runtimeErrorf("interface conversion: %v is not %v", bv.Type(), typID))
					}
					return next
				}
				if !withOk {
					panic(runtimeErrorf("interface conversion: nil is not %v", typID))
				}
				return next
			}
			if v.node == nil {
				// peerbook patch 40: see the interface case below.
				ok = false
				if !withOk {
					panic(runtimeErrorf("interface conversion: interface is nil, not %v", typID))
				}
				return next
			}
			if c0.typ.cat == valueT || valf.Type() != valueInterfaceType {
				// peerbook patch 37: the held valueInterface, not the empty interface
				// holding it (a value of type any asserted to an interface of the
				// interpreter: reflect.Set panicked on the result).
				valf = reflect.ValueOf(v)
			}
			if v.node.typ.id() == typID {
				if withResult {
					setAsserted(value0(f), valf, v)
				}
				return next
			}
			m0 := v.node.typ.methods()
			m1 := typ.methods()
			if len(m0) < len(m1) {
				ok = false
				if !withOk {
					panic(runtimeErrorf("interface conversion: %v is not %v", v.node.typ.id(), typID))
				}
				return next
			}

			for k, meth1 := range m1 {
				var meth0 string
				meth0, ok = m0[k]
				if !ok {
					return next
				}
				// As far as we know this equality check can fail because they are two ways to
				// represent the signature of a method: one where the receiver appears before the
				// func keyword, and one where it is just a func signature, and the receiver is
				// seen as the first argument. That's why if that equality fails, we try harder to
				// compare them afterwards. Hopefully that is the only reason this equality can fail.
				if meth0 == meth1 {
					continue
				}
				tm := lookupFieldOrMethod(v.node.typ, k)
				if tm == nil {
					ok = false
					return next
				}

				var err error
				meth0, err = stripReceiverFromArgs(meth0)
				if err != nil {
					ok = false
					return next
				}

				if meth0 != meth1 {
					ok = false
					return next
				}
			}

			if withResult {
				setAsserted(value0(f), valf, v)
			}
			return next
		}
	case isInterface(typ):
		n.exec = func(f *frame) bltn {
			var leftType reflect.Type
			v := value(f)
			val, ok := v.Interface().(valueInterface)
			if setStatus {
				defer func() {
					setOk(value1(f), ok)
				}()
			}
			if ok && val.node == nil {
				// peerbook patch 40: the nil of an interface of the interpreter held in an
				// any has no type: the assertion fails (its node was dereferenced).
				ok = false
				if !withOk {
					panic(runtimeErrorf("interface conversion: interface is nil, not %s", rtype.String()))
				}
				return next
			}
			if ok && val.node.typ.cat != valueT {
				m0 := val.node.typ.methods()
				m1 := typ.methods()
				if len(m0) < len(m1) {
					ok = false
					return next
				}

				for k, meth1 := range m1 {
					var meth0 string
					meth0, ok = m0[k]
					if !ok {
						return next
					}
					if meth0 != meth1 {
						ok = false
						return next
					}
				}

				if withResult {
					held := val.value
					value0(f).Set(genInterfaceWrapperOf(val.node, rtype, func(*frame) reflect.Value { return held })(f))
				}
				ok = true
				return next
			}

			if ok {
				v = val.value
				leftType = val.node.typ.rtype
			} else {
				v = v.Elem()
				if v.IsValid() {
					// A nil interface has no type: the assertion fails below.
					leftType = v.Type()
				}
				ok = true
			}
			ok = v.IsValid()
			if !ok {
				if !withOk {
					panic(runtimeErrorf("interface conversion: interface {} is nil, not %s", rtype.String()))
				}
				return next
			}
			ok = canAssertTypes(leftType, rtype)
			if !ok {
				if !withOk {
					method := firstMissingMethod(leftType, rtype)
					panic(runtimeErrorf("interface conversion: %s is not %s: missing method %s", leftType.String(), rtype.String(), method))
				}
				return next
			}
			if withResult {
				value0(f).Set(v)
			}
			return next
		}
	case isEmptyInterface(n.child[0].typ):
		n.exec = func(f *frame) bltn {
			var ok bool
			if setStatus {
				defer func() {
					setOk(value1(f), ok)
				}()
			}
			val := value(f)
			concrete := val.Interface()
			ctyp := reflect.TypeOf(concrete)

			if vv, ok := concrete.(valueInterface); ok {
				if vv.value.IsValid() {
					ctyp = vv.value.Type()
					concrete = vv.value.Interface()
				} else {
					// peerbook patch 40: the nil of an interface of the interpreter held in
					// an any (var s Shape; var a any = s) has no type: the assertion fails,
					// where reflect's Type panicked on the invalid value.
					ctyp, concrete = nil, nil
				}
			}
			ok = canAssertTypes(ctyp, rtype)
			if !ok {
				if !withOk {
					// TODO(mpl): think about whether this should ever happen.
					if ctyp == nil {
						panic(runtimeErrorf("interface conversion: interface {} is nil, not %s", rtype.String()))
					}
					panic(runtimeErrorf("interface conversion: interface {} is %s, not %s", ctyp.String(), rtype.String()))
				}
				return next
			}
			if withResult {
				if isInterfaceSrc(typ) {
					// TODO(mpl): this requires more work. the wrapped node is not complete enough.
					value0(f).Set(reflect.ValueOf(valueInterface{n.child[0], reflect.ValueOf(concrete)}))
				} else {
					value0(f).Set(reflect.ValueOf(concrete))
				}
			}
			return next
		}
	case n.child[0].typ.cat == valueT || n.child[0].typ.cat == errorT:
		n.exec = func(f *frame) bltn {
			v := value(f).Elem()
			ok := v.IsValid()
			if setStatus {
				defer func() {
					setOk(value1(f), ok)
				}()
			}
			if !ok {
				if !withOk {
					panic(runtimeErrorf("interface conversion: interface {} is nil, not %s", rtype.String()))
				}
				return next
			}
			v = valueInterfaceValue(v)
			if vt := v.Type(); vt.Kind() == reflect.Struct && vt.Field(0).Name == "IValue" {
				// Value is retrieved from an interface wrapper.
				v = v.Field(0).Elem()
			}
			ok = canAssertTypes(v.Type(), rtype)
			if !ok {
				if !withOk {
					method := firstMissingMethod(v.Type(), rtype)
					panic(runtimeErrorf("interface conversion: %s is not %s: missing method %s", v.Type().String(), rtype.String(), method))
				}
				return next
			}
			if withResult {
				value0(f).Set(v)
			}
			return next
		}
	default:
		// peerbook patch 146: the runtime names the operand's static interface type
		// (interface { T() main.T }, main.I), not interface {}.
		staticIface := ifaceTypeString(n.child[0].typ)
		n.exec = func(f *frame) bltn {
			v, ok := value(f).Interface().(valueInterface)
			if setStatus {
				defer func() {
					setOk(value1(f), ok)
				}()
			}
			if !ok || !v.value.IsValid() {
				ok = false
				if !withOk {
					panic(runtimeErrorf("interface conversion: %s is nil, not %s", staticIface, rtype.String()))
				}
				return next
			}

			ok = canAssertTypes(v.value.Type(), rtype)
			if !ok {
				if !withOk {
					panic(runtimeErrorf("interface conversion: %s is %s, not %s", staticIface, v.value.Type().String(), rtype.String()))
				}
				return next
			}
			if withResult {
				value0(f).Set(v.value)
			}
			return next
		}
	}
	if withResult && withOk && !setStatus && !isInterface(n.anc.child[0].typ) && n.anc.child[0].ident != "_" {
		// peerbook patch 31, without a status to read (v, _ := x.(T)): the destination, of a
		// concrete type and so another variable than the operand, is zeroed first.
		inner := n.exec
		n.exec = func(f *frame) bltn {
			if d := value0(f); d.CanSet() {
				d.Set(reflect.Zero(d.Type()))
			}
			return inner(f)
		}
	}
	if withResult && withOk && setStatus {
		// peerbook patch 31: a failed comma-ok assertion gives the zero value, as Go
		// does: the destination kept what it held (in a loop, `a, ok := x.(A)` gave
		// the previous iteration's a with ok false).
		inner := n.exec
		n.exec = func(f *frame) bltn {
			next := inner(f)
			if !isTrue(value1(f)) {
				if d := value0(f); d.CanSet() {
					if d.Type() == valueInterfaceType {
						d.Set(zeroInterfaceValue())
					} else if d.Kind() == reflect.Interface && d.NumMethod() == 0 && rtype != nil && rtype.Kind() != reflect.Interface {
						// peerbook patch 163: var v, ok any = x.(bool): v is the
						// zero bool, held in the interface.
						d.Set(reflect.Zero(rtype))
					} else {
						d.Set(reflect.Zero(d.Type()))
					}
				}
			}
			return next
		}
	}
}

func canAssertTypes(src, dest reflect.Type) bool {
	if dest == nil {
		return false
	}
	if src == dest {
		return true
	}
	if src == nil {
		// peerbook patch 40: tested before Implements, which panics on a nil type.
		return false
	}
	if dest.Kind() == reflect.Interface && src.Implements(dest) {
		return true
	}
	if dest.Kind() != reflect.Interface && (namedpool.Is(src) || namedpool.Is(dest)) {
		// peerbook patch 54: a type assertion to a concrete type asks for that type,
		// not one assignable to it: a []string is no Tags (type Tags []string, a pool
		// type), though reflect finds it assignable.
		return false
	}
	if src.AssignableTo(dest) {
		return true
	}
	return false
}

func firstMissingMethod(src, dest reflect.Type) string {
	for i := 0; i < dest.NumMethod(); i++ {
		m := dest.Method(i).Name
		if _, ok := src.MethodByName(m); !ok {
			return m
		}
	}
	return ""
}

func convert(n *node) {
	dest := genValue(n)
	c := n.child[1]
	typ := n.child[0].typ.frameType()
	next := getExec(n.tnext)

	if c.isNil() { // convert nil to type
		// TODO(mpl): Try to completely remove, as maybe frameType already does the job for interfaces.
		if isInterfaceSrc(n.child[0].typ) && !isEmptyInterface(n.child[0].typ) {
			typ = valueInterfaceType
		}
		n.exec = func(f *frame) bltn {
			dest(f).Set(reflect.New(typ).Elem())
			return next
		}
		return
	}

	doConvert := true
	var value func(*frame) reflect.Value
	switch {
	case isFuncSrc(c.typ):
		value = genFunctionWrapper(c)
	default:
		value = genValue(c)
	}

	if n.fnext != nil && typ.Kind() == reflect.Bool {
		// peerbook patch 123: a conversion that is a condition (if N(b) {}, N(b) ||
		// f()) branches on its value; it went on to its true branch whatever the value.
		fnext := getExec(n.fnext)
		n.exec = func(f *frame) bltn {
			d := dest(f)
			d.Set(value(f).Convert(typ))
			if d.Bool() {
				return next
			}
			return fnext
		}
		return
	}

	for _, con := range n.interp.hooks.convert {
		if c.typ.rtype == nil {
			continue
		}

		fn := con(c.typ.rtype, typ)
		if fn == nil {
			continue
		}
		n.exec = func(f *frame) bltn {
			fn(value(f), dest(f))
			return next
		}
		return
	}

	if c.typ != nil && isStringSliceConversion(c.typ.frameType(), typ) {
		// peerbook patch 156: between a string and a slice of named bytes or runes.
		n.exec = func(f *frame) bltn {
			dest(f).Set(convertStringSlice(value(f), typ))
			return next
		}
		return
	}

	n.exec = func(f *frame) bltn {
		if doConvert {
			if typ.Kind() == reflect.Array || typ.Kind() == reflect.Ptr && typ.Elem().Kind() == reflect.Array {
				// Slice to array: reflect's panic becomes Go's runtime error.
				defer func() {
					if r := recover(); r != nil {
						panic(convertError(r))
					}
				}()
			}
			dest(f).Set(value(f).Convert(typ))
		} else {
			dest(f).Set(value(f))
		}
		return next
	}
}

// boxEmptyInterface stores the conversion of n.child[1] to an interface of the
// interpreter, its value with its type (a valueInterface); see the aConvert case of
// cfg.go (peerbook patches 131 and 143).
func boxEmptyInterface(n *node) {
	dest := genValue(n)
	value := genValueInterface(n.child[1])
	next := getExec(n.tnext)
	n.exec = func(f *frame) bltn {
		dest(f).Set(value(f))
		return next
	}
}

// resultBoxes returns, for each of the first l results of the call ncall that n assigns
// to a variable of an interface type of the interpreter (n, err = ... with var s Shape;
// s, err = mk()), the boxing of the concrete result with its type, as an assignment
// does (peerbook patch 52); nil for the others.
func resultBoxes(n, ncall *node, l int) []func(reflect.Value) reflect.Value {
	box := make([]func(reflect.Value) reflect.Value, l)
	ft := ncall.child[0].typ
	for ft != nil && ft.cat == valueT && ft.val != nil {
		ft = ft.val
	}
	if ft == nil || ft.cat != funcT {
		return box
	}
	for i := range box {
		c := n.child[i]
		if c.ident == "_" || c.typ == nil || i >= len(ft.ret) {
			continue
		}
		rt := ft.ret[i]
		if !isInterfaceSrc(c.typ) || isInterfaceSrc(rt) || (isEmptyInterface(c.typ) && !hasSrcMethods(rt)) {
			continue
		}
		held := &node{interp: n.interp, typ: rt}
		box[i] = func(v reflect.Value) reflect.Value {
			if vi, ok := v.Interface().(valueInterface); ok {
				return reflect.ValueOf(vi)
			}
			cp := reflect.New(v.Type()).Elem()
			cp.Set(v)
			return reflect.ValueOf(valueInterface{held, cp})
		}
	}
	return box
}

// assignFromCall assigns values from a function call.
func assignFromCall(n *node) {
	ncall := n.lastChild()
	l := len(n.child) - 1
	if n.anc.kind == varDecl && n.child[l-1].isType(n.scope) {
		// Ignore the type in the assignment if it is part of a variable declaration.
		l--
	}
	dvalue := make([]func(*frame) reflect.Value, l)
	for i := range dvalue {
		if n.child[i].ident == "_" {
			continue
		}
		dvalue[i] = genValue(n.child[i])
	}
	box := resultBoxes(n, ncall, l)
	next := getExec(n.tnext)
	stores := genMapStores(n.child[:l]) // peerbook patch 152
	n.exec = func(f *frame) bltn {
		var maps, keys []reflect.Value
		if stores != nil {
			maps, keys = readMapStores(f, stores)
		}
		for i, v := range dvalue {
			if v == nil {
				continue
			}
			s := f.data[ncall.findex+i]
			if box[i] != nil {
				s = box[i](s)
			}
			if stores != nil && stores[i] != nil {
				maps[i].SetMapIndex(keys[i], s)
				continue
			}
			c := n.child[i]
			if n.kind == defineXStmt && !c.redeclared {
				// Recreate destination value in case of define statement,
				// to preserve previous value possibly in use by a closure.
				data := getFrame(f, c.level).data
				data[c.findex] = reflect.New(data[c.findex].Type()).Elem()
				data[c.findex].Set(s)
				continue
			}
			storeTarget(v(f)).Set(s) // peerbook patch 151
		}
		return next
	}
}

// tempValue is a copy of v, of type t, that a multiple assignment holds while it
// evaluates its values. peerbook patch 47: an untyped nil has no type (t is nil), and
// reflect.New(nil) panicked on `n, err = 0, nil`; the nil value is held as it is.
func tempValue(t reflect.Type, v reflect.Value) reflect.Value {
	if t == nil {
		return v
	}
	c := reflect.New(t).Elem()
	c.Set(v)
	return c
}

// hasRedeclared reports whether a short variable declaration assigns a variable of its
// block (peerbook patch 44).
func hasRedeclared(n *node) bool {
	for _, c := range n.child[:n.nleft] {
		if c.redeclared {
			return true
		}
	}
	return false
}

func assign(n *node) {
	next := getExec(n.tnext)
	dvalue := make([]func(*frame) reflect.Value, n.nleft)
	ivalue := make([]func(*frame) reflect.Value, n.nleft)
	svalue := make([]func(*frame) reflect.Value, n.nleft)
	var sbase int
	if n.nright > 0 {
		sbase = len(n.child) - n.nright
	}

	for i := 0; i < n.nleft; i++ {
		dest, src := n.child[i], n.child[sbase+i]
		if isNamedFuncSrc(src.typ) {
			svalue[i] = genFuncValue(src)
		} else {
			svalue[i] = genDestValue(dest.typ, src)
		}
		if isMapEntry(dest) {
			if isInterfaceSrc(dest.child[1].typ) { // key
				ivalue[i] = genValueInterface(dest.child[1])
			} else {
				ivalue[i] = genValue(dest.child[1])
			}
			ivalue[i] = genMapKey(dest.child[0], ivalue[i]) // patch 38
			dvalue[i] = genValue(dest.child[0])
		} else {
			dvalue[i] = genValue(dest)
		}
	}

	if n.nleft == 1 {
		// Single assign operation.
		switch s, d, i := svalue[0], dvalue[0], ivalue[0]; {
		case n.child[0].ident == "_":
			n.exec = func(f *frame) bltn {
				return next
			}
		case i != nil:
			n.exec = func(f *frame) bltn {
				d(f).SetMapIndex(i(f), s(f))
				return next
			}
		case n.kind == defineStmt:
			l := n.level
			ind := n.findex
			n.exec = func(f *frame) bltn {
				data := getFrame(f, l).data
				data[ind] = reflect.New(data[ind].Type()).Elem()
				data[ind].Set(s(f))
				return next
			}
		default:
			n.exec = func(f *frame) bltn {
				d(f).Set(s(f))
				return next
			}
		}
		return
	}

	// Multi assign operation.
	types := make([]reflect.Type, n.nright)
	index := make([]int, n.nright)
	level := make([]int, n.nright)

	for i := range types {
		var t reflect.Type
		switch typ, dt := n.child[sbase+i].typ, n.child[i].typ; {
		case isInterfaceSrc(typ) && typ.frameType() == emptyInterfaceType:
			// peerbook patch 170: a value of an empty interface type is held as one
			// (n, v = 1, w with w an any panicked: "reflect.Set: value of type
			// interface {} is not assignable to type interp.valueInterface").
			t = emptyInterfaceType
		case isInterfaceSrc(typ):
			t = valueInterfaceType
		case dt != nil && n.child[i].ident != "_" && isInterface(dt):
			// peerbook patch 141: the value as the destination holds it (svalue
			// converts it to the interface: a valueInterface or a compiled
			// interface's wrapper), not the source's type: k, w = 0, V(2) with w an
			// interface panicked storing the wrapped V in a slot of V's type.
			t = dt.frameType()
		default:
			t = typ.TypeOf()
		}
		types[i] = t
		index[i] = n.child[i].findex
		level[i] = n.child[i].level
	}

	if n.kind == defineStmt && hasRedeclared(n) {
		// peerbook patch 44: a short variable declaration that assigns variables of
		// its block (x, y := y+1, x) evaluates every value first, then stores into
		// those variables (closures and pointers that hold them see the value) and
		// makes the new ones.
		n.exec = func(f *frame) bltn {
			t := make([]reflect.Value, len(svalue))
			for i, s := range svalue {
				if n.child[i].ident == "_" {
					continue
				}
				t[i] = tempValue(types[i], s(f))
			}
			for i, d := range dvalue {
				c := n.child[i]
				switch {
				case c.ident == "_":
				case c.redeclared:
					d(f).Set(t[i])
				default:
					data := getFrame(f, level[i]).data
					j := index[i]
					data[j] = reflect.New(data[j].Type()).Elem()
					data[j].Set(t[i])
				}
			}
			return next
		}
		return
	}

	if n.kind == defineStmt {
		// Handle a multiple var declararation / assign. It cannot be a swap.
		n.exec = func(f *frame) bltn {
			for i, s := range svalue {
				if n.child[i].ident == "_" {
					continue
				}
				data := getFrame(f, level[i]).data
				j := index[i]
				data[j] = reflect.New(data[j].Type()).Elem()
				data[j].Set(s(f))
			}
			return next
		}
		return
	}

	// To handle possible swap in multi-assign:
	// evaluate and copy all values in assign right hand side into temporary
	// then evaluate assign left hand side and copy temporary into it
	n.exec = func(f *frame) bltn {
		t := make([]reflect.Value, len(svalue))
		for i, s := range svalue {
			if n.child[i].ident == "_" {
				continue
			}
			t[i] = tempValue(types[i], s(f))
		}
		// peerbook patch 89: the maps and keys of map entries on the left are read
		// before any store, as Go evaluates the index operands first (i, m[i] = 1, 2
		// stores into m[0]; the key was read after i was set).
		var keys, maps []reflect.Value
		for i, j := range ivalue {
			if j == nil || n.child[i].ident == "_" {
				continue
			}
			if keys == nil {
				keys, maps = make([]reflect.Value, len(ivalue)), make([]reflect.Value, len(ivalue))
			}
			maps[i] = copied(dvalue[i](f))
			keys[i] = copied(j(f))
		}
		for i, d := range dvalue {
			if n.child[i].ident == "_" {
				continue
			}
			if ivalue[i] != nil {
				maps[i].SetMapIndex(keys[i], t[i]) // Assign a map entry
			} else {
				// Assign a var or array/slice entry; a panic of its location is
				// raised here, after the stores before it (peerbook patch 151).
				storeTarget(d(f)).Set(t[i])
			}
		}
		return next
	}
}

// copied returns v, or a copy of it where v is a variable (addressable): a later store into
// the variable does not change the copy.
func copied(v reflect.Value) reflect.Value {
	if !v.CanAddr() {
		return v
	}
	c := reflect.New(v.Type()).Elem()
	c.Set(v)
	return c
}

func not(n *node) {
	dest := genValue(n)
	value := genValue(n.child[0])
	tnext := getExec(n.tnext)

	if n.fnext != nil {
		fnext := getExec(n.fnext)
		n.exec = func(f *frame) bltn {
			if !value(f).Bool() {
				dest(f).SetBool(true)
				return tnext
			}
			dest(f).SetBool(false)
			return fnext
		}
	} else {
		n.exec = func(f *frame) bltn {
			dest(f).SetBool(!value(f).Bool())
			return tnext
		}
	}
}

func addr(n *node) {
	dest := genValue(n)
	next := getExec(n.tnext)
	c0 := n.child[0]
	value := genValue(c0)

	if isInterfaceSrc(c0.typ) || isPtrSrc(c0.typ) {
		i := n.findex
		l := n.level
		n.exec = func(f *frame) bltn {
			getFrame(f, l).data[i] = value(f).Addr()
			return next
		}
		return
	}

	n.exec = func(f *frame) bltn {
		dest(f).Set(value(f).Addr())
		return next
	}
}

func deref(n *node) {
	value := genValue(n.child[0])
	tnext := getExec(n.tnext)
	i := n.findex
	l := n.level

	// peerbook patch 58: *p of a nil pointer panics with Go's runtime error where it is
	// evaluated. Elem gave a zero Value, and the operation that used it panicked in
	// reflect ("reflect: call of reflect.Value.Int on zero Value"), a message a recover
	// printed instead of Go's.
	elem := func(f *frame) reflect.Value {
		p := value(f)
		if p.Kind() == reflect.Pointer && p.IsNil() {
			panic(nilDereference())
		}
		return p.Elem()
	}
	if n.fnext != nil {
		fnext := getExec(n.fnext)
		n.exec = func(f *frame) bltn {
			r := elem(f)
			if r.Bool() {
				getFrame(f, l).data[i] = r
				return tnext
			}
			return fnext
		}
	} else {
		n.exec = func(f *frame) bltn {
			getFrame(f, l).data[i] = elem(f)
			return tnext
		}
	}
}

func _print(n *node) {
	values := builtinOperands(n) // peerbook patch 162: also print(f())
	out := n.interp.stdout

	genBuiltinDeferWrapper(n, values, nil, func(args []reflect.Value) []reflect.Value {
		for i, value := range args {
			if i > 0 {
				fmt.Fprintf(out, " ")
			}
			fmt.Fprintf(out, "%v", value)
		}
		return nil
	})
}

func _println(n *node) {
	values := builtinOperands(n) // peerbook patch 162: also print(f())
	out := n.interp.stdout

	genBuiltinDeferWrapper(n, values, nil, func(args []reflect.Value) []reflect.Value {
		for i, value := range args {
			if i > 0 {
				fmt.Fprintf(out, " ")
			}
			fmt.Fprintf(out, "%v", value)
		}
		fmt.Fprintln(out, "")
		return nil
	})
}

func _recover(n *node) {
	tnext := getExec(n.tnext)
	if n.anc.kind == deferStmt {
		// peerbook patch 82: defer recover() defers the call, as Go does; it ran at
		// once and stopped the panic the function was deferred for before the
		// function's own deferred calls ran. Deferred, it runs when the function
		// ends: a no-op if the function is panicking itself (recover is then called
		// by the panic, not by a deferred function), else a recover in the function.
		n.exec = func(f *frame) bltn {
			deferred := func() {
				f.mutex.RLock()
				panicking := f.recovered != nil
				f.mutex.RUnlock()
				// Patch 221: the panic of the frame whose deferred call f is.
				if a := recoverFrame(f); !panicking && a != nil && !isProgramExit(a.recovered) {
					a.recovered = nil
				}
			}
			f.deferred = append([][]reflect.Value{{reflect.ValueOf(deferred)}}, f.deferred...)
			return tnext
		}
		return
	}
	dest := genValue(n)

	n.exec = func(f *frame) bltn {
		// peerbook patch 221: the frame of the defer statement that called this
		// function (recover.go).
		a := recoverFrame(f)
		if a == nil || a.recovered == nil || isProgramExit(a.recovered) {
			// TODO(mpl): maybe we don't need that special case, and we're just forgetting to unwrap the valueInterface somewhere else.
			if isEmptyInterface(n.typ) {
				return tnext
			}
			dest(f).Set(reflect.ValueOf(valueInterface{}))
			return tnext
		}

		if isEmptyInterface(n.typ) {
			dest(f).Set(reflect.ValueOf(a.recovered))
		} else {
			dest(f).Set(reflect.ValueOf(valueInterface{n, reflect.ValueOf(a.recovered)}))
		}
		a.recovered = nil
		return tnext
	}
}

func _panic(n *node) {
	value := genValue(n.child[1])

	n.exec = func(f *frame) bltn {
		// Panic with the value itself, not its reflect.Value: recover() must give back
		// what panic got, for assertions (r.(error)) and compiled code alike.
		v := value(f)
		if v.IsValid() && v.CanInterface() {
			panic(v.Interface())
		}
		panic(v)
	}
}

// genHeldAsBinInterface gives the value held in an interface of the interpreter (n) as
// an argument of the compiled interface type typ: the held value itself when its
// reflect type implements typ, else wrapped with its methods. peerbook patch 26: the
// held value was passed bare, and a cell struct whose methods reflect does not see
// (var rc ReadCloser = nopCloser{r}; io.ReadAll(rc)) made reflect.Call panic.
func genHeldAsBinInterface(n *node, typ reflect.Type) func(*frame) reflect.Value {
	value := genValueInterfaceValue(n)
	if typ == nil || typ.Kind() != reflect.Interface || typ.NumMethod() == 0 {
		return value
	}
	raw := genValue(n)
	return func(f *frame) reflect.Value {
		v := value(f)
		if !v.IsValid() || v.Type().Implements(typ) {
			return v
		}
		vi, ok := raw(f).Interface().(valueInterface)
		for ok {
			inner, more := vi.value.Interface().(valueInterface)
			if !more {
				break
			}
			vi = inner
		}
		if !ok || vi.node == nil || vi.node.typ == nil || vi.node.typ.cat == valueT {
			return v
		}
		held := vi.value
		return genInterfaceWrapperOf(vi.node, typ, func(*frame) reflect.Value { return held })(f)
	}
}

// copyValue returns a copy of v that later stores to v (a variable's frame slot) do not
// change: a deferred call's function and arguments are evaluated at the defer statement
// (peerbook patch 25: they were the slots themselves, read when the call ran).
func copyValue(v reflect.Value) reflect.Value {
	if !v.IsValid() || !v.CanAddr() {
		return v
	}
	c := reflect.New(v.Type()).Elem()
	c.Set(v)
	return c
}

// isFuncVar reports whether n names a variable of function type (its value is known
// at run time only), as opposed to a function or method declaration.
func isFuncVar(n *node) bool {
	return n.kind == identExpr && n.sym != nil && n.sym.kind == varSym && n.recv == nil
}

func genBuiltinDeferWrapper(n *node, in, out []func(*frame) reflect.Value, fn func([]reflect.Value) []reflect.Value) {
	next := getExec(n.tnext)

	if n.anc.kind == deferStmt {
		n.exec = func(f *frame) bltn {
			val := make([]reflect.Value, len(in)+1)
			inTypes := make([]reflect.Type, len(in))
			for i, v := range in {
				val[i+1] = v(f)
				inTypes[i] = val[i+1].Type()
			}
			outTypes := make([]reflect.Type, len(out))
			for i, v := range out {
				outTypes[i] = v(f).Type()
			}

			funcType := reflect.FuncOf(inTypes, outTypes, false)
			val[0] = reflect.MakeFunc(funcType, fn)
			f.deferred = append([][]reflect.Value{val}, f.deferred...)
			return next
		}
		return
	}

	n.exec = func(f *frame) bltn {
		val := make([]reflect.Value, len(in))
		for i, v := range in {
			val[i] = v(f)
		}

		dests := fn(val)

		for i, dest := range dests {
			out[i](f).Set(dest)
		}
		return next
	}
}

func genFunctionWrapper(n *node) func(*frame) reflect.Value {
	return genFunctionWrapperOf(n, false)
}

// genFunctionWrapperOf is genFunctionWrapper; with closure, a function literal runs on a
// copy of the frame made with the wrapper (peerbook patch 61, for callBin's arguments).
func genFunctionWrapperOf(n *node, closure bool) func(*frame) reflect.Value {
	return genFunctionWrapperMode(n, closure, false)
}

// genDeferredFunctionWrapper is genFunctionWrapper for the callee of a defer statement
// (peerbook patch 221, recover.go): the function's frame keeps the frame of the defer
// statement, whose panic a recover() in it takes, and a function literal runs on a copy
// of the frame made at the statement, as its value would (a loop's per-iteration
// variables are the pass's, not the last pass's).
func genDeferredFunctionWrapper(n *node) func(*frame) reflect.Value {
	return genFunctionWrapperMode(n, false, true)
}

// genFunctionWrapperMode is genFunctionWrapperOf; with deferred, the wrapper is made by a
// defer statement in the frame it is given (genDeferredFunctionWrapper).
func genFunctionWrapperMode(n *node, closure, deferred bool) func(*frame) reflect.Value {
	var def *node
	var ok bool

	if def, ok = n.val.(*node); !ok {
		v := genValueAsFunctionWrapper(n)
		if deferred {
			// peerbook patch 221: a function value computed by the statement (defer
			// mk()()) is called as this frame's deferred call.
			return func(f *frame) reflect.Value { return deferredClosure(f, v(f)) }
		}
		return v
	}
	numRet := len(def.typ.ret)
	var rcvr func(*frame) reflect.Value

	if n.recv != nil {
		rcvr = genValueRecv(n)
	}
	funcType := n.typ.TypeOf()
	// peerbook patch 61: a function literal handed to a compiled function (time.AfterFunc,
	// sort.Slice) reads the variables of its closure as they are when it is made, as
	// getFunc's closures do: it ran on the live frame, where a loop's per-iteration
	// variable held the last iteration's by the time it was called.
	var slots []int
	lit := (closure || deferred) && n.kind == funcLit
	if lit {
		slots = capturedSlots(def)
	}
	forwarder := isRecoverForwarder(def) // peerbook patch 221

	return func(f *frame) reflect.Value {
		made := f // the frame the value is made in
		if lit {
			if f == f.root {
				f = f.cloneSlots(slots)
			} else {
				f = f.clone()
			}
		}
		body := func(deferOf *frame, in []reflect.Value) []reflect.Value {
			// Allocate and init local frame. All values to be settable and addressable.
			// peerbook patch 174: in the interpreter's current run, and with its done
			// channel, not the run the function value was made in (it may be stopped:
			// see closure.call).
			fr := newFrame(f, len(def.types), n.interp.runid())
			fr.done = n.interp.doneCase()
			fr.deferOf, fr.forwarder = deferOf, forwarder
			// peerbook patch 180: a method or function value made where it is called
			// counts the nesting of calls from the frame that made it; patch 172: a
			// function literal handed to compiled code, from its maker's frame (the
			// copy keeps its depth), so that a recursion through compiled callbacks
			// (strings.Map(func...) calling back) is bounded too.
			if n.interp.nest(f, fr, wrapperCallStack) {
				n.interp.callDepthExceeded(def, fr)
				return zeroResults(funcType)
			}
			d := fr.data
			for i, t := range def.types {
				d[i] = reflect.New(t).Elem()
			}

			if rcvr == nil {
				d = d[numRet:]
			} else {
				// Copy method receiver as first argument.
				src, dest := rcvr(f), d[numRet]
				sk, dk := src.Kind(), dest.Kind()
				for {
					vs, ok := src.Interface().(valueInterface)
					if !ok {
						break
					}
					src = vs.value
					sk = src.Kind()
				}
				switch {
				case sk == reflect.Ptr && dk != reflect.Ptr:
					if src.IsNil() {
						panic(nilValueReceiver(def)) // peerbook patch 73
					}
					dest.Set(src.Elem())
				case sk != reflect.Ptr && dk == reflect.Ptr:
					dest.Set(src.Addr())
				default:
					dest.Set(src)
				}
				d = d[numRet+1:]
			}

			// Copy function input arguments in local frame.
			for i, arg := range in {
				if i >= len(d) {
					// In case of unused arg, there may be not even a frame entry allocated, just skip.
					break
				}
				typ := def.typ.arg[i]
				switch {
				case isEmptyInterface(typ) || typ.TypeOf() == valueInterfaceType:
					d[i].Set(arg)
				case isInterfaceSrc(typ):
					d[i].Set(reflect.ValueOf(valueInterface{value: arg.Elem()}))
				default:
					d[i].Set(arg)
				}
			}

			// Interpreter code execution. peerbook patch 138: the body's start is
			// read when the function runs: a wrapper made before the function was
			// compiled (a deferred call, in an instance of a generic function
			// compiled at its first call, of a function declared further on) read
			// none, and the call did nothing.
			runCfg(def.child[3].start, fr, def, n)

			return fr.data[:numRet]
		}
		if deferred {
			return reflect.MakeFunc(funcType, func(in []reflect.Value) []reflect.Value { return body(made, in) })
		}
		// Only the values of a function that calls recover (or hands a deferred call on
		// to a method) need to be found when deferred: registering is costly. Read when
		// the value is made: a function is compiled after a wrapper of it may be
		// generated (patch 138).
		if !def.recovers && !forwarder {
			return reflect.MakeFunc(funcType, func(in []reflect.Value) []reflect.Value { return body(nil, in) })
		}
		// peerbook patch 221: a value deferred later, maybe in another frame, is called
		// as that frame's deferred call (deferredClosure).
		w := &funcWrapper{call: body}
		fv := reflect.MakeFunc(funcType, func(in []reflect.Value) []reflect.Value { return w.call(nil, in) })
		registerWrapper(fv, w)
		return fv
	}
}

func genInterfaceWrapper(n *node, typ reflect.Type) func(*frame) reflect.Value {
	return wrapInterface(n, typ, genValue(n), n)
}

// genInterfaceWrapperOf is genInterfaceWrapper for the value given by value, of n's type.
// peerbook patch 13: a type assertion to a compiled interface wraps the value held in an
// interface of the interpreter with this, not by evaluating the value's node again in
// the asserting frame (a frame where the node's slot holds something else).
func genInterfaceWrapperOf(n *node, typ reflect.Type, value func(*frame) reflect.Value) func(*frame) reflect.Value {
	return wrapInterface(n, typ, value, nil)
}

// wrapInterface is genInterfaceWrapper for the value given by value; the methods'
// receiver is a copy of the value (peerbook patch 41: it was read again from recvNode at
// each call; recvNode is no longer used).
func wrapInterface(n *node, typ reflect.Type, value func(*frame) reflect.Value, recvNode *node) func(*frame) reflect.Value {
	if typ == nil || typ.Kind() != reflect.Interface || typ.NumMethod() == 0 || n.typ.cat == valueT {
		return value
	}
	tc := n.typ.cat
	if tc != structT {
		// Always force wrapper generation for struct types, as they may contain
		// embedded interface fields which require wrapping, even if reported as
		// implementing typ by reflect.
		if nt := n.typ.frameType(); nt != nil && nt.Implements(typ) {
			return value
		}
	}

	// Retrieve methods from the interface wrapper, which is a struct where all fields
	// except the first define the methods to implement.
	// As the field name was generated with a prefixed first character (in order to avoid
	// collisions with method names), this first character is ignored in comparisons.
	wrap := getWrapper(n, typ)
	mn := wrap.NumField() - 1
	names := make([]string, mn)
	methods := make([]*node, mn)
	indexes := make([][]int, mn)
	for i := 0; i < mn; i++ {
		names[i] = wrap.Field(i + 1).Name[1:]
		methods[i], indexes[i] = n.typ.lookupMethod(names[i])
		if methods[i] == nil && n.typ.cat != nilT {
			// interpreted method not found, look for binary method, possibly embedded
			_, indexes[i], _, _ = n.typ.lookupBinMethod(names[i])
		}
	}

	return func(f *frame) reflect.Value {
		v := value(f)
		if tc != structT && v.Type().Implements(typ) {
			return v
		}
		switch v.Kind() {
		case reflect.Chan, reflect.Func, reflect.Interface, reflect.Map, reflect.Ptr, reflect.Slice:
			if v.IsNil() {
				return reflect.New(typ).Elem()
			}
		}
		var n2 *node
		if vi, ok := v.Interface().(valueInterface); ok {
			n2 = vi.node
		}
		v = getConcreteValue(v)
		w := reflect.New(wrap).Elem()
		w.Field(0).Set(v)
		// peerbook patch 41: the methods' receiver is the converted value, copied now, as
		// Go does, not the receiver node's slot read again at each call (values appended
		// in a loop to a []fmt.Stringer all printed the last one).
		rv := v
		if rv.Kind() != reflect.Ptr {
			rv = reflect.New(v.Type()).Elem()
			rv.Set(v)
		}
		for i, m := range methods {
			if m == nil {
				// First direct method lookup on field.
				if r := methodByName(v, names[i], indexes[i]); r.IsValid() {
					w.Field(i + 1).Set(r)
					continue
				}
				if n2 == nil {
					panic(n.cfgErrorf("method not found: %s", names[i]))
				}
				// Method lookup in embedded valueInterface.
				m2, i2 := n2.typ.lookupMethod(names[i])
				if m2 != nil {
					nod := *m2
					nod.recv = &receiver{nil, rv, i2}
					w.Field(i + 1).Set(genFunctionWrapper(&nod)(f))
					continue
				}
				panic(n.cfgErrorf("method not found: %s", names[i]))
			}
			nod := *m
			nod.recv = &receiver{nil, rv, indexes[i]}
			w.Field(i + 1).Set(genFunctionWrapper(&nod)(f))
		}
		return w
	}
}

// methodByName returns the method corresponding to name on value, or nil if not found.
// The search is extended on valueInterface wrapper if present.
// If valid, the returned value is a method function with the receiver already set
// (no need to pass it at call).
func methodByName(value reflect.Value, name string, index []int) (v reflect.Value) {
	if vi, ok := value.Interface().(valueInterface); ok {
		if v = getConcreteValue(vi.value).MethodByName(name); v.IsValid() {
			return
		}
	}
	if v = value.MethodByName(name); v.IsValid() {
		return
	}
	if value.Kind() == reflect.Struct && checkFieldIndex(value.Type(), index) {
		// peerbook patch 26: a method promoted from an embedded field that is not
		// embedded for reflect (an interface: struct{ sort.Interface }).
		if fv := value.FieldByIndex(index); fv.Kind() != reflect.Interface || !fv.IsNil() {
			if v = fv.MethodByName(name); v.IsValid() {
				return
			}
		}
	}
	for value.Kind() == reflect.Ptr {
		value = value.Elem()
		if checkFieldIndex(value.Type(), index) {
			value = value.FieldByIndex(index)
		}
		if v = value.MethodByName(name); v.IsValid() {
			return
		}
		// peerbook patch 21: embedded compiled methods. A field reached through a pointer
		// is addressable and has its pointer receiver methods too (sync.Mutex.Lock of
		// an embedded sync.Mutex).
		if value.CanAddr() {
			if v = value.Addr().MethodByName(name); v.IsValid() {
				return
			}
		}
	}
	return
}

func checkFieldIndex(typ reflect.Type, index []int) bool {
	if len(index) == 0 {
		return false
	}
	t := typ
	for t.Kind() == reflect.Ptr {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return false
	}
	i := index[0]
	if i >= t.NumField() {
		return false
	}
	if len(index) > 1 {
		return checkFieldIndex(t.Field(i).Type, index[1:])
	}
	return true
}

func call(n *node) {
	goroutine := n.anc.kind == goStmt
	c0 := n.child[0]
	value := genValue(c0)
	var values []func(*frame) reflect.Value

	numRet := len(c0.typ.ret)
	variadic := variadicPos(n)
	child := n.child[1:]
	tnext := getExec(n.tnext)
	fnext := getExec(n.fnext)
	// peerbook patch 222: a call that is a condition branches on its result whenever it
	// has a false branch; that branch's code may be nil (a bare return ending the
	// function: `if f() { ... } else { return }`), and the call took the true branch.
	branches := n.fnext != nil
	hasVariadicArgs := n.action == aCallSlice // callSlice implies variadic call with ellipsis.
	forwarded := isForwardedCall(n)           // peerbook patch 265

	// Compute input argument value functions.
	for i, c := range child {
		var arg *itype
		if variadic >= 0 && i >= variadic {
			arg = c0.typ.arg[variadic].val
		} else {
			arg = c0.typ.arg[i]
		}
		switch {
		case isBinCall(c, c.scope):
			// Handle nested function calls: pass returned values as arguments.
			numOut := c.child[0].typ.rtype.NumOut()
			for j := 0; j < numOut; j++ {
				ind := c.findex + j
				if hasVariadicArgs || !isInterfaceSrc(arg) || isEmptyInterface(arg) {
					values = append(values, func(f *frame) reflect.Value { return f.data[ind] })
					continue
				}
				values = append(values, func(f *frame) reflect.Value {
					return reflect.ValueOf(valueInterface{value: f.data[ind]})
				})
			}
		case isRegularCall(c):
			// Arguments are return values of a nested function call.
			cc0 := c.child[0]
			for j := range cc0.typ.ret {
				ind := c.findex + j
				if ret := cc0.typ.ret[j]; !hasVariadicArgs && isEmptyInterface(arg) &&
					!isInterfaceSrc(ret) && hasSrcMethods(ret) && ret.node != nil {
					// peerbook patch 10: a value of an interpreted type with methods,
					// returned by a call and passed as an empty interface, keeps its
					// type (as the default case below does for other expressions).
					values = append(values, func(f *frame) reflect.Value {
						return reflect.ValueOf(valueInterface{node: ret.node, value: f.data[ind]})
					})
					continue
				}
				if !hasVariadicArgs && len(cc0.typ.ret) == 1 && isInterfaceBin(arg) && !isInterfaceSrc(cc0.typ.ret[0]) {
					// peerbook patch 10: to a compiled interface, the result gets the
					// interface wrapper that any other expression gets.
					values = append(values, genInterfaceWrapper(c, arg.rtype))
					continue
				}
				if hasVariadicArgs || !isInterfaceSrc(arg) || isEmptyInterface(arg) {
					values = append(values, func(f *frame) reflect.Value { return f.data[ind] })
					continue
				}
				if ret := cc0.typ.ret[j]; isInterfaceSrc(ret) && !isEmptyInterface(ret) {
					// peerbook patch 134: a result of an interface type of the
					// interpreter is a valueInterface already: wrapped again, the
					// value held was the wrapper, and an assertion of the argument
					// to its concrete type failed (f(g()) with g returning I[byte]).
					values = append(values, func(f *frame) reflect.Value { return f.data[ind] })
					continue
				}
				values = append(values, func(f *frame) reflect.Value {
					return reflect.ValueOf(valueInterface{node: cc0.typ.ret[j].node, value: f.data[ind]})
				})
			}
		default:
			if c.kind == basicLit || c.rval.IsValid() {
				argType := arg.TypeOf()
				convertLiteralValue(c, argType)
			}
			switch {
			case hasVariadicArgs:
				values = append(values, genValue(c))
			case isInterfaceSrc(arg) && (!isEmptyInterface(arg) || hasSrcMethods(c.typ)):
				values = append(values, genValueInterface(c))
			case isInterfaceBin(arg):
				values = append(values, genInterfaceWrapper(c, arg.rtype))
			case isFuncSrc(arg) || isNamedFuncSrc(c.typ):
				// peerbook patch 93: a declared function passed as an interface is
				// its function value too (it was the *node of its declaration).
				values = append(values, genFuncValue(c))
			default:
				values = append(values, genValueTo(arg, c))
			}
		}
	}

	// Compute output argument value functions.
	rtypes := c0.typ.ret
	rvalues := make([]func(*frame) reflect.Value, len(rtypes))
	switch n.anc.kind {
	case defineXStmt, assignXStmt:
		l := n.level
		for i := range rvalues {
			c := n.anc.child[i]
			switch {
			case c.ident == "_":
				// Skip assigning return value to blank var.
			default:
				// peerbook patch 52: a result stored in a variable of an interface type
				// of the interpreter goes through the call's slot too; assignFromCall
				// boxes it (the callee wrote into the interface's value: reflect.Set
				// panicked).
				j := n.findex + i
				rvalues[i] = func(f *frame) reflect.Value { return getFrame(f, l).data[j] }
			}
		}
	case returnStmt:
		// Function call from a return statement: forward return values (always at frame start).
		for i := range rtypes {
			j := n.findex + i
			// Set the return value location in return value of caller frame.
			rvalues[i] = func(f *frame) reflect.Value { return f.data[j] }
		}
	default:
		// Multiple return values frame index are indexed from the node frame index.
		l := n.level
		for i := range rtypes {
			j := n.findex + i
			rvalues[i] = func(f *frame) reflect.Value { return getFrame(f, l).data[j] }
		}
	}

	if n.anc.kind == deferStmt {
		// Store function call in frame for deferred execution.
		if isFuncVar(c0) {
			// peerbook patch 25: the function value a variable holds at the defer
			// statement, not the literal last assigned to it (f = func() {...} after
			// defer f() called the new one, in the defer statement's frame).
			// Patch 221: a closure is called as this frame's deferred call.
			fv := genValueAsFunctionWrapper(c0)
			value = func(f *frame) reflect.Value { return deferredClosure(f, fv(f)) }
		} else {
			value = genDeferredFunctionWrapper(c0) // patch 221
		}
		n.exec = func(f *frame) bltn {
			val := make([]reflect.Value, len(values)+1)
			val[0] = copyValue(value(f))
			// The arguments stay the slots they are read from: peerbook's rewriter
			// (eval/internal/rewrite/defer.go) binds each to a fresh variable, and
			// passes the loop variables a deferred function literal uses as arguments,
			// which must stay the variables (the literal sees later changes to them).
			for i, v := range values {
				val[i+1] = v(f)
			}
			f.deferred = append([][]reflect.Value{val}, f.deferred...)
			return tnext
		}
		return
	}

	n.exec = func(f *frame) bltn {
		f.mutex.Lock()
		bf := value(f)
		def, ok := bf.Interface().(*node)
		if ok {
			bf = def.rval
		}
		f.mutex.Unlock()

		// Call bin func if defined
		if bf.IsValid() {
			var callf func([]reflect.Value) []reflect.Value

			// Lambda definitions are necessary here. Due to reflect internals,
			// having `callf = bf.Call` or `callf = bf.CallSlice` does not work.
			//nolint:gocritic
			if hasVariadicArgs {
				callf = func(in []reflect.Value) []reflect.Value { return bf.CallSlice(in) }
			} else {
				callf = func(in []reflect.Value) []reflect.Value { return bf.Call(in) }
			}

			if goroutine {
				// Goroutine's arguments should be copied.
				in := make([]reflect.Value, len(values))
				for i, v := range values {
					value := v(f)
					in[i] = reflect.New(value.Type()).Elem()
					in[i].Set(value)
				}

				go callf(in)
				return tnext
			}

			in := make([]reflect.Value, len(values))
			for i, v := range values {
				in[i] = v(f)
			}
			var out []reflect.Value
			// peerbook patch 172: a function literal's closure runs directly, its
			// nesting counted from this frame (closure.go).
			// Patch 265: the call of a literal that stands for a deferred call
			// (isForwardedCall) is that frame's deferred call.
			var deferOf *frame
			var w *funcWrapper
			if forwarded && f.deferOf != nil && (hasVariadicArgs || !bf.Type().IsVariadic()) {
				deferOf, w = f.deferOf, wrapperOf(bf)
			}
			if c := closureOf(bf); c != nil && (hasVariadicArgs || !bf.Type().IsVariadic()) {
				out = c.callDirectFrom(f, deferOf, bf.Type(), in, c0.ident)
			} else if w != nil {
				out = w.call(deferOf, in)
			} else {
				out = callf(in)
			}
			for i, v := range rvalues {
				if v != nil {
					v(f).Set(out[i])
				}
			}
			if branches && !out[0].Bool() {
				return fnext
			}
			return tnext
		}

		nf := newFrame(f, len(def.types), f.runid())
		if !goroutine {
			// peerbook patch 180: count the nesting of direct calls (calldepth.go).
			if n.interp.nest(f, nf, directCallStack) {
				n.interp.callDepthExceeded(def, nf)
				return nil
			}
		}
		var vararg reflect.Value

		// Init return values. peerbook patch 11: a destination of the caller's
		// (q, err := f()) is not the callee's result variable: the callee starts from
		// zero results and they are copied out when it returns, so that a call that
		// panics and recovers gives its zero (or set) named results, not the values the
		// destinations held before. Destinations of another type (an interface of the
		// interpreter) keep yaegi's aliasing.
		var copyOut []int
		for i, v := range rvalues {
			if v != nil {
				if d := v(f); d.Type() == def.types[i] {
					nf.data[i] = reflect.New(def.types[i]).Elem()
					copyOut = append(copyOut, i)
				} else {
					nf.data[i] = d
				}
			} else {
				nf.data[i] = reflect.New(def.types[i]).Elem()
			}
		}

		// Init local frame values
		for i, t := range def.types[numRet:] {
			nf.data[numRet+i] = reflect.New(t).Elem()
		}

		// Init variadic argument vector
		if variadic >= 0 {
			vararg = nf.data[numRet+variadic]
		}

		// Copy input parameters from caller
		if dest := nf.data[numRet:]; len(dest) > 0 {
			for i, v := range values {
				switch {
				case variadic >= 0 && i >= variadic:
					if v(f).Type() == vararg.Type() {
						vararg.Set(v(f))
					} else {
						vararg.Set(reflect.Append(vararg, v(f)))
					}
				default:
					val := v(f)
					if val.IsZero() && dest[i].Kind() != reflect.Interface && !negativeZero(val) {
						// Work around a recursive struct zero interface issue.
						// Once there is a better way to handle this case, the dest can just be set.
						continue
					}
					if nod, ok := val.Interface().(*node); ok && nod.recv != nil {
						// An interpreted method is passed as value in a function call.
						// It must be wrapped now, otherwise the receiver will be missing
						// at the method call (#1332).
						// TODO (marc): wrapping interpreted functions should be always done
						// everywhere at runtime to simplify the whole code,
						// but it requires deeper refactoring.
						dest[i] = genFunctionWrapper(nod)(f)
						continue
					}
					dest[i].Set(val)
				}
			}
		}

		// Execute function body
		if goroutine {
			go runCfg(def.child[3].start, nf, def, n)
			return tnext
		}
		runCfg(def.child[3].start, nf, def, n)
		for _, i := range copyOut {
			rvalues[i](f).Set(nf.data[i])
		}

		// Handle branching according to boolean result
		if branches && !nf.data[0].Bool() {
			return fnext
		}
		return tnext
	}
}

func getFrame(f *frame, l int) *frame {
	switch l {
	case globalFrame:
		return f.root
	case 0:
		return f
	case 1:
		return f.anc
	case 2:
		return f.anc.anc
	}
	for ; l > 0; l-- {
		f = f.anc
	}
	return f
}

// Callbin calls a function from a bin import, accessible through reflect.
func callBin(n *node) {
	tnext := getExec(n.tnext)
	fnext := getExec(n.fnext)
	child := n.child[1:]
	c0 := n.child[0]
	value := genValue(c0)
	if isForwardedCall(n) {
		value = genDeferredMethodValue(c0, value) // peerbook patch 266
	}
	var values []func(*frame) reflect.Value
	funcType := c0.typ.rtype
	wt := wrappedType(c0)
	variadic := -1
	if funcType.IsVariadic() {
		variadic = funcType.NumIn() - 1
	}
	// A method signature obtained from reflect.Type includes receiver as 1st arg, except for interface types.
	rcvrOffset := 0
	if recv := c0.recv; recv != nil && !isInterface(recv.node.typ) {
		if variadic > 0 || funcType.NumIn() > len(child) {
			rcvrOffset = 1
		}
	}

	// getMapType returns a reflect type suitable for interface wrapper for functions
	// with some special processing in case of interface{} argument, i.e. fmt.Printf.
	var getMapType func(*itype) reflect.Type
	if lr, ok := n.interp.mapTypes[c0.rval]; ok {
		getMapType = func(typ *itype) reflect.Type {
			for _, rt := range lr {
				if typ.implements(&itype{cat: valueT, rtype: rt}) {
					return rt
				}
			}
			return nil
		}
	}

	// Determine if we should use `Call` or `CallSlice` on the function Value.
	callFn := func(v reflect.Value, in []reflect.Value) []reflect.Value { return v.Call(in) }
	if n.action == aCallSlice {
		callFn = func(v reflect.Value, in []reflect.Value) []reflect.Value { return v.CallSlice(in) }
	}

	for i, c := range child {
		switch {
		case isBinCall(c, c.scope):
			// Handle nested function calls: pass returned values as arguments
			numOut := c.child[0].typ.rtype.NumOut()
			for j := 0; j < numOut; j++ {
				ind := c.findex + j
				values = append(values, func(f *frame) reflect.Value { return valueInterfaceValue(f.data[ind]) })
			}
		case isRegularCall(c) && len(c.child[0].typ.ret) != 1:
			// Handle nested function calls: pass returned values as arguments. (peerbook
			// patch 218: a single result is an argument as any other, below, wrapped for an
			// interface parameter when its type is the interpreter's: sort.Sort(newT()).)
			for j := range c.child[0].typ.ret {
				ind := c.findex + j
				values = append(values, func(f *frame) reflect.Value { return valueInterfaceValue(f.data[ind]) })
			}
		default:
			if c.kind == basicLit || c.rval.IsValid() {
				// Convert literal value (untyped) to function argument type (if not an interface{})
				var argType reflect.Type
				if variadic >= 0 && i+rcvrOffset >= variadic {
					argType = funcType.In(variadic).Elem()
				} else {
					argType = funcType.In(i + rcvrOffset)
				}
				convertLiteralValue(c, argType)
				if !reflect.ValueOf(c.val).IsValid() { //  Handle "nil"
					c.val = reflect.Zero(argType)
				}
			}

			if wt != nil && isInterfaceSrc(wt.arg[i]) {
				values = append(values, genValueInterface(c))
				break
			}

			// defType is the target type for a potential interface wrapper.
			var defType reflect.Type
			if variadic >= 0 && i+rcvrOffset >= variadic {
				defType = funcType.In(variadic)
				if n.action != aCallSlice {
					// Each argument of a variadic call is an element of the slice.
					defType = defType.Elem()
				}
			} else {
				defType = funcType.In(rcvrOffset + i)
			}
			// peerbook patch 60: only an empty interface parameter (fmt.Fprintf's operands)
			// takes a special wrapper; the io.Writer of Fprintf took fmt.Stringer's when the
			// writer had a String method (a struct embedding bytes.Buffer): reflect panicked.
			if getMapType != nil && defType.Kind() == reflect.Interface && defType.NumMethod() == 0 {
				if rt := getMapType(c.typ); rt != nil {
					defType = rt
				}
			}

			switch {
			case isEmptyInterface(c.typ):
				values = append(values, genValue(c))
			case isInterfaceSrc(c.typ):
				values = append(values, genHeldAsBinInterface(c, defType))
			case isFuncSrc(c.typ):
				values = append(values, genFunctionWrapperOf(c, true))
			case c.typ.cat == arrayT || c.typ.cat == variadicT:
				if isEmptyInterface(c.typ.val) {
					values = append(values, genValueArray(c))
				} else {
					values = append(values, genInterfaceWrapper(c, defType))
				}
			case isPtrSrc(c.typ):
				if c.typ.val.cat == valueT {
					values = append(values, genValue(c))
				} else {
					values = append(values, genInterfaceWrapper(c, defType))
				}
			case c.typ.cat == valueT:
				values = append(values, genValue(c))
			default:
				values = append(values, genInterfaceWrapper(c, defType))
			}
		}
	}
	l := len(values)

	switch {
	case n.anc.kind == deferStmt:
		// Store function call in frame for deferred execution.
		n.exec = func(f *frame) bltn {
			val := make([]reflect.Value, l+1)
			val[0] = copyValue(value(f))
			for i, v := range values {
				val[i+1] = copyValue(getBinValue(getMapType, v, f))
			}
			f.deferred = append([][]reflect.Value{val}, f.deferred...)
			return tnext
		}
	case n.anc.kind == goStmt:
		// Execute function in a goroutine, discard results.
		n.exec = func(f *frame) bltn {
			in := make([]reflect.Value, l)
			for i, v := range values {
				in[i] = getBinValue(getMapType, v, f)
			}
			go callFn(value(f), in)
			return tnext
		}
	case n.fnext != nil: // peerbook patch 222, as in call
		// Handle branching according to boolean result.
		index := n.findex
		level := n.level
		n.exec = func(f *frame) bltn {
			in := make([]reflect.Value, l)
			for i, v := range values {
				in[i] = getBinValue(getMapType, v, f)
			}
			res := callFn(value(f), in)
			b := res[0].Bool()
			getFrame(f, level).data[index].SetBool(b)
			if b {
				return tnext
			}
			return fnext
		}
	default:
		action := n.anc.action
		if action == aReturn && len(n.anc.child) > 1 && n.findex != childPos(n) {
			// peerbook patch 121: the call of a return of several operands that the
			// compiler gave a slot of its own (another operand reads the named result it
			// would go into: return fmt.Sprint(x), len(a)) stores its results there,
			// where the return reads them. It stored them into the result, which the
			// return then overwrote with the empty slot. (A return of one call reads
			// nothing: the call stores into the results.)
			action = aNop
		}
		switch action {
		case aAssignX:
			// The function call is part of an assign expression, store results direcly
			// to assigned location, to avoid an additional frame copy.
			// The optimization of aAssign is handled in assign(), and should not
			// be handled here.
			rvalues := make([]func(*frame) reflect.Value, funcType.NumOut())
			for i := range rvalues {
				c := n.anc.child[i]
				if c.ident == "_" {
					continue
				}
				if isInterfaceSrc(c.typ) {
					rvalues[i] = genValueInterfaceValue(c)
				} else {
					rvalues[i] = genValue(c)
				}
			}
			stores := genMapStores(n.anc.child[:len(rvalues)]) // peerbook patch 152
			n.exec = func(f *frame) bltn {
				in := make([]reflect.Value, l)
				for i, v := range values {
					in[i] = getBinValue(getMapType, v, f)
				}
				out := callFn(value(f), in)
				var maps, keys []reflect.Value
				if stores != nil {
					maps, keys = readMapStores(f, stores)
				}
				for i, v := range rvalues {
					if v == nil {
						continue // Skip assign "_".
					}
					if stores != nil && stores[i] != nil {
						maps[i].SetMapIndex(keys[i], out[i])
						continue
					}
					c := n.anc.child[i]
					if n.anc.kind == defineXStmt && !c.redeclared {
						// In case of a define statement, the destination value in the frame
						// must be recreated. This is necessary to preserve the previous value
						// which may be still used in a separate closure.
						data := getFrame(f, c.level).data
						data[c.findex] = reflect.New(data[c.findex].Type()).Elem()
						data[c.findex].Set(out[i])
						continue
					}
					v(f).Set(out[i])
				}
				return tnext
			}
		case aReturn:
			// The function call is part of a return statement, store output results
			// directly in the frame location of outputs of the current function.
			b := childPos(n)
			n.exec = func(f *frame) bltn {
				in := make([]reflect.Value, l)
				for i, v := range values {
					in[i] = getBinValue(getMapType, v, f)
				}
				out := callFn(value(f), in)
				for i, v := range out {
					dest := f.data[b+i]
					if _, ok := dest.Interface().(valueInterface); ok {
						v = reflect.ValueOf(valueInterface{value: v})
					}
					dest.Set(v)
				}
				return tnext
			}
		default:
			n.exec = func(f *frame) bltn {
				in := make([]reflect.Value, l)
				for i, v := range values {
					in[i] = getBinValue(getMapType, v, f)
				}
				out := callFn(value(f), in)
				for i := 0; i < len(out); i++ {
					r := out[i]
					if r.Kind() == reflect.Func {
						getFrame(f, n.level).data[n.findex+i] = r
						continue
					}
					dest := getFrame(f, n.level).data[n.findex+i]
					if _, ok := dest.Interface().(valueInterface); ok {
						r = reflect.ValueOf(valueInterface{value: r})
					}
					dest.Set(r)
				}
				return tnext
			}
		}
	}
}

func getIndexBinMethod(n *node) {
	// dest := genValue(n)
	i := n.findex
	l := n.level
	m := n.val.(int)
	value := genValue(n.child[0])
	next := getExec(n.tnext)

	n.exec = func(f *frame) bltn {
		// Can not use .Set() because dest type contains the receiver and source not
		// dest(f).Set(value(f).Method(m))
		getFrame(f, l).data[i] = value(f).Method(m)
		return next
	}
}

func getIndexBinElemMethod(n *node) {
	i := n.findex
	l := n.level
	m := n.val.(int)
	value := genValue(n.child[0])
	next := getExec(n.tnext)

	n.exec = func(f *frame) bltn {
		// Can not use .Set() because dest type contains the receiver and source not
		getFrame(f, l).data[i] = value(f).Elem().Method(m)
		return next
	}
}

func getIndexBinPtrMethod(n *node) {
	i := n.findex
	l := n.level
	m := n.val.(int)
	value := genValue(n.child[0])
	next := getExec(n.tnext)

	n.exec = func(f *frame) bltn {
		// Can not use .Set() because dest type contains the receiver and source not
		getFrame(f, l).data[i] = value(f).Addr().Method(m)
		return next
	}
}

// getIndexArray returns array value from index.
func getIndexArray(n *node) {
	tnext := getExec(n.tnext)
	value0 := genValueArray(n.child[0]) // array
	i := n.findex
	l := n.level

	if n.child[1].rval.IsValid() { // constant array index
		ai := int(vInt(n.child[1].rval))
		if n.fnext != nil {
			fnext := getExec(n.fnext)
			n.exec = func(f *frame) bltn {
				r := value0(f).Index(ai)
				getFrame(f, l).data[i] = r
				if r.Bool() {
					return tnext
				}
				return fnext
			}
		} else {
			n.exec = func(f *frame) bltn {
				getFrame(f, l).data[i] = value0(f).Index(ai)
				return tnext
			}
		}
	} else {
		value1 := genValueInt(n.child[1]) // array index

		if n.fnext != nil {
			fnext := getExec(n.fnext)
			n.exec = func(f *frame) bltn {
				_, vi := value1(f)
				r := value0(f).Index(int(vi))
				getFrame(f, l).data[i] = r
				if r.Bool() {
					return tnext
				}
				return fnext
			}
		} else {
			n.exec = func(f *frame) bltn {
				_, vi := value1(f)
				getFrame(f, l).data[i] = value0(f).Index(int(vi))
				return tnext
			}
		}
	}
}

// getIndexMap retrieves map value from index.
func getIndexMap(n *node) {
	dest := genValue(n)
	value0 := genValue(n.child[0]) // map
	tnext := getExec(n.tnext)
	z := reflect.New(n.child[0].typ.frameType().Elem()).Elem()

	if n.child[1].rval.IsValid() { // constant map index
		mi := n.child[1].rval

		switch {
		case n.fnext != nil:
			fnext := getExec(n.fnext)
			n.exec = func(f *frame) bltn {
				if v := value0(f).MapIndex(mi); v.IsValid() && v.Bool() {
					dest(f).SetBool(true)
					return tnext
				}
				dest(f).Set(z)
				return fnext
			}
		default:
			n.exec = func(f *frame) bltn {
				if v := value0(f).MapIndex(mi); v.IsValid() {
					dest(f).Set(v)
				} else {
					dest(f).Set(z)
				}
				return tnext
			}
		}
	} else {
		value1 := genMapKey(n.child[0], genValue(n.child[1])) // map index (patch 38)

		switch {
		case n.fnext != nil:
			fnext := getExec(n.fnext)
			n.exec = func(f *frame) bltn {
				if v := value0(f).MapIndex(value1(f)); v.IsValid() && v.Bool() {
					dest(f).SetBool(true)
					return tnext
				}
				dest(f).Set(z)
				return fnext
			}
		default:
			n.exec = func(f *frame) bltn {
				if v := value0(f).MapIndex(value1(f)); v.IsValid() {
					dest(f).Set(v)
				} else {
					dest(f).Set(z)
				}
				return tnext
			}
		}
	}
}

// getIndexMap2 retrieves map value from index and set status.
func getIndexMap2(n *node) {
	dest := genValue(n.anc.child[0])   // result
	value0 := genValue(n.child[0])     // map
	value2 := genValue(n.anc.child[1]) // status
	next := getExec(n.tnext)
	doValue := n.anc.child[0].ident != "_"
	doStatus := n.anc.child[1].ident != "_"

	if !doValue && !doStatus {
		if n.child[1].rval.IsValid() {
			nop(n)
			return
		}
		// peerbook patch 92: `_, _ = m[k]` still looks k up, as Go does: a key of an
		// interface type whose dynamic type is not comparable (a slice, a map, a
		// func) panics. It was no code at all, and the lookup did not panic.
		value0 := genValue(n.child[0])
		value1 := genMapKey(n.child[0], genValue(n.child[1]))
		n.exec = func(f *frame) bltn {
			value0(f).MapIndex(value1(f))
			return next
		}
		return
	}
	// peerbook patch 48: a missing key stores the zero value of the map's elements (the
	// destination kept what it held: v, ok := m[k] in a loop showed the previous
	// iteration's value), and a value stored in an interface of the interpreter is
	// boxed with its type (sh, ok = shapes[k] panicked in reflect.Set).
	store := mapIndexStore(n, dest)
	if n.child[1].rval.IsValid() { // constant map index
		mi := n.child[1].rval
		switch {
		case !doValue:
			n.exec = func(f *frame) bltn {
				v := value0(f).MapIndex(mi)
				setOk(value2(f), v.IsValid())
				return next
			}
		default:
			n.exec = func(f *frame) bltn {
				m := value0(f)
				v := m.MapIndex(mi)
				store(f, m, v)
				if doStatus {
					setOk(value2(f), v.IsValid())
				}
				return next
			}
		}
	} else {
		value1 := genMapKey(n.child[0], genValue(n.child[1])) // map index (patch 38)
		switch {
		case !doValue:
			n.exec = func(f *frame) bltn {
				v := value0(f).MapIndex(value1(f))
				setOk(value2(f), v.IsValid())
				return next
			}
		default:
			n.exec = func(f *frame) bltn {
				m := value0(f)
				v := m.MapIndex(value1(f))
				store(f, m, v)
				if doStatus {
					setOk(value2(f), v.IsValid())
				}
				return next
			}
		}
	}
	freshCommaOk(n)
}

// freshCommaOk makes the code of the comma-ok form n (m[k], x.(T), <-ch) in a short
// variable declaration start with new variables for the destinations it defines (not
// redeclared ones), as assignFromCall does for calls. peerbook patch 50: the form stored
// into the variables of the previous run, so closures and pointers taken in earlier
// loop iterations (v, ok := m[k]; fs = append(fs, func() int { return v })) all saw the
// last value. Called at the end of the form's code generator, so that it wraps the code
// others will run.
func freshCommaOk(n *node) {
	d := n.anc
	if d.kind != defineXStmt || len(d.child) < 3 || n.exec == nil {
		return
	}
	var slots [][2]int
	for _, c := range d.child[:2] {
		if c.redeclared || c.ident == "_" || c.findex < 0 || (c.sym != nil && c.sym.global) {
			continue
		}
		slots = append(slots, [2]int{c.level, c.findex})
	}
	if len(slots) == 0 {
		return
	}
	inner := n.exec
	n.exec = func(f *frame) bltn {
		for _, s := range slots {
			data := getFrame(f, s[0]).data
			data[s[1]] = reflect.New(data[s[1]].Type()).Elem()
		}
		return inner(f)
	}
}

// mapIndexStore returns the code that stores the value v read from the map m (invalid
// for a missing key) in the destination of the comma-ok index expression n (peerbook
// patch 48).
func mapIndexStore(n *node, dest func(*frame) reflect.Value) func(f *frame, m, v reflect.Value) {
	dt := n.anc.child[0].typ
	var et *itype
	if mt := n.child[0].typ; mt != nil && mt.cat == mapT {
		et = mt.val
	}
	if dt != nil && isInterfaceSrc(dt) && et != nil && !isInterfaceSrc(et) && (!isEmptyInterface(dt) || hasSrcMethods(et)) {
		held := &node{interp: n.interp, typ: et}
		return func(f *frame, m, v reflect.Value) {
			if !v.IsValid() {
				v = reflect.Zero(m.Type().Elem())
			}
			dest(f).Set(reflect.ValueOf(valueInterface{held, v}))
		}
	}
	return func(f *frame, m, v reflect.Value) {
		if !v.IsValid() {
			v = reflect.Zero(m.Type().Elem())
		}
		dest(f).Set(v)
	}
}

// getFunc compiles a closure function generator for anonymous functions.
func getFunc(n *node) {
	i := n.findex
	l := n.level
	next := getExec(n.tnext)
	slots := capturedSlots(n)
	typ := n.typ.TypeOf()
	forwarder := isRecoverForwarder(n) // peerbook patch 221

	n.exec = func(f *frame) bltn {
		var fr *frame
		if f == f.root {
			// peerbook patch 14: in the global frame, which grows with every
			// program the interpreter runs, copy only the slots the closure reads.
			fr = f.cloneSlots(slots)
		} else {
			fr = f.clone()
		}
		c := &closure{def: n, fr: fr, maker: f, level: l, slot: i, old: getFrame(f, l).data[i], forwarder: forwarder}
		fct := reflect.MakeFunc(typ, func(in []reflect.Value) []reflect.Value { return c.call(nil, in, "") })
		registerClosure(fct, c)

		f.mutex.Lock()
		sf := getFrame(f, l)
		sf.data[i] = fct
		if sf.litGen == nil {
			sf.litGen = map[int]uint64{}
		}
		sf.litGen[i]++
		c.gen = sf.litGen[i]
		f.mutex.Unlock()

		return next
	}
}

// capturedSlots returns the indices of the slots of the frame where the function
// literal n is made that n's body reads or writes through that frame (a node at depth
// d of nested function literals in n reaches it with level d+1), including the
// further result slots of a call that stores its results there.
func capturedSlots(n *node) []int {
	seen := map[int]bool{}
	var walk func(m *node, depth int)
	walk = func(m *node, depth int) {
		if m.level == depth+1 && m.findex >= 0 {
			k := 1
			if m.kind == callExpr && len(m.child) > 0 && m.child[0].typ != nil {
				k = max(k, m.child[0].typ.numOut())
			}
			for j := 0; j < k; j++ {
				seen[m.findex+j] = true
			}
		}
		if m != n && m.kind == funcLit {
			depth++
		}
		for _, c := range m.child {
			walk(c, depth)
		}
	}
	walk(n, 0)
	slots := make([]int, 0, len(seen))
	for j := range seen {
		slots = append(slots, j)
	}
	return slots
}

func getMethod(n *node) {
	i := n.findex
	l := n.level
	next := getExec(n.tnext)
	recv := genValueRecv(n)

	n.exec = func(f *frame) bltn {
		nod := *(n.val.(*node))
		nod.val = &nod
		// peerbook patch 39: the receiver is bound when the method value is evaluated, as
		// Go does, not read again from the receiver's node when the value is called (by
		// then the node's slot may hold another receiver: cs[i].Inc in a loop, p.Inc
		// after p changed).
		if nilOnReceiverPath(n, f) {
			// peerbook patch 49: Go reads the receiver when it evaluates the method
			// value, through a nil embedded pointer too (it bound a nil receiver).
			panic(nilDereference())
		}
		nod.recv = &receiver{val: bindRecv(&nod, recv(f))}
		getFrame(f, l).data[i] = genFuncValue(&nod)(f)
		return next
	}
}

// bindRecv is the receiver a method value of def keeps: the address of an addressable
// value for a pointer receiver, else a copy of the value (peerbook patch 39).
func bindRecv(def *node, src reflect.Value) reflect.Value {
	// peerbook patch 171: only a valueInterface is unwrapped, found by its type: the
	// receiver was copied whole (src.Interface()) to learn it, a read racing with the
	// goroutines writing it (a data race the race detector reports, and a copy per call).
	for {
		v := src
		if v.Kind() == reflect.Interface && !v.IsNil() {
			v = v.Elem()
		}
		if !v.IsValid() || v.Type() != valueInterfaceType {
			break
		}
		src = v.Interface().(valueInterface).value
	}
	numRet := len(def.typ.ret)
	if numRet < len(def.types) {
		dk, sk := def.types[numRet].Kind(), src.Kind()
		switch {
		case sk != reflect.Ptr && dk == reflect.Ptr && src.CanAddr():
			return src.Addr()
		case sk == reflect.Ptr && dk != reflect.Ptr:
			if src.IsNil() {
				// peerbook patch 49: a value receiver is read through the pointer
				// when the method value is evaluated, as in Go.
				panic(nilDereference())
			}
			src = src.Elem()
		}
	}
	if !src.CanAddr() {
		return src
	}
	c := reflect.New(src.Type()).Elem()
	c.Set(src)
	return c
}

func getMethodByName(n *node) {
	next := getExec(n.tnext)
	value0 := genValue(n.child[0])
	name := n.child[1].ident
	i := n.findex
	l := n.level

	fieldPath, _ := n.val.(ifaceFieldPath)

	n.exec = func(f *frame) bltn {
		// The interface object must be directly accessible, or embedded in a struct (exported anonymous field).
		val0 := value0(f)
		val, ok := value0(f).Interface().(valueInterface)
		if !ok && fieldPath != nil {
			// peerbook patch 144: the embedded interface field found when compiling,
			// at any depth (reflect marks no embedded interface with methods as
			// anonymous, patch 26, and the search below went one level deep).
			v := val0
			for _, fi := range fieldPath {
				for v.Kind() == reflect.Ptr {
					if v.IsNil() {
						panic(nilDereference())
					}
					v = v.Elem()
				}
				v = v.Field(fi)
			}
			val, ok = v.Interface().(valueInterface)
			if ok && val.node == nil {
				panic(nilDereference()) // a nil embedded interface, as in Go
			}
		}
		if !ok {
			// Search the first embedded valueInterface.
			for val0.Kind() == reflect.Ptr {
				val0 = val0.Elem()
			}
			for i := 0; i < val0.NumField(); i++ {
				fld := val0.Type().Field(i)
				if !fld.Anonymous || !fld.IsExported() {
					continue
				}
				if val, ok = val0.Field(i).Interface().(valueInterface); ok {
					break
					// TODO: should we keep track of all the vals that are indeed valueInterface,
					// so that later on we can call MethodByName on all of them until one matches?
				}
			}
			if !ok {
				panic(n.cfgErrorf("invalid interface value %v", val0))
			}
		}
		// Traverse nested interface values to get the concrete value.
		for {
			v, ok := val.value.Interface().(valueInterface)
			if !ok {
				break
			}
			val = v
		}

		if met := val.value.MethodByName(name); met.IsValid() {
			getFrame(f, l).data[i] = met
			return next
		}

		typ := val.node.typ
		if typ.node == nil && typ.cat == valueT {
			// It happens with a var of empty interface type, that has value of concrete type
			// from runtime, being asserted to "user-defined" interface.
			if _, ok := typ.rtype.MethodByName(name); !ok {
				panic(n.cfgErrorf("method not found: %s", name))
			}
			return next
		}

		// Finally search method recursively in embedded valueInterfaces.
		r, m, li := lookupMethodValue(val, name)
		if r.IsValid() {
			getFrame(f, l).data[i] = r
			return next
		}
		if m == nil {
			panic(n.cfgErrorf("method not found: %s", name))
		}

		nod := *m
		nod.val = &nod
		nod.recv = &receiver{nil, val.value, li}
		getFrame(f, l).data[i] = genFuncValue(&nod)(f)
		return next
	}
}

// lookupMethodValue recursively looks within val for the method with the given
// name. If a runtime value is found, it is returned in r, otherwise it is returned
// in m, with li as the list of recursive field indexes.
func lookupMethodValue(val valueInterface, name string) (r reflect.Value, m *node, li []int) {
	if r = val.value.MethodByName(name); r.IsValid() {
		return
	}
	if m, li = val.node.typ.lookupMethod(name); m != nil {
		return
	}
	if !isStruct(val.node.typ) {
		return
	}
	// peerbook patch 21: embedded compiled methods. A method promoted from an embedded
	// compiled type that is not an embedded field for reflect (sync.Mutex, whose
	// methods StructOf can't promote) is found by its field index.
	if _, index, _, ok := val.node.typ.lookupBinMethod(name); ok && len(index) > 0 {
		if r = methodByName(val.value, name, index); r.IsValid() {
			return
		}
	}
	v := val.value
	for v.Type().Kind() == reflect.Ptr {
		v = v.Elem()
	}
	nf := v.NumField()
	for i := 0; i < nf; i++ {
		vi, ok := v.Field(i).Interface().(valueInterface)
		if !ok {
			continue
		}
		if r, m, li = lookupMethodValue(vi, name); m != nil {
			li = append([]int{i}, li...)
			return
		}
	}
	return
}

func getIndexSeq(n *node) {
	value := genValue(n.child[0])
	index := n.val.([]int)
	tnext := getExec(n.tnext)
	i := n.findex
	l := n.level

	// Note:
	// Here we have to store the result using
	//    f.data[i] = value(...)
	// instead of normal
	//    dest(f).Set(value(...)
	// because the value returned by FieldByIndex() must be preserved
	// for possible future Set operations on the struct field (avoid a
	// dereference from Set, resulting in setting a copy of the
	// original field).

	if n.fnext != nil {
		fnext := getExec(n.fnext)
		n.exec = func(f *frame) bltn {
			v := value(f)
			r := v.FieldByIndex(index)
			getFrame(f, l).data[i] = r
			if r.Bool() {
				return tnext
			}
			return fnext
		}
	} else {
		n.exec = func(f *frame) bltn {
			v := value(f)
			getFrame(f, l).data[i] = v.FieldByIndex(index)
			return tnext
		}
	}
}

func getPtrIndexSeq(n *node) {
	index := n.val.([]int)
	tnext := getExec(n.tnext)
	value := genValue(n.child[0])
	i := n.findex
	l := n.level

	if n.fnext != nil {
		fnext := getExec(n.fnext)
		n.exec = func(f *frame) bltn {
			r := value(f).Elem().FieldByIndex(index)
			getFrame(f, l).data[i] = r
			if r.Bool() {
				return tnext
			}
			return fnext
		}
	} else {
		n.exec = func(f *frame) bltn {
			getFrame(f, l).data[i] = value(f).Elem().FieldByIndex(index)
			return tnext
		}
	}
}

func getIndexSeqField(n *node) {
	value := genValue(n.child[0])
	index := n.val.([]int)
	i := n.findex
	l := n.level
	tnext := getExec(n.tnext)

	if n.fnext != nil {
		fnext := getExec(n.fnext)
		if n.child[0].typ.TypeOf().Kind() == reflect.Ptr {
			n.exec = func(f *frame) bltn {
				r := value(f).Elem().FieldByIndex(index)
				getFrame(f, l).data[i] = r
				if r.Bool() {
					return tnext
				}
				return fnext
			}
		} else {
			n.exec = func(f *frame) bltn {
				r := value(f).FieldByIndex(index)
				getFrame(f, l).data[i] = r
				if r.Bool() {
					return tnext
				}
				return fnext
			}
		}
	} else {
		if n.child[0].typ.TypeOf().Kind() == reflect.Ptr {
			n.exec = func(f *frame) bltn {
				getFrame(f, l).data[i] = value(f).Elem().FieldByIndex(index)
				return tnext
			}
		} else {
			n.exec = func(f *frame) bltn {
				getFrame(f, l).data[i] = value(f).FieldByIndex(index)
				return tnext
			}
		}
	}
}

func getIndexSeqPtrMethod(n *node) {
	value := genValue(n.child[0])
	index := n.val.([]int)
	fi := index[1:]
	mi := index[0]
	i := n.findex
	l := n.level
	next := getExec(n.tnext)

	if n.child[0].typ.TypeOf().Kind() == reflect.Ptr {
		if len(fi) == 0 {
			n.exec = func(f *frame) bltn {
				getFrame(f, l).data[i] = value(f).Method(mi)
				return next
			}
		} else {
			n.exec = func(f *frame) bltn {
				getFrame(f, l).data[i] = value(f).Elem().FieldByIndex(fi).Addr().Method(mi)
				return next
			}
		}
	} else {
		if len(fi) == 0 {
			n.exec = func(f *frame) bltn {
				getFrame(f, l).data[i] = value(f).Addr().Method(mi)
				return next
			}
		} else {
			n.exec = func(f *frame) bltn {
				getFrame(f, l).data[i] = value(f).FieldByIndex(fi).Addr().Method(mi)
				return next
			}
		}
	}
}

func getIndexSeqMethod(n *node) {
	value := genValue(n.child[0])
	index := n.val.([]int)
	fi := index[1:]
	mi := index[0]
	i := n.findex
	l := n.level
	next := getExec(n.tnext)

	if n.child[0].typ.TypeOf().Kind() == reflect.Ptr {
		if len(fi) == 0 {
			n.exec = func(f *frame) bltn {
				getFrame(f, l).data[i] = value(f).Elem().Method(mi)
				return next
			}
		} else {
			n.exec = func(f *frame) bltn {
				getFrame(f, l).data[i] = value(f).Elem().FieldByIndex(fi).Method(mi)
				return next
			}
		}
	} else {
		if len(fi) == 0 {
			n.exec = func(f *frame) bltn {
				getFrame(f, l).data[i] = value(f).Method(mi)
				return next
			}
		} else {
			n.exec = func(f *frame) bltn {
				getFrame(f, l).data[i] = value(f).FieldByIndex(fi).Method(mi)
				return next
			}
		}
	}
}

func neg(n *node) {
	dest := genValue(n)
	value := genValue(n.child[0])
	next := getExec(n.tnext)
	typ := n.typ.concrete().TypeOf()
	isInterface := n.typ.TypeOf().Kind() == reflect.Interface

	switch n.typ.TypeOf().Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if isInterface {
			n.exec = func(f *frame) bltn {
				dest(f).Set(reflect.ValueOf(-value(f).Int()).Convert(typ))
				return next
			}
			return
		}
		n.exec = func(f *frame) bltn {
			dest(f).SetInt(-value(f).Int())
			return next
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if isInterface {
			n.exec = func(f *frame) bltn {
				dest(f).Set(reflect.ValueOf(-value(f).Uint()).Convert(typ))
				return next
			}
			return
		}
		n.exec = func(f *frame) bltn {
			dest(f).SetUint(-value(f).Uint())
			return next
		}
	case reflect.Float32, reflect.Float64:
		if isInterface {
			n.exec = func(f *frame) bltn {
				dest(f).Set(reflect.ValueOf(-value(f).Float()).Convert(typ))
				return next
			}
			return
		}
		n.exec = func(f *frame) bltn {
			dest(f).SetFloat(-value(f).Float())
			return next
		}
	case reflect.Complex64, reflect.Complex128:
		if isInterface {
			n.exec = func(f *frame) bltn {
				dest(f).Set(reflect.ValueOf(-value(f).Complex()).Convert(typ))
				return next
			}
			return
		}
		n.exec = func(f *frame) bltn {
			dest(f).SetComplex(-value(f).Complex())
			return next
		}
	}
}

func pos(n *node) {
	dest := genValue(n)
	value := genValue(n.child[0])
	next := getExec(n.tnext)

	n.exec = func(f *frame) bltn {
		dest(f).Set(value(f))
		return next
	}
}

func bitNot(n *node) {
	dest := genValue(n)
	value := genValue(n.child[0])
	next := getExec(n.tnext)
	typ := n.typ.concrete().TypeOf()
	isInterface := n.typ.TypeOf().Kind() == reflect.Interface

	switch typ.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if isInterface {
			n.exec = func(f *frame) bltn {
				dest(f).Set(reflect.ValueOf(^value(f).Int()).Convert(typ))
				return next
			}
			return
		}
		n.exec = func(f *frame) bltn {
			dest(f).SetInt(^value(f).Int())
			return next
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if isInterface {
			n.exec = func(f *frame) bltn {
				dest(f).Set(reflect.ValueOf(^value(f).Uint()).Convert(typ))
				return next
			}
			return
		}
		n.exec = func(f *frame) bltn {
			dest(f).SetUint(^value(f).Uint())
			return next
		}
	}
}

// land and lor generate the code of a logical operator reached after its right
// operand: the left one did not decide it, so its value is the right one's (peerbook
// patch 241). The left operand's value was read again here, after the right one ran:
// `b && g()` with g setting b to false gave false, where Go gives g's result. Where the
// left operand decides, it branches to a node of its own (shortCircuit).
func land(n *node) { logicalRight(n) }

func lor(n *node) { logicalRight(n) }

// logicalRight is land and lor: n's value is its right operand's.
func logicalRight(n *node) {
	value1 := genValue(n.child[1])
	tnext := getExec(n.tnext)
	dest := genValue(n)
	typ := n.typ.concrete().TypeOf()
	isInterface := n.typ.TypeOf().Kind() == reflect.Interface

	if n.fnext != nil {
		fnext := getExec(n.fnext)
		n.exec = func(f *frame) bltn {
			if value1(f).Bool() {
				dest(f).SetBool(true)
				return tnext
			}
			dest(f).SetBool(false)
			return fnext
		}
		return
	}
	if isInterface {
		n.exec = func(f *frame) bltn {
			dest(f).Set(reflect.ValueOf(value1(f).Bool()).Convert(typ))
			return tnext
		}
		return
	}
	n.exec = func(f *frame) bltn {
		dest(f).SetBool(value1(f).Bool())
		return tnext
	}
}

// shortCircuit returns the node that ends op, a logical operator, where its left
// operand decides it (false for &&, true for ||): it sets op's value and goes where op
// goes with that value (peerbook patch 241). It is in no statement's tree: only the
// left operand's branch reaches it.
func shortCircuit(op *node) *node {
	return &node{anc: op, interp: op.interp, pos: op.pos, kind: op.kind, action: aNop, gen: decided}
}

// decided generates the code of a shortCircuit node n.
func decided(n *node) {
	op := n.anc
	v := op.action == aLor // the left operand's value that decides op
	next := op.tnext
	if !v && op.fnext != nil {
		next = op.fnext
	}
	exec := getExec(next)
	dest := genValue(op)
	if op.typ.TypeOf().Kind() == reflect.Interface {
		val := reflect.ValueOf(v).Convert(op.typ.concrete().TypeOf())
		n.exec = func(f *frame) bltn {
			dest(f).Set(val)
			return exec
		}
		return
	}
	n.exec = func(f *frame) bltn {
		dest(f).SetBool(v)
		return exec
	}
}

func nop(n *node) {
	next := getExec(n.tnext)

	n.exec = func(f *frame) bltn {
		return next
	}
}

func branch(n *node) {
	tnext := getExec(n.tnext)
	fnext := getExec(n.fnext)
	value := genValue(n)

	n.exec = func(f *frame) bltn {
		if isTrue(value(f)) {
			return tnext
		}
		return fnext
	}
}

func _return(n *node) {
	child := n.child
	def := n.val.(*node)
	if len(child) == 1 && isCall(child[0]) && len(def.typ.ret) > 1 && child[0].findex != 0 {
		// peerbook patch 71: `return g()` where g's results need a conversion to the
		// function's (T into an interface): the call left them in its own slots, and only
		// the first was copied. Each result is now an operand of its own.
		if c := child[0]; c.child[0].typ != nil && len(c.child[0].typ.ret) == len(def.typ.ret) {
			child = make([]*node, len(def.typ.ret))
			for i, t := range c.child[0].typ.ret {
				child[i] = &node{kind: identExpr, interp: c.interp, anc: n, typ: t, findex: c.findex + i, level: c.level, pos: c.pos}
			}
		}
	}
	values := make([]func(*frame) reflect.Value, len(child))
	for i, c := range child {
		switch t := def.typ.ret[i]; t.cat {
		case errorT:
			values[i] = genInterfaceWrapper(c, t.TypeOf())
		case funcT:
			values[i] = genValue(c)
			if isNamedFuncSrc(c.typ) {
				// peerbook patch 93: a declared function returned is its function
				// value (the *node of its declaration failed in reflect.Set).
				values[i] = genFuncValue(c)
			}
		case valueT:
			switch t.rtype.Kind() {
			case reflect.Interface:
				values[i] = genInterfaceWrapper(c, t.TypeOf())
				continue
			case reflect.Func:
				values[i] = genFunctionWrapper(c)
				continue
			}
			fallthrough
		default:
			switch {
			case isInterfaceSrc(t):
				if len(t.field) == 0 {
					// empty interface case.
					// we can't let genValueInterface deal with it, because we call on c,
					// not on n, which means that the interfaceT knowledge is lost.
					values[i] = genValue(c)
					if isNamedFuncSrc(c.typ) {
						// peerbook patch 93: a declared function returned as an
						// interface is its function value (it was the *node of its
						// declaration).
						values[i] = genFuncValue(c)
					}
					break
				}
				values[i] = genValueInterface(c)
			case c.typ.untyped:
				values[i] = genValueAs(c, t.TypeOf())
			default:
				values[i] = genValueTo(t, c)
			}
		}
	}

	if len(child) > 1 && !mustReturnValue(def.child[2]) {
		// Named results: every value is read before any result is set, as the values
		// may be results themselves (return s, r).
		n.exec = func(f *frame) bltn {
			vals := make([]reflect.Value, len(values))
			for i, value := range values {
				vals[i] = reflect.New(f.data[i].Type()).Elem()
				vals[i].Set(value(f))
			}
			for i, v := range vals {
				f.data[i].Set(v)
			}
			return nil
		}
		return
	}
	switch len(child) {
	case 0:
		n.exec = nil
	case 1:
		switch {
		case !child[0].rval.IsValid() && child[0].kind == binaryExpr && child[0].findex == 0:
			// No additional runtime operation is necessary for constants (not in frame) or
			// binary expressions (stored directly at the right location in frame).
			n.exec = nil
		case isCall(child[0]) && !child[0].rval.IsValid() && n.child[0].typ.id() == def.typ.ret[0].id():
			// Calls are optmized as long as no type conversion is involved. Not a call
			// folded to a constant (peerbook patch 127: len(a) of an array, patch 155):
			// it stores nothing, and the function returned 0.
			n.exec = nil
		default:
			// Regular return: store the value to return at to start of the frame.
			v := values[0]
			n.exec = func(f *frame) bltn {
				f.data[0].Set(v(f))
				return nil
			}
		}
	case 2:
		v0, v1 := values[0], values[1]
		n.exec = func(f *frame) bltn {
			f.data[0].Set(v0(f))
			f.data[1].Set(v1(f))
			return nil
		}
	default:
		n.exec = func(f *frame) bltn {
			for i, value := range values {
				f.data[i].Set(value(f))
			}
			return nil
		}
	}
}

func arrayLit(n *node) {
	value := valueGenerator(n, n.findex)
	next := getExec(n.tnext)
	child := n.child
	if n.nleft == 1 {
		child = n.child[1:]
	}

	values := make([]func(*frame) reflect.Value, len(child))
	index := make([]int, len(child))
	var max, prev int

	ntyp := n.typ.resolveAlias()
	for i, c := range child {
		if c.kind == keyValueExpr {
			values[i] = genDestValue(ntyp.val, c.child[1])
			index[i] = int(vInt(c.child[0].rval))
		} else {
			values[i] = genDestValue(ntyp.val, c)
			index[i] = prev
		}
		prev = index[i] + 1
		if prev > max {
			max = prev
		}
	}

	typ := n.typ.frameType()
	kind := typ.Kind()
	n.exec = func(f *frame) bltn {
		var a reflect.Value
		if kind == reflect.Slice {
			a = reflect.MakeSlice(typ, max, max)
		} else {
			a, _ = n.typ.zero()
		}
		for i, v := range values {
			a.Index(index[i]).Set(v(f))
		}
		value(f).Set(a)
		return next
	}
}

func mapLit(n *node) {
	value := valueGenerator(n, n.findex)
	next := getExec(n.tnext)
	child := n.child
	if n.nleft == 1 {
		child = n.child[1:]
	}
	typ := n.typ.frameType()
	keys := make([]func(*frame) reflect.Value, len(child))
	values := make([]func(*frame) reflect.Value, len(child))
	for i, c := range child {
		keys[i] = genMapKey(n, genDestValue(n.typ.key, c.child[0])) // patch 38
		values[i] = genDestValue(n.typ.val, c.child[1])
	}

	n.exec = func(f *frame) bltn {
		m := reflect.MakeMap(typ)
		for i, k := range keys {
			m.SetMapIndex(k(f), values[i](f))
		}
		value(f).Set(m)
		return next
	}
}

func compositeBinMap(n *node) {
	value := valueGenerator(n, n.findex)
	next := getExec(n.tnext)
	child := n.child
	if n.nleft == 1 {
		child = n.child[1:]
	}
	typ := n.typ.frameType()
	keys := make([]func(*frame) reflect.Value, len(child))
	values := make([]func(*frame) reflect.Value, len(child))
	for i, c := range child {
		convertLiteralValue(c.child[0], typ.Key())
		convertLiteralValue(c.child[1], typ.Elem())
		keys[i] = genMapKey(n, genValue(c.child[0])) // patch 38

		if isFuncSrc(c.child[1].typ) {
			values[i] = genFunctionWrapper(c.child[1])
		} else {
			values[i] = genValue(c.child[1])
		}
	}

	n.exec = func(f *frame) bltn {
		m := reflect.MakeMap(typ)
		for i, k := range keys {
			m.SetMapIndex(k(f), values[i](f))
		}
		value(f).Set(m)
		return next
	}
}

func compositeBinSlice(n *node) {
	value := valueGenerator(n, n.findex)
	next := getExec(n.tnext)
	child := n.child
	if n.nleft == 1 {
		child = n.child[1:]
	}

	values := make([]func(*frame) reflect.Value, len(child))
	index := make([]int, len(child))
	rtype := n.typ.rtype.Elem()
	var max, prev int

	for i, c := range child {
		if c.kind == keyValueExpr {
			convertLiteralValue(c.child[1], rtype)
			values[i] = genValue(c.child[1])
			index[i] = int(vInt(c.child[0].rval))
		} else {
			convertLiteralValue(c, rtype)
			values[i] = genValue(c)
			index[i] = prev
		}
		prev = index[i] + 1
		if prev > max {
			max = prev
		}
	}

	typ := n.typ.frameType()
	kind := typ.Kind()
	n.exec = func(f *frame) bltn {
		var a reflect.Value
		if kind == reflect.Slice {
			a = reflect.MakeSlice(typ, max, max)
		} else {
			a, _ = n.typ.zero()
		}
		for i, v := range values {
			a.Index(index[i]).Set(v(f))
		}
		value(f).Set(a)
		return next
	}
}

// doCompositeBinStruct creates and populates a struct object from a binary type.
func doCompositeBinStruct(n *node, hasType bool) {
	next := getExec(n.tnext)
	value := valueGenerator(n, n.findex)
	typ := n.typ.rtype
	if n.typ.cat == ptrT || n.typ.cat == linkedT {
		typ = n.typ.val.rtype
	}
	child := n.child
	if hasType {
		child = n.child[1:]
	}
	values := make([]func(*frame) reflect.Value, len(child))
	fieldIndex := make([][]int, len(child))
	for i, c := range child {
		if c.kind == keyValueExpr {
			if sf, ok := typ.FieldByName(c.child[0].ident); ok {
				fieldIndex[i] = sf.Index
				convertLiteralValue(c.child[1], sf.Type)
				if isFuncSrc(c.child[1].typ) {
					values[i] = genFunctionWrapper(c.child[1])
				} else {
					values[i] = genValue(c.child[1])
				}
			}
		} else {
			fieldIndex[i] = []int{i}
			if isFuncSrc(c.typ) && len(c.child) > 1 {
				convertLiteralValue(c.child[1], typ.Field(i).Type)
				values[i] = genFunctionWrapper(c.child[1])
			} else {
				convertLiteralValue(c, typ.Field(i).Type)
				values[i] = genValue(c)
			}
		}
	}

	frameIndex := n.findex
	l := n.level

	n.exec = func(f *frame) bltn {
		s := reflect.New(typ).Elem()
		for i, v := range values {
			s.FieldByIndex(fieldIndex[i]).Set(v(f))
		}
		d := value(f)
		switch {
		case d.Kind() == reflect.Ptr:
			d.Set(s.Addr())
		default:
			getFrame(f, l).data[frameIndex] = s
		}
		return next
	}
}

func compositeBinStruct(n *node)       { doCompositeBinStruct(n, true) }
func compositeBinStructNotype(n *node) { doCompositeBinStruct(n, false) }

func destType(n *node) *itype {
	switch n.anc.kind {
	case assignStmt, defineStmt:
		return n.anc.child[0].typ
	default:
		return n.typ
	}
}

// storesInDest reports whether the composite literal n stores its value straight into
// the destination of the assignment it is the value of (the assignment skipped, cfg.go:
// src.findex = dest.findex). peerbook patch 255: doComposite stored a valueInterface
// wherever the destination had an interface type, but patches 29, 45 and 122 keep that
// optimisation from an assignment to an existing variable, a multiple assignment and a
// literal other than a struct's: the literal then has a slot of its own, of its own
// type, and `var r I; r = S{6}` panicked "reflect.Set: value of type
// interp.valueInterface is not assignable to type struct".
func storesInDest(n *node) bool {
	switch n.anc.kind {
	case assignStmt, defineStmt:
		d := n.anc.child[0]
		return n.findex == d.findex && n.level == d.level
	default:
		return false
	}
}

func doComposite(n *node, hasType bool, keyed bool) {
	value := valueGenerator(n, n.findex)
	next := getExec(n.tnext)
	typ := n.typ
	if typ.cat == ptrT || typ.cat == linkedT {
		typ = typ.val
	}
	child := n.child
	if hasType {
		child = n.child[1:]
	}
	destInterface := isInterfaceSrc(destType(n)) && storesInDest(n) // peerbook patch 255

	values := make(map[int]func(*frame) reflect.Value)
	for i, c := range child {
		var val *node
		var fieldIndex int
		if keyed {
			val = c.child[1]
			fieldIndex = typ.fieldIndex(c.child[0].ident)
		} else {
			val = c
			fieldIndex = i
		}
		ft := typ.field[fieldIndex].typ
		rft := ft.TypeOf()
		convertLiteralValue(val, rft)
		switch {
		case val.typ.cat == nilT:
			values[fieldIndex] = func(*frame) reflect.Value { return reflect.New(rft).Elem() }
		case isNamedFuncSrc(val.typ):
			values[fieldIndex] = genValueAsFunctionWrapper(val)
		case isInterfaceSrc(ft) && (!isEmptyInterface(ft) || hasSrcMethods(val.typ)):
			values[fieldIndex] = genValueInterface(val)
		case isInterface(ft):
			values[fieldIndex] = genInterfaceWrapper(val, rft)
		default:
			values[fieldIndex] = genValueTo(ft, val)
		}
	}

	frameIndex := n.findex
	l := n.level
	rt := typ.TypeOf()
	if n.typ.cat == linkedT {
		rt = n.typ.TypeOf() // patch 53: type F E (E struct{}) has a pool type of its own
	}

	n.exec = func(f *frame) bltn {
		a := reflect.New(rt).Elem()
		for i, v := range values {
			a.Field(i).Set(v(f))
		}
		d := value(f)
		switch {
		case d.Kind() == reflect.Ptr:
			d.Set(a.Addr())
		case destInterface:
			if len(destType(n).field) > 0 {
				d.Set(reflect.ValueOf(valueInterface{n, a}))
				break
			}
			d.Set(a)
		default:
			getFrame(f, l).data[frameIndex] = a
		}
		return next
	}
}

// doCompositeLit creates and populates a struct object.
func doCompositeLit(n *node, hasType bool) {
	doComposite(n, hasType, false)
}

func compositeLit(n *node)       { doCompositeLit(n, true) }
func compositeLitNotype(n *node) { doCompositeLit(n, false) }

// doCompositeLitKeyed creates a struct Object, filling fields from sparse key-values.
func doCompositeLitKeyed(n *node, hasType bool) {
	doComposite(n, hasType, true)
}

func compositeLitKeyed(n *node)       { doCompositeLitKeyed(n, true) }
func compositeLitKeyedNotype(n *node) { doCompositeLitKeyed(n, false) }

func empty(n *node) {}

func _range(n *node) {
	index0 := n.child[0].findex // array index location in frame
	index2 := index0 - 1        // shallow array for range, always just behind index0
	index3 := index2 - 1        // additional location to store string char position
	fnext := getExec(n.fnext)
	tnext := getExec(n.tnext)

	var value func(*frame) reflect.Value
	var an *node
	if len(n.child) == 4 {
		an = n.child[2]
		index1 := n.child[1].findex // array value location in frame
		if isString(an.typ.TypeOf()) {
			// Special variant of "range" for string: the index is the byte position of the
			// rune, decoded from the string as Go does (an invalid byte is one RuneError of
			// width 1); index3 holds the position of the next rune.
			value = genValueRangeString(an)
			n.exec = func(f *frame) bltn {
				s := f.data[index2].String()
				pos := int(f.data[index3].Int())
				if pos >= len(s) {
					return fnext
				}
				r, w := utf8.DecodeRuneInString(s[pos:])
				f.data[index0].SetInt(int64(pos))
				f.data[index1].SetInt(int64(r))
				f.data[index3].SetInt(int64(pos + w))
				return tnext
			}
		} else {
			value = genValueRangeArray(an)
			if isPtr(an.typ) {
				// peerbook patch 155: the values of a nil pointer to an array: Go's
				// nil dereference, not reflect's panic.
				value = nilArrayPanics(value)
			}
			n.exec = func(f *frame) bltn {
				a := f.data[index2]
				// peerbook patch 126: the position is a slot of its own (index3); the
				// index variable only receives it, so the body assigning the variable
				// (i = 0) changes no iteration. It was the counter: the loop went back.
				p := f.data[index3]
				p.SetInt(p.Int() + 1)
				i := int(p.Int())
				if i >= a.Len() {
					return fnext
				}
				f.data[index0].SetInt(int64(i))
				f.data[index1].Set(a.Index(i))
				return tnext
			}
		}
	} else {
		an = n.child[1]
		if isString(an.typ.TypeOf()) {
			// The index is the byte position of each rune (see above).
			value = genValueRangeString(an)
			n.exec = func(f *frame) bltn {
				s := f.data[index2].String()
				pos := int(f.data[index3].Int())
				if pos >= len(s) {
					return fnext
				}
				_, w := utf8.DecodeRuneInString(s[pos:])
				f.data[index0].SetInt(int64(pos))
				f.data[index3].SetInt(int64(pos + w))
				return tnext
			}
		} else {
			value = genValueRangeArray(an)
		}
	}
	if l, ok := arrayLenOf(an.typ); ok && len(n.child) != 4 {
		// peerbook patch 155: the index of an array or a pointer to one runs over
		// its type's length; the range expression is not read (nor evaluated).
		// The position has its slot, as below (patch 126).
		n.exec = func(f *frame) bltn {
			p := f.data[index3]
			p.SetInt(p.Int() + 1)
			i := int(p.Int())
			if i >= l {
				return fnext
			}
			f.data[index0].SetInt(int64(i))
			return tnext
		}
		next := n.exec
		n.child[0].exec = func(f *frame) bltn {
			f.data[index3].SetInt(-1)
			return next
		}
		return
	}
	if !isString(an.typ.TypeOf()) && len(n.child) != 4 {
		n.exec = func(f *frame) bltn {
			p := f.data[index3] // patch 126
			p.SetInt(p.Int() + 1)
			i := int(p.Int())
			if i >= f.data[index2].Len() {
				return fnext
			}
			f.data[index0].SetInt(int64(i))
			return tnext
		}
	}

	// Init sequence
	next := n.exec
	if isString(an.typ.TypeOf()) {
		n.child[0].exec = func(f *frame) bltn {
			f.data[index2] = value(f) // the string, evaluated once
			f.data[index3].SetInt(0)  // the position of the first rune
			return next
		}
		return
	}
	n.child[0].exec = func(f *frame) bltn {
		f.data[index2] = value(f) // set array shallow copy for range
		f.data[index3].SetInt(-1) // the position before the first (patch 126)
		return next
	}
}

// genValueRangeString returns the string a range statement iterates over, as a string
// value of its own (the range expression is evaluated once: a later assignment to the
// variable ranged over changes nothing).
func genValueRangeString(n *node) func(*frame) reflect.Value {
	value := genValue(n)
	return func(f *frame) reflect.Value {
		v := value(f)
		if v.Kind() == reflect.Interface {
			v = v.Elem()
		}
		return reflect.ValueOf(v.String())
	}
}

func rangeChan(n *node) {
	i := n.child[0].findex        // element index location in frame
	value := genValue(n.child[1]) // chan
	fnext := getExec(n.fnext)
	tnext := getExec(n.tnext)

	n.exec = func(f *frame) bltn {
		f.mutex.RLock()
		done := f.done
		f.mutex.RUnlock()

		chosen, v, ok := reflect.Select([]reflect.SelectCase{done, {Dir: reflect.SelectRecv, Chan: value(f)}})
		if chosen == 0 {
			return nil
		}
		if !ok {
			return fnext
		}
		f.data[i].Set(v)
		return tnext
	}
}

func rangeMap(n *node) {
	index0 := n.child[0].findex // map index location in frame
	index2 := index0 - 1        // iterator for range, always just behind index0
	fnext := getExec(n.fnext)
	tnext := getExec(n.tnext)

	var value func(*frame) reflect.Value
	if len(n.child) == 4 {
		index1 := n.child[1].findex  // map value location in frame
		value = genValue(n.child[2]) // map
		n.exec = func(f *frame) bltn {
			iter := f.data[index2].Interface().(*reflect.MapIter)
			if !iter.Next() {
				return fnext
			}
			f.data[index0].Set(iter.Key())
			f.data[index1].Set(iter.Value())
			return tnext
		}
	} else {
		value = genValue(n.child[1]) // map
		n.exec = func(f *frame) bltn {
			iter := f.data[index2].Interface().(*reflect.MapIter)
			if !iter.Next() {
				return fnext
			}
			f.data[index0].Set(iter.Key())
			return tnext
		}
	}

	// Init sequence
	next := n.exec
	n.child[0].exec = func(f *frame) bltn {
		f.data[index2].Set(reflect.ValueOf(value(f).MapRange()))
		return next
	}
}

func _case(n *node) {
	tnext := getExec(n.tnext)

	// TODO(mpl): a lot of what is done in typeAssert should probably be redone/reused here.
	switch {
	case n.anc.anc.kind == typeSwitch:
		fnext := getExec(n.fnext)
		sn := n.anc.anc // switch node
		types := make([]*itype, len(n.child)-1)
		for i := range types {
			types[i] = n.child[i].typ
		}
		srcValue := genValue(sn.child[1].lastChild().child[0])

		if len(sn.child[1].child) != 2 {
			// no assign in switch guard
			if len(n.child) <= 1 {
				n.exec = func(f *frame) bltn { return tnext }
			} else {
				n.exec = func(f *frame) bltn {
					ival := srcValue(f).Interface()
					val, ok := ival.(valueInterface)
					// TODO(mpl): I'm assuming here that !ok means that we're dealing with the empty
					// interface case. But maybe we should make sure by checking the relevant cat
					// instead? later. Use t := v.Type(); t.Kind() == reflect.Interface , like above.
					if !ok {
						var stype string
						if ival != nil {
							stype = strings.ReplaceAll(reflect.TypeOf(ival).String(), " {}", "{}")
						}
						for _, typ := range types {
							// TODO(mpl): we should actually use canAssertTypes, but need to find a valid
							// rtype for typ. Plus we need to refactor with typeAssert().
							// weak check instead for now.
							if ival == nil {
								if typ.cat == nilT {
									return tnext
								}
								continue
							}
							if stype == typ.id() {
								return tnext
							}
						}
						return fnext
					}
					if v := val.node; v != nil {
						for _, typ := range types {
							if v.typ.id() == typ.id() {
								return tnext
							}
						}
					}
					return fnext
				}
			}
			break
		}

		// assign in switch guard
		destValue := genValue(n.lastChild().child[0])
		switch len(types) {
		case 0:
			// default clause: assign var to interface value
			n.exec = func(f *frame) bltn {
				destValue(f).Set(srcValue(f))
				return tnext
			}
		case 1:
			// match against 1 type: assign var to concrete value
			typ := types[0]
			n.exec = func(f *frame) bltn {
				v := srcValue(f)
				if !v.IsValid() {
					// match zero value against nil
					if typ.cat == nilT {
						return tnext
					}
					return fnext
				}
				if t := v.Type(); t.Kind() == reflect.Interface {
					if typ.cat == nilT && v.IsNil() {
						return tnext
					}
					rtyp := typ.TypeOf()
					if rtyp == nil {
						return fnext
					}
					elem := v.Elem()
					if rtyp.String() == t.String() && implementsInterface(v, typ) {
						destValue(f).Set(elem)
						return tnext
					}
					ival := v.Interface()
					if ival != nil && rtyp.String() == reflect.TypeOf(ival).String() {
						destValue(f).Set(elem)
						return tnext
					}
					if typ.cat == valueT && rtyp.Kind() == reflect.Interface && elem.IsValid() && elem.Type().Implements(rtyp) {
						destValue(f).Set(elem)
						return tnext
					}
					return fnext
				}
				if vi, ok := v.Interface().(valueInterface); ok {
					if vi.node != nil {
						if vi.node.typ.id() == typ.id() {
							destValue(f).Set(vi.value)
							return tnext
						}
					}
					return fnext
				}
				if v.Type() == typ.TypeOf() {
					destValue(f).Set(v)
					return tnext
				}
				return fnext
			}

		default:
			n.exec = func(f *frame) bltn {
				val := srcValue(f)
				if t := val.Type(); t.Kind() == reflect.Interface {
					for _, typ := range types {
						if typ.cat == nilT && val.IsNil() {
							return tnext
						}
						rtyp := typ.TypeOf()
						if rtyp == nil {
							continue
						}
						elem := val.Elem()
						if rtyp.String() == t.String() && implementsInterface(val, typ) {
							destValue(f).Set(elem)
							return tnext
						}
						ival := val.Interface()
						if ival != nil && rtyp.String() == reflect.TypeOf(ival).String() {
							destValue(f).Set(elem)
							return tnext
						}
						if typ.cat == valueT && rtyp.Kind() == reflect.Interface && elem.IsValid() && elem.Type().Implements(rtyp) {
							destValue(f).Set(elem)
							return tnext
						}
					}
					return fnext
				}
				if vi, ok := val.Interface().(valueInterface); ok {
					if v := vi.node; v != nil {
						for _, typ := range types {
							if v.typ.id() == typ.id() {
								destValue(f).Set(val)
								return tnext
							}
						}
					}
					return fnext
				}
				vt := val.Type()
				for _, typ := range types {
					if vt == typ.TypeOf() {
						destValue(f).Set(val)
						return tnext
					}
				}
				return fnext
			}
		}

	case len(n.child) <= 1: // default clause
		n.exec = func(f *frame) bltn { return tnext }

	default:
		fnext := getExec(n.fnext)
		l := len(n.anc.anc.child)
		value := genValue(n.anc.anc.child[l-2])
		values := make([]func(*frame) reflect.Value, len(n.child)-1)
		for i := range values {
			values[i] = genValue(n.child[i])
		}
		// peerbook patch 43: only the first expression of the case list is in the
		// control flow; each later one is evaluated here, when the ones before it did
		// not match (its code ends with a nil next, see switchStmt in cfg.go).
		codes := make([]bltn, len(values))
		for i := 1; i < len(codes); i++ {
			codes[i] = getExec(n.child[i].start)
		}
		eval := func(f *frame, i int) reflect.Value {
			for e := codes[i]; e != nil; {
				e = e(f)
			}
			return values[i](f)
		}
		tag := n.anc.anc.child[l-2]
		tagIface := tag.typ != nil && (isInterface(tag.typ) || tag.typ.TypeOf() == valueInterfaceType)
		converted := make([]bool, len(values))
		if tag.typ != nil && !tagIface {
			// peerbook patch 87: an untyped constant of a case takes the tag's type, as
			// Go converts it: case 1e16 of a uint64 tag compared as float64s, and
			// 1e16+1 matched.
			tagType := tag.typ.TypeOf()
			for i, c := range n.child[:len(n.child)-1] {
				if c.typ != nil && c.typ.untyped && c.rval.IsValid() && c.rval.Type().ConvertibleTo(tagType) {
					values[i] = genValueAs(c, tagType)
					converted[i] = true
				}
			}
		}
		caseIface := false
		for _, c := range n.child[:len(n.child)-1] {
			caseIface = caseIface || c.typ != nil && c.typ.cat != nilT && (isInterface(c.typ) || c.typ.TypeOf() == valueInterfaceType)
		}
		if tag.typ != nil && (tagIface || caseIface) {
			// Patch 38: a switch on an interface value compares as == on interfaces.
			// peerbook patch 140: so does a switch whose tag is not an interface and a
			// case is (the tag converted to it, as Go does): the tag was converted to
			// the interpreter's interface representation, and reflect panicked.
			st := make([]*itype, len(values))
			for i := range st {
				st[i] = staticType(n.child[i])
				if converted[i] {
					st[i] = tag.typ
				}
			}
			st0 := staticType(tag)
			n.exec = func(f *frame) bltn {
				i0 := value(f).Interface()
				for i := range values {
					if ifaceEqual(i0, eval(f, i).Interface(), st0, st[i]) {
						return tnext
					}
				}
				return fnext
			}
			return
		}
		// peerbook patch 94: a case nil matches a tag that is nil (a slice, a map, a
		// func, a pointer, a channel): the nil literal is an empty interface's zero,
		// and the tag converted to that interface was never equal to it, status ok.
		nilCase := make([]bool, len(values))
		for i, c := range n.child[:len(n.child)-1] {
			nilCase[i] = c.typ != nil && c.typ.cat == nilT
		}
		n.exec = func(f *frame) bltn {
			v0 := value(f)
			for i := range values {
				if nilCase[i] {
					switch v0.Kind() {
					case reflect.Slice, reflect.Map, reflect.Func, reflect.Pointer, reflect.Chan, reflect.Interface, reflect.UnsafePointer:
						if v0.IsNil() {
							return tnext
						}
						continue
					}
				}
				v1 := eval(f, i)
				a, b := v0, v1
				if a.Type() != b.Type() {
					// peerbook patch 87: the operand that is assignable to the other's
					// type is converted (a chan tag to the case's <-chan, or back).
					if b.Type().AssignableTo(a.Type()) {
						b = b.Convert(a.Type())
					} else {
						a = a.Convert(b.Type())
					}
				}
				if a.Interface() == b.Interface() {
					return tnext
				}
			}
			return fnext
		}
	}
}

func implementsInterface(v reflect.Value, t *itype) bool {
	rt := v.Type()
	if t.cat == valueT {
		return rt.Implements(t.rtype)
	}
	vt := &itype{cat: valueT, rtype: rt}
	if vt.methods().contains(t.methods()) {
		return true
	}
	vi, ok := v.Interface().(valueInterface)
	if !ok {
		return false
	}
	return vi.node != nil && vi.node.typ.methods().contains(t.methods())
}

func appendSlice(n *node) {
	dest := genValueOutput(n, n.typ.rtype)
	next := getExec(n.tnext)
	value := genValue(n.child[1])
	value0 := genValue(n.child[2])

	if isString(n.child[2].typ.TypeOf()) {
		typ := reflect.TypeOf([]byte{})
		n.exec = func(f *frame) bltn {
			dest(f).Set(reflect.AppendSlice(value(f), value0(f).Convert(typ)))
			return next
		}
	} else {
		n.exec = func(f *frame) bltn {
			dest(f).Set(reflect.AppendSlice(value(f), value0(f)))
			return next
		}
	}
}

// genZeroOf returns the zero value of t, a new one each time (appended, it is copied).
func genZeroOf(t reflect.Type) func(*frame) reflect.Value {
	return func(*frame) reflect.Value { return reflect.New(t).Elem() }
}

func _append(n *node) {
	if len(n.child) == 2 {
		if values := multiResults(n.child[1]); values != nil {
			appendResults(n, values) // peerbook patch 162: append(f())
			return
		}
	}
	if len(n.child) == 3 {
		c1, c2 := n.child[1], n.child[2]
		if (c1.typ.cat == valueT || c2.typ.cat == valueT) && c1.typ.rtype == c2.typ.rtype ||
			isArray(c2.typ) && c2.typ.elem().id() == n.typ.elem().id() ||
			isByteArray(c1.typ.TypeOf()) && isString(c2.typ.TypeOf()) {
			appendSlice(n)
			return
		}
	}

	dest := genValueOutput(n, n.typ.rtype)
	value := genValue(n.child[1])
	next := getExec(n.tnext)

	switch l := len(n.child); {
	case l == 2:
		n.exec = func(f *frame) bltn {
			dest(f).Set(value(f))
			return next
		}
	case l > 3:
		args := n.child[2:]
		l := len(args)
		values := make([]func(*frame) reflect.Value, l)
		for i, arg := range args {
			switch elem := n.typ.elem(); {
			case arg.isNil() && !isInterfaceSrc(elem):
				// peerbook patch 125: nil appended to a slice of a compiled pointer (or
				// func, map, chan, slice) type is that type's nil; it was the nil of
				// interface{}, which reflect.Append refused.
				values[i] = genZeroOf(n.child[1].typ.TypeOf().Elem())
			case isInterfaceSrc(elem) && (!isEmptyInterface(elem) || hasSrcMethods(arg.typ)):
				values[i] = genValueInterface(arg)
			case isInterfaceBin(elem):
				values[i] = genInterfaceWrapper(arg, elem.rtype)
			case arg.typ.untyped:
				values[i] = genValueAs(arg, n.child[1].typ.TypeOf().Elem())
			default:
				values[i] = genValueTo(elem, arg)
			}
		}

		n.exec = func(f *frame) bltn {
			sl := make([]reflect.Value, l)
			for i, v := range values {
				sl[i] = v(f)
				if sl[i].CanAddr() {
					// peerbook patch 85: an element of the slice appended to (append(s[:i],
					// x, s[i])) is read before the first value is stored, as Go
					// evaluates every argument before the call: reflect.Append stores
					// them one by one into the same backing array.
					c := reflect.New(sl[i].Type()).Elem()
					c.Set(sl[i])
					sl[i] = c
				}
			}
			dest(f).Set(reflect.Append(value(f), sl...))
			return next
		}
	default:
		var value0 func(*frame) reflect.Value
		switch elem := n.typ.elem(); {
		case n.child[2].isNil() && !isInterfaceSrc(elem):
			value0 = genZeroOf(n.child[1].typ.TypeOf().Elem()) // patch 125
		case isInterfaceSrc(elem) && (!isEmptyInterface(elem) || hasSrcMethods(n.child[2].typ)):
			value0 = genValueInterface(n.child[2])
		case isInterfaceBin(elem):
			value0 = genInterfaceWrapper(n.child[2], elem.rtype)
		case n.child[2].typ.untyped:
			value0 = genValueAs(n.child[2], n.child[1].typ.TypeOf().Elem())
		default:
			value0 = genValueTo(elem, n.child[2])
		}

		n.exec = func(f *frame) bltn {
			dest(f).Set(reflect.Append(value(f), value0(f)))
			return next
		}
	}
}

func _cap(n *node) {
	dest := genValueOutput(n, reflect.TypeOf(int(0)))
	value := genValue(n.child[1])
	if l, ok := arrayLenOf(n.child[1].typ); ok {
		arrayLen(n, dest, value, l) // peerbook patch 155
		return
	}
	next := getExec(n.tnext)

	if wantEmptyInterface(n) {
		n.exec = func(f *frame) bltn {
			dest(f).Set(reflect.ValueOf(value(f).Cap()))
			return next
		}
		return
	}
	n.exec = func(f *frame) bltn {
		dest(f).SetInt(int64(value(f).Cap()))
		return next
	}
}

func _copy(n *node) {
	var in []func(*frame) reflect.Value
	if len(n.child) == 2 {
		in = builtinOperands(n) // peerbook patch 162: copy(f(a))
	} else {
		in = []func(*frame) reflect.Value{genValueArray(n.child[1]), genValue(n.child[2])}
	}
	out := []func(*frame) reflect.Value{genValueOutput(n, reflect.TypeOf(0))}

	genBuiltinDeferWrapper(n, in, out, func(args []reflect.Value) []reflect.Value {
		cnt := reflect.Copy(args[0], args[1])
		return []reflect.Value{reflect.ValueOf(cnt)}
	})
}

func _close(n *node) {
	in := []func(*frame) reflect.Value{genValue(n.child[1])}

	genBuiltinDeferWrapper(n, in, nil, func(args []reflect.Value) []reflect.Value {
		args[0].Close()
		return nil
	})
}

func _complex(n *node) {
	dest := genValueOutput(n, reflect.TypeOf(complex(0, 0)))
	var value0, value1 func(*frame) reflect.Value
	if len(n.child) == 2 {
		// peerbook patch 162: complex(f()).
		values := builtinOperands(n)
		value0, value1 = values[0], values[1]
	} else {
		c1, c2 := n.child[1], n.child[2]
		convertLiteralValue(c1, floatType)
		convertLiteralValue(c2, floatType)
		value0 = genValue(c1)
		value1 = genValue(c2)
	}
	next := getExec(n.tnext)

	typ := n.typ.TypeOf()
	if isComplex(typ) {
		if wantEmptyInterface(n) {
			n.exec = func(f *frame) bltn {
				dest(f).Set(reflect.ValueOf(complex(value0(f).Float(), value1(f).Float())))
				return next
			}
			return
		}
		n.exec = func(f *frame) bltn {
			dest(f).SetComplex(complex(value0(f).Float(), value1(f).Float()))
			return next
		}
		return
	}
	// Not a complex type: ignore imaginary part
	n.exec = func(f *frame) bltn {
		dest(f).Set(value0(f).Convert(typ))
		return next
	}
}

func _imag(n *node) {
	dest := genValueOutput(n, reflect.TypeOf(float64(0)))
	convertLiteralValue(n.child[1], complexType)
	value := genValue(n.child[1])
	next := getExec(n.tnext)

	if wantEmptyInterface(n) {
		n.exec = func(f *frame) bltn {
			dest(f).Set(reflect.ValueOf(imag(value(f).Complex())))
			return next
		}
		return
	}
	n.exec = func(f *frame) bltn {
		dest(f).SetFloat(imag(value(f).Complex()))
		return next
	}
}

func _real(n *node) {
	dest := genValueOutput(n, reflect.TypeOf(float64(0)))
	convertLiteralValue(n.child[1], complexType)
	value := genValue(n.child[1])
	next := getExec(n.tnext)

	if wantEmptyInterface(n) {
		n.exec = func(f *frame) bltn {
			dest(f).Set(reflect.ValueOf(real(value(f).Complex())))
			return next
		}
		return
	}
	n.exec = func(f *frame) bltn {
		dest(f).SetFloat(real(value(f).Complex()))
		return next
	}
}

func _delete(n *node) {
	var in []func(*frame) reflect.Value
	if len(n.child) == 2 {
		// peerbook patch 162: delete(h(m)), the map and the key from a call.
		in = builtinOperands(n)
		if ft := n.child[1].child[0].typ; ft.cat == funcT && len(ft.ret) == 2 {
			in[1] = genMapKey(&node{typ: ft.ret[0]}, in[1]) // the key as patch 38 makes it
		}
	} else {
		value0 := genValue(n.child[1])                        // map
		value1 := genMapKey(n.child[1], genValue(n.child[2])) // key (patch 38)
		in = []func(*frame) reflect.Value{value0, value1}
	}
	var z reflect.Value

	genBuiltinDeferWrapper(n, in, nil, func(args []reflect.Value) []reflect.Value {
		args[0].SetMapIndex(args[1], z)
		return nil
	})
}

func capConst(n *node) {
	// There is no Cap() method for reflect.Type, just return Len() instead.
	lenConst(n)
}

func lenConst(n *node) {
	n.rval = reflect.New(reflect.TypeOf(int(0))).Elem()
	c1 := n.child[1]
	if c1.rval.IsValid() {
		n.rval.SetInt(int64(len(vString(c1.rval))))
		return
	}
	t := c1.typ.TypeOf()
	for t.Kind() == reflect.Ptr {
		t = t.Elem()
	}
	n.rval.SetInt(int64(t.Len()))
}

func _len(n *node) {
	dest := genValueOutput(n, reflect.TypeOf(int(0)))
	value := genValue(n.child[1])
	if l, ok := arrayLenOf(n.child[1].typ); ok {
		// peerbook patch 155: the length of an array type, after its operand (a
		// nil *[4]int has length 4).
		arrayLen(n, dest, value, l)
		return
	}
	if isPtr(n.child[1].typ) {
		val := value
		value = func(f *frame) reflect.Value {
			v := val(f).Elem()
			for v.Kind() == reflect.Ptr {
				v = v.Elem()
			}
			return v
		}
	}
	next := getExec(n.tnext)

	if wantEmptyInterface(n) {
		n.exec = func(f *frame) bltn {
			dest(f).Set(reflect.ValueOf(value(f).Len()))
			return next
		}
		return
	}
	n.exec = func(f *frame) bltn {
		dest(f).SetInt(int64(value(f).Len()))
		return next
	}
}

func _new(n *node) {
	next := getExec(n.tnext)
	t1 := n.child[1].typ
	typ := t1.TypeOf()
	dest := genValueOutput(n, reflect.PtrTo(typ))

	if isInterfaceSrc(t1) && (!isEmptyInterface(t1) || hasSrcMethods(t1)) {
		typ = zeroInterfaceValue().Type()
	}

	n.exec = func(f *frame) bltn {
		v := reflect.New(typ)
		if vi, ok := v.Interface().(*valueInterface); ok {
			vi.node = n
		}
		dest(f).Set(v)
		return next
	}
}

// _make allocates and initializes a slice, a map or a chan.
func _make(n *node) {
	next := getExec(n.tnext)
	typ := n.child[1].typ.frameType()
	dest := genValueOutput(n, typ)

	switch typ.Kind() {
	case reflect.Array, reflect.Slice:
		value := genValue(n.child[2])

		switch len(n.child) {
		case 3:
			n.exec = func(f *frame) bltn {
				length := int(vInt(value(f)))
				dest(f).Set(reflect.MakeSlice(typ, length, length))
				return next
			}
		case 4:
			value1 := genValue(n.child[3])
			n.exec = func(f *frame) bltn {
				dest(f).Set(reflect.MakeSlice(typ, int(vInt(value(f))), int(vInt(value1(f)))))
				return next
			}
		}

	case reflect.Chan:
		// peerbook patch 142: Go makes channels of a send-only or receive-only type
		// (make(<-chan int)); reflect makes bidirectional ones only, converted here.
		makeChan := func(size int) reflect.Value { return reflect.MakeChan(typ, size) }
		if typ.ChanDir() != reflect.BothDir {
			both := reflect.ChanOf(reflect.BothDir, typ.Elem())
			makeChan = func(size int) reflect.Value { return reflect.MakeChan(both, size).Convert(typ) }
		}
		switch len(n.child) {
		case 2:
			n.exec = func(f *frame) bltn {
				dest(f).Set(makeChan(0))
				return next
			}
		case 3:
			value := genValue(n.child[2])
			n.exec = func(f *frame) bltn {
				dest(f).Set(makeChan(int(vInt(value(f)))))
				return next
			}
		}

	case reflect.Map:
		switch len(n.child) {
		case 2:
			n.exec = func(f *frame) bltn {
				dest(f).Set(reflect.MakeMap(typ))
				return next
			}
		case 3:
			value := genValue(n.child[2])
			n.exec = func(f *frame) bltn {
				dest(f).Set(reflect.MakeMapWithSize(typ, int(vInt(value(f)))))
				return next
			}
		}
	}
}

func reset(n *node) {
	next := getExec(n.tnext)

	switch l := len(n.child) - 1; l {
	case 1:
		typ := n.child[0].typ.frameType()
		i := n.child[0].findex
		n.exec = func(f *frame) bltn {
			f.data[i] = reflect.New(typ).Elem()
			return next
		}
	case 2:
		c0, c1 := n.child[0], n.child[1]
		i0, i1 := c0.findex, c1.findex
		t0, t1 := c0.typ.frameType(), c1.typ.frameType()
		n.exec = func(f *frame) bltn {
			f.data[i0] = reflect.New(t0).Elem()
			f.data[i1] = reflect.New(t1).Elem()
			return next
		}
	default:
		types := make([]reflect.Type, l)
		index := make([]int, l)
		for i, c := range n.child[:l] {
			index[i] = c.findex
			types[i] = c.typ.frameType()
		}
		n.exec = func(f *frame) bltn {
			for i, ind := range index {
				f.data[ind] = reflect.New(types[i]).Elem()
			}
			return next
		}
	}
}

// recv reads from a channel.
func recv(n *node) {
	value := genValue(n.child[0])
	tnext := getExec(n.tnext)
	i := n.findex
	l := n.level

	if n.interp.cancelChan {
		// Cancellable channel read
		if n.fnext != nil {
			fnext := getExec(n.fnext)
			n.exec = func(f *frame) bltn {
				// Fast: channel read doesn't block
				ch := value(f)
				if r, ok := ch.TryRecv(); ok {
					getFrame(f, l).data[i].Set(r)
					if r.Bool() {
						return tnext
					}
					return fnext
				}
				// Slow: channel read blocks, allow cancel
				f.mutex.RLock()
				done := f.done
				f.mutex.RUnlock()

				chosen, v, _ := reflect.Select([]reflect.SelectCase{done, {Dir: reflect.SelectRecv, Chan: ch}})
				if chosen == 0 {
					return nil
				}
				getFrame(f, l).data[i].Set(v)
				if v.Bool() {
					return tnext
				}
				return fnext
			}
		} else {
			n.exec = func(f *frame) bltn {
				// Fast: channel read doesn't block
				ch := value(f)
				if r, ok := ch.TryRecv(); ok {
					getFrame(f, l).data[i].Set(r)
					return tnext
				}
				// Slow: channel is blocked, allow cancel
				f.mutex.RLock()
				done := f.done
				f.mutex.RUnlock()

				chosen, v, _ := reflect.Select([]reflect.SelectCase{done, {Dir: reflect.SelectRecv, Chan: ch}})
				if chosen == 0 {
					return nil
				}
				getFrame(f, l).data[i].Set(v)
				return tnext
			}
		}
	} else {
		// Blocking channel read (less overhead)
		if n.fnext != nil {
			fnext := getExec(n.fnext)
			n.exec = func(f *frame) bltn {
				if r, _ := value(f).Recv(); r.Bool() {
					getFrame(f, l).data[i].Set(r)
					return tnext
				}
				return fnext
			}
		} else {
			i := n.findex
			n.exec = func(f *frame) bltn {
				r, _ := value(f).Recv()
				getFrame(f, l).data[i].Set(r)
				return tnext
			}
		}
	}
}

func recv2(n *node) {
	vchan := genValue(n.child[0])    // chan
	vres := genValue(n.anc.child[0]) // result
	vok := genValue(n.anc.child[1])  // status
	tnext := getExec(n.tnext)

	if n.interp.cancelChan {
		// Cancellable channel read
		n.exec = func(f *frame) bltn {
			ch, result, status := vchan(f), vres(f), vok(f)
			//  Fast: channel read doesn't block
			if v, ok := ch.TryRecv(); ok {
				result.Set(v)
				setOk(status, true)
				return tnext
			}
			// Slow: channel is blocked, allow cancel
			f.mutex.RLock()
			done := f.done
			f.mutex.RUnlock()

			chosen, v, ok := reflect.Select([]reflect.SelectCase{done, {Dir: reflect.SelectRecv, Chan: ch}})
			if chosen == 0 {
				return nil
			}
			result.Set(v)
			setOk(status, ok)
			return tnext
		}
	} else {
		// Blocking channel read (less overhead)
		n.exec = func(f *frame) bltn {
			v, ok := vchan(f).Recv()
			vres(f).Set(v)
			setOk(vok(f), ok)
			return tnext
		}
	}
	freshCommaOk(n)
}

func convertLiteralValue(n *node, t reflect.Type) {
	switch {
	case n.typ.cat == nilT:
		// Create a zero value of target type.
		n.rval = reflect.New(t).Elem()
	case !(n.kind == basicLit || n.rval.IsValid()) || t == nil || t.Kind() == reflect.Interface || t == valueInterfaceType || t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Interface:
		// Skip non-constant values, undefined target type or interface target type.
	case n.rval.IsValid():
		// Convert constant value to target type.
		convertConstantValue(n)
		n.rval = n.rval.Convert(t)
	default:
		// Create a zero value of target type.
		n.rval = reflect.New(t).Elem()
	}
}

func convertConstantValue(n *node) {
	if !n.rval.IsValid() {
		return
	}
	c, ok := n.rval.Interface().(constant.Value)
	if !ok {
		return
	}

	var v reflect.Value

	switch c.Kind() {
	case constant.Bool:
		v = reflect.ValueOf(constant.BoolVal(c))
	case constant.String:
		v = reflect.ValueOf(constant.StringVal(c))
	case constant.Int:
		i, x := constant.Int64Val(c)
		if !x {
			panic(n.cfgErrorf("constant %s overflows int64", c.ExactString()))
		}
		v = reflect.ValueOf(int(i))
	case constant.Float:
		f, _ := constant.Float64Val(c)
		v = reflect.ValueOf(f)
	case constant.Complex:
		r, _ := constant.Float64Val(constant.Real(c))
		i, _ := constant.Float64Val(constant.Imag(c))
		v = reflect.ValueOf(complex(r, i))
	}

	n.rval = v.Convert(n.typ.TypeOf())
}

// Write to a channel.
func send(n *node) {
	next := getExec(n.tnext)
	c0, c1 := n.child[0], n.child[1]
	value0 := genValue(c0) // Send channel.
	value1 := genDestValue(c0.typ.val, c1)

	if !n.interp.cancelChan {
		// Send is non-cancellable, has the least overhead.
		n.exec = func(f *frame) bltn {
			value0(f).Send(value1(f))
			return next
		}
		return
	}

	// Send is cancellable, may have some overhead.
	n.exec = func(f *frame) bltn {
		ch, data := value0(f), value1(f)
		// Fast: send on channel doesn't block.
		if ok := ch.TrySend(data); ok {
			return next
		}
		// Slow: send on channel blocks, allow cancel.
		f.mutex.RLock()
		done := f.done
		f.mutex.RUnlock()

		chosen, _, _ := reflect.Select([]reflect.SelectCase{done, {Dir: reflect.SelectSend, Chan: ch, Send: data}})
		if chosen == 0 {
			return nil
		}
		return next
	}
}

func clauseChanDir(n *node) (*node, *node, *node, reflect.SelectDir) {
	dir := reflect.SelectDefault
	var nod, assigned, ok *node
	var stop bool

	n.Walk(func(m *node) bool {
		switch m.action {
		case aRecv:
			dir = reflect.SelectRecv
			nod = m.child[0]
			switch m.anc.action {
			case aAssign:
				assigned = m.anc.child[0]
			case aAssignX:
				assigned = m.anc.child[0]
				ok = m.anc.child[1]
			}
			stop = true
		case aSend:
			dir = reflect.SelectSend
			nod = m.child[0]
			assigned = m.child[1]
			stop = true
		}
		return !stop
	}, nil)
	return nod, assigned, ok, dir
}

// selectDest is where a receive clause of a select stores the value or the status it
// receives into c. peerbook patch 51: a variable the clause defines (case v := <-ch) is
// a new variable each time the clause runs, as in Go; it was the one of the previous
// run, so closures and pointers taken in earlier loop iterations saw the last value.
// The destination is read once per run of the clause.
func selectDest(c *node) func(*frame) reflect.Value {
	if (c.anc.kind != defineStmt && c.anc.kind != defineXStmt) || c.ident == "_" || c.findex < 0 || (c.sym != nil && c.sym.global) {
		return genValue(c)
	}
	l, i := c.level, c.findex
	return func(f *frame) reflect.Value {
		data := getFrame(f, l).data
		data[i] = reflect.New(data[i].Type()).Elem()
		return data[i]
	}
}

// selectSendValue returns the value that a send clause of a select sends on the channel
// c: v as the channel's element type has it, as a send statement makes it. peerbook patch
// 99: an untyped constant kept its default type (case c32 <- 123: reflect.Select
// panicked, "value of type int is not assignable to type int32"; Go's test
// chan/nonblock.go), and a value sent on a channel of an interface type with methods
// was not wrapped as the interface. Patch 53's conversions are genDestValue's too.
func selectSendValue(c, v *node) func(*frame) reflect.Value {
	if ct := c.typ; ct != nil && ct.val != nil && isChan(ct) {
		return genDestValue(ct.val, v)
	}
	return genValue(v)
}

func _select(n *node) {
	nbClause := len(n.child)
	chans := make([]*node, nbClause)
	assigned := make([]*node, nbClause)
	ok := make([]*node, nbClause)
	clause := make([]bltn, nbClause)
	chanValues := make([]func(*frame) reflect.Value, nbClause)
	assignedValues := make([]func(*frame) reflect.Value, nbClause)
	okValues := make([]func(*frame) reflect.Value, nbClause)
	dirs := make([]reflect.SelectDir, nbClause)
	next := getExec(n.tnext)

	for i := 0; i < nbClause; i++ {
		cl := n.child[i]
		if cl.kind == commClauseDefault {
			dirs[i] = reflect.SelectDefault
			if len(cl.child) == 0 {
				clause[i] = func(*frame) bltn { return next }
			} else {
				clause[i] = getExec(cl.child[0].start)
			}
			continue
		}
		// The comm clause is in send or recv direction.
		switch c0 := cl.child[0]; {
		case len(cl.child) > 1 || c0.kind == assignStmt || c0.kind == assignXStmt || c0.kind == defineStmt || c0.kind == defineXStmt:
			// The comm clause contains a channel operation and a clause body, or a
			// receive into variables and no body (peerbook patch 51: `case v = <-ch:`
			// had no direction, and reflect.Select panicked).
			if len(cl.child) > 1 {
				clause[i] = getExec(cl.child[1].start)
			} else {
				clause[i] = func(*frame) bltn { return next }
			}
			chans[i], assigned[i], ok[i], dirs[i] = clauseChanDir(c0)
			chanValues[i] = genValue(chans[i])
			if assigned[i] != nil {
				assignedValues[i] = selectDest(assigned[i])
				if dirs[i] == reflect.SelectSend {
					assignedValues[i] = selectSendValue(chans[i], assigned[i])
				}
			}
			if ok[i] != nil {
				okValues[i] = selectDest(ok[i])
			}
		case c0.kind == exprStmt && len(c0.child) == 1 && c0.child[0].action == aRecv:
			// The comm clause has an empty body clause after channel receive.
			chanValues[i] = genValue(c0.child[0].child[0])
			dirs[i] = reflect.SelectRecv
			clause[i] = func(*frame) bltn { return next }
		case c0.kind == sendStmt:
			// The comm clause as an empty body clause after channel send.
			chanValues[i] = genValue(c0.child[0])
			dirs[i] = reflect.SelectSend
			assignedValues[i] = selectSendValue(c0.child[0], c0.child[1])
			clause[i] = func(*frame) bltn { return next }
		}
	}

	// peerbook patch 97: the cases are made for each run of the select. They were made
	// once, with the node's code, and filled in place: goroutines running the same
	// select statement at once filled them together, and one selected on another's
	// channels and sent another's values (Go's test ken/chan.go, 1 run in 3).
	n.exec = func(f *frame) bltn {
		cases := make([]reflect.SelectCase, nbClause+1)
		f.mutex.RLock()
		cases[nbClause] = f.done
		f.mutex.RUnlock()

		for i := range cases[:nbClause] {
			cases[i].Dir = dirs[i]
			switch dirs[i] {
			case reflect.SelectRecv:
				cases[i].Chan = chanValues[i](f)
			case reflect.SelectSend:
				cases[i].Chan = chanValues[i](f)
				cases[i].Send = assignedValues[i](f)
			case reflect.SelectDefault:
				// Keep zero values for comm clause
			}
		}
		j, v, s := reflect.Select(cases)
		if j == nbClause {
			return nil
		}
		if cases[j].Dir == reflect.SelectRecv && assignedValues[j] != nil {
			assignedValues[j](f).Set(v)
			if ok[j] != nil {
				setOk(okValues[j](f), s)
			}
		}
		return clause[j]
	}
}

// slice expression: array[low:high:max].
func slice(n *node) {
	i := n.findex
	l := n.level
	next := getExec(n.tnext)
	value0 := genValueArray(n.child[0]) // array
	value1 := genValue(n.child[1])      // low (if 2 or 3 args) or high (if 1 arg)

	switch len(n.child) {
	case 2:
		n.exec = func(f *frame) bltn {
			a := value0(f)
			getFrame(f, l).data[i] = a.Slice(int(vInt(value1(f))), a.Len())
			return next
		}
	case 3:
		value2 := genValue(n.child[2]) // max

		n.exec = func(f *frame) bltn {
			a := value0(f)
			getFrame(f, l).data[i] = a.Slice(int(vInt(value1(f))), int(vInt(value2(f))))
			return next
		}
	case 4:
		value2 := genValue(n.child[2])
		value3 := genValue(n.child[3])

		n.exec = func(f *frame) bltn {
			a := value0(f)
			getFrame(f, l).data[i] = a.Slice3(int(vInt(value1(f))), int(vInt(value2(f))), int(vInt(value3(f))))
			return next
		}
	}
}

// slice expression, no low value: array[:high:max].
func slice0(n *node) {
	i := n.findex
	l := n.level
	next := getExec(n.tnext)
	value0 := genValueArray(n.child[0])

	switch len(n.child) {
	case 1:
		n.exec = func(f *frame) bltn {
			a := value0(f)
			getFrame(f, l).data[i] = a.Slice(0, a.Len())
			return next
		}
	case 2:
		value1 := genValue(n.child[1])
		n.exec = func(f *frame) bltn {
			a := value0(f)
			getFrame(f, l).data[i] = a.Slice(0, int(vInt(value1(f))))
			return next
		}
	case 3:
		value1 := genValue(n.child[1])
		value2 := genValue(n.child[2])
		n.exec = func(f *frame) bltn {
			a := value0(f)
			getFrame(f, l).data[i] = a.Slice3(0, int(vInt(value1(f))), int(vInt(value2(f))))
			return next
		}
	}
}

func isNilChild(child int) func(n *node) {
	return func(n *node) {
		var value func(*frame) reflect.Value
		child := n.child[child]
		value = genValue(child)
		typ := n.typ.concrete().TypeOf()
		isInterface := n.typ.TypeOf().Kind() == reflect.Interface
		tnext := getExec(n.tnext)
		dest := genValue(n)
		if n.fnext == nil {
			if !isInterfaceSrc(child.typ) {
				if isInterface {
					n.exec = func(f *frame) bltn {
						dest(f).Set(reflect.ValueOf(value(f).IsNil()).Convert(typ))
						return tnext
					}
					return
				}
				n.exec = func(f *frame) bltn {
					dest(f).SetBool(value(f).IsNil())
					return tnext
				}
				return
			}
			if isInterface {
				n.exec = func(f *frame) bltn {
					v := value(f)
					var r bool
					if vi, ok := v.Interface().(valueInterface); ok {
						r = (vi == valueInterface{} || vi.node.kind == basicLit && vi.node.typ.cat == nilT)
					} else {
						r = v.IsNil()
					}
					dest(f).Set(reflect.ValueOf(r).Convert(typ))
					return tnext
				}
				return
			}
			n.exec = func(f *frame) bltn {
				v := value(f)
				var r bool
				if vi, ok := v.Interface().(valueInterface); ok {
					r = (vi == valueInterface{} || vi.node.kind == basicLit && vi.node.typ.cat == nilT)
				} else {
					r = v.IsNil()
				}
				dest(f).SetBool(r)
				return tnext
			}
			return
		}

		fnext := getExec(n.fnext)

		if !isInterfaceSrc(child.typ) {
			n.exec = func(f *frame) bltn {
				if value(f).IsNil() {
					dest(f).SetBool(true)
					return tnext
				}
				dest(f).SetBool(false)
				return fnext
			}
			return
		}

		n.exec = func(f *frame) bltn {
			v := value(f)
			if vi, ok := v.Interface().(valueInterface); ok {
				if (vi == valueInterface{} || vi.node.kind == basicLit && vi.node.typ.cat == nilT) {
					dest(f).SetBool(true)
					return tnext
				}
				dest(f).SetBool(false)
				return fnext
			}
			if v.IsNil() {
				dest(f).SetBool(true)
				return tnext
			}
			dest(f).SetBool(false)
			return fnext
		}
	}
}

func isNotNil(n *node) {
	var value func(*frame) reflect.Value
	c0 := n.child[0]
	value = genValue(c0)
	typ := n.typ.concrete().TypeOf()
	isInterface := n.typ.TypeOf().Kind() == reflect.Interface
	tnext := getExec(n.tnext)
	dest := genValue(n)

	if n.fnext == nil {
		if isInterfaceSrc(c0.typ) && c0.typ.TypeOf() != valueInterfaceType {
			if isInterface {
				n.exec = func(f *frame) bltn {
					dest(f).Set(reflect.ValueOf(!value(f).IsNil()).Convert(typ))
					return tnext
				}
				return
			}
			n.exec = func(f *frame) bltn {
				dest(f).SetBool(!value(f).IsNil())
				return tnext
			}
			return
		}

		if isInterface {
			n.exec = func(f *frame) bltn {
				v := value(f)
				var r bool
				if vi, ok := v.Interface().(valueInterface); ok {
					r = (vi == valueInterface{} || vi.node.kind == basicLit && vi.node.typ.cat == nilT)
				} else {
					r = v.IsNil()
				}
				dest(f).Set(reflect.ValueOf(!r).Convert(typ))
				return tnext
			}
			return
		}
		n.exec = func(f *frame) bltn {
			v := value(f)
			var r bool
			if vi, ok := v.Interface().(valueInterface); ok {
				r = (vi == valueInterface{} || vi.node.kind == basicLit && vi.node.typ.cat == nilT)
			} else {
				r = v.IsNil()
			}
			dest(f).SetBool(!r)
			return tnext
		}
		return
	}

	fnext := getExec(n.fnext)

	if isInterfaceSrc(c0.typ) && c0.typ.TypeOf() != valueInterfaceType {
		n.exec = func(f *frame) bltn {
			if value(f).IsNil() {
				dest(f).SetBool(false)
				return fnext
			}
			dest(f).SetBool(true)
			return tnext
		}
		return
	}

	n.exec = func(f *frame) bltn {
		v := value(f)
		if vi, ok := v.Interface().(valueInterface); ok {
			if (vi == valueInterface{} || vi.node.kind == basicLit && vi.node.typ.cat == nilT) {
				dest(f).SetBool(false)
				return fnext
			}
			dest(f).SetBool(true)
			return tnext
		}
		if v.IsNil() {
			dest(f).SetBool(false)
			return fnext
		}
		dest(f).SetBool(true)
		return tnext
	}
}

func complexConst(n *node) {
	if len(n.child) != 3 {
		return // complex(f()) (peerbook patch 162)
	}
	if v0, v1 := n.child[1].rval, n.child[2].rval; v0.IsValid() && v1.IsValid() {
		n.rval = reflect.ValueOf(complex(vFloat(v0), vFloat(v1)))
		n.gen = nop
	}
}

func imagConst(n *node) {
	if v := n.child[1].rval; v.IsValid() {
		// vComplex: the operand may be an untyped constant (a constant.Value), whose
		// reflect Value has no Complex method (peerbook patch 72).
		n.rval = reflect.ValueOf(imag(vComplex(v)))
		n.gen = nop
	}
}

func realConst(n *node) {
	if v := n.child[1].rval; v.IsValid() {
		// vComplex: the operand may be an untyped constant (a constant.Value), whose
		// reflect Value has no Complex method (peerbook patch 72).
		n.rval = reflect.ValueOf(real(vComplex(v)))
		n.gen = nop
	}
}

// binImplements returns the compiled value held by v (the invalid Value when v holds none:
// nil, or a value of the interpreter) and whether its type has the methods of the
// interpreter's interface type typ.
func binImplements(v reflect.Value, typ *itype) (reflect.Value, bool) {
	for v.IsValid() && v.Kind() == reflect.Interface {
		if v.IsNil() {
			return reflect.Value{}, false
		}
		v = v.Elem()
	}
	if !v.IsValid() || !v.CanInterface() {
		return reflect.Value{}, false
	}
	if _, isVI := v.Interface().(valueInterface); isVI {
		return reflect.Value{}, false
	}
	rt := v.Type()
	for name, sig := range typ.methods() {
		m, found := rt.MethodByName(name)
		if !found {
			return v, false
		}
		in := make([]reflect.Type, 0, m.Type.NumIn())
		for i := 1; i < m.Type.NumIn(); i++ { // the receiver first
			in = append(in, m.Type.In(i))
		}
		out := make([]reflect.Type, 0, m.Type.NumOut())
		for i := 0; i < m.Type.NumOut(); i++ {
			out = append(out, m.Type.Out(i))
		}
		if reflect.FuncOf(in, out, m.Type.IsVariadic()).String() != sig {
			return v, false
		}
	}
	return v, true
}

// ifaceTypeString writes the interface type t as the Go runtime names it in a failed
// type assertion's message: a defined type by its name (main.I), a literal by its
// methods sorted by name (interface { M() int; N(string) }). peerbook patch 146.
func ifaceTypeString(t *itype) string {
	if t == nil {
		return "interface {}"
	}
	if t.name != "" {
		return t.id()
	}
	ms := t.methods()
	if len(ms) == 0 {
		return "interface {}"
	}
	names := make([]string, 0, len(ms))
	for name := range ms {
		names = append(names, name)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, name := range names {
		parts[i] = name + strings.TrimPrefix(ms[name], "func")
	}
	return "interface { " + strings.Join(parts, "; ") + " }"
}
