package cudatogo

import (
	"fmt"
	"strings"
)

// parser is a recursive-descent parser for the subset. Errors unwind with panic(bail{})
// to the declaration being parsed.
type parser struct {
	toks      []token
	i         int
	typedefs  map[string]*ctype
	templates map[string]bool // names of template declarations seen (skipped)
	depth     int             // nesting of statements and expressions being parsed
}

// maxNesting bounds the parser's recursion.
const maxNesting = 400

func (p *parser) enter() {
	p.depth++
	if p.depth > maxNesting {
		p.failf(p.tok().pos, "statements or expressions nested more than %d deep", maxNesting)
	}
}

func (p *parser) leave() { p.depth-- }

func newParser(toks []token, typedefs map[string]*ctype) *parser {
	if typedefs == nil {
		typedefs = map[string]*ctype{}
	}
	return &parser{toks: toks, typedefs: typedefs, templates: map[string]bool{}}
}

func (p *parser) tok() token { return p.toks[p.i] }

func (p *parser) peek(k int) token {
	if p.i+k < len(p.toks) {
		return p.toks[p.i+k]
	}
	return p.toks[len(p.toks)-1]
}

func (p *parser) next() token {
	t := p.toks[p.i]
	if t.kind != tkEOF {
		p.i++
	}
	return t
}

func (p *parser) failf(pos Pos, format string, args ...any) {
	panic(bail{errSource(pos, format, args...)})
}

func (p *parser) unsupported(pos Pos, what string) {
	panic(bail{errUnsupported(pos, what)})
}

// recoverTo stores a bail's diagnostic in *d (and re-panics anything else).
func (p *parser) recoverTo(d **diag) {
	if r := recover(); r != nil {
		b, ok := r.(bail)
		if !ok {
			panic(r)
		}
		*d = b.d
	}
}

func (p *parser) expect(s string) token {
	t := p.tok()
	if !t.is(s) {
		p.failf(t.pos, "expected %q, found %s", s, t)
	}
	return p.next()
}

func (p *parser) accept(s string) bool {
	if p.tok().is(s) {
		p.i++
		return true
	}
	return false
}

func (p *parser) ident() token {
	t := p.tok()
	if t.kind != tkIdent {
		p.failf(t.pos, "expected a name, found %s", t)
	}
	return p.next()
}

// Type words.
var (
	scalarWords = map[string]bool{"void": true, "bool": true, "char": true, "short": true, "int": true,
		"long": true, "float": true, "double": true, "signed": true, "unsigned": true, "__int128": true,
		"wchar_t": true, "char16_t": true, "char32_t": true}
	qualifierWords = map[string]bool{"const": true, "volatile": true, "__restrict__": true,
		"__restrict": true, "restrict": true, "register": true, "constexpr": true, "static": true,
		"__shared__": true, "extern": true, "typename": true, "__grid_constant__": true}
	unsupportedTypes = map[string]string{
		"__half": "the __half type", "half": "the half type", "__half2": "the __half2 type",
		"__nv_bfloat16": "the __nv_bfloat16 type", "nv_bfloat16": "the nv_bfloat16 type",
		"__nv_bfloat162": "the __nv_bfloat162 type", "dim3": "the dim3 type",
		"struct": "a struct type", "class": "a class type", "union": "a union type", "enum": "an enum type",
	}
	// Statement and expression keywords: never type names.
	keywords = map[string]bool{"if": true, "else": true, "for": true, "while": true, "do": true,
		"switch": true, "case": true, "default": true, "break": true, "continue": true, "return": true,
		"goto": true, "sizeof": true, "true": true, "false": true, "static_cast": true, "new": true,
		"delete": true, "this": true, "nullptr": true, "throw": true, "try": true, "asm": true}
)

// isVectorType reports CUDA's vector types (float4, int2, ...).
func isVectorType(name string) bool {
	for _, b := range []string{"char", "uchar", "short", "ushort", "int", "uint", "long", "ulong",
		"longlong", "ulonglong", "float", "double"} {
		if strings.HasPrefix(name, b) && len(name) == len(b)+1 && name[len(b)] >= '1' && name[len(b)] <= '4' {
			return true
		}
	}
	return false
}

// startsType reports whether the tokens at the current position begin a type.
func (p *parser) startsType() bool {
	t := p.tok()
	if t.kind != tkIdent {
		return t.is("::") && p.peek(1).kind == tkIdent && p.typedefs[p.peek(1).text] != nil
	}
	switch {
	case scalarWords[t.text], qualifierWords[t.text], t.text == "auto",
		t.text == "Peer" || t.text == "Slice", p.typedefs[t.text] != nil, typedefs[t.text] != nil,
		unsupportedTypes[t.text] != "", isVectorType(t.text):
		return true
	case (t.text == "std" || t.text == "cuda") && p.peek(1).is("::"):
		// std::int32_t, cuda::std::uint64_t, cuda::atomic_ref<...>
		k := 0
		for p.peek(k).kind == tkIdent && p.peek(k+1).is("::") {
			k += 2
		}
		last := p.peek(k)
		return last.kind == tkIdent && (typedefs[last.text] != nil || t.text == "cuda")
	}
	// An unknown name followed by a name: a declaration of an unknown type.
	return !keywords[t.text] && p.peek(1).kind == tkIdent && !keywords[p.peek(1).text]
}

