package eval

import (
	"go/scanner"
	"go/token"
	"strings"
)

// cutShort tells, for Go code that does not parse, whether more lines could complete it:
// incomplete when a bracket, string, rune or comment is still open, or when the last token
// asks for more (an operator, a comma, else, ...); invalid when a closing bracket matches no
// opening one, or when the code stops where Go allows it to and still does not parse.
func cutShort(code string) (incomplete bool) {
	open, stray, last := scanBrackets(code)
	switch {
	case stray:
		return false // no more input can fix a stray closing bracket
	case open:
		return true
	}
	return continuesAfter(last)
}

// scanBrackets scans Go code: open when a bracket, string, rune or comment is still open at
// the end, stray when a closing bracket matches no opening one; last is the last token.
func scanBrackets(code string) (open, stray bool, last token.Token) {
	fset := token.NewFileSet()
	f := fset.AddFile("", -1, len(code))
	unterminated := false
	var sc scanner.Scanner
	sc.Init(f, []byte(code), func(_ token.Position, msg string) {
		if strings.Contains(msg, "not terminated") {
			unterminated = true
		}
	}, 0)
	var stack []token.Token
	last = token.ILLEGAL
	for {
		_, tok, lit := sc.Scan()
		if tok == token.EOF {
			break
		}
		if tok == token.SEMICOLON && lit == "\n" {
			continue // inserted by the scanner
		}
		switch tok {
		case token.LPAREN, token.LBRACK, token.LBRACE:
			stack = append(stack, tok)
		case token.RPAREN, token.RBRACK, token.RBRACE:
			open := map[token.Token]token.Token{token.RPAREN: token.LPAREN, token.RBRACK: token.LBRACK, token.RBRACE: token.LBRACE}[tok]
			if len(stack) == 0 || stack[len(stack)-1] != open {
				return false, true, tok
			}
			stack = stack[:len(stack)-1]
		}
		last = tok
	}
	return unterminated || len(stack) > 0, false, last
}

// continuesAfter reports whether a cell that ends with tok goes on on the next line: Go
// inserts no semicolon after it, and the statement needs more.
func continuesAfter(tok token.Token) bool {
	switch {
	case tok.IsOperator():
		switch tok {
		case token.INC, token.DEC, token.RPAREN, token.RBRACK, token.RBRACE, token.SEMICOLON, token.ELLIPSIS:
			return false
		}
		return true
	case tok.IsKeyword():
		switch tok {
		case token.BREAK, token.CONTINUE, token.FALLTHROUGH, token.RETURN:
			return false
		}
		return true
	}
	return false
}

// unclosedBracket returns the position (1-based line and column of code) of the innermost
// bracket still open at the end of code, when every closing bracket matched its opening
// one; ok is false when none is open, or when a closing bracket matches none or another
// kind (the parser's errors say where).
func unclosedBracket(code string) (line, col int, tok token.Token, ok bool) {
	fset := token.NewFileSet()
	f := fset.AddFile("", -1, len(code))
	var sc scanner.Scanner
	sc.Init(f, []byte(code), func(token.Position, string) {}, 0)
	type opener struct {
		pos token.Pos
		tok token.Token
	}
	var stack []opener
	for {
		pos, t, _ := sc.Scan()
		if t == token.EOF {
			break
		}
		switch t {
		case token.LPAREN, token.LBRACK, token.LBRACE:
			stack = append(stack, opener{pos, t})
		case token.RPAREN, token.RBRACK, token.RBRACE:
			if len(stack) == 0 || closerOf[stack[len(stack)-1].tok] != t.String() {
				return 0, 0, 0, false // closes another bracket than the open one
			}
			stack = stack[:len(stack)-1]
		}
	}
	if len(stack) == 0 {
		return 0, 0, 0, false
	}
	o := stack[len(stack)-1]
	p := f.Position(o.pos)
	return p.Line, p.Column, o.tok, true
}

// closerOf is the bracket that closes an opening one.
var closerOf = map[token.Token]string{token.LPAREN: ")", token.LBRACK: "]", token.LBRACE: "}"}
