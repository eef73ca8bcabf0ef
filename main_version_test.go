package main

import (
	"bytes"
	"errors"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

// The report names peerbook's build, then the evaluator's as it says it (indented), and
// warns when the two were built from different revisions.
func TestVersionReport(t *testing.T) {
	bi := &debug.BuildInfo{Main: debug.Module{Path: "github.com/peerbook/peerbook", Version: "v1.4.0"}, Settings: []debug.BuildSetting{
		{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"},
		{Key: "vcs.time", Value: "2026-12-01T10:00:00Z"}, {Key: "vcs.modified", Value: "true"},
	}}
	ev := evaluatorReport{path: "/opt/pb/peerbook-evaluator", report: "peerbook-evaluator v1.4.0 (go1.26 linux/amd64)\n" +
		"source:      git revision 0123456789abcdef0123456789abcdef01234567, 2026-12-01T10:00:00Z\nCUDA driver: supports CUDA 13.0, libcuda.so.1\n"}
	got := versionReport(bi, ev)
	for _, want := range []string{
		"peerbook v1.4.0 (go", "module:      github.com/peerbook/peerbook v1.4.0\n",
		"source:      git revision 0123456789abcdef0123456789abcdef01234567, 2026-12-01T10:00:00Z, with uncommitted changes\n",
		"evaluator:   /opt/pb/peerbook-evaluator\n  peerbook-evaluator v1.4.0 (go1.26 linux/amd64)\n", "\n  CUDA driver: supports CUDA 13.0, libcuda.so.1\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the report lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "warning") {
		t.Errorf("a warning for builds of one revision:\n%s", got)
	}
	bi.Main.Version = "(devel)"
	ev.report = strings.Replace(ev.report, "0123456789abcdef", "fedcba9876543210", 1)
	got = versionReport(bi, ev)
	for _, want := range []string{"peerbook devel-0123456789ab (go", "warning: peerbook and its evaluator were built from different revisions (0123456789ab, fedcba987654)"} {
		if !strings.Contains(got, want) {
			t.Errorf("the report lacks %q:\n%s", want, got)
		}
	}
	got = versionReport(bi, evaluatorReport{path: "/opt/pb/peerbook-evaluator", err: errors.New("peerbook-evaluator --version failed: no such file")})
	if !strings.Contains(got, "evaluator:   /opt/pb/peerbook-evaluator\n  peerbook-evaluator --version failed: no such file\n") {
		t.Errorf("the report of a missing evaluator:\n%s", got)
	}
}

// `peerbook version` says what the Go toolchain stamped into the binary (go version -m),
// and what it found of CUDA.
func TestVersionCommand(t *testing.T) {
	bin := buildPeerbook(t)
	out, err := exec.Command(bin, "version").Output()
	if err != nil {
		t.Fatal(err)
	}
	stamps, err := exec.Command("go", "version", "-m", bin).Output()
	if err != nil {
		t.Fatal(err)
	}
	rev := ""
	for _, l := range strings.Split(string(stamps), "\n") {
		if f := strings.Fields(l); len(f) == 2 && f[0] == "build" && strings.HasPrefix(f[1], "vcs.revision=") {
			rev = strings.TrimPrefix(f[1], "vcs.revision=")
		}
	}
	if rev != "" && strings.Count(string(out), "revision "+rev) != 2 {
		t.Errorf("go version -m has revision %s; peerbook version does not say it of both binaries:\n%s", rev, out)
	}
	if rev == "" && !strings.Contains(string(out), "no VCS revision stamped") {
		t.Errorf("no revision stamped; peerbook version says:\n%s", out)
	}
	for _, want := range []string{"module:      github.com/peerbook/peerbook", "\nevaluator:   " + filepath.Join(filepath.Dir(bin), "peerbook-evaluator") + "\n",
		"\n  peerbook-evaluator ", "\n  CUDA driver: ", "\n  NVRTC:       "} {
		if !strings.Contains(string(out), want) {
			t.Errorf("peerbook version lacks %q:\n%s", want, out)
		}
	}
}

// `peerbook help nope` lists the commands, as an unknown command does; the flags are
// listed as the usage spells them.
func TestHelp(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := mainStatus([]string{"help", "nope"}, &stdout, &stderr); code != 2 {
		t.Errorf("help nope: exit %d", code)
	}
	var unknown bytes.Buffer
	mainStatus([]string{"nope"}, &stdout, &unknown)
	if stderr.String() != unknown.String() || !strings.Contains(stderr.String(), "  run ") {
		t.Errorf("help nope:\n%s\nunknown command:\n%s", stderr.String(), unknown.String())
	}
	stdout.Reset()
	if code := mainStatus([]string{"help", "run"}, &stdout, &stderr); code != 0 {
		t.Errorf("help run: exit %d", code)
	}
	help := stdout.String()
	for _, want := range []string{"[--html OUT.html]", "\n  --html string\n", "\n  -o string\n", "\n  --continue\n", "\n  -q\n"} {
		if !strings.Contains(help, want) {
			t.Errorf("help run lacks %q:\n%s", want, help)
		}
	}
	if strings.Contains(help, "\n  -html") {
		t.Errorf("help run spells --html two ways:\n%s", help)
	}
}
