package eval

import "testing"

// Yaegi patch 92: `_, _ = m[k]` had no code, so a key whose dynamic type is not
// comparable did not panic (Go's test fixedbugs/issue23734.go). Expected output from go
// run.
func TestBlankCommaOkLookupPanicsOnUnhashableKey(t *testing.T) {
	got := cellStdout(t, `import "fmt"

func panics(name string, f func()) {
	defer func() { fmt.Println(name, recover() != nil) }()
	f()
}

func main() {
	m := map[interface{}]int{1: 10}
	k := []int{}
	panics("comma-ok", func() { _, _ = m[k] })
	panics("func key", func() { _, _ = m[func() {}] })
	var nilMap map[any]bool
	panics("nil map", func() { _, _ = nilMap[map[int]int{}] })
	panics("hashable", func() { _, _ = m[1]; _, _ = m[[2]int{}]; _, _ = m["x"] })
	fmt.Println(len(m))
}`)
	want := `comma-ok true
func key true
nil map true
hashable false
1
`
	if got != want {
		t.Errorf("got:\n%s\nwant (go run):\n%s", got, want)
	}
}
