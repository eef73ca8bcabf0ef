package interp

import "reflect"

// The key of a map entry assigned to, where gc evaluates it (peerbook patch 185).
//
// gc evaluates an assignment's calls first and most other operands after them (patches
// 110, 112, 184), but the key of a map entry it assigns to is a special case: a map
// whose key the runtime takes by address (a key type other than a 4- or 8-byte integer,
// a pointer or a string, or an element over 128 bytes) gets a key that is not
// addressable (`k+1`, `int8(s[i])`, `-k`, `x.(int8)`) copied into a temporary before
// the values' calls; so does a key of a struct or array type the runtime takes as an
// integer or a string (cmd/compile/internal/walk/order.go, mapKeyTemp). So with
// `m map[int8]T`, `m[int8(s[i])] = f()` panics on the index before f runs and `m[k+1]
// = f()` stores at the k from before f, while with a map[int64]T both read the key
// after f. The language leaves this order unspecified; peerbook follows gc, which
// cells are compared with. keyFirst tells which keys are evaluated before the values;
// assignOrder wires them there, the rest of the destination after the values.

// keyFirst reports whether gc evaluates the key of dest, a map entry assigned to
// (isMapEntry), before the assignment's values: a key the runtime takes by address
// that is not addressable, or one it takes through memory as another type. A constant
// key is not: nothing can change it or make it panic.
func keyFirst(dest *node) bool {
	key := dest.child[1]
	if key.rval.IsValid() || key.typ == nil {
		return false
	}
	mt := dest.child[0].typ
	if mt == nil {
		return false
	}
	kt, et := mapKeyElem(mt)
	if kt == nil || et == nil {
		return false
	}
	switch mapKeyPassing(kt, et) {
	case keyByAddress:
		return !isAddressableExpr(key)
	case keyThroughMemory:
		return true
	}
	return false
}

// mapKeyElem returns the key and element types of the map type t, nil where t is not
// one.
func mapKeyElem(t *itype) (key, elem *itype) {
	for t.cat == linkedT && t.val != nil {
		t = t.val
	}
	switch t.cat {
	case mapT:
		return t.key, t.val
	case valueT:
		if t.rtype != nil && t.rtype.Kind() == reflect.Map {
			return valueTOf(t.rtype.Key()), valueTOf(t.rtype.Elem())
		}
	}
	return nil, nil
}

// keyPassing is how gc's runtime call for a map assignment takes the key.
type keyPassing int

const (
	// keyAsValue: the key is passed as the integer, pointer or string it is (a map
	// of the fast kinds); gc evaluates it where it is used, after the values.
	keyAsValue keyPassing = iota
	// keyByAddress: the runtime takes the key's address; gc copies a key that is
	// not addressable into a temporary before the values.
	keyByAddress
	// keyThroughMemory: a fast map whose key type is not the integer, pointer or
	// string the runtime takes (a struct or an array of that size); gc copies it
	// into a temporary of that type before the values, addressable or not.
	keyThroughMemory
)

// mapKeyPassing returns how gc passes the key of a map with key type kt and element
// type et to the runtime (cmd/compile/internal/walk, mapfast and mapKeyTemp).
func mapKeyPassing(kt, et *itype) keyPassing {
	const maxElemBytes = 128 // internal/abi.MapMaxElemBytes
	esize, _, ok := gcLayout(et)
	if !ok {
		return keyAsValue
	}
	if esize > maxElemBytes {
		return keyByAddress
	}
	ksize, _, ok := gcLayout(kt)
	if !ok {
		return keyAsValue
	}
	alg := gcAlg(kt)
	switch {
	case alg == algString:
		if itypeKind(kt) == reflect.String {
			return keyAsValue
		}
		return keyThroughMemory
	case alg == algMem && (ksize == 4 || ksize == 8):
		switch itypeKind(kt) {
		case reflect.Int32, reflect.Uint32, reflect.Int64, reflect.Uint64, reflect.Int, reflect.Uint,
			reflect.Uintptr, reflect.Ptr, reflect.Chan, reflect.UnsafePointer:
			return keyAsValue
		}
		return keyThroughMemory
	}
	return keyByAddress
}

