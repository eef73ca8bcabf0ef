package modules

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// selfModule is peerbook's module path: a notebook inside peerbook's own tree gets its
// packages from the binary already.
const selfModule = "github.com/peerbook/peerbook"

// localVersion is the version a module replaced by a folder is required at.
const localVersion = "v0.0.0-00010101000000-000000000000"

// project is what the notebook's Go project (a go.work or go.mod in its folder or above)
// adds to the workspace's go.mod.
type project struct {
	file     string    // the go.work or go.mod; "" when there is none
	replaces []replace // folders and versions, as the project's go.mod or go.work says
	locals   []string  // module paths replaced by a folder: required at localVersion
}

// replace is a replace directive.
type replace struct {
	old, oldVersion, new, newVersion string
}

// editArgs are the `go mod edit` flags that add the project to a workspace's go.mod.
func (p *project) editArgs() []string {
	var args []string
	for _, r := range p.replaces {
		old, new := r.old, r.new
		if r.oldVersion != "" {
			old += "@" + r.oldVersion
		}
		if r.newVersion != "" {
			new += "@" + r.newVersion
		}
		args = append(args, "-replace="+old+"="+new)
	}
	for _, m := range p.locals {
		args = append(args, "-require="+m+"@"+localVersion)
	}
	return args
}

// String describes the project for the build key.
func (p *project) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "project %s\n", p.file)
	for _, a := range p.editArgs() {
		fmt.Fprintf(&b, "%s\n", a)
	}
	return b.String()
}

// modFileJSON is what `go mod edit -json` and `go work edit -json` print, in part.
type modFileJSON struct {
	Module  struct{ Path string }
	Use     []struct{ DiskPath string }
	Replace []struct {
		Old, New struct{ Path, Version string }
	}
}

// findProject finds the go.work or go.mod that the go command would use in dir (a go.work
// in dir or above wins, as it does for the go command; else the nearest go.mod) and reads
// it with the go command.
func findProject(ctx context.Context, g *goTool, dir string) (*project, error) {
	p := &project{}
	if dir == "" {
		return p, nil
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("modules: %w", err)
	}
	file := findUp(dir, "go.work")
	if file == "" {
		file = findUp(dir, "go.mod")
	}
	if file == "" {
		return p, nil
	}
	p.file = file
	if filepath.Base(file) == "go.mod" {
		if err := p.addModule(ctx, g, filepath.Dir(file)); err != nil {
			return nil, err
		}
		return p, nil
	}
	w, err := readModFile(ctx, g, "work", file)
	if err != nil {
		return nil, err
	}
	for _, u := range w.Use {
		if err := p.addModule(ctx, g, absFrom(filepath.Dir(file), u.DiskPath)); err != nil {
			return nil, err
		}
	}
	// The go.work's replaces win over its modules' (the go command's rule).
	p.addReplaces(filepath.Dir(file), w)
	return p, nil
}

// addModule adds the module in folder dir: replaced by the folder, required, with its own
// replace directives (which apply only where it is the main module, as the notebook's
// project is).
func (p *project) addModule(ctx context.Context, g *goTool, dir string) error {
	m, err := readModFile(ctx, g, "mod", filepath.Join(dir, "go.mod"))
	if err != nil {
		return err
	}
	if m.Module.Path == selfModule || m.Module.Path == "" {
		return nil
	}
	p.addReplaces(dir, m)
	p.setReplace(replace{old: m.Module.Path, new: dir})
	p.locals = append(p.locals, m.Module.Path)
	return nil
}

// addReplaces adds the replace directives of a go.mod or go.work in folder dir, with
// relative folders made absolute.
func (p *project) addReplaces(dir string, m *modFileJSON) {
	for _, r := range m.Replace {
		if r.Old.Path == selfModule {
			continue
		}
		new := r.New.Path
		if r.New.Version == "" {
			new = absFrom(dir, new)
		}
		p.setReplace(replace{old: r.Old.Path, oldVersion: r.Old.Version, new: new, newVersion: r.New.Version})
	}
}

// setReplace adds r, replacing an earlier directive for the same module and version.
func (p *project) setReplace(r replace) {
	for i, q := range p.replaces {
		if q.old == r.old && q.oldVersion == r.oldVersion {
			p.replaces[i] = r
			return
		}
	}
	p.replaces = append(p.replaces, r)
}

func readModFile(ctx context.Context, g *goTool, kind, file string) (*modFileJSON, error) {
	out, err := g.run(ctx, filepath.Dir(file), kind, "edit", "-json", file)
	if err != nil {
		return nil, fmt.Errorf("modules: read %s: %w", file, err)
	}
	var m modFileJSON
	if err := json.Unmarshal(out, &m); err != nil {
		return nil, fmt.Errorf("modules: read %s: go %s edit -json: %w", file, kind, err)
	}
	return &m, nil
}

// findUp returns the path of name in dir or the nearest folder above it, or "".
func findUp(dir, name string) string {
	for {
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			return p
		}
		up := filepath.Dir(dir)
		if up == dir {
			return ""
		}
		dir = up
	}
}

// absFrom makes a folder path of a go.mod or go.work in dir absolute.
func absFrom(dir, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(dir, p)
}