// baseType reads declaration specifiers and the base type. It returns nil for auto.
func (p *parser) baseType() (t *ctype, isConst, shared, extern, static bool) {
	var words []string
	start := p.tok().pos
	auto := false
	for {
		tk := p.tok()
		if tk.kind != tkIdent && !tk.is("::") {
			break
		}
		if tk.is("::") {
			p.next()
			continue
		}
		w := tk.text
		switch {
		case w == "const" || w == "constexpr":
			isConst = true
		case w == "__shared__":
			shared = true
		case w == "extern":
			extern = true
		case w == "static":
			static = true
		case qualifierWords[w]:
		case scalarWords[w]:
			words = append(words, w)
		case w == "auto" && len(words) == 0 && t == nil:
			auto = true
		case (w == "std" || w == "cuda") && p.peek(1).is("::"):
			if w == "cuda" {
				p.unsupported(tk.pos, "a cuda:: type")
			}
			p.next()
			continue
		case (w == "Peer" || w == "Slice") && p.peek(1).is("<") && len(words) == 0 && t == nil:
			t = p.templateType()
			continue
		case len(words) == 0 && t == nil && !auto && (p.typedefs[w] != nil || typedefs[w] != nil):
			t = p.typedefs[w]
			if t == nil {
				t = typedefs[w]
			}
		case len(words) == 0 && t == nil && !auto && unsupportedTypes[w] != "":
			p.unsupported(tk.pos, unsupportedTypes[w])
		case len(words) == 0 && t == nil && !auto && isVectorType(w):
			p.unsupported(tk.pos, "the vector type "+w)
		case len(words) == 0 && t == nil && !auto && !keywords[w] && p.peek(1).kind == tkIdent && !qualifierWords[p.peek(1).text]:
			p.unsupported(tk.pos, "the type "+w)
		default:
			goto done
		}
		p.next()
	}
done:
	if auto {
		return nil, isConst, shared, extern, static
	}
	if len(words) > 0 {
		if t != nil {
			p.failf(start, "two types in one declaration")
		}
		t = p.scalarType(words, start)
	}
	if t == nil {
		p.failf(p.tok().pos, "expected a type, found %s", p.tok())
	}
	return t, isConst, shared, extern, static
}

// templateType reads Peer<T> or Slice<T>.
func (p *parser) templateType() *ctype {
	name := p.next()
	p.expect("<")
	elem, isConst, _, _, _ := p.baseType()
	if elem == nil {
		p.failf(name.pos, "%s<auto> is not a type", name.text)
	}
	if p.tok().is("*") {
		p.unsupported(p.tok().pos, name.text+"<T*>")
	}
	if !elem.isArith() || elem.kind == kBool {
		p.unsupported(name.pos, fmt.Sprintf("%s<%s>", name.text, elem))
	}
	if p.tok().is(">>") {
		p.unsupported(p.tok().pos, "a nested template")
	}
	p.expect(">")
	k := kSlice
	if name.text == "Peer" {
		k = kPeer
	}
	return &ctype{kind: k, elem: elem, constElem: isConst}
}

// scalarType maps type words to a type.
func (p *parser) scalarType(words []string, pos Pos) *ctype {
	count := map[string]int{}
	for _, w := range words {
		count[w]++
	}
	text := strings.Join(words, " ")
	bad := func() *ctype { p.failf(pos, "invalid type %q", text); return nil }
	if count["__int128"] > 0 || count["wchar_t"] > 0 || count["char16_t"] > 0 || count["char32_t"] > 0 {
		p.unsupported(pos, "the type "+text)
	}
	if count["signed"] > 0 && count["unsigned"] > 0 || count["signed"] > 1 || count["unsigned"] > 1 ||
		count["short"] > 1 || count["long"] > 2 || count["char"] > 1 || count["int"] > 1 {
		return bad()
	}
	unsigned := count["unsigned"] > 0
	switch {
	case count["void"] == 1 && len(words) == 1:
		return tVoid
	case count["bool"] == 1 && len(words) == 1:
		return tBool
	case count["float"] == 1 && len(words) == 1:
		return tFloat
	case count["double"] == 1 && len(words) == 1:
		return tDouble
	case count["double"] == 1 && count["long"] == 1 && len(words) == 2:
		p.unsupported(pos, "long double")
	case count["void"]+count["bool"]+count["float"]+count["double"] > 0:
		return bad()
	case count["char"] == 1:
		if count["short"]+count["long"]+count["int"] > 0 {
			return bad()
		}
		switch {
		case unsigned:
			return tUChar
		case count["signed"] > 0:
			return tSChar
		}
		return tChar
	case count["short"] == 1:
		if count["long"] > 0 {
			return bad()
		}
		if unsigned {
			return tUShort
		}
		return tShort
	case count["long"] == 2:
		if unsigned {
			return tULLong
		}
		return tLLong
	case count["long"] == 1:
		if unsigned {
			return tULong
		}
		return tLong
	}
	if unsigned {
		return tUInt
	}
	return tInt
}

// ---- top level ----

