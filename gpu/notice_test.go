package gpu

import (
	"errors"
	"strings"
	"testing"
)

// A long reason is cut at its first clause without leaving a bracket open (the notice
// once ended "(libcuda.so.1: cannot open shared object file ...;").
func TestShortReasonClosesBrackets(t *testing.T) {
	long := "cuda: the CUDA driver (libcuda.so.1) not found (libcuda.so.1: cannot open shared object file: No such file or directory; tried " +
		strings.Repeat("/usr/lib/x86_64-linux-gnu/libcuda.so.1, ", 4) + "[more; here])"
	got := shortReason(errors.New(long))
	want := "cuda: the CUDA driver (libcuda.so.1) not found (libcuda.so.1: cannot open shared object file: No such file or directory ...)"
	if got != want {
		t.Errorf("shortReason:\n  got  %q\n  want %q", got, want)
	}
	short := "libcuda.so.1: cannot open shared object file; x"
	if got := shortReason(errors.New(short)); got != short {
		t.Errorf("a short reason was changed: %q", got)
	}
}
