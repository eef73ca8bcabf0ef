package rt

import (
	"reflect"
	"sync"

	"github.com/peerbook/peerbook/eval/internal/namedpool"
)

// encoding/json looks for methods on the values it encodes and decodes (MarshalJSON,
// MarshalText, UnmarshalJSON, UnmarshalText, and IsZero for the omitzero option), and
// cannot see those of the types a cell declares: yaegi's reflect types for them have no
// methods. The rewriter registers, for each named type of the session with one of them,
// functions calling them (RegisterJSON); JSONMarshal and JSONUnmarshal walk a value
// together with the description of its static type and call them where Go's
// encoding/json would.

// JSONMethods are the json methods of one method set (a type's or its pointer's), as
// functions taking the receiver first (reflect function values, invalid when absent).
type JSONMethods struct {
	MarshalJSON, MarshalText     reflect.Value // func(R) ([]byte, error)
	UnmarshalJSON, UnmarshalText reflect.Value // func(R, []byte) error
	IsZero                       reflect.Value // func(R) bool
}

func (m *JSONMethods) any() bool {
	return m != nil && (m.MarshalJSON.IsValid() || m.MarshalText.IsValid() ||
		m.UnmarshalJSON.IsValid() || m.UnmarshalText.IsValid() || m.IsZero.IsValid())
}

// jsonSets are the json methods of a named type: val for its value, ptr for its pointer.
type jsonSets struct {
	val, ptr *JSONMethods
	rtype    reflect.Type // yaegi's reflect type of the type's values
}

var jsonRegistry = struct {
	sync.RWMutex
	byName  map[string]*jsonSets      // by registry key (session/name)
	byRType map[reflect.Type][]string // keys of the types whose values are of a reflect type
}{byName: map[string]*jsonSets{}, byRType: map[reflect.Type][]string{}}

// RegisterJSON records the json methods of the named session type name: a zero value
// (for its reflect type) and MarshalJSON, MarshalText, UnmarshalJSON, UnmarshalText and
// IsZero for the value (vm) and the pointer (pm), as functions of the receiver (nil when
// absent).
func RegisterJSON(session, name string, zero any, vm, pm [5]any) {
	sets := &jsonSets{}
	for i, fs := range [][5]any{vm, pm} {
		m := &JSONMethods{MarshalJSON: funcValue(fs[0]), MarshalText: funcValue(fs[1]),
			UnmarshalJSON: funcValue(fs[2]), UnmarshalText: funcValue(fs[3]), IsZero: funcValue(fs[4])}
		if i == 0 {
			sets.val = m
		} else {
			sets.ptr = m
		}
	}
	if z := unwrapInterp(reflect.ValueOf(zero)); z.IsValid() {
		sets.rtype = z.Type()
	}
	k := key(session, name)
	jsonRegistry.Lock()
	defer jsonRegistry.Unlock()
	if old := jsonRegistry.byName[k]; old != nil && old.rtype != nil {
		list := jsonRegistry.byRType[old.rtype]
		for i, o := range list {
			if o == k {
				jsonRegistry.byRType[old.rtype] = append(list[:i:i], list[i+1:]...)
				break
			}
		}
	}
	jsonRegistry.byName[k] = sets
	if sets.rtype != nil {
		jsonRegistry.byRType[sets.rtype] = append(jsonRegistry.byRType[sets.rtype], k)
	}
}

// jsonSetsOf returns the json methods of the named type t (nil when it has none).
func jsonSetsOf(t *Type) *jsonSets {
	if t == nil || t.Kind != Named {
		return nil
	}
	jsonRegistry.RLock()
	defer jsonRegistry.RUnlock()
	return jsonRegistry.byName[key(t.Session, t.Name)]
}

// jsonAmbiguous names a session type with json methods whose values have reflect type
// rt ("" if none): a value of rt whose static type is lost (held in an interface) may be
// one of them.
func jsonAmbiguous(rt reflect.Type, session string) string {
	if rt == nil {
		return ""
	}
	if rt.Kind() == reflect.Pointer {
		rt = rt.Elem()
	}
	if rt.Kind() == reflect.Struct && rt.NumField() > 0 {
		if _, ok := rt.Field(0).Tag.Lookup("yaegi"); ok {
			return "" // a struct type of a cell: told apart by its identity tag
		}
	}
	if namedpool.Is(rt) {
		return ""
	}
	jsonRegistry.RLock()
	defer jsonRegistry.RUnlock()
	for _, k := range jsonRegistry.byRType[rt] {
		if len(k) > len(session) && k[:len(session)+1] == session+"/" {
			return k[len(session)+1:]
		}
	}
	return ""
}

// jsonForget drops the json methods of a session's types.
func jsonForget(session string) {
	freeSlots(session)
	jsonRegistry.Lock()
	defer jsonRegistry.Unlock()
	prefix := session + "/"
	for k := range jsonRegistry.byName {
		if len(k) >= len(prefix) && k[:len(prefix)] == prefix {
			delete(jsonRegistry.byName, k)
		}
	}
	for rt, list := range jsonRegistry.byRType {
		var keep []string
		for _, k := range list {
			if !(len(k) >= len(prefix) && k[:len(prefix)] == prefix) {
				keep = append(keep, k)
			}
		}
		if len(keep) == 0 {
			delete(jsonRegistry.byRType, rt)
		} else {
			jsonRegistry.byRType[rt] = keep
		}
	}
}
