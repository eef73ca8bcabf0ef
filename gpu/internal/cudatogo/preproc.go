package cudatogo

import (
	"strings"
)

// macro is a #define.
type macro struct {
	body []token
	fn   bool // function-like: not supported
	pos  Pos
}

// predefined are the macros NVRTC defines that sources test (the simulator stands for an
// sm_90 device).
var predefined = map[string]string{
	"__CUDACC__":       "1",
	"__CUDACC_RTC__":   "1",
	"__CUDA_ARCH__":    "900",
	"__cplusplus":      "201703L",
	"PEERBOOK_PRELUDE": "1",
}

// preproc runs the directives of a source: object-like #define and #undef, #if, #ifdef,
// #ifndef, #elif, #else, #endif; #include, #pragma and #line are ignored.
type preproc struct {
	macros     map[string]*macro
	hasInclude bool
}

type condFrame struct {
	active     bool // this branch's lines are kept
	taken      bool // a branch of this #if was taken
	parentLive bool
	pos        Pos
}

func preprocess(toks []token) ([]token, *preproc, *diag) {
	pp := &preproc{macros: map[string]*macro{}}
	for name, v := range predefined {
		pp.macros[name] = &macro{body: []token{{kind: tkNumber, text: v}}}
	}
	var out []token
	var conds []condFrame
	live := func() bool { return len(conds) == 0 || conds[len(conds)-1].active }
	for i := 0; i < len(toks); {
		t := toks[i]
		if t.kind == tkEOF {
			out = append(out, t)
			break
		}
		if !(t.is("#") && t.bol) {
			if live() {
				out = append(out, pp.expand([]token{t}, map[string]bool{})...)
			}
			i++
			continue
		}
		j := i + 1
		for j < len(toks) && !toks[j].bol {
			j++
		}
		line := toks[i+1 : j]
		i = j
		if len(line) == 0 {
			continue // the null directive
		}
		name := line[0].text
		args := line[1:]
		switch name {
		case "if", "ifdef", "ifndef":
			f := condFrame{parentLive: live(), pos: t.pos}
			if f.parentLive {
				var ok bool
				var err *diag
				switch name {
				case "if":
					ok, err = pp.eval(args, t.pos)
				case "ifdef", "ifndef":
					if len(args) == 0 || args[0].kind != tkIdent {
						return nil, nil, errSource(t.pos, "#%s needs a macro name", name)
					}
					ok = pp.macros[args[0].text] != nil
					if name == "ifndef" {
						ok = !ok
					}
				}
				if err != nil {
					return nil, nil, err
				}
				f.active, f.taken = ok, ok
			}
			conds = append(conds, f)
		case "elif", "elifdef", "elifndef":
			if len(conds) == 0 {
				return nil, nil, errSource(t.pos, "#%s without #if", name)
			}
			f := &conds[len(conds)-1]
			f.active = false
			if f.parentLive && !f.taken {
				var ok bool
				switch name {
				case "elif":
					var err *diag
					if ok, err = pp.eval(args, t.pos); err != nil {
						return nil, nil, err
					}
				default:
					ok = len(args) > 0 && pp.macros[args[0].text] != nil
					if name == "elifndef" {
						ok = !ok
					}
				}
				f.active, f.taken = ok, ok
			}
		case "else":
			if len(conds) == 0 {
				return nil, nil, errSource(t.pos, "#else without #if")
			}
			f := &conds[len(conds)-1]
			f.active = f.parentLive && !f.taken
			f.taken = true
		case "endif":
			if len(conds) == 0 {
				return nil, nil, errSource(t.pos, "#endif without #if")
			}
			conds = conds[:len(conds)-1]
		default:
			if !live() {
				continue
			}
			switch name {
			case "define":
				if len(args) == 0 || args[0].kind != tkIdent {
					return nil, nil, errSource(t.pos, "#define needs a macro name")
				}
				m := &macro{pos: args[0].pos}
				body := args[1:]
				if len(body) > 0 && body[0].is("(") && !body[0].space {
					m.fn = true
				}
				m.body = body
				pp.macros[args[0].text] = m
			case "undef":
				if len(args) > 0 {
					delete(pp.macros, args[0].text)
				}
			case "include":
				pp.hasInclude = true
			case "error":
				return nil, nil, errSource(t.pos, "#error %s", joinText(args))
			case "pragma", "line", "warning", "ident":
			default:
				return nil, nil, errSource(t.pos, "unknown directive #%s", name)
			}
		}
	}
	if len(conds) > 0 {
		return nil, nil, errSource(conds[len(conds)-1].pos, "#if without #endif")
	}
	return out, pp, nil
}

