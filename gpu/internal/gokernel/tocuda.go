package gokernel

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"math"
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

// --- statements ---

func (g *cudaGen) stmts(list []ast.Stmt) {
	for _, s := range list {
		g.stmt(s, "")
	}
}

func (g *cudaGen) stmt(s ast.Stmt, label string) {
	switch s := s.(type) {
	case nil, *ast.EmptyStmt:
	case *ast.BlockStmt:
		g.line("{", s)
		g.indent++
		g.stmts(s.List)
		g.indent--
		g.line("}", nil)
	case *ast.LabeledStmt:
		g.stmt(s.Stmt, s.Label.Name)
	case *ast.DeclStmt:
		g.declStmt(s)
	case *ast.AssignStmt:
		g.assign(s)
	case *ast.IncDecStmt:
		op := token.ADD
		if s.Tok == token.DEC {
			op = token.SUB
		}
		g.opAssign(s.X, op, "1", s)
	case *ast.ExprStmt:
		g.callStmt(ast.Unparen(s.X).(*ast.CallExpr), s)
	case *ast.IfStmt:
		g.ifStmt(s, false)
	case *ast.ForStmt:
		g.forStmt(s, label)
	case *ast.RangeStmt:
		g.rangeStmt(s, label)
	case *ast.SwitchStmt:
		g.switchStmt(s, label)
	case *ast.BranchStmt:
		g.branch(s)
	case *ast.ReturnStmt:
		g.returnStmt(s)
	default:
		g.errorf(s.Pos(), "statement not supported by the CUDA translation")
	}
}

func (g *cudaGen) declStmt(s *ast.DeclStmt) {
	gd := s.Decl.(*ast.GenDecl)
	if gd.Tok != token.VAR {
		return
	}
	for _, spec := range gd.Specs {
		vs := spec.(*ast.ValueSpec)
		if len(vs.Values) == 1 && g.isShared(vs.Values[0]) {
			continue // declared at the top of the body
		}
		if len(vs.Values) == 1 && len(vs.Names) > 1 {
			g.multiCall(identExprs(vs.Names), vs.Values[0], true, s)
			continue
		}
		for i, n := range vs.Names {
			v, _ := g.p.info.Defs[n].(*types.Var)
			if v == nil || n.Name == "_" {
				if i < len(vs.Values) {
					g.line(g.expr(vs.Values[i])+";", s)
				}
				continue
			}
			init := g.zero(v.Type())
			if i < len(vs.Values) {
				init = g.value(vs.Values[i], v.Type())
			}
			g.line(fmt.Sprintf("%s %s = %s;", g.ctype(v.Type()), g.name(v), init), s)
		}
	}
}

func identExprs(ids []*ast.Ident) []ast.Expr {
	out := make([]ast.Expr, len(ids))
	for i, id := range ids {
		out[i] = id
	}
	return out
}

func (g *cudaGen) isShared(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	ci := g.p.classify(call)
	return ci.kind == callGPU && (ci.name == "Shared" || ci.name == "DynamicShared")
}

func (g *cudaGen) assign(s *ast.AssignStmt) {
	switch s.Tok {
	case token.DEFINE, token.ASSIGN:
	default:
		g.opAssign(s.Lhs[0], opAssignOps[s.Tok], g.expr(s.Rhs[0]), s)
		return
	}
	if len(s.Rhs) == 1 && g.isShared(s.Rhs[0]) {
		return
	}
	if len(s.Lhs) > 1 && len(s.Rhs) == 1 {
		g.multiCall(s.Lhs, s.Rhs[0], s.Tok == token.DEFINE, s)
		return
	}
	if len(s.Lhs) == 1 {
		g.line(g.assignOne(s.Lhs[0], s.Rhs[0], s.Tok == token.DEFINE)+";", s)
		return
	}
	// a, b = b, a: evaluate every value first
	g.line("{", s)
	g.indent++
	tmps := make([]string, len(s.Rhs))
	for i, r := range s.Rhs {
		t := g.p.typeOf(r)
		if !isBlank(s.Lhs[i]) {
			t = g.lhsType(s.Lhs[i])
		}
		tmps[i] = g.tmp("v")
		g.line(fmt.Sprintf("%s %s = %s;", g.ctype(t), tmps[i], g.value(r, t)), nil)
	}
	var defs []string
	for i, l := range s.Lhs {
		if isBlank(l) {
			continue
		}
		if s.Tok == token.DEFINE {
			if v, ok := g.p.info.Defs[l.(*ast.Ident)].(*types.Var); ok && v != nil {
				defs = append(defs, fmt.Sprintf("%s %s;", g.ctype(v.Type()), g.name(v)))
			}
		}
		g.line(g.store(l, tmps[i])+";", nil)
	}
	g.indent--
	g.line("}", nil)
	if len(defs) > 0 {
		// declarations must outlive the block: emit them before it
		g.hoistDecls(defs)
	}
}

// hoistDecls moves declarations written after a block to before it (a multiple define
// needs its variables declared outside the block that computes them).
func (g *cudaGen) hoistDecls(defs []string) {
	text := g.b.String()
	// find the start of the last top-level "{" line we wrote
	ind := strings.Repeat("  ", g.indent)
	i := strings.LastIndex(text, "\n"+ind+"{")
	decl := ""
	for _, d := range defs {
		decl += ind + d + "\n"
	}
	g.b.Reset()
	g.b.WriteString(text[:i+1] + decl + text[i+1:])
}

func (g *cudaGen) lhsType(e ast.Expr) types.Type {
	if id, ok := e.(*ast.Ident); ok {
		if obj := g.p.info.ObjectOf(id); obj != nil {
			return obj.Type()
		}
	}
	return g.p.typeOf(e)
}

// assignOne is lhs = rhs (define: a declaration where lhs is new).
func (g *cudaGen) assignOne(lhs, rhs ast.Expr, define bool) string {
	if isBlank(lhs) {
		return "(void)(" + g.expr(rhs) + ")"
	}
	if define {
		if v, ok := g.p.info.Defs[lhs.(*ast.Ident)].(*types.Var); ok && v != nil {
			return fmt.Sprintf("%s %s = %s", g.ctype(v.Type()), g.name(v), g.value(rhs, v.Type()))
		}
	}
	return g.store(lhs, g.value(rhs, g.lhsType(lhs)))
}

