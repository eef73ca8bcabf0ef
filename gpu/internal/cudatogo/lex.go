package cudatogo

import (
	"fmt"
	"strings"
)

// Pos is a position in the source: 1-based line and byte column.
type Pos struct{ Line, Col int }

type tokKind uint8

const (
	tkEOF tokKind = iota
	tkIdent
	tkNumber
	tkChar   // 'c' (text with the quotes)
	tkString // "s" (text with the quotes)
	tkPunct
)

// token is one token of the source.
type token struct {
	kind  tokKind
	text  string
	pos   Pos
	bol   bool // first token of a logical line (a directive starts with such a '#')
	space bool // whitespace (or a comment) came before it
	// noExpand marks an identifier that must not be macro-expanded again (it named a macro
	// being expanded).
	noExpand bool
}

func (t token) is(s string) bool      { return t.kind == tkPunct && t.text == s }
func (t token) isIdent(s string) bool { return t.kind == tkIdent && t.text == s }

func (t token) String() string {
	switch t.kind {
	case tkEOF:
		return "end of source"
	case tkIdent:
		return t.text
	}
	return fmt.Sprintf("%q", t.text)
}

// puncts are the multi-character punctuators, longest first.
var puncts = []string{
	"<<=", ">>=", "...", "->*", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
	"+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "::", "##", ".*",
}

// lex splits src into tokens. It fails only on characters C++ has no use for and on
// unterminated comments and literals.
func lex(src string) ([]token, *Error) {
	var toks []token
	line, col := 1, 1
	bol, space := true, false
	adv := func(k int) {
		for j := 0; j < k; j++ {
			if src[0] == '\n' {
				line++
				col = 1
			} else {
				col++
			}
			src = src[1:]
		}
	}
	for len(src) > 0 {
		c := src[0]
		switch {
		case c == '\n':
			adv(1)
			bol, space = true, true
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			adv(1)
			space = true
			continue
		case c == '\\' && (strings.HasPrefix(src, "\\\n") || strings.HasPrefix(src, "\\\r\n")):
			if src[1] == '\r' {
				adv(3)
			} else {
				adv(2)
			}
			continue
		case strings.HasPrefix(src, "//"):
			for len(src) > 0 && src[0] != '\n' {
				adv(1)
			}
			space = true
			continue
		case strings.HasPrefix(src, "/*"):
			start := Pos{line, col}
			end := strings.Index(src[2:], "*/")
			if end < 0 {
				return nil, &Error{Line: start.Line, Col: start.Col, Msg: "unterminated comment"}
			}
			adv(end + 4)
			space = true
			continue
		}
		t := token{pos: Pos{line, col}, bol: bol, space: space}
		bol, space = false, false
		switch {
		case isIdentStart(c):
			k := 1
			for k < len(src) && isIdentChar(src[k]) {
				k++
			}
			t.kind, t.text = tkIdent, src[:k]
			// An encoding prefix of a literal: u8"..", L'..'.
			if k < len(src) && (src[k] == '"' || src[k] == '\'') &&
				(t.text == "L" || t.text == "u" || t.text == "U" || t.text == "u8" || t.text == "R") {
				adv(k)
				q, err := lexQuoted(src, Pos{line, col})
				if err != nil {
					return nil, err
				}
				t.kind, t.text = tkString, t.text+src[:q]
				if src[0] == '\'' {
					t.kind = tkChar
				}
				adv(q)
				toks = append(toks, t)
				continue
			}
			adv(k)
		case c >= '0' && c <= '9' || c == '.' && len(src) > 1 && src[1] >= '0' && src[1] <= '9':
			k := 1
			for k < len(src) {
				d := src[k]
				if isIdentChar(d) || d == '.' ||
					d == '\'' && k+1 < len(src) && isIdentChar(src[k+1]) ||
					(d == '+' || d == '-') && strings.ContainsRune("eEpP", rune(src[k-1])) {
					k++
					continue
				}
				break
			}
			t.kind, t.text = tkNumber, src[:k]
			adv(k)
		case c == '"' || c == '\'':
			q, err := lexQuoted(src, t.pos)
			if err != nil {
				return nil, err
			}
			t.kind, t.text = tkString, src[:q]
			if c == '\'' {
				t.kind = tkChar
			}
			adv(q)
		default:
			t.kind = tkPunct
			t.text = string(c)
			for _, p := range puncts {
				if strings.HasPrefix(src, p) {
					t.text = p
					break
				}
			}
			if !strings.ContainsRune("{}[]()<>;:,.?!~+-*/%&|^=#@$`", rune(c)) && len(t.text) == 1 {
				return nil, &Error{Line: t.pos.Line, Col: t.pos.Col, Msg: fmt.Sprintf("unexpected character %q", c)}
			}
			adv(len(t.text))
		}
		toks = append(toks, t)
	}
	toks = append(toks, token{kind: tkEOF, pos: Pos{line, col}, bol: true})
	return toks, nil
}

// lexQuoted returns the length of the quoted literal at the start of src.
func lexQuoted(src string, pos Pos) (int, *Error) {
	q := src[0]
	k := 1
	for k < len(src) && src[k] != q {
		if src[k] == '\n' {
			break
		}
		if src[k] == '\\' && k+1 < len(src) {
			k++
		}
		k++
	}
	if k >= len(src) || src[k] != q {
		return 0, &Error{Line: pos.Line, Col: pos.Col, Msg: "unterminated literal"}
	}
	return k + 1, nil
}

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func isIdentChar(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }
