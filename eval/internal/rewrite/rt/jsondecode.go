package rt

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
)

// Decoding JSON into values of cell types with UnmarshalJSON or UnmarshalText. When the
// static type of json.Unmarshal's (or Decoder.Decode's) target reaches such a type, the
// target is copied into a value of a proxy type, where each value of such a type is a
// box (jsonboxes.go) holding it; encoding/json decodes into the proxy, calling the boxes'
// methods where it would call the cell type's (in the order of the document, on the
// value already there, with null handled as encoding/json handles it), and the proxy is
// copied back. Pointers, slice backing arrays and maps that encoding/json would reuse
// are the target's own afterwards.

// jsonDecoder builds and copies the proxy of one target.
type jsonDecoder struct {
	session string
	needs   map[*Type]bool
	types   map[jsonLevelKey]reflect.Type // proxy struct types
	active  map[jsonStructKey]int         // struct types being built, and how many times
	levels  int                           // how many levels of a recursive type are built
	ptrs    map[uintptr]reflect.Value     // proxy pointer -> the target's pointer it copies
	slices  map[uintptr]reflect.Value     // proxy backing array -> the target's slice (to cap)
	done    map[uintptr]bool              // proxy pointers copied back
}

// jsonLevelKey is a struct type's proxy at a level of recursion (0 outside any).
type jsonLevelKey struct {
	jsonStructKey
	level int
}

func newJSONDecoder(session string, levels int) *jsonDecoder {
	return &jsonDecoder{session: session, needs: map[*Type]bool{}, types: map[jsonLevelKey]reflect.Type{},
		active: map[jsonStructKey]int{}, levels: levels, ptrs: map[uintptr]reflect.Value{},
		slices: map[uintptr]reflect.Value{}, done: map[uintptr]bool{}}
}

// A recursive type (type Node struct{ Kind Kind; Children []*Node }) has a recursive
// proxy, which reflect cannot build: its levels are built one by one, as many as the
// JSON document can fill (its nesting depth, for json.Unmarshal), and below them a
// deepBox, which refuses what reaches it.

// maxJSONLevels bounds the levels built: deeper documents are refused when they reach
// the bottom. decodeJSONLevels is the number built for a Decoder, whose document is
// not known beforehand.
const (
	maxJSONLevels    = 100
	decodeJSONLevels = 32
)

// deepBox stands below the last level of a recursive type's proxy; V holds the target's
// value there, kept as it is.
type deepBox struct{ V any }

var deepBoxType = reflect.TypeFor[deepBox]()

// UnmarshalJSON refuses: the document is deeper than the levels built.
func (b *deepBox) UnmarshalJSON([]byte) error {
	panic(fmt.Sprintf("peerbook: decoding JSON nested more than %d levels deep (json.Unmarshal; %d for Decoder.Decode) into a recursive type holding a type with an unmarshaling method is not supported in cells", maxJSONLevels, decodeJSONLevels))
}

// jsonNesting is the nesting depth of a JSON document (its brackets and braces), plus
// one.
func jsonNesting(data []byte) int {
	depth, max, inString, escaped := 0, 0, false, false
	for _, c := range data {
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			depth++
			if depth > max {
				max = depth
			}
		case c == ']' || c == '}':
			depth--
		}
	}
	return max + 1
}

// hasUnmarshal reports whether the pointer of named type t has UnmarshalJSON or
// UnmarshalText.
func hasUnmarshal(t *Type) bool {
	s := jsonSetsOf(t)
	return s != nil && (s.ptr.UnmarshalJSON.IsValid() || s.ptr.UnmarshalText.IsValid())
}

// need reports whether targets of type t need a proxy: t reaches (not through an
// interface) a named type with an unmarshaling method.
func (d *jsonDecoder) need(t *Type) bool {
	return reaches(t, d.needs, func(t *Type) bool { return t.Kind == Named && hasUnmarshal(t) })
}

