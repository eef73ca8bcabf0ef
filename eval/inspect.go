package eval

import (
	"fmt"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"sort"
	"strings"
	"sync"
)

// Inspect returns the documentation of the name at cursor (Shift-Tab): the signature and doc
// comment of a session definition, of a package, or of a package member.
func (s *Session) Inspect(code string, cursor, detail int) (in Inspection) {
	defer func() {
		if recover() != nil {
			in = Inspection{}
		}
	}()
	if cursor < 0 || cursor > len(code) {
		cursor = len(code)
	}
	// The name under (or just before) the cursor, with the selectors in front of it.
	end := identEnd(code, cursor)
	start := identStart(code, cursor)
	if start == end && start > 0 && code[start-1] == '(' {
		// Just after "f(": document f.
		end = start - 1
		start = identStart(code, end)
	}
	if start == end {
		return Inspection{}
	}
	chain := []string{code[start:end]}
	if start > 0 && code[start-1] == '.' {
		chain = append(selectorChain(code, start-1), chain...)
	}
	var text string
	var ok bool
	if !s.withLock(func() {
		// Any expression's members, a kernel's parameters, method expressions.
		text, ok = s.typedDescribe(code, start, end)
		if !ok {
			text, ok = s.describeLocked(strings.Join(chain, "."), detail, true)
		}
	}) {
		text, ok = s.describeLocked(strings.Join(chain, "."), detail, false)
	}
	if !ok {
		return Inspection{}
	}
	return Inspection{Found: true, Data: map[string]any{"text/plain": text}}
}

// describeLocked returns the documentation of a name: a session definition, a package (by
// name), a package member (pkg.Name), or a field or method of a session variable (x.f).
// The caller holds s.mu (session true), or may not look at the session's state (session
// false: a cell runs; only packages are documented).
func (s *Session) describeLocked(name string, detail int, session bool) (string, bool) {
	var idx *completionIndex
	if session {
		idx = s.indexLocked()
	} else {
		idx = s.index()
	}
	parts := strings.Split(name, ".")
	if len(parts) == 1 {
		if session {
			if text, ok := s.describeSession(name, detail); ok {
				return text, true
			}
		}
		if path, ok := idx.imports[name]; ok {
			return describePackage(path, detail), true
		}
		if path, ok := wellKnownPackage(name); ok {
			return describePackage(path, detail), true
		}
		if kind, ok := predeclared[name]; ok {
			return fmt.Sprintf("%s %s (predeclared)\n\n%s", kind, name, builtinDoc(name)), true
		}
		return "", false
	}
	if len(parts) == 2 {
		path, ok := idx.imports[parts[0]]
		if !ok {
			if _, isVar := idx.varTypes[parts[0]]; !isVar {
				path, ok = wellKnownPackage(parts[0])
			}
		}
		if ok {
			return describeMember(path, parts[1])
		}
		// A method of a session type: T.M
		if session {
			if d, found := s.decls.def(name); found {
				return defText(d, s.label(d.serial)), true
			}
		}
	}
	// A field or method of a session variable.
	if !session {
		return "", false
	}
	t, typeName, ok := s.chainType(parts[:len(parts)-1])
	if !ok {
		return "", false
	}
	last := parts[len(parts)-1]
	if typeName != "" {
		if d, ok := s.decls.def(typeName + "." + last); ok {
			return defText(d, s.label(d.serial)), true
		}
	}
	for _, c := range fieldsAndMethods(t) {
		if c.text == last {
			if text, ok := moduleMethodDoc(t, last); ok {
				return text, true
			}
			return c.sig, true
		}
	}
	return "", false
}

// moduleMethodDoc documents the method or field name of a named type (or pointer to one)
// of a compiled third-party package, from the docs gathered when its evaluator was built.
func moduleMethodDoc(t reflect.Type, name string) (string, bool) {
	if t.Kind() == reflect.Pointer && t.Name() == "" {
		t = t.Elem()
	}
	if t.Name() == "" || t.PkgPath() == "" {
		return "", false
	}
	typeName, _, _ := strings.Cut(t.Name(), "[") // an instance: Stack[int]
	return moduleDoc(t.PkgPath(), typeName+"."+name)
}