// store is the C++ that stores the C++ value v in lhs.
func (g *cudaGen) store(lhs ast.Expr, v string) string {
	if ix, ok := ast.Unparen(lhs).(*ast.IndexExpr); ok {
		if s, ok := g.sliceOf(ix.X); ok {
			i := g.index(ix, s.length)
			if s.peer {
				return fmt.Sprintf("peerbook::store_volatile(%s + %s, %s)", s.ptr, i, v)
			}
			return fmt.Sprintf("%s[%s] = %s", s.ptr, i, v)
		}
	}
	return g.expr(lhs) + " = " + v
}

// opAssign is lhs op= rhs (rhs already C++).
func (g *cudaGen) opAssign(lhs ast.Expr, op token.Token, rhs string, at ast.Node) {
	t := g.p.typeOf(lhs)
	ix, isIndex := ast.Unparen(lhs).(*ast.IndexExpr)
	if isIndex && !g.simpleIndex(ix.Index) {
		// compute (and check) the index once
		g.line("{", at)
		g.indent++
		i := g.tmp("i")
		var checked string
		if sl, ok := g.sliceOf(ix.X); ok {
			checked = g.index(ix, sl.length)
		} else {
			checked = g.arrayIndex(ix)
		}
		g.line(fmt.Sprintf("long long %s = %s;", i, checked), nil)
		g.idxOverride[ix] = i
		g.line(g.store(lhs, g.binop(op, g.expr(lhs), rhs, t, at))+";", nil)
		delete(g.idxOverride, ix)
		g.indent--
		g.line("}", nil)
		return
	}
	g.line(g.store(lhs, g.binop(op, g.expr(lhs), rhs, t, at))+";", at)
}

// simpleIndex reports whether an index expression can be evaluated twice.
func (g *cudaGen) simpleIndex(e ast.Expr) bool {
	if g.p.info.Types[e].Value != nil {
		return true
	}
	_, isIdent := ast.Unparen(e).(*ast.Ident)
	return isIdent
}

// multiCall is a, b := f(x).
func (g *cudaGen) multiCall(lhs []ast.Expr, rhs ast.Expr, define bool, at ast.Node) {
	call := ast.Unparen(rhs).(*ast.CallExpr)
	callee := g.p.classify(call).fn
	for _, l := range lhs {
		if define && !isBlank(l) {
			if v, ok := g.p.info.Defs[l.(*ast.Ident)].(*types.Var); ok && v != nil {
				g.line(fmt.Sprintf("%s %s;", g.ctype(v.Type()), g.name(v)), nil)
			}
		}
	}
	g.line("{", at)
	g.indent++
	r := g.tmp("r")
	g.line(fmt.Sprintf("%s_result %s = %s;", g.fnNames[callee], r, g.expr(call)), nil)
	for i, l := range lhs {
		if !isBlank(l) {
			g.line(g.store(l, fmt.Sprintf("%s.r%d", r, i))+";", nil)
		}
	}
	g.indent--
	g.line("}", nil)
}

func (g *cudaGen) callStmt(call *ast.CallExpr, at ast.Node) {
	ci := g.p.classify(call)
	switch {
	case ci.kind == callThread && ci.name == "Barrier":
		g.line("__syncthreads();", at)
	case ci.kind == callGPU && ci.name == "SyncSystem":
		g.line("sync_system();", at)
	default:
		g.line(g.expr(call)+";", at)
	}
}

func (g *cudaGen) ifStmt(s *ast.IfStmt, isElse bool) {
	if s.Init != nil {
		if isElse {
			g.b.WriteString("{\n")
		} else {
			g.line("{", s)
		}
		g.indent++
		g.stmt(s.Init, "")
		g.line(fmt.Sprintf("if (%s) {", g.expr(s.Cond)), s)
	} else if isElse {
		g.b.WriteString(fmt.Sprintf("if (%s) {", g.expr(s.Cond)))
		ps := g.p.fset.Position(s.Pos())
		fmt.Fprintf(g.b, "  // %s:%d\n", ps.Filename, ps.Line)
	} else {
		g.line(fmt.Sprintf("if (%s) {", g.expr(s.Cond)), s)
	}
	g.indent++
	g.stmts(s.Body.List)
	g.indent--
	switch e := s.Else.(type) {
	case nil:
		g.line("}", nil)
	case *ast.IfStmt:
		g.b.WriteString(strings.Repeat("  ", g.indent) + "} else ")
		g.ifStmt(e, true)
	case *ast.BlockStmt:
		g.line("} else {", nil)
		g.indent++
		g.stmts(e.List)
		g.indent--
		g.line("}", nil)
	}
	if s.Init != nil {
		g.indent--
		g.line("}", nil)
	}
}

// loopLabels returns the C labels of a loop: after its body (for continue L) and after it
// (for break L); empty when the loop has no Go label.
func (g *cudaGen) pushLoop(s ast.Stmt, label string, isSwitch bool) *brkCtx {
	n := len(g.brk)
	ctx := brkCtx{stmt: s, label: label, isSwitch: isSwitch}
	if label != "" || isSwitch {
		base := g.tmp("L")
		if label != "" {
			base = "gk_" + label + "_" + strconv.Itoa(g.tmpN)
		}
		ctx.endLabel = base + "_break"
		ctx.contLbl = base + "_continue"
	}
	g.brk = append(g.brk, ctx)
	return &g.brk[n]
}

func (g *cudaGen) popLoop() brkCtx {
	c := g.brk[len(g.brk)-1]
	g.brk = g.brk[:len(g.brk)-1]
	return c
}

func (g *cudaGen) forStmt(s *ast.ForStmt, label string) {
	open := s.Init != nil
	if open {
		g.line("{", s)
		g.indent++
		g.stmt(s.Init, "")
	}
	if c, ok := g.countedLoop(s); ok && g.counted < maxCountedNesting {
		// Go's integers wrap, so the loop's post statement is wrapping arithmetic, and a C++
		// compiler can't count the iterations of such a loop: it neither unrolls it nor keeps
		// several loads in flight. Where no wrap can happen (the guard), the same loop runs
		// with plain signed arithmetic, which it can count.
		g.line(fmt.Sprintf("if (%s) {  // the counter can't wrap: a loop the compiler can count", c.guard), nil)
		g.indent++
		g.counted++
		for ix, i := range c.inRange {
			g.idxOverride[ix] = i
		}
		g.loop(s, label, c.post)
		for ix := range c.inRange {
			delete(g.idxOverride, ix)
		}
		g.indent--
		g.line("} else {", nil)
		g.indent++
		g.loop(s, label, "")
		g.counted--
		g.indent--
		g.line("}", nil)
	} else {
		g.loop(s, label, "")
	}
	if open {
		g.indent--
		g.line("}", nil)
	}
}