// itypeKind returns the reflect kind of t's underlying type.
func itypeKind(t *itype) reflect.Kind {
	for t.cat == linkedT && t.val != nil {
		t = t.val
	}
	switch t.cat {
	case boolT:
		return reflect.Bool
	case intT:
		return reflect.Int
	case int8T:
		return reflect.Int8
	case int16T:
		return reflect.Int16
	case int32T:
		return reflect.Int32
	case int64T:
		return reflect.Int64
	case uintT:
		return reflect.Uint
	case uint8T:
		return reflect.Uint8
	case uint16T:
		return reflect.Uint16
	case uint32T:
		return reflect.Uint32
	case uint64T:
		return reflect.Uint64
	case uintptrT:
		return reflect.Uintptr
	case float32T:
		return reflect.Float32
	case float64T:
		return reflect.Float64
	case complex64T:
		return reflect.Complex64
	case complex128T:
		return reflect.Complex128
	case stringT:
		return reflect.String
	case ptrT:
		return reflect.Ptr
	case chanT, chanSendT, chanRecvT:
		return reflect.Chan
	case interfaceT, errorT:
		return reflect.Interface
	case arrayT:
		return reflect.Array
	case structT:
		return reflect.Struct
	case sliceT, variadicT:
		return reflect.Slice
	case mapT:
		return reflect.Map
	case funcT:
		return reflect.Func
	case valueT:
		if t.rtype != nil {
			return t.rtype.Kind()
		}
	}
	return reflect.Invalid
}

// gcLayout returns the size and alignment gc gives a value of type t on a 64-bit
// platform; ok is false for a type it cannot tell (a type parameter). The frame's
// reflect type is not that: an interface is held as a valueInterface there.
func gcLayout(t *itype) (size, align int64, ok bool) {
	for t.cat == linkedT && t.val != nil {
		t = t.val
	}
	switch t.cat {
	case arrayT:
		s, a, ok := gcLayout(t.val)
		return s * int64(t.length), a, ok
	case structT:
		var off, maxAlign int64 = 0, 1
		for _, f := range t.field {
			s, a, ok := gcLayout(f.typ)
			if !ok {
				return 0, 0, false
			}
			off = (off + a - 1) / a * a
			off += s
			maxAlign = max(maxAlign, a)
		}
		if len(t.field) > 0 {
			if s, _, _ := gcLayout(t.field[len(t.field)-1].typ); s == 0 && off > 0 {
				off++ // a final zero-size field gets a byte of its own
			}
		}
		return (off + maxAlign - 1) / maxAlign * maxAlign, maxAlign, true
	case valueT:
		if t.rtype == nil {
			return 0, 0, false
		}
		return int64(t.rtype.Size()), int64(t.rtype.Align()), true
	}
	switch k := itypeKind(t); k {
	case reflect.Bool, reflect.Int8, reflect.Uint8:
		return 1, 1, true
	case reflect.Int16, reflect.Uint16:
		return 2, 2, true
	case reflect.Int32, reflect.Uint32, reflect.Float32:
		return 4, 4, true
	case reflect.Complex64:
		return 8, 4, true
	case reflect.Int, reflect.Int64, reflect.Uint, reflect.Uint64, reflect.Uintptr, reflect.Float64,
		reflect.Ptr, reflect.Chan, reflect.Map, reflect.Func, reflect.UnsafePointer:
		return 8, 8, true
	case reflect.Complex128, reflect.String, reflect.Interface:
		return 16, 8, true
	case reflect.Slice:
		return 24, 8, true
	}
	return 0, 0, false
}

// algKind is how gc compares and hashes a map key (cmd/compile/internal/types, AlgKind),
// as far as keyFirst needs it.
type algKind int

const (
	algMem    algKind = iota // its memory, byte for byte
	algString                // a string
	algOther                 // anything else: floats, interfaces, padding, strings in a composite
)

// gcAlg returns how gc compares values of type t (types.CalcSize and CalcStructSize).
func gcAlg(t *itype) algKind {
	for t.cat == linkedT && t.val != nil {
		t = t.val
	}
	switch t.cat {
	case structT:
		if len(t.field) == 1 && t.field[0].name != "_" {
			return gcAlg(t.field[0].typ)
		}
		var off int64
		for i, f := range t.field {
			s, a, _ := gcLayout(f.typ)
			off = (off + a - 1) / a * a
			if gcAlg(f.typ) != algMem || f.name == "_" {
				return algOther
			}
			end := off + s
			if i+1 < len(t.field) {
				_, na, _ := gcLayout(t.field[i+1].typ)
				if (end+na-1)/na*na != end {
					return algOther // padded
				}
			} else if total, _, _ := gcLayout(t); total != end {
				return algOther
			}
			off = end
		}
		return algMem
	case arrayT:
		a := gcAlg(t.val)
		switch {
		case a == algMem, t.length == 0:
			return algMem
		case t.length == 1:
			return a
		}
		return algOther
	case valueT:
		if t.rtype != nil {
			return reflectAlg(t.rtype)
		}
		return algOther
	}
	switch itypeKind(t) {
	case reflect.String:
		return algString
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Ptr, reflect.Chan, reflect.UnsafePointer:
		return algMem
	}
	return algOther
}

