package eval

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/peerbook/peerbook/display"
)

func TestOutputThroughEveryPath(t *testing.T) {
	s := newSession(t)
	_, rec := mustExec(t, s, `import ("fmt"; "io"; "log"; "os")
fmt.Print("1 ")
fmt.Printf("%d ", 2)
fmt.Println(3)
println("4")
print("5\n")
os.Stdout.Write([]byte("6\n"))
os.Stdout.WriteString("7\n")
fmt.Fprintln(os.Stdout, "8")
io.WriteString(os.Stdout, "9\n")
fmt.Fprintln(os.Stderr, "e1")
os.Stderr.WriteString("e2\n")
log.SetFlags(0)
log.Println("e3")
l := log.New(os.Stderr, "pfx ", 0)
l.Print("e4")`)
	// print and println write to standard error, as Go's builtins do.
	if got := rec.stream("stdout"); got != "1 2 3\n6\n7\n8\n9\n" {
		t.Errorf("stdout %q", got)
	}
	if got := rec.stream("stderr"); got != "4\n5\ne1\ne2\ne3\npfx e4\n" {
		t.Errorf("stderr %q", got)
	}
}

func TestOsStdoutIsAFile(t *testing.T) {
	s := newSession(t)
	got, _ := mustExec(t, s, `import ("fmt"; "os")
fmt.Sprintf("%T %T", os.Stdout, os.Stderr)`)
	if got != "*os.File *os.File" {
		t.Errorf("os.Stdout, os.Stderr are %s", got)
	}
}

// answeringRecorder creates the file answer once a stream event holding text arrives.
type answeringRecorder struct {
	recorder
	text, answer string
}

func (r *answeringRecorder) Stream(name, text string) {
	r.recorder.Stream(name, text)
	if strings.Contains(text, r.text) {
		os.WriteFile(r.answer, nil, 0o644)
	}
}

// TestOutputIsStreamedWhileTheCellRuns: the cell prints, then waits until the recorder has
// received what it printed (the recorder answers with a file): were output held until the
// cell ends, the cell would wait forever.
func TestOutputIsStreamedWhileTheCellRuns(t *testing.T) {
	s := newSession(t)
	answer := filepath.Join(t.TempDir(), "seen")
	rec := &answeringRecorder{text: "early", answer: answer}
	done := make(chan error, 1)
	go func() {
		_, err := s.Execute(context.Background(), ExecuteRequest{Code: fmt.Sprintf(`import ("fmt"; "os"; "time")
fmt.Println("early")
for {
	if _, err := os.Stat(%q); err == nil {
		break
	}
	time.Sleep(time.Millisecond)
}
fmt.Println("late")`, answer)}, rec)
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(time.Minute):
		t.Fatalf("the cell waits for its output to be received after a minute: not streamed (events %q)", rec.events)
	}
	if got := rec.stream("stdout"); got != "early\nlate\n" {
		t.Errorf("stdout %q", got)
	}
}

func TestOutputOrderWithDisplay(t *testing.T) {
	s := newSession(t)
	_, rec := mustExec(t, s, `import ("fmt"; "peerbook/display")
fmt.Println("before")
display.Display(display.Text("shown"))
fmt.Println("after")
display.ClearOutput(false)`)
	want := []string{"stdout:before\n", "display:shown", "stdout:after\n", "clear"}
	if got := rec.merged(); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("events %q, want %q", got, want)
	}
}

func TestDisplaySinkIsTheRunningCell(t *testing.T) {
	s := newSession(t)
	rec := &recorder{}
	_, err := s.Execute(context.Background(), ExecuteRequest{Code: `import "github.com/peerbook/peerbook/display"
h := display.Display(42)
h.Update(43)`}, rec)
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.merged(); len(got) != 2 || got[0] != "display:42" || got[1] != "display:43" {
		t.Errorf("display events %q", got)
	}
	// After the cell, displays don't go to its output.
	display.Display("outside")
	if n := len(rec.merged()); n != 2 {
		t.Errorf("a display outside a cell reached the cell's output")
	}
}

func TestStdinAsksTheFrontend(t *testing.T) {
	s := newSession(t)
	rec := &recorder{inputs: []string{"Ada", "36"}}
	res, err := s.Execute(context.Background(), ExecuteRequest{AllowStdin: true, Code: `import ("bufio"; "fmt"; "os")
fmt.Print("Name: ")
r := bufio.NewReader(os.Stdin)
name, _ := r.ReadString('\n')
var age int
fmt.Print("Age: ")
fmt.Scanln(&age)
fmt.Sprintf("%s is %d", name[:len(name)-1], age)`}, rec)
	if err != nil {
		t.Fatal(err)
	}
	if got := valueText(res); got != "Ada is 36" {
		t.Errorf("value %q", got)
	}
	if strings.Join(rec.prompts, "|") != "Name: |Age: " {
		t.Errorf("prompts %q", rec.prompts)
	}
	if got := rec.stream("stdout"); strings.Contains(got, "Name") {
		t.Errorf("the prompt was also streamed: %q", got)
	}
}

func TestStdinWithoutFrontendInputIsEOF(t *testing.T) {
	s := newSession(t)
	rec := &recorder{inputs: []string{"never asked"}}
	res, err := s.Execute(context.Background(), ExecuteRequest{AllowStdin: false, Code: `import ("io"; "os")
_, err := io.ReadAll(os.Stdin)
err == nil`}, rec)
	if err != nil {
		t.Fatal(err)
	}
	if got := valueText(res); got != "true" || len(rec.prompts) != 0 {
		t.Errorf("reading stdin without input: %q, prompts %q", got, rec.prompts)
	}
}

func TestShellCommandOutput(t *testing.T) {
	s := newSession(t)
	_, rec := mustExec(t, s, "!echo from the shell; echo to stderr >&2")
	if got := rec.stream("stdout"); got != "from the shell\n" {
		t.Errorf("stdout %q", got)
	}
	if got := rec.stream("stderr"); got != "to stderr\n" {
		t.Errorf("stderr %q", got)
	}
}

func TestLargeOutput(t *testing.T) {
	s := newSession(t)
	_, rec := mustExec(t, s, `import "fmt"
for i := 0; i < 20000; i++ { fmt.Println(i) }`)
	out := rec.stream("stdout")
	if n := strings.Count(out, "\n"); n != 20000 || !strings.HasSuffix(out, "19999\n") {
		t.Errorf("got %d lines", n)
	}
	if len(rec.events) > 200 {
		t.Errorf("%d stream messages for 20000 lines: output is not batched", len(rec.events))
	}
}
