package eval

import (
	"encoding"
	"flag"
	"io"
	"reflect"
	"time"
)

// cellFlags is the flag package's command line as cells see it: a FlagSet of the session
// that parses the session's arguments (Options.Args, os.Args in cells), not the
// evaluator process's own command line, which the compiled package-level functions of
// flag would parse (flag.NArg() in a cell counted the evaluator's arguments, and an
// argument flag does not define would end the process through os.Exit). Defining a flag
// again, as running a cell again does, replaces it instead of panicking "flag
// redefined", since a notebook's cells run more than once where a program's main runs
// once.
type cellFlags struct {
	set  *flag.FlagSet
	args []string
	out  io.Writer
}

// newCellFlags returns the command line of a session with arguments args (args[0] is the
// program's name), writing usage and errors to out.
func newCellFlags(args []string, out io.Writer) *cellFlags {
	c := &cellFlags{args: args, out: out}
	c.set = c.newSet()
	return c
}

func (c *cellFlags) newSet() *flag.FlagSet {
	name := "peerbook"
	if len(c.args) > 0 {
		name = c.args[0]
	}
	// PanicOnError: a parse error is the cell's panic (os.Exit is refused in cells).
	s := flag.NewFlagSet(name, flag.PanicOnError)
	s.SetOutput(c.out)
	return s
}

// define runs def on the set after dropping an earlier flag of that name.
func (c *cellFlags) define(name string) *flag.FlagSet {
	if c.set.Lookup(name) == nil {
		return c.set
	}
	old := c.set
	c.set = c.newSet()
	old.VisitAll(func(f *flag.Flag) {
		if f.Name != name {
			c.set.Var(f.Value, f.Name, f.Usage)
		}
	})
	if old.Parsed() {
		// Keep what was parsed: the remaining arguments.
		_ = c.set.Parse(old.Args())
	}
	return c.set
}

// exports returns the flag package's symbols bound to the session's command line.
func (c *cellFlags) exports() map[string]reflect.Value {
	return map[string]reflect.Value{
		"CommandLine": reflect.ValueOf(&c.set).Elem(),
		"Parse": reflect.ValueOf(func() {
			args := []string{}
			if len(c.args) > 1 {
				args = c.args[1:]
			}
			_ = c.set.Parse(args)
		}),
		"Parsed":        reflect.ValueOf(func() bool { return c.set.Parsed() }),
		"Arg":           reflect.ValueOf(func(i int) string { return c.set.Arg(i) }),
		"Args":          reflect.ValueOf(func() []string { return c.set.Args() }),
		"NArg":          reflect.ValueOf(func() int { return c.set.NArg() }),
		"NFlag":         reflect.ValueOf(func() int { return c.set.NFlag() }),
		"Lookup":        reflect.ValueOf(func(name string) *flag.Flag { return c.set.Lookup(name) }),
		"Set":           reflect.ValueOf(func(name, value string) error { return c.set.Set(name, value) }),
		"PrintDefaults": reflect.ValueOf(func() { c.set.PrintDefaults() }),
		"Visit":         reflect.ValueOf(func(fn func(*flag.Flag)) { c.set.Visit(fn) }),
		"VisitAll":      reflect.ValueOf(func(fn func(*flag.Flag)) { c.set.VisitAll(fn) }),

		"Bool": reflect.ValueOf(func(name string, value bool, usage string) *bool {
			return c.define(name).Bool(name, value, usage)
		}),
		"BoolVar": reflect.ValueOf(func(p *bool, name string, value bool, usage string) {
			c.define(name).BoolVar(p, name, value, usage)
		}),
		"Int": reflect.ValueOf(func(name string, value int, usage string) *int {
			return c.define(name).Int(name, value, usage)
		}),
		"IntVar": reflect.ValueOf(func(p *int, name string, value int, usage string) {
			c.define(name).IntVar(p, name, value, usage)
		}),
		"Int64": reflect.ValueOf(func(name string, value int64, usage string) *int64 {
			return c.define(name).Int64(name, value, usage)
		}),
		"Int64Var": reflect.ValueOf(func(p *int64, name string, value int64, usage string) {
			c.define(name).Int64Var(p, name, value, usage)
		}),
		"Uint": reflect.ValueOf(func(name string, value uint, usage string) *uint {
			return c.define(name).Uint(name, value, usage)
		}),
		"UintVar": reflect.ValueOf(func(p *uint, name string, value uint, usage string) {
			c.define(name).UintVar(p, name, value, usage)
		}),
		"Uint64": reflect.ValueOf(func(name string, value uint64, usage string) *uint64 {
			return c.define(name).Uint64(name, value, usage)
		}),
		"Uint64Var": reflect.ValueOf(func(p *uint64, name string, value uint64, usage string) {
			c.define(name).Uint64Var(p, name, value, usage)
		}),
		"Float64": reflect.ValueOf(func(name string, value float64, usage string) *float64 {
			return c.define(name).Float64(name, value, usage)
		}),
		"Float64Var": reflect.ValueOf(func(p *float64, name string, value float64, usage string) {
			c.define(name).Float64Var(p, name, value, usage)
		}),
		"String": reflect.ValueOf(func(name string, value string, usage string) *string {
			return c.define(name).String(name, value, usage)
		}),
		"StringVar": reflect.ValueOf(func(p *string, name string, value string, usage string) {
			c.define(name).StringVar(p, name, value, usage)
		}),
		"Duration": reflect.ValueOf(func(name string, value time.Duration, usage string) *time.Duration {
			return c.define(name).Duration(name, value, usage)
		}),
		"DurationVar": reflect.ValueOf(func(p *time.Duration, name string, value time.Duration, usage string) {
			c.define(name).DurationVar(p, name, value, usage)
		}),
		"Var": reflect.ValueOf(func(value flag.Value, name string, usage string) {
			c.define(name).Var(value, name, usage)
		}),
		"TextVar": reflect.ValueOf(func(p encoding.TextUnmarshaler, name string, value encoding.TextMarshaler, usage string) {
			c.define(name).TextVar(p, name, value, usage)
		}),
		"Func": reflect.ValueOf(func(name, usage string, fn func(string) error) {
			c.define(name).Func(name, usage, fn)
		}),
		"BoolFunc": reflect.ValueOf(func(name, usage string, fn func(string) error) {
			c.define(name).BoolFunc(name, usage, fn)
		}),
	}
}
