package gpu

import (
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/cuda"
	"github.com/peerbook/peerbook/gpu/internal/gokernel"
	"github.com/peerbook/peerbook/gpu/internal/gokernel/suite"
)

// The PTX of translated Go kernels, checked for what the Peer contract demands: no load
// from a Peer buffer goes through the non-coherent cache (ld.global.nc), every atomic on a
// Peer buffer is system scope (.sys), and gpu.SyncSystem() is a system fence (membar.sys,
// fence.sc.sys). Which loads and atomics touch a Peer buffer is found by following the
// Peer parameters' pointers through the registers of the PTX (see analyzePTX).

// ptxFunc is a function of a PTX module: a kernel (.entry) or a device function (.func).
type ptxFunc struct {
	name   string
	entry  bool
	params []string // parameter names, in order
	stmts  []string // statements, labels and comments removed
}

var (
	ptxHeader    = regexp.MustCompile(`\.(entry|func)\s+(?:\([^)]*\)\s*)?([\w$.]+)\s*\(`)
	ptxParamName = regexp.MustCompile(`\.param\s+(?:(?:\.[\w:]+|\d+)\s+)*([\w$]+)`)
	ptxReg       = regexp.MustCompile(`%[\w$]+`)
	ptxParamRef  = regexp.MustCompile(`\[([\w$]+)(?:\+(\d+))?\]`)
	ptxAddrReg   = regexp.MustCompile(`\[(%[\w$]+)`)
	ptxComment   = regexp.MustCompile(`//[^\n]*`)
	ptxLabel     = regexp.MustCompile(`^[\w$]+:\s*`)
	ptxPredicate = regexp.MustCompile(`^@!?%[\w$]+\s+`)
)

// parsePTX returns the functions defined in a PTX module (prototypes are skipped).
func parsePTX(ptx string) []*ptxFunc {
	text := ptxComment.ReplaceAllString(ptx, "")
	var out []*ptxFunc
	for _, loc := range ptxHeader.FindAllStringSubmatchIndex(text, -1) {
		f := &ptxFunc{entry: text[loc[2]:loc[3]] == "entry", name: text[loc[4]:loc[5]]}
		open := loc[1] - 1 // the '(' of the parameters
		depth, i := 0, open
		for ; i < len(text); i++ {
			if text[i] == '(' {
				depth++
			} else if text[i] == ')' {
				if depth--; depth == 0 {
					break
				}
			}
		}
		if i >= len(text) {
			continue
		}
		for _, p := range strings.Split(text[open+1:i], ",") {
			if m := ptxParamName.FindStringSubmatch(p); m != nil {
				f.params = append(f.params, m[1])
			}
		}
		rest := strings.TrimLeft(text[i+1:], " \t\r\n")
		for strings.HasPrefix(rest, ".") { // .maxntid and other performance directives
			nl := strings.IndexByte(rest, '\n')
			if nl < 0 {
				break
			}
			rest = strings.TrimLeft(rest[nl:], " \t\r\n")
		}
		if !strings.HasPrefix(rest, "{") {
			continue // a prototype
		}
		depth, end := 0, 0
		for j := 0; j < len(rest); j++ {
			if rest[j] == '{' {
				depth++
			} else if rest[j] == '}' {
				if depth--; depth == 0 {
					end = j
					break
				}
			}
		}
		// Braces alone on a line delimit blocks (call sequences); others group vector operands.
		lines := strings.Split(rest[1:end], "\n")
		for i, l := range lines {
			if t := strings.TrimSpace(l); t == "{" || t == "}" {
				lines[i] = ";"
			}
		}
		for _, s := range strings.Split(strings.Join(lines, "\n"), ";") {
			s = strings.TrimSpace(strings.Join(strings.Fields(s), " "))
			for ptxLabel.MatchString(s) && !strings.HasPrefix(s, "%") {
				s = strings.TrimSpace(ptxLabel.ReplaceAllString(s, ""))
			}
			if s == "" || strings.HasPrefix(s, ".") {
				continue
			}
			f.stmts = append(f.stmts, ptxPredicate.ReplaceAllString(s, ""))
		}
		out = append(out, f)
	}
	return out
}

