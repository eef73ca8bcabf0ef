// Command peerbook is a Jupyter kernel for Go, with GPUs: cells are Go, interpreted; they get
// a gpu package (CUDA, or simulated devices without a GPU), Peer buffers shared between the
// GPUs of a host, kernels compiled and launched from a cell, and rich inline display.
//
//	peerbook install            make Jupyter know the kernel (once)
//	peerbook kernel -f FILE     serve a frontend (Jupyter starts this)
//	peerbook version
//
// Run `peerbook help` for every command.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"regexp"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/peerbook/peerbook/install"
	"github.com/peerbook/peerbook/internal/buildinfo"
	"github.com/peerbook/peerbook/kernel"
)

// version is set at build time: go build -ldflags "-X main.version=v1.2.3".
var version = ""

// processStarted is when this process's own code began (its packages initialised): the
// kernel's start trace (--debug) counts from it.
var processStarted = time.Now()

// command is one subcommand.
type command struct {
	name    string
	summary string // one line, for `peerbook help`
	usage   string // the usage line(s) and a description, for `peerbook help NAME`
	hidden  bool   // left out of the command list
	// run runs the command; flags are its own (a FlagSet named after it, whose usage
	// prints usage and the flags).
	run func(flags *flag.FlagSet, args []string) error
}

// commands is the subcommand table. New commands add an entry here, or
// call register from an init function in their own file of package main.
var commands = []*command{
	{
		name:    "kernel",
		summary: "serve the Jupyter protocol for one frontend (Jupyter starts it)",
		usage: `peerbook kernel --connection-file FILE [--debug]

Serves the Jupyter messaging protocol on the sockets FILE names. Jupyter runs this
through the kernelspec that "peerbook install" writes; you rarely run it by hand.
Cells run in a child process: if one crashes the Go runtime, the kernel answers with
an error, starts a fresh session and goes on serving.

History is kept in $PEERBOOK_HISTORY, else $XDG_DATA_HOME/peerbook/history.jsonl,
else ~/.local/share/peerbook/history.jsonl ("none": memory only); kernels may share it.
$PEERBOOK_MAX_MESSAGE bounds a message a client may send, in bytes (default 256 MiB):
a larger one is not read; a signed request gets a MessageTooLarge error reply, others
close their connection, and the kernel's log names the limit. $PEERBOOK_RECEIVE_BUDGET
bounds the bytes of the messages over 64 KiB all clients are sending at once (default
1 GiB): past it they wait, and after 10 s get a KernelBusy error.
$PEERBOOK_MAX_STACK_MB bounds a goroutine's stack in the session (default 256).
$PEERBOOK_EVALUATOR_LOG names a file that gets a copy of the session's stderr.
A "%ranks N" cell runs the session as N processes (ranks); with "--launcher mpirun|srun"
a cluster launcher starts them, and they connect back over TCP to the address
$PEERBOOK_RANK_HOST names (default: this host's name) within $PEERBOOK_RANK_CONNECT_TIMEOUT
(default 60s).
The kernel's own log (messages dropped, evaluators restarted, shutdown requests) goes to
its stderr only with --debug or $PEERBOOK_DEBUG=1: Jupyter and nbconvert show a kernel's
stderr on the terminal that started them.`,
		run: runKernel,
	},
	{
		name:    "install",
		summary: "install the kernelspec so that Jupyter finds peerbook",
		usage: `peerbook install [--user | --sys-prefix | --prefix DIR] [--name N] [--display-name D] [--uninstall]

Writes a kernelspec (kernel.json running this binary by its absolute path, and logos)
where "jupyter kernelspec list" finds it:
  --user        the user's Jupyter data directory (the default):
                $JUPYTER_DATA_DIR, else ~/.local/share/jupyter on Linux
  --sys-prefix  sys.prefix of python3 (a virtual environment), else /usr/local
  --prefix DIR  DIR/share/jupyter/kernels
--uninstall removes the kernelspec instead. Install again after moving the binary.`,
		run: runInstall,
	},
	{
		name:    "version",
		summary: "print the version of peerbook and its evaluator, of Go, and the CUDA driver and NVRTC found",
		usage: `peerbook version

Prints the version of this build (the module version, else the VCS revision it was built
from, as "go build" stamps them), the Go toolchain and platform, the source revision;
then the same of the evaluator that runs cells (peerbook-evaluator, beside this binary, or
$PEERBOOK_EVALUATOR), and the CUDA driver and NVRTC it finds on this machine, if any.`,
		run: func(flags *flag.FlagSet, args []string) error {
			if err := flags.Parse(args); err != nil {
				return err
			}
			if flags.NArg() > 0 {
				flags.Usage()
				return errUsage
			}
			bi, _ := debug.ReadBuildInfo()
			fmt.Print(versionReport(bi, evaluatorVersion()))
			return nil
		},
	},
}

