package modules

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
)

// goTool runs the go command with the user's environment.
type goTool struct {
	path     string
	env      []string
	version  string                          // go env GOVERSION
	modCache string                          // go env GOMODCACHE
	goroot   string                          // go env GOROOT
	cgo      bool                            // go env CGO_ENABLED is 1
	start    func(*exec.Cmd) (func(), error) // Builder.Start
	// lines, when set, gets each line the go command prints on standard error as it
	// comes (see runProgress).
	lines func(string)
}

// goCmd finds the go command and asks it about the environment (go env), or reads what
// it said from the cache folder root when nothing it depends on changed since (see
// goEnvKey): so that a build whose binary exists runs no go command.
func (b *Builder) goCmd(ctx context.Context, root string) (*goTool, error) {
	name := b.Go
	if name == "" {
		name = "go"
	}
	p, err := exec.LookPath(name)
	if err != nil {
		return nil, fmt.Errorf("%w (%v)", ErrNoGo, err)
	}
	env := b.Env
	if env == nil {
		env = os.Environ()
	}
	// The workspace is a module of its own: a go.work of the user's must not take it over.
	env = append(env[:len(env):len(env)], "GOWORK=off")
	g := &goTool{path: p, env: env, start: b.Start}
	cached := filepath.Join(root, "goenv-"+goEnvKey(p, env))
	out, err := os.ReadFile(cached)
	if err != nil {
		out, err = g.run(ctx, "", "env", "GOVERSION", "GOMODCACHE", "CGO_ENABLED", "GOROOT")
		if err != nil {
			return nil, fmt.Errorf("modules: %s does not work: %w", p, err)
		}
		if os.MkdirAll(root, 0o755) == nil {
			tmp := fmt.Sprintf("%s.tmp%d", cached, os.Getpid())
			if os.WriteFile(tmp, out, 0o644) == nil {
				os.Rename(tmp, cached) // a cache: a failure costs a go env next time
			}
		}
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != 4 {
		return nil, fmt.Errorf("modules: %s env printed %q, not 4 lines", p, out)
	}
	g.version, g.modCache, g.cgo, g.goroot = lines[0], lines[1], lines[2] == "1", lines[3]
	// A program built -trimpath (buildFlags) does not know GOROOT: the generator's go/build
	// needs it.
	g.env = append(g.env, "GOROOT="+g.goroot)
	return g, nil
}

// goEnvKey names what go env prints for the go command at path with the environment env:
// the command's file (path, size, modification time), the environment's variables the go
// command reads (GO*, CGO_*, CC, HOME, XDG_CONFIG_HOME) and the content of its go env file
// (go env -w).
func goEnvKey(path string, env []string) string {
	h := sha256.New()
	fmt.Fprintf(h, "go %s\n", path)
	if fi, err := os.Stat(path); err == nil {
		fmt.Fprintf(h, "%d %d\n", fi.Size(), fi.ModTime().UnixNano())
	}
	vars := map[string]string{}
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, "GO") || strings.HasPrefix(k, "CGO_") || k == "CC" || k == "HOME" || k == "XDG_CONFIG_HOME" {
			vars[k] = v // the last one wins, as for os/exec
		}
	}
	for _, k := range slices.Sorted(maps.Keys(vars)) {
		fmt.Fprintf(h, "%s=%s\n", k, vars[k])
	}
	envFile := vars["GOENV"]
	if envFile == "" {
		if dir, err := os.UserConfigDir(); err == nil {
			envFile = filepath.Join(dir, "go", "env")
		}
	}
	if data, err := os.ReadFile(envFile); err == nil {
		fmt.Fprintf(h, "env file %s\n%s", envFile, data)
	}
	return hex.EncodeToString(h.Sum(nil))[:24]
}