// maxCountedNesting bounds how deep counted loops are written twice (fast and wrapping):
// each level doubles the code of the loops inside it, so the code of a loop nest grows at
// most fourfold.
const maxCountedNesting = 2

// loop writes the for statement s without its init; post, when not empty, replaces its post
// statement.
func (g *cudaGen) loop(s *ast.ForStmt, label, post string) {
	postOK := true
	if post == "" && s.Post != nil {
		post, postOK = g.simpleStmtExpr(s.Post)
	}
	cond := ""
	if s.Cond != nil {
		cond = g.expr(s.Cond)
	}
	g.pushLoop(s, label, false)
	if postOK {
		g.line(fmt.Sprintf("for (; %s; %s) {", cond, post), s)
	} else {
		g.line(fmt.Sprintf("for (; %s; ) {", cond), s)
	}
	g.indent++
	if !postOK {
		// the post statement is not an expression: run it after the body, and turn every
		// continue of this loop into a jump to it
		g.brk[len(g.brk)-1].contLbl = g.tmp("post")
		if g.brk[len(g.brk)-1].endLabel == "" {
			g.brk[len(g.brk)-1].endLabel = g.tmp("end")
		}
		g.brk[len(g.brk)-1].isSwitch = false
	}
	g.line("{", nil)
	g.indent++
	g.stmts(s.Body.List)
	g.indent--
	g.line("}", nil)
	ctx := g.popLoop()
	if ctx.usedCont {
		g.line(ctx.contLbl+": ;", nil)
	}
	if !postOK {
		g.stmt(s.Post, "")
	}
	g.indent--
	g.line("}", nil)
	if ctx.usedEnd {
		g.line(ctx.endLabel+": ;", nil)
	}
}

// counted is a loop whose counter can be stepped in plain signed arithmetic when guard
// holds.
type counted struct {
	guard string // C++ condition under which the counter can't overflow
	post  string // the post statement in plain arithmetic
	// inRange is the buffer indexings by the counter that the guard also proves in range
	// (with bounds checks on): their index, unchecked.
	inRange map[*ast.IndexExpr]string
}

// countedLoop recognises a loop that counts a signed 32- or 64-bit integer variable up to or
// down to a bound by a step, both unchanged by the loop:
//
//	for ...; i < n; i += step {...}   (also <=, i++)
//	for ...; i > n; i -= step {...}   (also >=, i--)
//
// where the body does not assign i, take its address, or change n and step.
func (g *cudaGen) countedLoop(s *ast.ForStmt) (counted, bool) {
	cond, ok := ast.Unparen(s.Cond).(*ast.BinaryExpr)
	if s.Cond == nil || !ok || s.Post == nil {
		return counted{}, false
	}
	id, ok := ast.Unparen(cond.X).(*ast.Ident)
	if !ok {
		return counted{}, false
	}
	v, ok := g.p.info.Uses[id].(*types.Var)
	if !ok {
		return counted{}, false
	}
	var max, min string
	switch g.p.kindOf(v.Type()) {
	case kI64:
		max, min = "9223372036854775807LL", "(-9223372036854775807LL - 1)"
	case kI32:
		max, min = "2147483647", "(-2147483647 - 1)"
	default:
		return counted{}, false
	}
	up := cond.Op == token.LSS || cond.Op == token.LEQ
	if !up && cond.Op != token.GTR && cond.Op != token.GEQ {
		return counted{}, false
	}
	var step ast.Expr
	switch p := s.Post.(type) {
	case *ast.IncDecStmt:
		if !g.isVar(p.X, v) || (p.Tok == token.INC) != up {
			return counted{}, false
		}
	case *ast.AssignStmt:
		if len(p.Lhs) != 1 || len(p.Rhs) != 1 || !g.isVar(p.Lhs[0], v) ||
			(up && p.Tok != token.ADD_ASSIGN) || (!up && p.Tok != token.SUB_ASSIGN) {
			return counted{}, false
		}
		step = p.Rhs[0]
	default:
		return counted{}, false
	}
	changed := g.changedIn(s.Body)
	if changed[v] || !g.invariant(cond.Y, changed) || (step != nil && !g.invariant(step, changed)) {
		return counted{}, false
	}
	name, ctype := g.name(v), g.ctype(v.Type())
	bound := g.value(cond.Y, v.Type())
	st := "1"
	if step != nil {
		st = g.value(step, v.Type())
	}
	c := counted{}
	if up {
		c.guard = fmt.Sprintf("(%s)%s > 0 && %s <= %s - (%s)%s", ctype, st, bound, max, ctype, st)
		c.post = fmt.Sprintf("%s += (%s)%s", name, ctype, st)
	} else {
		c.guard = fmt.Sprintf("(%s)%s > 0 && %s >= %s + (%s)%s", ctype, st, bound, min, ctype, st)
		c.post = fmt.Sprintf("%s -= (%s)%s", name, ctype, st)
	}
	if step == nil {
		c.guard = fmt.Sprintf("%s <= %s - 1", bound, max)
		c.post = "++" + name
		if !up {
			c.guard = fmt.Sprintf("%s >= %s + 1", bound, min)
			c.post = "--" + name
		}
	}
	if g.bounds {
		c.guard += g.rangeGuard(s.Body, v, cond.Op, bound, changed, &c)
	}
	return c, true
}