// register adds a command to the table (for commands defined in other files).
func register(c *command) { commands = append(commands, c) }

// helpOrder is the order of `peerbook help`; other commands follow alphabetically.
var helpOrder = []string{"install", "kernel", "run", "version"}

func main() {
	os.Exit(mainStatus(os.Args[1:], os.Stdout, os.Stderr))
}

// errUsage is a command line that makes no sense; its usage has been printed.
var errUsage = errors.New("usage")

func mainStatus(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		printHelp(stderr)
		return 2
	}
	name := args[0]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 {
			if c := lookup(args[1]); c != nil {
				fmt.Fprintln(stdout, "Usage: "+c.usage)
				flags := c.flags(stdout)
				c.run(flags, []string{"-h"}) // defines its flags, prints them, runs nothing
				return 0
			}
			fmt.Fprintf(stderr, "peerbook: unknown command %q\n\n", args[1])
			printHelp(stderr)
			return 2
		}
		printHelp(stdout)
		return 0
	case "-version", "--version":
		name = "version"
	}
	c := lookup(name)
	if c == nil {
		fmt.Fprintf(stderr, "peerbook: unknown command %q\n\n", name)
		printHelp(stderr)
		return 2
	}
	// The usage goes where the outcome says: stdout for --help (as `peerbook --help`),
	// stderr for a command line that makes no sense; a bad flag gets its error and a pointer
	// to the usage, not the whole usage.
	var usage bytes.Buffer
	flags := c.flags(&usage)
	flags.Usage = func() {
		fmt.Fprintln(&usage, "Usage: "+c.usage)
		printFlags(&usage, flags)
	}
	err := c.run(flags, args[1:])
	switch {
	case err == nil:
		stderr.Write(usage.Bytes())
		return 0
	case errors.Is(err, flag.ErrHelp):
		stdout.Write(usage.Bytes())
		return 0
	case errors.Is(err, errUsage):
		stderr.Write(usage.Bytes())
		return 2
	case isFlagError(err):
		// As the usage spells flags: --timeout, -o (the flag package writes -timeout).
		fmt.Fprintf(stderr, "peerbook %s: %s\n", c.name, longFlag.ReplaceAllString(err.Error(), "$1--$2"))
		if strings.HasPrefix(err.Error(), "flag provided but not defined") {
			printFlags(stderr, flags)
		}
		fmt.Fprintf(stderr, "Run \"peerbook help %s\" for its usage.\n", c.name)
		return 2
	}
	stderr.Write(usage.Bytes())
	fmt.Fprintf(stderr, "peerbook %s: %v\n", c.name, err)
	return 1
}

// longFlag is a flag of more than one letter as the flag package names it in errors: "-timeout".
var longFlag = regexp.MustCompile(`(^|[\s:])-(\w\w+)\b`)

// isFlagError reports whether err is the flag package's: a flag that does not exist, a
// value it refused, a flag without its value.
func isFlagError(err error) bool {
	for _, prefix := range []string{"flag provided but not defined", "invalid value", "invalid boolean value",
		"invalid boolean flag", "flag needs an argument", "bad flag syntax"} {
		if strings.HasPrefix(err.Error(), prefix) {
			return true
		}
	}
	return false
}

// durationFlag is a time.Duration flag whose error for a number without a unit says which
// unit to add ("durations need a unit: 5s"), where the flag package's says only that
// time.ParseDuration failed.
type durationFlag struct{ d *time.Duration }

// String returns the duration, as the flag package shows defaults.
func (f durationFlag) String() string {
	if f.d == nil {
		return ""
	}
	return f.d.String()
}

// Set parses a duration: 90s, 10m, 1h30m; 0 alone means none.
func (f durationFlag) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil {
		if _, nerr := strconv.ParseFloat(s, 64); nerr == nil {
			return fmt.Errorf("durations need a unit: %ss", s)
		}
		return errors.New("not a duration (write it as 90s, 10m or 1h30m)")
	}
	*f.d = d
	return nil
}

