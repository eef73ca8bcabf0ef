package modules

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// More generic modules over the notebook's types, none of their uses instantiated by the
// build (only the first cell is given to it): every generic below runs its interpreted
// copy. Container modules with unexported types, methods and helper packages
// (hashicorp/golang-lru's internal list, golang-set's thread-safe set with a mutex,
// orderedmap's linked list, gods' red-black tree with a comparator) and more of lo
// (methods of generic types lo.If and lo.Switch return, in-place lo.Reverse, pointers);
// and golang-lru, whose copy can't be interpreted, refused.

var containerPins = []string{
	"github.com/samber/lo@v1.53.0",
	"github.com/hashicorp/golang-lru/v2@v2.0.7",
	"github.com/deckarep/golang-set/v2@v2.8.0",
	"github.com/elliotchance/orderedmap/v3@v3.1.0",
	"github.com/emirpasic/gods/v2@v2.0.0-alpha",
}

var containerImports = []string{
	"github.com/deckarep/golang-set/v2",
	"github.com/elliotchance/orderedmap/v3",
	"github.com/emirpasic/gods/v2/maps/treemap",
	"github.com/hashicorp/golang-lru/v2",
	"github.com/samber/lo",
}

const containerHead = `import (
	"fmt"
	"slices"
	"strings"

	mapset "github.com/deckarep/golang-set/v2"
	"github.com/elliotchance/orderedmap/v3"
	"github.com/emirpasic/gods/v2/maps/treemap"
	lru "github.com/hashicorp/golang-lru/v2"
	"github.com/samber/lo"
)

type User struct {
	Name string
	Age  int
	Team string
}

type Celsius float64

func (c Celsius) String() string { return fmt.Sprintf("%.1fC", float64(c)) }
`

var containerStmts = []string{
	`users := []User{{"ann", 31, "red"}, {"bob", 42, "blue"}, {"cid", 27, "red"}, {"dee", 42, "blue"}}
parts := lo.PartitionBy(users, func(u User) string { return u.Team })
fmt.Println(len(parts), parts[0], parts[1])`,
	`fmt.Println(lo.UniqBy(users, func(u User) int { return u.Age }))
fmt.Println(lo.CountBy(users, func(u User) bool { return u.Age > 30 }))
fmt.Println(lo.MinBy(users, func(a, b User) bool { return a.Age < b.Age }), lo.MaxBy(users, func(a, b User) bool { return a.Age > b.Age }))`,
	`found, ok := lo.Find(users, func(u User) bool { return u.Team == "blue" })
_, idx, ok2 := lo.FindIndexOf(users, func(u User) bool { return u.Name == "cid" })
fmt.Println(found, ok, idx, ok2)`,
	`ages := lo.SliceToMap(users, func(u User) (string, Celsius) { return u.Name, Celsius(u.Age) })
keys := lo.Keys(ages)
slices.Sort(keys)
fmt.Println(keys, ages["dee"], len(lo.Values(ages)))
fmt.Printf("%T\n", ages)`,
	`chunks := lo.Chunk(users, 3)
flat := lo.Flatten(chunks)
rev := lo.Reverse(lo.Map(flat, func(u User, _ int) string { return u.Name }))
fmt.Println(len(chunks), len(chunks[1]), rev)`,
	`temps := []Celsius{0, 21.5, 0, 30}
fmt.Println(lo.Compact(temps), lo.IndexOf(temps, 30), lo.Contains(temps, Celsius(21.5)))`,
	`fmt.Println(lo.If(len(users) > 3, "many").Else("few"), lo.Switch[string, Celsius]("b").Case("a", 1).Case("b", 2).Default(3))`,
	`p := lo.ToPtr(users[0])
p.Age++
fmt.Println(*p, users[0].Age, lo.FromPtr[User](nil), lo.IsEmpty(User{}), lo.Empty[User]())`,
	`made := lo.Times(3, func(i int) User { return User{Name: strings.Repeat("x", i+1), Age: i} })
fmt.Printf("%v %T\n", made, made)`,
	`byAge := lo.GroupBy(users, func(u User) int { return u.Age })
counts := lo.MapValues(byAge, func(us []User, _ int) int { return len(us) })
fmt.Println(counts[42], counts[31], len(lo.Entries(counts)))
inv := lo.Invert(map[string]Celsius{"a": 1, "b": 2})
fmt.Println(inv[2], lo.Sum(lo.Values(map[string]Celsius{"x": 1.5, "y": 2})))`,
	`names := lo.FilterMap(users, func(u User, _ int) (string, bool) { return u.Name, u.Age > 30 })
tags := lo.FlatMap(users, func(u User, _ int) []string { return []string{u.Name, u.Team} })
fmt.Println(names, len(tags), lo.Without(names, "bob"), lo.Intersect(names, []string{"dee", "zed"}))`,
	`left, right := lo.Difference(users[:2], users[1:])
fmt.Println(left, right, lo.Union(users[:1], users[:2]), lo.Every(users, users[:2]), lo.Some(users, []User{{"x", 0, ""}}))`,
	`fmt.Println(lo.Drop(users, 3), lo.DropWhile(users, func(u User) bool { return u.Age > 30 }), lo.Reject(users, func(u User, _ int) bool { return u.Team == "red" }))`,
	`unzipA, unzipB := lo.Unzip2(lo.Zip2(users[:2], []Celsius{1, 2}))
coal, hasCoal := lo.Coalesce(User{}, users[1])
fmt.Println(unzipA, unzipB, coal, hasCoal, lo.Clamp(Celsius(50), 0, 40))
fmt.Println(lo.Associate(users, func(u User) (string, int) { return u.Name, u.Age })["cid"])`,
	`acc := 0
lo.ForEach(users, func(u User, i int) { acc += u.Age * i })
fmt.Println(acc, lo.Replace(users, users[0], User{Name: "new"}, 1)[0], lo.IndexOf(users, users[2]))`,
	`set := mapset.NewSet[User](users...)
set.Add(User{"eve", 1, "red"})
other := mapset.NewSet(users[0], users[1])
fmt.Println(set.Cardinality(), set.Contains(users[2]), other.IsSubset(set), set.Difference(other).Cardinality())`,
	`om := orderedmap.NewOrderedMap[string, User]()
for _, u := range users {
	om.Set(u.Team+"/"+u.Name, u)
}
om.Delete("red/cid")
for el := om.Front(); el != nil; el = el.Next() {
	fmt.Println(el.Key, el.Value.Age)
}
fmt.Println(om.Len())`,
	`tm := treemap.NewWith[Celsius, User](func(a, b Celsius) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
})
for _, u := range users {
	tm.Put(Celsius(u.Age)/2, u)
}
fmt.Println(tm.Keys(), tm.Size())
minKey, minUser, hasMin := tm.Min()
fmt.Println(minKey, minUser, hasMin)`,
}