// parseFile parses a preprocessed source.
func parseFile(toks []token, pp *preproc) *file {
	f := &file{funcs: map[string]*funcDecl{}, bad: map[string]*diag{}, fnMac: map[string]Pos{},
		hasInc: pp.hasInclude, kinds: map[string]string{}}
	for name, m := range pp.macros {
		if m.fn {
			f.fnMac[name] = m.pos
		}
	}
	p := newParser(toks, map[string]*ctype{})
	externDepth := 0
	for p.tok().kind != tkEOF {
		t := p.tok()
		switch {
		case t.is(";"):
			p.next()
			continue
		case t.is("}") && externDepth > 0:
			externDepth--
			p.next()
			continue
		case t.isIdent("extern") && p.peek(1).kind == tkString && p.peek(1).text == `"C"` && p.peek(2).is("{"):
			externDepth++
			p.i += 3
			continue
		}
		start := p.i
		var d *diag
		func() {
			defer p.recoverTo(&d)
			p.topDecl(f)
		}()
		if d != nil {
			p.i = start
			names := p.skipDecl()
			switch {
			case !d.unsupported:
				f.errs = append(f.errs, d)
			case len(names) == 0:
				f.notes = append(f.notes, d)
			}
			for _, n := range names {
				if p.toks[start].isIdent("template") {
					p.templates[n] = true
				}
				if fn := f.funcs[n]; fn != nil && fn.err == nil {
					fn.err = d
				} else if fn == nil {
					f.bad[n] = d
				}
			}
		}
	}
	return f
}

// skipDecl skips the declaration at the current position and returns the names it seems to
// declare (a name before '(', '[', '=', ',' or ';' outside parentheses).
func (p *parser) skipDecl() []string {
	var names []string
	depth := 0
	last := ""
	for p.tok().kind != tkEOF {
		t := p.next()
		switch {
		case t.kind == tkIdent:
			if depth == 0 {
				last = t.text
			}
		case t.is("(") || t.is("["):
			if depth == 0 && last != "" {
				names = append(names, last)
				last = ""
			}
			depth++
		case t.is(")") || t.is("]"):
			depth--
		case t.is("{"):
			if depth <= 0 {
				p.skipBraces()
				p.accept(";")
				return names
			}
			depth++
		case t.is("}"):
			depth--
		case (t.is("=") || t.is(",") || t.is(";")) && depth <= 0:
			if last != "" {
				names = append(names, last)
			}
			last = ""
			if t.is(";") {
				return names
			}
		}
	}
	return names
}

// skipBraces skips to the '}' that closes the '{' just read.
func (p *parser) skipBraces() {
	depth := 1
	for p.tok().kind != tkEOF && depth > 0 {
		t := p.next()
		if t.is("{") {
			depth++
		} else if t.is("}") {
			depth--
		}
	}
}

var funcSpecWords = map[string]bool{"__global__": true, "__device__": true, "__host__": true,
	"inline": true, "__inline__": true, "__forceinline__": true, "__noinline__": true, "static": true,
	"extern": true, "constexpr": true, "__constant__": true, "__managed__": true}

// topDecl parses one namespace-scope declaration.
func (p *parser) topDecl(f *file) {
	if p.typeDecl(f) {
		return
	}
	spec := p.declSpecs()
	if p.tok().isIdent("template") {
		p.unsupported(p.tok().pos, "a template")
	}
	bt, c, shared, _, _ := p.baseType()
	spec.isConst = spec.isConst || c
	for p.tok().kind == tkIdent && (p.tok().text == "__launch_bounds__" || p.tok().text == "__noinline__" ||
		p.tok().text == "__forceinline__" || p.tok().text == "__device__" || p.tok().text == "__global__") {
		switch p.tok().text {
		case "__device__":
			spec.device = true
		case "__global__":
			spec.global = true
		}
		p.next()
		if p.tok().is("(") {
			p.skipParens()
		}
	}
	ptr := false
	for p.tok().is("*") {
		ptr = true
		p.next()
		for p.tok().kind == tkIdent && qualifierWords[p.tok().text] {
			p.next()
		}
	}
	if p.tok().is("&") {
		p.unsupported(p.tok().pos, "a reference")
	}
	nameTok := p.tok()
	if nameTok.isIdent("operator") {
		p.unsupported(nameTok.pos, "operator overloading")
	}
	name := p.ident()
	if p.tok().is("::") {
		p.unsupported(p.tok().pos, "a qualified name")
	}
	if p.tok().is("(") {
		if bt == nil {
			p.unsupported(name.pos, "an auto return type")
		}
		if !spec.global && !spec.device {
			if spec.host {
				p.unsupported(name.pos, "a __host__ function")
			}
			p.unsupported(name.pos, "a host function")
		}
		if spec.global && bt != tVoid {
			p.failf(name.pos, "a __global__ function must return void")
		}
		ret := bt
		if ptr {
			p.unsupported(name.pos, "a function that returns a pointer")
		}
		p.function(f, name, spec.global, ret)
		return
	}
	// Variables.
	if ptr {
		p.unsupported(name.pos, "a namespace-scope pointer")
	}
	p.i-- // back to the name
	p.namespaceVars(f, bt, spec, shared)
}

