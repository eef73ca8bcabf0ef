package eval

import (
	"fmt"
	"go/ast"
	"go/parser"
	"sort"
	"strings"

	"github.com/peerbook/peerbook/eval/third_party/yaegi/interp"
)

// redefinition undoes what prepareRedefinition changed in the interpreter's scope when the
// compilation it prepared fails, so that a cell that does not compile leaves the session as
// it was.
type redefinition struct {
	s       *Session
	symbols map[string]interp.ScopeSymbol // name -> previous symbol (invalid: there was none)
	methods map[string]interp.MethodSet   // type name -> previous methods
	before  map[string]bool               // the names of the scope before the compilation
	// cands, when not nil, are the only names the compilation can add (before then holds
	// those of them that existed); nil: before holds every name of the scope.
	cands map[string]bool
}

// prepareRedefinition gets the interpreter ready to compile declarations of names:
//   - a type (or, in a file of declarations, any name) that exists is forgotten first, because
//     yaegi silently keeps the old type of a redeclared type name;
//   - a method that exists is dropped from its type, because yaegi keeps the first one;
//   - an import under a name that a file of declarations defines is forgotten (see
//     settleImports).
func (s *Session) prepareRedefinition(node ast.Node, names []string, declFile bool) *redefinition {
	r := &redefinition{s: s, symbols: map[string]interp.ScopeSymbol{}, methods: map[string]interp.MethodSet{}}
	r.before, r.cands = s.namesBefore(node)
	for _, n := range names {
		if i := strings.IndexByte(n, '.'); i >= 0 {
			typ, method := n[:i], n[i+1:]
			if _, seen := r.methods[typ]; !seen {
				r.methods[typ] = s.scope.methodSlice(typ)
			}
			s.scope.dropMethod(typ, method)
			continue
		}
		if declFile {
			r.forgetImport(n) // a cell's import of another path under a name replaces it
		}
		sym := s.scope.symbol(n)
		if !sym.IsValid() {
			if _, seen := r.symbols[n]; !seen {
				r.symbols[n] = interp.ScopeSymbol{}
			}
			continue
		}
		if declFile || s.scope.symKind(sym) == "type" {
			r.symbols[n] = sym
			s.scope.forget(n)
		}
	}
	return r
}

// finishCompile restores, when the compilation failed, the previous symbols, and removes
// what the failed compilation left behind (yaegi declares names it could not resolve).
func (r *redefinition) finishCompile(ok bool) {
	if ok {
		return
	}
	for n := range r.s.scope.keys() {
		if !r.before[n] && (r.cands == nil || r.cands[n]) {
			r.s.scope.forget(n)
		}
	}
	for n, sym := range r.symbols {
		r.s.scope.restore(n, sym)
	}
	for typ, m := range r.methods {
		r.s.scope.setMethodSlice(typ, m)
	}
}

// reevaluate compiles again the session's functions, methods and types that use a name the
// cell redefined (changed), so that every caller sees the new definition: yaegi binds a call
// to the function that existed when the caller was compiled. Names the cell defined itself
// (definedNow) are left alone. What no longer compiles keeps its old meaning and is reported
// on stderr, as are variables that still hold values of a redefined type.
func (s *Session) reevaluate(changed, definedNow map[string]bool) {
	if len(changed) == 0 {
		return
	}
	keys := map[string]bool{}
	for n := range changed {
		if i := strings.IndexByte(n, '.'); i >= 0 {
			keys["."+n[i+1:]] = true
			continue
		}
		keys[n] = true
	}
	deps := s.decls.dependents(keys, definedNow)
	var notes []string
	if len(deps) > 0 {
		if err := s.recompile(deps); err != nil {
			// Try one at a time, so that what still compiles is updated.
			for _, d := range deps {
				if err := s.recompile([]*definition{d}); err != nil {
					notes = append(notes, fmt.Sprintf("%s (%s) was not updated and still uses the previous definitions: %s",
						d.name, s.label(d.serial), asError(err).Value))
				}
			}
		}
	}
	// Variables holding values of a redefined type.
	var types []string
	for n := range changed {
		if d, ok := s.decls.def(n); ok && d.kind == chunkType {
			types = append(types, n)
		}
	}
	sort.Strings(types)
	for _, t := range types {
		vars := s.decls.varsOfType(t, s.varType, definedNow)
		if len(vars) == 0 {
			continue
		}
		var names, cells []string
		seen := map[int]bool{}
		for _, v := range vars {
			names = append(names, v.name)
			if !seen[v.serial] {
				seen[v.serial] = true
				cells = append(cells, s.label(v.serial))
			}
		}
		notes = append(notes, fmt.Sprintf("%s still hold%s values of the previous type %s; re-run %s to rebuild %s",
			strings.Join(names, ", "), plural(len(names) == 1, "s", ""), t, strings.Join(cells, ", "), plural(len(names) == 1, "it", "them")))
	}
	if len(notes) > 0 {
		var b strings.Builder
		for _, n := range notes {
			b.WriteString(ansiYellow + "note: " + ansiReset + n + "\n")
		}
		_, _ = s.stderr.w.Write([]byte(b.String()))
	}
}

func plural(one bool, a, b string) string {
	if one {
		return a
	}
	return b
}

// varType returns the Go spelling of a session variable's type.
func (s *Session) varType(name string) string {
	return s.scope.typeString(s.scope.symbol(name))
}

// recompile compiles the definitions again from their sources, as one file.
func (s *Session) recompile(defs []*definition) error {
	var st step
	st.kind = stepDecls
	for _, d := range defs {
		text := "package main\n" + lineDirective(d.serial, d.line, d.col) + d.src
		f, err := parser.ParseFile(s.in.FileSet(), srcFile, text, parser.ParseComments)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			it := &item{decl: decl, file: f, src: d.src, line: d.line, col: d.col}
			analyse(it)
			if fd, ok := decl.(*ast.FuncDecl); ok {
				wrapGo(fd, d.serial)
				s.markPanics(fd)
			}
			st.items = append(st.items, it)
		}
	}
	// The signatures of the functions and methods, for the typer: a redeclared type's methods
	// lost theirs (cellTyper.remember).
	sigs := map[string]string{}
	for _, it := range st.items {
		if _, ok := it.decl.(*ast.FuncDecl); ok {
			for name, src := range (&cellTypes{}).memory(s.in.FileSet(), it) {
				sigs[name] = src
			}
		}
	}
	node := s.buildNode(&st, 0)
	if s.rw != nil {
		if err := s.rewriteCell(node.(*ast.File), nil); err != nil {
			return err
		}
	}
	undo := s.prepareRedefinition(node, st.defs(), true)
	prog, err := s.compile(node, false)
	undo.finishCompile(err == nil)
	if err != nil {
		return err
	}
	// A file of functions, methods and types runs nothing but yaegi's bookkeeping.
	if _, err = s.in.Execute(prog); err == nil {
		s.typer.remember(sigs)
	}
	return err
}
