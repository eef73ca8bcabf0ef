package interp

import (
	"reflect"
	"sync"
	"unsafe"
	"weak"
)

// peerbook patch 172 (closure calls): a function literal's value is a function made by
// reflect.MakeFunc, and a call of it through reflect learns nothing of its caller: the
// frames of a recursion through function literals (var f func(int) int; f = func...)
// all started counting from the frame where the literal was made (patch 180), so no
// bound stopped it and past about 250,000 calls it overflowed the goroutine's stack,
// ending the process. Each closure is now known by its function value (registerClosure),
// and an interpreted call of a closure (call) runs its body directly, counting the
// nesting from its caller's frame as a call of a declared function does; it also skips
// reflect's call. Calls from compiled code, from a go or defer statement, and variadic
// calls spreading their arguments still go through the function value, counting from
// the frame where the literal was made (an upper bound while that frame is running).

// closure is what a function literal's value runs: its declaration, the frame it
// captured, and the slot of its maker's frame it is made in (for patch 16).
type closure struct {
	def   *node  // the funcLit
	fr    *frame // the copy of the maker's frame that the body reads
	maker *frame // the frame the literal was made in
	level int    // the level and slot of the frame that holds the made value
	slot  int
	old   reflect.Value // the slot's value before the closure was made
	// forwarder tells that def is a literal the rewriter made for a method call
	// (peerbook patch 221, isRecoverForwarder).
	forwarder bool
	gen       uint64 // this closure's number among those made at the slot; guarded by maker.mutex
}

// call runs the closure's body with the arguments in, and returns its results (the
// slots of its frame). caller is the interpreted frame calling it, nil when the call
// comes through the function value: the nesting is then counted from the frame where
// the literal was made. name is what the caller calls it ("" if not a name), for the
// error of a call nested too deep.
func (c *closure) call(caller *frame, in []reflect.Value, name string) []reflect.Value {
	return c.callFrom(caller, nil, in, name)
}

// callFrom is call for a deferred call of the frame deferOf (nil for another call):
// the body's frame keeps it, for recover (peerbook patch 221, recover.go).
func (c *closure) callFrom(caller, deferOf *frame, in []reflect.Value, name string) []reflect.Value {
	n := c.def
	numRet := len(n.typ.ret)
	// peerbook patch 174: the body runs in its caller's run (the interpreter's current
	// one when the caller is not known), not in the run the literal was made in: after
	// an interrupt had stopped a run, every closure made before it returned its zero
	// results without running, and a channel operation that had to wait gave up at once
	// (the stopped run's done channel is closed).
	from, cost, id := caller, int64(closureCallStack), n.interp.runid()
	if from == nil {
		from, cost = c.fr, wrapperCallStack
	} else {
		id = caller.runid()
	}
	fr2 := newFrame(c.fr, len(n.types), id)
	fr2.deferOf, fr2.forwarder = deferOf, c.forwarder
	if caller != nil {
		fr2.done = caller.done
	} else {
		fr2.done = n.interp.doneCase()
	}
	if n.interp.nest(from, fr2, cost) {
		n.interp.callDepthExceededBy(name, fr2)
		return zeroResults(n.typ.TypeOf())
	}
	d := fr2.data
	for i, t := range n.types {
		d[i] = reflect.New(t).Elem()
	}
	d = d[numRet:]

	// Copy function input arguments in local frame.
	for i, arg := range in {
		if i >= len(d) {
			// In case of unused arg, there may be not even a frame entry allocated, just skip.
			break
		}
		typ := n.typ.arg[i]
		switch {
		case isEmptyInterface(typ) || typ.TypeOf() == valueInterfaceType:
			d[i].Set(arg)
		case isInterfaceSrc(typ):
			d[i].Set(reflect.ValueOf(valueInterface{value: arg.Elem()}))
		default:
			d[i].Set(arg)
		}
	}

	// Interpreter code execution.
	runCfg(n.child[3].start, fr2, n, n)

	// peerbook patch 16: the slot goes back to its value from before this closure was
	// made only if no closure was made there since. A goroutine ending a call of the
	// previous iteration's closure put old back while the next iteration had made a new
	// closure there and not yet read it into its variable, which then got the old value
	// (nil on the first round).
	c.maker.mutex.Lock()
	if sf := getFrame(c.maker, c.level); sf.litGen[c.slot] == c.gen {
		sf.data[c.slot] = c.old
	}
	c.maker.mutex.Unlock()

	return fr2.data[:numRet]
}

