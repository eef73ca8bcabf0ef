package gokernel

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"
)

// CUDAFlags returns the NVRTC options a translation (CUDA) must be compiled with to keep
// Go's float semantics: --fmad=false, so that a*b + c is rounded twice as the simulator
// rounds it, and an explicit conversion such as float32(a*b) + c is never fused (Go's spec
// forbids fusing across one; NVRTC contracts by default).
func CUDAFlags() []string { return []string{"--fmad=false"} }

// CUDA returns the kernel translated to CUDA C++: the gokernel runtime, the device functions
// it calls, a body function whose buffer parameters are __restrict__ pointers (Peer buffers
// never are), and an extern "C" __global__ entry point named after the Go function, taking
// Slice<T> / Peer<T> / scalars in the order of Signature. The source relies on
// cudasrc.Prelude, which the CUDA compile path prepends (as for %%cuda cells). Each
// statement carries a "// cell[3]:12" comment with its Go position.
func (k *Kernel) CUDA() (string, error) {
	k.cudaOnce.Do(func() {
		g := &cudaGen{p: k.prog, k: k.fn, bounds: !k.fn.noBounds, fnNames: map[*function]string{}}
		k.cudaSrc, k.cudaErr = g.translate()
		if k.cudaErr == nil {
			k.sites = g.sites
		}
	})
	return k.cudaSrc, k.cudaErr
}

// FaultPos returns the Go position ("cell[3]:12:5") of fault site site of the kernel's CUDA
// translation (gk_fault_t.site), or "" where there is none.
func (k *Kernel) FaultPos(site int) string {
	if _, err := k.CUDA(); err != nil || site < 0 || site >= len(k.sites) {
		return ""
	}
	return k.sites[site]
}

// cudaGen translates one kernel.
type cudaGen struct {
	p       *program
	k       *function
	bounds  bool
	fnNames map[*function]string
	sites   []string // Go positions of the checks, by fault site number
	siteIdx map[string]int
	errs    ErrorList

	// per function
	f       *function
	b       *strings.Builder
	indent  int
	names   map[*types.Var]string
	taken   map[string]int
	slices  map[*types.Var]cslice
	tmpN    int
	labels  map[ast.Stmt]string // loops with a labelled continue/break: label base name
	brk     []brkCtx            // enclosing loops and switches
	counted int                 // counted loops written twice around the current statement

	idxOverride map[*ast.IndexExpr]string // index already computed and checked
}

// cslice is a buffer as the translation sees it: a pointer and a length.
type cslice struct {
	ptr, length string
	peer        bool
	elem        types.Type
}

// brkCtx is an enclosing for, range or switch.
type brkCtx struct {
	stmt     ast.Stmt
	label    string // Go label, "" where none
	isSwitch bool
	endLabel string // C label after it, for break out of a switch or labelled break
	contLbl  string // C label before the post statement, for labelled continue
	usedEnd  bool
	usedCont bool
}

// cReserved are names a Go identifier must not keep in C++ (keywords, CUDA builtins, the
// prelude's and the runtime's names).
var cReserved = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`alignas alignof and and_eq asm auto bitand bitor bool break case
		catch char char16_t char32_t char8_t class compl concept const const_cast consteval constexpr
		constinit continue co_await co_return co_yield decltype default delete do double dynamic_cast
		else enum explicit export extern false float for friend goto if inline int long mutable
		namespace new noexcept not not_eq nullptr operator or or_eq private protected public register
		reinterpret_cast requires return short signed sizeof static static_assert static_cast struct
		switch template this thread_local throw true try typedef typeid typename union unsigned using
		virtual void volatile wchar_t while xor xor_eq main
		threadIdx blockIdx blockDim gridDim warpSize
		int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t intptr_t uintptr_t
		Slice Peer PeerRef PeerPtr peerbook gk sync_system sync_device flag_set flag_wait
		flag_wait_at_least global_thread_id global_thread_count peerbook_time_ns peer_load peer_store
		peer_load_acquire peer_store_release gk_fault_t gokernel_fault_record
		min max abs sqrt printf malloc free assert`) {
		cReserved[w] = true
	}
}

