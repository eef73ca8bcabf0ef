package main

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/csv"
	"encoding/hex"
	"fmt"
	"hash/crc32"
	"hash/fnv"
	"os"
	"strings"
)

func main() {
	data := []byte("hello, world")
	fmt.Printf("%x\n", sha256.Sum256(data))
	fmt.Printf("%x\n", sha1.Sum(data))
	fmt.Printf("%X\n", md5.Sum(data))
	h := sha256.New()
	h.Write([]byte("hello, "))
	h.Write([]byte("world"))
	fmt.Println(hex.EncodeToString(h.Sum(nil))[:16], h.Size(), h.BlockSize())
	f := fnv.New32a()
	f.Write(data)
	fmt.Println(f.Sum32())
	f64 := fnv.New64()
	f64.Write(data)
	fmt.Println(f64.Sum64())
	fmt.Println(crc32.ChecksumIEEE(data))

	enc := base64.StdEncoding.EncodeToString(data)
	fmt.Println(enc, base64.URLEncoding.EncodeToString([]byte{0xfb, 0xff}), base64.RawStdEncoding.EncodeToString([]byte("ab")))
	dec, err := base64.StdEncoding.DecodeString(enc)
	fmt.Println(string(dec), err)
	_, err = base64.StdEncoding.DecodeString("!!!")
	fmt.Println(err)
	fmt.Println(hex.Dump([]byte("peerbook hex dump!")))
	_, err = hex.DecodeString("abz")
	fmt.Println(err)
	b, _ := hex.DecodeString("cafe")
	fmt.Println(b, binary.BigEndian.Uint16(b), binary.LittleEndian.Uint16(b))
	buf := make([]byte, 0, 16)
	buf = binary.AppendUvarint(buf, 300)
	buf = binary.BigEndian.AppendUint32(buf, 0xdeadbeef)
	fmt.Printf("% x\n", buf)
	v, n := binary.Uvarint(buf)
	fmt.Println(v, n)

	r := csv.NewReader(strings.NewReader("name,qty,note\n\"Smith, J\",3,\"said \"\"hi\"\"\"\nDoe,5,\n"))
	recs, err := r.ReadAll()
	fmt.Println(len(recs), err)
	for _, rec := range recs {
		fmt.Printf("%q\n", rec)
	}
	w := csv.NewWriter(os.Stdout)
	w.Write([]string{"a,b", "c\"d", "e"})
	w.Comma = ';'
	w.Write([]string{"x", "y z", ""})
	w.Flush()
	fmt.Println(w.Error())
	_, err = csv.NewReader(strings.NewReader("a,b\nc\n")).ReadAll()
	fmt.Println(err)
}
