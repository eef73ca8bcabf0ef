package eval

import (
	"go/scanner"
	"go/token"
	"strings"
)

// chunkKind tells declarations from statements.
type chunkKind int

const (
	chunkStmt   chunkKind = iota // statements, run in order
	chunkImport                  // import declaration
	chunkType                    // type declaration
	chunkFunc                    // function declaration
	chunkMethod                  // method declaration
	chunkVar                     // var declaration
	chunkConst                   // const declaration
)

// chunk is a top-level piece of a cell: one declaration, or one statement.
type chunk struct {
	kind   chunkKind
	src    string // the text, as written
	offset int    // byte offset of src in the cell
	line   int    // 1-based line of src's first byte in the cell
	col    int    // 1-based column of src's first byte
}

// splitCell cuts a cell into top-level declarations and statements, in source order, with
// their positions. It only looks at tokens (brackets and keywords at depth 0), so it works
// on code that does not parse yet; parsing each chunk comes later. Scanner errors (an
// unterminated string, say) are left for the parser to report with a position.
func splitCell(src string) []chunk {
	fset := token.NewFileSet()
	file := fset.AddFile("cell", -1, len(src))
	var s scanner.Scanner
	s.Init(file, []byte(src), func(token.Position, string) {}, scanner.ScanComments)

	type tok struct {
		pos token.Pos
		tok token.Token
		lit string
	}
	var toks []tok
	leading := map[int]token.Pos{} // index of a statement's first token -> its doc comment
	var comment token.Pos          // first comment of the group just above the next token
	commentEnd, lastLine := 0, 0   // last line of that group; line of the last token
	for {
		pos, t, lit := s.Scan()
		if t == token.EOF {
			break
		}
		line := file.Line(pos)
		if t == token.COMMENT {
			switch {
			case line == lastLine: // a trailing comment
			case comment.IsValid() && line <= commentEnd+1:
				commentEnd = file.Line(pos + token.Pos(len(lit)) - 1)
			default:
				comment, commentEnd = pos, file.Line(pos+token.Pos(len(lit))-1)
			}
			continue
		}
		if t == token.SEMICOLON && lit == "\n" {
			toks = append(toks, tok{pos, t, lit})
			continue
		}
		if comment.IsValid() && line <= commentEnd+1 {
			leading[len(toks)] = comment
		}
		comment = token.NoPos
		lastLine = file.Line(pos + token.Pos(len(lit)))
		toks = append(toks, tok{pos, t, lit})
	}

	var chunks []chunk
	add := func(kind chunkKind, from, to int) {
		text := src[from:to]
		trimmed := strings.TrimRight(text, " \t\r\n;")
		if strings.TrimSpace(trimmed) == "" {
			return
		}
		p := file.Position(file.Pos(from))
		chunks = append(chunks, chunk{kind: kind, src: trimmed, offset: from, line: p.Line, col: p.Column})
	}

	depth := 0
	start := 0 // index in toks of the current statement's first token
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch t.tok {
		case token.LPAREN, token.LBRACE, token.LBRACK:
			depth++
		case token.RPAREN, token.RBRACE, token.RBRACK:
			if depth > 0 {
				depth--
			}
		}
		end := t.tok == token.SEMICOLON && depth == 0
		last := i == len(toks)-1
		if !end && !last {
			continue
		}
		if start <= i {
			first := toks[start]
			if first.tok == token.SEMICOLON { // an empty statement
				if c, ok := leading[start]; ok && start+1 < len(toks) {
					leading[start+1] = c
				}
				start = i + 1
				continue
			}
			from := file.Offset(first.pos)
			if c, ok := leading[start]; ok {
				from = file.Offset(c)
			}
			to := len(src)
			if end {
				to = file.Offset(t.pos)
			}
			add(classify(toks[start:i+1], func(j int) token.Token { return toks[start+j].tok }), from, to)
		}
		start = i + 1
	}
	return chunks
}

// classify tells what kind of top-level chunk starts with the given tokens.
func classify[T any](toks []T, at func(int) token.Token) chunkKind {
	n := len(toks)
	switch at(0) {
	case token.IMPORT:
		return chunkImport
	case token.TYPE:
		return chunkType
	case token.VAR:
		return chunkVar
	case token.CONST:
		return chunkConst
	case token.FUNC:
		if n > 1 && at(1) == token.IDENT {
			return chunkFunc
		}
		if n > 1 && at(1) == token.LPAREN {
			// func (r T) Name(...) is a method; func(...) ... is a literal in a statement.
			depth := 0
			for j := 1; j < n; j++ {
				switch at(j) {
				case token.LPAREN, token.LBRACK, token.LBRACE:
					depth++
				case token.RPAREN, token.RBRACK, token.RBRACE:
					depth--
				}
				if depth == 0 {
					if j+2 < n && at(j+1) == token.IDENT && (at(j+2) == token.LPAREN || at(j+2) == token.LBRACK) {
						return chunkMethod
					}
					return chunkStmt
				}
			}
		}
	}
	return chunkStmt
}
