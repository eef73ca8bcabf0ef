package kernel

// The Jupyter kernel switching to an evaluator built with third-party modules (issue 16),
// over real processes: the peerbook binary as Jupyter runs it, real ZMQ sockets, the go
// command building from a module proxy in a folder (two versions of example.com/pinmod),
// so that no network is needed.

import (
	"archive/zip"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/peerbook/peerbook/kernel/internal/wire"
)

// fileProxy writes a module proxy (GOPROXY=file://DIR) serving example.com/pinmod v1.0.0
// and v1.1.0, whose package's Version constant says which it is.
func fileProxy(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	v := filepath.Join(dir, "example.com", "pinmod", "@v")
	if err := os.MkdirAll(v, 0o755); err != nil {
		t.Fatal(err)
	}
	versions := []string{"v1.0.0", "v1.1.0"}
	os.WriteFile(filepath.Join(v, "list"), []byte(strings.Join(versions, "\n")+"\n"), 0o644)
	for _, ver := range versions {
		gomod := "module example.com/pinmod\n\ngo 1.22\n"
		os.WriteFile(filepath.Join(v, ver+".info"), []byte(`{"Version":"`+ver+`","Time":"2024-01-01T00:00:00Z"}`), 0o644)
		os.WriteFile(filepath.Join(v, ver+".mod"), []byte(gomod), 0o644)
		f, err := os.Create(filepath.Join(v, ver+".zip"))
		if err != nil {
			t.Fatal(err)
		}
		zw := zip.NewWriter(f)
		for name, text := range map[string]string{
			"go.mod":    gomod,
			"pinmod.go": "// Package pinmod says its version.\npackage pinmod\n\n// Version is the module's version.\nconst Version = \"" + ver + "\"\n\n// Twice doubles n.\nfunc Twice(n int) int { return 2 * n }\n",
		} {
			w, err := zw.Create("example.com/pinmod@" + ver + "/" + name)
			if err != nil {
				t.Fatal(err)
			}
			w.Write([]byte(text))
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	return dir
}

// moduleKernel starts `peerbook kernel` in dir, its module workspaces under cache, the go
// command's modules from proxy (then the module cache).
func moduleKernel(t *testing.T, dir, cache, proxy string) *client {
	t.Helper()
	bin := peerbookBinary(t)
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command: the kernel builds modules with it")
	}
	env := func(name string) string {
		out, err := exec.Command(goTool, "env", name).Output()
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(string(out))
	}
	gocache, modcache := env("GOCACHE"), env("GOMODCACHE")
	p := freePorts(t, 5)
	conn := &wire.ConnectionInfo{Transport: "tcp", IP: "127.0.0.1", ShellPort: p[0], IOPubPort: p[1],
		StdinPort: p[2], ControlPort: p[3], HBPort: p[4], Key: "mod-key", SignatureScheme: "hmac-sha256"}
	file := filepath.Join(t.TempDir(), "kernel.json")
	data, _ := json.Marshal(conn)
	os.WriteFile(file, data, 0o600)
	cmd := exec.Command(bin, "kernel", "--connection-file", file)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PEERBOOK_HISTORY=none", "PEERBOOK_DEBUG=1",
		"XDG_CACHE_HOME="+cache, "GOCACHE="+gocache, // the build cache stays warm
		"GOPROXY=file://"+filepath.ToSlash(proxy)+",file://"+filepath.ToSlash(filepath.Join(modcache, "cache", "download")),
		"GONOSUMDB=example.com", "GOFLAGS=-mod=mod")
	stderr := &syncBuffer{}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		if t.Failed() {
			t.Logf("kernel stderr:\n%s", stderr.String())
		}
	})
	c := dial(t, conn)
	c.timeout = 8 * time.Minute // a first build compiles the evaluator
	return c
}

// run executes code, requires status want ("ok" or "error"), and returns stdout, stderr and
// the error's value.
func runCell(t *testing.T, c *client, code, want string) (stdout, stderr, evalue string) {
	t.Helper()
	r, msgs := c.execute(code)
	rc := content(r)
	if rc["status"] != want {
		t.Fatalf("%q: status %v, want %s: %v\nstdout %q\nstderr %q", code, rc["status"], want, rc, streamText(msgs, "stdout"), streamText(msgs, "stderr"))
	}
	ev, _ := rc["evalue"].(string)
	return streamText(msgs, "stdout"), streamText(msgs, "stderr"), ev
}