// typeDecl parses a namespace-scope declaration that declares types (enum, typedef, using
// X = T) and reports true, refuses the type declarations outside the subset, and reports
// false for anything else.
func (p *parser) typeDecl(f *file) bool {
	t := p.tok()
	switch {
	case t.isIdent("template"):
		p.unsupported(t.pos, "a template")
	case t.isIdent("namespace") || t.isIdent("using") && p.peek(1).isIdent("namespace"):
		p.unsupported(t.pos, "a namespace")
	case t.isIdent("struct") || t.isIdent("class") || t.isIdent("union"):
		p.unsupported(t.pos, "a "+t.text+" type")
	case t.isIdent("enum") && !p.peek(1).isIdent("class") && !p.peek(1).isIdent("struct"):
		p.enum(f)
		return true
	case t.isIdent("enum"):
		p.unsupported(t.pos, "an enum class")
	case t.isIdent("static_assert"):
		p.unsupported(t.pos, "static_assert")
	case t.isIdent("typedef"):
		p.next()
		bt, _, _, _, _ := p.baseType()
		if bt == nil || p.tok().is("*") || p.tok().is("&") {
			p.unsupported(t.pos, "this typedef")
		}
		name := p.ident()
		p.expect(";")
		p.typedefs[name.text] = bt
		return true
	case t.isIdent("using") && p.peek(1).kind == tkIdent && p.peek(2).is("="):
		p.next()
		name := p.ident()
		p.expect("=")
		bt, _, _, _, _ := p.baseType()
		if bt == nil || p.tok().is("*") || p.tok().is("&") {
			p.unsupported(t.pos, "this type alias")
		}
		p.expect(";")
		p.typedefs[name.text] = bt
		return true
	}
	return false
}

// declSpec holds the specifiers of a namespace-scope declaration.
type declSpec struct {
	global, device, host, constant, managed, isConst bool
}

// declSpecs reads the specifiers and attributes before a declaration's type.
func (p *parser) declSpecs() declSpec {
	var spec declSpec
	for {
		tk := p.tok()
		if tk.isIdent("extern") && p.peek(1).kind == tkString {
			p.i += 2
			continue
		}
		if tk.kind == tkIdent && (tk.text == "__launch_bounds__" || tk.text == "__maxnreg__" ||
			tk.text == "__cluster_dims__" || tk.text == "__attribute__") && p.peek(1).is("(") {
			p.next()
			p.skipParens()
			continue
		}
		if tk.is("[") && p.peek(1).is("[") { // [[attributes]]
			for !(p.tok().is("]") && p.peek(1).is("]")) && p.tok().kind != tkEOF {
				p.next()
			}
			p.expect("]")
			p.expect("]")
			continue
		}
		if tk.kind != tkIdent || !funcSpecWords[tk.text] {
			return spec
		}
		switch tk.text {
		case "__global__":
			spec.global = true
		case "__device__":
			spec.device = true
		case "__host__":
			spec.host = true
		case "__constant__":
			spec.constant = true
		case "__managed__":
			spec.managed = true
		case "constexpr":
			spec.isConst = true
		}
		p.next()
	}
}

// namespaceVars parses the declarators of a namespace-scope variable declaration: constants
// become Go constants; variables (outside the subset) are remembered as such, so that a
// kernel using one gets the error.
func (p *parser) namespaceVars(f *file, bt *ctype, spec declSpec, shared bool) {
	for {
		d := p.declarator(bt, spec.isConst, false, false, false)
		switch {
		case shared:
			f.bad[d.name] = errUnsupported(d.p, "__shared__ at namespace scope")
		case spec.constant:
			f.bad[d.name] = errUnsupported(d.p, "__constant__ memory")
		case spec.managed:
			f.bad[d.name] = errUnsupported(d.p, "__managed__ memory")
		case spec.device && !spec.isConst:
			f.bad[d.name] = errUnsupported(d.p, "a __device__ variable")
		case !spec.isConst:
			f.bad[d.name] = errUnsupported(d.p, "a namespace-scope variable (not const)")
		case len(d.dims) > 0:
			f.bad[d.name] = errUnsupported(d.p, "a namespace-scope constant array")
		case d.init == nil:
			p.failf(d.p, "constant %s needs an initializer", d.name)
		default:
			f.consts = append(f.consts, d)
		}
		if !p.accept(",") {
			break
		}
	}
	p.expect(";")
}

// enum reads `enum [Name] { A [= value], B, ... } ;` as int constants (the type's name,
// if any, is not a type here).
func (p *parser) enum(f *file) {
	start := p.next()
	if p.tok().kind == tkIdent {
		p.next()
	}
	if p.tok().is(":") {
		p.unsupported(p.tok().pos, "an enum with an underlying type")
	}
	p.expect("{")
	var prev *varDecl
	for !p.tok().is("}") {
		name := p.ident()
		d := &varDecl{p: name.pos, name: name.text, base: tInt, isConst: true}
		switch {
		case p.accept("="):
			d.init = p.conditional()
		case prev == nil:
			d.init = &intLit{p: name.pos, text: "0"}
		default:
			d.init = &binary{p: name.pos, op: "+", x: &ident{p: name.pos, name: prev.name}, y: &intLit{p: name.pos, text: "1"}}
		}
		f.consts = append(f.consts, d)
		prev = d
		if !p.accept(",") {
			break
		}
	}
	p.expect("}")
	if !p.tok().is(";") {
		p.unsupported(start.pos, "a variable of an enum type")
	}
	p.expect(";")
}