// proxyType is the type of the proxy of a value of described type t and reflect type rt.
func (d *jsonDecoder) proxyType(t *Type, rt reflect.Type) reflect.Type {
	if !d.need(t) {
		return rt
	}
	switch t.Kind {
	case Named:
		if bt, _ := boxType(t, jsonSetsOf(t)); bt != nil {
			return bt
		}
		if t.Elem != nil && t.Elem.Kind == Struct {
			return d.structType(t.Elem, rt, false)
		}
		return d.proxyType(t.Elem, rt)
	case Pointer:
		if rt.Kind() == reflect.Pointer {
			return reflect.PointerTo(d.proxyType(t.Elem, rt.Elem()))
		}
	case Slice:
		if rt.Kind() == reflect.Slice {
			return reflect.SliceOf(d.proxyType(t.Elem, rt.Elem()))
		}
	case Array:
		if rt.Kind() == reflect.Array {
			return reflect.ArrayOf(rt.Len(), d.proxyType(t.Elem, rt.Elem()))
		}
	case Map:
		if rt.Kind() == reflect.Map {
			return reflect.MapOf(d.keyType(t.Key, rt.Key()), d.proxyType(t.Elem, rt.Elem()))
		}
	case Struct:
		return d.structType(t, rt, true)
	}
	jsonRefusal("decoding JSON into a %s (yaegi's %s) is not supported in cells", t.Name, rt)
	return nil
}

// keyType is the proxy type of a map key: a box for a cell type with UnmarshalText
// (the one method encoding/json looks for on map keys), else the key type.
func (d *jsonDecoder) keyType(t *Type, rt reflect.Type) reflect.Type {
	if t != nil && t.Kind == Named {
		if s := jsonSetsOf(t); s != nil && s.ptr.UnmarshalText.IsValid() {
			bt, _ := boxType(t, s)
			return bt
		}
	}
	// Without UnmarshalText, encoding/json decodes a key by its kind (string or
	// integer), as Go does for a key type with UnmarshalJSON only.
	return rt
}

// structType is the proxy of a struct type: the same fields (names, tags, embedding),
// of proxy types. top: an unnamed struct type, whose promoted methods are not
// registered.
func (d *jsonDecoder) structType(t *Type, rt reflect.Type, top bool) reflect.Type {
	k := jsonStructKey{t, rt}
	level := d.active[k]
	if level > 0 && level >= d.levels {
		return deepBoxType
	}
	lk := jsonLevelKey{k, level}
	if pt := d.types[lk]; pt != nil {
		return pt
	}
	if rt.Kind() != reflect.Struct || rt.NumField() != len(t.Fields) {
		jsonRefusal("decoding JSON into a %s (yaegi's %s) is not supported in cells", t.Name, rt)
	}
	d.active[k]++
	defer func() { d.active[k]-- }()
	fields := make([]reflect.StructField, rt.NumField())
	for i := range fields {
		sf := rt.Field(i)
		ft := t.Fields[i].Type
		if !sf.IsExported() && d.need(ft) {
			jsonRefusal("decoding JSON into the unexported field %s of %s is not supported in cells", sf.Name, t.Name)
		}
		if sf.Anonymous && d.need(ft) {
			if top && ft != nil && (ft.Kind == Named && hasUnmarshal(ft) || ft.Kind == Pointer && ft.Elem != nil && ft.Elem.Kind == Named && hasUnmarshal(ft.Elem)) {
				jsonRefusal("decoding JSON into %s is not supported in cells: it embeds %s, whose unmarshaling method an unnamed struct type would promote", t.Name, ft.Name)
			}
			// Embedded: encoding/json decodes the fields of an embedded struct (the
			// methods of its type, if promoted, are the outer named type's).
			if st := structOf(ft); st != nil && st.Kind == Struct {
				base := sf.Type
				if base.Kind() == reflect.Pointer {
					base = base.Elem()
				}
				pt := d.structType(st, base, false)
				if sf.Type.Kind() == reflect.Pointer {
					pt = reflect.PointerTo(pt)
				}
				sf.Type = pt
			}
		} else {
			sf.Type = d.proxyType(ft, sf.Type)
		}
		sf.Index, sf.Offset = nil, 0
		fields[i] = sf
	}
	pt := jsonStructOf(t, fields)
	d.types[lk] = pt
	return pt
}