// expand replaces object-like macros in toks (recursively, never a macro inside its own
// expansion). The tokens of an expansion take the position of the macro's name.
func (pp *preproc) expand(toks []token, active map[string]bool) []token {
	var out []token
	for _, t := range toks {
		m := pp.macros[t.text]
		if t.kind != tkIdent || t.noExpand || m == nil || m.fn {
			out = append(out, t)
			continue
		}
		if active[t.text] {
			t.noExpand = true
			out = append(out, t)
			continue
		}
		body := make([]token, len(m.body))
		for k, b := range m.body {
			b.pos, b.bol = t.pos, false
			if k == 0 {
				b.space = t.space
			}
			body[k] = b
		}
		active[t.text] = true
		out = append(out, pp.expand(body, active)...)
		delete(active, t.text)
	}
	return out
}

// eval evaluates the condition of #if / #elif.
func (pp *preproc) eval(args []token, pos Pos) (bool, *diag) {
	// defined NAME and defined(NAME) first, then macros; other names are 0.
	var line []token
	for k := 0; k < len(args); k++ {
		t := args[k]
		if t.isIdent("defined") {
			name := ""
			switch {
			case k+1 < len(args) && args[k+1].kind == tkIdent:
				name = args[k+1].text
				k++
			case k+3 < len(args) && args[k+1].is("(") && args[k+2].kind == tkIdent && args[k+3].is(")"):
				name = args[k+2].text
				k += 3
			default:
				return false, errSource(t.pos, "malformed defined() in #if")
			}
			v := "0"
			if pp.macros[name] != nil {
				v = "1"
			}
			line = append(line, token{kind: tkNumber, text: v, pos: t.pos})
			continue
		}
		line = append(line, t)
	}
	line = pp.expand(line, map[string]bool{})
	if len(line) == 0 {
		return false, errSource(pos, "#if with no expression")
	}
	line = append(line, token{kind: tkEOF, pos: pos, bol: true})
	p := newParser(line, nil)
	var e expr
	var perr *diag
	func() {
		defer recoverBail(&perr)
		e = p.expression()
		if p.tok().kind != tkEOF {
			p.failf(p.tok().pos, "unexpected %s in #if", p.tok())
		}
	}()
	if perr != nil {
		return false, perr
	}
	v, err := ppValue(e)
	return v != 0, err
}

// ppValue evaluates an #if expression (integers; names that are not macros are 0).
func ppValue(e expr) (int64, *diag) {
	switch x := e.(type) {
	case *intLit:
		v, _, err := parseIntLit(x.text, x.p)
		return int64(v), err
	case *charLit:
		v, err := parseCharLit(x.text, x.p)
		return v, err
	case *ident:
		if x.name == "true" {
			return 1, nil
		}
		return 0, nil
	case *boolLit:
		if x.v {
			return 1, nil
		}
		return 0, nil
	case *paren:
		return ppValue(x.x)
	case *unary:
		v, err := ppValue(x.x)
		if err != nil {
			return 0, err
		}
		switch x.op {
		case "-":
			return -v, nil
		case "+":
			return v, nil
		case "!":
			return b2i(v == 0), nil
		case "~":
			return ^v, nil
		}
	case *cond:
		c, err := ppValue(x.c)
		if err != nil {
			return 0, err
		}
		if c != 0 {
			return ppValue(x.t)
		}
		return ppValue(x.f)
	case *binary:
		a, err := ppValue(x.x)
		if err != nil {
			return 0, err
		}
		if x.op == "&&" && a == 0 {
			return 0, nil
		}
		if x.op == "||" && a != 0 {
			return 1, nil
		}
		b, err := ppValue(x.y)
		if err != nil {
			return 0, err
		}
		switch x.op {
		case "+":
			return a + b, nil
		case "-":
			return a - b, nil
		case "*":
			return a * b, nil
		case "/", "%":
			if b == 0 {
				return 0, errSource(x.p, "division by zero in #if")
			}
			if x.op == "/" {
				return a / b, nil
			}
			return a % b, nil
		case "<<":
			return a << uint64(b&63), nil
		case ">>":
			return a >> uint64(b&63), nil
		case "<":
			return b2i(a < b), nil
		case ">":
			return b2i(a > b), nil
		case "<=":
			return b2i(a <= b), nil
		case ">=":
			return b2i(a >= b), nil
		case "==":
			return b2i(a == b), nil
		case "!=":
			return b2i(a != b), nil
		case "&":
			return a & b, nil
		case "|":
			return a | b, nil
		case "^":
			return a ^ b, nil
		case "&&", "||":
			return b2i(b != 0), nil
		}
	}
	return 0, errSource(e.pos(), "this expression can't be used in #if")
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func joinText(toks []token) string {
	var b strings.Builder
	for i, t := range toks {
		if i > 0 && t.space {
			b.WriteByte(' ')
		}
		b.WriteString(t.text)
	}
	return b.String()
}
