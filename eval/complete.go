package eval

import (
	"go/constant"
	"go/scanner"
	"go/token"
	"reflect"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/peerbook/peerbook/eval/internal/stdlib"
	"github.com/peerbook/peerbook/internal/modulegen/naming"
)

// goKeywords are Go's keywords, offered by completion.
var goKeywords = []string{
	"break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough",
	"for", "func", "go", "goto", "if", "import", "interface", "map", "package", "range",
	"return", "select", "struct", "switch", "type", "var",
}

// predeclared are Go's predeclared identifiers.
var predeclared = map[string]string{
	"any": "type", "bool": "type", "byte": "type", "comparable": "type", "complex64": "type",
	"complex128": "type", "error": "type", "float32": "type", "float64": "type", "int": "type",
	"int8": "type", "int16": "type", "int32": "type", "int64": "type", "rune": "type",
	"string": "type", "uint": "type", "uint8": "type", "uint16": "type", "uint32": "type",
	"uint64": "type", "uintptr": "type", "true": "const", "false": "const", "iota": "const",
	"nil": "const", "append": "func", "cap": "func", "clear": "func", "close": "func",
	"complex": "func", "copy": "func", "delete": "func", "imag": "func", "len": "func",
	"make": "func", "max": "func", "min": "func", "new": "func", "panic": "func",
	"print": "func", "println": "func", "real": "func", "recover": "func",
}

// candidate is one completion.
type candidate struct {
	text string
	kind string // Jupyter's types: "function", "variable", "keyword", "module", "class", "instance"
	sig  string
}

// completionIndex is what completion searches, rebuilt after each cell so that a request
// only filters sorted lists.
type completionIndex struct {
	top      []candidate            // session names, keywords, predeclared names, imported packages
	imports  map[string]string      // package name -> import path (session imports)
	members  map[string][]candidate // import path -> exported members, sorted
	paths    []string               // importable package paths
	varTypes map[string]string      // session variable -> Go spelling of its type
}

// packageTables returns the symbol tables of every importable package, by import path.
func packageTables() map[string]map[string]reflect.Value {
	out := map[string]map[string]reflect.Value{}
	add := func(tables map[string]map[string]reflect.Value) {
		for key, syms := range tables {
			i := strings.LastIndex(key, "/")
			if i < 0 {
				continue
			}
			out[key[:i]] = syms
		}
	}
	add(stdlib.Symbols)
	add(projectSymbols())
	add(extraTables)
	for short, full := range shortImportPaths {
		if t, ok := out[full]; ok {
			out[short] = t
		}
	}
	return out
}

// tablesCache holds the package tables and member lists (they change only when a session
// brings packages of its own, addPackageTables).
var tablesCache struct {
	sync.Mutex
	tables  map[string]map[string]reflect.Value
	members map[string][]candidate
	paths   []string
	// enriched: members with their source's declarations and generics (packageMembers)
	enriched map[string][]candidate
}

// extraTables are the packages sessions brought (Options.Packages), keyed as interp.Use
// keys them; guarded by tablesCache's mutex.
var extraTables = map[string]map[string]reflect.Value{}

// addPackageTables makes completion and inspect know the packages of Options.Packages. They
// are the process's (an evaluator binary is built with them), so every session sees them.
func addPackageTables(tables map[string]map[string]reflect.Value) {
	if len(tables) == 0 {
		return
	}
	tablesCache.Lock()
	defer tablesCache.Unlock()
	for key, syms := range tables {
		extraTables[key] = syms
	}
	tablesCache.members, tablesCache.enriched = nil, nil
}

func memberTables() (map[string][]candidate, []string) {
	tablesCache.Lock()
	defer tablesCache.Unlock()
	if tablesCache.members != nil {
		return tablesCache.members, tablesCache.paths
	}
	tables := packageTables()
	members := map[string][]candidate{}
	var paths []string
	for path, syms := range tables {
		paths = append(paths, path)
		var list []candidate
		spell := typeSpeller(path, syms)
		for name, v := range syms {
			if !token.IsExported(name) || naming.IsInstance(name) {
				continue
			}
			list = append(list, memberCandidate(name, v, spell))
		}
		list = append(list, genericCandidates(syms)...)
		sort.Slice(list, func(i, j int) bool { return list[i].text < list[j].text })
		members[path] = list
	}
	sort.Strings(paths)
	tablesCache.tables, tablesCache.members, tablesCache.paths = tables, members, paths
	return members, paths
}