func (p *parser) skipParens() {
	depth := 0
	for p.tok().kind != tkEOF {
		t := p.next()
		if t.is("(") {
			depth++
		} else if t.is(")") {
			depth--
			if depth == 0 {
				return
			}
		}
	}
}

// function parses a function's parameters and body (or ';' for a prototype).
func (p *parser) function(f *file, name token, global bool, ret *ctype) {
	fn := &funcDecl{p: name.pos, name: name.text, global: global, ret: ret}
	p.expect("(")
	if p.tok().isIdent("void") && p.peek(1).is(")") {
		p.next()
	}
	for !p.tok().is(")") {
		if len(fn.params) > 0 {
			p.expect(",")
		}
		if p.tok().is("...") {
			p.unsupported(p.tok().pos, "a variadic function")
		}
		pt := p.tok().pos
		bt, isConst, _, _, _ := p.baseType()
		if bt == nil {
			p.unsupported(pt, "an auto parameter")
		}
		prm := &param{p: pt, t: bt, isConst: isConst}
		constElem := isConst
		for p.tok().is("*") {
			if prm.t.isBuffer() {
				p.unsupported(p.tok().pos, "a pointer to a pointer")
			}
			prm.t = &ctype{kind: kPointer, elem: bt, constElem: constElem}
			prm.isConst = false
			p.next()
			for p.tok().kind == tkIdent && qualifierWords[p.tok().text] {
				if p.tok().text == "const" {
					prm.isConst = true
				}
				p.next()
			}
		}
		if p.tok().is("&") || p.tok().is("&&") {
			p.unsupported(p.tok().pos, "a reference parameter")
		}
		if p.tok().kind == tkIdent {
			prm.name = p.next().text
			prm.p = p.toks[p.i-1].pos
		}
		for p.tok().is("[") {
			if prm.t.isBuffer() {
				p.unsupported(p.tok().pos, "an array of pointers")
			}
			for !p.tok().is("]") && p.tok().kind != tkEOF {
				p.next()
			}
			p.expect("]")
			prm.t = &ctype{kind: kPointer, elem: bt, constElem: constElem}
		}
		if prm.t.kind == kPointer && (!prm.t.elem.isArith() || prm.t.elem == tVoid) {
			if prm.t.elem == tVoid {
				p.unsupported(pt, "a void pointer")
			}
			p.unsupported(pt, "a pointer to "+prm.t.elem.String())
		}
		if prm.t == tVoid {
			p.failf(pt, "a parameter can't be void")
		}
		if p.accept("=") {
			prm.def = p.assignment()
		}
		fn.params = append(fn.params, prm)
	}
	p.expect(")")
	for p.tok().kind == tkIdent && (p.tok().text == "const" || p.tok().text == "noexcept") {
		p.next()
	}
	old := f.funcs[fn.name]
	if p.accept(";") {
		if old == nil {
			f.funcs[fn.name] = fn
			f.order = append(f.order, fn)
		} else if len(old.params) != len(fn.params) {
			p.unsupported(fn.p, "an overloaded function")
		}
		return
	}
	if !p.tok().is("{") {
		p.failf(p.tok().pos, "expected a function body, found %s", p.tok())
	}
	fn.defined = true
	if old != nil {
		if old.defined || len(old.params) != len(fn.params) {
			if old.defined && !sameParams(old, fn) {
				old.err = errUnsupported(fn.p, "an overloaded function")
			} else if !old.defined {
				old.err = errUnsupported(fn.p, "an overloaded function")
			} else {
				old.err = errSource(fn.p, "%s is defined twice", fn.name)
			}
			p.i++
			p.skipBraces()
			return
		}
		// The definition replaces the prototype, keeping default arguments.
		for i, prm := range old.params {
			if prm.def != nil && fn.params[i].def == nil {
				fn.params[i].def = prm.def
			}
		}
		*old = *fn
		fn = old
	} else {
		f.funcs[fn.name] = fn
		f.order = append(f.order, fn)
	}
	start := p.i
	func() {
		defer p.recoverTo(&fn.err)
		fn.body = p.block()
	}()
	if fn.err != nil {
		p.i = start + 1
		p.skipBraces()
	}
}

func sameParams(a, b *funcDecl) bool {
	if len(a.params) != len(b.params) {
		return false
	}
	for i := range a.params {
		if a.params[i].t.String() != b.params[i].t.String() {
			return false
		}
	}
	return true
}

// ---- statements ----

func (p *parser) block() *blockStmt {
	b := &blockStmt{p: p.expect("{").pos}
	for !p.tok().is("}") {
		if p.tok().kind == tkEOF {
			p.failf(b.p, "unterminated block")
		}
		b.list = append(b.list, p.statement())
	}
	p.next()
	return b
}

