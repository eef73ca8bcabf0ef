package rt

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/peerbook/peerbook/eval/internal/namedpool"
)

// jsonEncoder builds the copy of one value handed to encoding/json (see JSONMarshal).
type jsonEncoder struct {
	session string
	needs   map[*Type]bool
	types   map[jsonStructKey]*jsonStruct
	busy    map[jsonStructKey]bool // struct types being planned
}

type jsonStructKey struct {
	t  *Type
	rt reflect.Type
}

// jsonStruct is the copy of a struct type: its type and, per field, what fills it.
type jsonStruct struct {
	typ    reflect.Type
	fields []jsonStructField
}

type jsonStructField struct {
	src                 int   // the source field's index
	t                   *Type // its description
	changed             bool  // the copy's field is an any holding the converted value
	embedded            bool  // an embedded struct (or pointer to one), copied in place
	omitEmpty, omitZero bool
}

// need reports whether values of t must be copied: t reaches a named type with json
// methods or an interface.
func (e *jsonEncoder) need(t *Type) bool {
	return reaches(t, e.needs, func(t *Type) bool {
		switch t.Kind {
		case Interface:
			return true
		case Named:
			return jsonSetsOf(t) != nil
		case Struct:
			// An embedded compiled type may promote its json methods (promoted).
			for _, f := range t.Fields {
				if f.Embedded && f.Type != nil && f.Type.Kind == Plain {
					return true
				}
			}
		}
		return false
	})
}

// reaches reports whether a description reachable from t (t, its elements, keys,
// fields, underlying types) is one for which self is true. memo keeps the answers: true
// for t, false for every description a search that found none went through (a search
// cut short by a cycle proves nothing of the descriptions on the cycle).
func reaches(t *Type, memo map[*Type]bool, self func(*Type) bool) bool {
	if t == nil {
		return false
	}
	if n, ok := memo[t]; ok {
		return n
	}
	visited := map[*Type]bool{}
	var walk func(t *Type) bool
	walk = func(t *Type) bool {
		if t == nil || visited[t] {
			return false
		}
		visited[t] = true
		if n, ok := memo[t]; ok {
			return n
		}
		if self(t) {
			return true
		}
		switch t.Kind {
		case Named, Pointer, Slice, Array:
			return walk(t.Elem)
		case Map:
			return walk(t.Key) || walk(t.Elem)
		case Struct:
			for _, f := range t.Fields {
				if walk(f.Type) {
					return true
				}
			}
		}
		return false
	}
	if walk(t) {
		memo[t] = true
		return true
	}
	for v := range visited {
		memo[v] = false
	}
	return false
}

func jsonRefusal(format string, args ...any) {
	panic("peerbook: " + fmt.Sprintf(format, args...))
}

// conv returns what encoding/json gets for v, a value of described type t: v itself, a
// box calling a json method, or a copy; the invalid Value for null. addr reports
// whether Go's encoding/json would see v as addressable (pointer methods apply).
func (e *jsonEncoder) conv(v reflect.Value, t *Type, addr bool, depth int) reflect.Value {
	if depth > 1000 {
		jsonRefusal("encoding a value to JSON nested more than 1000 deep is not supported in cells (a cycle?)")
	}
	if !v.IsValid() || !e.need(t) {
		return v
	}
	switch t.Kind {
	case Interface:
		return e.dynamicValue(v, depth)
	case Named:
		if b, ok := e.box(v, t, jsonSetsOf(t), addr); ok {
			return b
		}
		if t.Elem != nil && t.Elem.Kind == Struct {
			return e.structValue(v, t.Elem, addr, false, depth)
		}
		return e.conv(v, t.Elem, addr, depth+1)
	case Pointer:
		if v.Kind() != reflect.Pointer {
			return v
		}
		if v.IsNil() {
			return reflect.Value{}
		}
		if s := jsonSetsOf(t.Elem); s != nil {
			// *T has the methods of both sets: encoding/json calls them on the
			// pointer, and names the pointer type in an error.
			if f := s.ptr.MarshalJSON; f.IsValid() {
				return reflect.ValueOf(jsonBox{fn: f, recv: argOf(f, v), name: t.Name})
			}
			if f := s.ptr.MarshalText; f.IsValid() {
				return reflect.ValueOf(textBox{fn: f, recv: argOf(f, v), name: t.Name})
			}
		}
		return e.conv(v.Elem(), t.Elem, true, depth+1)
	case Slice, Array:
		if v.Kind() != reflect.Slice && v.Kind() != reflect.Array {
			return v
		}
		if v.Kind() == reflect.Slice && v.IsNil() {
			return reflect.Value{}
		}
		var out reflect.Value
		if v.Kind() == reflect.Slice {
			out = reflect.MakeSlice(reflect.SliceOf(anyType), v.Len(), v.Len())
			addr = true
		} else {
			out = reflect.New(reflect.ArrayOf(v.Len(), anyType)).Elem()
		}
		for i := 0; i < v.Len(); i++ {
			if c := e.conv(v.Index(i), t.Elem, addr, depth+1); c.IsValid() {
				out.Index(i).Set(c)
			}
		}
		return out
	case Map:
		return e.mapValue(v, t, depth)
	case Struct:
		return e.structValue(v, t, addr, true, depth)
	}
	return v
}