// genericCandidates describes the generic functions and types of a compiled third-party
// package (their instances are in its symbols under mangled names, see
// internal/modulegen/naming; the generics themselves are listed in its table).
func genericCandidates(syms map[string]reflect.Value) []candidate {
	v, ok := syms[naming.Table]
	if !ok {
		return nil
	}
	table, _ := v.Interface().(map[string]string)
	var list []candidate
	for key, decl := range table {
		name, ok := strings.CutPrefix(key, naming.DeclPrefix)
		if !ok {
			continue
		}
		_, sig, _ := strings.Cut(decl, "\n")
		kind := "function"
		if strings.HasPrefix(sig, "type ") {
			kind = "class"
		}
		list = append(list, candidate{text: name, kind: kind, sig: sig})
	}
	return list
}

// moduleDoc returns the signature and doc comment of a compiled third-party package's
// member ("T.M" for a method), gathered when its evaluator was built.
func moduleDoc(path, name string) (string, bool) {
	tablesCache.Lock()
	defer tablesCache.Unlock()
	for key, syms := range extraTables {
		if key[:max(strings.LastIndex(key, "/"), 0)] != path {
			continue
		}
		if v, ok := syms[naming.Docs]; ok {
			docs, _ := v.Interface().(map[string]string)
			if text, ok := docs[name]; ok {
				return strings.TrimSpace(text), true
			}
		}
	}
	return "", false
}

// typeSpeller spells a reflect type by the names of the package at path where it has one:
// an alias of another package's type is spelled with the package's own name, as go doc does.
func typeSpeller(path string, syms map[string]reflect.Value) func(reflect.Type) string {
	pkg := path[strings.LastIndex(path, "/")+1:]
	own := map[reflect.Type]string{}
	for name, v := range syms {
		if token.IsExported(name) && v.IsValid() && v.Kind() == reflect.Pointer && v.IsNil() {
			own[v.Type().Elem()] = pkg + "." + name
		}
	}
	return func(t reflect.Type) string {
		if n, ok := own[t]; ok {
			return n
		}
		return t.String()
	}
}

// memberCandidate describes an exported symbol of a compiled package; spell writes types.
func memberCandidate(name string, v reflect.Value, spell func(reflect.Type) string) candidate {
	switch {
	case !v.IsValid():
		return candidate{text: name, kind: "variable"}
	case v.Kind() == reflect.Func:
		return candidate{text: name, kind: "function", sig: "func " + name + strings.TrimPrefix(v.Type().String(), "func")}
	case v.Kind() == reflect.Pointer && v.IsNil():
		return candidate{text: name, kind: "class", sig: "type " + name + " " + kindWord(v.Type().Elem())}
	case v.CanInterface() && v.Type().Implements(constantValue):
		// An untyped constant: the table holds its go/constant value.
		return candidate{text: name, kind: "instance", sig: "const " + name + " = " + v.Interface().(constant.Value).ExactString()}
	case v.CanAddr():
		return candidate{text: name, kind: "instance", sig: "var " + name + " " + spell(v.Type())}
	default:
		return candidate{text: name, kind: "instance", sig: "const " + name + " " + spell(v.Type())}
	}
}

// constantValue is go/constant's Value, which symbol tables hold untyped constants as.
var constantValue = reflect.TypeFor[constant.Value]()

// kindWord spells the kind of a type (struct, interface, int, ...).
func kindWord(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Struct:
		return "struct"
	case reflect.Interface:
		return "interface"
	default:
		return t.Kind().String()
	}
}

