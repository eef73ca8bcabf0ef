package main

import (
	"crypto/md5"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"hash/crc32"
	"hash/fnv"
)

func main() {
	data := []byte("hello world")
	fmt.Printf("%x\n", sha256.Sum256(data))
	fmt.Printf("%x\n", md5.Sum(data))
	fmt.Println(crc32.ChecksumIEEE(data))
	h := fnv.New32a()
	h.Write(data)
	fmt.Println(h.Sum32())
	enc := base64.StdEncoding.EncodeToString(data)
	dec, _ := base64.StdEncoding.DecodeString(enc)
	fmt.Println(enc, string(dec), hex.EncodeToString([]byte{0xde, 0xad}))
	_, err := hex.DecodeString("zz")
	fmt.Println(err)
}
