package rt

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"sync"
)

// Decoding into values of cell types with UnmarshalJSON or UnmarshalText. encoding/json
// allocates the values it decodes into (slice elements, map entries, pointers), so the
// copy it decodes into (see jsondecode.go) cannot hold per-value functions: it holds
// boxes of compiled types, one type per cell type, each a pointer receiver of
// UnmarshalJSON and/or UnmarshalText that finds its cell type by the box type. The
// types come from pools of 32 (generic instances told apart by their type argument,
// an array length); a session's cell type keeps its box type until the session is
// forgotten.

// jsonBoxPoolSize is the number of box types of each kind.
const jsonBoxPoolSize = 32

// jsonUBox, textUBox and bothUBox are the boxes of a cell type with UnmarshalJSON only,
// UnmarshalText only, and both. V holds the value of the cell type (exported: set by reflect).
type jsonUBox[N any] struct{ V any }

type textUBox[N any] struct{ V any }

type bothUBox[N any] struct{ V any }

func boxSlot[N any]() int { return reflect.TypeFor[N]().Len() }

// UnmarshalJSON calls the cell type's UnmarshalJSON.
func (b *jsonUBox[N]) UnmarshalJSON(data []byte) error {
	return jsonSlots.kinds[0][boxSlot[N]()].unmarshal(&b.V, data, false)
}

// UnmarshalText calls the cell type's UnmarshalText.
func (b *textUBox[N]) UnmarshalText(data []byte) error {
	return jsonSlots.kinds[1][boxSlot[N]()].unmarshal(&b.V, data, true)
}

// UnmarshalJSON calls the cell type's UnmarshalJSON.
func (b *bothUBox[N]) UnmarshalJSON(data []byte) error {
	return jsonSlots.kinds[2][boxSlot[N]()].unmarshal(&b.V, data, false)
}

// UnmarshalText calls the cell type's UnmarshalText.
func (b *bothUBox[N]) UnmarshalText(data []byte) error {
	return jsonSlots.kinds[2][boxSlot[N]()].unmarshal(&b.V, data, true)
}

var (
	_ json.Unmarshaler         = (*jsonUBox[[0]byte])(nil)
	_ encoding.TextUnmarshaler = (*textUBox[[0]byte])(nil)
	_ json.Unmarshaler         = (*bothUBox[[0]byte])(nil)
	_ encoding.TextUnmarshaler = (*bothUBox[[0]byte])(nil)
)

var jsonBoxTypes = [jsonBoxPoolSize]reflect.Type{
	reflect.TypeFor[jsonUBox[[0]byte]](),
	reflect.TypeFor[jsonUBox[[1]byte]](),
	reflect.TypeFor[jsonUBox[[2]byte]](),
	reflect.TypeFor[jsonUBox[[3]byte]](),
	reflect.TypeFor[jsonUBox[[4]byte]](),
	reflect.TypeFor[jsonUBox[[5]byte]](),
	reflect.TypeFor[jsonUBox[[6]byte]](),
	reflect.TypeFor[jsonUBox[[7]byte]](),
	reflect.TypeFor[jsonUBox[[8]byte]](),
	reflect.TypeFor[jsonUBox[[9]byte]](),
	reflect.TypeFor[jsonUBox[[10]byte]](),
	reflect.TypeFor[jsonUBox[[11]byte]](),
	reflect.TypeFor[jsonUBox[[12]byte]](),
	reflect.TypeFor[jsonUBox[[13]byte]](),
	reflect.TypeFor[jsonUBox[[14]byte]](),
	reflect.TypeFor[jsonUBox[[15]byte]](),
	reflect.TypeFor[jsonUBox[[16]byte]](),
	reflect.TypeFor[jsonUBox[[17]byte]](),
	reflect.TypeFor[jsonUBox[[18]byte]](),
	reflect.TypeFor[jsonUBox[[19]byte]](),
	reflect.TypeFor[jsonUBox[[20]byte]](),
	reflect.TypeFor[jsonUBox[[21]byte]](),
	reflect.TypeFor[jsonUBox[[22]byte]](),
	reflect.TypeFor[jsonUBox[[23]byte]](),
	reflect.TypeFor[jsonUBox[[24]byte]](),
	reflect.TypeFor[jsonUBox[[25]byte]](),
	reflect.TypeFor[jsonUBox[[26]byte]](),
	reflect.TypeFor[jsonUBox[[27]byte]](),
	reflect.TypeFor[jsonUBox[[28]byte]](),
	reflect.TypeFor[jsonUBox[[29]byte]](),
	reflect.TypeFor[jsonUBox[[30]byte]](),
	reflect.TypeFor[jsonUBox[[31]byte]](),
}