// reflectAlg is gcAlg for a type of compiled code.
func reflectAlg(t reflect.Type) algKind {
	switch t.Kind() {
	case reflect.String:
		return algString
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Ptr, reflect.Chan, reflect.UnsafePointer:
		return algMem
	case reflect.Array:
		a := reflectAlg(t.Elem())
		switch {
		case a == algMem, t.Len() == 0:
			return algMem
		case t.Len() == 1:
			return a
		}
	case reflect.Struct:
		if t.NumField() == 1 && t.Field(0).Name != "_" {
			return reflectAlg(t.Field(0).Type)
		}
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			end := f.Offset + f.Type.Size()
			next := t.Size()
			if i+1 < t.NumField() {
				next = t.Field(i + 1).Offset
			}
			if reflectAlg(f.Type) != algMem || f.Name == "_" || end != next {
				return algOther
			}
		}
		return algMem
	}
	return algOther
}

// isAddressableExpr reports whether gc holds n, an expression, as addressable
// (cmd/compile/internal/ir, IsAddressable): a variable, an element of a slice or of an
// addressable array, a field of an addressable struct or through a pointer, a pointer's
// target.
func isAddressableExpr(n *node) bool {
	switch n.kind {
	case parenExpr:
		return len(n.child) == 1 && isAddressableExpr(n.child[0])
	case identExpr:
		return !n.rval.IsValid()
	case starExpr:
		return true
	case indexExpr:
		if len(n.child) < 2 || n.child[0].typ == nil {
			return false
		}
		switch itypeKind(n.child[0].typ) {
		case reflect.Slice, reflect.Ptr:
			return true
		case reflect.Array:
			return isAddressableExpr(n.child[0])
		}
		return false
	case selectorExpr:
		if len(n.child) < 2 || n.child[0].typ == nil {
			return false
		}
		x := n.child[0]
		switch x.typ.cat {
		case srcPkgT, binPkgT:
			return true // a package's variable
		}
		switch itypeKind(x.typ) {
		case reflect.Ptr:
			return true
		case reflect.Struct:
			return isAddressableExpr(x)
		}
		return false
	}
	return false
}

// splitMapDest splits dest, a map entry whose key gc evaluates before the values
// (keyFirst), into hoist, the outermost calls and receives of its map expression then
// the whole key, and late, the rest of the map expression then dest itself. ok is false
// where the map expression has a call in an operation that callSplitter does not
// rewire: dest then keeps its place.
func splitMapDest(dest *node, sc *scope) (hoist, late []segment, ok bool) {
	var s callSplitter
	if !s.walk(dest.child[0], sc) {
		return nil, nil, false
	}
	hoist = append(s.hoist, wholeSegment(dest.child[1]))
	late = append(s.late, segment{start: dest, end: dest})
	return hoist, late, true
}

// walkMapRead is callSplitter.walk for n, a read of a map entry whose key gc copies
// into a temporary where it stands (keyFirst, peerbook patch 187): the map
// expression's calls, then the whole key, among the calls; the rest of the map
// expression and the read after them. In `m[k+1] + f()` with m a map[int8]T and f
// changing k and m, gc looks the old k+1 up in the new m.
func (s *callSplitter) walkMapRead(n *node, sc *scope) bool {
	if !s.walk(n.child[0], sc) {
		return false
	}
	s.hoist = append(s.hoist, wholeSegment(n.child[1]))
	s.late = append(s.late, segment{start: n, end: n})
	return true
}

// isKeyFirstEntry reports whether n is a map entry, read or assigned to, whose key gc
// evaluates where it stands among the calls (keyFirst); n may not be typed yet.
func isKeyFirstEntry(n *node) bool {
	if n.kind != indexExpr || n.action != aGetIndex || len(n.child) != 2 || n.child[0].typ == nil {
		return false
	}
	// Not isMapEntry: the type of a map of a generic type's instance may have no
	// reflect type yet.
	return itypeKind(n.child[0].typ) == reflect.Map && keyFirst(n)
}
