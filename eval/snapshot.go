package eval

import (
	"fmt"
	"go/ast"
	"go/types"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/peerbook/peerbook/internal/evalproto"
)

// A session hands its state to the evaluator that replaces it (the kernel switches to an
// evaluator binary built with more third-party packages, see internal/modules) as Go source:
// its imports, then its types, constants and %%cuda cells, variables, functions and methods,
// each kind in the order the cells made them. Functions, methods and
// types come back from their own source; constants with their values; variables with their
// current value written as a Go literal where the value is plain data (booleans, numbers,
// strings, and arrays, slices, maps, structs and pointers to composites of them), so that a
// variable changed after its definition (`x := 5` then `x++`) keeps what it holds (6), not
// what its definition said. What a literal can't rebuild is named in Snapshot.Lost: a
// channel, a function value, an interface holding a value, a value with unexported fields
// of another package (a *gpu.Buffer, a *os.File, a time.Time), memory shared between
// variables (two slices of one array would come back as two arrays), values too large to
// write down.

// Snapshot is the protocol's evalproto.Snapshot.
type Snapshot = evalproto.Snapshot

// Limits of the variables a Snapshot writes down.
const (
	snapshotVarLimit   = 1 << 20  // bytes of Go source for one variable's value
	snapshotTotalLimit = 16 << 20 // bytes for all of them
)

// Snapshot returns the session's definitions and variables as Go source to run again in a
// new session, and the names that can't be carried over. It is called between cells.
func (s *Session) Snapshot() (snap Snapshot) {
	s.mu.Lock()
	defer s.mu.Unlock()
	defer func() {
		if p := recover(); p != nil {
			// Reading the interpreter's state failed: what is written down so far stands,
			// and the rest of the session is said to be lost.
			snap.Lost = append(snap.Lost, evalproto.Lost{Name: "(the rest of the session)", Why: fmt.Sprintf("writing it down failed: %v", p)})
		}
	}()
	if s.closed || s.in == nil {
		return snap
	}
	imports := s.scope.imports()
	names := make([]string, 0, len(imports))
	for n := range imports {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if n == "_" {
			continue
		}
		snap.Chunks = append(snap.Chunks, evalproto.Chunk{Kind: "import", Names: []string{n},
			Source: "import " + n + " " + strconv.Quote(imports[n])})
	}

	defs := make([]*definition, 0, s.decls.defCount())
	for d := range s.decls.defs() {
		defs = append(defs, d)
	}
	sort.Slice(defs, func(i, j int) bool { return defs[i].order < defs[j].order })
	globals := s.in.Globals()
	cellOf := func(d *definition) int {
		var n int
		if _, err := fmt.Sscanf(s.label(d.serial), "cell[%d]", &n); err != nil {
			return 0
		}
		return n
	}
	vals := &snapshotValues{types: s.sessionTypes(imports), qualifier: qualifierFor(imports)}
	seenSrc := map[string]bool{}
	byVar := map[string]int{}  // variable -> index of its chunk
	cudaChunk := map[int]int{} // serial of a %%cuda cell -> index of its chunk
	for _, d := range defs {
		cell := cellOf(d)
		switch d.kind {
		case chunkType, chunkFunc, chunkMethod:
			if d.name == "main" && d.kind == chunkFunc {
				snap.Lost = append(snap.Lost, evalproto.Lost{Name: "main", Cell: cell, Why: "a cell's func main ran when it was defined; it is not run again"})
				continue
			}
			if d.src == "" {
				snap.Lost = append(snap.Lost, evalproto.Lost{Name: d.name, Cell: cell, Why: "its source is not known"})
				continue
			}
			key := fmt.Sprintf("%d\x00%s", d.serial, d.src)
			if seenSrc[key] {
				continue // one declaration of several names (type ( A int; B string ))
			}
			seenSrc[key] = true
			kind := map[chunkKind]string{chunkType: "type", chunkFunc: "func", chunkMethod: "method"}[d.kind]
			snap.Chunks = append(snap.Chunks, evalproto.Chunk{Cell: cell, Kind: kind, Names: []string{d.name},
				Source: strings.Repeat("\n", max(d.line-1, 0)) + strings.Repeat(" ", max(d.col-1, 0)) + d.src})
		case chunkConst:
			src := s.decls.typeSrc(d.name)
			if !strings.HasPrefix(src, "const ") {
				snap.Lost = append(snap.Lost, evalproto.Lost{Name: d.name, Cell: cell, Why: "its value is not known"})
				continue
			}
			snap.Chunks = append(snap.Chunks, evalproto.Chunk{Cell: cell, Kind: "const", Names: []string{d.name}, Source: src})
		case chunkVar:
			if strings.HasPrefix(d.name, "_pb") {
				continue
			}
			if src, ok := s.cudaCell(d.serial); ok {
				// A %%cuda cell's kernel: the cell runs again (NVRTC, or the simulator,
				// compiles it anew), once for all its kernels.
				if i, seen := cudaChunk[d.serial]; seen {
					snap.Chunks[i].Names = append(snap.Chunks[i].Names, d.name)
				} else {
					cudaChunk[d.serial] = len(snap.Chunks)
					snap.Chunks = append(snap.Chunks, evalproto.Chunk{Cell: cell, Kind: "cuda", Names: []string{d.name}, Source: src})
				}
				continue
			}
			v, ok := globals[d.name]
			if !ok {
				continue // not a variable of the session any more
			}
			if s.decls.isStale(d.name) {
				snap.Lost = append(snap.Lost, evalproto.Lost{Name: d.name, Cell: cell, Why: "its type was redefined after it was made (its value is of the old type)"})
				continue
			}
			src, typ, err := vals.declare(d.name, v)
			if err != nil {
				snap.Lost = append(snap.Lost, evalproto.Lost{Name: d.name, Type: typ, Cell: cell, Why: err.Error()})
				continue
			}
			byVar[d.name] = len(snap.Chunks)
			snap.Chunks = append(snap.Chunks, evalproto.Chunk{Cell: cell, Kind: "var", Names: []string{d.name}, Source: src})
		}
	}
	// Variables the session made without a recorded definition (a %%cuda cell's kernels):
	// written down the same way, or named.
	var others []string
	for name := range globals {
		if d, ok := s.decls.def(name); (!ok || d.kind != chunkVar) && !strings.HasPrefix(name, "_pb") && name != "_" && s.isSessionVar(name) {
			others = append(others, name)
		}
	}
	sort.Strings(others)
	for _, name := range others {
		src, typ, err := vals.declare(name, globals[name])
		if err != nil {
			snap.Lost = append(snap.Lost, evalproto.Lost{Name: name, Type: typ, Why: err.Error()})
			continue
		}
		byVar[name] = len(snap.Chunks)
		snap.Chunks = append(snap.Chunks, evalproto.Chunk{Kind: "var", Names: []string{name}, Source: src})
	}
	dropShared(&snap, vals, byVar)
	// Go's package-level declarations don't depend on their order, the interpreter's do:
	// what the others need comes first, each kind in cell order.
	rank := map[string]int{"import": 0, "cuda": 1, "type": 1, "const": 1, "var": 2, "func": 3, "method": 3}
	sort.SliceStable(snap.Chunks, func(i, j int) bool { return rank[snap.Chunks[i].Kind] < rank[snap.Chunks[j].Kind] })
	sort.SliceStable(snap.Lost, func(i, j int) bool { return snap.Lost[i].Name < snap.Lost[j].Name })
	return snap
}

