package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/peerbook/peerbook/internal/notebook"
	"github.com/peerbook/peerbook/internal/svgtest"
)

// promised lists, for each tutorial, the rich outputs it must show (MIME types that some
// output of the executed notebook carries) besides text.
var promised = map[string][]string{
	"01-getting-started.ipynb":        {"text/markdown", "image/svg+xml", "text/html"},
	"02-peer-buffers.ipynb":           {"text/html"},
	"03-topology-and-bandwidth.ipynb": {"text/html", "image/svg+xml"},
	"04-go-kernels.ipynb":             {},
	"05-cuda-kernels.ipynb":           {"text/html"},
	"06-go-modules.ipynb":             {},
	"07-ranks.ipynb":                  {"image/svg+xml"},
}

// shown lists, for some tutorials, text that some output of the executed notebook must
// contain: what a cell demonstrates, so that a demonstration that stopped working fails.
var shown = map[string][]string{
	"02-peer-buffers.ipynb": {"has no host-native atomics (CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED = 0, host link PCIe)",
		"added through GPU0; old value 0 <nil>", "counter: 1 <nil>"},
	"06-go-modules.ipynb": {"12 links: mean", "GPU3 sends out up to"},
	"07-ranks.ipynb": {"[0] rank 0 of 2", "[1] rank 1 of 2", "[0] rank 0 reads rank 1's buffer: [101 101",
		"[1] rank 1: 0 of 100 hand-offs from rank 0 delivered wrong data", "hand-offs delivered stale data",
		"[0] rank 0: by hand and collective differ in 0 of 16384 values", "[1] rank 1: by hand and collective differ in 0 of 16384 values",
		"the ranks asked for different buffers", "[1] 1"},
}

// multiline returns a notebook's multiline string, which nbformat stores as a string or a
// list of lines.
func multiline(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case []any:
		var b strings.Builder
		for _, l := range x {
			s, _ := l.(string)
			b.WriteString(s)
		}
		return b.String()
	}
	return ""
}

// buildPeerbook returns the path of the peerbook command, built once per test run with its
// evaluator (peerbook-evaluator, beside it) into a temporary directory that TestMain
// removes; $PEERBOOK_BIN names one built already, its evaluator beside it (install/test.sh
// builds both with -cover).
func buildPeerbook(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("PEERBOOK_BIN"); p != "" {
		return p
	}
	builtOnce.Do(func() {
		builtDir, builtErr = os.MkdirTemp("", "peerbook-test-bin-")
		if builtErr != nil {
			return
		}
		bin := filepath.Join(builtDir, "peerbook")
		if out, err := exec.Command("go", "build", "-o", builtDir+"/", ".", "./internal/cmd/peerbook-evaluator").CombinedOutput(); err != nil {
			builtErr = fmt.Errorf("go build: %v\n%s", err, out)
			return
		}
		builtBin = bin
	})
	if builtErr != nil {
		t.Fatal(builtErr)
	}
	return builtBin
}

var (
	builtOnce          sync.Once
	builtDir, builtBin string
	builtErr           error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if builtDir != "" {
		os.RemoveAll(builtDir)
	}
	os.Exit(code)
}

func tutorials(t *testing.T) []string {
	t.Helper()
	nbs, err := filepath.Glob("notebooks/*.ipynb")
	if err != nil || len(nbs) == 0 {
		t.Fatalf("no tutorials found: %v", err)
	}
	for _, nb := range nbs {
		if _, ok := promised[filepath.Base(nb)]; !ok {
			t.Errorf("%s: add what it promises to show to the table in notebooks_test.go", nb)
		}
	}
	return nbs
}