// TestKernelImportsModule: in the Jupyter kernel, a cell importing a third-party module
// after other cells moves the session to an evaluator built with it: definitions come back,
// a variable changed after its definition keeps its value, and what can't come back is
// named; a module that can't be built is the cell's error and the session goes on; %go get
// pins a version; a second session reuses the built evaluator.
func TestKernelImportsModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds evaluator binaries (a minute or more on 2 cores): not with -short")
	}
	proxy, cache, dir := fileProxy(t), t.TempDir(), t.TempDir()
	c := moduleKernel(t, dir, cache, proxy)
	runCell(t, c, "import \"os\"\nx := 5\nx++\npid := os.Getpid()", "ok")
	runCell(t, c, "type Point struct{ X, Y int }\nfunc (p Point) Sum() int { return p.X + p.Y }\npts := []Point{{1, 2}}\npts[0].Y = 40", "ok")
	runCell(t, c, "ch := make(chan int, 1)\nfn := func() int { return x }\ngo func() { ch <- 1 }()", "ok")

	// An interrupt while the evaluator builds stops the go command; the session is as it was.
	id := c.send(c.shell, "execute_request", map[string]any{"code": "import \"example.com/pinmod\"\npinmod.Twice(1)", "stop_on_error": true})
	deadline := time.After(5 * time.Minute)
	for building := false; !building; {
		select {
		case m := <-c.iopubCh:
			if parentID(m) == id && m.Header.MsgType == "stream" && strings.Contains(content(m)["text"].(string), "modules: resolving") {
				building = true
			}
		case <-deadline:
			t.Fatal("no progress line of the build")
		}
	}
	time.Sleep(500 * time.Millisecond)
	interrupted := time.Now()
	c.reply(c.controlCh, c.send(c.control, "interrupt_request", map[string]any{}))
	if r := content(c.reply(c.shellCh, id)); r["ename"] != "Interrupted" {
		t.Errorf("the interrupted build's reply: %v", r)
	}
	t.Logf("the build stopped %v after the interrupt", time.Since(interrupted))
	if tmps, _ := filepath.Glob(filepath.Join(cache, "peerbook", "modules", "tmp-*")); len(tmps) > 0 {
		t.Errorf("the interrupted build left %v", tmps)
	}
	out, _, _ := runCell(t, c, "import \"fmt\"\nfmt.Println(x, os.Getpid() == pid)", "ok")
	if out != "6 true\n" {
		t.Errorf("after the interrupted build the session prints %q, want 6 true (same process, state kept)", out)
	}

	// A module that does not exist: the go command's words, and the same session after.
	_, _, ev := runCell(t, c, "import \"example.com/nosuch/pkg\"\npkg.F()", "error")
	if !strings.Contains(ev, "example.com/nosuch") || !strings.Contains(ev, "session goes on") {
		t.Errorf("the failed build says %q", ev)
	}
	out, _, _ = runCell(t, c, "import \"fmt\"\nfmt.Println(x, os.Getpid() == pid)", "ok")
	if out != "6 true\n" {
		t.Errorf("after the failed build the session prints %q, want 6 true (same process, state kept)", out)
	}

	// A pinned module: the older of two versions.
	out, errText, _ := runCell(t, c, "%go get example.com/pinmod@v1.0.0\nimport \"example.com/pinmod\"\nfmt.Println(pinmod.Version, pinmod.Twice(x), pts[0].Sum(), os.Getpid() == pid)", "ok")
	if !strings.Contains(out, "v1.0.0 12 41 false") {
		t.Errorf("the cell importing pinmod printed %q, want v1.0.0 12 41 false (its stderr: %q)", out, errText)
	}
	t.Logf("the switch said on stderr:\n%s", errText)
	for _, want := range []string{"modules: go build of the evaluator", "moved to an evaluator with example.com/pinmod (built now", "ch (chan int", "fn (func() int", "Goroutines"} {
		if !strings.Contains(errText, want) {
			t.Errorf("the switch's stderr lacks %q:\n%s", want, errText)
		}
	}
	if strings.Contains(errText, "  x ") || strings.Contains(errText, "  pts ") {
		t.Errorf("x or pts named as lost:\n%s", errText)
	}
	out, _, _ = runCell(t, c, "%go mod", "ok")
	if !regexp.MustCompile(`(?m)^The notebook's modules.*\n\s*example.com/pinmod v1.0.0 \(example.com/pinmod\)$`).MatchString(out) {
		t.Errorf("%%go mod prints %q, want example.com/pinmod v1.0.0 first, as the notebook's", out)
	}
	// A lost variable is undefined, loudly.
	if _, _, ev := runCell(t, c, "ch", "error"); !strings.Contains(ev, "undefined: ch") {
		t.Errorf("ch after the switch: %q", ev)
	}

	// A second session in the same folder, with the same module set, reuses the binary.
	c2 := moduleKernel(t, dir, cache, proxy)
	start := time.Now()
	out, errText, _ = runCell(t, c2, "%go get example.com/pinmod@v1.0.0\nimport \"fmt\"\nimport \"example.com/pinmod\"\nfmt.Println(pinmod.Version)", "ok")
	t.Logf("second session: the cell importing pinmod took %v", time.Since(start))
	if out != "example.com/pinmod v1.0.0\nv1.0.0\n" || !strings.Contains(errText, "reused") || strings.Contains(errText, "go build") {
		t.Errorf("second session: stdout %q, stderr %q; want the binary reused", out, errText)
	}

	// A built evaluator that can't start: the session goes on in the evaluator it had, with
	// its definitions restored there.
	bin := regexp.MustCompile(`reused: (\S+peerbook-evaluator)\)`).FindStringSubmatch(errText)
	if bin == nil {
		t.Fatalf("no binary path in %q", errText)
	}
	os.Remove(bin[1]) // the second session's evaluator runs it: replace, don't write over
	if err := os.WriteFile(bin[1], []byte("#!/bin/sh\necho broken >&2\nexit 3\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	c3 := moduleKernel(t, dir, cache, proxy)
	runCell(t, c3, "y := 1\ny += 2", "ok")
	_, _, ev = runCell(t, c3, "%go get example.com/pinmod@v1.0.0\nimport \"example.com/pinmod\"\npinmod.Twice(y)", "error")
	t.Logf("an evaluator that can't start: %s", ev)
	if !strings.Contains(ev, "could not start") || !strings.Contains(ev, "goes on") {
		t.Errorf("an evaluator that can't start: %q", ev)
	}
	if out, _, _ := runCell(t, c3, "import \"fmt\"\nfmt.Println(y)", "ok"); out != "3\n" {
		t.Errorf("after the failed start the session prints %q, want 3", out)
	}
}
