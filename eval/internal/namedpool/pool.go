// Package namedpool gives named types declared in interpreted cells distinct reflect
// types.
//
// reflect cannot make named types: a cell's `type Celsius float64` would be a float64 at
// run time, and its values would pass for float64s in type switches, assertions, map[any]
// keys and context keys. The pool holds compiled named types, perBasic for each of Go's
// predeclared non-interface types and for the empty struct (`type Float64_17 float64`),
// perComposite for the slice and map types of them that cells name most
// (`type SliceString_3 []string`, `type MapStringInt_5 map[string]int`), and perArray for
// a few array types (`type Array3Float64_2 [3]float64`): each is a
// distinct reflect type with the kind, layout and fmt printing of its underlying type. The interpreter takes a free slot when a cell declares a named type of
// one of these underlying types, and the pool remembers the cell type's name for %T and
// error messages. When the slots of a kind are all taken, Take says so and the
// interpreter falls back to the underlying type (the session then refuses what it cannot
// tell apart, as it did before the pool).
package namedpool

//go:generate go run gen.go -n 256 -m 64 -a 16

import (
	"reflect"
	"strings"
	"sync"
)

// pool is the state of the slots: which are taken, by whom, for which name.
var pool struct {
	sync.Mutex
	byUnder map[reflect.Type]int // underlying type -> index in slots
	owner   map[reflect.Type]any // taken slot -> the owner that took it
	name    map[reflect.Type]string
	byName  map[string]reflect.Type // "namedpool.Float64_17" -> the slot
	byKey   map[ownerKey]reflect.Type
	free    [len(slots)][]reflect.Type
}

func init() {
	pool.byUnder = map[reflect.Type]int{}
	pool.owner = map[reflect.Type]any{}
	pool.name = map[reflect.Type]string{}
	pool.byName = map[string]reflect.Type{}
	pool.byKey = map[ownerKey]reflect.Type{}
	for k := range slots {
		under := underlying(reflect.TypeOf(slots[k][0]).Elem())
		pool.byUnder[under] = k
		n := len(slots[k])
		list := make([]reflect.Type, n)
		for i := range list {
			// Taken from the end: slot 0 first.
			t := reflect.TypeOf(slots[k][n-1-i]).Elem()
			list[i] = t
			pool.byName[t.String()] = t
		}
		pool.free[k] = list
	}
}

// basics are the predeclared types by kind.
var basics = basicTypes()

func basicTypes() map[reflect.Kind]reflect.Type {
	m := map[reflect.Kind]reflect.Type{}
	for _, v := range []any{false, int(0), int8(0), int16(0), int32(0), int64(0),
		uint(0), uint8(0), uint16(0), uint32(0), uint64(0), uintptr(0),
		float32(0), float64(0), complex64(0), complex128(0), "", struct{}{}} {
		t := reflect.TypeOf(v)
		m[t.Kind()] = t
	}
	return m
}

// underlying is the underlying type of a slot type: the predeclared type of its kind,
// or the unnamed slice, map or array type of its element (and key) types, which are
// unnamed.
func underlying(t reflect.Type) reflect.Type {
	switch t.Kind() {
	case reflect.Slice:
		return reflect.SliceOf(t.Elem())
	case reflect.Map:
		return reflect.MapOf(t.Key(), t.Elem())
	case reflect.Array:
		return reflect.ArrayOf(t.Len(), t.Elem())
	}
	return basics[t.Kind()]
}

// Supported reports whether the pool has slots for named types of the underlying type
// under (a predeclared type such as float64, struct{}, or one of the slice and map
// types of them the pool holds, such as []string and map[string]int).
func Supported(under reflect.Type) bool {
	_, ok := pool.byUnder[under]
	return ok
}

