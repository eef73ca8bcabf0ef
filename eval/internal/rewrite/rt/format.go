// Long file: the fmt verbs for values of cell types are one formatter (verbs, flags, nesting,
// type names) that must stay in step with package fmt; most of it goes once the interpreter
// gives cell types real named reflect types (issue 15), so it is not split meanwhile.

package rt

import (
	"fmt"
	"go/token"
	"io"
	"math"
	"reflect"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/peerbook/peerbook/eval/internal/namedpool"
	"github.com/peerbook/peerbook/eval/third_party/yaegi/interp"
	"github.com/peerbook/peerbook/internal/modulegen/naming"
)

// Printing interpreted values the way Go prints them.
//
// yaegi represents a value of a type declared in a cell with a reflect type it builds:
// unnamed, without methods, with every field exported (a field x becomes Xx). Handed to
// fmt, such values print wrong: String and Error methods are ignored inside slices, maps,
// structs and interfaces, %+v shows the renamed fields, %T shows struct { Xx int }.
// The rewriter wraps the arguments of fmt's printing functions in Show(value, type):
// the value together with a description of its static Go type (a *Type), which
// formats itself following fmt's rules.

// Kind is the kind of a described type.
type Kind uint8

// The kinds of described types.
const (
	Plain     Kind = iota // printed by fmt as it is
	Named                 // a named type of the session: Elem is the underlying type
	Struct                // Fields
	Slice                 // Elem
	Array                 // Elem
	Map                   // Key, Elem
	Pointer               // Elem
	Interface             // the dynamic value decides
)

// Type describes the static Go type of a value to print.
type Type struct {
	Kind    Kind
	Name    string // the type as %T writes it: main.T, []main.T, map[string]int
	Session string // the session the type belongs to (names are per session)
	Elem    *Type
	Key     *Type
	Fields  []Field
}

// Field is a struct field.
type Field struct {
	Name     string
	Embedded bool
	Type     *Type
}

// Methods are the printing methods of a type's method set, as functions taking the
// receiver (reflect function values, nil when absent).
type Methods struct {
	String, Error     reflect.Value // func(T) string
	Unwrap, UnwrapAll reflect.Value // func(T) error, func(T) []error
	Is                reflect.Value // func(T, error) bool
}

// The registry keys named types by session and name: "SESSION/main.T", and
// "*SESSION/main.T" for the method set of the pointer.
var registry = struct {
	sync.RWMutex
	types   []*Type
	methods map[string]*Methods      // printing methods by key
	byName  map[string]*Type         // named session types by key
	byRType map[reflect.Type][]*Type // named session types by yaegi's reflect type
	// generic struct, slice, array and map types by key (main.G), which describe their
	// instances
	generics map[string]*Type
	// the generic types by key (main.G) whose value (1) or pointer (2) method set has
	// a String or Error method (RegisterGenericMethods)
	genericMethods map[string]int
}{
	methods:        map[string]*Methods{},
	byName:         map[string]*Type{},
	byRType:        map[reflect.Type][]*Type{},
	generics:       map[string]*Type{},
	genericMethods: map[string]int{},
}

// Register records a type description and returns its id, for Show and TypeName.
func Register(t *Type) int {
	registry.Lock()
	defer registry.Unlock()
	registry.types = append(registry.types, t)
	if t.Kind == Named {
		registry.byName[key(t.Session, t.Name)] = t
	}
	return len(registry.types) - 1
}

func key(session, name string) string { return session + "/" + name }

// RegisterNamed records what the running interpreter knows of a named session type:
// a zero value (for its reflect type) and its methods String, Error, Unwrap() error,
// Unwrap() []error and Is(error) bool, for the value (vm) and for the pointer (pm), as
// functions of the receiver (nil when absent). String and Error may also return, last,
// what they panicked with (see callMethod).
func RegisterNamed(session, name string, zero any, vm, pm [5]any) {
	registry.Lock()
	defer registry.Unlock()
	k := key(session, name)
	for i, fs := range [][5]any{vm, pm} {
		m := &Methods{String: funcValue(fs[0]), Error: funcValue(fs[1]), Unwrap: funcValue(fs[2]),
			UnwrapAll: funcValue(fs[3]), Is: funcValue(fs[4])}
		if i == 0 {
			registry.methods[k] = m
		} else {
			registry.methods["*"+k] = m
		}
	}
	if z := unwrapInterp(reflect.ValueOf(zero)); registry.byName[k] != nil && z.IsValid() {
		t := registry.byName[k]
		rt := z.Type()
		list := registry.byRType[rt]
		for i, old := range list {
			if old.Name == name && old.Session == session {
				list = append(list[:i], list[i+1:]...)
				break
			}
		}
		registry.byRType[rt] = append(list, t)
	}
}

func funcValue(f any) reflect.Value {
	v := reflect.ValueOf(f)
	if !v.IsValid() || v.Kind() != reflect.Func || v.IsNil() {
		return reflect.Value{}
	}
	return v
}

func typeByID(id int) *Type {
	registry.RLock()
	defer registry.RUnlock()
	if id < 0 || id >= len(registry.types) {
		return nil
	}
	return registry.types[id]
}

func methodsOf(k string) *Methods {
	registry.RLock()
	defer registry.RUnlock()
	return registry.methods[k]
}

// Show wraps a value of the described type (by id) so that fmt prints it as Go would.
func Show(v any, id int) any {
	t := typeByID(id)
	if t == nil {
		return v
	}
	return shown{v: reflect.ValueOf(v), t: t}
}