// rangeGuard finds the buffers that body indexes with the loop's counter v alone (x[i]) and
// doesn't change, and returns the conditions under which every such index is in range on
// every iteration, given the counter's value where the guard is evaluated (before the first
// iteration) and the loop condition `v op bound`: counting up, the values run from the
// first to the bound; counting down, from the bound to the first. The indexings go in
// c.inRange, so that the guarded loop leaves their checks out (loop versioning: the other
// copy of the loop keeps them, and reports the first index out of range as before).
func (g *cudaGen) rangeGuard(body *ast.BlockStmt, v *types.Var, op token.Token, bound string, changed map[*types.Var]bool, c *counted) string {
	lengths := map[string]bool{}
	var order []string
	ast.Inspect(body, func(n ast.Node) bool {
		ix, ok := n.(*ast.IndexExpr)
		if !ok || !g.isVar(ix.Index, v) {
			return true
		}
		sv := g.p.varOf(ix.X)
		sl, ok := g.slices[sv]
		if !ok || sv == nil || changed[sv] {
			return true
		}
		if c.inRange == nil {
			c.inRange = map[*ast.IndexExpr]string{}
		}
		c.inRange[ix] = g.convertTo(ix.Index, types.Typ[types.Int64])
		if !lengths[sl.length] {
			lengths[sl.length] = true
			order = append(order, sl.length)
		}
		return true
	})
	if len(order) == 0 {
		return ""
	}
	name := g.name(v)
	guard := ""
	switch op { // where the counter starts
	case token.LSS, token.LEQ:
		guard = fmt.Sprintf(" && %s >= 0", name)
	case token.GTR:
		guard = fmt.Sprintf(" && %s >= -1", bound)
	case token.GEQ:
		guard = fmt.Sprintf(" && %s >= 0", bound)
	}
	for _, length := range order { // where it ends
		switch op {
		case token.LSS: // first .. bound-1
			guard += fmt.Sprintf(" && (long long)%s <= %s", bound, length)
		case token.LEQ: // first .. bound
			guard += fmt.Sprintf(" && (long long)%s < %s", bound, length)
		default: // bound(+1) .. first
			guard += fmt.Sprintf(" && (long long)%s < %s", name, length)
		}
	}
	return guard
}

// isVar reports whether e is the variable v.
func (g *cudaGen) isVar(e ast.Expr, v *types.Var) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && g.p.info.ObjectOf(id) == v
}

// changedIn returns the variables that body assigns, increments or takes the address of.
func (g *cudaGen) changedIn(body ast.Node) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	mark := func(e ast.Expr) {
		for {
			switch x := ast.Unparen(e).(type) {
			case *ast.Ident:
				if v, ok := g.p.info.ObjectOf(x).(*types.Var); ok {
					out[v] = true
				}
				return
			case *ast.IndexExpr:
				if _, isArray := g.p.typeOf(x.X).Underlying().(*types.Array); !isArray {
					return // a buffer's element: the slice itself stays
				}
				e = x.X // an array element: the array changes
			case *ast.SelectorExpr:
				e = x.X
			default:
				return
			}
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				mark(l)
			}
		case *ast.IncDecStmt:
			mark(n.X)
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				mark(n.X)
			}
		case *ast.RangeStmt:
			if n.Key != nil {
				mark(n.Key)
			}
			if n.Value != nil {
				mark(n.Value)
			}
		}
		return true
	})
	return out
}

// invariant reports whether e has the same value on every iteration of a loop whose body
// changes the variables in changed: constants, variables it doesn't change, len of them,
// the thread's geometry, and arithmetic and conversions of those.
func (g *cudaGen) invariant(e ast.Expr, changed map[*types.Var]bool) bool {
	if tv, ok := g.p.info.Types[e]; ok && tv.Value != nil {
		return true
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, ok := g.p.info.ObjectOf(x).(*types.Var)
		return ok && !changed[v]
	case *ast.BinaryExpr:
		switch x.Op {
		case token.ADD, token.SUB, token.MUL, token.QUO, token.REM, token.AND, token.OR, token.XOR, token.SHL, token.SHR, token.AND_NOT:
			return g.invariant(x.X, changed) && g.invariant(x.Y, changed)
		}
		return false
	case *ast.UnaryExpr:
		return (x.Op == token.SUB || x.Op == token.XOR) && g.invariant(x.X, changed)
	case *ast.SelectorExpr: // t.BlockDim.X and the like
		return g.threadGeometry(x)
	case *ast.CallExpr:
		if tv, ok := g.p.info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			return g.invariant(x.Args[0], changed) // a conversion
		}
		if b, ok := ast.Unparen(x.Fun).(*ast.Ident); ok && len(x.Args) == 1 {
			if _, isBuiltin := g.p.info.Uses[b].(*types.Builtin); isBuiltin && b.Name == "len" {
				return g.invariant(x.Args[0], changed)
			}
		}
		ci := g.p.classify(x)
		return ci.kind == callThread && len(x.Args) == 0 && strings.HasPrefix(ci.name, "Stride")
	}
	return false
}

// threadGeometry reports whether e is a field of the gpu.Thread parameter's geometry
// (t.BlockDim.X, t.GridDim.Y, ...), which no thread changes.
func (g *cudaGen) threadGeometry(e *ast.SelectorExpr) bool {
	inner, ok := ast.Unparen(e.X).(*ast.SelectorExpr)
	if !ok || !g.p.isThread(g.p.typeOf(inner.X)) {
		return false
	}
	switch inner.Sel.Name {
	case "BlockDim", "GridDim":
		return true
	}
	return false
}

// simpleStmtExpr writes a simple statement as a C++ expression where it is one.
func (g *cudaGen) simpleStmtExpr(s ast.Stmt) (string, bool) {
	switch s := s.(type) {
	case *ast.IncDecStmt:
		op := token.ADD
		if s.Tok == token.DEC {
			op = token.SUB
		}
		if ix, ok := ast.Unparen(s.X).(*ast.IndexExpr); ok && !g.simpleIndex(ix.Index) {
			return "", false
		}
		return g.store(s.X, g.binop(op, g.expr(s.X), "1", g.p.typeOf(s.X), s)), true
	case *ast.AssignStmt:
		if len(s.Lhs) != 1 || len(s.Rhs) != 1 || s.Tok == token.DEFINE {
			return "", false
		}
		if ix, ok := ast.Unparen(s.Lhs[0]).(*ast.IndexExpr); ok && !g.simpleIndex(ix.Index) {
			return "", false
		}
		if s.Tok == token.ASSIGN {
			return g.assignOne(s.Lhs[0], s.Rhs[0], false), true
		}
		return g.store(s.Lhs[0], g.binop(opAssignOps[s.Tok], g.expr(s.Lhs[0]), g.expr(s.Rhs[0]), g.p.typeOf(s.Lhs[0]), s)), true
	case *ast.ExprStmt:
		return g.expr(s.X), true
	}
	return "", false
}