// ptxFindings is what analyzePTX found in one function.
type ptxFindings struct {
	peerLoads, peerStores []string // loads and stores whose address comes from a Peer pointer
	ncPeerLoads           []string // ... of them, through the non-coherent cache: violations
	peerAtomics           []string // atomics on Peer addresses
	localScopeAtomics     []string // ... of them, without .sys: violations
	otherAtomics          []string // atomics on other addresses
	fences                []string // system-scope fences
	ncLoads               int      // ld.global.nc of any address
	peerCalls             []string // calls that pass a Peer pointer on (their callee is checked too)
}

func (f *ptxFindings) violations() []string {
	var v []string
	for _, s := range f.ncPeerLoads {
		v = append(v, "a Peer buffer read through the non-coherent cache: "+s)
	}
	for _, s := range f.localScopeAtomics {
		v = append(v, "an atomic on a Peer buffer without system scope: "+s)
	}
	return v
}

func isSystemFence(op string) bool {
	return op == "membar.sys" || strings.HasPrefix(op, "fence.") && strings.HasSuffix(op, ".sys")
}

func isAtomic(op string) bool { return strings.HasPrefix(op, "atom.") || strings.HasPrefix(op, "red.") }

func hasSysScope(op string) bool {
	for _, part := range strings.Split(op, ".") {
		if part == "sys" {
			return true
		}
	}
	return false
}

// analyzePTX follows the pointers of the Peer parameters (indices peer) of function name
// through the registers of the module's functions: a register computed from a Peer
// pointer (not loaded through one) holds a Peer address. A Peer pointer passed to a
// non-inlined function makes that function's parameter a Peer pointer too. It returns the
// findings of every function reached, by name.
func analyzePTX(funcs []*ptxFunc, name string, peer []int) map[string]*ptxFindings {
	byName := map[string]*ptxFunc{}
	for _, f := range funcs {
		byName[f.name] = f
	}
	out := map[string]*ptxFindings{}
	todo := map[string]map[int]bool{name: {}}
	for _, p := range peer {
		todo[name][p] = true
	}
	done := map[string]string{}
	for round := 0; round < 16 && len(todo) > 0; round++ {
		next := map[string]map[int]bool{}
		for fname, params := range todo {
			f := byName[fname]
			if f == nil {
				continue
			}
			key := fmt.Sprint(params)
			if done[fname] == key {
				continue
			}
			done[fname] = key
			findings, calls := analyzeFunc(f, params)
			out[fname] = findings
			for callee, ps := range calls {
				if next[callee] == nil {
					next[callee] = map[int]bool{}
				}
				for p := range ps {
					next[callee][p] = true
				}
			}
		}
		todo = next
	}
	return out
}

