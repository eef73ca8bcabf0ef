package srcerr

import (
	"errors"
	"testing"
)

func TestSortedOrdersAndDropsDuplicates(t *testing.T) {
	a := &Error{File: "cell[2]", Line: 3, Col: 1, Msg: "b"}
	b := &Error{File: "cell[1]", Line: 9, Col: 4, Msg: "a"}
	c := &Error{File: "cell[2]", Line: 1, Col: 7, Msg: "c"}
	in := ErrorList{a, b, c, &Error{File: "cell[2]", Line: 3, Col: 1, Msg: "b"}}
	got := in.Sorted()
	want := "cell[1]:9:4: a\ncell[2]:1:7: c\ncell[2]:3:1: b"
	if got.Error() != want {
		t.Errorf("Sorted: %q, want %q", got.Error(), want)
	}
	if in[0] != a || len(in) != 4 {
		t.Errorf("Sorted changed its receiver")
	}
	var e *Error
	if !errors.As(error(got), &e) || e != b {
		t.Errorf("errors.As finds %v, want the first problem", e)
	}
}
