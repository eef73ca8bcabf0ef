package cudasrc

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Diagnostic is one message of a compiler log.
type Diagnostic struct {
	File     string // "cell[3]", PreludeFile, or "" where the message has no position
	Line     int    // 0 where the message has no position
	Severity string // "error", "warning", "remark", "note", "catastrophic error", ...
	Message  string
}

func (d Diagnostic) String() string {
	if d.File == "" {
		return fmt.Sprintf("%s: %s", d.Severity, d.Message)
	}
	return fmt.Sprintf("%s:%d: %s: %s", d.File, d.Line, d.Severity, d.Message)
}

// CompileError is a failed compilation: the compiler's log, mapped to the cell's lines.
type CompileError struct {
	File        string
	Log         string // the whole log, positions written file:line
	Diagnostics []Diagnostic
}

func (e *CompileError) Error() string {
	var errs []string
	for _, d := range e.Diagnostics {
		if strings.Contains(d.Severity, "error") {
			errs = append(errs, d.String())
		}
	}
	log := CleanLog(e.Log)
	if len(errs) == 0 {
		if log == "" {
			log = "the compiler gave no reason"
		}
		return fmt.Sprintf("compiling %s failed:\n%s", e.File, log)
	}
	summary := strings.Join(errs, "\n")
	if log == summary {
		return fmt.Sprintf("compiling %s failed:\n%s", e.File, summary)
	}
	return fmt.Sprintf("compiling %s failed:\n%s\n\n%s", e.File, summary, log)
}

// nvrtcBoilerplate are lines of NVRTC logs that say nothing about the cell: the hint on
// suppressing warnings and the error count.
var nvrtcBoilerplate = regexp.MustCompile(`^(Remark: The warnings can be suppressed with .*|\d+ errors? detected in the compilation of .*)$`)

// CleanLog drops NVRTC's boilerplate lines from a log (the hint on suppressing warnings,
// "N errors detected in the compilation of ..."), the blank lines they leave, and the
// surrounding space: what is left is the diagnostics with their source lines and carets.
func CleanLog(log string) string {
	lines := strings.Split(log, "\n")
	out := lines[:0]
	for _, l := range lines {
		if nvrtcBoilerplate.MatchString(strings.TrimSpace(l)) {
			continue
		}
		if strings.TrimSpace(l) == "" && len(out) > 0 && strings.TrimSpace(out[len(out)-1]) == "" {
			continue
		}
		out = append(out, strings.TrimRight(l, "\r"))
	}
	return strings.TrimSpace(strings.Join(out, "\n"))
}

// NVRTC writes positions as "file(LINE): severity: message".
var nvrtcPosition = regexp.MustCompile(`^([^\s(][^()]*)\((\d+)\): ((?:catastrophic )?(?:error|warning|remark|note|fatal error)[^:]*): ?(.*)$`)

// MapLog rewrites the positions of an NVRTC log the way compilers print them
// ("cell[3]:7: error: ..."); the #line directive of Assemble already gave them the cell's
// file name and line numbers. Positions in the program itself (no #line applied) are moved
// back past the prelude.
func (p Program) MapLog(log string) string {
	lines := strings.Split(log, "\n")
	for i, l := range lines {
		m := nvrtcPosition.FindStringSubmatch(strings.TrimRight(l, "\r"))
		if m == nil {
			lines[i] = strings.ReplaceAll(l, `compilation of "`+programName(p)+`"`, `compilation of "`+p.File+`"`)
			continue
		}
		file, line := p.position(m[1], m[2])
		lines[i] = fmt.Sprintf("%s:%d: %s: %s", file, line, m[3], m[4])
	}
	return strings.Join(lines, "\n")
}

// position maps a file and line as NVRTC gives them.
func (p Program) position(file, lineText string) (string, int) {
	line, _ := strconv.Atoi(lineText)
	if file == programName(p) && file != p.File {
		// A line before the #line directive: the prelude's, or ones Assemble added.
		return PreludeFile, line
	}
	return file, line
}

// programName is the name the program is given to NVRTC: its diagnostics use it for lines
// that no #line directive renamed.
func programName(p Program) string { return p.File + ".cu" }

// ProgramName is the name to give NVRTC for p (nvrtcCreateProgram).
func (p Program) ProgramName() string { return programName(p) }

// ParseDiagnostics reads the messages of a log mapped by MapLog.
func ParseDiagnostics(log string) []Diagnostic {
	var out []Diagnostic
	for _, l := range strings.Split(log, "\n") {
		l = strings.TrimRight(l, "\r")
		if d, ok := parseDiagnostic(l); ok {
			out = append(out, d)
		}
	}
	return out
}

var mappedPosition = regexp.MustCompile(`^([^\s:][^:]*):(\d+): ((?:catastrophic )?(?:error|warning|remark|note|fatal error)[^:]*): ?(.*)$`)

var unpositioned = regexp.MustCompile(`^(?:nvrtc: )?((?:catastrophic )?(?:error|warning|fatal error)[^:]*): ?(.*)$`)

func parseDiagnostic(l string) (Diagnostic, bool) {
	if m := mappedPosition.FindStringSubmatch(l); m != nil {
		line, _ := strconv.Atoi(m[2])
		return Diagnostic{File: m[1], Line: line, Severity: severity(m[3]), Message: m[4]}, true
	}
	if m := unpositioned.FindStringSubmatch(l); m != nil {
		return Diagnostic{Severity: severity(m[1]), Message: m[2]}, true
	}
	return Diagnostic{}, false
}

// severity drops warning numbers: "warning #177-D" is a "warning".
func severity(s string) string {
	if i := strings.Index(s, " #"); i >= 0 {
		return s[:i]
	}
	return strings.TrimSpace(s)
}

// NewCompileError makes the error of a failed compilation of p from NVRTC's raw log.
func (p Program) NewCompileError(rawLog string) *CompileError {
	log := p.MapLog(rawLog)
	return &CompileError{File: p.File, Log: log, Diagnostics: ParseDiagnostics(log)}
}