// ShowSharp is Show for a %#v operand: it formats the value once first, so that a
// refusal of the printer (a panic) reaches the cell instead of fmt, which would
// print it as %!v(PANIC=...).
func ShowSharp(v any, id int) any {
	s := Show(v, id)
	if sh, ok := s.(shown); ok {
		p := &printer{st: sharpState{}, verb: 'v', dry: true}
		p.flags()
		p.value(sh.v, sh.t, 0)
	}
	return s
}

// sharpState is the fmt.State of ShowSharp's dry run: flag # only, output dropped.
type sharpState struct{}

func (sharpState) Write(b []byte) (int, error) { return len(b), nil }
func (sharpState) Width() (int, bool)          { return 0, false }
func (sharpState) Precision() (int, bool)      { return 0, false }
func (sharpState) Flag(c int) bool             { return c == '#' }

// ShowAll wraps each element of a slice passed to a printing function with ...; id
// describes the element type.
func ShowAll(s any, id int) []any {
	rv := reflect.ValueOf(s)
	if rv.Kind() != reflect.Slice {
		return []any{s}
	}
	t := typeByID(id)
	out := make([]any, rv.Len())
	for i := range out {
		e := rv.Index(i)
		if t == nil || !e.CanInterface() {
			out[i] = e.Interface()
			continue
		}
		out[i] = showElem(e, t)
	}
	return out
}

type shown struct {
	v reflect.Value
	t *Type
}

// Format implements fmt.Formatter.
func (s shown) Format(f fmt.State, verb rune) {
	defer exitPastFmt()
	p := &printer{st: f, verb: verb}
	p.flags()
	p.value(s.v, s.t, 0)
}

// TypeName is %T of a value of the described type (by id).
func TypeName(v any, id int) string { return naming.Display(typeNameFor(v, typeByID(id))) }

// typeNameFor is %T of a value of the described type.
func typeNameFor(v any, t *Type) string {
	rv := reflect.ValueOf(v)
	if t == nil || isInterface(t) {
		session := ""
		if t != nil {
			session = t.Session
		}
		if inner, iface, ok := heldByWrapper(rv); ok {
			// A value of a cell type in a compiled interface (fmt.Stringer): yaegi's
			// wrapper holds it; its type is known if it is a struct type of the cell.
			dv, dt := dynamic(inner, session)
			if dt == nil && dv.IsValid() {
				panic(fmt.Sprintf("peerbook: %%T of a value of a type declared in a cell held in a %s is not supported in cells: the value is a %s at run time and its type name is lost", iface, dv.Type()))
			}
			rv, t = dv, dt
		} else {
			rv, t = dynamic(rv, session)
		}
		if !rv.IsValid() {
			return "<nil>"
		}
		if t == nil {
			if others := sameRepresentation(rv.Type(), session); others != "" {
				// A value of a cell type like "type ID int" without methods is a plain
				// int in an interface: %T cannot tell which it is.
				panic(fmt.Sprintf("peerbook: %%T of an interface holding a %s is not supported in cells: %s is also a %s at run time", rv.Type(), others, rv.Type()))
			}
			return goTypeString(rv.Type())
		}
	}
	return t.Name
}

// typeAssertionErrorType is the type Go gives a failed type assertion's panic; the
// interpreter's stand-ins for it (assertError here, yaegi's runtimeError) are named so
// by %T.
var typeAssertionErrorType = reflect.TypeOf((*runtime.TypeAssertionError)(nil))

// goTypeString is %T of a compiled type, with the stand-ins of Go's runtime error
// types named as the types they stand for.
func goTypeString(t reflect.Type) string {
	if t == reflect.TypeOf((*assertError)(nil)) {
		return typeAssertionErrorType.String()
	}
	if t == rangeErrorType {
		return "runtime.errorString"
	}
	return typeString(t)
}

// typeString is reflect's String of t with the types of cells named as Go names them:
// a pool type (yaegi patch 53) as the cell type that holds it, a struct type of a cell
// by the identity tag of its first field (patch 5).
func typeString(t reflect.Type) string {
	if t.Name() != "" {
		return namedpool.TypeString(t)
	}
	switch t.Kind() {
	case reflect.Pointer:
		return "*" + typeString(t.Elem())
	case reflect.Slice:
		return "[]" + typeString(t.Elem())
	case reflect.Array:
		return "[" + strconv.Itoa(t.Len()) + "]" + typeString(t.Elem())
	case reflect.Map:
		return "map[" + typeString(t.Key()) + "]" + typeString(t.Elem())
	case reflect.Chan:
		switch t.ChanDir() {
		case reflect.RecvDir:
			return "<-chan " + typeString(t.Elem())
		case reflect.SendDir:
			return "chan<- " + typeString(t.Elem())
		}
		return "chan " + typeString(t.Elem())
	case reflect.Struct:
		if t.NumField() > 0 {
			if name, ok := t.Field(0).Tag.Lookup("yaegi"); ok {
				name, _, _ = strings.Cut(name, "#") // a local type's declaration (yaegi patch 56)
				return name
			}
		}
	case reflect.Func:
		return funcTypeString(t)
	}
	return namedpool.TypeString(t)
}

// funcTypeString is typeString of a func type: reflect's form, its parameters and
// results named by typeString.
func funcTypeString(t reflect.Type) string {
	var b strings.Builder
	b.WriteString("func(")
	for i := 0; i < t.NumIn(); i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		if t.IsVariadic() && i == t.NumIn()-1 {
			b.WriteString("..." + typeString(t.In(i).Elem()))
			continue
		}
		b.WriteString(typeString(t.In(i)))
	}
	b.WriteString(")")
	switch t.NumOut() {
	case 0:
	case 1:
		b.WriteString(" " + typeString(t.Out(0)))
	default:
		b.WriteString(" (")
		for i := 0; i < t.NumOut(); i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(typeString(t.Out(i)))
		}
		b.WriteString(")")
	}
	return b.String()
}

