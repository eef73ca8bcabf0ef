package interp

import "reflect"

// The length of an array or of a pointer to an array (peerbook patch 155).
//
// In Go, len(x) and cap(x) of an array or a pointer to an array are constants when x
// has no call and no receive in it, and x is not evaluated: len(*p) and len(s[10]) do
// not panic with p nil or s empty (Go's tests const4.go, nil.go,
// fixedbugs/issue72844.go). With a call, x is evaluated and the length is still its
// type's: len(f()) with f returning a nil *[4]int is 4. So is a range over such an x
// with at most an index variable: `for i := range p` with p a nil *[10]int iterates
// ten times, `for i, v := range p` panics. yaegi dereferenced the pointer (a reflect
// panic on a zero Value) and evaluated the operand (a Go panic Go does not raise).

// arrayLenOf returns the length of the array that t is or points to, and false where
// t is neither.
func arrayLenOf(t *itype) (int, bool) {
	if t == nil {
		return 0, false
	}
	rt := t.TypeOf()
	if rt == nil {
		return 0, false
	}
	if rt.Kind() == reflect.Ptr {
		rt = rt.Elem()
	}
	if rt.Kind() != reflect.Array {
		return 0, false
	}
	return rt.Len(), true
}

// isConstArrayLen reports whether the builtin call n (len or cap) is a constant of
// its argument's array type that Go does not evaluate.
func isConstArrayLen(n *node, sc *scope) bool {
	if len(n.child) != 2 {
		return false
	}
	if _, ok := arrayLenOf(n.child[1].typ); !ok {
		return false
	}
	return !hasEffects(n.child[1], sc)
}

// arrayLen sets the code of n, len or cap of an array or a pointer to one of length l:
// its operand evaluated (a call in it runs), then l.
func arrayLen(n *node, dest, value func(*frame) reflect.Value, l int) {
	next := getExec(n.tnext)
	if wantEmptyInterface(n) {
		n.exec = func(f *frame) bltn {
			value(f)
			dest(f).Set(reflect.ValueOf(l))
			return next
		}
		return
	}
	n.exec = func(f *frame) bltn {
		value(f)
		dest(f).SetInt(int64(l))
		return next
	}
}

// nilArrayPanics wraps value, the array a range statement iterates over through a
// pointer, so that a nil pointer panics with Go's runtime error.
func nilArrayPanics(value func(*frame) reflect.Value) func(*frame) reflect.Value {
	return func(f *frame) reflect.Value {
		v := value(f)
		if !v.IsValid() {
			panic(nilDereference())
		}
		return v
	}
}