// containerLimits are the cells of containerStmts (by index) that meet a known limit of the
// interpreter: they may fail, loudly, never print something else (docs/MODULES.md, "Known
// gaps").
var containerLimits = map[int]string{
	15: "a generic interface whose methods take or return the interface itself: yaegi reports the method undefined (golang-set's Set[T].Difference); the same in a cell",
	17: "gods' red-black tree copy: yaegi fails calling the iterator's method (reflect: call of reflect.Value.Call on ptr Value); a smaller tree of the same shape declared in a cell runs",
}

var containers struct {
	once      sync.Once
	bin       *Binary
	cache     string
	dir       string
	err       error
	skip      string
	expectErr string
}

// containersBuild returns the shared build of the containers' module set.
func containersBuild(t testing.TB) *Binary {
	t.Helper()
	if testing.Short() {
		t.Skip("builds an evaluator binary: not with -short")
	}
	needGo(t)
	containers.once.Do(func() {
		mod, err := os.MkdirTemp("", "peerbook-containers-expected-")
		if err != nil {
			containers.err = err
			return
		}
		containers.dir = mod
		os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module example.com/expected\n\ngo 1.22\n"), 0o644)
		get := exec.Command("go", append([]string{"get"}, containerPins...)...)
		get.Dir = mod
		get.Env = append(os.Environ(), "GOWORK=off")
		if out, err := get.CombinedOutput(); err != nil {
			containers.skip = fmt.Sprintf("the module proxy does not answer here (go get: %v): %s", err, out)
			return
		}
		if containers.cache, err = os.MkdirTemp("", "peerbook-containers-cache-"); err != nil {
			containers.err = err
			return
		}
		b := newBuilder(t)
		b.CacheDir = containers.cache
		b.Progress = nil
		containers.bin, containers.err = b.Build(context.Background(), Set{Imports: containerImports, Pins: containerPins, Cells: []string{containerHead}})
	})
	if containers.skip != "" {
		t.Skip(containers.skip)
	}
	if containers.err != nil {
		t.Fatal(containers.err)
	}
	return containers.bin
}

func TestContainersOverCellTypes(t *testing.T) {
	bin := containersBuild(t)
	t.Parallel()
	head := strings.Replace(containerHead, "import (", "package main\n\nimport (", 1)
	want := goRunEach(t, containers.dir, head, containerStmts, "_ = lru.New[int, int]\n")
	// golang-lru's list has generic types that refer to each other, which the interpreter
	// can't instantiate (it overflows its stack): refused before it runs, saying so, and
	// the session goes on.
	lruCell := "cache, err := lru.New[string, User](2)\nfmt.Println(cache.Len(), err)"
	res := runCells(t, bin.Path, append(append([]string{containerHead}, containerStmts...), lruCell, "fmt.Println(len(users))")...)
	if got := res[len(res)-2]; got.stdout != "" || !strings.Contains(strings.Join(got.errors, "\n"), "Entry and LruList refer to each other, which the interpreter can't instantiate") {
		t.Errorf("lru.New over a cell type: printed %q, errors %q; want it refused, naming the limit", got.stdout, got.errors)
	}
	if got := res[len(res)-1]; got.stdout != "4\n" {
		t.Errorf("after the refusal: %q %q, want the session going on", got.stdout, got.errors)
	}
	if len(res[0].errors) > 0 {
		t.Fatalf("the first cell failed: %q", res[0].errors)
	}
	for i, s := range containerStmts {
		got := res[i+1]
		limit := containerLimits[i]
		switch {
		case limit != "" && len(got.errors) > 0:
			t.Logf("known limit (%s): %q", limit, got.errors)
		case got.stdout != want[i] || len(got.errors) > 0:
			t.Errorf("cell %s\nprinted %q (errors %q), go run printed %q", s, got.stdout, got.errors, want[i])
		}
	}
}