// dropShared takes out of snap the variables whose memory overlaps another's or their own
// (byVar: a variable's chunk): they can't come back as separate literals, so they are
// named lost.
func dropShared(snap *Snapshot, vals *snapshotValues, byVar map[string]int) {
	// Variables whose memory overlaps can't come back as separate literals.
	drop := map[int]bool{}
	for name, other := range vals.shared() {
		i, ok := byVar[name]
		if !ok {
			continue
		}
		drop[i] = true
		why := "shares memory with " + other + " (written down separately they would no longer share it)"
		if other == name {
			why = "holds the same memory twice (a pointer, slice or map reached two ways)"
		}
		snap.Lost = append(snap.Lost, evalproto.Lost{Name: name, Type: vals.typeOf[name], Cell: snap.Chunks[i].Cell, Why: why})
	}
	if len(drop) > 0 {
		kept := snap.Chunks[:0]
		for i, c := range snap.Chunks {
			if !drop[i] {
				kept = append(kept, c)
			}
		}
		snap.Chunks = kept
	}
}

// cudaCell returns the text of cell serial when it is a %%cuda cell.
func (s *Session) cudaCell(serial int) (string, bool) {
	s.cellsMu.RLock()
	c, ok := s.cells[serial]
	s.cellsMu.RUnlock()
	if !ok {
		return "", false
	}
	for _, line := range c.lines {
		switch strings.TrimSpace(line) {
		case "":
			continue
		case "%%cuda", "//peerbook:cuda":
			return strings.Join(c.lines, "\n"), true
		}
		return "", false
	}
	return "", false
}

