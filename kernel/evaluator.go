package kernel

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// EvaluatorName is the file name of the evaluator command (internal/cmd/peerbook-evaluator),
// which the kernel and `peerbook run` start beside the peerbook executable. The kernel
// process is a binary of its own that links no interpreter, GPU or plotting code; cells run
// in the evaluator (docs/ARCHITECTURE.md, "Process model").
const EvaluatorName = "peerbook-evaluator"

// EvaluatorEnv names the environment variable that, when set, is the evaluator binary to
// start instead of the one beside the executable.
const EvaluatorEnv = "PEERBOOK_EVALUATOR"

// DefaultEvaluator returns the evaluator binary a session starts when its config names
// none: $PEERBOOK_EVALUATOR when set, else peerbook-evaluator in the folder of this
// executable. The file may be missing: starting it then fails saying how to build it.
func DefaultEvaluator() (string, error) {
	if p := os.Getenv(EvaluatorEnv); p != "" {
		return p, nil
	}
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("find the peerbook executable, beside which %s is: %w", EvaluatorName, err)
	}
	if resolved, err := filepath.EvalSymlinks(exe); err == nil {
		exe = resolved // a link to peerbook in a bin folder: the evaluator is beside the binary
	}
	return filepath.Join(filepath.Dir(exe), EvaluatorName), nil
}

// evaluatorCommand is argv, or by default the evaluator binary DefaultEvaluator names.
func evaluatorCommand(argv []string) ([]string, error) {
	if len(argv) > 0 {
		return argv, nil
	}
	p, err := DefaultEvaluator()
	if err != nil {
		return nil, err
	}
	return []string{p}, nil
}

// evaluatorStartError is the error of an evaluator binary that did not start: a missing one says
// how to build it.
func evaluatorStartError(bin string, err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("start the evaluator: %s does not exist (cells run in %s, a binary beside peerbook: bash install/setup.sh builds both, "+
			"or `go build -o DIR/ ./internal/cmd/%s` in peerbook's source puts it in peerbook's folder DIR; $%s names another): %w",
			bin, EvaluatorName, EvaluatorName, EvaluatorEnv, err)
	}
	return fmt.Errorf("start evaluator %s: %w", bin, err)
}