// callDirect calls the closure from the interpreted frame caller with the argument
// values args, converted to its parameters' types as reflect's call converts them.
func (c *closure) callDirect(caller *frame, t reflect.Type, args []reflect.Value, name string) []reflect.Value {
	return c.callDirectFrom(caller, nil, t, args, name)
}

// callDirectFrom is callDirect for a deferred call of the frame deferOf (nil for another
// call; peerbook patch 265).
func (c *closure) callDirectFrom(caller, deferOf *frame, t reflect.Type, args []reflect.Value, name string) []reflect.Value {
	in := make([]reflect.Value, len(args))
	for i, a := range args {
		if pt := t.In(i); a.Type() != pt {
			v := reflect.New(pt).Elem()
			v.Set(a)
			a = v
		}
		in[i] = a
	}
	return c.callFrom(caller, deferOf, in, name)
}

// closures maps the function values of the closures made by function literals to their
// closure, by the address of the function value's object. Both are held weakly: an entry
// goes once its value is collected. A weak pointer to the function value itself makes
// the lookup exact: the address of a collected function value can be taken by a new
// object before the weak pointer to its closure is cleared (another span's sweep), and
// the entry would have named a dead closure for a live function value; a weak pointer to
// the function value is cleared before its memory can be used again.
var closures = struct {
	sync.RWMutex
	m     map[uintptr]closureEntry
	sweep int // the table's size at which the collected entries are swept next
}{m: map[uintptr]closureEntry{}, sweep: 1024}

// closureEntry is a function value (its object) and the closure it runs, held weakly.
type closureEntry struct {
	fv weak.Pointer[byte]
	c  weak.Pointer[closure]
}

// funcObject returns the object of the function value fv (of kind Func, not nil): the
// data word of the interface holding it.
func funcObject(fv reflect.Value) unsafe.Pointer {
	e := fv.Interface()
	return (*[2]unsafe.Pointer)(unsafe.Pointer(&e))[1]
}

// registerClosure records that the function value fv runs c. c lives as long as fv (fv's
// implementation holds it).
func registerClosure(fv reflect.Value, c *closure) {
	p := funcObject(fv)
	e := closureEntry{fv: weak.Make((*byte)(p)), c: weak.Make(c)}
	closures.Lock()
	defer closures.Unlock()
	closures.m[uintptr(p)] = e
	if len(closures.m) >= closures.sweep {
		for k, e := range closures.m {
			if e.fv.Value() == nil {
				delete(closures.m, k)
			}
		}
		closures.sweep = max(1024, 2*len(closures.m))
	}
}

// closureOf returns the closure that the function value fv runs, nil if it is not one
// made by a function literal.
func closureOf(fv reflect.Value) *closure {
	if fv.Kind() != reflect.Func || fv.IsNil() || !fv.CanInterface() {
		return nil
	}
	p := funcObject(fv)
	closures.RLock()
	e, ok := closures.m[uintptr(p)]
	closures.RUnlock()
	if !ok || e.fv.Value() != (*byte)(p) {
		return nil
	}
	return e.c.Value()
}

// doneCase is the select case of the interpreter's current run's done channel, which
// closes when the run is stopped (see frame.done).
func (interp *Interpreter) doneCase() reflect.SelectCase {
	interp.mutex.RLock()
	defer interp.mutex.RUnlock()
	return reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(interp.done)}
}