func (g *cudaGen) rangeStmt(s *ast.RangeStmt, label string) {
	i, n := g.tmp("i"), g.tmp("n")
	xt := g.p.typeOf(s.X)
	var sl cslice
	isBuf := sliceElem(xt) != nil
	limit := ""
	if isBuf {
		sl, _ = g.sliceOf(s.X)
		limit = sl.length
	} else {
		limit = g.convertTo(s.X, types.Typ[types.Int64])
	}
	g.pushLoop(s, label, false)
	g.line(fmt.Sprintf("for (long long %s = 0, %s = %s; %s < %s; %s++) {", i, n, limit, i, n, i), s)
	g.indent++
	assign := func(e ast.Expr, v string, t types.Type) {
		if e == nil || isBlank(e) {
			return
		}
		if s.Tok == token.DEFINE {
			vr := g.p.info.Defs[e.(*ast.Ident)].(*types.Var)
			g.line(fmt.Sprintf("%s %s = %s;", g.ctype(vr.Type()), g.name(vr), v), nil)
			return
		}
		g.line(g.store(e, v)+";", nil)
	}
	if s.Key != nil {
		kt := g.lhsType(s.Key)
		if !isBlank(s.Key) {
			assign(s.Key, fmt.Sprintf("(%s)%s", g.ctype(kt), i), kt)
		}
	}
	if s.Value != nil && isBuf {
		v := fmt.Sprintf("%s[%s]", sl.ptr, i)
		if sl.peer {
			v = fmt.Sprintf("peerbook::load_volatile(%s + %s)", sl.ptr, i)
		}
		assign(s.Value, v, sl.elem)
	}
	g.line("{", nil)
	g.indent++
	g.stmts(s.Body.List)
	g.indent--
	g.line("}", nil)
	ctx := g.popLoop()
	if ctx.usedCont {
		g.line(ctx.contLbl+": ;", nil)
	}
	g.indent--
	g.line("}", nil)
	if ctx.usedEnd {
		g.line(ctx.endLabel+": ;", nil)
	}
}

func (g *cudaGen) switchStmt(s *ast.SwitchStmt, label string) {
	g.line("{", s)
	g.indent++
	if s.Init != nil {
		g.stmt(s.Init, "")
	}
	tag := ""
	var tagT types.Type
	if s.Tag != nil {
		tagT = g.p.typeOf(s.Tag)
		if isUntyped(tagT) {
			tagT = types.Default(tagT)
		}
		tag = g.tmp("tag")
		g.line(fmt.Sprintf("%s %s = %s;", g.ctype(tagT), tag, g.value(s.Tag, tagT)), nil)
	}
	ctx := g.pushLoop(s, label, true)
	end := ctx.endLabel
	clauses := s.Body.List
	bodyLabels := make([]string, len(clauses))
	for i := range clauses {
		bodyLabels[i] = fmt.Sprintf("%s_case%d", strings.TrimSuffix(end, "_break"), i)
	}
	// which bodies are fallthrough targets
	target := make([]bool, len(clauses))
	for i, cc := range clauses {
		body := cc.(*ast.CaseClause).Body
		if n := len(body); n > 0 {
			if b, ok := body[n-1].(*ast.BranchStmt); ok && b.Tok == token.FALLTHROUGH && i+1 < len(clauses) {
				target[i+1] = true
			}
		}
	}
	deflt := -1
	first := true
	emitBody := func(i int) {
		cl := clauses[i].(*ast.CaseClause)
		g.indent++
		if target[i] {
			g.line(bodyLabels[i]+": ;", nil)
		}
		body := cl.Body
		if n := len(body); n > 0 {
			if b, ok := body[n-1].(*ast.BranchStmt); ok && b.Tok == token.FALLTHROUGH {
				body = body[:n-1]
				g.stmts(body)
				g.line("goto "+bodyLabels[i+1]+";", b)
				g.indent--
				return
			}
		}
		g.stmts(body)
		g.indent--
	}
	for i, cc := range clauses {
		cl := cc.(*ast.CaseClause)
		if cl.List == nil {
			deflt = i
			continue
		}
		var conds []string
		for _, e := range cl.List {
			if s.Tag == nil {
				conds = append(conds, g.expr(e))
			} else {
				conds = append(conds, fmt.Sprintf("%s == %s", tag, g.value(e, tagT)))
			}
		}
		kw := "} else if"
		if first {
			kw = "if"
			first = false
		}
		g.line(fmt.Sprintf("%s (%s) {", kw, strings.Join(conds, " || ")), cl)
		emitBody(i)
	}
	if deflt >= 0 {
		if first {
			g.line("{", clauses[deflt])
		} else {
			g.line("} else {", clauses[deflt])
		}
		emitBody(deflt)
		g.line("}", nil)
	} else if !first {
		g.line("}", nil)
	}
	c := g.popLoop()
	g.indent--
	g.line("}", nil)
	if c.usedEnd {
		g.line(end+": ;", nil)
	}
}

func (g *cudaGen) branch(s *ast.BranchStmt) {
	if s.Tok == token.FALLTHROUGH {
		return // handled by switchStmt
	}
	for i := len(g.brk) - 1; i >= 0; i-- {
		c := &g.brk[i]
		if s.Label != nil && c.label != s.Label.Name {
			continue
		}
		if s.Tok == token.CONTINUE && c.isSwitch {
			continue
		}
		switch {
		case s.Tok == token.BREAK && (c.isSwitch || s.Label != nil):
			// C++ break would leave the innermost loop: jump past the switch or labelled loop
			c.usedEnd = true
			g.line("goto "+c.endLabel+";", s)
		case s.Tok == token.BREAK:
			g.line("break;", s)
		case c.contLbl != "":
			// continue of a labelled loop, or of one whose post statement is not an expression
			c.usedCont = true
			g.line("goto "+c.contLbl+";", s)
		default:
			g.line("continue;", s)
		}
		return
	}
	g.errorf(s.Pos(), "%s has no target", s.Tok)
}

func (g *cudaGen) returnStmt(s *ast.ReturnStmt) {
	f := g.f
	sig := f.obj.Type().(*types.Signature)
	switch {
	case len(s.Results) == 0 && len(f.results) > 0:
		var named []*types.Var
		for i := 0; i < sig.Results().Len(); i++ {
			named = append(named, sig.Results().At(i))
		}
		g.line(g.returnNamed(named), s)
	case len(s.Results) == 0:
		g.line("return;", s)
	case len(s.Results) == 1:
		g.line(fmt.Sprintf("return %s;", g.value(s.Results[0], f.results[0])), s)
	default:
		vals := make([]string, len(s.Results))
		for i, r := range s.Results {
			vals[i] = g.value(r, f.results[i])
		}
		g.line(fmt.Sprintf("return %s_result{%s};", g.fnNames[f], strings.Join(vals, ", ")), s)
	}
}

