package eval

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/printer"
	"go/token"
	"go/types"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/peerbook/peerbook/eval/internal/rewrite"
	"github.com/peerbook/peerbook/internal/typewalk"
)

// cellTyper learns the types of what cells define, with go/types: a cell is checked against
// what earlier cells declared (kept as Go source, one declaration per name: a var with its
// type, a const with its value, a func or method signature, a type) and the packages the
// interpreter knows. The session needs the types to declare, before a cell's statements
// run, the variables they define (see toplevel.go).
type cellTyper struct {
	imp *rewrite.Importer

	fset   *token.FileSet // the interpreter's: positions of cells and of the declarations
	table  *declTable     // the session's declarations: their type declarations (declTable.setType)
	checks int            // cells checked so far (a test counts them per cell)
}

// newCellTyper returns a typer over the session's table whose packages come from symbols
// (see symbolImporter). fset is the one cells are parsed with (go/types needs every
// position it meets there).
func newCellTyper(fset *token.FileSet, table *declTable, symbols func(path string) map[string]reflect.Value) *cellTyper {
	return &cellTyper{imp: newSymbolImporter(symbols), fset: fset, table: table}
}

// cellTypes is what checking a cell found.
type cellTypes struct {
	info    *types.Info
	pkg     *types.Package
	names   map[string]string // import path -> the name the cell reaches it by
	imp     *rewrite.Importer
	aliases map[string]string // import path -> alias of an import the session must add
	errs    []token.Pos       // positions of the (hard) type errors
	hard    []types.Error     // the hard type errors themselves, in order (see precheck)
	all     []error           // every error the checker reported, in order

	cellTypeNames map[string]bool // the types the cell declares

	// For the rewriter, which reads the check for the cell as it runs (see typepatch.go):
	file      *ast.File                 // the cell's file as checked
	madeNames map[string]*types.PkgName // package names of imports the session adds for the cell
	unsure    string                    // the cell changed in a way the check was not kept true for
	earlier   map[string]string         // name -> type of the variables earlier statements define ("": unknown)
}

// hasErrors reports whether the checker found an error between pos and end (unused
// variables and imports don't count).
func (ct *cellTypes) hasErrors(pos, end token.Pos) bool {
	for _, p := range ct.errs {
		if p >= pos && p < end {
			return true
		}
	}
	return false
}

// checkTypes returns the cell's go/types check against the session, made once per cell and
// shared by the stages that need it (precheck, scopeCell, rewriteItems); a stage that
// changes what the check saw before it is shared (defineKernels) drops it, the scope stage
// keeps it true for the nodes it makes (typepatch.go).
func (s *Session) checkTypes(pc *parsedCell) *cellTypes {
	if pc.types == nil {
		decideHoisting(pc, s.isSessionVar)
		pc.types = s.typer.check(pc, s.checkImports(), varDecls(pc))
	}
	return pc.types
}

// checkImports returns the imports a cell's check declares (local name -> path): those
// cells see, as the interpreter scopes them (not the prelude's).
func (s *Session) checkImports() map[string]string {
	out := s.scope.cellImports()
	for name := range out {
		if name == "." || name == "_" {
			delete(out, name)
		}
	}
	return out
}

