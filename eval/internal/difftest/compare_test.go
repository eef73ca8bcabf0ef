package difftest

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/eval/internal/gosmith"
)

func TestCompareClasses(t *testing.T) {
	ok := GoResult{Stdout: "a\n"}
	panicked := GoResult{Stdout: "a\n", Exit: 2, Panic: "runtime error: index out of range [3] with length 1"}
	for _, tc := range []struct {
		name string
		g    GoResult
		c    CellResult
		want Class
	}{
		{"same", ok, CellResult{Stdout: "a\n"}, Same},
		{"other output", ok, CellResult{Stdout: "b\n"}, Silent},
		{"go panicked, cells did not", panicked, CellResult{Stdout: "a\n"}, Silent},
		{"same panic", panicked, CellResult{Stdout: "a\n", ErrName: "panic", ErrValue: panicked.Panic}, Same},
		{"a nil dereference that faulted", GoResult{Exit: 2, Panic: "runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x4a648e]"},
			CellResult{ErrName: "panic", ErrValue: "runtime error: invalid memory address or nil pointer dereference"}, Same},
		{"other panic", panicked, CellResult{Stdout: "a\n", ErrName: "panic", ErrValue: "reflect: slice index out of range"}, Wrong},
		{"panic after other output", panicked, CellResult{Stdout: "b\n", ErrName: "panic", ErrValue: panicked.Panic}, Wrong},
		{"refused", ok, CellResult{ErrName: "CompileError", ErrValue: "cell[1] 3:4: peerbook: unsafe is not supported in cells"}, Refused},
		{"compile error", ok, CellResult{ErrName: "CompileError", ErrValue: "cell[1] 3:4: undefined: x"}, Loud},
		{"a panic where go ran", ok, CellResult{ErrName: "panic", ErrValue: "boom"}, Loud},
		{"crash", ok, CellResult{Crash: "worker died"}, Crash},
		{"timeout", ok, CellResult{Timeout: true, ErrName: "Interrupted"}, Timeout},
		{"go failed", GoResult{Failed: "go build: exit status 1"}, CellResult{}, Skipped},
	} {
		if got, detail := Compare(tc.g, tc.c); got != tc.want {
			t.Errorf("%s: %s (%s), want %s", tc.name, got, detail, tc.want)
		}
	}
}

func TestSplitPanic(t *testing.T) {
	stderr := "printed\npanic: boom\n\tmore\n\ngoroutine 1 [running]:\nmain.main()\n"
	out, msg := splitPanic(stderr)
	if out != "printed\n" || msg != "boom\n\tmore" {
		t.Errorf("splitPanic: %q, %q", out, msg)
	}
	if out, msg := splitPanic("no panic here\n"); out != "no panic here\n" || msg != "" {
		t.Errorf("splitPanic without a panic: %q, %q", out, msg)
	}
}

// TestSplitCellsKeepsTheProgram checks that the cells of a split program are its
// declarations in order, cut only where CutPoints allows, imports first and main last.
func TestSplitCellsKeepsTheProgram(t *testing.T) {
	for seed := int64(1); seed <= 30; seed++ {
		p := gosmith.Generate(seed)
		cells := SplitCells(p, rand.New(rand.NewSource(seed)), 4)
		if len(cells) > 4 {
			t.Errorf("seed %d: %d cells, want at most 4", seed, len(cells))
		}
		joined := strings.Join(cells, "")
		var b strings.Builder
		b.WriteString(p.ImportDecl())
		for _, d := range p.Decls {
			b.WriteString(d.Src + "\n")
		}
		if joined != b.String() {
			t.Errorf("seed %d: the cells are not the program's declarations in order", seed)
		}
		if !strings.Contains(cells[len(cells)-1], "func main()") {
			t.Errorf("seed %d: main is not in the last cell", seed)
		}
		if len(p.Imports) > 0 && !strings.HasPrefix(cells[0], "import (") {
			t.Errorf("seed %d: the first cell does not start with the imports", seed)
		}
	}
}
