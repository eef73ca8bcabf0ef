package cudatogo

// Parsing of function bodies: statements and expressions.

import (
	"strings"
)

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
		defer recoverBail(&d)
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