func (g *cudaGen) errorf(pos token.Pos, format string, args ...any) {
	g.errs = append(g.errs, g.p.errorAt(pos, format, args...))
}

// site returns the fault-site number of a Go position.
func (g *cudaGen) site(n ast.Node) int {
	pos := g.p.pos(n.Pos())
	if i, ok := g.siteIdx[pos]; ok {
		return i
	}
	if g.siteIdx == nil {
		g.siteIdx = map[string]int{}
	}
	g.sites = append(g.sites, pos)
	g.siteIdx[pos] = len(g.sites) - 1
	return len(g.sites) - 1
}

func (g *cudaGen) translate() (src string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("gokernel: internal error translating %s to CUDA: %v", g.k.name, r)
		}
	}()
	if cReserved[g.k.name] || strings.HasPrefix(g.k.name, "go_") || strings.HasPrefix(g.k.name, "gk") {
		return "", ErrorList{g.p.errorAt(g.k.decl.Name.Pos(),
			"kernel name %s clashes with a CUDA C++ name; rename the kernel", g.k.name)}
	}
	// device functions reachable from the kernel, in a stable order
	var devs []*function
	seen := map[*function]bool{}
	var visit func(f *function)
	visit = func(f *function) {
		for _, c := range f.callees {
			if !seen[c] {
				seen[c] = true
				visit(c)
				devs = append(devs, c)
			}
		}
	}
	visit(g.k)
	sort.SliceStable(devs, func(i, j int) bool { return devs[i].name < devs[j].name })
	for _, d := range devs {
		g.fnNames[d] = "go_" + d.name
	}

	var out strings.Builder
	fmt.Fprintf(&out, "// Kernel %s, translated from Go (%s) by peerbook's gokernel.\n", g.k.name, g.p.pos(g.k.decl.Pos()))
	if g.bounds {
		out.WriteString("// Bounds checks: on (an out-of-range index records the fault and ends the thread).\n")
	} else {
		out.WriteString("// Bounds checks: off (//gpu:nobounds).\n")
	}
	out.WriteString("// Needs cudasrc.Prelude (Slice, Peer, sync_system, peerbook::load_volatile).\n\n")
	out.WriteString(cudaRuntime)
	out.WriteString("\n")
	var dyn bool
	for _, s := range g.k.shared {
		dyn = dyn || s.dynamic
	}
	if dyn {
		out.WriteString("extern __shared__ __align__(16) unsigned char gk_dynamic_shared[];\n\n")
	}
	// result structs and prototypes first: device functions may call each other in any order
	for _, d := range devs {
		if len(d.results) > 1 {
			fmt.Fprintf(&out, "struct %s_result {", g.fnNames[d])
			for i, r := range d.results {
				fmt.Fprintf(&out, " %s r%d;", g.ctype(r), i)
			}
			out.WriteString(" };\n")
		}
	}
	for _, d := range devs {
		out.WriteString(g.signatureOf(d, false) + ";\n")
	}
	if len(devs) > 0 {
		out.WriteString("\n")
	}
	for _, d := range devs {
		out.WriteString(g.function(d))
		out.WriteString("\n")
	}
	out.WriteString(g.function(g.k))
	out.WriteString("\n")
	out.WriteString(g.entry())
	if len(g.errs) > 0 {
		return "", g.errs.Sorted()
	}
	return out.String(), nil
}

// ctype is the C++ type of a Go value type.
func (g *cudaGen) ctype(t types.Type) string {
	if a, ok := t.Underlying().(*types.Array); ok {
		return fmt.Sprintf("gk::Array<%s, %d>", g.ctype(a.Elem()), a.Len())
	}
	switch g.p.kindOf(t) {
	case kI8:
		return "int8_t"
	case kI16:
		return "int16_t"
	case kI32:
		return "int32_t"
	case kI64:
		return "int64_t"
	case kU8:
		return "uint8_t"
	case kU16:
		return "uint16_t"
	case kU32:
		return "uint32_t"
	case kU64:
		return "uint64_t"
	case kF32:
		return "float"
	case kF64:
		return "double"
	case kBool:
		return "bool"
	}
	panic(fmt.Sprintf("no C type for %s", t))
}

