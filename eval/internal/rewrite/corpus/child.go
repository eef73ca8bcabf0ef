package corpus

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// childTimeout is how long RunChild gives one snippet.
const childTimeout = 60 * time.Second

// RunChild runs snippet s in a child process, as both corpus tests do (a snippet can crash
// the interpreter): this test binary again, with testArgs, and with the environment
// variable env set to the snippet's absolute path, so that the child runs it and prints
// its output. The child has a minute. The outcome holds what the child wrote to stdout;
// where it failed, its error ends with the last tail lines of the child's stderr.
func RunChild(s Snippet, env string, tail int, testArgs ...string) Outcome {
	ctx, cancel := context.WithTimeout(context.Background(), childTimeout)
	defer cancel()
	path, _ := filepath.Abs(s.Path)
	cmd := exec.CommandContext(ctx, os.Args[0], testArgs...)
	cmd.Env = append(os.Environ(), env+"="+path)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	o := Outcome{Name: s.Name, Got: stdout.String()}
	if err != nil {
		o.Err = fmt.Errorf("%v: %s", err, lastLines(stderr.String(), tail))
	}
	return o
}

// lastLines returns the last n lines of s.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