// buildFlags are the flags of the go commands that compile in a workspace. -trimpath: the
// go build cache keys a package compiled without it by its folder, and each module set
// has a workspace of its own, so without it every new set compiled all of peerbook's
// packages (yaegi, the standard library's symbol tables: 27 s of CPU) again; with it they
// are compiled once per machine and Go version. A binary built so does not know GOROOT:
// the go commands get it in their environment, and the evaluator sets it (writeHook). -ldflags=-s -w (no symbol table, no DWARF;
// stack traces don't need them) makes the link a third cheaper and the binary 12 MB
// smaller, unless the user's GOFLAGS set -ldflags.
func (g *goTool) buildFlags() []string {
	flags := []string{"-trimpath"}
	if !strings.Contains(g.getenv("GOFLAGS"), "-ldflags") {
		flags = append(flags, "-ldflags=-s -w")
	}
	return flags
}

// getenv returns the value of key in the go commands' environment.
func (g *goTool) getenv(key string) string {
	for i := len(g.env) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(g.env[i], key+"="); ok {
			return v
		}
	}
	return ""
}

// cmdError is a go command that failed: its arguments and what it printed.
type cmdError struct {
	args   []string
	output string
	err    error
}

func (e *cmdError) Error() string {
	out := strings.TrimSpace(e.output)
	if out == "" {
		out = e.err.Error()
	}
	return fmt.Sprintf("go %s failed:\n%s", strings.Join(e.args, " "), out)
}

func (e *cmdError) Unwrap() error { return e.err }

// run runs the go command in dir and returns its standard output; a failure's error holds
// what it printed on standard error.
func (g *goTool) run(ctx context.Context, dir string, args ...string) ([]byte, error) {
	return g.runEnv(ctx, dir, nil, args...)
}

func (g *goTool) runEnv(ctx context.Context, dir string, extra []string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, g.path, args...)
	ownGroup(cmd)
	cmd.WaitDelay = 5 * time.Second // a child left holding the pipes does not hold the build
	cmd.Dir = dir
	cmd.Env = append(g.env[:len(g.env):len(g.env)], extra...)
	var stdout bytes.Buffer
	var stderr interface {
		io.Writer
		String() string
	} = &bytes.Buffer{}
	if g.lines != nil {
		stderr = &lineWriter{fn: g.lines}
	}
	cmd.Stdout, cmd.Stderr = &stdout, stderr
	if err := g.runCmd(cmd); err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("go %s: %w", strings.Join(args, " "), ctx.Err())
		}
		return nil, &cmdError{args: args, output: stderr.String() + stdout.String(), err: err}
	}
	return stdout.Bytes(), nil
}

// runProgress runs the go command as run does, each line it prints on standard error
// going to lines as it comes.
func (g *goTool) runProgress(ctx context.Context, dir string, lines func(string), args ...string) ([]byte, error) {
	old := g.lines
	g.lines = lines
	defer func() { g.lines = old }()
	return g.run(ctx, dir, args...)
}

// runCmd runs cmd to its end, started through Builder.Start when one is set.
func (g *goTool) runCmd(cmd *exec.Cmd) error {
	if g.start == nil {
		return cmd.Run()
	}
	done, err := g.start(cmd)
	if err != nil {
		return err
	}
	defer done()
	return cmd.Wait()
}

// runNet runs a go command that may need the network (go get, go mod tidy). When it fails
// for want of the network, it runs again against the module cache alone (the cache's
// download folder is a module proxy, and what is in it was checked against go.sum or the
// checksum database when it was downloaded), so that a machine offline builds what its
// cache holds; when that fails too, the error says the machine is offline and which cache
// was searched, with both go commands' words.
//
// err is how the command failed when it was run already (its progress shown), nil to run
// it first.
func (g *goTool) runNet(ctx context.Context, dir string, err error, args ...string) ([]byte, error) {
	var out []byte
	if err == nil {
		out, err = g.run(ctx, dir, args...)
	}
	var ce *cmdError
	if err == nil || !errors.As(err, &ce) || !offline(ce.output) {
		return out, err
	}
	cache := "file://" + filepath.ToSlash(filepath.Join(g.modCache, "cache", "download"))
	out, err2 := g.runEnv(ctx, dir, []string{"GOPROXY=" + cache, "GOSUMDB=off"}, args...)
	if err2 == nil {
		return out, nil
	}
	return nil, fmt.Errorf("the module proxy can't be reached and the module cache (%s) does not have what is needed: %w\n\nfrom the module cache alone: %w", g.modCache, err, err2)
}