// in copies v (of described type t) into a new value of its proxy type pt.
func (d *jsonDecoder) in(v reflect.Value, t *Type, pt reflect.Type) reflect.Value {
	if v.Type() == pt {
		return v
	}
	out := reflect.New(pt).Elem()
	if pt == deepBoxType {
		out.Field(0).Set(reflect.ValueOf(v.Interface()))
		return out
	}
	switch t.Kind {
	case Named:
		if d.isBox(t, pt) {
			out.Field(0).Set(reflect.ValueOf(v.Interface()))
			return out
		}
		if t.Elem.Kind == Struct {
			return d.structIn(v, t.Elem, pt)
		}
		return d.in(v, t.Elem, pt)
	case Pointer:
		if v.IsNil() {
			return out
		}
		p := reflect.New(pt.Elem())
		p.Elem().Set(d.in(v.Elem(), t.Elem, pt.Elem()))
		d.ptrs[p.Pointer()] = v
		return p
	case Slice:
		if v.IsNil() {
			return out
		}
		full := v.Slice3(0, v.Cap(), v.Cap())
		s := reflect.MakeSlice(pt, v.Cap(), v.Cap())
		for i := 0; i < v.Cap(); i++ {
			s.Index(i).Set(d.in(full.Index(i), t.Elem, pt.Elem()))
		}
		if v.Cap() > 0 {
			d.slices[s.Pointer()] = full
		}
		return s.Slice(0, v.Len())
	case Array:
		for i := 0; i < v.Len(); i++ {
			out.Index(i).Set(d.in(v.Index(i), t.Elem, pt.Elem()))
		}
		return out
	case Map:
		if v.IsNil() {
			return out
		}
		m := reflect.MakeMapWithSize(pt, v.Len())
		it := v.MapRange()
		for it.Next() {
			k := it.Key()
			if k.Type() != pt.Key() {
				bk := reflect.New(pt.Key()).Elem()
				bk.Field(0).Set(reflect.ValueOf(k.Interface()))
				k = bk
			}
			m.SetMapIndex(k, d.in(it.Value(), t.Elem, pt.Elem()))
		}
		return m
	case Struct:
		return d.structIn(v, t, pt)
	}
	return v
}

func (d *jsonDecoder) structIn(v reflect.Value, t *Type, pt reflect.Type) reflect.Value {
	out := reflect.New(pt).Elem()
	for i := 0; i < pt.NumField(); i++ {
		ft := t.Fields[i].Type
		if pt.Field(i).Anonymous && pt.Field(i).Type != v.Field(i).Type() {
			fv := v.Field(i)
			if fv.Kind() == reflect.Pointer {
				if !fv.IsNil() {
					p := reflect.New(pt.Field(i).Type.Elem())
					p.Elem().Set(d.structIn(fv.Elem(), structOf(ft), pt.Field(i).Type.Elem()))
					d.ptrs[p.Pointer()] = fv
					out.Field(i).Set(p)
				}
				continue
			}
			out.Field(i).Set(d.structIn(fv, structOf(ft), pt.Field(i).Type))
			continue
		}
		out.Field(i).Set(d.in(v.Field(i), ft, pt.Field(i).Type))
	}
	return out
}

// isBox reports whether pt is the box type of named type t.
func (d *jsonDecoder) isBox(t *Type, pt reflect.Type) bool {
	if !hasUnmarshal(t) {
		return false
	}
	bt, _ := boxType(t, jsonSetsOf(t))
	return bt == pt
}

// boxValue is the value a box holds, of reflect type rt (the zero value if none).
func boxValue(b reflect.Value, rt reflect.Type) reflect.Value {
	v := b.Field(0)
	if v.IsNil() {
		return reflect.Zero(rt)
	}
	v = reflect.ValueOf(v.Interface())
	if v.Type() != rt && v.Type().ConvertibleTo(rt) {
		v = v.Convert(rt)
	}
	return v
}