// box returns a box for v when its named type t has a json method that encoding/json
// would call, in encoding/json's order: MarshalJSON (of the pointer when v is
// addressable), then MarshalText.
func (e *jsonEncoder) box(v reflect.Value, t *Type, s *jsonSets, addr bool) (reflect.Value, bool) {
	if s == nil {
		return reflect.Value{}, false
	}
	switch {
	case addr && s.ptr.MarshalJSON.IsValid():
		return reflect.ValueOf(jsonBox{fn: s.ptr.MarshalJSON, recv: argOf(s.ptr.MarshalJSON, addrOf(v)), name: t.Name}), true
	case s.val.MarshalJSON.IsValid():
		return reflect.ValueOf(jsonBox{fn: s.val.MarshalJSON, recv: argOf(s.val.MarshalJSON, v), name: t.Name}), true
	case addr && s.ptr.MarshalText.IsValid():
		return reflect.ValueOf(textBox{fn: s.ptr.MarshalText, recv: argOf(s.ptr.MarshalText, addrOf(v)), name: t.Name}), true
	case s.val.MarshalText.IsValid():
		return reflect.ValueOf(textBox{fn: s.val.MarshalText, recv: argOf(s.val.MarshalText, v), name: t.Name}), true
	}
	return reflect.Value{}, false
}

// addrOf is a pointer to v: its address, or a copy's.
func addrOf(v reflect.Value) reflect.Value {
	if v.CanAddr() {
		return v.Addr()
	}
	p := reflect.New(v.Type())
	p.Elem().Set(v)
	return p
}

// argOf is v as the first argument of f (a registered method).
func argOf(f, v reflect.Value) reflect.Value {
	want := f.Type().In(0)
	v = unwrapInterp(v)
	if v.IsValid() && v.Type() != want && v.Type().ConvertibleTo(want) {
		v = v.Convert(want)
	}
	if !v.IsValid() {
		v = reflect.Zero(want)
	}
	return v
}

// dynamicValue converts the value an interface holds.
func (e *jsonEncoder) dynamicValue(v reflect.Value, depth int) reflect.Value {
	if inner, _, ok := heldByWrapper(v); ok {
		v = inner
	}
	inner, dt := dynamic(v, e.session)
	if !inner.IsValid() {
		return reflect.Value{}
	}
	if dt == nil {
		dt = describeRType(inner.Type(), e.session, map[reflect.Type]*Type{})
	}
	if dt.Kind != Plain {
		return e.conv(inner, dt, false, depth+1)
	}
	if name := jsonAmbiguous(inner.Type(), e.session); name != "" {
		jsonRefusal("encoding to JSON an interface holding a %s is not supported in cells: the values of %s (which has json methods) are also %s values at run time", inner.Type(), name, inner.Type())
	}
	if !inner.CanInterface() {
		return inner
	}
	return reflect.ValueOf(JSONValue(inner.Interface()))
}

// mapValue copies a map whose keys or values need it: keys with a MarshalText method
// of a cell type become the strings encoding/json would write.
func (e *jsonEncoder) mapValue(v reflect.Value, t *Type, depth int) reflect.Value {
	if v.Kind() != reflect.Map {
		return v
	}
	if v.IsNil() {
		return reflect.Value{}
	}
	var keyText reflect.Value // the MarshalText of the key type, when encoding/json calls it
	if v.Type().Key().Kind() != reflect.String {
		switch kt := t.Key; {
		case kt == nil:
		case kt.Kind == Named:
			if s := jsonSetsOf(kt); s != nil {
				keyText = s.val.MarshalText
			}
		case kt.Kind == Pointer:
			if s := jsonSetsOf(kt.Elem); s != nil {
				keyText = s.ptr.MarshalText
			}
		}
	}
	kt := v.Type().Key()
	if keyText.IsValid() {
		kt = reflect.TypeFor[string]()
	}
	out := reflect.MakeMapWithSize(reflect.MapOf(kt, anyType), v.Len())
	it := v.MapRange()
	for it.Next() {
		k := it.Key()
		if keyText.IsValid() {
			s := ""
			if !(k.Kind() == reflect.Pointer && k.IsNil()) {
				res := keyText.Call([]reflect.Value{argOf(keyText, k)})
				if err, _ := res[1].Interface().(error); err != nil {
					panic(jsonEncodeError{fmt.Errorf("json: encoding error for type %q: %q", t.Name, err.Error())})
				}
				b, _ := res[0].Interface().([]byte)
				s = string(b)
			}
			k = reflect.ValueOf(s)
		}
		c := e.conv(it.Value(), t.Elem, false, depth+1)
		if !c.IsValid() {
			c = reflect.Zero(anyType)
		}
		out.SetMapIndex(k, c)
	}
	return out
}

