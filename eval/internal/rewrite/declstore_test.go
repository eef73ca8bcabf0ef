package rewrite_test

import (
	"strings"
	"testing"
)

// countingStore is a DeclStore that counts what the rewriter asks of it.
type countingStore struct {
	decls      map[string]string
	sets, gets int
}

func (c *countingStore) RewriterDecl(name string) (string, bool) {
	c.gets++
	src, ok := c.decls[name]
	return src, ok
}
func (c *countingStore) SetRewriterDecl(name, src string) { c.sets++; c.decls[name] = src }
func (c *countingStore) DropRewriterDecl(name string)     { delete(c.decls, name) }

// A rewriter given a store keeps its declarations there, and checks later cells against
// them; a store comes only before the first cell.
func TestKeepDeclsIn(t *testing.T) {
	s := newSession(t)
	store := &countingStore{decls: map[string]string{}}
	if err := s.rw.KeepDeclsIn(store); err != nil {
		t.Fatalf("KeepDeclsIn on a fresh rewriter: %v", err)
	}
	if _, err := s.cell("import \"fmt\"\ntype T struct{ n int }\nfunc (t T) N() int { return t.n }", "x := T{4}"); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"T": "type T struct", "T.N": "func (t T) N() int", "x": "var x T"} {
		if got := store.decls[name]; !strings.HasPrefix(got, want) {
			t.Errorf("store holds %q for %s, want %q...", got, name, want)
		}
	}
	gets := store.gets
	// The later cell type-checks against the store: x.N() is an int, printed as one.
	out, err := s.cell("", "fmt.Println(x.N() + 1)")
	if err != nil {
		t.Fatal(err)
	}
	if out != "5\n" {
		t.Errorf("printed %q, want 5", out)
	}
	if store.gets == gets {
		t.Errorf("the second cell's check read nothing from the store")
	}
	if err := s.rw.KeepDeclsIn(&countingStore{decls: map[string]string{}}); err == nil {
		t.Errorf("KeepDeclsIn after cells were remembered: no error")
	}
}
