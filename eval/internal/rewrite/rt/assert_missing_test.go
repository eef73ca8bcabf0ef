package rt

import (
	"strings"
	"testing"
)

// A list of method names (an interface's, in the runtime's order) names the first the
// value's type lacks, the first one where it has them all.
func TestAssertErrorNamesFirstMissingOfList(t *testing.T) {
	for _, tc := range []struct {
		v       any
		missing string
		want    string
	}{
		{strings.NewReader("x"), "Len,Read,Zap", "interface conversion: *strings.Reader is not main.R: missing method Zap"},
		{strings.NewReader("x"), "Abc,Len", "interface conversion: *strings.Reader is not main.R: missing method Abc"},
		{strings.NewReader("x"), "Len,Read", "interface conversion: *strings.Reader is not main.R: missing method Len"},
		{3, "Area", "interface conversion: int is not main.R: missing method Area"},
	} {
		if got := AssertError(tc.v, "main.R", "interface {}", tc.missing, "").Error(); got != tc.want {
			t.Errorf("AssertError(%T, %q) = %q, want %q", tc.v, tc.missing, got, tc.want)
		}
	}
}
