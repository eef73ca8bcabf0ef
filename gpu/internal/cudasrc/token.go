package cudasrc

import "strings"

// tokKind classifies a token of CUDA C++ source.
type tokKind uint8

const (
	tokIdent tokKind = iota
	tokNumber
	tokString // "..." (text without the quotes)
	tokChar   // '...'
	tokPunct  // one character, or "::"
)

// token is one token of the source, with the 1-based line and the byte offset it starts at.
type token struct {
	kind tokKind
	text string
	line int
	off  int
}

func (t token) is(text string) bool { return t.kind == tokPunct && t.text == text }

func (t token) isIdent(text string) bool { return t.kind == tokIdent && t.text == text }

// tokenize splits src into tokens, leaving out comments and preprocessor directives (so
// kernels that macros generate are not seen). It never fails: an unterminated comment or
// literal runs to the end of the source.
func tokenize(src string) []token {
	var toks []token
	line := 1
	lineStart := true // only blanks since the last newline
	n := len(src)
	for i := 0; i < n; {
		c := src[i]
		switch {
		case c == '\n':
			line++
			lineStart = true
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
			continue
		case c == '\\' && i+1 < n && src[i+1] == '\n': // line splice outside a directive
			line++
			i += 2
			continue
		case c == '/' && i+1 < n && src[i+1] == '/':
			for i < n && src[i] != '\n' {
				i++
			}
			continue
		case c == '/' && i+1 < n && src[i+1] == '*':
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				line += strings.Count(src[i:], "\n")
				i = n
				continue
			}
			line += strings.Count(src[i:i+2+end+2], "\n")
			i += 2 + end + 2
			continue
		case c == '#' && lineStart:
			i, line = skipDirective(src, i, line)
			continue
		}
		lineStart = false
		start := i
		switch {
		case isIdentStart(c):
			for i < n && isIdentChar(src[i]) {
				i++
			}
			word := src[start:i]
			// Raw string literal: R"delim( ... )delim", with an optional encoding prefix.
			if i < n && src[i] == '"' && (word == "R" || word == "u8R" || word == "uR" || word == "UR" || word == "LR") {
				open := strings.IndexByte(src[i+1:], '(')
				if open >= 0 {
					delim := src[i+1 : i+1+open]
					closing := ")" + delim + "\""
					body := i + 1 + open + 1
					end := strings.Index(src[body:], closing)
					if end < 0 {
						end = n - body
					} else {
						end += len(closing)
					}
					text := src[i:min(n, body+end)]
					toks = append(toks, token{tokString, text, line, start})
					line += strings.Count(text, "\n")
					i = min(n, body+end)
					continue
				}
			}
			if i < n && (src[i] == '"' || src[i] == '\'') && (word == "L" || word == "u" || word == "U" || word == "u8") {
				continue // an encoding prefix: the literal follows as its own token
			}
			toks = append(toks, token{tokIdent, word, line, start})
		case c >= '0' && c <= '9' || c == '.' && i+1 < n && src[i+1] >= '0' && src[i+1] <= '9':
			for i < n && (isIdentChar(src[i]) || src[i] == '.' || src[i] == '\'' ||
				(src[i] == '+' || src[i] == '-') && (src[i-1] == 'e' || src[i-1] == 'E' || src[i-1] == 'p' || src[i-1] == 'P')) {
				i++
			}
			toks = append(toks, token{tokNumber, src[start:i], line, start})
		case c == '"' || c == '\'':
			i++
			for i < n && src[i] != c && src[i] != '\n' {
				if src[i] == '\\' && i+1 < n {
					i++
				}
				i++
			}
			text := src[start+1 : min(i, n)]
			if i < n && src[i] == c {
				i++
			}
			kind := tokString
			if c == '\'' {
				kind = tokChar
			}
			toks = append(toks, token{kind, text, line, start})
		case c == ':' && i+1 < n && src[i+1] == ':':
			i += 2
			toks = append(toks, token{tokPunct, "::", line, start})
		default:
			i++
			toks = append(toks, token{tokPunct, string(c), line, start})
		}
	}
	return toks
}

// skipDirective skips the preprocessor directive that starts at src[i] ('#'), with its
// continuation lines and comments, and returns the index of the newline that ends it.
func skipDirective(src string, i, line int) (int, int) {
	n := len(src)
	for i < n {
		switch {
		case src[i] == '\n':
			return i, line
		case src[i] == '\\' && i+1 < n && src[i+1] == '\n':
			line++
			i += 2
		case src[i] == '\\' && i+2 < n && src[i+1] == '\r' && src[i+2] == '\n':
			line++
			i += 3
		case src[i] == '/' && i+1 < n && src[i+1] == '*':
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				return n, line + strings.Count(src[i:], "\n")
			}
			line += strings.Count(src[i:i+2+end+2], "\n")
			i += 2 + end + 2
		case src[i] == '/' && i+1 < n && src[i+1] == '/':
			for i < n && src[i] != '\n' {
				i++
			}
		default:
			i++
		}
	}
	return i, line
}

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func isIdentChar(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }
