package main

import (
	"crypto/md5"
	"crypto/sha256"
	"fmt"
	"hash/crc32"
	"hash/fnv"
	"strings"
)

func main() {
	fmt.Printf("%x\n", md5.Sum([]byte("abcdef609043")))
	h := sha256.New()
	h.Write([]byte("hello "))
	h.Write([]byte("world"))
	fmt.Printf("%x\n", h.Sum(nil))
	fmt.Println(crc32.ChecksumIEEE([]byte("peerbook")))
	f := fnv.New64a()
	f.Write([]byte("key"))
	fmt.Println(f.Sum64())
	n := 0
	for i := 0; ; i++ {
		sum := md5.Sum([]byte(fmt.Sprintf("abc%d", i)))
		hex := fmt.Sprintf("%x", sum)
		if strings.HasPrefix(hex, "000") {
			fmt.Println("found", i, hex[:8])
			n++
			if n == 2 {
				break
			}
		}
	}
	box := []string{"abcdef", "bababc", "abbcde", "abcccd", "aabcdd", "abcdee", "ababab"}
	twos, threes := 0, 0
	for _, id := range box {
		counts := map[rune]int{}
		for _, c := range id {
			counts[c]++
		}
		has2, has3 := false, false
		for _, v := range counts {
			has2 = has2 || v == 2
			has3 = has3 || v == 3
		}
		if has2 {
			twos++
		}
		if has3 {
			threes++
		}
	}
	fmt.Println(twos * threes)
}