// sameRepresentation names the named types of the session whose values are of reflect
// type rt at run time ("" if none).
func sameRepresentation(rt reflect.Type, session string) string {
	if rt.Kind() == reflect.Struct && rt.NumField() > 0 || namedpool.Is(rt) {
		return "" // told apart: struct types by their identity tag, others by a pool type
	}
	registry.RLock()
	defer registry.RUnlock()
	var names []string
	for _, t := range registry.byRType[rt] {
		if t.Session == session && !isInterface(t) {
			names = append(names, t.Name)
		}
	}
	return strings.Join(names, ", ")
}

// heldByWrapper returns the value inside one of yaegi's interface wrappers (the struct
// types of the symbol tables, stdlib._fmt_Stringer, whose first field IValue holds the
// interpreted value) and the interface the wrapper implements ("fmt.Stringer").
func heldByWrapper(v reflect.Value) (reflect.Value, string, bool) {
	for v.IsValid() && v.Kind() == reflect.Interface && !v.IsNil() {
		v = v.Elem()
	}
	if !v.IsValid() || v.Kind() != reflect.Struct || v.NumField() == 0 || v.Type().Field(0).Name != "IValue" {
		return reflect.Value{}, "", false
	}
	name := v.Type().Name() // _fmt_Stringer
	if !strings.HasPrefix(name, "_") {
		return reflect.Value{}, "", false
	}
	iface := strings.TrimPrefix(name, "_")
	if i := strings.LastIndex(iface, "_"); i >= 0 {
		iface = strings.ReplaceAll(iface[:i], "_", "/") + "." + iface[i+1:]
	}
	return v.Field(0), iface, true
}

// isInterface reports whether t is an interface type, named or not: the dynamic value
// held decides how it prints.
func isInterface(t *Type) bool {
	for t != nil && t.Kind == Named {
		t = t.Elem
	}
	return t != nil && t.Kind == Interface
}

// valueInterface is how yaegi keeps interpreted values inside interfaces.
const valueInterfaceName = "interp.valueInterface"

// unwrapInterp returns the value a yaegi interface value holds (itself if none).
func unwrapInterp(v reflect.Value) reflect.Value {
	for v.IsValid() {
		if v.Kind() == reflect.Interface {
			if v.IsNil() {
				return reflect.Value{}
			}
			v = v.Elem()
			continue
		}
		if v.Type().String() == valueInterfaceName {
			inner, _ := valueInterfaceParts(v)
			v = inner
			continue
		}
		if v.Type() == reflectValueType && v.CanInterface() {
			v = v.Interface().(reflect.Value)
			continue
		}
		return v
	}
	return v
}

// valueInterfaceParts reads a yaegi valueInterface: the value it holds and the name
// of the value's type as yaegi writes it (main.T, *main.T, []main.T).
func valueInterfaceParts(v reflect.Value) (reflect.Value, string) {
	inner, name, _ := interp.HeldValue(v)
	return inner, name
}

// dynamic resolves the value held by an interface: the value and, when it is of a
// named type of the session, the type's description.
func dynamic(v reflect.Value, session string) (reflect.Value, *Type) {
	for v.IsValid() && v.Kind() == reflect.Interface {
		if v.IsNil() {
			return reflect.Value{}, nil
		}
		v = v.Elem()
	}
	if !v.IsValid() {
		return v, nil
	}
	if v.Type() == reflectValueType && v.CanInterface() {
		return dynamic(v.Interface().(reflect.Value), session)
	}
	if v.CanInterface() {
		if b, ok := v.Interface().(interface{ box() boxedError }); ok {
			bx := b.box()
			if t := lookupFor(bx.session, bx.name, reflect.TypeOf(bx.v)); t != nil {
				return reflect.ValueOf(bx.v), t
			}
			return dynamic(reflect.ValueOf(bx.v), session)
		}
	}
	if inner, _, ok := heldByWrapper(v); ok {
		// yaegi's wrapper of a value in a compiled interface (error, fmt.Stringer).
		if dv, dt := dynamic(inner, session); dt != nil {
			return dv, dt
		}
		return v, nil
	}
	if v.Type().String() == valueInterfaceName {
		inner, name := valueInterfaceParts(v)
		if t := lookupName(session, name); t != nil && !isInterface(t) && (!inner.IsValid() || describes(t, inner.Type(), 0)) {
			return inner, t
		}
		// The name yaegi kept may be the interface's own (a value converted to a
		// cell interface): the dynamic type is the held value's.
		return dynamic(inner, session)
	}
	// A plain value: values of struct types declared in cells have unnamed reflect
	// types, shared by no compiled type; find the session type if only one matches.
	rt := v.Type()
	base, ptr := rt, false
	if base.Kind() == reflect.Pointer {
		base, ptr = base.Elem(), true
	}
	if name, ok := namedpool.Name(base); ok {
		// A named type of a cell that took a pool type (type Celsius float64).
		if t := lookupName(session, name); t != nil {
			if ptr {
				return v, &Type{Kind: Pointer, Name: "*" + t.Name, Session: session, Elem: t}
			}
			return v, t
		}
	}
	if base.Kind() == reflect.Struct && base.Name() == "" {
		registry.RLock()
		var list []*Type
		for _, t := range registry.byRType[base] {
			if t.Session == session {
				list = append(list, t)
			}
		}
		registry.RUnlock()
		if len(list) == 0 {
			// An instance of a generic struct type (main.G[int]) that registered no
			// methods (it has none, or only generic code makes it): its identity tag
			// names it (yaegi patch 5), and the generic type describes it (instanceOf).
			if name := identityName(base); strings.Contains(name, "[") {
				if t := lookupFor(session, name, base); t != nil {
					list = append(list, t)
				}
			}
		}
		if len(list) == 1 {
			if ptr {
				return v, &Type{Kind: Pointer, Name: "*" + list[0].Name, Session: session, Elem: list[0]}
			}
			return v, list[0]
		}
	}
	return v, nil
}