// name returns the C name of a Go variable, unique in its function.
func (g *cudaGen) name(v *types.Var) string {
	if n, ok := g.names[v]; ok {
		return n
	}
	base := v.Name()
	if base == "_" || base == "" {
		base = "gk_blank"
	}
	if cReserved[base] || strings.HasPrefix(base, "gk") || strings.HasPrefix(base, "go_") || strings.HasPrefix(base, "__") {
		base += "_"
	}
	n := base
	if c := g.taken[base]; c > 0 {
		n = fmt.Sprintf("%s_%d", base, c)
	}
	g.taken[base]++
	g.taken[n]++
	g.names[v] = n
	return n
}

func (g *cudaGen) tmp(prefix string) string {
	g.tmpN++
	return fmt.Sprintf("gk_%s%d", prefix, g.tmpN)
}

// signatureOf is a function's C++ declaration. Kernels get a body function whose buffers are
// __restrict__ pointers (never for Peer buffers).
func (g *cudaGen) signatureOf(f *function, withNames bool) string {
	var params []string
	names := func(v *types.Var) string {
		if !withNames {
			return ""
		}
		return " " + g.name(v)
	}
	for _, v := range f.params {
		if elem := sliceElem(v.Type()); elem != nil {
			ct := g.ctype(elem)
			if f.kernel && !f.written[v] {
				ct = "const " + ct
			}
			ptr := ct + "*"
			if f.kernel && !g.p.isPeer(v.Type()) {
				ptr += " __restrict__"
			}
			if withNames {
				s := g.slices[v]
				params = append(params, ptr+" "+s.ptr, "long long "+s.length)
			} else {
				params = append(params, ptr, "long long")
			}
			continue
		}
		params = append(params, g.ctype(v.Type())+names(v))
	}
	ret := "void"
	switch len(f.results) {
	case 0:
	case 1:
		ret = g.ctype(f.results[0])
	default:
		ret = g.fnNames[f] + "_result"
	}
	name := g.fnNames[f]
	if f.kernel {
		name = "gk_" + f.name + "_body"
	}
	return fmt.Sprintf("static __device__ __forceinline__ %s %s(%s)", ret, name, strings.Join(params, ", "))
}

// function translates a kernel's body function or a device function.
func (g *cudaGen) function(f *function) string {
	g.f, g.b, g.indent = f, &strings.Builder{}, 1
	g.names, g.taken, g.slices, g.tmpN = map[*types.Var]string{}, map[string]int{}, map[*types.Var]cslice{}, 0
	g.labels, g.brk, g.idxOverride = map[ast.Stmt]string{}, nil, map[*ast.IndexExpr]string{}
	for _, v := range f.params {
		if elem := sliceElem(v.Type()); elem != nil {
			n := g.name(v)
			g.slices[v] = cslice{ptr: n, length: n + "_len", peer: g.p.isPeer(v.Type()), elem: elem}
		} else {
			g.name(v)
		}
	}
	sig := f.obj.Type().(*types.Signature)
	var named []*types.Var
	for i := 0; i < sig.Results().Len(); i++ {
		if r := sig.Results().At(i); r.Name() != "" && r.Name() != "_" {
			named = append(named, r)
		}
	}
	var head strings.Builder
	fmt.Fprintf(&head, "// %s %s (%s)\n", map[bool]string{true: "kernel", false: "device function"}[f.kernel],
		f.name, g.p.pos(f.decl.Pos()))
	head.WriteString(g.signatureOf(f, true))
	head.WriteString(" {\n")
	for _, r := range named {
		g.line(fmt.Sprintf("%s %s = %s;", g.ctype(r.Type()), g.name(r), g.zero(r.Type())), nil)
	}
	if f.kernel {
		g.sharedDecls()
	}
	g.stmts(f.decl.Body.List)
	if len(named) > 0 {
		g.line(g.returnNamed(named), nil)
	}
	g.b.WriteString("}\n")
	return head.String() + g.b.String()
}

