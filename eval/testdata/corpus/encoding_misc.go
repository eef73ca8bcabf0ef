// Hashes and encodings: sha256, hex, base64, crc32.
package main

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"hash/crc32"
)

func main() {
	sum := sha256.Sum256([]byte("hello"))
	fmt.Println(hex.EncodeToString(sum[:8]))
	fmt.Printf("%x\n", sum[:4])
	enc := base64.StdEncoding.EncodeToString([]byte("peerbook"))
	fmt.Println(enc)
	dec, err := base64.StdEncoding.DecodeString(enc)
	fmt.Println(string(dec), err)
	fmt.Println(crc32.ChecksumIEEE([]byte("abc")))
	b, err := hex.DecodeString("zz")
	fmt.Println(b, err)
}
