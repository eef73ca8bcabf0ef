// Package buildinfo says what a peerbook binary was built from, for `peerbook version` and
// `peerbook-evaluator --version`: its version, module and source revision, as the go command
// stamped them (go version -m).
package buildinfo

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

// Version is the version of the build bi describes: stamped when set (go build -ldflags
// "-X main.version=v1.2.3"), else its module version, else "devel-" and its VCS revision's
// first 12 digits, else "devel".
func Version(bi *debug.BuildInfo, stamped string) string {
	if stamped != "" {
		return stamped
	}
	if bi != nil {
		if v := bi.Main.Version; v != "" && v != "(devel)" {
			return v
		}
		if rev := Revision(bi); len(rev) >= 12 {
			return "devel-" + rev[:12]
		}
	}
	return "devel"
}

// Revision is the VCS revision bi was built from; "" when none was stamped.
func Revision(bi *debug.BuildInfo) string {
	if bi == nil {
		return ""
	}
	for _, s := range bi.Settings {
		if s.Key == "vcs.revision" {
			return s.Value
		}
	}
	return ""
}

// Report is the first lines of a version report: "NAME VERSION (go1.26 linux/amd64)", then
// the module and the source revision bi records (nil: none).
func Report(name string, bi *debug.BuildInfo, stamped string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s (%s %s/%s)\n", name, Version(bi, stamped), runtime.Version(), runtime.GOOS, runtime.GOARCH)
	if bi == nil {
		return b.String()
	}
	mod := bi.Main.Path
	if v := bi.Main.Version; v != "" {
		mod += " " + v
	}
	if mod != "" {
		fmt.Fprintf(&b, "module:      %s\n", mod)
	}
	settings := map[string]string{}
	for _, s := range bi.Settings {
		settings[s.Key] = s.Value
	}
	if rev := settings["vcs.revision"]; rev != "" {
		line := settings["vcs"] + " revision " + rev
		if t := settings["vcs.time"]; t != "" {
			line += ", " + t
		}
		if settings["vcs.modified"] == "true" {
			line += ", with uncommitted changes"
		}
		fmt.Fprintf(&b, "source:      %s\n", strings.TrimSpace(line))
	} else {
		b.WriteString("source:      no VCS revision stamped (built outside a repository, or with -buildvcs=false)\n")
	}
	return b.String()
}