// describeSession documents a name the session defined; the caller holds s.mu.
func (s *Session) describeSession(name string, detail int) (string, bool) {
	sym := s.scope.symbol(name)
	d, known := s.decls.def(name)
	if !sym.IsValid() && !known {
		return "", false
	}
	var b strings.Builder
	if known {
		if d.sig == "" {
			c := *d
			c.sig = fmt.Sprintf("var %s %s", name, s.scope.typeString(sym))
			d = &c
		}
		b.WriteString(defText(d, s.label(d.serial)))
	} else {
		fmt.Fprintf(&b, "%s %s %s\n", s.scope.symKind(sym), name, s.scope.typeString(sym))
	}
	kind := s.scope.symKind(sym)
	if kind == "var" || kind == "const" {
		if t := s.scope.typeString(sym); t != "" && (!known || !strings.Contains(d.sig, t)) {
			fmt.Fprintf(&b, "\nType: %s", t)
		}
		if v, ok := s.in.Globals()[name]; ok && v.IsValid() && v.CanInterface() {
			text := fmt.Sprintf("%v", v.Interface())
			limit := 200
			if detail > 0 {
				limit = 4000
			}
			if len(text) > limit {
				text = text[:limit] + "…"
			}
			fmt.Fprintf(&b, "\nValue: %s", text)
		}
	}
	if kind == "type" {
		if ms := s.decls.methodsOf(name); len(ms) > 0 {
			b.WriteString("\n\nMethods:")
			for _, m := range ms {
				b.WriteString("\n  " + firstLine(m.sig))
			}
		}
	}
	return strings.TrimRight(b.String(), "\n"), true
}

// defText formats a definition: signature, doc comment, where it was defined.
func defText(d *definition, where string) string {
	var b strings.Builder
	sig := d.sig
	if sig == "" {
		sig = d.name
	}
	b.WriteString(sig)
	b.WriteString("\n")
	if d.doc != "" {
		b.WriteString("\n" + d.doc + "\n")
	}
	fmt.Fprintf(&b, "\nDefined in %s, line %d.\n", where, d.at)
	return b.String()
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}

// builtinDoc documents a predeclared name from the builtin package's source, when available.
func builtinDoc(name string) string {
	p := packageDoc("builtin")
	if p == nil {
		return ""
	}
	for _, f := range p.Funcs {
		if f.Name == name {
			return f.Doc
		}
	}
	for _, t := range p.Types {
		if t.Name == name {
			return t.Doc
		}
	}
	return ""
}

// packageDocs caches parsed package documentation by import path (nil: no source found).
var packageDocs sync.Map

// packageDoc parses the documentation of a package from its source: GOROOT for the standard
// library, the module's source tree for the project's packages. Nil when there is no source
// (a binary installed without it).
func packageDoc(path string) *doc.Package {
	if v, ok := packageDocs.Load(path); ok {
		p, _ := v.(*doc.Package)
		return p
	}
	var p *doc.Package
	if dir := sourceDir(path); dir != "" {
		fset := token.NewFileSet()
		pkgs, err := parser.ParseDir(fset, dir, func(fi fs.FileInfo) bool {
			return !strings.HasSuffix(fi.Name(), "_test.go")
		}, parser.ParseComments)
		if err == nil {
			for name, pkg := range pkgs {
				if strings.HasSuffix(name, "_test") || name == "main" && path != "builtin" {
					continue
				}
				mode := doc.Mode(0)
				if path == "builtin" {
					mode = doc.AllDecls
				}
				p = doc.New(pkg, path, mode)
				break
			}
		}
	}
	packageDocs.Store(path, p)
	return p
}

// sourceDir finds the directory holding the source of an import path.
func sourceDir(path string) string {
	if full, ok := shortImportPaths[path]; ok {
		path = full
	}
	const module = "github.com/peerbook/peerbook"
	if path == module || strings.HasPrefix(path, module+"/") {
		if root := moduleRoot(); root != "" {
			dir := filepath.Join(root, strings.TrimPrefix(path, module))
			if isDir(dir) {
				return dir
			}
		}
		return ""
	}
	goroot := os.Getenv("GOROOT")
	if goroot == "" {
		goroot = runtime.GOROOT()
	}
	if goroot == "" {
		return ""
	}
	dir := filepath.Join(goroot, "src", filepath.FromSlash(path))
	if isDir(dir) {
		return dir
	}
	return ""
}

