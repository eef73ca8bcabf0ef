package main

import (
	"fmt"
)

type Size int64

const (
	_       = iota
	KB Size = 1 << (10 * iota)
	MB
	GB
	TB
)

const (
	A, B = iota, iota * 10
	C, D
	E, F
)

func (s Size) String() string {
	switch {
	case s >= TB:
		return fmt.Sprintf("%.1fTB", float64(s)/float64(TB))
	case s >= GB:
		return fmt.Sprintf("%.1fGB", float64(s)/float64(GB))
	case s >= MB:
		return fmt.Sprintf("%.1fMB", float64(s)/float64(MB))
	case s >= KB:
		return fmt.Sprintf("%.1fKB", float64(s)/float64(KB))
	}
	return fmt.Sprintf("%dB", int64(s))
}

func main() {
	fmt.Println(KB, MB, GB, TB)
	fmt.Println(Size(1536), Size(3*GB+GB/2), Size(100))
	fmt.Println(A, B, C, D, E, F)
	const huge = 1 << 62
	fmt.Println(huge/TB, int64(TB))
}