// out copies proxy p back into dst (settable, of described type t).
func (d *jsonDecoder) out(p, dst reflect.Value, t *Type) {
	if p.Type() == dst.Type() {
		dst.Set(p)
		return
	}
	if p.Type() == deepBoxType {
		dst.Set(boxValue(p, dst.Type()))
		return
	}
	switch t.Kind {
	case Named:
		if d.isBox(t, p.Type()) {
			dst.Set(boxValue(p, dst.Type()))
			return
		}
		if t.Elem.Kind == Struct {
			d.structOut(p, dst, t.Elem)
			return
		}
		d.out(p, dst, t.Elem)
	case Pointer:
		d.pointerOut(p, dst, func(pe, de reflect.Value) { d.out(pe, de, t.Elem) })
	case Slice:
		if p.IsNil() {
			dst.SetZero()
			return
		}
		if full, ok := d.slices[p.Pointer()]; ok && p.Cap() == full.Cap() {
			for i := 0; i < p.Len(); i++ {
				d.out(p.Index(i), full.Index(i), t.Elem)
			}
			dst.Set(full.Slice(0, p.Len()))
			return
		}
		s := reflect.MakeSlice(dst.Type(), p.Len(), p.Cap())
		for i := 0; i < p.Len(); i++ {
			d.out(p.Index(i), s.Index(i), t.Elem)
		}
		dst.Set(s)
	case Array:
		for i := 0; i < p.Len(); i++ {
			d.out(p.Index(i), dst.Index(i), t.Elem)
		}
	case Map:
		if p.IsNil() {
			dst.SetZero()
			return
		}
		if dst.IsNil() {
			dst.Set(reflect.MakeMapWithSize(dst.Type(), p.Len()))
		}
		it := p.MapRange()
		for it.Next() {
			k := it.Key()
			if k.Type() != dst.Type().Key() {
				k = boxValue(k, dst.Type().Key())
			}
			v := reflect.New(dst.Type().Elem()).Elem()
			d.out(it.Value(), v, t.Elem)
			dst.SetMapIndex(k, v)
		}
	case Struct:
		d.structOut(p, dst, t)
	}
}

// pointerOut copies a proxy pointer back: nil, the target's own pointer (its pointee
// updated), or a new one.
func (d *jsonDecoder) pointerOut(p, dst reflect.Value, elem func(pe, de reflect.Value)) {
	if p.IsNil() {
		dst.SetZero()
		return
	}
	if orig, ok := d.ptrs[p.Pointer()]; ok {
		dst.Set(orig)
		if !d.done[p.Pointer()] {
			d.done[p.Pointer()] = true
			elem(p.Elem(), orig.Elem())
		}
		return
	}
	n := reflect.New(dst.Type().Elem())
	elem(p.Elem(), n.Elem())
	dst.Set(n)
}

func (d *jsonDecoder) structOut(p, dst reflect.Value, t *Type) {
	for i := 0; i < p.NumField(); i++ {
		ft := t.Fields[i].Type
		pf, df := p.Field(i), dst.Field(i)
		if p.Type().Field(i).Anonymous && pf.Type() != df.Type() {
			if pf.Kind() == reflect.Pointer {
				d.pointerOut(pf, df, func(pe, de reflect.Value) { d.structOut(pe, de, structOf(ft)) })
			} else {
				d.structOut(pf, df, structOf(ft))
			}
			continue
		}
		d.out(pf, df, ft)
	}
}

// jsonDecodeInto runs decode (json.Unmarshal or a Decoder's Decode) on a proxy of v when
// v's described type t needs one; ok false when it does not.
func jsonDecodeInto(decode func(any) error, v any, t *Type, levels int) (proxy any, err error, ok bool) {
	if t == nil || t.Kind != Pointer {
		return nil, nil, false
	}
	rv := unwrapInterp(reflect.ValueOf(v))
	if !rv.IsValid() || rv.Kind() != reflect.Pointer || rv.IsNil() {
		return nil, nil, false
	}
	refuseCompiledPromotion(t, rv.Type(), false, 0)
	d := newJSONDecoder(t.Session, min(levels, maxJSONLevels))
	if !d.need(t.Elem) {
		return nil, nil, false
	}
	pt := d.proxyType(t.Elem, rv.Type().Elem())
	p := reflect.New(pt)
	p.Elem().Set(d.in(rv.Elem(), t.Elem, pt))
	err = decode(p.Interface())
	d.out(p.Elem(), rv.Elem(), t.Elem)
	return p.Interface(), err, true
}