// moduleRoot locates the project's source tree: PEERBOOK_SRC, or the directory of this
// source file when the binary was built here.
func moduleRoot() string {
	if d := os.Getenv("PEERBOOK_SRC"); d != "" && isDir(d) {
		return d
	}
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return ""
	}
	root := filepath.Dir(filepath.Dir(file))
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err == nil {
		return root
	}
	return ""
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// describePackage documents a package: its doc comment (the synopsis, or all of it with
// detail) and its exported names.
func describePackage(path string, detail int) string {
	var b strings.Builder
	name := path[strings.LastIndex(path, "/")+1:]
	fmt.Fprintf(&b, "package %s // import %q\n", name, path)
	if p := packageDoc(path); p != nil && p.Doc != "" {
		if detail > 0 {
			b.WriteString("\n" + p.Doc)
		} else {
			b.WriteString("\n" + p.Synopsis(p.Doc) + "\n")
		}
	}
	members, _ := memberTables()
	if list := members[path]; len(list) > 0 {
		names := make([]string, 0, len(list))
		for _, c := range list {
			names = append(names, c.text)
		}
		b.WriteString("\nExported: " + strings.Join(names, ", ") + "\n")
	}
	return b.String()
}

// describeMember documents pkg.Name: the declaration and doc comment from the package's
// source, or the signature from its symbol table when there is no source.
func describeMember(path, name string) (string, bool) {
	members, _ := memberTables()
	var cand *candidate
	for i, c := range members[path] {
		if c.text == name {
			cand = &members[path][i]
			break
		}
	}
	if p := packageDoc(path); p != nil {
		if text, ok := memberDoc(p, name); ok {
			return text, true
		}
	}
	if text, ok := moduleDoc(path, name); ok {
		return text, true
	}
	if cand == nil {
		return "", false
	}
	return cand.sig, true
}

// memberDoc finds name among a package's documented declarations.
func memberDoc(p *doc.Package, name string) (string, bool) {
	fset := token.NewFileSet()
	format := func(decl ast.Node, docText string) string {
		text := nodeString(fset, decl)
		if docText != "" {
			text += "\n\n" + docText
		}
		return text
	}
	funcDecl := func(f *doc.Func) string {
		d := *f.Decl
		d.Body, d.Doc = nil, nil
		return format(&d, f.Doc)
	}
	for _, f := range p.Funcs {
		if f.Name == name {
			return funcDecl(f), true
		}
	}
	for _, t := range p.Types {
		if t.Name == name {
			text := format(t.Decl, t.Doc)
			text = tidyFiltered(text)
			var methods []string
			for _, m := range t.Methods {
				d := *m.Decl
				d.Body, d.Doc = nil, nil
				methods = append(methods, nodeString(fset, &d))
			}
			sort.Strings(methods)
			if len(methods) > 0 {
				text += "\n\nMethods:\n  " + strings.Join(methods, "\n  ")
			}
			return text, true
		}
		for _, f := range t.Funcs {
			if f.Name == name {
				return funcDecl(f), true
			}
		}
		for _, v := range append(append([]*doc.Value(nil), t.Consts...), t.Vars...) {
			if contains(v.Names, name) {
				return format(v.Decl, v.Doc), true
			}
		}
	}
	for _, v := range append(append([]*doc.Value(nil), p.Consts...), p.Vars...) {
		if contains(v.Names, name) {
			return format(v.Decl, v.Doc), true
		}
	}
	return "", false
}

// IsComplete tells the frontend whether code is a complete cell ("complete"), needs more
// lines ("incomplete", with the indent of the next line), or can't become valid ("invalid").
func (s *Session) IsComplete(code string) (status, indent string) {
	defer func() {
		if recover() != nil {
			status, indent = "unknown", ""
		}
	}()
	if strings.TrimSpace(code) == "" {
		return "complete", ""
	}
	mc, err := parseMagics(code)
	if err != nil {
		return "invalid", ""
	}
	if mc.cuda || strings.TrimSpace(mc.code) == "" {
		return "complete", ""
	}
	if open, stray, _ := scanBrackets(mc.code); open && !stray {
		return "incomplete", nextIndent(mc.code) // also an open comment, which parses
	}
	fset := token.NewFileSet()
	_, err = parseCell(fset, 1, mc.code)
	if err == nil {
		return "complete", ""
	}
	if _, ok := err.(scanner.ErrorList); !ok {
		return "invalid", ""
	}
	if cutShort(mc.code) {
		return "incomplete", nextIndent(mc.code)
	}
	return "invalid", ""
}

// nextIndent is the indent of the line after code: the last line's, one level deeper after
// an opening bracket.
func nextIndent(code string) string {
	lines := strings.Split(strings.TrimRight(code, "\n"), "\n")
	last := lines[len(lines)-1]
	indent := last[:len(last)-len(strings.TrimLeft(last, " \t"))]
	t := strings.TrimSpace(last)
	if strings.HasSuffix(t, "{") || strings.HasSuffix(t, "(") || strings.HasSuffix(t, "[") {
		indent += "\t"
	}
	return indent
}
