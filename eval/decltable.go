package eval

import (
	"go/ast"
	"iter"
	"sort"
	"strings"

	"github.com/peerbook/peerbook/eval/internal/rewrite"
)

// declTable is the session's one table of the names its cells declared ("T.M" for a
// method): one entry per name, holding what the session knows of it.
//
//   - the definition (defs.go): kind, defining cell, source, doc comment, signature, the
//     names it uses; for re-evaluation, completion, inspection, %who and snapshots;
//   - the type declaration (typeDecl): one Go declaration that recreates the name's type
//     (a var with its type, a const with its value, a func or method signature, a type),
//     against which go/types checks each cell (typecheck.go), with its staleness;
//   - the rewriter's declaration (rw): the declaration that recreates the name's type as
//     the rewriter spells it, for the checks it makes itself (see sessionState)
//     (eval/internal/rewrite, which keeps it here through rewrite.DeclStore).
//
// The parts have their own lifetimes, kept as they were when they were separate tables: a
// redeclared type loses the type declarations of its methods but keeps their definitions;
// a cell's temporary variable loses its definition when the cell ends but keeps its type
// declaration; the rewriter records its declarations when it rewrites a cell, before the
// cell compiles, and forgets them by its own rules. An entry goes when it holds none.
type declTable struct {
	byName map[string]*declared
	// methods: type name -> the keys of its methods that have a type declaration ("T.M"),
	// kept by setType and dropType so that needed does not walk every entry.
	methods map[string][]string
	// typeNames are the names whose type declaration declares a type (not a method).
	typeNames map[string]bool
	next      int // the order the next definition gets
}

// declared is the entry of one name in the declTable. Either part may be nil.
type declared struct {
	def   *definition
	typ   *typeDecl
	rw    string // the rewriter's declaration, if hasRW
	hasRW bool
}

// typeDecl is the Go declaration that recreates a session name's type for go/types.
type typeDecl struct {
	decl  ast.Decl
	src   string   // decl as source
	refs  []string // the names decl mentions
	stale bool     // a variable whose type names a type redefined since
}

var _ rewrite.DeclStore = (*declTable)(nil)

func newDeclTable() *declTable {
	return &declTable{byName: map[string]*declared{}, methods: map[string][]string{}, typeNames: map[string]bool{}}
}

// entry returns the entry of name, made if needed.
func (t *declTable) entry(name string) *declared {
	e := t.byName[name]
	if e == nil {
		e = &declared{}
		t.byName[name] = e
	}
	return e
}

// prune drops the entry of name when it holds nothing.
func (t *declTable) prune(name string) {
	if e := t.byName[name]; e != nil && e.def == nil && e.typ == nil && !e.hasRW {
		delete(t.byName, name)
	}
}

// def returns the definition of name.
func (t *declTable) def(name string) (*definition, bool) {
	if e := t.byName[name]; e != nil && e.def != nil {
		return e.def, true
	}
	return nil, false
}

// defCount returns how many names have a definition.
func (t *declTable) defCount() int {
	n := 0
	for _, e := range t.byName {
		if e.def != nil {
			n++
		}
	}
	return n
}

// defs yields the definitions, in no order.
func (t *declTable) defs() iter.Seq[*definition] {
	return func(yield func(*definition) bool) {
		for _, e := range t.byName {
			if e.def != nil && !yield(e.def) {
				return
			}
		}
	}
}

// setDef records the definition d of d.name, replacing the one before.
func (t *declTable) setDef(d *definition) { t.entry(d.name).def = d }

// dropDef forgets the definition of name.
func (t *declTable) dropDef(name string) {
	if e := t.byName[name]; e != nil {
		e.def = nil
		t.prune(name)
	}
}

// typed returns the type declaration of name.
func (t *declTable) typed(name string) (*typeDecl, bool) {
	if e := t.byName[name]; e != nil && e.typ != nil {
		return e.typ, true
	}
	return nil, false
}

// typeSrc returns the source of name's type declaration, "" if none.
func (t *declTable) typeSrc(name string) string {
	if td, ok := t.typed(name); ok {
		return td.src
	}
	return ""
}

// isStale reports whether name is a variable whose type names a type redefined since it
// was made.
func (t *declTable) isStale(name string) bool {
	td, ok := t.typed(name)
	return ok && td.stale
}

// typedNames returns, sorted, the names that have a type declaration.
func (t *declTable) typedNames() []string {
	keys := make([]string, 0, len(t.byName))
	for k, e := range t.byName {
		if e.typ != nil {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys
}

// setType records the type declaration of name (not stale), replacing the one before.
func (t *declTable) setType(name string, decl ast.Decl, src string, refs []string) {
	e := t.entry(name)
	if base, _, ok := strings.Cut(name, "."); ok && e.typ == nil {
		t.methods[base] = append(t.methods[base], name)
	}
	e.typ = &typeDecl{decl: decl, src: src, refs: refs}
	if strings.HasPrefix(src, "type ") && !strings.Contains(name, ".") {
		t.typeNames[name] = true
	} else {
		delete(t.typeNames, name)
	}
}

// dropType forgets the type declaration of name.
func (t *declTable) dropType(name string) {
	e := t.byName[name]
	if e == nil || e.typ == nil {
		return
	}
	if base, _, ok := strings.Cut(name, "."); ok {
		ms := t.methods[base]
		for i, m := range ms {
			if m == name {
				t.methods[base] = append(ms[:i:i], ms[i+1:]...)
				break
			}
		}
		if len(t.methods[base]) == 0 {
			delete(t.methods, base)
		}
	}
	e.typ = nil
	delete(t.typeNames, name)
	t.prune(name)
}

// RewriterDecl returns the rewriter's declaration of name (rewrite.DeclStore).
func (t *declTable) RewriterDecl(name string) (string, bool) {
	if e := t.byName[name]; e != nil && e.hasRW {
		return e.rw, true
	}
	return "", false
}

// SetRewriterDecl records the rewriter's declaration of name (rewrite.DeclStore).
func (t *declTable) SetRewriterDecl(name, src string) {
	e := t.entry(name)
	e.rw, e.hasRW = src, true
}

// DropRewriterDecl forgets the rewriter's declaration of name (rewrite.DeclStore).
func (t *declTable) DropRewriterDecl(name string) {
	if e := t.byName[name]; e != nil {
		e.rw, e.hasRW = "", false
		t.prune(name)
	}
}