// checkExecuted fails the test for any error output, and for promised rich outputs missing.
func checkExecuted(t *testing.T, path string, promise []string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var nb struct {
		Cells []struct {
			CellType string           `json:"cell_type"`
			Source   any              `json:"source"`
			Outputs  []map[string]any `json:"outputs"`
		} `json:"cells"`
	}
	if err := json.Unmarshal(data, &nb); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	seen := map[string]bool{}
	var outText strings.Builder // the text of every output, for shown
	code := 0
	for i, c := range nb.Cells {
		if c.CellType != "code" {
			continue
		}
		code++
		for _, o := range c.Outputs {
			outText.WriteString(notebook.JoinText(o["text"]))
			if d, ok := o["data"].(map[string]any); ok {
				outText.WriteString(notebook.JoinText(d["text/plain"]))
			}
			switch o["output_type"] {
			case "error":
				t.Errorf("%s: cell %d failed: %v: %v", path, i+1, o["ename"], o["evalue"])
			case "stream":
				if text, _ := o["text"].(string); o["name"] == "stderr" && strings.Contains(text, "panic") {
					t.Errorf("%s: cell %d wrote a panic on stderr: %s", path, i+1, text)
				}
			}
			if d, ok := o["data"].(map[string]any); ok {
				for mime := range d {
					seen[mime] = true
				}
				checkPictures(t, fmt.Sprintf("%s: cell %d", path, i+1), d)
				checkPNG(t, fmt.Sprintf("%s: cell %d", path, i+1), d)
			}
		}
	}
	if code == 0 {
		t.Errorf("%s: no code cells", path)
	}
	for _, want := range shown[filepath.Base(path)] {
		if !strings.Contains(outText.String(), want) {
			t.Errorf("%s: no output shows %q", path, want)
		}
	}
	for _, mime := range promise {
		if !seen[mime] {
			t.Errorf("%s: promises %s output, shows none", path, mime)
		}
	}
}

// checkPictures fails for text that reaches outside its picture in the SVG of an output,
// standalone or inside its HTML, measured with the font the pictures name.
func checkPictures(t *testing.T, where string, data map[string]any) {
	t.Helper()
	var svgs []string
	if s := textOf(data["image/svg+xml"]); s != "" {
		svgs = append(svgs, s)
	}
	for h := textOf(data["text/html"]); ; {
		i := strings.Index(h, "<svg")
		if i < 0 {
			break
		}
		j := strings.Index(h[i:], "</svg>")
		if j < 0 {
			break
		}
		svgs = append(svgs, h[i:i+j+len("</svg>")])
		h = h[i+j:]
	}
	for _, svg := range svgs {
		outside, err := svgtest.Outside(svg)
		if err != nil {
			t.Errorf("%s: a picture this test can't read: %v", where, err)
		}
		for _, o := range outside {
			t.Errorf("%s: %s", where, o)
		}
	}
}

// checkPNG fails for an output that shows a picture (an SVG, standalone or in its HTML, or
// an image in its HTML) without a PNG of it: front ends that show no SVG or scripts
// (untrusted notebooks, GitHub) would show text instead.
func checkPNG(t *testing.T, where string, data map[string]any) {
	t.Helper()
	h := textOf(data["text/html"])
	if _, svg := data["image/svg+xml"]; !svg && !strings.Contains(h, "<svg") && !strings.Contains(h, "data:image/") {
		return
	}
	raw, err := base64.StdEncoding.DecodeString(strings.TrimSpace(textOf(data["image/png"])))
	if err != nil || len(raw) == 0 {
		t.Errorf("%s: a picture without a PNG beside it (%v)", where, err)
		return
	}
	if _, err := png.Decode(bytes.NewReader(raw)); err != nil {
		t.Errorf("%s: its PNG doesn't decode: %v", where, err)
	}
}

// textOf reads a MIME bundle's text: a string or a list of lines.
func textOf(v any) string {
	switch t := v.(type) {
	case string:
		return t
	case []any:
		var b strings.Builder
		for _, l := range t {
			s, _ := l.(string)
			b.WriteString(s)
		}
		return b.String()
	}
	return ""
}

