package interp

import "reflect"

// The stores of a multiple assignment in their order (peerbook patch 151).
//
// Go assigns in two phases: first the index expressions' and pointer indirections'
// operands on the left and the values on the right are evaluated, then the assignments
// are carried out from left to right. So in `m[2], *p = 42, 2` with p nil, m[2] is
// stored before the dereference of p panics, and in `m[2], s[1] = 2, 2` with s empty
// before the index panics. yaegi computed every destination's location (the element,
// the pointer's target, the field) before any store, so the panic came first and m was
// left unchanged. A destination whose location panics now keeps the panic in its slot
// and the assignment raises it when it reaches that destination.

// storePanic is what the frame slot of a destination of a multiple assignment holds
// when computing its location panicked: the panic, raised again at its store.
type storePanic struct{ r any }

var storePanicType = reflect.TypeOf(storePanic{})

// mapEntry is isMapEntry, set at init: setExec calls isDeferredStore, and a direct call
// would make an initialization cycle (through the type code that runs the CFG).
var mapEntry func(*node) bool

func init() { mapEntry = isMapEntry }

// isDeferredStore reports whether n is a destination of a multiple assignment whose
// location may panic (an element of a slice or an array, a pointer's target, a field)
// and that the assignment reads from n's own frame slot.
func isDeferredStore(n *node) bool {
	a := n.anc
	if a == nil || a.nleft < 2 || a.nleft+a.nright != len(a.child) {
		return false
	}
	switch a.kind {
	case assignStmt:
		if a.action != aAssign {
			return false
		}
	case assignXStmt:
		// Only from a call of interpreted code, whose results assignFromCall stores;
		// a call of compiled code stores into the destinations itself.
		c := a.lastChild()
		if c.kind != callExpr || len(c.child) == 0 || c.child[0].typ == nil || c.child[0].typ.cat == valueT {
			return false
		}
	default:
		return false
	}
	if childPos(n) >= a.nleft {
		return false
	}
	switch n.kind {
	case indexExpr:
		if mapEntry(n) {
			return false
		}
	case starExpr, selectorExpr:
	default:
		return false
	}
	return !n.rval.IsValid() && n.sym == nil && n.findex != notInFrame
}

// deferStorePanic wraps exec, the code of the destination n (isDeferredStore), so that
// a panic leaves the panic in n's slot and goes on with the assignment's next operand.
func deferStorePanic(n *node, exec bltn) bltn {
	l, i := n.level, n.findex
	tnext := getExec(n.tnext)
	return func(f *frame) (next bltn) {
		defer func() {
			if r := recover(); r != nil {
				getFrame(f, l).data[i] = reflect.ValueOf(storePanic{r})
				next = tnext
			}
		}()
		return exec(f)
	}
}

// storeTarget returns v, the location of a destination, or raises the panic that
// computing it raised (deferStorePanic).
func storeTarget(v reflect.Value) reflect.Value {
	if v.IsValid() && v.Type() == storePanicType {
		panic(v.Interface().(storePanic).r)
	}
	return v
}

// A map entry assigned from a call's results (peerbook patch 152).
//
// `m[k], x = f()` stored f's first result into the slot where the entry had been read,
// never into the map: the entry was silently left unchanged, for calls of interpreted
// and of compiled code alike. The map and the key are read after the call and before
// the first store, as gc does, and the entry is stored in its place among the stores.

// mapStore is the code that reads the map and the key of a map entry destination.
type mapStore struct {
	m, k func(*frame) reflect.Value
}

// genMapStores returns, for each destination in dests, the code that reads its map and
// key where it is a map entry, nil otherwise; it returns nil where no destination is a
// map entry.
func genMapStores(dests []*node) []*mapStore {
	var stores []*mapStore
	for i, d := range dests {
		if d.ident == "_" || !isMapEntry(d) {
			continue
		}
		if stores == nil {
			stores = make([]*mapStore, len(dests))
		}
		key := genValue(d.child[1])
		if isInterfaceSrc(d.child[1].typ) {
			key = genValueInterface(d.child[1])
		}
		stores[i] = &mapStore{m: genValue(d.child[0]), k: genMapKey(d.child[0], key)}
	}
	return stores
}

// readMapStores reads the maps and keys of stores (genMapStores) in f.
func readMapStores(f *frame, stores []*mapStore) (maps, keys []reflect.Value) {
	maps, keys = make([]reflect.Value, len(stores)), make([]reflect.Value, len(stores))
	for i, s := range stores {
		if s != nil {
			maps[i], keys[i] = copied(s.m(f)), copied(s.k(f))
		}
	}
	return maps, keys
}