// identityName is the name of a cell's struct type that yaegi writes in the identity tag
// of its reflect type's first field (patch 5: main.T, main.G[int]), without the
// declaration of a local type (patch 56); "" when it has none.
func identityName(rt reflect.Type) string {
	if rt.Kind() != reflect.Struct || rt.NumField() == 0 {
		return ""
	}
	name, _ := rt.Field(0).Tag.Lookup("yaegi")
	name, _, _ = strings.Cut(name, "#")
	return name
}

// lookupFor is lookupName for a value of reflect type rt: nil when the description
// found does not describe rt. Types declared in functions share their names (Go's %T of
// two local types pair is main.pair for both, and for a package-level pair), so a name
// alone can pick the description of another type of that name, whose field names the
// printer would then write (a silent wrong answer).
func lookupFor(session, name string, rt reflect.Type) *Type {
	t := lookupName(session, name)
	if t == nil || !describes(t, rt, 0) {
		return nil
	}
	return t
}

// describes reports whether description t can be of reflect type rt: the same kind of
// struct, pointer, slice, array or map, and a struct's fields of the same names (an
// unexported field is renamed X<name> by the interpreter) and, for plain fields, types.
func describes(t *Type, rt reflect.Type, depth int) bool {
	if t == nil || rt == nil || depth > 4 {
		return true
	}
	for t.Kind == Named && t.Elem != nil {
		t = t.Elem
	}
	switch t.Kind {
	case Pointer:
		return rt.Kind() == reflect.Pointer && describes(t.Elem, rt.Elem(), depth+1)
	case Slice:
		return rt.Kind() == reflect.Slice && describes(t.Elem, rt.Elem(), depth+1)
	case Array:
		return rt.Kind() == reflect.Array && describes(t.Elem, rt.Elem(), depth+1)
	case Map:
		return rt.Kind() == reflect.Map && describes(t.Key, rt.Key(), depth+1) && describes(t.Elem, rt.Elem(), depth+1)
	case Struct:
		if rt.Kind() != reflect.Struct || rt.NumField() != len(t.Fields) {
			return false
		}
		for i, f := range t.Fields {
			rf := rt.Field(i)
			if rf.Name != f.Name && rf.Name != "X"+f.Name {
				return false
			}
			if f.Type != nil && f.Type.Kind == Plain && !samePredeclared(f.Type.Name, rf.Type) {
				return false
			}
		}
	}
	return true
}

// samePredeclared reports whether a plain field's type name and its reflect type can be
// one type: false only when both are predeclared types and differ (byte is uint8, rune
// int32); other types are not compared.
func samePredeclared(name string, rt reflect.Type) bool {
	switch name {
	case "byte":
		name = "uint8"
	case "rune":
		name = "int32"
	}
	if rt.PkgPath() != "" || rt.Name() == "" || strings.ContainsAny(name, ".[]*( ") {
		return true
	}
	return rt.Name() == name
}

func lookupName(session, name string) *Type {
	if name == "" {
		return nil
	}
	registry.RLock()
	t := registry.byName[key(session, name)]
	if t == nil && strings.HasPrefix(name, "*") {
		if e := registry.byName[key(session, name[1:])]; e != nil {
			t = &Type{Kind: Pointer, Name: name, Session: session, Elem: e}
		}
	}
	registry.RUnlock()
	if t == nil {
		t = instanceOf(session, name)
	}
	return t
}

// RegisterGeneric records the description of a generic struct, slice, array or map type
// of the session (main.G, its fields' or elements' types made of type parameters
// described as interfaces: the dynamic value decides). An instance no cell named
// (main.G[string], made inside generic code) is described by it when a value of it is
// printed (instanceOf).
func RegisterGeneric(t *Type) {
	if t == nil || t.Kind != Named || t.Elem == nil {
		return
	}
	switch t.Elem.Kind {
	case Struct, Slice, Array, Map:
	default:
		return
	}
	registry.Lock()
	defer registry.Unlock()
	registry.generics[key(t.Session, t.Name)] = t
}

// The method sets of a generic type that have a String or Error method, for
// RegisterGenericMethods.
const (
	ValueMethods   = 1 // the type's own (and so its pointer's)
	PointerMethods = 2 // its pointer's only
)

// RegisterGenericMethods records which method sets of the generic type name (main.H) of
// the session have a String or Error method (ValueMethods, PointerMethods, 0 for none):
// the printer refuses a value of an instance whose methods no cell registered
// (refuseUnregistered) instead of printing it without them.
func RegisterGenericMethods(session, name string, sets int) {
	registry.Lock()
	defer registry.Unlock()
	if sets == 0 {
		delete(registry.genericMethods, key(session, name))
		return
	}
	registry.genericMethods[key(session, name)] = sets
}