func (g *cudaGen) returnNamed(named []*types.Var) string {
	if len(named) == 1 {
		return "return " + g.name(named[0]) + ";"
	}
	vals := make([]string, len(named))
	for i, v := range named {
		vals[i] = g.name(v)
	}
	return fmt.Sprintf("return %s_result{%s};", g.fnNames[g.f], strings.Join(vals, ", "))
}

// --- expressions ---

// sliceOf returns the buffer a slice expression names.
func (g *cudaGen) sliceOf(e ast.Expr) (cslice, bool) {
	v := g.p.varOf(e)
	s, ok := g.slices[v]
	return s, ok
}

// index is the C++ of a checked buffer index.
func (g *cudaGen) index(ix *ast.IndexExpr, length string) string {
	if i, ok := g.idxOverride[ix]; ok {
		return i
	}
	i := g.convertTo(ix.Index, types.Typ[types.Int64])
	if !g.bounds {
		return i
	}
	return fmt.Sprintf("gk::idx(%s, %s, %d)", i, length, g.site(ix))
}

// value is the C++ of e converted to t (untyped constants take t).
func (g *cudaGen) value(e ast.Expr, t types.Type) string {
	tv := g.p.info.Types[e]
	if tv.Value != nil && !isArray(t) {
		return g.constant(tv.Value, g.p.kindOf(t))
	}
	return g.expr(e)
}

// convertTo is the C++ of e as a value of the numeric type t.
func (g *cudaGen) convertTo(e ast.Expr, t types.Type) string {
	tv := g.p.info.Types[e]
	if tv.Value != nil {
		return g.constant(tv.Value, g.p.kindOf(t))
	}
	if types.Identical(tv.Type, t) || g.p.kindOf(tv.Type) == g.p.kindOf(t) {
		return g.expr(e)
	}
	return fmt.Sprintf("(%s)%s", g.ctype(t), g.paren(e))
}

// paren is the C++ of e, parenthesised unless it is atomic.
func (g *cudaGen) paren(e ast.Expr) string {
	s := g.expr(e)
	if isAtomicC(s) {
		return s
	}
	return "(" + s + ")"
}

func isAtomicC(s string) bool {
	for _, r := range s {
		if !(r == '_' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}

// constant is the C++ literal of v as kind k.
func (g *cudaGen) constant(v constant.Value, k kind) string {
	switch k {
	case kBool:
		return strconv.FormatBool(constant.BoolVal(v))
	case kF32:
		f, _ := constant.Float32Val(constant.ToFloat(v))
		return floatLit(float64(f), 32) + "f"
	case kF64:
		f, _ := constant.Float64Val(constant.ToFloat(v))
		return floatLit(f, 64)
	}
	iv := constant.ToInt(v)
	var bits int64
	if i, ok := constant.Int64Val(iv); ok {
		bits = i
	} else if u, ok := constant.Uint64Val(iv); ok {
		bits = int64(u)
	}
	switch k {
	case kI8:
		return fmt.Sprintf("(int8_t)%d", int8(bits))
	case kI16:
		return fmt.Sprintf("(int16_t)%d", int16(bits))
	case kI32:
		if int32(bits) == math.MinInt32 {
			return "(int32_t)(-2147483647 - 1)"
		}
		return strconv.Itoa(int(int32(bits)))
	case kI64:
		if bits == math.MinInt64 {
			return "(int64_t)(-9223372036854775807LL - 1)"
		}
		return strconv.FormatInt(bits, 10) + "LL"
	case kU8:
		return fmt.Sprintf("(uint8_t)%du", uint8(bits))
	case kU16:
		return fmt.Sprintf("(uint16_t)%du", uint16(bits))
	case kU32:
		return strconv.FormatUint(uint64(uint32(bits)), 10) + "u"
	case kU64:
		return strconv.FormatUint(uint64(bits), 10) + "ULL"
	}
	panic(fmt.Sprintf("constant of kind %d", k))
}

func floatLit(f float64, bits int) string {
	s := strconv.FormatFloat(f, 'g', -1, bits)
	if !strings.ContainsAny(s, ".eEn") {
		s += ".0"
	}
	if strings.Contains(s, "e") && !strings.Contains(s, ".") {
		// 1e+10 is a valid C++ floating literal
		return s
	}
	return s
}

func (g *cudaGen) expr(e ast.Expr) string {
	tv := g.p.info.Types[e]
	if tv.Value != nil {
		t := tv.Type
		if isUntyped(t) {
			t = types.Default(t)
		}
		return g.constant(tv.Value, g.p.kindOf(t))
	}
	switch x := e.(type) {
	case *ast.ParenExpr:
		return g.expr(x.X)
	case *ast.Ident:
		v := g.p.info.ObjectOf(x).(*types.Var)
		return g.name(v)
	case *ast.UnaryExpr:
		return g.unary(x)
	case *ast.BinaryExpr:
		return g.binary(x)
	case *ast.IndexExpr:
		return g.indexExpr(x)
	case *ast.SelectorExpr:
		if which, axis, ok := g.p.threadField(x); ok {
			return fmt.Sprintf("(long long)%s.%c", [...]string{"threadIdx", "blockIdx", "blockDim", "gridDim"}[which], "xyz"[axis])
		}
	case *ast.CallExpr:
		return g.call(x)
	case *ast.CompositeLit:
		return g.compositeLit(x)
	}
	g.errorf(e.Pos(), "expression not supported by the CUDA translation")
	return "0"
}

func (g *cudaGen) indexExpr(x *ast.IndexExpr) string {
	if s, ok := g.sliceOf(x.X); ok {
		i := g.index(x, s.length)
		if s.peer {
			return fmt.Sprintf("peerbook::load_volatile(%s + %s)", s.ptr, i)
		}
		return fmt.Sprintf("%s[%s]", s.ptr, i)
	}
	return fmt.Sprintf("%s[%s]", g.paren(x.X), g.arrayIndex(x))
}

// arrayIndex is the C++ of a checked array index.
func (g *cudaGen) arrayIndex(x *ast.IndexExpr) string {
	if i, ok := g.idxOverride[x]; ok {
		return i
	}
	arr := g.p.typeOf(x.X).Underlying().(*types.Array)
	i := g.convertTo(x.Index, types.Typ[types.Int64])
	if g.bounds && g.p.info.Types[x.Index].Value == nil {
		i = fmt.Sprintf("gk::idx(%s, %dLL, %d)", i, arr.Len(), g.site(x))
	}
	return i
}

func (g *cudaGen) compositeLit(x *ast.CompositeLit) string {
	t := g.p.typeOf(x)
	arr := t.Underlying().(*types.Array)
	elems := make([]string, arr.Len())
	for i := range elems {
		elems[i] = g.zero(arr.Elem())
	}
	i := int64(0)
	for _, el := range x.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			i, _ = constant.Int64Val(constant.ToInt(g.p.info.Types[kv.Key].Value))
			el = kv.Value
		}
		elems[i] = g.value(el, arr.Elem())
		i++
	}
	return fmt.Sprintf("%s{{%s}}", g.ctype(t), strings.Join(elems, ", "))
}

