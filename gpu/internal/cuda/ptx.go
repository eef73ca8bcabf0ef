package cuda

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/peerbook/peerbook/gpu/internal/backend"
	"github.com/peerbook/peerbook/gpu/internal/cudasrc"
)

var _ backend.PTXCompiler = (*Backend)(nil)

// CompilePTX compiles src as CompileCUDA does (the cudasrc prelude first, the same options)
// but for the virtual architecture of device dev (compute_XX), and returns the PTX. Nothing
// is loaded or cached: it is for looking at the code (tests of the Peer rules, people).
func (b *Backend) CompilePTX(dev int, src string, opts backend.CompileOptions) (string, error) {
	d, err := b.device(dev)
	if err != nil {
		return "", fmt.Errorf("compile PTX: %w", err)
	}
	if b.rtc == nil {
		return "", fmt.Errorf("compile PTX: CUDA C needs NVRTC: %v (set PEERBOOK_LIBNVRTC or CUDA_HOME)", b.rtcErr)
	}
	cc := d.info.ComputeCapability[0]*10 + d.info.ComputeCapability[1]
	return b.rtc.compilePTX(cc, src, b.includeDir, opts)
}

// standaloneNVRTC is NVRTC loaded without the driver, for CompilePTX on machines with no GPU.
var standaloneNVRTC struct {
	once sync.Once
	rtc  *nvrtcAPI
	dir  string
	err  error
}

// loadStandalone loads NVRTC once, without the driver.
func loadStandalone() (*nvrtcAPI, string, error) {
	s := &standaloneNVRTC
	s.once.Do(func() {
		s.rtc, s.err = loadNVRTC()
		if s.err == nil {
			s.dir = cudaIncludeDir(s.rtc.lib.path)
		}
	})
	return s.rtc, s.dir, s.err
}

// CompilePTX compiles src for the virtual architecture compute_CC (cc = 90 for sm_90) with
// NVRTC alone: no driver and no GPU are needed, only libnvrtc (found as Open finds it). It
// is what Backend.CompilePTX gives for a device of that compute capability.
func CompilePTX(cc int, src string, opts backend.CompileOptions) (string, error) {
	rtc, dir, err := loadStandalone()
	if err != nil {
		return "", fmt.Errorf("compile PTX: %w", err)
	}
	return rtc.compilePTX(cc, src, dir, opts)
}

// NVRTCVersion describes the NVRTC that CompilePTX uses ("11.8, libnvrtc.so.11.2 (...)"),
// or says why there is none.
func NVRTCVersion() (string, error) {
	rtc, _, err := loadStandalone()
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%d.%d, %s", rtc.major, rtc.minor, rtc.lib.describe()), nil
}

// compilePTX compiles src for compute_CC, or the newest older virtual architecture NVRTC
// knows, with the options CompileCUDA uses.
func (n *nvrtcAPI) compilePTX(cc int, src, includeDir string, opts backend.CompileOptions) (string, error) {
	if cc <= 0 {
		return "", errors.New("compile PTX: no compute capability")
	}
	arch := fmt.Sprintf("compute_%d", cc)
	if len(n.archs) > 0 {
		best := -1
		for _, a := range n.archs {
			if a <= cc {
				best = a
			}
		}
		if best < 0 {
			return "", fmt.Errorf("compile PTX: NVRTC %d.%d can't compile for compute_%d (it supports %d..%d)",
				n.major, n.minor, cc, n.archs[0], n.archs[len(n.archs)-1])
		}
		arch = fmt.Sprintf("compute_%d", best)
	}
	file := opts.File
	if file == "" {
		file = "cuda"
	}
	options := []string{"--gpu-architecture=" + arch, "-default-device", "--std=c++17"}
	if includeDir != "" {
		options = append(options, "-I"+includeDir)
	}
	options = append(options, opts.Flags...)
	kernels, err := cudasrc.Kernels(src)
	if err != nil {
		return "", fmt.Errorf("compile PTX of %s: %w", file, err)
	}
	img, err := n.compileProgram(cudasrc.Assemble(src, file, 1+opts.LineOffset), kernels, options, false)
	if err != nil {
		return "", err
	}
	return strings.TrimRight(string(img.Image), "\x00"), nil
}
