package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// install/setup.sh installs the Jupyter frontend the README tells a newcomer to start
// (`jupyter notebook`: Debian's jupyter-notebook package), and that package exists in
// this machine's Debian repositories (there is no JupyterLab package to install).
func TestSetupInstallsTheJupyterTheReadmeNames(t *testing.T) {
	setup, err := os.ReadFile("install/setup.sh")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(setup), "need_debian_packages jupyter-notebook") {
		t.Error("install/setup.sh does not install Debian's jupyter-notebook")
	}
	if !strings.Contains(string(readme), "\njupyter notebook ") || !strings.Contains(string(readme), "`jupyter-notebook` package, which `setup.sh` installs") {
		t.Error("the README does not start the Jupyter that setup.sh installs")
	}
	if strings.Contains(string(readme), "jupyter lab\n") {
		t.Error("the README starts JupyterLab, which nothing installs")
	}
	if err := exec.Command("bash", "-n", "install/setup.sh").Run(); err != nil {
		t.Errorf("install/setup.sh does not parse: %v", err)
	}
	policy, err := exec.Command("apt-cache", "policy", "jupyter-notebook").Output()
	if err != nil {
		t.Skipf("no apt-cache here to check that Debian has jupyter-notebook: %v", err)
	}
	if !strings.Contains(string(policy), "Candidate:") || strings.Contains(string(policy), "Candidate: (none)") {
		t.Errorf("Debian's repositories here have no jupyter-notebook:\n%s", policy)
	}
}
