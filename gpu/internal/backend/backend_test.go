package backend

import "testing"

func TestFormatBytes(t *testing.T) {
	for n, want := range map[uint64]string{0: "0 B", 1023: "1023 B", 1024: "1.0 KiB", 3 << 29: "1.5 GiB", 141 << 30: "141.0 GiB"} {
		if got := FormatBytes(n); got != want {
			t.Errorf("FormatBytes(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestDeviceName(t *testing.T) {
	infos := []DeviceInfo{{Name: "A"}, {Name: "NVIDIA H200"}}
	for dev, want := range map[int]string{HostDevice: "the host", 1: "device 1 (NVIDIA H200)", 7: "device 7"} {
		if got := DeviceName(dev, infos); got != want {
			t.Errorf("DeviceName(%d) = %q, want %q", dev, got, want)
		}
	}
}