// sharedDecls declares the kernel's shared memory at the top of its body and zeroes it, as
// the simulator does (Go's zero values), before any thread uses it.
func (g *cudaGen) sharedDecls() {
	if len(g.f.shared) == 0 {
		return
	}
	var zero []string
	for _, s := range g.f.shared {
		n := g.name(s.v)
		ct := g.ctype(s.elem)
		if s.dynamic {
			g.line(fmt.Sprintf("%s* %s = reinterpret_cast<%s*>(gk_dynamic_shared);", ct, n, ct), s.call)
			g.line(fmt.Sprintf("long long %s_len;", n), nil)
			g.line(fmt.Sprintf("{ unsigned gk_b; asm(\"mov.u32 %%0, %%%%dynamic_smem_size;\" : \"=r\"(gk_b)); %s_len = gk_b / sizeof(%s); }", n, ct), nil)
			g.slices[s.v] = cslice{ptr: n, length: n + "_len", elem: s.elem}
		} else {
			g.line(fmt.Sprintf("__shared__ %s %s[%d];", ct, n, s.n), s.call)
			g.slices[s.v] = cslice{ptr: n, length: strconv.FormatInt(s.n, 10) + "LL", elem: s.elem}
		}
		zero = append(zero, fmt.Sprintf("for (unsigned gk_i = gk_t; gk_i < (unsigned)(%s); gk_i += gk_nt) %s[gk_i] = 0;", g.slices[s.v].length, n))
	}
	g.line("{ // shared memory starts zeroed, as in Go", nil)
	g.indent++
	// 32-bit arithmetic: a block has at most 1024 threads and shared memory is far smaller
	// than 4 GiB elements; 64-bit would cost a division to count the loop.
	g.line("unsigned gk_t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);", nil)
	g.line("unsigned gk_nt = blockDim.x * blockDim.y * blockDim.z;", nil)
	for _, z := range zero {
		g.line(z, nil)
	}
	g.line("__syncthreads();", nil)
	g.indent--
	g.line("}", nil)
}

// entry is the extern "C" __global__ function the launcher calls.
func (g *cudaGen) entry() string {
	var b strings.Builder
	var params, args []string
	for _, v := range g.k.params {
		n := v.Name()
		if elem := sliceElem(v.Type()); elem != nil {
			ct := g.ctype(elem)
			if !g.k.written[v] {
				ct = "const " + ct
			}
			kind := "Slice"
			if g.p.isPeer(v.Type()) {
				kind = "Peer"
			}
			params = append(params, fmt.Sprintf("%s<%s> %s", kind, ct, "gk_arg_"+n))
			args = append(args, "gk_arg_"+n+".ptr_", "gk_arg_"+n+".len_")
			continue
		}
		params = append(params, fmt.Sprintf("%s %s", g.ctype(v.Type()), "gk_arg_"+n))
		args = append(args, "gk_arg_"+n)
	}
	fmt.Fprintf(&b, "// entry point: parameters in the order of the Go kernel's, without its gpu.Thread\n")
	fmt.Fprintf(&b, "extern \"C\" __global__ void %s(%s) {\n", g.k.name, strings.Join(params, ", "))
	fmt.Fprintf(&b, "  gk_%s_body(%s);\n}\n", g.k.name, strings.Join(args, ", "))
	return b.String()
}

// block writes open (a line ending in "{", at at's position where at is not nil), the
// statements of list indented, and the closing "}".
func (g *cudaGen) block(open string, at ast.Node, list []ast.Stmt) {
	g.line(open, at)
	g.indent++
	g.stmts(list)
	g.indent--
	g.line("}", nil)
}

// line writes one line of C++, with the Go position of at as a comment.
func (g *cudaGen) line(s string, at ast.Node) {
	g.b.WriteString(strings.Repeat("  ", g.indent))
	g.b.WriteString(s)
	if at != nil {
		ps := g.p.fset.Position(at.Pos())
		fmt.Fprintf(g.b, "  // %s:%d", ps.Filename, ps.Line)
	}
	g.b.WriteByte('\n')
}

func (g *cudaGen) zero(t types.Type) string {
	if isArray(t) {
		return "{}"
	}
	return g.constant(constant.MakeInt64(0), g.p.kindOf(t))
}