// analyzeFunc analyzes one function whose parameters peer hold Peer pointers; it returns
// its findings and the Peer pointers it passes to other functions (callee -> parameters).
func analyzeFunc(f *ptxFunc, peer map[int]bool) (*ptxFindings, map[string]map[int]bool) {
	paramIndex := map[string]int{}
	for i, p := range f.params {
		paramIndex[p] = i
	}
	tainted := map[string]bool{}
	callParams := map[string]bool{} // the local call parameters ("param1") holding Peer pointers
	for changed := true; changed; {
		changed = false
		taint := func(r string) {
			if !tainted[r] {
				tainted[r], changed = true, true
			}
		}
		for _, s := range f.stmts {
			op, operands, _ := strings.Cut(s, " ")
			switch {
			case strings.HasPrefix(op, "ld.param"):
				m := ptxParamRef.FindStringSubmatch(operands)
				if m == nil {
					continue
				}
				i, ok := paramIndex[m[1]]
				if !ok || !peer[i] || (m[2] != "" && m[2] != "0") {
					continue
				}
				dst := strings.SplitN(operands, ",", 2)[0]
				if strings.Contains(operands, "{") { // a vector load: the pointer is its first word
					dst = strings.TrimPrefix(strings.TrimSpace(operands), "{")
					dst = strings.SplitN(dst, ",", 2)[0]
				}
				if r := ptxReg.FindString(dst); r != "" {
					taint(r)
				}
			case strings.HasPrefix(op, "st.param"):
				m := ptxParamRef.FindStringSubmatch(operands)
				_, src, _ := strings.Cut(operands, "],")
				for _, r := range ptxReg.FindAllString(src, -1) {
					if m != nil && tainted[r] && !callParams[m[1]] {
						callParams[m[1]], changed = true, true
					}
				}
			case strings.HasPrefix(op, "ld.") || strings.HasPrefix(op, "st.") || isAtomic(op) ||
				strings.HasPrefix(op, "setp.") || strings.HasPrefix(op, "call") || op == "ret" ||
				strings.HasPrefix(op, "bra") || strings.HasPrefix(op, "bar") || strings.HasPrefix(op, "membar") ||
				strings.HasPrefix(op, "fence") || op == "trap" || op == "exit":
				// loaded values are data, not pointers; the rest define no register
			default:
				parts := strings.SplitN(operands, ",", 2)
				if len(parts) < 2 {
					continue
				}
				from := false
				for _, r := range ptxReg.FindAllString(parts[1], -1) {
					from = from || tainted[r]
				}
				if from {
					for _, r := range ptxReg.FindAllString(parts[0], -1) {
						taint(r)
					}
				}
			}
		}
	}
	fd := &ptxFindings{}
	calls := map[string]map[int]bool{}
	for _, s := range f.stmts {
		op, operands, _ := strings.Cut(s, " ")
		addr := ""
		if m := ptxAddrReg.FindStringSubmatch(operands); m != nil {
			addr = m[1]
		}
		onPeer := addr != "" && tainted[addr]
		switch {
		case isSystemFence(op):
			fd.fences = append(fd.fences, s)
		case strings.HasPrefix(op, "ld.param") || strings.HasPrefix(op, "st.param"):
		case strings.HasPrefix(op, "ld."):
			nc := strings.Contains(op, ".nc")
			if nc {
				fd.ncLoads++
			}
			if onPeer {
				fd.peerLoads = append(fd.peerLoads, s)
				if nc {
					fd.ncPeerLoads = append(fd.ncPeerLoads, s)
				}
			}
		case strings.HasPrefix(op, "st."):
			if onPeer {
				fd.peerStores = append(fd.peerStores, s)
			}
		case isAtomic(op):
			if onPeer {
				fd.peerAtomics = append(fd.peerAtomics, s)
				if !hasSysScope(op) {
					fd.localScopeAtomics = append(fd.localScopeAtomics, s)
				}
			} else {
				fd.otherAtomics = append(fd.otherAtomics, s)
			}
		case strings.HasPrefix(op, "call"):
			// call.uni (retval0), callee, (param0, param1);
			fields := strings.Split(strings.NewReplacer("(", ",", ")", ",").Replace(operands), ",")
			var names []string
			for _, x := range fields {
				if x = strings.TrimSpace(x); x != "" {
					names = append(names, x)
				}
			}
			callee, args := "", []string(nil)
			for i, n := range names {
				if !strings.HasPrefix(n, "retval") && !strings.HasPrefix(n, "param") && callee == "" {
					callee, args = n, names[i+1:]
				}
			}
			for i, a := range args {
				if callParams[a] {
					if calls[callee] == nil {
						calls[callee] = map[int]bool{}
					}
					calls[callee][i] = true
					fd.peerCalls = append(fd.peerCalls, fmt.Sprintf("%s (parameter %d)", callee, i))
				}
			}
		}
	}
	return fd, calls
}

// ptxSource compiles CUDA C source to PTX: on the CUDA device where there is one, else for
// sm_90 with NVRTC alone (no GPU needed). It skips the test where neither is there.
func ptxSource(t *testing.T) (compile func(src, file string) (string, error), where string) {
	t.Helper()
	if err := Use("cuda"); err == nil {
		d := Dev(0)
		if pc, ok := d.m.b.(backend.PTXCompiler); ok {
			return func(src, file string) (string, error) {
				return pc.CompilePTX(d.info.Index, src, backend.CompileOptions{File: file, Flags: gokernel.CUDAFlags()})
			}, fmt.Sprintf("NVRTC of the CUDA backend, for %s (%s)", d.label(), d.info.Arch)
		}
	}
	v, err := cuda.NVRTCVersion()
	if err != nil {
		t.Skipf("no CUDA device and no NVRTC to compile PTX with: %v", err)
	}
	return func(src, file string) (string, error) {
		return cuda.CompilePTX(90, src, backend.CompileOptions{File: file, Flags: gokernel.CUDAFlags()})
	}, "NVRTC " + v + ", for compute_90, without a GPU"
}

