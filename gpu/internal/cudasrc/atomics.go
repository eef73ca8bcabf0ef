package cudasrc

import (
	"regexp"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// AtomicUse says which parameters of a kernel its read-modify-write atomics update.
type AtomicUse struct {
	// Params[i] is set where parameter i may be updated by a read-modify-write atomic
	// (atomicAdd, atomicCAS, atomicExch, atomicInc, ..., the prelude's atomic_add and the
	// like, whatever their scope suffix).
	Params []bool
	// Conservative is why Params marks every buffer parameter rather than those the
	// atomics name ("" where the scan could attribute every atomic): atomics in device
	// functions, through a pointer the scan can't follow, in inline PTX (atom./red.),
	// through cuda::atomic_ref, or in macros.
	Conservative string
}

// rmwWord matches the atomics that read, modify and write: CUDA's atomicAdd..atomicXor
// with any scope suffix, and the prelude's atomic_add..atomic_xor.
var rmwWord = regexp.MustCompile(`^atomic(Add|Sub|Exch|Min|Max|Inc|Dec|CAS|And|Or|Xor)(_system|_block)?$|^atomic_(add|sub|exch|min|max|inc|dec|cas|and|or|xor)$`)

// opaqueWords are atomics whose target the scan can't follow from a call's first argument.
var opaqueWords = map[string]bool{"atomic_ref": true, "atomic": true, "fetch_add": true,
	"fetch_sub": true, "fetch_and": true, "fetch_or": true, "fetch_xor": true, "fetch_min": true,
	"fetch_max": true, "exchange": true, "compare_exchange_weak": true, "compare_exchange_strong": true}

// ptxAtomic matches an atomic or reduction instruction of inline PTX.
var ptxAtomic = regexp.MustCompile(`\b(atom|red|multimem\.red)\.`)

// macroAtomic matches a preprocessor directive that mentions an atomic.
var macroAtomic = regexp.MustCompile(`(?m)^[ \t]*#[^\n]*(atomic|atom\.|red\.)`)

// AtomicUses scans CUDA C++ source for the read-modify-write atomics of each kernel and
// the parameters they update, by kernel name. The scan is textual: an atomic whose target
// is a parameter, directly (atomicAdd(&p[i], v), atomicAdd(p + i, v), atomicAdd(p.at(i),
// v)), is attributed to it; an atomic on __shared__ memory to none; anything it can't
// follow marks every parameter of the kernel (or of every kernel, for atomics outside
// kernel bodies) and says why in Conservative. It never misses an atomic that the
// compiled code makes on a parameter, except through pointers smuggled in scalars.
func AtomicUses(src string) (map[string]AtomicUse, error) {
	p := &parser{toks: tokenize(src)}
	ks, err := p.kernels()
	if err != nil {
		return nil, err
	}
	out := map[string]AtomicUse{}
	inBody := make([]bool, len(p.toks))
	for _, k := range ks {
		for i := k.body[0]; i <= k.body[1] && k.body[1] > 0 && i < len(p.toks); i++ {
			inBody[i] = true
		}
	}
	everywhere := ""
	if macroAtomic.MatchString(src) {
		everywhere = "a preprocessor macro of the source mentions atomics"
	}
	for i := range p.toks {
		if everywhere == "" && !inBody[i] && isAtomicToken(p.toks, i) {
			everywhere = "the source has atomics outside kernel bodies (device functions), which the scan does not follow to their callers"
		}
	}
	for _, k := range ks {
		use := AtomicUse{Params: make([]bool, len(k.Signature.Params))}
		names := map[string]int{}
		for i, prm := range k.Signature.Params {
			names[prm.Name] = i
		}
		all := func(why string) {
			if use.Conservative == "" {
				use.Conservative = why
			}
			for i, prm := range k.Signature.Params {
				if prm.Kind != backend.ParamScalar {
					use.Params[i] = true
				}
			}
		}
		if everywhere != "" {
			all(everywhere)
		}
		if k.body[1] > 0 {
			shared := sharedNames(p.toks[k.body[0]:k.body[1]])
			for i := k.body[0]; i < k.body[1]; i++ {
				t := p.toks[i]
				switch {
				case t.kind == tokString && ptxAtomic.MatchString(t.text):
					all("the kernel has inline PTX atomics (atom./red.)")
				case t.kind == tokIdent && opaqueWords[t.text]:
					all("the kernel uses " + t.text + ", whose target the scan can't follow")
				case t.kind == tokIdent && rmwWord.MatchString(t.text) && i+1 < len(p.toks) && p.toks[i+1].is("("):
					root := firstArgRoot(p.toks, i+1)
					if n, ok := names[root]; ok {
						use.Params[n] = true
					} else if !shared[root] {
						all(t.text + " on " + quoteOr(root, "an expression") + ", which the scan can't trace to a parameter")
					}
				}
			}
		}
		out[k.Signature.Name] = use
	}
	return out, nil
}

func quoteOr(s, alt string) string {
	if s == "" {
		return alt
	}
	return "'" + s + "'"
}

// isAtomicToken reports whether toks[i] starts a read-modify-write atomic of any form.
func isAtomicToken(toks []token, i int) bool {
	t := toks[i]
	switch {
	case t.kind == tokString:
		return ptxAtomic.MatchString(t.text)
	case t.kind == tokIdent && opaqueWords[t.text]:
		return true
	case t.kind == tokIdent && rmwWord.MatchString(t.text):
		return i+1 < len(toks) && toks[i+1].is("(")
	}
	return false
}

// firstArgRoot returns the first identifier of the call's first argument (toks[open] is its
// "("), skipping casts' and address-of's punctuation and type words: "p" for &p[i], p + i,
// p.at(i), (unsigned*)&p[i]. It returns "" where the argument has no identifier.
func firstArgRoot(toks []token, open int) string {
	depth := 0
	for i := open; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t.is("(") || t.is("["):
			depth++
		case t.is(")") || t.is("]"):
			depth--
			if depth == 0 {
				return ""
			}
		case t.is(",") && depth == 1:
			return ""
		case t.kind == tokIdent && !castWords[t.text]:
			return t.text
		}
	}
	return ""
}

// castWords are the words of the casts an atomic's target may be written with.
var castWords = map[string]bool{"unsigned": true, "signed": true, "int": true, "long": true,
	"short": true, "char": true, "float": true, "double": true, "const": true, "volatile": true,
	"reinterpret_cast": true, "static_cast": true, "int32_t": true, "uint32_t": true,
	"int64_t": true, "uint64_t": true, "size_t": true}

// sharedNames returns the variables a kernel body declares __shared__.
func sharedNames(body []token) map[string]bool {
	out := map[string]bool{}
	for i := 0; i < len(body); i++ {
		if !body[i].isIdent("__shared__") {
			continue
		}
		last := ""
		for j := i + 1; j < len(body); j++ {
			t := body[j]
			if t.is(";") || t.is("[") || t.is("=") {
				break
			}
			if t.kind == tokIdent {
				last = t.text
			}
		}
		if last != "" {
			out[last] = true
		}
	}
	return out
}