// Take returns a slot for a named type of the underlying type under, called name (as
// %T writes it: "main.Celsius"), on behalf of owner (the interpreter: Release gives its
// slots back). The slot is the one owner took before with the same key and underlying
// type (a type declared again: its values, old and new, are of one type, as the session
// sees them), else a free one; an empty key always takes a free one. It returns nil
// when under has no slots or all are taken.
func Take(under reflect.Type, name, key string, owner any) reflect.Type {
	k, ok := pool.byUnder[under]
	if !ok {
		return nil
	}
	pool.Lock()
	defer pool.Unlock()
	if key != "" {
		if t, ok := pool.byKey[ownerKey{owner, key, under}]; ok {
			pool.name[t] = name
			return t
		}
	}
	list := pool.free[k]
	if len(list) == 0 {
		return nil
	}
	t := list[len(list)-1]
	pool.free[k] = list[:len(list)-1]
	pool.owner[t] = owner
	pool.name[t] = name
	if key != "" {
		pool.byKey[ownerKey{owner, key, under}] = t
	}
	return t
}

// ownerKey identifies a declaration's slot: the owner, its key, the underlying type.
type ownerKey struct {
	owner any
	key   string
	under reflect.Type
}

// Free returns the number of free slots for the underlying type under (0 if it has none).
func Free(under reflect.Type) int {
	k, ok := pool.byUnder[under]
	if !ok {
		return 0
	}
	pool.Lock()
	defer pool.Unlock()
	return len(pool.free[k])
}

// Release gives back the slots owner took. Values of those types that are still alive
// (in a goroutine of the ended session) keep their reflect type; a later owner may take
// the slot for another name.
func Release(owner any) {
	pool.Lock()
	defer pool.Unlock()
	for k := range pool.byKey {
		if k.owner == owner {
			delete(pool.byKey, k)
		}
	}
	for t, o := range pool.owner {
		if o != owner {
			continue
		}
		delete(pool.owner, t)
		delete(pool.name, t)
		k := pool.byUnder[underlying(t)]
		pool.free[k] = append(pool.free[k], t)
	}
}

// Name returns the name of the cell type that holds slot t ("main.Celsius"), and false
// when t is not a taken slot.
func Name(t reflect.Type) (string, bool) {
	if t == nil || t.PkgPath() != pkgPath {
		return "", false
	}
	pool.Lock()
	defer pool.Unlock()
	n, ok := pool.name[t]
	return n, ok
}

// Underlying returns the predeclared type (or struct{}) that slot type t is defined
// from, and t itself when t is not a pool type.
func Underlying(t reflect.Type) reflect.Type {
	if !Is(t) {
		return t
	}
	return underlying(t)
}

// Is reports whether t is one of the pool's types (taken or not).
func Is(t reflect.Type) bool { return t != nil && t.PkgPath() == pkgPath }

// Size returns the number of pool types of the underlying type under (taken or not):
// perBasic for a predeclared type or struct{}, perComposite for a slice or map type,
// perArray for an array type, 0 for a type the pool has none of.
func Size(under reflect.Type) int {
	k, ok := pool.byUnder[under]
	if !ok {
		return 0
	}
	return len(slots[k])
}

var pkgPath = reflect.TypeOf(slots[0][0]).Elem().PkgPath()

// TypeString is reflect's String of t with every taken slot written as the cell type it
// holds: "map[namedpool.String_3]int" is "map[main.Key]int".
func TypeString(t reflect.Type) string { return Names(t.String()) }

// Names rewrites the slot names in s (a reflect type string, or a text that quotes
// one) as the names of the cell types that hold them.
func Names(s string) string {
	const prefix = "namedpool."
	if !strings.Contains(s, prefix) {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, prefix)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		j := i + len(prefix)
		for j < len(s) && (s[j] == '_' || s[j] >= '0' && s[j] <= '9' || s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z') {
			j++
		}
		b.WriteString(s[:i])
		word := s[i:j]
		pool.Lock()
		t := pool.byName[word]
		name, ok := pool.name[t]
		pool.Unlock()
		if ok {
			b.WriteString(name)
		} else {
			b.WriteString(word)
		}
		s = s[j:]
	}
}
