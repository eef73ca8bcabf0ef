package main

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash/crc32"
	"strings"
)

var romans = []struct {
	v int
	s string
}{{1000, "M"}, {900, "CM"}, {500, "D"}, {400, "CD"}, {100, "C"}, {90, "XC"}, {50, "L"}, {40, "XL"}, {10, "X"}, {9, "IX"}, {5, "V"}, {4, "IV"}, {1, "I"}}

func toRoman(n int) string {
	var b strings.Builder
	for _, r := range romans {
		for n >= r.v {
			b.WriteString(r.s)
			n -= r.v
		}
	}
	return b.String()
}

func fromRoman(s string) int {
	val := map[byte]int{'I': 1, 'V': 5, 'X': 10, 'L': 50, 'C': 100, 'D': 500, 'M': 1000}
	total := 0
	for i := 0; i < len(s); i++ {
		v := val[s[i]]
		if i+1 < len(s) && val[s[i+1]] > v {
			total -= v
		} else {
			total += v
		}
	}
	return total
}

func main() {
	for _, n := range []int{1, 4, 9, 14, 40, 90, 400, 1994, 2024, 3999} {
		r := toRoman(n)
		fmt.Print(r, "=", fromRoman(r), " ")
	}
	fmt.Println()
	data := []byte("peerbook\x00\xff")
	e := base64.StdEncoding.EncodeToString(data)
	u := base64.RawURLEncoding.EncodeToString(data)
	d, err := base64.StdEncoding.DecodeString(e)
	fmt.Println(e, u, string(d[:8]), err)
	_, err = base64.StdEncoding.DecodeString("!!!")
	fmt.Println(err)
	h := hex.EncodeToString(data)
	fmt.Println(h, hex.Dump([]byte("abc")))
	buf := make([]byte, 8)
	binary.BigEndian.PutUint32(buf, 0xDEADBEEF)
	binary.LittleEndian.PutUint16(buf[4:], 0x1234)
	fmt.Printf("% x %d %d\n", buf, binary.BigEndian.Uint16(buf[4:]), binary.LittleEndian.Uint32(buf))
	vb := binary.AppendUvarint(nil, 300)
	vs := binary.AppendVarint(nil, -3)
	x, n := binary.Uvarint(vb)
	fmt.Println(vb, vs, x, n)
	fmt.Println(crc32.ChecksumIEEE([]byte("hello")))
}