// rebuildIndex recomputes the completion index from the session's state.
func (s *Session) rebuildIndex() {
	members, paths := memberTables()
	idx := &completionIndex{imports: s.scope.imports(), members: members, paths: paths, varTypes: map[string]string{}}
	seen := map[string]bool{}
	for _, sym := range s.scope.symbols() {
		if strings.HasPrefix(sym.Name, "_pb") || sym.Name == "_" {
			continue
		}
		c := candidate{text: sym.Name}
		switch sym.Kind {
		case "func":
			c.kind = "function"
		case "type":
			c.kind = "class"
		default:
			c.kind = "instance"
			idx.varTypes[sym.Name] = sym.Type
		}
		if d, ok := s.decls.def(sym.Name); ok && d.sig != "" {
			c.sig = d.sig
		} else if sym.Type != "" {
			c.sig = sym.Kind + " " + sym.Name + " " + sym.Type
		}
		idx.top = append(idx.top, c)
		seen[sym.Name] = true
	}
	for name := range idx.imports {
		if !strings.HasPrefix(name, "_pb") && !seen[name] {
			idx.top = append(idx.top, candidate{text: name, kind: "module", sig: "package " + name + " (\"" + idx.imports[name] + "\")"})
			seen[name] = true
		}
	}
	for _, k := range goKeywords {
		idx.top = append(idx.top, candidate{text: k, kind: "keyword"})
	}
	for name, kind := range predeclared {
		if !seen[name] {
			k := "function"
			if kind != "func" {
				k = "keyword"
			}
			idx.top = append(idx.top, candidate{text: name, kind: k})
		}
	}
	sort.Slice(idx.top, func(i, j int) bool { return idx.top[i].text < idx.top[j].text })
	s.idxMu.Lock()
	s.idx = idx
	s.idxMu.Unlock()
}

// index returns the completion index, rebuilt first when a cell ran since it was built
// (unless a cell is running: the last index then serves).
func (s *Session) index() *completionIndex {
	if s.idxStale.Load() && s.mu.TryLock() {
		if s.idxStale.Load() {
			s.rebuildIndex()
			s.idxStale.Store(false)
		}
		s.mu.Unlock()
	}
	s.idxMu.RLock()
	defer s.idxMu.RUnlock()
	return s.idx
}

// indexLocked is index for a caller that holds s.mu.
func (s *Session) indexLocked() *completionIndex {
	if s.idxStale.Load() {
		s.rebuildIndex()
		s.idxStale.Store(false)
	}
	s.idxMu.RLock()
	defer s.idxMu.RUnlock()
	return s.idx
}

// Complete returns completions for code at cursor (a byte offset): session names, keywords,
// members of packages (pkg.), fields and methods of variables (x.), import paths.
func (s *Session) Complete(code string, cursor int) (comp Completion) {
	defer func() {
		if recover() != nil {
			comp = Completion{CursorStart: cursor, CursorEnd: cursor}
		}
	}()
	if cursor < 0 || cursor > len(code) {
		cursor = len(code)
	}
	idx := s.index()
	start := identStart(code, cursor)
	prefix := code[start:cursor]
	comp = Completion{CursorStart: start, CursorEnd: identEnd(code, cursor)}
	var cands []candidate

	switch {
	case inImportString(code, cursor):
		q := strings.LastIndexByte(code[:cursor], '"')
		comp.CursorStart = q + 1
		p := code[q+1 : cursor]
		comp.CursorEnd = cursor
		for _, path := range idx.paths {
			if strings.HasPrefix(path, p) {
				cands = append(cands, candidate{text: path, kind: "module"})
			}
		}
	case start > 0 && code[start-1] == '.':
		cands = s.memberCandidates(idx, code, start, prefix)
	default:
		s.withLock(func() { cands = s.typedLocals(code, start, prefix) }) // a function's parameters and locals
		cands = append(cands, filterPrefix(idx.top, prefix)...)
		for name, path := range localImports(code) {
			if strings.HasPrefix(name, prefix) {
				cands = append(cands, candidate{text: name, kind: "module", sig: "package " + name + " (\"" + path + "\")"})
			}
		}
	}
	seen := map[string]bool{}
	var types []map[string]any
	for _, c := range cands {
		if seen[c.text] {
			continue
		}
		seen[c.text] = true
		comp.Matches = append(comp.Matches, c.text)
		types = append(types, map[string]any{
			"start": comp.CursorStart, "end": comp.CursorEnd, "text": c.text, "type": c.kind, "signature": c.sig,
		})
	}
	comp.Metadata = map[string]any{"_jupyter_types_experimental": types}
	return comp
}

// withLock runs f holding s.mu when no cell holds it (then f may look at the session's
// state), and reports whether it ran; s.mu is released even if f panics.
func (s *Session) withLock(f func()) bool {
	if !s.mu.TryLock() {
		return false
	}
	defer s.mu.Unlock()
	f()
	return true
}

