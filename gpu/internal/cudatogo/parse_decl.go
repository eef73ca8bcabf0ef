package cudatogo

// Parsing of namespace-scope declarations: functions, constants, types.

import ()

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
			defer recoverBail(&d)
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
		defer recoverBail(&fn.err)
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
