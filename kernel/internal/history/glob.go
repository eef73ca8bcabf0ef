package history

import "unicode/utf8"

// Match reports whether the whole of s matches the glob pattern, as SQLite's GLOB (which
// IPython's history search uses): * matches any text (newlines too), ? one character,
// [abc], [a-z] and [^abc] a class. A malformed class matches nothing.
func Match(pattern, s string) bool {
	// Iterative matching with backtracking to the last star: linear in practice, never
	// exponential.
	px, sx := 0, 0
	starP, starS := -1, -1
	for sx < len(s) {
		if px < len(pattern) {
			switch c := pattern[px]; c {
			case '*':
				starP, starS = px, sx
				px++
				continue
			case '?':
				_, w := utf8.DecodeRuneInString(s[sx:])
				px++
				sx += w
				continue
			case '[':
				r, w := utf8.DecodeRuneInString(s[sx:])
				if ok, next := matchClass(pattern, px, r); next > 0 && ok {
					px = next
					sx += w
					continue
				}
			default:
				r, w := utf8.DecodeRuneInString(s[sx:])
				pr, pw := utf8.DecodeRuneInString(pattern[px:])
				if r == pr {
					px += pw
					sx += w
					continue
				}
			}
		}
		if starP < 0 {
			return false
		}
		_, w := utf8.DecodeRuneInString(s[starS:])
		starS += w
		px, sx = starP+1, starS
	}
	for px < len(pattern) && pattern[px] == '*' {
		px++
	}
	return px == len(pattern)
}

// matchClass matches r against the class starting at pattern[px] == '['. It returns whether
// r is in the class and the index after the class (0 when the class is not closed).
func matchClass(pattern string, px int, r rune) (bool, int) {
	i := px + 1
	negate := false
	if i < len(pattern) && pattern[i] == '^' {
		negate = true
		i++
	}
	matched := false
	first := true
	for i < len(pattern) {
		c, w := utf8.DecodeRuneInString(pattern[i:])
		if c == ']' && !first {
			return matched != negate, i + 1
		}
		first = false
		i += w
		lo, hi := c, c
		if i+1 < len(pattern) && pattern[i] == '-' && pattern[i+1] != ']' {
			h, hw := utf8.DecodeRuneInString(pattern[i+1:])
			hi = h
			i += 1 + hw
		}
		if lo <= r && r <= hi {
			matched = true
		}
	}
	return false, 0
}