// structValue copies a struct of described (unnamed) type t. top: the struct is not the
// underlying type of a named type, whose method set was registered whole, so methods
// promoted from its embedded fields are looked for here.
func (e *jsonEncoder) structValue(v reflect.Value, t *Type, addr, top bool, depth int) reflect.Value {
	if v.Kind() != reflect.Struct {
		return v
	}
	if top {
		if b, ok := e.promoted(v, t, addr); ok {
			return b
		}
	}
	return e.structCopy(v, t, addr, depth)
}

// structCopy is the copy of struct v of described type t.
func (e *jsonEncoder) structCopy(v reflect.Value, t *Type, addr bool, depth int) reflect.Value {
	p := e.plan(t, v.Type())
	out := reflect.New(p.typ).Elem()
	for i, f := range p.fields {
		fv := v.Field(f.src)
		switch {
		case f.embedded:
			ft := p.typ.Field(i).Type
			if ft.Kind() == reflect.Pointer {
				if fv.IsNil() {
					continue
				}
				c := reflect.New(ft.Elem())
				c.Elem().Set(e.structCopy(fv.Elem(), structOf(f.t), true, depth+1))
				out.Field(i).Set(c)
			} else {
				out.Field(i).Set(e.structCopy(fv, structOf(f.t), addr, depth+1))
			}
		case f.changed:
			if f.omitEmpty && e.empty(fv, f.t) || f.omitZero && e.zero(fv, f.t, addr) {
				continue
			}
			if c := e.conv(fv, f.t, addr, depth+1); c.IsValid() {
				out.Field(i).Set(c)
			}
		default:
			out.Field(i).Set(fv)
		}
	}
	return out
}

// structOf is the struct description under named types and a pointer.
func structOf(t *Type) *Type {
	for t != nil && (t.Kind == Named || t.Kind == Pointer) {
		t = t.Elem
	}
	return t
}

// plan builds the copy's type of a struct of described type t and reflect type rt:
// the fields encoding/json would see, those that need conversion as any fields whose
// omitempty and omitzero options are decided by structCopy.
func (e *jsonEncoder) plan(t *Type, rt reflect.Type) *jsonStruct {
	k := jsonStructKey{t, rt}
	if p := e.types[k]; p != nil {
		return p
	}
	p := &jsonStruct{}
	var fields []reflect.StructField
	for i := 0; i < rt.NumField(); i++ {
		sf := rt.Field(i)
		var ft *Type
		if i < len(t.Fields) {
			ft = t.Fields[i].Type
		}
		tag := sf.Tag.Get("json")
		if tag == "-" || !sf.IsExported() && !sf.Anonymous {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		f := jsonStructField{src: i, t: ft}
		for _, o := range strings.Split(opts, ",") {
			f.omitEmpty = f.omitEmpty || o == "omitempty"
			f.omitZero = f.omitZero || o == "omitzero"
		}
		base := sf.Type
		if base.Kind() == reflect.Pointer {
			base = base.Elem()
		}
		if sf.Anonymous && name == "" && base.Kind() == reflect.Struct {
			if e.need(ft) {
				st := structOf(ft)
				if st == nil || st.Kind != Struct {
					jsonRefusal("encoding to JSON an embedded %s is not supported in cells", sf.Type)
				}
				if e.busy[jsonStructKey{st, base}] {
					jsonRefusal("encoding to JSON a struct embedding itself is not supported in cells")
				}
				e.busy[k] = true
				ct := e.plan(st, base).typ
				delete(e.busy, k)
				if sf.Type.Kind() == reflect.Pointer {
					ct = reflect.PointerTo(ct)
				}
				sf.Type, f.embedded = ct, true
			}
		} else if !sf.IsExported() {
			continue
		} else if e.need(ft) || f.omitZero && e.hasIsZero(ft) {
			if strings.Contains(","+opts+",", ",string,") && jsonBasic(ft) && !hasMarshaler(ft) {
				jsonRefusal("the json option string on a field of type %s is not supported in cells: encoding/json would not see the type's json methods", typeName(ft))
			}
			o := name
			if f.omitEmpty || f.omitZero {
				o += ",omitempty"
			}
			sf.Tag = reflect.StructTag(`json:` + strconv.Quote(o))
			sf.Type, f.changed = anyType, true
		}
		sf.Index, sf.Offset = nil, 0
		fields = append(fields, sf)
		p.fields = append(p.fields, f)
	}
	p.typ = jsonStructOf(t, fields)
	e.types[k] = p
	return p
}

// jsonBasic reports whether t is a basic kind the json option string applies to.
func jsonBasic(t *Type) bool {
	for t != nil && t.Kind == Named {
		t = t.Elem
	}
	return t != nil && t.Kind == Plain && !strings.ContainsAny(t.Name, "[]{}*.")
}

// hasMarshaler reports whether the named type t has MarshalJSON or MarshalText (the
// json option string does not apply then).
func hasMarshaler(t *Type) bool {
	s := jsonSetsOf(t)
	return s != nil && (s.ptr.MarshalJSON.IsValid() || s.ptr.MarshalText.IsValid())
}

// hasIsZero reports whether values of t have an IsZero method of a cell type.
func (e *jsonEncoder) hasIsZero(t *Type) bool {
	switch {
	case t == nil:
	case t.Kind == Named:
		s := jsonSetsOf(t)
		return s != nil && s.ptr.IsZero.IsValid()
	case t.Kind == Pointer:
		s := jsonSetsOf(t.Elem)
		return s != nil && s.ptr.IsZero.IsValid()
	}
	return false
}

// empty is encoding/json's isEmptyValue (omitempty).
func (e *jsonEncoder) empty(v reflect.Value, t *Type) bool {
	if t != nil && isInterface(t) {
		inner, _ := dynamic(v, e.session)
		return !inner.IsValid()
	}
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Interface, reflect.Pointer:
		return v.IsZero()
	}
	return false
}

// zero is encoding/json's test of the omitzero option: the IsZero method of the field's
// type if it has one, else the zero value.
func (e *jsonEncoder) zero(v reflect.Value, t *Type, addr bool) bool {
	if t != nil && isInterface(t) {
		inner, _ := dynamic(v, e.session)
		return !inner.IsValid()
	}
	if t != nil && t.Kind == Pointer {
		if s := jsonSetsOf(t.Elem); s != nil && s.ptr.IsZero.IsValid() {
			return v.IsNil() || callBool(s.ptr.IsZero, v)
		}
	}
	if s := jsonSetsOf(t); s != nil {
		if f := s.val.IsZero; f.IsValid() {
			return callBool(f, v)
		}
		if f := s.ptr.IsZero; f.IsValid() {
			return callBool(f, addrOf(v))
		}
	}
	return v.IsZero()
}

func callBool(f, v reflect.Value) bool {
	return f.Call([]reflect.Value{argOf(f, v)})[0].Bool()
}

// promoted returns a box for a struct of an unnamed type that has a json method
// promoted from one embedded field (at depth one, as Go's method sets would, and only
// when one field has it).
func (e *jsonEncoder) promoted(v reflect.Value, t *Type, addr bool) (reflect.Value, bool) {
	type cand struct {
		v    reflect.Value
		t    *Type
		s    *jsonSets
		addr bool
	}
	var cands []cand
	for i, f := range t.Fields {
		if !f.Embedded || i >= v.NumField() {
			continue
		}
		fv := v.Field(i)
		switch {
		case f.Type.Kind == Named:
			if s := jsonSetsOf(f.Type); s != nil {
				cands = append(cands, cand{fv, f.Type, s, addr})
			}
		case f.Type.Kind == Pointer && f.Type.Elem != nil && f.Type.Elem.Kind == Named:
			if s := jsonSetsOf(f.Type.Elem); s != nil {
				if fv.IsNil() {
					continue
				}
				cands = append(cands, cand{fv.Elem(), f.Type.Elem, s, true})
			}
		case f.Type.Kind == Plain:
			// A compiled type (struct{ time.Time; N int }): its methods, found by
			// reflect, are promoted as a cell type's would be.
			if s := compiledSets(fv.Type()); s != nil {
				if fv.Kind() == reflect.Pointer {
					cands = append(cands, cand{fv, f.Type, s, false})
				} else {
					cands = append(cands, cand{fv, f.Type, s, addr})
				}
			}
		}
	}
	for _, m := range []func(s *jsonSets, addr bool) bool{
		func(s *jsonSets, addr bool) bool {
			return s.val.MarshalJSON.IsValid() || addr && s.ptr.MarshalJSON.IsValid()
		},
		func(s *jsonSets, addr bool) bool {
			return s.val.MarshalText.IsValid() || addr && s.ptr.MarshalText.IsValid()
		},
	} {
		var found []cand
		for _, c := range cands {
			if m(c.s, c.addr) {
				found = append(found, c)
			}
		}
		if len(found) == 1 {
			c := found[0]
			b, ok := e.box(c.v, c.t, c.s, c.addr)
			if ok {
				// Go names the outer struct type in an error.
				switch bx := b.Interface().(type) {
				case jsonBox:
					bx.name = t.Name
					b = reflect.ValueOf(bx)
				case textBox:
					bx.name = t.Name
					b = reflect.ValueOf(bx)
				}
			}
			return b, ok
		}
	}
	return reflect.Value{}, false
}