// varDecls returns the cell's var declarations that stay declarations of the package as the
// cell runs (those scopeCell does not run as statements, see hoistVarDecl): the check
// declares them in the package too, as the rewriter sees them.
func varDecls(pc *parsedCell) map[*item]bool {
	cellVars := map[string]*item{}
	for _, it := range pc.items {
		if it.kind == chunkVar && !it.kernel {
			for _, d := range it.defs {
				cellVars[d] = it
			}
		}
	}
	addGenericFuncs(pc, cellVars)
	// A var declaration run as a statement is still declared in the package for the
	// check, unless its initializer reads what the cell's statements define (directly or
	// through another such var): its type is the same, and the cell's functions that use
	// it see it (as the interpreter's do, once it ran), so the types of their
	// expressions are known (min and max need them).
	asStmt := varStatements(pc, cellVars, nil)
	local := map[string]bool{}
	for _, it := range pc.items {
		if it.stmt != nil {
			for _, d := range it.defs {
				local[d] = true
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, it := range pc.items {
			if it.kind != chunkVar || it.kernel || local[firstDef(it)] {
				continue
			}
			for u := range it.uses {
				if local[u] {
					for _, d := range it.defs {
						local[d] = true
					}
					changed = true
					break
				}
			}
		}
	}
	out := map[*item]bool{}
	for _, it := range pc.items {
		if it.kind == chunkVar && !it.kernel && (!asStmt[it] || !local[firstDef(it)]) {
			out[it] = true
		}
	}
	return out
}

// firstDef returns the first name an item defines ("" if none).
func firstDef(it *item) string {
	if len(it.defs) == 0 {
		return ""
	}
	return it.defs[0]
}

// cellFuncName names the function that holds a cell's statements while it is checked.
const cellFuncName = "_pb_cell"

// check type-checks the cell's items against the remembered declarations. imports are the
// imports cells see (local name -> path); decls are the var declarations that stay
// declarations of the package (varDecls), the others run as statements. Errors don't stop
// the check: what they touch has an invalid type, and the callers fall back on what they
// did without types.
func (t *cellTyper) check(pc *parsedCell, imports map[string]string, decls map[*item]bool) *cellTypes {
	t.checks++
	ct := &cellTypes{
		info:    rewrite.NewInfo(),
		names:   map[string]string{},
		imp:     t.imp,
		aliases: map[string]string{},

		cellTypeNames: map[string]bool{},
		earlier:       map[string]string{},
	}
	// What the cell declares at package level replaces what the session remembers.
	replaced := map[string]bool{}
	cellImports := map[string]string{}
	cellFile := &ast.File{Name: ast.NewIdent("main")}
	var importDecls []ast.Decl
	// The statements (and var declarations) go in a function, each definition opening a
	// block for what follows it: a name a statement defines again is a new variable, as in
	// the session, not an error.
	var stmts []ast.Stmt
	var opens []bool
	for _, it := range pc.items {
		switch {
		case it.kernel:
		case it.stmt != nil:
			stmts = append(stmts, it.stmt)
			opens = append(opens, len(it.defs) > 0)
		case it.kind == chunkVar && decls[it]:
			cellFile.Decls = append(cellFile.Decls, it.decl)
			for _, d := range it.defs {
				replaced[d] = true
			}
		case it.kind == chunkVar:
			stmts = append(stmts, &ast.DeclStmt{Decl: it.decl})
			opens = append(opens, true)
		case it.kind == chunkImport:
			importDecls = append(importDecls, it.decl)
			if gd, ok := it.decl.(*ast.GenDecl); ok {
				for _, spec := range gd.Specs {
					is := spec.(*ast.ImportSpec)
					if p, err := strconv.Unquote(is.Path.Value); err == nil {
						cellImports[t.importName(is, p)] = p
					}
				}
			}
		default:
			cellFile.Decls = append(cellFile.Decls, it.decl)
			for _, d := range it.defs {
				replaced[d] = true
				if it.kind == chunkType {
					ct.cellTypeNames[d] = true
				}
			}
		}
	}
	var list []ast.Stmt
	for i := len(stmts) - 1; i >= 0; i-- {
		if opens[i] && len(list) > 0 {
			list = []ast.Stmt{&ast.BlockStmt{List: list}}
		}
		list = append([]ast.Stmt{stmts[i]}, list...)
	}
	body := &ast.BlockStmt{List: list}
	mem := &ast.File{Name: ast.NewIdent("main")}
	mem.Decls = append(mem.Decls, importDecl(imports, nil))
	base := t.needed(pc, false)
	var extra [][2]token.Pos // the declarations only the rewriter needs: their errors are not the cell's
	all := t.needed(pc, true)
	keys := make([]string, 0, len(all))
	for k := range all {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		b, _, isMethod := strings.Cut(k, ".")
		if replaced[k] || (isMethod && replaced[b] && !replaced[k] && typeDeclared(pc, b)) {
			continue
		}
		td, _ := t.table.typed(k)
		mem.Decls = append(mem.Decls, td.decl)
		if !base[k] {
			extra = append(extra, [2]token.Pos{td.decl.Pos(), td.decl.End()})
		}
	}
	cellFile.Decls = append(append([]ast.Decl{importDecl(imports, cellImports)}, importDecls...), cellFile.Decls...)
	ct.file = cellFile
	cellFile.Decls = append(cellFile.Decls, &ast.FuncDecl{
		Name: ast.NewIdent(cellFuncName),
		Type: &ast.FuncType{Params: &ast.FieldList{}},
		Body: body,
	})
	for _, name := range sortedKeys(imports) {
		path := imports[name]
		if prev, ok := ct.names[path]; !ok || strings.HasPrefix(prev, "_pb") {
			ct.names[path] = name
		}
	}
	for name, path := range cellImports {
		if name != "_" && name != "." {
			ct.names[path] = name
		}
	}
	conf := types.Config{Importer: t.imp, Error: func(err error) {
		ct.all = append(ct.all, err)
		if te, ok := err.(types.Error); ok && !te.Soft && !inRanges(te.Pos, extra) {
			ct.errs = append(ct.errs, te.Pos)
			ct.hard = append(ct.hard, te)
		}
	}}
	run := func() {
		defer func() { _ = recover() }() // a checker bug must not stop the cell
		ct.pkg, _ = conf.Check("main", t.fset, []*ast.File{mem, cellFile}, ct.info)
	}
	run()
	if stubs := statementVarStubs(pc, decls, ct); len(stubs) > 0 {
		// The variables of var declarations run as statements are the session's (package
		// level), but the check declares them in the function of the statements, where the
		// cell's functions don't see them ("undefined: Suites" in a main that reads `var
		// Suites = []Suite{Dicts}`): the check is made again with each declared at package
		// level too, with the type the first check gave it.
		t.checks++
		cellFile.Decls = append(cellFile.Decls, stubs...)
		ct.info, ct.all, ct.errs, ct.hard = rewrite.NewInfo(), nil, nil, nil
		run()
	}
	return ct
}

// statementVarStubs returns a package-level `var NAME T` for each variable of a cell's
// var declaration run as a statement (not in decls) that the check found undefined
// elsewhere in the cell, T its type in that statement; nil when there is none or a type
// can't be written.
func statementVarStubs(pc *parsedCell, decls map[*item]bool, ct *cellTypes) []ast.Decl {
	undefined := map[string]bool{}
	for _, e := range ct.hard {
		if name, ok := strings.CutPrefix(e.Msg, "undefined: "); ok {
			undefined[name] = true
		}
	}
	if len(undefined) == 0 {
		return nil
	}
	var stubs []ast.Decl
	for _, it := range pc.items {
		if it.kind != chunkVar || it.kernel || decls[it] || it.stmt != nil {
			continue
		}
		gd, ok := it.decl.(*ast.GenDecl)
		if !ok {
			continue
		}
		for _, spec := range gd.Specs {
			vs, ok := spec.(*ast.ValueSpec)
			if !ok {
				continue
			}
			for _, id := range vs.Names {
				obj := ct.info.Defs[id]
				if !undefined[id.Name] || obj == nil {
					continue
				}
				ts, ok := ct.typeString(obj.Type())
				if !ok {
					return nil
				}
				te, err := parser.ParseExpr(ts)
				if err != nil {
					return nil
				}
				stubs = append(stubs, &ast.GenDecl{Tok: token.VAR, Specs: []ast.Spec{
					&ast.ValueSpec{Names: []*ast.Ident{ast.NewIdent(id.Name)}, Type: te},
				}})
			}
		}
	}
	return stubs
}

// importDecl declares the session's imports (those the cell does not import itself, under the
// same name) plus the cell's own.
func importDecl(session, cell map[string]string) ast.Decl {
	gd := &ast.GenDecl{Tok: token.IMPORT}
	add := func(name, path string) {
		spec := &ast.ImportSpec{Path: &ast.BasicLit{Kind: token.STRING, Value: strconv.Quote(path)}}
		if name != "" {
			spec.Name = ast.NewIdent(name)
		}
		gd.Specs = append(gd.Specs, spec)
	}
	for _, name := range sortedKeys(session) {
		if _, mine := cell[name]; !mine {
			add(name, session[name])
		}
	}
	// The cell's own import declarations are in its file already.
	return gd
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// needed returns the remembered declarations a cell may need: those of the names it uses,
// of the names these mention, and so on, with the methods of every type among them.
// (Checking only these keeps a cell's check small in a long session.) forRewriter adds
// what the rewriter needs: every identifier of the cell, and every type of the session (its
// refusals of types the interpreter can't tell apart need the types a cell doesn't name).
func (t *cellTyper) needed(pc *parsedCell, forRewriter bool) map[string]bool {
	seen := map[string]bool{}
	var queue []string
	add := func(name string) {
		if _, ok := t.table.typed(name); ok && !seen[name] {
			seen[name] = true
			queue = append(queue, name)
		}
	}
	for _, it := range pc.items {
		for u := range it.uses {
			add(u)
		}
		for _, d := range it.defs {
			add(d) // a redefinition may read the old one
		}
		if forRewriter && !it.kernel {
			for _, n := range []ast.Node{it.stmt, it.decl} {
				if n != nil && !reflect.ValueOf(n).IsNil() {
					ast.Inspect(n, func(n ast.Node) bool {
						if id, ok := n.(*ast.Ident); ok {
							add(id.Name)
						}
						return true
					})
				}
			}
			for _, p := range it.pre {
				ast.Inspect(p, func(n ast.Node) bool {
					if id, ok := n.(*ast.Ident); ok {
						add(id.Name)
					}
					return true
				})
			}
		}
	}
	if forRewriter {
		for name := range t.table.typeNames {
			add(name)
		}
	}
	for len(queue) > 0 {
		name := queue[0]
		queue = queue[1:]
		td, _ := t.table.typed(name)
		for _, r := range td.refs {
			add(r)
		}
		for _, m := range t.table.methods[name] {
			add(m)
		}
	}
	return seen
}

// inRanges reports whether pos is in one of the ranges.
func inRanges(pos token.Pos, ranges [][2]token.Pos) bool {
	for _, r := range ranges {
		if pos >= r[0] && pos < r[1] {
			return true
		}
	}
	return false
}

// typeDeclared reports whether the cell declares type name.
func typeDeclared(pc *parsedCell, name string) bool {
	for _, it := range pc.items {
		if it.kind == chunkType && contains(it.defs, name) {
			return true
		}
	}
	return false
}

// importName is the name an import spec binds, with the package's real name when the spec
// names none.
func (t *cellTyper) importName(is *ast.ImportSpec, path string) string {
	if is.Name != nil {
		return is.Name.Name
	}
	if p, err := t.imp.Import(path); err == nil {
		return p.Name()
	}
	return path[strings.LastIndex(path, "/")+1:]
}

// remember records the type declarations of a compiled item (entries from memory; ""
// forgets a name). A redeclared type loses the methods remembered for it, and the
// variables whose type names it become stale.
func (t *cellTyper) remember(entries map[string]string) {
	for name, src := range entries {
		if strings.HasPrefix(src, "type ") {
			mentions := regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\b`)
			for k, e := range t.table.byName { // dropType deletes at most k: safe in a range
				if _, mine := entries[k]; mine || e.typ == nil {
					continue
				}
				if strings.HasPrefix(k, name+".") {
					t.table.dropType(k)
				} else if typ := t.varType(k); typ != "" && mentions.MatchString(typ) {
					e.typ.stale = true // its value is of the previous type
				}
			}
		}
		if src == "" {
			t.table.dropType(name)
			continue
		}
		f, err := parser.ParseFile(t.fset, "session.go", "package main\n"+src, 0)
		if err != nil || len(f.Decls) != 1 {
			t.table.dropType(name)
			continue
		}
		uses := map[string]bool{}
		collectUses(f.Decls[0], uses)
		var refs []string
		for u := range uses {
			if !strings.HasPrefix(u, ".") {
				refs = append(refs, u)
			}
		}
		t.table.setType(name, f.Decls[0], src, refs)
	}
}

// varType returns the type the typer remembers for session variable name, "" if none.
func (t *cellTyper) varType(name string) string {
	td, ok := t.table.typed(name)
	if !ok || td.stale {
		return ""
	}
	if typ, ok := strings.CutPrefix(td.src, "var "+name+" "); ok {
		return typ
	}
	return ""
}

// memory returns what the typer should remember of an item once it has compiled: the
// declaration of each name it defines, "" where the type can't be written down.
func (ct *cellTypes) memory(fset *token.FileSet, it *item) map[string]string {
	out := map[string]string{}
	if len(it.defs) == 0 || it.kernel {
		return out
	}
	for _, d := range it.defs {
		out[d] = ""
	}
	switch d := it.decl.(type) {
	case *ast.FuncDecl:
		sig := *d
		sig.Body, sig.Doc = nil, nil
		out[it.defs[0]] = printNode(fset, &sig)
		return out
	case *ast.GenDecl:
		switch d.Tok {
		case token.TYPE:
			for _, spec := range d.Specs {
				ts := *spec.(*ast.TypeSpec)
				ts.Doc, ts.Comment = nil, nil
				out[ts.Name.Name] = "type " + printNode(fset, &ts)
			}
			return out
		case token.IMPORT:
			return map[string]string{}
		}
	}
	for _, id := range definedIdents(it) {
		if src, ok := ct.declOf(id); ok {
			out[id.Name] = src
		}
	}
	return out
}

// definedIdents returns the identifiers a var or const declaration, or a defining
// statement, declares.
func definedIdents(it *item) []*ast.Ident {
	var out []*ast.Ident
	add := func(d ast.Decl) {
		if gd, ok := d.(*ast.GenDecl); ok {
			for _, spec := range gd.Specs {
				if vs, ok := spec.(*ast.ValueSpec); ok {
					out = append(out, vs.Names...)
				}
			}
		}
	}
	switch {
	case it.decl != nil:
		add(it.decl)
	case it.stmt != nil:
		switch s := it.stmt.(type) {
		case *ast.AssignStmt:
			if s.Tok == token.DEFINE {
				for _, l := range s.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						out = append(out, id)
					}
				}
			}
		case *ast.DeclStmt:
			add(s.Decl)
		}
	}
	return out
}

// declOf writes the declaration that gives a session name the type (and, for a constant,
// the value) the checker found for id.
func (ct *cellTypes) declOf(id *ast.Ident) (string, bool) {
	if id.Name == "_" {
		return "", false
	}
	switch obj := ct.objectOf(id).(type) {
	case *types.Var:
		t, ok := ct.typeString(obj.Type())
		if !ok {
			return "", false
		}
		return "var " + id.Name + " " + t, true
	case *types.Const:
		if obj.Val().Kind() == constant.Unknown {
			return "", false
		}
		val := rewrite.ConstLiteral(obj.Val(), obj.Type())
		if b, ok := obj.Type().(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
			return "const " + id.Name + " = " + val, true
		}
		t, ok := ct.typeString(obj.Type())
		if !ok {
			return "", false
		}
		return "const " + id.Name + " " + t + " = " + val, true
	}
	return "", false
}

// objectOf returns what id defines or, in a := that reuses a variable, refers to.
func (ct *cellTypes) objectOf(id *ast.Ident) types.Object {
	if obj := ct.info.Defs[id]; obj != nil {
		return obj
	}
	return ct.info.Uses[id]
}

// aliasQualifier matches the qualifier of a package imported under an alias the session
// made (see typeString).
var aliasQualifier = regexp.MustCompile(`\b_pbi\d*_`)

// readable returns a declaration as the user would write it: "fs.DirEntry", not
// "_pbi_fs.DirEntry".
func readable(decl string) string { return aliasQualifier.ReplaceAllString(decl, "") }

// unexportedName matches a qualified unexported name ("fmt.pp") in a type's spelling.
var unexportedName = regexp.MustCompile(`(?:^|[^\w.])[A-Za-z_]\w*\.[a-z_]\w*`)

// typeString writes t as a type expression valid in the session: the session's own types
// unqualified, other packages by the name the cell reaches them by. A package of compiled
// code the session has not imported gets an alias (see aliases), which the session imports
// before the cell runs. Types with unexported names of other packages, instances of
// compiled generic types, invalid and untyped types can't be written.
func (ct *cellTypes) typeString(t types.Type) (string, bool) {
	s, ok := rewrite.TypeString(t, ct.pkg, func(p *types.Package) (string, bool) {
		if name, found := ct.names[p.Path()]; found {
			return name, true
		}
		if short, found := shortPathOf(p.Path()); found {
			if name, found := ct.names[short]; found {
				return name, true
			}
		}
		if alias, found := ct.aliases[p.Path()]; found {
			return alias, true
		}
		if p.Path() == "unsafe" || ct.imp.Symbols(p.Path()) == nil {
			return "", false
		}
		alias := "_pbi_" + p.Name()
		for n := 2; aliasTaken(ct.aliases, alias); n++ {
			alias = fmt.Sprintf("_pbi%d_%s", n, p.Name())
		}
		ct.aliases[p.Path()] = alias
		return alias, true
	})
	if !ok || unexportedName.MatchString(s) || hasCompiledInstance(t) {
		return s, false
	}
	return s, true
}

func aliasTaken(aliases map[string]string, alias string) bool {
	for _, a := range aliases {
		if a == alias {
			return true
		}
	}
	return false
}

// shortPathOf returns the short import path ("peerbook/gpu") of a project package.
func shortPathOf(path string) (string, bool) {
	for short, full := range shortImportPaths {
		if full == path {
			return short, true
		}
	}
	return "", false
}

// hasCompiledInstance reports whether t mentions an instance of a generic type of compiled
// code (its reflect name, "Buffer[float32]", is no name yaegi knows).
func hasCompiledInstance(t types.Type) bool {
	found := false
	seen := map[types.Type]bool{}
	var walk func(types.Type)
	walk = func(t types.Type) {
		if found || t == nil || seen[t] {
			return
		}
		seen[t] = true
		switch x := t.(type) {
		case *types.Named:
			if strings.Contains(x.Obj().Name(), "[") {
				found = true
				return
			}
			if x.TypeArgs() != nil {
				for i := 0; i < x.TypeArgs().Len(); i++ {
					walk(x.TypeArgs().At(i))
				}
			}
		case *types.Interface:
			for i := 0; i < x.NumExplicitMethods(); i++ {
				walk(x.ExplicitMethod(i).Type())
			}
		default:
			typewalk.Components(x, walk)
		}
	}
	walk(t)
	return found
}

// printNode prints an AST node as Go source.
func printNode(fset *token.FileSet, n any) string {
	var b bytes.Buffer
	if err := printer.Fprint(&b, fset, n); err != nil {
		return ""
	}
	return b.String()
}
