package cudatogo

import (
	"fmt"
	"strings"
)

// helperSources are the Go device functions translations call, by name; "PFX" stands for
// the translation's prefix.
var helperSources = map[string]string{
	"b2i": `func PFXb2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}`,
	// Float to integer conversions saturate and give 0 for NaN, as CUDA's cvt.rzi does.
	"f2i32": `func PFXf2i32(x float64) int32 {
	switch {
	case x != x:
		return 0
	case x >= 0x1p31:
		return 2147483647
	case x <= -0x1p31:
		return -2147483648
	}
	return int32(x)
}`,
	"f2u32": `func PFXf2u32(x float64) uint32 {
	switch {
	case x != x || x <= 0:
		return 0
	case x >= 0x1p32:
		return 4294967295
	}
	return uint32(x)
}`,
	"f2i64": `func PFXf2i64(x float64) int64 {
	switch {
	case x != x:
		return 0
	case x >= 0x1p63:
		return 9223372036854775807
	case x <= -0x1p63:
		return -9223372036854775808
	}
	return int64(x)
}`,
	"f2u64": `func PFXf2u64(x float64) uint64 {
	switch {
	case x != x || x <= 0:
		return 0
	case x >= 0x1p64:
		return 18446744073709551615
	}
	return uint64(x)
}`,
	// fmin and fmax return the other operand where one is NaN.
	"fminf":     minMax("fminf", "float32", "min"),
	"fmaxf":     minMax("fmaxf", "float32", "max"),
	"fmin":      minMax("fmin", "float64", "min"),
	"fmax":      minMax("fmax", "float64", "max"),
	"saturatef": "func PFXsaturatef(x float32) float32 {\n\tif x != x {\n\t\treturn 0\n\t}\n\treturn min(max(x, 0), 1)\n}",
	"popc32":    popc("32"),
	"popc64":    popc("64"),
	"clz32":     clz("32"),
	"clz64":     clz("64"),
	"ffs32":     ffs("32"),
	"ffs64":     ffs("64"),
	"brev32":    brev("32"),
	"brev64":    brev("64"),
	// atomicInc and atomicDec: compare-and-swap loops.
	"atomicInc":     atomicIncDec("atomicInc", "[]uint32", "nv := old + 1\n\t\tif old >= v {\n\t\t\tnv = 0\n\t\t}"),
	"atomicIncPeer": atomicIncDec("atomicIncPeer", "gpu.Peer[uint32]", "nv := old + 1\n\t\tif old >= v {\n\t\t\tnv = 0\n\t\t}"),
	"atomicDec":     atomicIncDec("atomicDec", "[]uint32", "nv := old - 1\n\t\tif old == 0 || old > v {\n\t\t\tnv = v\n\t\t}"),
	"atomicDecPeer": atomicIncDec("atomicDecPeer", "gpu.Peer[uint32]", "nv := old - 1\n\t\tif old == 0 || old > v {\n\t\t\tnv = v\n\t\t}"),
}

func minMax(name, t, op string) string {
	return fmt.Sprintf("func PFX%s(a, b %s) %s {\n\tif a != a {\n\t\treturn b\n\t}\n\tif b != b {\n\t\treturn a\n\t}\n\treturn %s(a, b)\n}", name, t, t, op)
}

func popc(bits string) string {
	return "func PFXpopc" + bits + "(x uint" + bits + ") int32 {\n\tn := int32(0)\n\tfor x != 0 {\n\t\tx &= x - 1\n\t\tn++\n\t}\n\treturn n\n}"
}

func clz(bits string) string {
	return "func PFXclz" + bits + "(x uint" + bits + ") int32 {\n\tn := int32(0)\n\tfor i := " + bits + " - 1; i >= 0; i-- {\n\t\tif (x>>uint(i))&1 != 0 {\n\t\t\tbreak\n\t\t}\n\t\tn++\n\t}\n\treturn n\n}"
}

func ffs(bits string) string {
	return "func PFXffs" + bits + "(x uint" + bits + ") int32 {\n\tif x == 0 {\n\t\treturn 0\n\t}\n\tn := int32(1)\n\tfor x&1 == 0 {\n\t\tx >>= 1\n\t\tn++\n\t}\n\treturn n\n}"
}

func brev(bits string) string {
	return "func PFXbrev" + bits + "(x uint" + bits + ") uint" + bits + " {\n\tr := uint" + bits + "(0)\n\tfor i := 0; i < " + bits + "; i++ {\n\t\tr = r<<1 | x&1\n\t\tx >>= 1\n\t}\n\treturn r\n}"
}

func atomicIncDec(name, buf, next string) string {
	return "func PFX" + name + "(b " + buf + ", i int64, v uint32) uint32 {\n\tfor {\n\t\told := gpu.AtomicLoad(&b[i])\n\t\t" + next +
		"\n\t\tif gpu.AtomicCAS(&b[i], old, nv) == old {\n\t\t\treturn old\n\t\t}\n\t}\n}"
}

// pollNanos is less than any simulated flag poll takes (about 15 ns on a 2020s CPU), so that
// a flag_wait on the simulator never gives up sooner than on a GPU.
const pollNanos = 4

// helperSource returns the Go source of helper name with prefix pfx.
func helperSource(name, pfx string) string {
	src, ok := helperSources[name]
	if !ok {
		// flagWait_T and flagWaitAtLeast_T: spin on an atomic load of f[i], then fence. The
		// simulator has no clock: they give up after timeout/pollNanos polls, which takes
		// longer than the timeout since a poll takes longer than pollNanos.
		base, t, _ := strings.Cut(name, "_")
		cmp := "!="
		if base == "flagWaitAtLeast" {
			cmp = "<"
		}
		src = fmt.Sprintf("func PFX%s(f gpu.Peer[%s], i int64, v %s, timeout uint64) bool {\n"+
			"\tfor n := timeout / %d; gpu.AtomicLoad(&f[i]) %s v; n-- {\n\t\tif n == 0 {\n\t\t\treturn false\n\t\t}\n\t}\n"+
			"\tgpu.SyncSystem()\n\treturn true\n}", name, t, t, pollNanos, cmp)
	}
	return "//gpu:device\n" + strings.ReplaceAll(src, "PFX", pfx)
}