// refuseUnregistered panics, through fmt (refusalThroughFmt), when t is an instance of a
// generic type whose String or Error method would print the value (by the method set of
// t, a named type or a pointer to one) but no cell registered the instance's methods:
// only generic code of an earlier cell makes it (genericInstances follows the generic
// code of the cell only).
func refuseUnregistered(t *Type) {
	want := ValueMethods
	if t.Kind == Pointer && t.Elem != nil {
		t, want = t.Elem, ValueMethods|PointerMethods
	}
	i := strings.IndexByte(t.Name, '[')
	if t.Kind != Named || i <= 0 {
		return
	}
	registry.RLock()
	sets := registry.genericMethods[key(t.Session, t.Name[:i])]
	registry.RUnlock()
	if sets&want == 0 {
		return
	}
	panic(refusalThroughFmt(fmt.Sprintf("peerbook: printing a value of %s is not supported in cells: only generic code that an earlier cell declared makes this instance, so its String or Error method is not known to the printer (use the type %s in the cell that prints it, or declare that generic code in it)", t.Name, t.Name)))
}

// instanceOf describes the instance name (main.G[string]) of a generic struct type
// registered with RegisterGeneric, or returns nil. The description is registered, so
// that later lookups find it.
func instanceOf(session, name string) *Type {
	i := strings.IndexByte(name, '[')
	if i <= 0 || strings.HasPrefix(name, "*") || !strings.HasSuffix(name, "]") {
		return nil
	}
	registry.Lock()
	defer registry.Unlock()
	g := registry.generics[key(session, name[:i])]
	if g == nil {
		return nil
	}
	k := key(session, name)
	if t := registry.byName[k]; t != nil {
		return t
	}
	t := &Type{Kind: Named, Name: name, Session: session, Elem: g.Elem}
	registry.types = append(registry.types, t)
	registry.byName[k] = t
	return t
}

// printer formats one operand for one verb, like fmt's pp.
type printer struct {
	st                      fmt.State
	verb                    rune
	plus, sharp, minus      bool
	space, zero             bool
	width, prec             int
	hasWidth, hasPrec       bool
	plainVerb               string // the verb with its flags, for fmt
	plusV, sharpV, methodsV bool
	// ro is set while printing what an unexported struct field holds: fmt reaches it
	// through a read-only reflect.Value and calls none of its methods (String, Error),
	// while yaegi exports every field of a cell struct.
	ro bool
	// dry is set in ShowSharp's dry run, which calls no method of a cell type.
	dry bool
}

func (p *printer) flags() {
	p.plus, p.sharp, p.minus = p.st.Flag('+'), p.st.Flag('#'), p.st.Flag('-')
	p.space, p.zero = p.st.Flag(' '), p.st.Flag('0')
	p.width, p.hasWidth = p.st.Width()
	p.prec, p.hasPrec = p.st.Precision()
	var b strings.Builder
	b.WriteByte('%')
	for _, f := range []struct {
		on bool
		c  byte
	}{{p.plus, '+'}, {p.sharp, '#'}, {p.minus, '-'}, {p.space, ' '}, {p.zero, '0'}} {
		if f.on {
			b.WriteByte(f.c)
		}
	}
	if p.hasWidth {
		b.WriteString(strconv.Itoa(p.width))
	}
	if p.hasPrec {
		b.WriteByte('.')
		b.WriteString(strconv.Itoa(p.prec))
	}
	b.WriteRune(p.verb)
	p.plainVerb = b.String()
	if p.verb == 'v' {
		p.plusV, p.sharpV = p.plus, p.sharp
	}
	switch p.verb {
	case 'v', 's', 'x', 'X', 'q':
		p.methodsV = !p.sharpV
	}
}

func (p *printer) write(s string) { _, _ = p.st.Write([]byte(s)) }

// nestedSharp prints v, a value of a plain type inside a value of a cell type, where %#v
// prints it otherwise than handed alone to fmt, and reports whether it did: fmt names
// a nested value by its reflect type, so a nil interface is error(nil) (alone: <nil>)
// and a byte slice []uint8{0x1} (alone: []byte{0x1}).
func (p *printer) nestedSharp(v reflect.Value) bool {
	if v.IsValid() && v.Kind() == reflect.Interface && v.IsNil() && v.Type().String() != valueInterfaceName {
		p.pad(v.Type().String() + "(nil)")
		return true
	}
	u := unwrapInterp(v)
	if !u.IsValid() || !u.CanInterface() || hasPoolType(u.Type()) {
		return false
	}
	switch u.Kind() {
	case reflect.Slice, reflect.Array:
		if u.Type().Elem().Kind() == reflect.Uint8 {
			fmt.Fprintf(p.st, p.plainVerb, u) // a reflect.Value: fmt's printValue, by u.Type().String()
			return true
		}
	}
	return false
}

// plain formats a value with fmt itself.
func (p *printer) plain(v reflect.Value) {
	v = unwrapInterp(v)
	if !v.IsValid() {
		fmt.Fprintf(p.st, p.plainVerb, nil)
		return
	}
	if !v.CanInterface() {
		fmt.Fprintf(p.st, p.plainVerb, fmt.Sprint(v))
		return
	}
	if t, ok := v.Interface().(reflect.Type); ok && !p.ro && !p.sharpV {
		v = reflect.ValueOf(reflectTypeText{t}) // a reflect.Type in an interface: Go's names (reflect.go)
	}
	out := io.Writer(p.st)
	if hasPoolType(v.Type()) {
		// fmt writes type names (%#v, %!d(T=...)): a pool type's is the cell type's
		// (main.traceKey{}, not namedpool.Struct_3{}).
		var b strings.Builder
		defer func() { p.write(namedpool.Names(b.String())) }()
		out = &b
	}
	if p.ro {
		if v.Kind() == reflect.Pointer && !v.IsNil() && !p.sharpV {
			// fmt prints a nested pointer as its address.
			fmt.Fprintf(out, p.plainVerb, v.UnsafePointer())
			return
		}
		fmt.Fprintf(out, p.plainVerb, readOnly(v))
		return
	}
	fmt.Fprintf(out, p.plainVerb, v.Interface())
}