// sessionTypes type-checks what the session remembers of its declarations and returns the
// package: the types of its variables, as go/types knows them.
func (s *Session) sessionTypes(imports map[string]string) *types.Package {
	f := &ast.File{Name: ast.NewIdent("main")}
	f.Decls = append(f.Decls, importDecl(imports, nil))
	for _, k := range s.decls.typedNames() {
		td, _ := s.decls.typed(k)
		f.Decls = append(f.Decls, td.decl)
	}
	conf := types.Config{Importer: s.typer.imp, Error: func(error) {}}
	var pkg *types.Package
	func() {
		defer func() { _ = recover() }() // a checker bug must not stop the snapshot
		pkg, _ = conf.Check("main", s.typer.fset, []*ast.File{f}, nil)
	}()
	return pkg
}

// gpuPkgPath is the path of the gpu package: its values (buffers, devices, streams) are
// state of the process.
var gpuPkgPath = shortImportPaths["peerbook/gpu"]

// qualifierFor names packages as the session imports them.
func qualifierFor(imports map[string]string) func(*types.Package) string {
	byPath := map[string]string{}
	for _, name := range sortedKeys(imports) {
		p := imports[name]
		if prev, ok := byPath[p]; !ok || (strings.HasPrefix(prev, "_pb") && !strings.HasPrefix(name, "_pb")) {
			byPath[p] = name
		}
		if full, ok := shortImportPaths[p]; ok { // "peerbook/gpu": its types are github.com/peerbook/peerbook/gpu's
			if _, ok := byPath[full]; !ok {
				byPath[full] = name
			}
		}
	}
	return func(p *types.Package) string {
		if p.Path() == "main" {
			return ""
		}
		if n, ok := byPath[p.Path()]; ok {
			return n
		}
		return "\x00" + p.Path() // not imported: refused by declare
	}
}

// snapshotValues writes variables' values as Go literals.
type snapshotValues struct {
	types     *types.Package
	qualifier func(*types.Package) string
	total     int
	typeOf    map[string]string

	// memory reached so far: [start, end) ranges of arrays, pointed-to values and maps, by
	// the variable that reaches them
	ranges []memRange
}

type memRange struct {
	start, end uintptr
	owner      string
}

// declare returns `var name T = LITERAL` for a session variable, or why it can't.
func (w *snapshotValues) declare(name string, v reflect.Value) (src, typ string, err error) {
	start := len(w.ranges)
	defer func() {
		if p := recover(); p != nil {
			w.ranges = w.ranges[:start]
			src, err = "", fmt.Errorf("its value could not be read (%v)", p)
		}
	}()
	if w.typeOf == nil {
		w.typeOf = map[string]string{}
	}
	if w.types == nil {
		return "", "", fmt.Errorf("the session's types could not be checked")
	}
	obj, ok := w.types.Scope().Lookup(name).(*types.Var)
	if !ok || obj.Type() == nil || obj.Type() == types.Typ[types.Invalid] {
		return "", "", fmt.Errorf("its type is not known to the session's type checker (a %%%%cuda cell's kernel, or a variable whose type was redefined since)")
	}
	typ = types.TypeString(obj.Type(), w.qualifier)
	w.typeOf[name] = typ
	if i := strings.IndexByte(typ, 0); i >= 0 {
		p := typ[i+1:]
		if j := strings.IndexAny(p, "[]), "); j >= 0 {
			p = p[:j] // the path and the type's name: github.com/x/y.T
		}
		if j := strings.LastIndexByte(p, '.'); j >= 0 {
			p = p[:j]
		}
		return "", strings.ReplaceAll(typ, "\x00", ""), fmt.Errorf("its type mentions package %s, which no cell imports", p)
	}
	lw := &literalWriter{w: w, owner: name, limit: min(snapshotVarLimit, snapshotTotalLimit-w.total)}
	if err := lw.write(obj.Type(), v); err != nil {
		w.ranges = w.ranges[:start]
		return "", typ, err
	}
	w.total += lw.b.Len()
	return "var " + name + " " + typ + " = " + lw.b.String(), typ, nil
}