// Every tutorial runs headlessly with `peerbook run`, without an error, showing what it
// promises; the HTML page is written too.
func TestTutorialsRunHeadless(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every tutorial: skipped with -short")
	}
	bin := buildPeerbook(t)
	for _, nb := range tutorials(t) {
		name := filepath.Base(nb)
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, name)
			page := filepath.Join(dir, strings.TrimSuffix(name, ".ipynb")+".html")
			cmd := exec.Command(bin, "run", nb, "-o", out, "--html", page, "--timeout", "5m")
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			start := time.Now()
			if err := cmd.Run(); err != nil {
				t.Fatalf("peerbook run %s: %v\n%s", nb, err, stderr.String())
			}
			t.Logf("%s ran in %v", name, time.Since(start).Round(time.Millisecond))
			checkExecuted(t, out, promised[name])
			checkClaims(t, out, stderr.String())
			html, err := os.ReadFile(page)
			if err != nil || !bytes.Contains(html, []byte("<html")) {
				t.Errorf("no HTML page: %v", err)
			}
		})
	}
}

// kernelLogLine is a line of the kernel's log ("peerbook: 2026/12/03 13:00:00 ...").
var kernelLogLine = regexp.MustCompile(`(?m)^peerbook: \d{4}/\d\d/\d\d `)

// Every tutorial also runs through Jupyter itself: nbconvert --execute with the installed
// kernelspec, as a user's Jupyter would run it.
func TestTutorialsRunInJupyter(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every tutorial through Jupyter: skipped with -short")
	}
	jupyter, err := exec.LookPath("jupyter")
	if err != nil {
		t.Skip("jupyter is not installed (install/test.sh installs jupyter-nbconvert)")
	}
	if err := exec.Command(jupyter, "nbconvert", "--version").Run(); err != nil {
		t.Skip("jupyter nbconvert is not installed (install/test.sh installs jupyter-nbconvert)")
	}
	bin := buildPeerbook(t)
	prefix := t.TempDir()
	if out, err := exec.Command(bin, "install", "--prefix", prefix, "--name", "peerbook-test").CombinedOutput(); err != nil {
		t.Fatalf("peerbook install: %v\n%s", err, out)
	}
	env := append(os.Environ(),
		"JUPYTER_PATH="+filepath.Join(prefix, "share", "jupyter"),
		"JUPYTER_DATA_DIR="+t.TempDir(), "JUPYTER_RUNTIME_DIR="+t.TempDir(),
		"PEERBOOK_HISTORY=none", "PEERBOOK_DEBUG=")
	for _, nb := range tutorials(t) {
		name := filepath.Base(nb)
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			cmd := exec.Command(jupyter, "nbconvert", "--to", "notebook", "--execute",
				"--ExecutePreprocessor.kernel_name=peerbook-test", "--ExecutePreprocessor.timeout=300",
				"--output-dir", dir, nb)
			cmd.Env = env
			start := time.Now()
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("nbconvert --execute %s: %v\n%s", nb, err, out)
			}
			// The kernel's log (its stderr, which nbconvert passes on) is off unless
			// PEERBOOK_DEBUG is set.
			if kernelLogLine.Match(out) {
				t.Errorf("the kernel logged on the terminal:\n%s", out)
			}
			t.Logf("%s ran in Jupyter in %v", name, time.Since(start).Round(time.Millisecond))
			checkExecuted(t, filepath.Join(dir, name), promised[name])
			checkClaims(t, filepath.Join(dir, name), "") // (nbconvert shows no terminal progress)
		})
	}
}