func (p *parser) statement() stmt {
	p.enter()
	defer p.leave()
	t := p.tok()
	if t.is("{") {
		return p.block()
	}
	if t.is(";") {
		p.next()
		return &emptyStmt{p: t.pos}
	}
	if t.kind == tkIdent {
		switch t.text {
		case "if":
			p.next()
			s := &ifStmt{p: t.pos}
			if p.tok().isIdent("constexpr") {
				p.next()
			}
			p.expect("(")
			if p.startsType() {
				p.unsupported(p.tok().pos, "a declaration in a condition")
			}
			s.c = p.expression()
			p.expect(")")
			s.then = p.statement()
			if p.tok().isIdent("else") {
				p.next()
				s.els = p.statement()
			}
			return s
		case "while":
			p.next()
			s := &whileStmt{p: t.pos}
			p.expect("(")
			if p.startsType() {
				p.unsupported(p.tok().pos, "a declaration in a condition")
			}
			s.c = p.expression()
			p.expect(")")
			s.body = p.statement()
			return s
		case "do":
			p.next()
			s := &doStmt{p: t.pos}
			s.body = p.statement()
			if !p.tok().isIdent("while") {
				p.failf(p.tok().pos, "expected while after do's body, found %s", p.tok())
			}
			p.next()
			p.expect("(")
			s.c = p.expression()
			p.expect(")")
			p.expect(";")
			return s
		case "for":
			p.next()
			s := &forStmt{p: t.pos}
			p.expect("(")
			switch {
			case p.tok().is(";"):
				p.next()
			case p.startsType():
				s.init = p.declaration()
				if p.tok().is(":") {
					p.unsupported(p.tok().pos, "a range-based for loop")
				}
				p.expect(";")
			default:
				s.init = &exprStmt{p: p.tok().pos, x: p.expression()}
				p.expect(";")
			}
			if !p.tok().is(";") {
				s.c = p.expression()
			}
			p.expect(";")
			if !p.tok().is(")") {
				s.post = p.expression()
			}
			p.expect(")")
			s.body = p.statement()
			return s
		case "switch":
			p.next()
			s := &switchStmt{p: t.pos}
			p.expect("(")
			s.tag = p.expression()
			p.expect(")")
			if !p.tok().is("{") {
				p.unsupported(p.tok().pos, "a switch without a block")
			}
			s.body = p.block()
			return s
		case "case":
			p.next()
			s := &caseStmt{p: t.pos, v: p.conditional()}
			if p.tok().is("...") {
				p.unsupported(p.tok().pos, "a case range")
			}
			p.expect(":")
			return s
		case "default":
			p.next()
			p.expect(":")
			return &caseStmt{p: t.pos}
		case "break":
			p.next()
			p.expect(";")
			return &breakStmt{p: t.pos}
		case "continue":
			p.next()
			p.expect(";")
			return &continueStmt{p: t.pos}
		case "return":
			p.next()
			s := &returnStmt{p: t.pos}
			if !p.tok().is(";") {
				s.x = p.expression()
			}
			p.expect(";")
			return s
		case "goto":
			p.unsupported(t.pos, "goto")
		case "asm", "__asm__", "__asm":
			p.unsupported(t.pos, "inline assembly")
		case "try", "throw":
			p.unsupported(t.pos, "exception handling")
		case "typedef", "using":
			p.unsupported(t.pos, "a local type declaration")
		case "struct", "class", "union", "enum":
			p.unsupported(t.pos, "a local "+t.text+" type")
		case "static_assert":
			p.unsupported(t.pos, "static_assert")
		}
		if p.peek(1).is(":") && !keywords[t.text] {
			p.unsupported(t.pos, "a label (and goto)")
		}
		if p.startsType() {
			d := p.declaration()
			p.expect(";")
			return d
		}
	}
	s := &exprStmt{p: t.pos, x: p.expression()}
	p.expect(";")
	return s
}

// declaration parses a local declaration (without the ';').
func (p *parser) declaration() *declStmt {
	d := &declStmt{p: p.tok().pos}
	bt, isConst, shared, extern, static := p.baseType()
	for {
		d.vars = append(d.vars, p.declarator(bt, isConst, shared, extern, static))
		if !p.accept(",") {
			break
		}
	}
	return d
}

// declarator parses `*name[dims] = init`.
func (p *parser) declarator(bt *ctype, isConst, shared, extern, static bool) *varDecl {
	v := &varDecl{base: bt, isConst: isConst, shared: shared, extern: extern, static: static}
	for p.tok().is("*") {
		if v.ptr {
			p.unsupported(p.tok().pos, "a pointer to a pointer")
		}
		v.ptr = true
		p.next()
		for p.tok().kind == tkIdent && qualifierWords[p.tok().text] {
			p.next()
		}
	}
	if p.tok().is("&") || p.tok().is("&&") {
		p.unsupported(p.tok().pos, "a reference")
	}
	if p.tok().is("(") {
		p.unsupported(p.tok().pos, "a function pointer")
	}
	name := p.ident()
	v.p, v.name = name.pos, name.text
	for p.tok().is("[") {
		lb := p.next()
		if p.tok().is("]") {
			v.dims = append(v.dims, nil)
		} else {
			v.dims = append(v.dims, p.expression())
		}
		p.expect("]")
		if len(v.dims) > 1 && v.dims[len(v.dims)-1] == nil {
			p.failf(lb.pos, "only the first array dimension may be left out")
		}
	}
	switch {
	case p.accept("="):
		if p.tok().is("{") {
			v.init = p.initList()
		} else {
			v.init = p.assignment()
		}
	case p.tok().is("{"):
		v.init = p.initList()
	case p.tok().is("("):
		lp := p.next()
		if p.tok().is(")") {
			p.unsupported(lp.pos, "a local function declaration ("+v.name+"())")
		}
		v.init = p.expression()
		p.expect(")")
	}
	return v
}