// peerParams returns the indices of sig's Peer parameters.
func peerParams(sig backend.Signature) []int {
	var out []int
	for i, p := range sig.Params {
		if p.Kind == backend.ParamPeer {
			out = append(out, i)
		}
	}
	return out
}

// ptxProbeSrc touches Peer and plain buffers in every way the rules care about.
const ptxProbeSrc = `
func probe(t gpu.Thread, p gpu.Peer[float32], flag gpu.Peer[uint32], x []float32, acc []uint32, out []float32) {
	i := t.GlobalX()
	if i < len(x) {
		out[i] = p[i] + x[i]
	}
	gpu.AtomicAdd(&flag[0], 1)
	gpu.AtomicAdd(&acc[0], 1)
	v := gpu.AtomicCAS(&flag[1], 0, 1)
	w := gpu.AtomicMax(&acc[1], v)
	gpu.SyncSystem()
	gpu.AtomicStore(&flag[2], w)
}`

// TestCUDAGoKernelPTX compiles every translated suite kernel, and a probe that touches
// Peer and plain buffers every way, to PTX with NVRTC and checks the Peer rules there. It
// logs the lines that show them.
func TestCUDAGoKernelPTX(t *testing.T) {
	compile, where := ptxSource(t)
	t.Logf("PTX from %s", where)
	// Without a GPU every kernel costs an NVRTC compile on this machine's CPU: the kernels
	// with Peer parameters only, unless PEERBOOK_PTX_ALL is set.
	all := strings.HasPrefix(where, "NVRTC of the CUDA backend") || os.Getenv("PEERBOOK_PTX_ALL") != ""
	type unit struct {
		name string
		k    *gokernel.Kernel
	}
	var units []unit
	for _, src := range []struct{ name, src string }{{"probe", ptxProbeSrc}} {
		lib := gokernel.NewLibrary()
		ks, err := lib.Define(src.src, "cell[1]", 1)
		if err != nil {
			t.Fatal(err)
		}
		units = append(units, unit{src.name, ks[0]})
	}
	for _, c := range suite.Cases() {
		if (!all || testing.Short()) && c.Name != "handoff" && c.Name != "misc" {
			continue
		}
		lib := gokernel.NewLibrary()
		ks, err := lib.Define(c.Src, "cell[1]", 1)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		for _, k := range ks {
			units = append(units, unit{c.Name + "." + k.Name(), k})
		}
	}
	var totals [6]int
	for _, u := range units {
		src, err := u.k.CUDA()
		if err != nil {
			t.Errorf("%s: translate: %v", u.name, err)
			continue
		}
		ptx, err := compile(src, u.k.Name()+" (translated from Go)")
		if err != nil {
			t.Errorf("%s: NVRTC: %v", u.name, err)
			continue
		}
		funcs := parsePTX(ptx)
		sig := u.k.Signature()
		found := analyzePTX(funcs, sig.Name, peerParams(sig))
		entry := found[sig.Name]
		if entry == nil {
			t.Errorf("%s: no .entry %s in the PTX (%d functions)", u.name, sig.Name, len(funcs))
			continue
		}
		var all ptxFindings
		var names []string
		for n := range found {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			f := found[n]
			for _, v := range f.violations() {
				t.Errorf("%s: in %s: %s", u.name, n, v)
			}
			all.peerLoads = append(all.peerLoads, f.peerLoads...)
			all.peerStores = append(all.peerStores, f.peerStores...)
			all.peerAtomics = append(all.peerAtomics, f.peerAtomics...)
			all.otherAtomics = append(all.otherAtomics, f.otherAtomics...)
			all.ncLoads += f.ncLoads
			all.peerCalls = append(all.peerCalls, f.peerCalls...)
		}
		syncs := strings.Count(src, "sync_system();")
		if syncs > 0 && len(entry.fences) == 0 {
			t.Errorf("%s: the translation calls sync_system() %d times, the kernel's PTX has no system fence", u.name, syncs)
		}
		t.Logf("%-22s %4d PTX lines: Peer loads %d (.nc 0), Peer stores %d, Peer atomics %d (all .sys), other atomics %d, system fences %d (sync_system in source: %d), ld.global.nc in all %d%s",
			u.name, strings.Count(ptx, "\n"), len(all.peerLoads), len(all.peerStores), len(all.peerAtomics), len(all.otherAtomics), len(entry.fences), syncs, all.ncLoads,
			callNote(all.peerCalls))
		totals[0] += len(all.peerLoads)
		totals[1] += len(all.peerAtomics)
		totals[2] += len(entry.fences)
		totals[3] += all.ncLoads
		totals[4] += len(all.otherAtomics)
		totals[5] += len(all.peerStores)
		if u.name == "probe" || strings.HasPrefix(u.name, "handoff.") || u.name == "misc.misc" {
			logPTXLines(t, u.name, found)
		}
		if u.name == "probe" {
			// The analysis is not vacuous: it sees the Peer accesses the probe makes.
			if len(all.peerLoads) == 0 || len(all.peerAtomics) < 2 || len(entry.fences) == 0 {
				t.Errorf("probe: the analysis found %d Peer loads, %d Peer atomics, %d fences; want some of each",
					len(all.peerLoads), len(all.peerAtomics), len(entry.fences))
			}
			// Atomics on other buffers keep device scope (the translation's promise).
			for _, s := range all.otherAtomics {
				if op, _, _ := strings.Cut(s, " "); hasSysScope(op) {
					t.Errorf("probe: an atomic on a plain buffer is system scope: %s", s)
				}
			}
			if len(all.otherAtomics) < 2 {
				t.Errorf("probe: %d atomics on plain buffers found, want 2", len(all.otherAtomics))
			}
		}
	}
	t.Logf("PTX: %d kernels: Peer loads %d (none .nc), Peer stores %d, Peer atomics %d (all .sys), other atomics %d, system fences %d, ld.global.nc on other buffers %d",
		len(units), totals[0], totals[5], totals[1], totals[4], totals[2], totals[3])
}

