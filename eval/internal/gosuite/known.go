package gosuite

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strings"
)

// Known lists the programs known to fail, each with its reason.
type Known map[string]KnownFailure

// KnownFailure is one line of the known-failures file.
type KnownFailure struct {
	Silent bool   // the reason starts with SILENT: a wrong answer with status ok
	Class  Class  // the class the reason names after its label ("LOUD timeout: ..."), if any
	Reason string // the whole reason, label included
}

// The labels a reason starts with.
const (
	SilentLabel = "SILENT"
	LoudLabel   = "LOUD"
)

// LoadKnown reads a known-failures file. Each line that is neither blank nor a comment
// ('#') reads
//
//	NAME: LABEL reason
//
// where NAME is a program's name under $GOROOT/test and LABEL is SILENT (the program
// succeeds and prints something else than go run) or LOUD (every other failure: an error,
// a refusal, a timeout, a crash). The reason may name the failure's class next ("LOUD
// timeout: ..."); Compare then checks it. A missing file lists nothing.
func LoadKnown(path string) (Known, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return Known{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("gosuite: open known failures: %w", err)
	}
	defer f.Close()
	known := Known{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, reason, ok := strings.Cut(line, ":")
		name, reason = strings.TrimSpace(name), strings.TrimSpace(reason)
		label, _, _ := strings.Cut(reason, " ")
		label = strings.TrimRight(label, ":")
		if !ok || name == "" || (label != SilentLabel && label != LoudLabel) || len(reason) == len(label) {
			return nil, fmt.Errorf("gosuite: %s:%d: want \"NAME: SILENT|LOUD reason\", got %q", path, n, line)
		}
		if _, dup := known[name]; dup {
			return nil, fmt.Errorf("gosuite: %s:%d: %s is listed twice", path, n, name)
		}
		k := KnownFailure{Silent: label == SilentLabel, Reason: reason}
		if f := strings.Fields(reason); len(f) > 1 {
			for _, c := range Classes {
				if strings.TrimRight(f[1], ":") == string(c) {
					k.Class = c
				}
			}
		}
		known[name] = k
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("gosuite: read known failures: %w", err)
	}
	return known, nil
}

// Report is the comparison of a run with the known failures.
type Report struct {
	Table Table
	// Classes has every program's class, by name.
	Classes map[string]Class
	// Unexpected: programs that failed without being listed.
	Unexpected []string
	// Fixed: listed programs that passed (to unlist).
	Fixed []string
	// Mislabelled: listed programs whose label says SILENT when they failed loudly, or the
	// other way round, or whose reason names another class than the one they failed with.
	Mislabelled []string
	// Details describes each failing program.
	Details map[string]string
}

// Compare classifies each program's result and compares the classes with known.
// results[i] is the result of programs[i].
func Compare(programs []Program, results []Result, known Known) Report {
	rep := Report{Table: Table{}, Classes: map[string]Class{}, Details: map[string]string{}}
	for i, p := range programs {
		c := Classify(p, results[i])
		rep.Table[c]++
		rep.Classes[p.Name] = c
		k, listed := known[p.Name]
		if c == Pass {
			if listed {
				rep.Fixed = append(rep.Fixed, p.Name)
			}
			continue
		}
		rep.Details[p.Name] = Describe(p, results[i], c)
		switch {
		case !listed:
			rep.Unexpected = append(rep.Unexpected, p.Name)
		case k.Silent != (c == Silent), k.Class != "" && k.Class != c:
			rep.Mislabelled = append(rep.Mislabelled, p.Name)
		}
	}
	return rep
}

// Names returns the programs of class c, sorted.
func (r Report) Names(c Class) []string {
	var out []string
	for _, name := range Sorted(r.Classes) {
		if r.Classes[name] == c {
			out = append(out, name)
		}
	}
	return out
}