// durationVar defines a duration flag (see durationFlag).
func durationVar(flags *flag.FlagSet, name string, value time.Duration, usage string) *time.Duration {
	d := value
	flags.Var(durationFlag{&d}, name, usage)
	return &d
}

// flags is a FlagSet for c whose -h prints c's flags on w (for `peerbook help NAME`, which
// has printed the usage).
func (c *command) flags(w io.Writer) *flag.FlagSet {
	flags := flag.NewFlagSet("peerbook "+c.name, flag.ContinueOnError)
	flags.SetOutput(w)
	flags.Usage = func() { printFlags(w, flags) }
	return flags
}

// printFlags lists flags as the usage lines spell them: "-o" for a one-letter flag,
// "--html" for a longer one (the flag package takes either spelling of both).
func printFlags(w io.Writer, flags *flag.FlagSet) {
	var b strings.Builder
	flags.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		dash := "--"
		if len(f.Name) == 1 {
			dash = "-"
		}
		fmt.Fprintf(&b, "  %s%s", dash, f.Name)
		if name != "" {
			fmt.Fprintf(&b, " %s", name)
		}
		b.WriteString("\n    \t")
		b.WriteString(strings.ReplaceAll(usage, "\n", "\n    \t"))
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" && f.DefValue != "0s" {
			fmt.Fprintf(&b, " (default %s)", f.DefValue)
		}
		b.WriteByte('\n')
	})
	if b.Len() > 0 {
		fmt.Fprint(w, "\nFlags:\n"+b.String())
	}
}