// filterPrefix returns the candidates of a sorted list that start with prefix.
func filterPrefix(list []candidate, prefix string) []candidate {
	i := sort.Search(len(list), func(i int) bool { return list[i].text >= prefix })
	var out []candidate
	for ; i < len(list) && strings.HasPrefix(list[i].text, prefix); i++ {
		out = append(out, list[i])
	}
	return out
}

// memberCandidates completes "x.prefix" (prefix starts at start): from the cursor check
// (typedMembers) when no cell runs, else members of a package, or fields and methods of a
// variable (through fields: a.b.c).
func (s *Session) memberCandidates(idx *completionIndex, code string, start int, prefix string) []candidate {
	var cands []candidate
	typed := false
	s.withLock(func() { cands, typed = s.typedMembers(idx, code, start, prefix) })
	if typed {
		return cands
	}
	chain := selectorChain(code, start-1)
	if len(chain) == 0 {
		return nil
	}
	members := func(path string) []candidate {
		list, _ := packageMembers(idx, path)
		return filterPrefix(list, prefix)
	}
	if len(chain) == 1 {
		if path, ok := idx.imports[chain[0]]; ok {
			return members(path)
		}
		if path, ok := localImports(code)[chain[0]]; ok {
			return members(path)
		}
		if _, isVar := idx.varTypes[chain[0]]; !isVar {
			if path, ok := wellKnownPackage(chain[0]); ok {
				return members(path)
			}
		}
	}
	if !s.mu.TryLock() {
		return nil // a cell is running: its variables can't be looked at now
	}
	defer s.mu.Unlock()
	t, typeName, ok := s.chainType(chain)
	if !ok {
		return nil
	}
	var out []candidate
	for _, c := range fieldsAndMethods(t) {
		if strings.HasPrefix(c.text, prefix) {
			out = append(out, c)
		}
	}
	if typeName != "" {
		for _, d := range s.decls.methodsOf(typeName) {
			m := d.name[strings.LastIndex(d.name, ".")+1:]
			if strings.HasPrefix(m, prefix) {
				out = append(out, candidate{text: m, kind: "function", sig: d.sig})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].text < out[j].text })
	return out
}

// chainType resolves a selector chain that starts at a session variable to the reflect type
// at its end, and the session type name when the chain is just the variable. Called with s.mu
// held.
func (s *Session) chainType(chain []string) (reflect.Type, string, bool) {
	sym := s.scope.symbol(chain[0])
	if !sym.IsValid() || s.scope.symKind(sym) != "var" {
		return nil, "", false
	}
	typeName := s.scope.typeName(sym)
	v, ok := s.in.Globals()[chain[0]]
	if !ok || !v.IsValid() {
		return nil, "", false
	}
	t := v.Type()
	for _, name := range chain[1:] {
		typeName = ""
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct {
			return nil, "", false
		}
		f, ok := t.FieldByName(name)
		if !ok {
			return nil, "", false
		}
		t = f.Type
	}
	return t, typeName, true
}

// fieldsAndMethods lists the exported fields and methods of t (and of *t).
func fieldsAndMethods(t reflect.Type) []candidate {
	var out []candidate
	seen := map[string]bool{}
	addMethods := func(t reflect.Type) {
		for i := 0; i < t.NumMethod(); i++ {
			m := t.Method(i)
			if seen[m.Name] || !m.IsExported() {
				continue
			}
			seen[m.Name] = true
			out = append(out, candidate{text: m.Name, kind: "function", sig: "func " + m.Name + strings.TrimPrefix(m.Type.String(), "func")})
		}
	}
	addMethods(t)
	if t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface {
		addMethods(reflect.PointerTo(t))
	}
	e := t
	if e.Kind() == reflect.Pointer {
		e = e.Elem()
		addMethods(e)
	}
	if e.Kind() == reflect.Struct {
		for i := 0; i < e.NumField(); i++ {
			f := e.Field(i)
			if seen[f.Name] || !f.IsExported() && !isInterpretedStruct(e) {
				continue
			}
			name := f.Name
			if isInterpretedStruct(e) {
				name = interpretedFieldName(name)
			}
			seen[f.Name] = true
			out = append(out, candidate{text: name, kind: "instance", sig: name + " " + f.Type.String()})
		}
	}
	return out
}