// shared returns the variables whose memory overlaps another's (or its own, reached twice),
// each with one variable it shares with.
func (w *snapshotValues) shared() map[string]string {
	out := map[string]string{}
	r := w.ranges
	sort.Slice(r, func(i, j int) bool { return r[i].start < r[j].start })
	var far memRange // the range reaching furthest so far
	for i, m := range r {
		if i > 0 && m.start < far.end {
			out[m.owner] = far.owner
			if _, ok := out[far.owner]; !ok {
				out[far.owner] = m.owner
			}
		}
		if m.end > far.end {
			far = m
		}
	}
	return out
}

// literalWriter writes one value.
type literalWriter struct {
	w     *snapshotValues
	owner string
	limit int
	b     strings.Builder
}

// errTooLarge is a value whose literal passes the limit.
type errTooLarge struct{ limit int }

func (e errTooLarge) Error() string {
	return fmt.Sprintf("its value is too large to carry over (more than %d KB as Go source)", e.limit>>10)
}

func (lw *literalWriter) str(s string) error {
	lw.b.WriteString(s)
	if lw.b.Len() > lw.limit {
		return errTooLarge{lw.limit}
	}
	return nil
}

// reach records memory of size bytes at p as reached by this variable.
func (lw *literalWriter) reach(p uintptr, size uintptr) {
	if p == 0 || size == 0 {
		return
	}
	lw.w.ranges = append(lw.w.ranges, memRange{start: p, end: p + size, owner: lw.owner})
}

