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