// roBox holds a value in an unexported field, the way to a read-only reflect.Value.
type roBox struct{ v any }

// readOnly returns v as fmt sees a value read through an unexported field: fmt prints a
// reflect.Value operand without calling its methods when it cannot be interfaced.
func readOnly(v reflect.Value) reflect.Value {
	return reflect.ValueOf(roBox{v.Interface()}).Field(0).Elem()
}

// value prints v, of the described type t, at nesting depth depth.
func (p *printer) value(v reflect.Value, t *Type, depth int) {
	if t == nil || t.Kind == Plain {
		if depth > 0 && p.sharpV && p.verb == 'v' && p.nestedSharp(v) {
			return
		}
		p.plain(v)
		return
	}
	if isInterface(t) {
		if rv, ok := heldReflectValue(v); ok && depth > 0 {
			// fmt prints a reflect.Value inside a value by its String method (reflect.go).
			p.plain(reflect.ValueOf(valueText{rv}))
			return
		}
		dv, dt := dynamic(v, t.Session)
		if !dv.IsValid() {
			if p.sharpV && p.verb == 'v' && depth > 0 {
				// Go: main.Pair{K:"k", V:interface {}(nil)}.
				p.pad(t.Name + "(nil)")
				return
			}
			if depth == 0 && p.verb != 'v' {
				// fmt's printArg of a nil operand: %!s(<nil>).
				fmt.Fprintf(p.st, p.plainVerb, nil)
				return
			}
			p.nilValue()
			return
		}
		if dt == nil {
			if p.sharpV && p.verb == 'v' {
				switch dv.Kind() {
				case reflect.Slice, reflect.Array, reflect.Map, reflect.Struct, reflect.Pointer:
					// %#v writes the type's name, which a value of a cell type like
					// "type Tags []string" (no methods) lost in the interface.
					if others := sameRepresentation(dv.Type(), t.Session); others != "" {
						panic(fmt.Sprintf("peerbook: %%#v of an interface holding a %s is not supported in cells: %s is also a %s at run time", dv.Type(), others, dv.Type()))
					}
				}
			}
			if d := describe(t.Session, dv.Type(), 0); d != nil {
				// A composite of cell types ([]Temp in an any): described from its
				// reflect type (reflect.go).
				p.value(dv, d, depth)
				return
			}
			if rd := runtimeDesc(dv.Type(), t.Session); rd != nil {
				// A container of interfaces ([]any in an any): its values are shown.
				p.value(dv, rd, depth)
				return
			}
			if depth > 0 && p.sharpV && p.verb == 'v' && p.nestedSharp(dv) {
				return
			}
			p.plain(dv)
			return
		}
		p.value(dv, dt, depth)
		return
	}
	v = unwrapInterp(v)
	if !v.IsValid() {
		p.nilValue()
		return
	}
	if p.fmtMethods(v, t) || p.methods(v, t) {
		return
	}
	switch t.Kind {
	case Named:
		if p.sharpV && t.Elem != nil && t.Elem.Kind == Plain && v.CanInterface() {
			switch v.Kind() {
			case reflect.Slice, reflect.Array, reflect.Map, reflect.Struct:
				// fmt writes the unnamed type yaegi made: write the named type's.
				out := fmt.Sprintf("%#v", v.Interface())
				if rt := v.Type().String(); strings.HasPrefix(out, rt) {
					out = t.Name + out[len(rt):]
				}
				out = namedpool.Names(out)
				p.pad(out)
				return
			}
		}
		if p.sharpV && t.Elem != nil {
			// %#v writes the named type's name before a composite value.
			under := *t.Elem
			under.Name = t.Name
			p.value(v, &under, depth)
			return
		}
		if (t.Elem == nil || t.Elem.Kind == Plain) && !p.ro && v.CanInterface() {
			p.namedPlain(v, t)
			return
		}
		p.value(v, t.Elem, depth)
	case Pointer:
		p.pointer(v, t, depth)
	case Struct:
		p.structValue(v, t, depth)
	case Slice, Array:
		p.list(v, t, depth)
	case Map:
		p.mapValue(v, t, depth)
	default:
		p.plain(v)
	}
}

// namedPlain prints a value of a named session type over a basic type as fmt prints its
// underlying value, but with the named type in a wrong verb's report: Go writes
// %!d(main.Temp=1) where fmt, handed yaegi's float64, writes %!d(float64=1).
func (p *printer) namedPlain(v reflect.Value, t *Type) {
	s := fmt.Sprintf(p.plainVerb, v.Interface())
	bad := "%!" + string(p.verb) + "(" + v.Type().String() + "="
	if strings.HasPrefix(s, bad) {
		s = "%!" + string(p.verb) + "(" + t.Name + "=" + s[len(bad):]
	}
	p.write(namedpool.Names(s))
}

func (p *printer) nilValue() {
	if p.verb == 'v' || p.verb == 's' {
		p.pad("<nil>")
		return
	}
	fmt.Fprintf(p.st, p.plainVerb, nil)
}