// write writes v, a value of type t, as a literal assignable to t.
func (lw *literalWriter) write(t types.Type, v reflect.Value) error {
	for v.IsValid() && v.Kind() == reflect.Interface && !isInterface(t) {
		v = v.Elem()
	}
	if !v.IsValid() {
		return fmt.Errorf("its value could not be read")
	}
	name := types.TypeString(t, lw.w.qualifier)
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() != "main" {
		if st, ok := n.Underlying().(*types.Struct); ok {
			for i := 0; i < st.NumFields(); i++ {
				if !st.Field(i).Exported() && n.Obj().Pkg().Path() == gpuPkgPath {
					return fmt.Errorf("a %s is memory or state of a device of the old process, which ended with it: make it again in this session", name)
				}
				if !st.Field(i).Exported() {
					return fmt.Errorf("a %s holds unexported fields of package %s (state a Go literal can't rebuild)", name, n.Obj().Pkg().Path())
				}
			}
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return lw.basic(u, v)
	case *types.Pointer:
		if v.Kind() != reflect.Pointer {
			return errRepr(name, v)
		}
		if v.IsNil() {
			return lw.str("nil")
		}
		switch u.Elem().Underlying().(type) {
		case *types.Struct, *types.Array, *types.Slice, *types.Map:
		default:
			return fmt.Errorf("a pointer to a %s (a Go literal can only point at a composite)", types.TypeString(u.Elem(), lw.w.qualifier))
		}
		lw.reach(v.Pointer(), max(v.Type().Elem().Size(), 1))
		if err := lw.str("&"); err != nil {
			return err
		}
		return lw.write(u.Elem(), v.Elem())
	case *types.Slice:
		if v.Kind() != reflect.Slice {
			return errRepr(name, v)
		}
		if v.IsNil() {
			return lw.str("nil")
		}
		lw.reach(v.Pointer(), uintptr(v.Cap())*v.Type().Elem().Size())
		return lw.elems(name, u.Elem(), v)
	case *types.Array:
		if v.Kind() != reflect.Array {
			return errRepr(name, v)
		}
		return lw.elems(name, u.Elem(), v)
	case *types.Map:
		if v.Kind() != reflect.Map {
			return errRepr(name, v)
		}
		if v.IsNil() {
			return lw.str("nil")
		}
		lw.reach(v.Pointer(), 1)
		type kv struct{ k, v string }
		var entries []kv
		iter := v.MapRange()
		for iter.Next() {
			kw := &literalWriter{w: lw.w, owner: lw.owner, limit: lw.limit}
			if err := kw.write(u.Key(), iter.Key()); err != nil {
				return err
			}
			vw := &literalWriter{w: lw.w, owner: lw.owner, limit: lw.limit}
			if err := vw.write(u.Elem(), iter.Value()); err != nil {
				return err
			}
			entries = append(entries, kv{kw.b.String(), vw.b.String()})
			if lw.b.Len()+len(entries)*4+len(kw.b.String())+len(vw.b.String()) > lw.limit {
				return errTooLarge{lw.limit}
			}
		}
		sort.Slice(entries, func(i, j int) bool { return entries[i].k < entries[j].k })
		if err := lw.str(name + "{"); err != nil {
			return err
		}
		for i, e := range entries {
			if i > 0 && e.k == entries[i-1].k {
				return fmt.Errorf("a map with two keys written the same way (%s)", e.k)
			}
			if i > 0 {
				lw.b.WriteString(", ")
			}
			if err := lw.str(e.k + ": " + e.v); err != nil {
				return err
			}
		}
		return lw.str("}")
	case *types.Struct:
		if v.Kind() != reflect.Struct || v.NumField() != u.NumFields() {
			return errRepr(name, v)
		}
		if err := lw.str(name + "{"); err != nil {
			return err
		}
		first := true
		for i := 0; i < u.NumFields(); i++ {
			f := u.Field(i)
			if f.Name() == "_" {
				continue
			}
			if !first {
				lw.b.WriteString(", ")
			}
			first = false
			if err := lw.str(f.Name() + ": "); err != nil {
				return err
			}
			if err := lw.write(f.Type(), v.Field(i)); err != nil {
				return err
			}
		}
		return lw.str("}")
	case *types.Interface:
		if (v.Kind() == reflect.Interface || v.Kind() == reflect.Pointer) && v.IsNil() {
			return lw.str("nil")
		}
		return fmt.Errorf("an interface (%s) holding a value (its dynamic type is not carried over)", name)
	case *types.Signature:
		if v.Kind() == reflect.Func && v.IsNil() {
			return lw.str("nil")
		}
		return fmt.Errorf("a function value (a closure's state can't be written down)")
	case *types.Chan:
		if v.Kind() == reflect.Chan && v.IsNil() {
			return lw.str("nil")
		}
		return fmt.Errorf("a channel (what it holds and who waits on it can't be carried over)")
	}
	return fmt.Errorf("a %s (not plain data)", name)
}

// isInterface reports whether t's underlying type is an interface.
func isInterface(t types.Type) bool {
	_, ok := t.Underlying().(*types.Interface)
	return ok
}

// errRepr is a value whose representation is not the one its type says.
func errRepr(name string, v reflect.Value) error {
	return fmt.Errorf("a %s whose value is represented as %s (not carried over)", name, v.Type())
}

// elems writes the elements of a slice or array.
func (lw *literalWriter) elems(name string, elem types.Type, v reflect.Value) error {
	if err := lw.str(name + "{"); err != nil {
		return err
	}
	for i := 0; i < v.Len(); i++ {
		if i > 0 {
			lw.b.WriteString(", ")
		}
		if err := lw.write(elem, v.Index(i)); err != nil {
			return err
		}
	}
	return lw.str("}")
}

// basic writes a boolean, number or string as an untyped constant (assignable to any type
// with that underlying type).
func (lw *literalWriter) basic(b *types.Basic, v reflect.Value) error {
	info := b.Info()
	switch {
	case info&types.IsBoolean != 0 && v.Kind() == reflect.Bool:
		return lw.str(strconv.FormatBool(v.Bool()))
	case info&types.IsString != 0 && v.Kind() == reflect.String:
		return lw.str(strconv.Quote(v.String()))
	case info&types.IsInteger != 0 && v.CanInt():
		return lw.str(strconv.FormatInt(v.Int(), 10))
	case info&types.IsInteger != 0 && v.CanUint():
		return lw.str(strconv.FormatUint(v.Uint(), 10))
	case info&types.IsFloat != 0 && v.CanFloat():
		return lw.float(v.Float(), v.Type().Bits())
	case info&types.IsComplex != 0 && v.CanComplex():
		c := v.Complex()
		bits := v.Type().Bits() / 2
		if err := lw.str("complex("); err != nil {
			return err
		}
		if err := lw.float(real(c), bits); err != nil {
			return err
		}
		lw.b.WriteString(", ")
		if err := lw.float(imag(c), bits); err != nil {
			return err
		}
		return lw.str(")")
	}
	return fmt.Errorf("a %s (not plain data)", b.Name())
}

// float writes f exactly (the shortest decimal that reads back as the same value).
func (lw *literalWriter) float(f float64, bits int) error {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return fmt.Errorf("it holds %v, which has no Go literal", f)
	}
	s := strconv.FormatFloat(f, 'g', -1, bits)
	if f == 0 && math.Signbit(f) {
		return fmt.Errorf("it holds -0, which has no Go literal")
	}
	return lw.str(s)
}
