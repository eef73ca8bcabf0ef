package kernel

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// prSetChildSubreaper is prctl's PR_SET_CHILD_SUBREAPER (linux/prctl.h).
const prSetChildSubreaper = 36

// becomeSubreaper makes the kernel the reaper of every process its evaluators leave
// behind: a process a cell started (`!cmd &`, os.StartProcess, even one that called
// setsid) whose parent dies is re-parented to the kernel, not to init, so the kernel can
// find and end it. It reports whether the kernel now is one.
func becomeSubreaper() bool {
	_, _, errno := syscall.RawSyscall6(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0, 0, 0, 0)
	return errno == 0
}

// procEntry is what /proc/PID/stat says of one process.
type procEntry struct {
	pid, ppid int
	state     byte
}

// readProcs lists the processes of the machine (those /proc shows).
func readProcs() []procEntry {
	dirs, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	procs := make([]procEntry, 0, len(dirs))
	for _, d := range dirs {
		pid, err := strconv.Atoi(d.Name())
		if err != nil {
			continue
		}
		if e, ok := readProc(pid); ok {
			procs = append(procs, e)
		}
	}
	return procs
}

// readProc reads /proc/PID/stat: "pid (comm) state ppid ...", where comm may hold spaces
// and parentheses.
func readProc(pid int) (procEntry, bool) {
	data, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return procEntry{}, false
	}
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return procEntry{}, false
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 2 || len(f[0]) != 1 {
		return procEntry{}, false
	}
	ppid, err := strconv.Atoi(f[1])
	if err != nil {
		return procEntry{}, false
	}
	return procEntry{pid: pid, ppid: ppid, state: f[0][0]}, true
}

// procState is the state letter of /proc/PID/stat ('R', 'S', 'T' stopped, 'Z', ...), or 0
// when the process is gone.
func procState(pid int) byte {
	e, ok := readProc(pid)
	if !ok {
		return 0
	}
	return e.state
}

// endOrphans kills every descendant of the kernel that is not a process it started itself
// (keep) or a descendant of one, and reaps those that are its children. Killing a process
// re-parents its children to the kernel (a subreaper), so it goes on until none is left or
// it has tried for a while. It returns how many processes it killed.
func endOrphans(keep func(pid int) bool) int {
	self := os.Getpid()
	killed := 0
	deadline := time.Now().Add(2 * time.Second)
	for {
		children := map[int][]int{}
		states := map[int]byte{}
		for _, p := range readProcs() {
			children[p.ppid] = append(children[p.ppid], p.pid)
			states[p.pid] = p.state
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
			if keep(pid) {
				continue
			}
			direct = append(direct, pid)
			walk(pid)
		}
		if len(direct) == 0 || time.Now().After(deadline) {
			return killed
		}
		for _, pid := range all {
			if states[pid] != 'Z' {
				if syscall.Kill(pid, syscall.SIGKILL) == nil {
					killed++
				}
			}
		}
		for _, pid := range direct {
			reap(pid, deadline)
		}
	}
}

// reap waits for the kernel's child pid to end (it was sent SIGKILL), until deadline.
func reap(pid int, deadline time.Time) {
	for {
		var ws syscall.WaitStatus
		got, err := syscall.Wait4(pid, &ws, syscall.WNOHANG, nil)
		if got == pid || err != nil || time.Now().After(deadline) {
			return
		}
		time.Sleep(time.Millisecond)
	}
}

// reapZombies reaps children of the kernel that ended and that it did not start itself
// (keep): processes of cells re-parented to the kernel that exited on their own.
func reapZombies(keep func(pid int) bool) {
	self := os.Getpid()
	for _, p := range readProcs() {
		if p.ppid == self && p.state == 'Z' && !keep(p.pid) {
			var ws syscall.WaitStatus
			syscall.Wait4(p.pid, &ws, syscall.WNOHANG, nil)
		}
	}
}
