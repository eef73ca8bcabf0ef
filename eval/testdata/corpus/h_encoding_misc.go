package main

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/csv"
	"encoding/hex"
	"fmt"
	"strings"
)

type Header struct {
	Magic   uint32
	Version uint16
	Flags   uint16
	Length  int64
}

func main() {
	buf := new(bytes.Buffer)
	h := Header{0xCAFEBABE, 3, 0x8001, -42}
	err := binary.Write(buf, binary.BigEndian, h)
	fmt.Println(err, buf.Len(), hex.EncodeToString(buf.Bytes()))
	var back Header
	err = binary.Read(bytes.NewReader(buf.Bytes()), binary.BigEndian, &back)
	fmt.Printf("%v %+v %v\n", err, back, back == h)
	b := make([]byte, 8)
	binary.LittleEndian.PutUint32(b, 0x01020304)
	binary.BigEndian.PutUint16(b[4:], 0xABCD)
	fmt.Println(b, binary.LittleEndian.Uint16(b[4:]))
	vb := binary.AppendUvarint(nil, 300)
	v, n := binary.Uvarint(vb)
	fmt.Println(vb, v, n)
	fmt.Println(binary.Size(h))
	enc := base64.StdEncoding.EncodeToString([]byte("hello, 世界?"))
	dec, _ := base64.StdEncoding.DecodeString(enc)
	fmt.Println(enc, string(dec), base64.URLEncoding.EncodeToString([]byte{0xfb, 0xff}), base64.RawStdEncoding.EncodeToString([]byte("a")))
	_, err = base64.StdEncoding.DecodeString("@@@")
	fmt.Println(err)
	fmt.Print(hex.Dump([]byte("peerbook hex dump!")))
	_, err = hex.DecodeString("abc")
	fmt.Println(err)
	r := csv.NewReader(strings.NewReader("name,qty\n\"Smith, J\",3\nDoe,\"4\"\n"))
	recs, err := r.ReadAll()
	fmt.Println(len(recs), recs, err)
	var out bytes.Buffer
	w := csv.NewWriter(&out)
	w.Write([]string{"a,b", `say "hi"`, "plain"})
	w.Flush()
	fmt.Print(out.String())
	_, err = csv.NewReader(strings.NewReader("a,\"b\nc")).ReadAll()
	fmt.Println(err)
}