var textBoxTypes = [jsonBoxPoolSize]reflect.Type{
	reflect.TypeFor[textUBox[[0]byte]](),
	reflect.TypeFor[textUBox[[1]byte]](),
	reflect.TypeFor[textUBox[[2]byte]](),
	reflect.TypeFor[textUBox[[3]byte]](),
	reflect.TypeFor[textUBox[[4]byte]](),
	reflect.TypeFor[textUBox[[5]byte]](),
	reflect.TypeFor[textUBox[[6]byte]](),
	reflect.TypeFor[textUBox[[7]byte]](),
	reflect.TypeFor[textUBox[[8]byte]](),
	reflect.TypeFor[textUBox[[9]byte]](),
	reflect.TypeFor[textUBox[[10]byte]](),
	reflect.TypeFor[textUBox[[11]byte]](),
	reflect.TypeFor[textUBox[[12]byte]](),
	reflect.TypeFor[textUBox[[13]byte]](),
	reflect.TypeFor[textUBox[[14]byte]](),
	reflect.TypeFor[textUBox[[15]byte]](),
	reflect.TypeFor[textUBox[[16]byte]](),
	reflect.TypeFor[textUBox[[17]byte]](),
	reflect.TypeFor[textUBox[[18]byte]](),
	reflect.TypeFor[textUBox[[19]byte]](),
	reflect.TypeFor[textUBox[[20]byte]](),
	reflect.TypeFor[textUBox[[21]byte]](),
	reflect.TypeFor[textUBox[[22]byte]](),
	reflect.TypeFor[textUBox[[23]byte]](),
	reflect.TypeFor[textUBox[[24]byte]](),
	reflect.TypeFor[textUBox[[25]byte]](),
	reflect.TypeFor[textUBox[[26]byte]](),
	reflect.TypeFor[textUBox[[27]byte]](),
	reflect.TypeFor[textUBox[[28]byte]](),
	reflect.TypeFor[textUBox[[29]byte]](),
	reflect.TypeFor[textUBox[[30]byte]](),
	reflect.TypeFor[textUBox[[31]byte]](),
}

var bothBoxTypes = [jsonBoxPoolSize]reflect.Type{
	reflect.TypeFor[bothUBox[[0]byte]](),
	reflect.TypeFor[bothUBox[[1]byte]](),
	reflect.TypeFor[bothUBox[[2]byte]](),
	reflect.TypeFor[bothUBox[[3]byte]](),
	reflect.TypeFor[bothUBox[[4]byte]](),
	reflect.TypeFor[bothUBox[[5]byte]](),
	reflect.TypeFor[bothUBox[[6]byte]](),
	reflect.TypeFor[bothUBox[[7]byte]](),
	reflect.TypeFor[bothUBox[[8]byte]](),
	reflect.TypeFor[bothUBox[[9]byte]](),
	reflect.TypeFor[bothUBox[[10]byte]](),
	reflect.TypeFor[bothUBox[[11]byte]](),
	reflect.TypeFor[bothUBox[[12]byte]](),
	reflect.TypeFor[bothUBox[[13]byte]](),
	reflect.TypeFor[bothUBox[[14]byte]](),
	reflect.TypeFor[bothUBox[[15]byte]](),
	reflect.TypeFor[bothUBox[[16]byte]](),
	reflect.TypeFor[bothUBox[[17]byte]](),
	reflect.TypeFor[bothUBox[[18]byte]](),
	reflect.TypeFor[bothUBox[[19]byte]](),
	reflect.TypeFor[bothUBox[[20]byte]](),
	reflect.TypeFor[bothUBox[[21]byte]](),
	reflect.TypeFor[bothUBox[[22]byte]](),
	reflect.TypeFor[bothUBox[[23]byte]](),
	reflect.TypeFor[bothUBox[[24]byte]](),
	reflect.TypeFor[bothUBox[[25]byte]](),
	reflect.TypeFor[bothUBox[[26]byte]](),
	reflect.TypeFor[bothUBox[[27]byte]](),
	reflect.TypeFor[bothUBox[[28]byte]](),
	reflect.TypeFor[bothUBox[[29]byte]](),
	reflect.TypeFor[bothUBox[[30]byte]](),
	reflect.TypeFor[bothUBox[[31]byte]](),
}

