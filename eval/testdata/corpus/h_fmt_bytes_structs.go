package main

import (
	"errors"
	"fmt"
)

type Packet struct {
	ID      uint16
	Payload []byte
	Sum     [2]byte
}

type Level uint8

func (l Level) String() string { return fmt.Sprintf("L%d", uint8(l)) }

type Frame struct {
	Lvl  Level
	Data []byte
	Err  error
	Opt  *int
}

func main() {
	p := Packet{7, []byte("hi"), [2]byte{0xab, 0xcd}}
	fmt.Printf("%v\n%+v\n%s\n%x\n%X\n", p, p, p, p, p)
	fmt.Printf("%q\n", p.Payload)
	fmt.Printf("%v %s %x %d\n", []byte("ok"), []byte("ok"), []byte("ok"), []byte("ok"))
	f := Frame{Lvl: 3, Data: []byte{1, 2}, Err: errors.New("bad")}
	fmt.Printf("%v\n%+v\n", f, f)
	fmt.Printf("%s|%d|%x\n", f.Lvl, f.Lvl, f.Lvl)
	fs := []Frame{{Lvl: 1}, {Lvl: 2, Err: fmt.Errorf("wrap: %w", errors.New("inner"))}}
	fmt.Println(fs)
	fmt.Printf("%v\n", map[Level][]byte{2: []byte("b"), 1: nil})
	fmt.Printf("[%5s][%-4v][%05d]\n", Level(9), Level(1), Level(3))
	fmt.Printf("%08.3f|%+.2e|%x|%X\n", -3.14159, 12345.678, 3.5, "hi")
	fmt.Printf("%t %v %08b %o %#o %#x %U\n", false, true, 13, 64, 64, 255, 0x1F600)
	fmt.Printf("%6.2f%%|%-8q|%8.3s|\n", 99.5, "go", "abcdef")
	var np *Packet
	fmt.Printf("%v %+v\n", np, np)
	fmt.Println(fmt.Sprintf("%v", struct {
		A []string
		B map[string]int
	}{[]string{"x"}, map[string]int{"k": 1}}))
}