// pad writes s honouring width and the minus flag.
func (p *printer) pad(s string) {
	switch {
	case p.hasWidth && p.minus:
		fmt.Fprintf(p.st, "%-*s", p.width, s)
	case p.hasWidth:
		fmt.Fprintf(p.st, "%*s", p.width, s)
	default:
		p.write(s)
	}
}

// methods calls an Error or String method of the value's type, if the verb wants it.
func (p *printer) methods(v reflect.Value, t *Type) bool {
	if !p.methodsV || p.ro {
		return false
	}
	var m *Methods
	switch t.Kind {
	case Named:
		m = methodsOf(key(t.Session, t.Name))
	case Pointer:
		if t.Elem != nil && t.Elem.Kind == Named {
			m = methodsOf("*" + key(t.Elem.Session, t.Elem.Name))
		}
	}
	if m == nil {
		refuseUnregistered(t)
		return false
	}
	f, name := m.Error, "Error"
	if !f.IsValid() {
		f, name = m.String, "String"
	}
	if !f.IsValid() {
		return false
	}
	in := v
	if want := f.Type().In(0); in.Type() != want {
		if !in.Type().ConvertibleTo(want) {
			return false
		}
		in = in.Convert(want)
	}
	p.catch(v, name, func() {
		s := callMethod(f, in)[0].String()
		fmt.Fprintf(p.st, p.plainVerb, s)
	})
	return true
}

func (p *printer) pointer(v reflect.Value, t *Type, depth int) {
	if v.Kind() != reflect.Pointer {
		p.plain(v)
		return
	}
	if v.IsNil() {
		if p.sharpV && p.verb == 'v' {
			// Go: (*main.Point)(nil).
			p.pad("(" + t.Name + ")(nil)")
			return
		}
		switch p.verb {
		case 'v':
			p.nilValue()
		case 'p':
			fmt.Fprintf(p.st, p.plainVerb, (*byte)(nil)) // 0x0, with the operand's flags
		case 'b', 'o', 'd', 'x', 'X':
			// fmt prints a pointer's address as an integer for these verbs: 0 for nil
			// (0x0 for %#x), with the operand's flags.
			fmt.Fprintf(p.st, p.plainVerb, uintptr(0))
		default:
			// Go: %!s(*main.Point=<nil>).
			p.write("%!" + string(p.verb) + "(" + t.Name + "=<nil>)")
		}
		return
	}
	if depth > 0 {
		// fmt prints a nested pointer as its address (a []*Point is [0xc...], %#v's
		// (*main.Point)(0xc...)); handed alone to fmt, it would be at depth 0, &{...}.
		p.address(v, t)
		return
	}
	if t.Elem != nil {
		switch underlyingKind(t.Elem) {
		case Struct, Slice, Array, Map:
			p.write("&")
			p.value(v.Elem(), t.Elem, depth+1)
			return
		}
	}
	p.plain(v)
}

// address prints a non-nil pointer inside a value as fmt's fmtPointer does.
func (p *printer) address(v reflect.Value, t *Type) {
	hex := "0x" + strconv.FormatUint(uint64(v.Pointer()), 16)
	switch {
	case p.verb == 'v' && p.sharpV:
		p.write("(" + t.Name + ")(" + hex + ")")
	case p.verb == 'v':
		p.pad(hex)
	case p.verb == 'p' || p.verb == 'b' || p.verb == 'o' || p.verb == 'd' || p.verb == 'x' || p.verb == 'X':
		fmt.Fprintf(p.st, p.plainVerb, v.Pointer())
	default:
		// fmt's badVerb: the type, then the value as %v prints it at depth 0.
		p.write("%!" + string(p.verb) + "(" + t.Name + "=")
		q := *p
		q.verb, q.plainVerb = 'v', strings.TrimSuffix(p.plainVerb, string(p.verb))+"v"
		q.plusV, q.sharpV, q.methodsV = false, false, true
		q.pointer(v, t, 0)
		p.write(")")
	}
}

func underlyingKind(t *Type) Kind {
	for t != nil && t.Kind == Named {
		t = t.Elem
	}
	if t == nil {
		return Plain
	}
	return t.Kind
}

func (p *printer) structValue(v reflect.Value, t *Type, depth int) {
	if v.Kind() != reflect.Struct {
		p.plain(v)
		return
	}
	if p.sharpV {
		p.write(typeName(t))
	}
	p.write("{")
	for i, f := range t.Fields {
		if i > 0 {
			if p.sharpV {
				p.write(", ")
			} else {
				p.write(" ")
			}
		}
		if p.plusV || p.sharpV {
			p.write(f.Name)
			p.write(":")
		}
		if i < v.NumField() {
			ro := p.ro
			p.ro = ro || !token.IsExported(f.Name)
			p.field(v.Field(i), f.Type, depth+1)
			p.ro = ro
		}
	}
	p.write("}")
}

// field prints a nested value: an interface holding nil prints <nil>.
func (p *printer) field(v reflect.Value, t *Type, depth int) {
	if v.Kind() == reflect.Interface && v.IsNil() && !p.sharpV {
		p.write("<nil>")
		return
	}
	p.value(v, t, depth)
}

func typeName(t *Type) string {
	if t == nil {
		return ""
	}
	return naming.Display(t.Name) // a module generic's interpreted copy by the generic's name
}