// compiledSets are the json marshaling methods of a compiled type, as functions of the
// receiver (nil when it has none).
func compiledSets(rt reflect.Type) *jsonSets {
	mj := reflect.ValueOf(func(m json.Marshaler) ([]byte, error) { return m.MarshalJSON() })
	mt := reflect.ValueOf(func(m encoding.TextMarshaler) ([]byte, error) { return m.MarshalText() })
	set := func(t reflect.Type) *JSONMethods {
		m := &JSONMethods{}
		if t.Implements(jsonMarshalerType) {
			m.MarshalJSON = mj
		}
		if t.Implements(textMarshalerType) {
			m.MarshalText = mt
		}
		return m
	}
	s := &jsonSets{val: set(rt), ptr: set(reflect.PointerTo(rt)), rtype: rt}
	if !s.ptr.MarshalJSON.IsValid() && !s.ptr.MarshalText.IsValid() {
		return nil
	}
	return s
}

// describeRType builds the description of a value's reflect type when its static type is lost
// (held in an interface): the session's named types are found by their pool type (yaegi
// patch 53) or, for struct types, by the reflect type registered for them; containers of
// them are described around them. Plain when rt holds no type of the session.
func describeRType(rt reflect.Type, session string, seen map[reflect.Type]*Type) *Type {
	if d, ok := seen[rt]; ok {
		return d
	}
	d := &Type{Kind: Plain, Name: rt.String(), Session: session}
	seen[rt] = d
	if name, ok := namedpool.Name(rt); ok {
		if t := lookupName(session, name); t != nil {
			seen[rt] = t
			return t
		}
		return d
	}
	switch rt.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		if el := describeRType(rt.Elem(), session, seen); el.Kind != Plain {
			d.Kind, d.Elem = map[reflect.Kind]Kind{reflect.Pointer: Pointer, reflect.Slice: Slice, reflect.Array: Array}[rt.Kind()], el
		}
	case reflect.Map:
		k, el := describeRType(rt.Key(), session, seen), describeRType(rt.Elem(), session, seen)
		if k.Kind != Plain || el.Kind != Plain {
			d.Kind, d.Key, d.Elem = Map, k, el
		}
	case reflect.Interface:
		d.Kind = Interface
	case reflect.Struct:
		if rt.String() == valueInterfaceName {
			d.Kind = Interface
			break
		}
		if rt.Name() == "" {
			registry.RLock()
			var list []*Type
			for _, t := range registry.byRType[rt] {
				if t.Session == session && !isInterface(t) {
					list = append(list, t)
				}
			}
			registry.RUnlock()
			if len(list) == 1 {
				seen[rt] = list[0]
				return list[0]
			}
		}
		st := &Type{Kind: Struct, Name: rt.String(), Session: session}
		plain := true
		for i := 0; i < rt.NumField(); i++ {
			ft := describeRType(rt.Field(i).Type, session, seen)
			plain = plain && ft.Kind == Plain
			st.Fields = append(st.Fields, Field{Name: rt.Field(i).Name, Embedded: rt.Field(i).Anonymous, Type: ft})
		}
		if !plain {
			*d = *st
		}
	}
	return d
}

// jsonStructOf is reflect.StructOf, its panic (an embedded field reflect cannot build a
// struct with) turned into a refusal naming the type.
func jsonStructOf(t *Type, fields []reflect.StructField) (st reflect.Type) {
	defer func() {
		if r := recover(); r != nil {
			jsonRefusal("encoding or decoding JSON with a %s is not supported in cells: %v", t.Name, r)
		}
	}()
	return reflect.StructOf(fields)
}