// offline reports whether go command output says the network or the proxy is unreachable.
func offline(output string) bool {
	for _, s := range []string{
		"dial tcp", "no such host", "connection refused", "network is unreachable",
		"i/o timeout", "TLS handshake timeout", "GOPROXY=off", "server misbehaving",
		"connection reset",
	} {
		if strings.Contains(output, s) {
			return true
		}
	}
	return false
}

// missingRE finds, in what go mod tidy or go get printed, the import path or module path that
// could not be found and why: "x imports\n\tPATH: REASON" or "module PATH: REASON".
var missingRE = regexp.MustCompile(`(?m)imports\n\t(\S+): (.*)|^go: (?:module )?(\S+?)(?:@\S+)?: (.*(?:invalid version|unknown revision|no matching versions|not found|Not Found|Forbidden|Gone|Bad Request|no such file).*)`)

// explainMissing puts first, in the user's terms, the package or module a failed go mod
// tidy or go get could not find: its path, to check, and why, in a
// few words; the go command's own words follow. Other errors are returned as they are.
func explainMissing(err error) error {
	var ce *cmdError
	if !errors.As(err, &ce) {
		return err
	}
	if strings.Contains(err.Error(), "the module proxy can't be reached") {
		return err // offline: said so (runNet)
	}
	m := missingRE.FindStringSubmatch(ce.output)
	if m == nil {
		return err
	}
	path, reason := m[1], m[2]
	if path == "" {
		path, reason = m[3], m[4]
	}
	var why string
	switch {
	case strings.Contains(reason, "does not contain package"):
		mod := reason
		if i := strings.Index(reason, " found ("); i >= 0 {
			mod = strings.TrimPrefix(reason[:i], "module ")
		}
		why = fmt.Sprintf("its module %s has no such package", strings.TrimSuffix(mod, "@latest"))
	case strings.Contains(reason, "invalid version"), strings.Contains(reason, "unknown revision"), strings.Contains(reason, "no matching versions"):
		why = "that version does not exist"
	case strings.Contains(reason, "reading "), strings.Contains(reason, "cannot find module"), strings.Contains(reason, "unrecognized import path"):
		why = "no module provides it: the module proxy does not know it"
	default:
		why = reason
	}
	what := "the package " + path
	if strings.Contains(ce.output, "go: module ") || strings.HasPrefix(strings.Join(ce.args, " "), "get") {
		what = "the module " + path
	}
	return fmt.Errorf("%s was not found (%s): check its path for a typo; the go command said: %w", what, why, err)
}

// explainBuild adds to a failed build what the go command did not say: which of the
// imported packages, or the packages they import, need cgo when cgo is off.
func (b *Builder) explainBuild(ctx context.Context, g *goTool, dir string, imports []string, err error) error {
	if g.cgo {
		return fmt.Errorf("modules: %w", err)
	}
	args := append([]string{"list", "-e", "-deps", "-f", "{{if not .Standard}}{{if .CgoFiles}}{{.ImportPath}}{{end}}{{end}}"}, imports...)
	out, lerr := g.runEnv(ctx, dir, []string{"CGO_ENABLED=1"}, args...)
	if lerr != nil {
		return fmt.Errorf("modules: %w", err)
	}
	var cgo []string
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if l != "" {
			cgo = append(cgo, l)
		}
	}
	if len(cgo) == 0 {
		return fmt.Errorf("modules: %w", err)
	}
	return fmt.Errorf("modules: %s need cgo (import \"C\"), and cgo is off for the go command here (go env CGO_ENABLED is not 1: no C compiler found, or CGO_ENABLED=0 is set): install a C compiler (gcc or clang) and make sure CGO_ENABLED is not 0, or use a pure-Go package: %w", strings.Join(cgo, ", "), err)
}