func (p *printer) list(v reflect.Value, t *Type, depth int) {
	if v.Kind() != reflect.Slice && v.Kind() != reflect.Array {
		p.plain(v)
		return
	}
	switch p.verb {
	case 's', 'q', 'x', 'X':
		if v.Type().Elem().Kind() == reflect.Uint8 {
			// fmt prints a slice or array of a byte kind as bytes for these verbs,
			// ignoring its elements' methods ([]N{1, 2} with N a uint8: %x is 0102).
			b := make([]byte, v.Len())
			for i := range b {
				b[i] = byte(v.Index(i).Uint())
			}
			fmt.Fprintf(p.st, p.plainVerb, b)
			return
		}
	}
	if p.sharpV {
		if v.Kind() == reflect.Slice && v.IsNil() {
			p.write(typeName(t) + "(nil)")
			return
		}
		p.write(typeName(t) + "{")
		for i := 0; i < v.Len(); i++ {
			if i > 0 {
				p.write(", ")
			}
			p.field(v.Index(i), t.Elem, depth+1)
		}
		p.write("}")
		return
	}
	p.write("[")
	for i := 0; i < v.Len(); i++ {
		if i > 0 {
			p.write(" ")
		}
		p.field(v.Index(i), t.Elem, depth+1)
	}
	p.write("]")
}

func (p *printer) mapValue(v reflect.Value, t *Type, depth int) {
	if v.Kind() != reflect.Map {
		p.plain(v)
		return
	}
	if p.sharpV {
		if v.IsNil() {
			p.write(typeName(t) + "(nil)")
			return
		}
		p.write(typeName(t) + "{")
	} else {
		p.write("map[")
	}
	keys := v.MapKeys()
	sort.SliceStable(keys, func(i, j int) bool { return compare(keys[i], keys[j]) < 0 })
	for i, k := range keys {
		if i > 0 {
			if p.sharpV {
				p.write(", ")
			} else {
				p.write(" ")
			}
		}
		p.field(k, t.Key, depth+1)
		p.write(":")
		p.field(v.MapIndex(k), t.Elem, depth+1)
	}
	if p.sharpV {
		p.write("}")
	} else {
		p.write("]")
	}
}

// compare orders map keys as fmt does (internal/fmtsort).
func compare(a, b reflect.Value) int {
	a, b = unwrapInterp(a), unwrapInterp(b)
	if !a.IsValid() || !b.IsValid() {
		switch {
		case !a.IsValid() && !b.IsValid():
			return 0
		case !a.IsValid():
			return -1
		default:
			return 1
		}
	}
	if a.Type() != b.Type() {
		return strings.Compare(a.Type().String(), b.Type().String())
	}
	switch a.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return cmpOrdered(a.Int(), b.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return cmpOrdered(a.Uint(), b.Uint())
	case reflect.String:
		return strings.Compare(a.String(), b.String())
	case reflect.Float32, reflect.Float64:
		return cmpFloat(a.Float(), b.Float())
	case reflect.Complex64, reflect.Complex128:
		if c := cmpFloat(real(a.Complex()), real(b.Complex())); c != 0 {
			return c
		}
		return cmpFloat(imag(a.Complex()), imag(b.Complex()))
	case reflect.Bool:
		switch {
		case a.Bool() == b.Bool():
			return 0
		case !a.Bool():
			return -1
		default:
			return 1
		}
	case reflect.Pointer, reflect.UnsafePointer, reflect.Chan:
		return cmpOrdered(a.Pointer(), b.Pointer())
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if c := compare(a.Field(i), b.Field(i)); c != 0 {
				return c
			}
		}
		return 0
	case reflect.Array:
		for i := 0; i < a.Len(); i++ {
			if c := compare(a.Index(i), b.Index(i)); c != 0 {
				return c
			}
		}
		return 0
	case reflect.Interface:
		return compare(a.Elem(), b.Elem())
	}
	return 0
}

func cmpOrdered[T int64 | uint64 | uintptr](a, b T) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	case a == b:
		return 0
	case math.IsNaN(a) && !math.IsNaN(b):
		return -1
	case !math.IsNaN(a) && math.IsNaN(b):
		return 1
	}
	return 0
}

// Forget drops what the registry holds of session: its type descriptions and the methods
// of its named types, functions of an interpreter that is gone (%reset, a closed session),
// which would otherwise keep that interpreter alive. Ids of the session's types stay taken
// (nil); no code of another session uses them.
func Forget(session string) {
	forgetReflect(session)
	jsonForget(session)
	registry.Lock()
	defer registry.Unlock()
	prefix := session + "/"
	forgetFmt(prefix)
	forgetDeferred(prefix)
	deleteSessionKeys(registry.methods, prefix)
	for k := range registry.byName {
		if strings.HasPrefix(k, prefix) {
			delete(registry.byName, k)
		}
	}
	for rt, list := range registry.byRType {
		kept := list[:0]
		for _, t := range list {
			if t.Session != session {
				kept = append(kept, t)
			}
		}
		if len(kept) == 0 {
			delete(registry.byRType, rt)
		} else {
			registry.byRType[rt] = kept
		}
	}
	for i, t := range registry.types {
		if t != nil && t.Session == session {
			registry.types[i] = nil
		}
	}
}

// deleteSessionKeys deletes from m the entries of a session's types: keys that start
// with prefix (the session's), the pointer's with "*" before it.
func deleteSessionKeys[V any](m map[string]V, prefix string) {
	for k := range m {
		if strings.HasPrefix(strings.TrimPrefix(k, "*"), prefix) {
			delete(m, k)
		}
	}
}

// hasPoolType reports whether t is or holds a type of eval/internal/namedpool (yaegi
// patch 53), whose name fmt's %#v would write instead of the cell type's.
func hasPoolType(t reflect.Type) bool {
	return strings.Contains(t.String(), "namedpool.")
}
