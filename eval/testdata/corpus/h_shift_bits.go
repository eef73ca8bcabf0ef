package main

import "fmt"

type Flags uint16

const (
	FlagA Flags = 1 << iota
	FlagB
	FlagC
	FlagD
)

func (f Flags) Has(x Flags) bool { return f&x != 0 }
func (f *Flags) Set(x Flags)     { *f |= x }
func (f *Flags) Clear(x Flags)   { *f &^= x }
func (f *Flags) Toggle(x Flags)  { *f ^= x }

func main() {
	var f Flags
	f.Set(FlagA | FlagC)
	fmt.Println(f, f.Has(FlagB), f.Has(FlagC))
	f.Toggle(FlagB | FlagC)
	f.Clear(FlagA)
	fmt.Printf("%04b %d\n", f, f)
	n := 5
	var u uint = 3
	fmt.Println(1<<n, 1<<u, -8>>1, -8>>u, uint8(1)<<7, int8(u)<<6)
	var big uint64 = 1 << 63
	fmt.Println(big, big>>62, big<<1)
	x := 0xF0
	fmt.Println(x&0x3C, x|0x0F, x^0xFF, x&^0x30, ^x)
	count := 0
	for v := uint32(0xDEADBEEF); v != 0; v &= v - 1 {
		count++
	}
	fmt.Println("popcount", count)
	shift := 70
	fmt.Println(int64(1)<<shift, uint32(1)<<shift)
	defer func() { fmt.Println("recovered:", recover()) }()
	neg := -1
	fmt.Println(1 << neg)
}
