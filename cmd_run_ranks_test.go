package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// `peerbook run --ranks 2` runs every cell on both ranks of the real session: text labelled
// by rank, rank 0's value; a rank killed by a cell (a fatal error on rank 1 only) fails
// the cell naming the rank, and with --continue the next cells run in new, empty ranks.
func TestRunRanks(t *testing.T) {
	bin := buildPeerbook(t)
	nb := writeNotebook(t,
		"import (\n\t\"fmt\"\n\t\"sync\"\n\t\"peerbook/gpu\"\n)\nx := 40 + gpu.Rank()\nfmt.Println(\"rank\", gpu.Rank(), \"of\", gpu.Ranks())\nx",
		"var mu sync.Mutex\nif gpu.Rank() == 1 {\n\tmu.Unlock()\n}",
		"x",
	)
	out := filepath.Join(t.TempDir(), "out.ipynb")
	cmd := exec.Command(bin, "run", nb, "--ranks", "2", "--continue", "-o", out)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); !isExitCode(err, 1) {
		t.Fatalf("exit: %v (want status 1)\n%s", err, stderr.String())
	}
	if log := stderr.String(); !strings.Contains(log, "DIED") || !strings.Contains(log, "rank 1 of 2") {
		t.Errorf("stderr:\n%s", log)
	}
	cells := readExecuted(t, out)
	var lines []string
	value := ""
	for _, o := range cells[0].Outputs {
		if o["output_type"] == "stream" && o["name"] == "stdout" {
			lines = append(lines, strings.Split(strings.TrimSuffix(outputText(o), "\n"), "\n")...)
		}
		if o["output_type"] == "execute_result" {
			value = outputText(o)
		}
	}
	slices.Sort(lines)
	if !slices.Equal(lines, []string{"[0] rank 0 of 2", "[1] rank 1 of 2"}) || value != "40" {
		t.Errorf("cell 1: lines %q, value %q", lines, value)
	}
	last := cells[1].Outputs[len(cells[1].Outputs)-1]
	if last["ename"] != "SessionLost" || !strings.Contains(outputText(last), "rank 1 of 2 died (fatal error: sync: unlock of unlocked mutex)") {
		t.Errorf("cell 2: %v", last)
	}
	if len(cells[2].Outputs) != 1 || !strings.Contains(outputText(cells[2].Outputs[0]), "undefined: x") {
		t.Errorf("cell 3 in new ranks: %v", cells[2].Outputs)
	}
}

// The rank flags are checked before any cell runs.
func TestRunRanksFlags(t *testing.T) {
	bin := buildPeerbook(t)
	nb := writeNotebook(t, "1")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--ranks", "0"}, "--ranks 0: want 1 to 64"},
		{[]string{"--ranks", "65"}, "--ranks 65: want 1 to 64"},
		{[]string{"--launcher", "mpirun"}, "needs --ranks 2 or more"},
		{[]string{"--ranks", "2", "--launcher", "pdsh -w x"}, "peerbook knows mpirun (OpenMPI, mpiexec) and srun (Slurm)"},
	} {
		out, err := exec.Command(bin, append([]string{"run", nb}, c.args...)...).CombinedOutput()
		if !isExitCode(err, 1) || !strings.Contains(string(out), c.want) {
			t.Errorf("%q: %v\n%s", c.args, err, out)
		}
	}
}