func (g *cudaGen) unary(x *ast.UnaryExpr) string {
	t := g.p.typeOf(x)
	k := g.p.kindOf(t)
	switch x.Op {
	case token.ADD:
		return g.expr(x.X)
	case token.NOT:
		return "!" + g.paren(x.X)
	case token.XOR:
		return fmt.Sprintf("(%s)~%s", g.ctype(t), g.paren(x.X))
	case token.SUB:
		if k.isFloat() {
			return "-" + g.paren(x.X)
		}
		return fmt.Sprintf("gk::neg(%s)", g.expr(x.X))
	}
	g.errorf(x.Pos(), "operator %s not supported by the CUDA translation", x.Op)
	return "0"
}

func (g *cudaGen) binary(x *ast.BinaryExpr) string {
	switch x.Op {
	case token.LAND, token.LOR:
		return fmt.Sprintf("(%s %s %s)", g.expr(x.X), x.Op, g.expr(x.Y))
	case token.SHL, token.SHR:
		t := g.p.typeOf(x)
		if isUntyped(t) {
			t = types.Default(t)
		}
		a := g.value(x.X, t)
		return g.shift(x.Op, a, x.Y, t, x)
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		ot := g.p.typeOf(x.X)
		if isUntyped(ot) {
			ot = g.p.typeOf(x.Y)
		}
		if isUntyped(ot) {
			ot = types.Default(ot)
		}
		return fmt.Sprintf("(%s %s %s)", g.value(x.X, ot), x.Op, g.value(x.Y, ot))
	}
	t := g.p.typeOf(x)
	if isUntyped(t) {
		t = types.Default(t)
	}
	return g.binop(x.Op, g.value(x.X, t), g.value(x.Y, t), t, x)
}

// shift is a << n or a >> n with Go's rules for the count.
func (g *cudaGen) shift(op token.Token, a string, count ast.Expr, t types.Type, at ast.Node) string {
	fn := "gk::shl"
	if op == token.SHR {
		fn = "gk::shr"
	}
	ct := g.p.typeOf(count)
	tv := g.p.info.Types[count]
	var n string
	switch {
	case tv.Value != nil:
		c, _ := constant.Uint64Val(constant.ToInt(tv.Value))
		n = strconv.FormatUint(c, 10) + "ULL"
	case g.p.kindOf(ct).signed():
		n = fmt.Sprintf("gk::count((long long)%s, %d)", g.paren(count), g.site(at))
	default:
		n = fmt.Sprintf("(unsigned long long)%s", g.paren(count))
	}
	return fmt.Sprintf("%s<%s>(%s, %s)", fn, g.ctype(t), a, n)
}

// binop is a op b for C++ operands of type t, with Go's semantics.
func (g *cudaGen) binop(op token.Token, a, b string, t types.Type, at ast.Node) string {
	k := g.p.kindOf(t)
	ct := g.ctype(t)
	if k.isFloat() {
		switch op {
		case token.MUL:
			// never contracted into a fused multiply-add: Go rounds each operation
			if k == kF32 {
				return fmt.Sprintf("__fmul_rn(%s, %s)", a, b)
			}
			return fmt.Sprintf("__dmul_rn(%s, %s)", a, b)
		default:
			return fmt.Sprintf("(%s %s %s)", a, op, b)
		}
	}
	switch op {
	case token.ADD:
		return fmt.Sprintf("gk::add<%s>(%s, %s)", ct, a, b)
	case token.SUB:
		return fmt.Sprintf("gk::sub<%s>(%s, %s)", ct, a, b)
	case token.MUL:
		return fmt.Sprintf("gk::mul<%s>(%s, %s)", ct, a, b)
	case token.QUO:
		return fmt.Sprintf("gk::div<%s>(%s, %s, %d)", ct, a, b, g.site(at))
	case token.REM:
		return fmt.Sprintf("gk::rem<%s>(%s, %s, %d)", ct, a, b, g.site(at))
	case token.AND, token.OR, token.XOR:
		return fmt.Sprintf("(%s)(%s %s %s)", ct, a, op, b)
	case token.AND_NOT:
		return fmt.Sprintf("(%s)(%s & ~%s)", ct, a, b)
	case token.SHL, token.SHR:
		fn := "gk::shl"
		if op == token.SHR {
			fn = "gk::shr"
		}
		return fmt.Sprintf("%s<%s>(%s, (unsigned long long)%s)", fn, ct, a, b)
	}
	g.errorf(at.Pos(), "operator %s not supported by the CUDA translation", op)
	return "0"
}

var cudaMath = map[string]string{
	"Abs": "fabs", "Acos": "acos", "Asin": "asin", "Atan": "atan", "Atan2": "atan2", "Cbrt": "cbrt",
	"Ceil": "ceil", "Copysign": "copysign", "Cos": "cos", "Cosh": "cosh", "Erf": "erf", "Erfc": "erfc",
	"Exp": "exp", "Exp2": "exp2", "Expm1": "expm1", "FMA": "fma", "Floor": "floor", "Hypot": "hypot",
	"Log": "log", "Log10": "log10", "Log1p": "log1p", "Log2": "log2", "Mod": "fmod", "Pow": "pow",
	"Round": "round", "RoundToEven": "rint", "Sin": "sin", "Sinh": "sinh", "Sqrt": "sqrt",
	"Tan": "tan", "Tanh": "tanh", "Trunc": "trunc", "Max": "gk::math_max", "Min": "gk::math_min",
	"Inf": "gk::inf", "IsInf": "gk::is_inf", "IsNaN": "isnan", "NaN": "gk::nan", "Signbit": "signbit",
	"Float32bits": "__float_as_uint", "Float32frombits": "__uint_as_float",
	"Float64bits": "(uint64_t)__double_as_longlong", "Float64frombits": "__longlong_as_double",
}

