package kernel

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"
)

// usage answers usage_request (the resource-usage view of JupyterLab): the kernel's and its
// evaluator's CPU and memory, and the host's, in the reply ipykernel gives. Figures come
// from /proc; where there is none (not Linux), only what Go knows is sent.
type usage struct {
	mu                sync.Mutex
	last              time.Time       // when the previous request was answered
	procCPU           map[int]float64 // CPU seconds of each process at last
	hostBusy, hostAll float64         // host CPU ticks at last
	clockHz           float64
}

// usageContent is the content of usage_reply for the kernel process and the evaluator pids.
func (u *usage) content(pids []int) []byte {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.clockHz == 0 {
		u.clockHz = 100 // USER_HZ: 100 on every Linux Go runs on
	}
	now := time.Now()
	host, _ := os.Hostname()
	c := map[string]any{"hostname": host, "pid": os.Getpid(), "cpu_count": runtime.NumCPU()}

	var cpuPercent float64
	var memory int64
	seen := map[int]float64{}
	for _, pid := range pids {
		secs, rss, err := procUsage(pid, u.clockHz)
		if err != nil {
			continue
		}
		memory += rss
		seen[pid] = secs
		if prev, ok := u.procCPU[pid]; ok && !u.last.IsZero() {
			if wall := now.Sub(u.last).Seconds(); wall > 0 {
				cpuPercent += 100 * (secs - prev) / wall
			}
		}
	}
	u.procCPU = seen
	c["kernel_cpu"] = round1(cpuPercent)
	if memory == 0 { // no /proc: the Go heap of this process, at least
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		memory = int64(ms.Sys)
	}
	c["kernel_memory"] = memory

	if busy, all, err := hostCPU(); err == nil {
		if u.hostAll > 0 && all > u.hostAll {
			c["host_cpu_percent"] = round1(100 * (busy - u.hostBusy) / (all - u.hostAll))
		}
		u.hostBusy, u.hostAll = busy, all
	}
	if vm, err := hostMemory(); err == nil {
		c["host_virtual_memory"] = vm
	}
	u.last = now
	b, err := json.Marshal(c)
	if err != nil {
		return []byte(`{}`)
	}
	return b
}

func round1(x float64) float64 { return float64(int64(x*10+0.5)) / 10 }

// procUsage returns the CPU seconds (user + system) and resident bytes of process pid.
func procUsage(pid int, clockHz float64) (cpuSeconds float64, rss int64, err error) {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, 0, err
	}
	// The command name (field 2) is in parentheses and may hold spaces: fields are counted
	// after its closing parenthesis. utime and stime are fields 14 and 15, rss (pages) 24.
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return 0, 0, fmt.Errorf("/proc/%d/stat: no command name", pid)
	}
	f := strings.Fields(string(stat[i+1:]))
	if len(f) < 22 {
		return 0, 0, fmt.Errorf("/proc/%d/stat: %d fields", pid, len(f)+2)
	}
	utime, err1 := strconv.ParseFloat(f[11], 64)
	stime, err2 := strconv.ParseFloat(f[12], 64)
	pages, err3 := strconv.ParseInt(f[21], 10, 64)
	if err1 != nil || err2 != nil || err3 != nil {
		return 0, 0, fmt.Errorf("/proc/%d/stat: bad numbers", pid)
	}
	return (utime + stime) / clockHz, pages * int64(os.Getpagesize()), nil
}

// hostCPU returns the busy and total ticks of all CPUs from /proc/stat.
func hostCPU() (busy, all float64, err error) {
	f, err := os.Open("/proc/stat")
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 5 || fields[0] != "cpu" {
			continue
		}
		for i, s := range fields[1:] {
			v, err := strconv.ParseFloat(s, 64)
			if err != nil {
				return 0, 0, fmt.Errorf("/proc/stat: %w", err)
			}
			all += v
			if i != 3 && i != 4 { // idle, iowait
				busy += v
			}
		}
		return busy, all, nil
	}
	return 0, 0, fmt.Errorf("/proc/stat: no cpu line")
}

// hostMemory returns the host's memory in the form of psutil's virtual_memory.
func hostMemory() (map[string]any, error) {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	kb := map[string]int64{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		name, rest, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		fields := strings.Fields(rest)
		if len(fields) == 0 {
			continue
		}
		if v, err := strconv.ParseInt(fields[0], 10, 64); err == nil {
			kb[name] = v
		}
	}
	total, avail := kb["MemTotal"]*1024, kb["MemAvailable"]*1024
	if total == 0 {
		return nil, fmt.Errorf("/proc/meminfo: no MemTotal")
	}
	free := kb["MemFree"] * 1024
	used := total - free - (kb["Buffers"]+kb["Cached"]+kb["SReclaimable"])*1024
	return map[string]any{
		"total": total, "available": avail, "percent": round1(100 * float64(total-avail) / float64(total)),
		"used": used, "free": free, "active": kb["Active"] * 1024, "inactive": kb["Inactive"] * 1024,
		"buffers": kb["Buffers"] * 1024, "cached": kb["Cached"] * 1024, "shared": kb["Shmem"] * 1024,
	}, nil
}

// debugReply answers a debug_request: peerbook has no debugger (kernel_info says
// "debugger": false), so every Debug Adapter Protocol request fails, saying so.
func debugReply(content json.RawMessage) []byte {
	var req struct {
		Seq     int    `json:"seq"`
		Command string `json:"command"`
	}
	_ = json.Unmarshal(content, &req)
	return debugReplyContent(req.Seq, req.Command)
}