// jsonTargetType is the target of a decoding out of yaegi's interface wrapper, and the
// description of its type: when the static type is an interface (a helper taking any),
// the dynamic type's.
func jsonTargetType(v any, t *Type) (any, *Type) {
	rv := reflect.ValueOf(v)
	if rv.IsValid() && rv.Type().String() == valueInterfaceName {
		if inner := unwrapInterp(rv); inner.IsValid() && inner.CanInterface() {
			v = inner.Interface()
		}
	}
	if t != nil && !isInterface(t) && rv.IsValid() && typeParamAt(t, reflect.TypeOf(v), 0) {
		// A type parameter's place (var x T; dec.Decode(&x)): the instance's type
		// decides.
		if dt := describeRType(reflect.TypeOf(v), t.Session, map[reflect.Type]*Type{}); dt.Kind != Plain {
			return v, dt
		}
	}
	if t == nil || !isInterface(t) {
		return v, t
	}
	inner, dt := dynamic(reflect.ValueOf(v), t.Session)
	if !inner.IsValid() || !inner.CanInterface() {
		return v, t
	}
	if dt == nil {
		dt = describeRType(inner.Type(), t.Session, map[reflect.Type]*Type{})
	}
	if dt.Kind == Plain {
		if name := jsonAmbiguous(inner.Type(), t.Session); name != "" && hasUnmarshal(lookupName(t.Session, name)) {
			jsonRefusal("decoding JSON into an interface holding a %s is not supported in cells: the values of %s (which has unmarshaling methods) are also %s values at run time", inner.Type(), name, inner.Type())
		}
		return inner.Interface(), t
	}
	return inner.Interface(), dt
}

// typeParamAt reports whether description t has an interface where reflect type rt has
// a concrete type: t describes a type parameter's place, rt the instance's.
func typeParamAt(t *Type, rt reflect.Type, depth int) bool {
	if t == nil || rt == nil || depth > 16 {
		return false
	}
	switch t.Kind {
	case Interface:
		return rt.Kind() != reflect.Interface && rt.String() != valueInterfaceName
	case Named:
		return typeParamAt(t.Elem, rt, depth+1)
	case Pointer, Slice, Array:
		k := rt.Kind()
		return (k == reflect.Pointer || k == reflect.Slice || k == reflect.Array) && typeParamAt(t.Elem, rt.Elem(), depth+1)
	case Map:
		return rt.Kind() == reflect.Map && (typeParamAt(t.Key, rt.Key(), depth+1) || typeParamAt(t.Elem, rt.Elem(), depth+1))
	case Struct:
		if rt.Kind() != reflect.Struct || rt.NumField() != len(t.Fields) {
			return false
		}
		for i, f := range t.Fields {
			if typeParamAt(f.Type, rt.Field(i).Type, depth+1) {
				return true
			}
		}
	}
	return false
}

var (
	jsonUnmarshalerType = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// refuseCompiledPromotion refuses decoding into an unnamed struct type (a struct literal
// type of a cell) that embeds a compiled type with UnmarshalJSON or UnmarshalText
// (struct{ time.Time; N int }): Go would call the promoted method, which yaegi's struct
// type lacks. named: t is the underlying type of a named type, whose promoted methods
// are registered.
func refuseCompiledPromotion(t *Type, rt reflect.Type, named bool, depth int) {
	if t == nil || rt == nil || depth > 16 {
		return
	}
	switch t.Kind {
	case Named:
		refuseCompiledPromotion(t.Elem, rt, true, depth+1)
	case Pointer, Slice, Array:
		if k := rt.Kind(); k == reflect.Pointer || k == reflect.Slice || k == reflect.Array {
			refuseCompiledPromotion(t.Elem, rt.Elem(), false, depth+1)
		}
	case Map:
		if rt.Kind() == reflect.Map {
			refuseCompiledPromotion(t.Elem, rt.Elem(), false, depth+1)
		}
	case Struct:
		if rt.Kind() != reflect.Struct || rt.NumField() != len(t.Fields) {
			return
		}
		for i, f := range t.Fields {
			ft := rt.Field(i).Type
			if !named && f.Embedded && f.Type != nil && f.Type.Kind == Plain {
				p := ft
				if p.Kind() != reflect.Pointer {
					p = reflect.PointerTo(p)
				}
				if p.Implements(jsonUnmarshalerType) || p.Implements(textUnmarshalerType) {
					jsonRefusal("decoding JSON into %s is not supported in cells: Go would call the unmarshaling method it promotes from %s, which the interpreter's struct type lacks (declare it as a named type)", t.Name, ft)
				}
			}
			refuseCompiledPromotion(f.Type, ft, false, depth+1)
		}
	}
}