func (g *cudaGen) call(x *ast.CallExpr) string {
	ci := g.p.classify(x)
	t := g.p.typeOf(x)
	switch ci.kind {
	case callConversion:
		if isArray(t) {
			return g.expr(x.Args[0])
		}
		from := g.p.typeOf(x.Args[0])
		if g.p.kindOf(from) == g.p.kindOf(t) {
			return g.expr(x.Args[0])
		}
		return fmt.Sprintf("(%s)%s", g.ctype(t), g.paren(x.Args[0]))
	case callBuiltin:
		switch ci.name {
		case "len", "cap":
			if arr, ok := g.p.typeOf(x.Args[0]).Underlying().(*types.Array); ok {
				return strconv.FormatInt(arr.Len(), 10) + "LL"
			}
			s, _ := g.sliceOf(x.Args[0])
			return s.length
		case "min", "max":
			acc := g.value(x.Args[0], t)
			for _, a := range x.Args[1:] {
				acc = fmt.Sprintf("gk::%s<%s>(%s, %s)", ci.name, g.ctype(t), acc, g.value(a, t))
			}
			return acc
		}
	case callMath:
		sig := g.p.typeOf(x.Fun).(*types.Signature)
		args := make([]string, len(x.Args))
		for i, a := range x.Args {
			args[i] = g.value(a, sig.Params().At(i).Type())
		}
		fn := cudaMath[ci.name]
		if ci.name == "Float64frombits" {
			args[0] = "(long long)" + args[0]
		}
		return fmt.Sprintf("%s(%s)", fn, strings.Join(args, ", "))
	case callGPU:
		return g.gpuCall(x, ci.name)
	case callThread:
		a := "xyz"[0]
		switch ci.name {
		case "GlobalX", "GlobalY", "GlobalZ":
			a = "xyz"[ci.name[6]-'X']
			return fmt.Sprintf("((long long)blockIdx.%c * blockDim.%c + threadIdx.%c)", a, a, a)
		case "StrideX":
			return "((long long)gridDim.x * blockDim.x)"
		}
	case callHalf:
		recv := x.Fun.(*ast.SelectorExpr).X
		if types.Identical(g.p.typeOf(recv), g.p.f16Type) {
			return fmt.Sprintf("gk::f16_to_f32(%s)", g.expr(recv))
		}
		return fmt.Sprintf("gk::bf16_to_f32(%s)", g.expr(recv))
	case callDevice:
		return g.deviceCall(x, ci.fn)
	}
	g.errorf(x.Pos(), "call not supported by the CUDA translation")
	return "0"
}

var atomicCNames = map[string]string{
	"AtomicAdd": "add", "AtomicMax": "max", "AtomicMin": "min", "AtomicExch": "exch",
	"AtomicCAS": "cas", "AtomicAnd": "and_", "AtomicOr": "or_", "AtomicXor": "xor_",
}

func (g *cudaGen) gpuCall(x *ast.CallExpr, name string) string {
	switch name {
	case "ToF16":
		return fmt.Sprintf("gk::f32_to_f16(%s)", g.value(x.Args[0], types.Typ[types.Float32]))
	case "ToBF16":
		return fmt.Sprintf("gk::f32_to_bf16(%s)", g.value(x.Args[0], types.Typ[types.Float32]))
	case "SyncSystem":
		return "sync_system()"
	case "Load4", "Store4":
		return g.vectorAccess(x, name)
	}
	buf, index := atomicTarget(x.Args[0])
	s, ok := g.sliceOf(buf)
	if !ok {
		g.errorf(x.Pos(), "atomic on an unknown buffer")
		return "0"
	}
	ix := &ast.IndexExpr{X: buf, Index: index, Lbrack: index.Pos()}
	ptr := fmt.Sprintf("%s + %s", s.ptr, g.index(ix, s.length))
	var args []string
	for _, a := range x.Args[1:] {
		args = append(args, g.value(a, s.elem))
	}
	ptr = fmt.Sprintf("(%s*)(%s)", g.ctype(s.elem), ptr) // drop const
	switch name {
	case "AtomicLoad":
		return fmt.Sprintf("gk::atomic_load(%s)", ptr)
	case "AtomicStore":
		return fmt.Sprintf("gk::atomic_store(%s, %s)", ptr, args[0])
	}
	scope := "dev_"
	if s.peer {
		scope = "sys_"
	}
	return fmt.Sprintf("gk::%s%s(%s)", scope, atomicCNames[name], strings.Join(append([]string{ptr}, args...), ", "))
}

// vectorAccess is gpu.Load4(x, i) or gpu.Store4(x, i, v): the runtime's load4 / store4 (one
// vector access where x[i] is aligned to it), load4_volatile / store4_volatile on Peer
// buffers; with bounds checks on, the forms that take the length and check x[i..i+3] after
// evaluating the arguments.
func (g *cudaGen) vectorAccess(x *ast.CallExpr, name string) string {
	s, ok := g.sliceOf(x.Args[0])
	if !ok {
		g.errorf(x.Pos(), "gpu.%s on an unknown buffer", name)
		return "0"
	}
	fn := "gk::load4"
	if name == "Store4" {
		fn = "gk::store4"
	}
	if s.peer {
		fn += "_volatile"
	}
	var args []string
	if g.bounds {
		args = []string{s.ptr, s.length, g.convertTo(x.Args[1], types.Typ[types.Int64])}
	} else {
		i := g.convertTo(x.Args[1], types.Typ[types.Int64])
		if !isAtomicC(i) {
			i = "(" + i + ")"
		}
		args = []string{s.ptr + " + " + i}
	}
	if name == "Store4" {
		args = append(args, g.expr(x.Args[2]))
	}
	if g.bounds {
		args = append(args, strconv.Itoa(g.site(x)))
	}
	return fmt.Sprintf("%s(%s)", fn, strings.Join(args, ", "))
}

func (g *cudaGen) deviceCall(x *ast.CallExpr, callee *function) string {
	var args []string
	params := callee.allParams()
	for i, a := range x.Args {
		pt := params[i].Type()
		switch {
		case g.p.isThread(pt):
		case sliceElem(pt) != nil:
			s, _ := g.sliceOf(a)
			ptr := s.ptr
			if !s.peer {
				ptr = fmt.Sprintf("(%s*)%s", g.ctype(s.elem), s.ptr)
			} else {
				ptr = fmt.Sprintf("(%s*)%s", g.ctype(s.elem), s.ptr)
			}
			args = append(args, ptr, s.length)
		default:
			args = append(args, g.value(a, pt))
		}
	}
	return fmt.Sprintf("%s(%s)", g.fnNames[callee], strings.Join(args, ", "))
}
