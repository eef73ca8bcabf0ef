package main

import (
	"fmt"
	"strings"
)

type IP [4]byte

func (ip IP) String() string {
	return fmt.Sprintf("%d.%d.%d.%d", ip[0], ip[1], ip[2], ip[3])
}

type MAC []byte

func (m MAC) Format(f fmt.State, verb rune) {
	sep := ":"
	if f.Flag('-') {
		sep = "-"
	}
	parts := make([]string, len(m))
	for i, b := range m {
		parts[i] = fmt.Sprintf("%02x", b)
	}
	s := strings.Join(parts, sep)
	if verb == 'X' {
		s = strings.ToUpper(s)
	}
	fmt.Fprint(f, s)
}

type Host struct {
	Name string
	IP   IP
	MAC  MAC
}

func (h Host) GoString() string { return fmt.Sprintf("Host(%q)", h.Name) }

func main() {
	h := Host{"db1", IP{10, 0, 0, 7}, MAC{0xde, 0xad, 0xbe, 0xef, 0, 1}}
	fmt.Println(h.IP, h.MAC)
	fmt.Printf("%v|%s|%x|%X|%-v\n", h.MAC, h.MAC, h.MAC, h.MAC, h.MAC)
	fmt.Printf("%v\n", h)
	fmt.Printf("%+v\n", h)
	fmt.Printf("%#v\n", h)
	fmt.Printf("%#v\n", []Host{h})
	fmt.Printf("%s %q\n", h.IP, h.IP)
	fmt.Println(fmt.Sprint(h.IP) == "10.0.0.7", len(fmt.Sprintf("%v", h.MAC)))
}