func (p *parser) initList() expr {
	p.enter()
	defer p.leave()
	l := &initList{p: p.expect("{").pos}
	for !p.tok().is("}") {
		if len(l.elems) > 0 {
			p.expect(",")
			if p.tok().is("}") {
				break
			}
		}
		if p.tok().is(".") || p.tok().is("[") {
			p.unsupported(p.tok().pos, "a designated initializer")
		}
		if p.tok().is("{") {
			l.elems = append(l.elems, p.initList())
		} else {
			l.elems = append(l.elems, p.assignment())
		}
	}
	p.next()
	return l
}

// ---- expressions ----

func (p *parser) expression() expr {
	e := p.assignment()
	for p.tok().is(",") {
		t := p.next()
		e = &comma{p: t.pos, x: e, y: p.assignment()}
	}
	return e
}

var assignOps = map[string]bool{"=": true, "+=": true, "-=": true, "*=": true, "/=": true, "%=": true,
	"&=": true, "|=": true, "^=": true, "<<=": true, ">>=": true}

func (p *parser) assignment() expr {
	if p.tok().isIdent("throw") {
		p.unsupported(p.tok().pos, "exception handling")
	}
	l := p.conditional()
	if t := p.tok(); t.kind == tkPunct && assignOps[t.text] {
		p.next()
		var r expr
		if p.tok().is("{") {
			r = p.initList()
		} else {
			r = p.assignment()
		}
		return &assign{p: t.pos, op: t.text, l: l, r: r}
	}
	return l
}

func (p *parser) conditional() expr {
	c := p.binaryExpr(1)
	if t := p.tok(); t.is("?") {
		p.next()
		te := p.expression()
		p.expect(":")
		fe := p.assignment()
		return &cond{p: t.pos, c: c, t: te, f: fe}
	}
	return c
}

var binPrec = map[string]int{"||": 1, "&&": 2, "|": 3, "^": 4, "&": 5, "==": 6, "!=": 6,
	"<": 7, "<=": 7, ">": 7, ">=": 7, "<<": 8, ">>": 8, "+": 9, "-": 9, "*": 10, "/": 10, "%": 10}

func (p *parser) binaryExpr(min int) expr {
	x := p.unaryExpr()
	for {
		t := p.tok()
		prec := binPrec[t.text]
		if t.kind != tkPunct || prec < min || prec == 0 {
			if t.is("<=>") {
				p.unsupported(t.pos, "<=>")
			}
			return x
		}
		p.next()
		y := p.binaryExpr(prec + 1)
		x = &binary{p: t.pos, op: t.text, x: x, y: y}
	}
}

func (p *parser) unaryExpr() expr {
	p.enter()
	defer p.leave()
	t := p.tok()
	switch {
	case t.is("++") || t.is("--") || t.is("-") || t.is("+") || t.is("!") || t.is("~") || t.is("*") || t.is("&"):
		p.next()
		return &unary{p: t.pos, op: t.text, x: p.unaryExpr()}
	case t.is("&&"):
		p.unsupported(t.pos, "a label address")
	case t.isIdent("sizeof"):
		p.next()
		if p.tok().is("...") {
			p.unsupported(p.tok().pos, "sizeof...")
		}
		if p.tok().is("(") && p.startsTypeAt(1) {
			p.next()
			ty := p.typeName()
			p.expect(")")
			return &sizeofExpr{p: t.pos, t: ty}
		}
		return &sizeofExpr{p: t.pos, x: p.unaryExpr()}
	case t.isIdent("alignof") || t.isIdent("__alignof__"):
		p.unsupported(t.pos, "alignof")
	case t.isIdent("new") || t.isIdent("delete"):
		p.unsupported(t.pos, t.text)
	case t.is("(") && p.startsTypeAt(1):
		p.next()
		ty := p.typeName()
		p.expect(")")
		if p.tok().is("{") {
			p.unsupported(p.tok().pos, "a compound literal")
		}
		return &cast{p: t.pos, to: ty, x: p.unaryExpr()}
	}
	return p.postfixExpr()
}

// startsTypeAt reports whether the token k ahead begins a type (in a cast or sizeof).
func (p *parser) startsTypeAt(k int) bool {
	save := p.i
	p.i += k
	defer func() { p.i = save }()
	t := p.tok()
	if t.kind != tkIdent {
		return t.is("::") && p.peek(1).kind == tkIdent && (p.typedefs[p.peek(1).text] != nil || typedefs[p.peek(1).text] != nil)
	}
	if unsupportedTypes[t.text] != "" && t.text != "struct" && t.text != "enum" || isVectorType(t.text) {
		return true
	}
	if (t.text == "std" || t.text == "cuda") && p.peek(1).is("::") {
		j := 0
		for p.peek(j).kind == tkIdent && p.peek(j+1).is("::") {
			j += 2
		}
		last := p.peek(j)
		return last.kind == tkIdent && typedefs[last.text] != nil
	}
	return scalarWords[t.text] || t.text == "const" || t.text == "volatile" || t.text == "unsigned" ||
		t.text == "Peer" || t.text == "Slice" || p.typedefs[t.text] != nil || typedefs[t.text] != nil
}

