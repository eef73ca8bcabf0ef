package proctree

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// prSetChildSubreaper is prctl's PR_SET_CHILD_SUBREAPER (linux/prctl.h).
const prSetChildSubreaper = 36

// endWithin is how long EndDescendants goes on killing and reaping.
const endWithin = 2 * time.Second

// Proc is what /proc/PID/stat says of one process.
type Proc struct {
	PID, PPID int
	// State is the state letter: 'R', 'S', 'T' stopped, 't' traced, 'Z' zombie, ...
	State byte
}

// BecomeSubreaper makes this process a child subreaper: a process below it whose parent
// dies is re-parented to it, not to init, so that it can find and end it.
func BecomeSubreaper() error {
	_, _, errno := syscall.RawSyscall6(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0, 0, 0, 0)
	if errno != 0 {
		return fmt.Errorf("prctl(PR_SET_CHILD_SUBREAPER): %w", errno)
	}
	return nil
}

// List lists the processes of the machine (those /proc shows).
func List() []Proc {
	dirs, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	procs := make([]Proc, 0, len(dirs))
	for _, d := range dirs {
		pid, err := strconv.Atoi(d.Name())
		if err != nil {
			continue
		}
		if p, ok := Read(pid); ok {
			procs = append(procs, p)
		}
	}
	return procs
}

// Read reads /proc/PID/stat: "pid (comm) state ppid ...", where comm may hold spaces and
// parentheses. It reports false when the process is gone or the file can't be parsed.
func Read(pid int) (Proc, bool) {
	data, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return Proc{}, false
	}
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return Proc{}, false
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 2 || len(f[0]) != 1 {
		return Proc{}, false
	}
	ppid, err := strconv.Atoi(f[1])
	if err != nil {
		return Proc{}, false
	}
	return Proc{PID: pid, PPID: ppid, State: f[0][0]}, true
}

// State is the state letter of process pid (see Proc.State), or 0 when it is gone.
func State(pid int) byte {
	p, ok := Read(pid)
	if !ok {
		return 0
	}
	return p.State
}

// Zombies returns the children of parent that ended and were not reaped yet.
func Zombies(parent int) []int {
	var z []int
	for _, p := range List() {
		if p.PPID == parent && p.State == 'Z' {
			z = append(z, p.PID)
		}
	}
	return z
}

// Reap reaps this process's child pid if it has ended, without waiting.
func Reap(pid int) {
	var ws syscall.WaitStatus
	syscall.Wait4(pid, &ws, syscall.WNOHANG, nil)
}

// EndDescendants kills every descendant of this process except the children keep reports
// (nil keeps none) and what runs under them, and reaps the children it killed. Killing a
// process re-parents its children to this one when it is a subreaper, so it goes on until
// none is left or it has tried for two seconds. It returns how many processes it killed.
func EndDescendants(keep func(pid int) bool) int {
	self := os.Getpid()
	killed := 0
	deadline := time.Now().Add(endWithin)
	for {
		children := map[int][]int{}
		states := map[int]byte{}
		for _, p := range List() {
			children[p.PPID] = append(children[p.PPID], p.PID)
			states[p.PID] = p.State
		}
		var direct, all []int
		var walk func(pid int)
		walk = func(pid int) {
			all = append(all, pid)
			for _, c := range children[pid] {
				walk(c)
			}
		}
		for _, pid := range children[self] {
			if keep != nil && keep(pid) {
				continue
			}
			direct = append(direct, pid)
			walk(pid)
		}
		if len(direct) == 0 || time.Now().After(deadline) {
			return killed
		}
		for _, pid := range all {
			if states[pid] != 'Z' && syscall.Kill(pid, syscall.SIGKILL) == nil {
				killed++
			}
		}
		for _, pid := range direct {
			reapBy(pid, deadline)
		}
	}
}

// reapBy waits for this process's child pid to end (it was sent SIGKILL), until deadline.
func reapBy(pid int, deadline time.Time) {
	for {
		var ws syscall.WaitStatus
		got, err := syscall.Wait4(pid, &ws, syscall.WNOHANG, nil)
		if got == pid || err != nil || time.Now().After(deadline) {
			return
		}
		time.Sleep(time.Millisecond)
	}
}