func callNote(calls []string) string {
	if len(calls) == 0 {
		return ""
	}
	return "; Peer pointers passed to " + strings.Join(calls, ", ")
}

// logPTXLines logs the PTX lines that show the Peer rules in the analyzed functions.
func logPTXLines(t *testing.T, name string, found map[string]*ptxFindings) {
	t.Helper()
	var b strings.Builder
	for fname, f := range found {
		show := func(what string, lines []string) {
			for i, l := range lines {
				if i == 6 {
					fmt.Fprintf(&b, "    %-13s ... and %d more\n", what, len(lines)-i)
					break
				}
				fmt.Fprintf(&b, "    %-13s %s\n", what, l)
			}
		}
		fmt.Fprintf(&b, "  %s:\n", fname)
		show("Peer load", f.peerLoads)
		show("Peer store", f.peerStores)
		show("Peer atomic", f.peerAtomics)
		show("other atomic", f.otherAtomics)
		show("fence", f.fences)
	}
	t.Logf("%s: PTX lines\n%s", name, b.String())
}

// The analysis itself, on NVRTC's PTX of CUDA C that breaks the rules on purpose: the same
// code is fine for plain buffers, and wrong where they are declared Peer.
func TestPTXAnalysisFindsViolations(t *testing.T) {
	compile, where := ptxSource(t)
	t.Logf("PTX from %s", where)
	src := `extern "C" __global__ void rulebreaker(Slice<const float> x, Slice<float> y, Slice<unsigned> flag) {
  long long i = global_thread_id();
  if (i < x.len()) y[i] = __ldg(&x[i]) * 2.0f;
  atomicAdd(&flag[0], 1u);
}`
	ptx, err := compile(src, "rulebreaker")
	if err != nil {
		t.Fatal(err)
	}
	funcs := parsePTX(ptx)
	plain := analyzePTX(funcs, "rulebreaker", nil)["rulebreaker"]
	if plain == nil || len(plain.violations()) != 0 || plain.ncLoads == 0 {
		t.Fatalf("as plain buffers: %+v", plain)
	}
	asPeer := analyzePTX(funcs, "rulebreaker", []int{0, 2})["rulebreaker"]
	v := asPeer.violations()
	if len(asPeer.ncPeerLoads) != 1 || len(asPeer.localScopeAtomics) != 1 {
		t.Errorf("declared Peer: violations %q", v)
	}
	t.Logf("found: %q", v)
}