// typeName reads a type in a cast or sizeof: a base type and '*'s.
func (p *parser) typeName() *ctype {
	pos := p.tok().pos
	bt, isConst, _, _, _ := p.baseType()
	if bt == nil {
		p.failf(pos, "auto is not a type here")
	}
	t := bt
	for p.tok().is("*") {
		if t.isBuffer() {
			p.unsupported(p.tok().pos, "a pointer to a pointer")
		}
		t = &ctype{kind: kPointer, elem: bt, constElem: isConst}
		p.next()
		for p.tok().kind == tkIdent && qualifierWords[p.tok().text] {
			p.next()
		}
	}
	if p.tok().is("&") {
		p.unsupported(p.tok().pos, "a reference")
	}
	return t
}

func (p *parser) postfixExpr() expr {
	x := p.primary()
	for {
		t := p.tok()
		switch {
		case t.is("["):
			p.next()
			i := p.expression()
			p.expect("]")
			x = &index{p: x.pos(), x: x, i: i}
		case t.is("("):
			p.next()
			c := &call{p: x.pos(), fn: x}
			for !p.tok().is(")") {
				if len(c.args) > 0 {
					p.expect(",")
				}
				c.args = append(c.args, p.assignment())
			}
			p.next()
			x = c
		case t.is(".") || t.is("->"):
			p.next()
			if p.tok().isIdent("template") {
				p.unsupported(p.tok().pos, "a template")
			}
			name := p.ident()
			x = &member{p: name.pos, x: x, name: name.text, arrow: t.is("->")}
		case t.is("++") || t.is("--"):
			p.next()
			x = &postfix{p: x.pos(), op: t.text, x: x}
		case t.is("<") && (isTemplateCall(p) || isTemplateName(p, x)):
			p.unsupported(t.pos, "a template argument list")
		default:
			return x
		}
	}
}

// isTemplateName reports whether x names a template declared earlier.
func isTemplateName(p *parser, x expr) bool {
	id, ok := x.(*ident)
	return ok && p.templates[id.name]
}

// isTemplateCall reports `name<T>(` or `name<T>::` with T a type, at a '<'.
func isTemplateCall(p *parser) bool {
	if !p.startsTypeAt(1) {
		return false
	}
	save := p.i
	defer func() { p.i = save }()
	var d *diag
	ok := false
	func() {
		defer p.recoverTo(&d)
		p.i++
		p.typeName()
		ok = p.tok().is(">") && (p.peek(1).is("(") || p.peek(1).is("::"))
	}()
	return d == nil && ok
}

func (p *parser) primary() expr {
	t := p.tok()
	switch t.kind {
	case tkNumber:
		p.next()
		lower := asciiLower(t.text)
		hex := strings.HasPrefix(lower, "0x")
		if strings.ContainsAny(lower, ".") || !hex && strings.Contains(lower, "e") || hex && strings.Contains(lower, "p") {
			return &floatLit{p: t.pos, text: t.text}
		}
		if !hex && strings.HasSuffix(lower, "f") {
			p.failf(t.pos, "invalid literal %s", t.text)
		}
		return &intLit{p: t.pos, text: t.text}
	case tkChar:
		p.next()
		return &charLit{p: t.pos, text: t.text}
	case tkString:
		p.next()
		text := t.text
		for p.tok().kind == tkString {
			text += p.next().text
		}
		return &stringLit{p: t.pos, text: text}
	case tkPunct:
		switch t.text {
		case "(":
			p.next()
			e := p.expression()
			p.expect(")")
			return &paren{p: t.pos, x: e}
		case "::":
			p.next()
			return p.primary()
		case "[":
			p.unsupported(t.pos, "a lambda")
		case "{":
			p.unsupported(t.pos, "a braced initializer here")
		}
		p.failf(t.pos, "expected an expression, found %s", t)
	case tkIdent:
		switch t.text {
		case "true", "false":
			p.next()
			return &boolLit{p: t.pos, v: t.text == "true"}
		case "nullptr", "NULL":
			p.unsupported(t.pos, "a null pointer")
		case "this":
			p.unsupported(t.pos, "this")
		case "static_cast":
			p.next()
			p.expect("<")
			ty := p.typeName()
			p.expect(">")
			p.expect("(")
			x := p.expression()
			p.expect(")")
			return &cast{p: t.pos, to: ty, x: x}
		case "reinterpret_cast", "const_cast", "dynamic_cast", "__builtin_bit_cast", "bit_cast":
			p.unsupported(t.pos, t.text)
		case "std":
			if p.peek(1).is("::") {
				p.i += 2
				return p.primary()
			}
		}
		if p.peek(1).is("::") {
			p.unsupported(t.pos, "a qualified name ("+t.text+"::)")
		}
		// Functional casts: float(x), unsigned(x), uint32_t(x).
		if (scalarWords[t.text] || p.typedefs[t.text] != nil || typedefs[t.text] != nil) && p.peek(1).is("(") {
			ty := p.typeName()
			p.expect("(")
			x := p.expression()
			p.expect(")")
			return &cast{p: t.pos, to: ty, x: x}
		}
		if scalarWords[t.text] || qualifierWords[t.text] {
			p.failf(t.pos, "unexpected %s in an expression", t.text)
		}
		p.next()
		return &ident{p: t.pos, name: t.text}
	}
	p.failf(t.pos, "expected an expression, found %s", t)
	return nil
}