// interpretedFieldName undoes yaegi's renaming of unexported fields in the structs it builds
// (reflect needs exported names: "label" becomes "Xlabel").
func interpretedFieldName(name string) string {
	if len(name) > 1 && name[0] == 'X' {
		r, _ := utf8.DecodeRuneInString(name[1:])
		if r == '_' || unicode.IsLower(r) {
			return name[1:]
		}
	}
	return name
}

// isInterpretedStruct reports whether t is a struct made by yaegi (reflect.StructOf), whose
// fields cells may use whatever their case.
func isInterpretedStruct(t reflect.Type) bool { return t.Name() == "" && t.PkgPath() == "" }

// wellKnownPackage maps a package name to its standard import path when it is unambiguous
// ("strings" -> "strings", "filepath" -> "path/filepath").
func wellKnownPackage(name string) (string, bool) {
	_, paths := memberTables()
	found := ""
	for _, p := range paths {
		if p == name || strings.HasSuffix(p, "/"+name) {
			if strings.Contains(p, ".") { // not the standard library
				continue
			}
			if found != "" && p != name {
				if found == name {
					continue
				}
				return "", false
			}
			found = p
		}
	}
	return found, found != ""
}

// localImports returns the imports written in code itself (name -> path).
func localImports(code string) map[string]string {
	out := map[string]string{}
	fset := token.NewFileSet()
	f := fset.AddFile("", -1, len(code))
	var s scanner.Scanner
	s.Init(f, []byte(code), func(token.Position, string) {}, 0)
	inImport, group := false, false
	name := ""
	for {
		_, t, lit := s.Scan()
		if t == token.EOF {
			break
		}
		switch {
		case t == token.IMPORT:
			inImport, group, name = true, false, ""
		case inImport && t == token.LPAREN:
			group = true
		case inImport && t == token.RPAREN:
			inImport = false
		case inImport && (t == token.IDENT || t == token.PERIOD):
			name = lit
		case inImport && t == token.STRING:
			p := strings.Trim(lit, "\"`")
			n := name
			if n == "" {
				n = p[strings.LastIndex(p, "/")+1:]
			}
			out[n] = p
			name = ""
			if !group {
				inImport = false
			}
		}
	}
	return out
}

// inImportString reports whether the cursor is inside the path string of an import.
func inImportString(code string, cursor int) bool {
	line := code[:cursor]
	if i := strings.LastIndexByte(line, '\n'); i >= 0 {
		line = line[i+1:]
	}
	if strings.Count(line, "\"")%2 == 0 {
		return false
	}
	t := strings.TrimSpace(line)
	if strings.HasPrefix(t, "import") || strings.HasPrefix(t, "\"") {
		before := code[:cursor]
		i := strings.LastIndex(before, "import")
		if i < 0 {
			return false
		}
		between := before[i:]
		return strings.HasPrefix(t, "import") || (strings.Contains(between, "(") && !strings.Contains(between, ")"))
	}
	// A name before the path: import f "fmt
	f := strings.Fields(t)
	return len(f) >= 2 && f[0] == "import"
}

// isIdentRune reports whether r can be part of an identifier.
func isIdentRune(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

// identStart returns the offset where the identifier ending at cursor starts.
func identStart(code string, cursor int) int {
	i := cursor
	for i > 0 {
		r, size := utf8.DecodeLastRuneInString(code[:i])
		if !isIdentRune(r) {
			break
		}
		i -= size
	}
	return i
}

// identEnd returns the offset where the identifier containing cursor ends.
func identEnd(code string, cursor int) int {
	i := cursor
	for i < len(code) {
		r, size := utf8.DecodeRuneInString(code[i:])
		if !isIdentRune(r) {
			break
		}
		i += size
	}
	return i
}

// selectorChain returns the identifiers of "a.b.c" ending just before the dot at offset dot;
// nil when the expression is not a plain chain of names (a call, an index...).
func selectorChain(code string, dot int) []string {
	var chain []string
	end := dot
	for {
		start := identStart(code, end)
		if start == end {
			return nil
		}
		chain = append([]string{code[start:end]}, chain...)
		if start > 0 && code[start-1] == '.' {
			end = start - 1
			continue
		}
		return chain
	}
}
