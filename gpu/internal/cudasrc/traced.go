package cudasrc

import (
	"sort"
	"strings"
)

// TraceSlotParam is the parameter Traced adds to every kernel: a pointer to the launch's
// two-word timestamp slot (see Traced).
const TraceSlotParam = "peerbook_trace_slot"

// TraceStampsDefine is the flag a traced variant is compiled with: it turns on the prelude's
// trace_enter and trace_exit.
const TraceStampsDefine = "-DPEERBOOK_TRACE_STAMPS"

// Traced returns the traced variant of src: every __global__ function takes one more
// parameter, last, `unsigned long long* peerbook_trace_slot`, and its body runs inside
// a lambda between peerbook::trace_enter and peerbook::trace_exit (the prelude's, with
// TraceStampsDefine), which stamp the launch's start and end with the device's
// %globaltimer into the slot:
//
//	slot[0] = ^(block 0's start), slot[1] = the latest block's end
//
// (both 0 until a block starts or ends, so a zeroed slot means "not run"; block 0 is the
// first block the GPU dispatches). Each block pays a barrier at its start, a shared atomic
// per group of a warp's threads leaving together, and one global atomic. A return in the
// body returns from the lambda, so early returns still reach trace_exit; the kernel's
// attributes (__launch_bounds__, __maxnreg__), extern __shared__ and the body's own
// __shared__ variables are untouched. Nothing is added on a new line: the variant's line
// numbers are the source's. Declarations without a body get the parameter too, so that
// they still declare the same function. The names, linkage and name expressions of the
// kernels are those of src (cudasrc.Kernels of the variant gives each the added parameter).
func Traced(src string) (string, error) {
	p := parser{toks: tokenize(src)}
	type edit struct {
		at, end int // replace src[at:end]
		text    string
	}
	var edits []edit
	err := p.eachKernel(func(k Kernel, next int) (int, error) {
		closeTok := p.toks[next-1] // the parameter list's ')'
		openIdx := p.skipBack(next-1, "(", ")")
		slot := "unsigned long long* " + TraceSlotParam
		switch {
		case openIdx+1 == next-1: // ()
			edits = append(edits, edit{closeTok.off, closeTok.off, slot})
		case openIdx+2 == next-1 && p.toks[openIdx+1].isIdent("void"): // (void)
			v := p.toks[openIdx+1]
			edits = append(edits, edit{v.off, v.off + len(v.text), slot})
		default:
			edits = append(edits, edit{closeTok.off, closeTok.off, ", " + slot})
		}
		if k.body != [2]int{} {
			open, close := p.toks[k.body[0]], p.toks[k.body[1]]
			edits = append(edits,
				edit{open.off + 1, open.off + 1, " ::peerbook::trace_enter(" + TraceSlotParam + "); [&]() {"},
				edit{close.off, close.off, "}(); ::peerbook::trace_exit(" + TraceSlotParam + "); "})
			next = k.body[1] + 1
		}
		return next, nil
	})
	if err != nil {
		return "", err
	}
	sort.SliceStable(edits, func(a, b int) bool { return edits[a].at < edits[b].at })
	var b strings.Builder
	b.Grow(len(src) + 200*len(edits))
	last := 0
	for _, e := range edits {
		b.WriteString(src[last:e.at])
		b.WriteString(e.text)
		last = e.end
	}
	b.WriteString(src[last:])
	return b.String(), nil
}

// skipBack returns the index of the opener that the closer at toks[i] closes.
func (p *parser) skipBack(i int, open, close string) int {
	depth := 0
	for ; i >= 0; i-- {
		switch {
		case p.toks[i].is(close):
			depth++
		case p.toks[i].is(open):
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return 0
}
