package main

import (
	"fmt"
	"strings"
	"unicode"
)

type stateFn func(r rune) stateFn

type lexer struct {
	tokens []string
	cur    strings.Builder
}

func (l *lexer) emit(kind string) {
	if l.cur.Len() > 0 {
		l.tokens = append(l.tokens, kind+"("+l.cur.String()+")")
		l.cur.Reset()
	}
}

func (l *lexer) start(r rune) stateFn {
	switch {
	case unicode.IsDigit(r):
		l.cur.WriteRune(r)
		return l.number
	case unicode.IsLetter(r):
		l.cur.WriteRune(r)
		return l.ident
	case unicode.IsSpace(r):
		return l.start
	default:
		l.tokens = append(l.tokens, "op("+string(r)+")")
		return l.start
	}
}

func (l *lexer) number(r rune) stateFn {
	if unicode.IsDigit(r) || r == '.' {
		l.cur.WriteRune(r)
		return l.number
	}
	l.emit("num")
	return l.start(r)
}

func (l *lexer) ident(r rune) stateFn {
	if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' {
		l.cur.WriteRune(r)
		return l.ident
	}
	l.emit("id")
	return l.start(r)
}

func lex(src string) []string {
	l := &lexer{}
	state := l.start
	for _, r := range src + " " {
		state = state(r)
	}
	return l.tokens
}

func main() {
	fmt.Println(lex("x1 = 3.14*(rate_2+10)"))
	fmt.Println(lex("héllo wörld 42"))
	fmt.Println(len(lex("")))
}
