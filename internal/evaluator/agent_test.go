package evaluator

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/internal/ranknet"
	"github.com/peerbook/peerbook/internal/ranks"
)

// The agent reads its rank from whichever launcher started it.
func TestLauncherPosition(t *testing.T) {
	for _, c := range []struct {
		env        map[string]string
		rank, size int
		err        string
	}{
		{map[string]string{"OMPI_COMM_WORLD_RANK": "3", "OMPI_COMM_WORLD_SIZE": "4"}, 3, 4, ""},
		{map[string]string{"PMI_RANK": "1", "PMI_SIZE": "2"}, 1, 2, ""},
		{map[string]string{"SLURM_PROCID": "0", "SLURM_NTASKS": "8"}, 0, 8, ""},
		{map[string]string{ranks.EnvRank: "1", ranks.EnvRanks: "2"}, 1, 2, ""},
		{map[string]string{"OMPI_COMM_WORLD_RANK": "4", "OMPI_COMM_WORLD_SIZE": "4"}, 0, 0, "not a rank"},
		{map[string]string{"SLURM_PROCID": "x", "SLURM_NTASKS": "2"}, 0, 0, "not a rank"},
		{map[string]string{}, 0, 0, "start it through mpirun or srun"},
	} {
		r, s, err := launcherPosition(func(k string) string { return c.env[k] })
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%v: %d %d %v, want an error with %q", c.env, r, s, err, c.err)
			}
			continue
		}
		if err != nil || r != c.rank || s != c.size {
			t.Errorf("%v: %d of %d, %v", c.env, r, s, err)
		}
	}
}

// The evaluator's environment has the rank's position and not the connection's
// variables: cells never see the session's key.
func TestAgentEnvDropsTheKey(t *testing.T) {
	env := agentEnv([]string{"A=1", ranknet.EnvKey + "=abc", ranknet.EnvConnect + "=h:1", ranknet.EnvSession + "=s", ranks.EnvRank + "=9"}, 1, 2, "/d")
	want := []string{"A=1", ranks.EnvRank + "=1", ranks.EnvRanks + "=2", ranks.EnvLocalDir + "=/d"}
	if !slices.Equal(env, want) {
		t.Errorf("env %q, want %q", env, want)
	}
}

// The ranks' directory: the kernel's where this host has it private, else one made here,
// shared by the session's ranks of this host; anything else is refused.
func TestRankDir(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	own := filepath.Join(t.TempDir(), "d")
	os.Mkdir(own, 0o700)
	if d, made, err := rankDir(own, "s1"); err != nil || d != own || made {
		t.Errorf("the kernel's directory: %q %v %v", d, made, err)
	}
	d, made, err := rankDir("/nonexistent/dir", "s1")
	if err != nil || !made || filepath.Base(d) != "peerbook-ranks-s1" {
		t.Fatalf("made here: %q %v %v", d, made, err)
	}
	if fi, _ := os.Stat(d); fi.Mode().Perm() != 0o700 {
		t.Errorf("mode %v", fi.Mode())
	}
	if d2, made, err := rankDir("", "s1"); err != nil || d2 != d || made {
		t.Errorf("a second rank of the host: %q %v %v", d2, made, err)
	}
	open := filepath.Join(os.TempDir(), "peerbook-ranks-s2")
	os.Mkdir(open, 0o755)
	os.Chmod(open, 0o755)
	if _, _, err := rankDir("", "s2"); err == nil || !strings.Contains(err.Error(), "not a private directory") {
		t.Errorf("a directory others can enter: %v", err)
	}
	if _, _, err := rankDir("", "../x"); err == nil {
		t.Error("a session name with a path in it was used")
	}
}