// claims are, for each tutorial, checks of what its prose says, on the executed notebook's
// cells (by id) and the terminal output of `peerbook run`.
var claims = map[string]func(t *testing.T, cells map[string]tutorialCell, log string){
	// "Copies and kernels at the same time": a copy runs while the kernel does.
	"03-topology-and-bandwidth.ipynb": func(t *testing.T, cells map[string]tutorialCell, log string) {
		ops := timedOps(t, cells["045d8e86"].text())
		var kernel *timedOp
		for i := range ops {
			if ops[i].kind == "kernel" {
				kernel = &ops[i]
			}
		}
		if kernel == nil {
			t.Fatalf("the overlap cell lists no kernel:\n%s", cells["045d8e86"].text())
		}
		overlapping := 0
		for _, op := range ops {
			if op.kind == "copy" && op.start < kernel.end && op.end > kernel.start {
				overlapping++
			}
		}
		if overlapping == 0 {
			t.Errorf("no copy overlaps the kernel (%v .. %v):\n%s", kernel.start, kernel.end, cells["045d8e86"].text())
		}
	},
	// "The CUDA it becomes": the kernel's translation, not ~300 lines of runtime.
	"04-go-kernels.ipynb": func(t *testing.T, cells map[string]tutorialCell, log string) {
		src := cells["c08"].text()
		if !strings.Contains(src, `extern "C" __global__ void saxpy(`) || !strings.Contains(src, "// ... the gokernel runtime: ") || strings.Count(src, "\n") > 40 {
			t.Errorf("the CUDA cell shows %d lines:\n%s", strings.Count(src, "\n"), src)
		}
		if n := strings.Count(log, "\n"); n > 100 {
			t.Errorf("peerbook run printed %d lines:\n%s", n, log)
		}
	},
	// Modules work in Jupyter and in peerbook run, and so do their generic functions.
	"06-go-modules.ipynb": func(t *testing.T, cells map[string]tutorialCell, log string) {
		if got := cells["go-modules-8"].text(); !strings.Contains(got, "link speeds (GB/s): [11.9 19.9 24.9]; the fastest: 24.9") {
			t.Errorf("lo.Map, lo.Uniq and lo.Max: %q", got)
		}
		for id, c := range cells {
			if c.CellType == "markdown" && (strings.Contains(c.source(), "not available yet") || strings.Contains(c.source(), "Not yet")) {
				t.Errorf("cell %s says something is not available yet:\n%s", id, c.source())
			}
		}
	},
}

// tutorialCell is a cell of an executed notebook.
type tutorialCell struct {
	CellType string           `json:"cell_type"`
	ID       string           `json:"id"`
	Source   any              `json:"source"`
	Outputs  []map[string]any `json:"outputs"`
}

func (c tutorialCell) source() string { return multiline(c.Source) }

// text is what the cell printed and showed as text, in order.
func (c tutorialCell) text() string {
	var b strings.Builder
	for _, o := range c.Outputs {
		b.WriteString(notebook.JoinText(o["text"]))
		if d, ok := o["data"].(map[string]any); ok {
			b.WriteString(notebook.JoinText(d["text/plain"]))
		}
	}
	return b.String()
}

// checkClaims checks what a tutorial's prose claims (claims), and what every run's terminal
// output promises: each cell named by a line that says what it does (not `import (`, not a
// comment).
func checkClaims(t *testing.T, path, log string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var nb struct {
		Cells []tutorialCell `json:"cells"`
	}
	if err := json.Unmarshal(data, &nb); err != nil {
		t.Fatal(err)
	}
	cells := map[string]tutorialCell{}
	for _, c := range nb.Cells {
		cells[c.ID] = c
	}
	for _, l := range strings.Split(log, "\n") {
		if h := cellHeader.FindStringSubmatch(l); h != nil && (strings.HasPrefix(h[1], "import (") || strings.HasPrefix(h[1], "//")) {
			t.Errorf("a cell's line on the terminal: %q", l)
		}
	}
	if check := claims[filepath.Base(path)]; check != nil {
		check(t, cells, log)
	}
}

// cellHeader is a cell's line in the terminal output of peerbook run: "[2/12] x := 1".
var cellHeader = regexp.MustCompile(`^\[\d+/\d+\] (.*)$`)

// timedOp is a line of a timeline's operations as tutorial 03 prints them:
// "copy   H2D   on GPU0 stream 2   111.734µs ..  243.159µs".
type timedOp struct {
	kind       string
	start, end time.Duration
}

var timedOpLine = regexp.MustCompile(`(?m)^(kernel|copy)\s.*?\s(\S+)\s+\.\.\s+(\S+)\s*$`)

func timedOps(t *testing.T, text string) []timedOp {
	t.Helper()
	var out []timedOp
	for _, m := range timedOpLine.FindAllStringSubmatch(text, -1) {
		start, err1 := time.ParseDuration(m[2])
		end, err2 := time.ParseDuration(m[3])
		if err1 != nil || err2 != nil {
			t.Fatalf("a timeline line that does not parse: %q", m[0])
		}
		out = append(out, timedOp{m[1], start, end})
	}
	return out
}