// The parser and the pointer tracking on a small PTX text: a Peer pointer copied, offset,
// converted and passed to a device function.
func TestPTXAnalysisOnText(t *testing.T) {
	ptx := `
.visible .entry k(
	.param .align 8 .b8 k_param_0[16],
	.param .align 8 .b8 k_param_1[16]
)
.maxntid 256, 1, 1
{
	.reg .b64 %rd<20>;
	ld.param.v2.u64 {%rd1, %rd2}, [k_param_0];
	ld.param.u64 %rd3, [k_param_1];
	ld.param.u64 %rd4, [k_param_1+8];
	cvta.to.global.u64 %rd5, %rd1;
	add.s64 %rd6, %rd5, 8;
	ld.global.nc.f32 %f1, [%rd6];       // Peer: a violation
	ld.global.nc.f32 %f2, [%rd3];       // plain: fine
	ld.global.nc.u64 %rd7, [%rd4];      // the length is not a pointer: fine
	ld.volatile.global.u64 %rd8, [%rd5];
	add.s64 %rd9, %rd3, %rd8;           // a value loaded through Peer is not a Peer address
	ld.global.nc.f32 %f3, [%rd9];
$L__BB0_1:
	@%p1 atom.global.add.u32 %r1, [%rd6], 1;  // Peer, device scope: a violation
	atom.global.sys.add.u32 %r2, [%rd6+4], 1;
	red.global.add.u32 [%rd3], 1;
	membar.sys;
	{ // callseq 0, 0
	.param .b64 param0;
	st.param.b64 [param0+0], %rd6;
	call.uni 
	helper, 
	(
	param0
	);
	}
	ret;
}
.func helper(
	.param .b64 helper_param_0
)
{
	ld.param.u64 %rd1, [helper_param_0];
	red.relaxed.sys.global.add.u32 [%rd1], 1;
	ld.global.nc.u32 %r1, [%rd1];  // Peer, through the call: a violation
	ret;
}
`
	funcs := parsePTX(ptx)
	if len(funcs) != 2 || funcs[0].name != "k" || !funcs[0].entry || len(funcs[0].params) != 2 || funcs[1].name != "helper" {
		t.Fatalf("parsed %d functions: %+v", len(funcs), funcs)
	}
	found := analyzePTX(funcs, "k", []int{0})
	k, h := found["k"], found["helper"]
	if k == nil || h == nil {
		t.Fatalf("analyzed %v", found)
	}
	want := func(what string, got []string, n int) {
		if len(got) != n {
			t.Errorf("%s: %d, want %d: %q", what, len(got), n, got)
		}
	}
	want("k: Peer loads", k.peerLoads, 2)
	want("k: .nc Peer loads", k.ncPeerLoads, 1)
	want("k: Peer atomics", k.peerAtomics, 2)
	want("k: device-scope Peer atomics", k.localScopeAtomics, 1)
	want("k: other atomics", k.otherAtomics, 1)
	want("k: fences", k.fences, 1)
	want("k: calls passing Peer pointers", k.peerCalls, 1)
	want("helper: .nc Peer loads", h.ncPeerLoads, 1)
	want("helper: device-scope Peer atomics", h.localScopeAtomics, 0)
	if k.ncLoads != 4 {
		t.Errorf("k: %d ld.global.nc, want 4", k.ncLoads)
	}
	if !strings.Contains(k.ncPeerLoads[0], "[%rd6]") {
		t.Errorf("the wrong load: %q", k.ncPeerLoads)
	}
}