// jsonSlot is what a box type stands for: a cell type and its unmarshaling methods.
type jsonSlot struct {
	key, name string       // registry key; the type as Go names it (main.T)
	rtype     reflect.Type // yaegi's reflect type of its values
	uj, ut    reflect.Value
}

var jsonSlots = struct {
	sync.Mutex
	kinds [3][jsonBoxPoolSize]*jsonSlot
}{}

// unmarshal calls the cell type's method on a pointer to (a copy of) the value held in
// the box, and keeps the result, as Go keeps what the method did even when it fails.
func (s *jsonSlot) unmarshal(v *any, data []byte, text bool) error {
	p := reflect.New(s.rtype)
	if *v != nil {
		cur := reflect.ValueOf(*v)
		if cur.Type() != s.rtype && cur.Type().ConvertibleTo(s.rtype) {
			cur = cur.Convert(s.rtype)
		}
		p.Elem().Set(cur)
	}
	fn := s.uj
	if text {
		fn = s.ut
	}
	out := fn.Call([]reflect.Value{argOf(fn, p), reflect.ValueOf(data)})
	*v = p.Elem().Interface()
	err, _ := out[0].Interface().(error)
	return err
}

// boxType returns the box type standing for the named cell type t, whose pointer has
// UnmarshalJSON or UnmarshalText (nil if it has neither), and its slot.
func boxType(t *Type, s *jsonSets) (reflect.Type, *jsonSlot) {
	if s == nil || s.rtype == nil {
		return nil, nil
	}
	kind := -1
	switch uj, ut := s.ptr.UnmarshalJSON.IsValid(), s.ptr.UnmarshalText.IsValid(); {
	case uj && ut:
		kind = 2
	case uj:
		kind = 0
	case ut:
		kind = 1
	}
	if kind < 0 {
		return nil, nil
	}
	types := [3]*[jsonBoxPoolSize]reflect.Type{&jsonBoxTypes, &textBoxTypes, &bothBoxTypes}[kind]
	k := key(t.Session, t.Name)
	jsonSlots.Lock()
	defer jsonSlots.Unlock()
	free := -1
	for i, sl := range jsonSlots.kinds[kind] {
		switch {
		case sl == nil:
			if free < 0 {
				free = i
			}
		case sl.key == k:
			// The type may have been declared again: its methods are the registry's.
			sl.rtype, sl.uj, sl.ut = s.rtype, s.ptr.UnmarshalJSON, s.ptr.UnmarshalText
			return types[i], sl
		}
	}
	if free < 0 {
		panic(fmt.Sprintf("peerbook: decoding JSON into more than %d types declared in cells with the same unmarshaling methods is not supported in cells (type %s)", jsonBoxPoolSize, t.Name))
	}
	sl := &jsonSlot{key: k, name: t.Name, rtype: s.rtype, uj: s.ptr.UnmarshalJSON, ut: s.ptr.UnmarshalText}
	jsonSlots.kinds[kind][free] = sl
	return types[free], sl
}

// slotOfBox returns the slot a box type stands for (nil if rt is no box type).
func slotOfBox(rt reflect.Type) *jsonSlot {
	jsonSlots.Lock()
	defer jsonSlots.Unlock()
	for kind, types := range [3]*[jsonBoxPoolSize]reflect.Type{&jsonBoxTypes, &textBoxTypes, &bothBoxTypes} {
		for i, bt := range types {
			if bt == rt {
				return jsonSlots.kinds[kind][i]
			}
		}
	}
	return nil
}

// freeSlots frees the box types of a session's types.
func freeSlots(session string) {
	jsonSlots.Lock()
	defer jsonSlots.Unlock()
	for kind := range jsonSlots.kinds {
		for i, sl := range jsonSlots.kinds[kind] {
			if sl != nil && len(sl.key) > len(session) && sl.key[:len(session)+1] == session+"/" {
				jsonSlots.kinds[kind][i] = nil
			}
		}
	}
}