func lookup(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

func printHelp(w io.Writer) {
	fmt.Fprintln(w, `peerbook: a Jupyter kernel for Go, with GPUs and Peer buffers.

Usage: peerbook <command> [arguments]

Commands:`)
	rank := func(name string) int {
		for i, n := range helpOrder {
			if n == name {
				return i
			}
		}
		return len(helpOrder)
	}
	list := append([]*command(nil), commands...)
	sort.SliceStable(list, func(i, j int) bool {
		ri, rj := rank(list[i].name), rank(list[j].name)
		if ri != rj {
			return ri < rj
		}
		return list[i].name < list[j].name
	})
	for _, c := range list {
		if !c.hidden {
			fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
		}
	}
	fmt.Fprintln(w, `
"peerbook help <command>" tells more about a command.
Start: peerbook install, then pick "Go (peerbook)" in JupyterLab, Notebook or VS Code.`)
}

func runKernel(flags *flag.FlagSet, args []string) error {
	var file string
	flags.StringVar(&file, "connection-file", "", "the connection file Jupyter wrote (`FILE`)")
	flags.StringVar(&file, "f", "", "short for --connection-file")
	debug := flags.Bool("debug", false, "log what the kernel does on stderr (also $"+debugEnv+"=1)")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if file == "" && flags.NArg() == 1 {
		file = flags.Arg(0)
	}
	if file == "" || flags.NArg() > 1 {
		flags.Usage()
		return errUsage
	}
	parent, _ := strconv.Atoi(os.Getenv("JPY_PARENT_PID"))
	return kernel.Run(context.Background(), kernel.Config{
		ConnectionFile: file,
		Logger:         kernelLogger(*debug, os.Getenv(debugEnv), os.Stderr),
		HistoryPath:    kernel.DefaultHistoryPath(),
		Started:        processStarted,
		HandleSignals:  true,
		ParentPID:      parent,
		Version:        versionString(),
		Modules:        newBuilder(nil),
	})
}

// debugEnv turns the kernel's log on, as --debug does (for kernelspecs, which have no
// flag to add).
const debugEnv = "PEERBOOK_DEBUG"

// kernelLogger is the kernel's log: on w with --debug or $PEERBOOK_DEBUG set to a true
// value (1, true, ...), else nowhere.
func kernelLogger(flagSet bool, env string, w io.Writer) *log.Logger {
	if on, err := strconv.ParseBool(env); flagSet || (err == nil && on) {
		return log.New(w, "peerbook: ", log.LstdFlags)
	}
	return log.New(io.Discard, "", 0)
}

func runInstall(flags *flag.FlagSet, args []string) error {
	var o install.Options
	user := flags.Bool("user", false, "install for the current user (the default)")
	sysPrefix := flags.Bool("sys-prefix", false, "install into python3's sys.prefix (a virtual environment)")
	flags.StringVar(&o.Prefix, "prefix", "", "install into `DIR`/share/jupyter/kernels")
	flags.StringVar(&o.Name, "name", install.DefaultName, "kernel name (the kernelspec's folder)")
	flags.StringVar(&o.DisplayName, "display-name", install.DefaultDisplayName, "name frontends show")
	uninstall := flags.Bool("uninstall", false, "remove the kernelspec instead")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if flags.NArg() > 0 {
		fmt.Fprintf(flags.Output(), "unexpected arguments: %q\n", flags.Args())
		flags.Usage()
		return errUsage
	}
	n := 0
	for _, b := range []bool{*user, *sysPrefix, o.Prefix != ""} {
		if b {
			n++
		}
	}
	if n > 1 {
		fmt.Fprintln(flags.Output(), "--user, --sys-prefix and --prefix exclude each other")
		flags.Usage()
		return errUsage
	}
	switch {
	case *sysPrefix:
		o.Scope = install.SysPrefix
	case o.Prefix != "":
		o.Scope = install.Prefix
	}
	if *uninstall {
		dir, err := install.Uninstall(o)
		if err != nil {
			return err
		}
		fmt.Printf("removed kernelspec %s\n", dir)
		return nil
	}
	dir, err := install.Install(o)
	if err != nil {
		return err
	}
	fmt.Printf("installed kernelspec %q (%s) in %s\n", o.Name, o.DisplayName, dir)
	if ev, err := kernel.DefaultEvaluator(); err == nil {
		if _, err := os.Stat(ev); err != nil {
			fmt.Fprintf(os.Stderr, "peerbook install: warning: %s is missing (%v): the kernel starts, but cells can't run until it is built beside peerbook (bash install/setup.sh builds both)\n", ev, err)
		}
	}
	return nil
}

// versionReport is what `peerbook version` prints: the build's version, Go and platform,
// module and VCS stamps of bi (nil: none), then what the evaluator says of itself (its
// --version: the same, and the CUDA libraries it finds), or why it could not be asked.
func versionReport(bi *debug.BuildInfo, ev evaluatorReport) string {
	var b strings.Builder
	b.WriteString(buildinfo.Report("peerbook", bi, version))
	fmt.Fprintf(&b, "evaluator:   %s\n", ev.path)
	if ev.err != nil {
		fmt.Fprintf(&b, "  %v\n", ev.err)
		return b.String()
	}
	for _, l := range strings.SplitAfter(strings.TrimSuffix(ev.report, "\n"), "\n") {
		b.WriteString("  " + l)
	}
	b.WriteString("\n")
	if rev, evRev := buildinfo.Revision(bi), revisionIn(ev.report); rev != "" && evRev != "" && rev != evRev {
		fmt.Fprintf(&b, "warning: peerbook and its evaluator were built from different revisions (%.12s, %.12s): build both again (bash install/setup.sh)\n", rev, evRev)
	}
	return b.String()
}

// evaluatorReport is what `peerbook-evaluator --version` printed, or why it could not run.
type evaluatorReport struct {
	path   string
	report string
	err    error
}

// evaluatorVersion runs the evaluator with --version.
func evaluatorVersion() evaluatorReport {
	path, err := kernel.DefaultEvaluator()
	if err != nil {
		return evaluatorReport{path: "(not found)", err: err}
	}
	r := evaluatorReport{path: path}
	out, err := exec.Command(path, "--version").Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) && len(ee.Stderr) > 0 {
			err = fmt.Errorf("%w: %s", err, bytes.TrimSpace(ee.Stderr))
		}
		r.err = fmt.Errorf("%s --version failed: %w (cells can't run without it; bash install/setup.sh builds it beside peerbook)", kernel.EvaluatorName, err)
		return r
	}
	r.report = string(out)
	return r
}

// revisionIn is the VCS revision a version report names ("source:      git revision R, ...").
func revisionIn(report string) string {
	for _, l := range strings.Split(report, "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(l), "source:"); ok {
			f := strings.Fields(strings.TrimSpace(rest))
			if len(f) >= 3 && f[1] == "revision" {
				return strings.TrimSuffix(f[2], ",")
			}
		}
	}
	return ""
}

// versionString is the build's version: set at link time, else the module version.
func versionString() string {
	bi, _ := debug.ReadBuildInfo()
	return buildinfo.Version(bi, version)
}
