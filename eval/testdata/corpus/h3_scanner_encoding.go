package main

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"strings"
)

type Header struct {
	Magic   uint16
	Version uint8
	Flags   uint8
	Length  uint32
}

func main() {
	input := "alpha beta\ngamma  delta\n\nepsilon"
	sc := bufio.NewScanner(strings.NewReader(input))
	lines := 0
	for sc.Scan() {
		lines++
		fmt.Printf("%d:%q\n", lines, sc.Text())
	}
	ws := bufio.NewScanner(strings.NewReader(input))
	ws.Split(bufio.ScanWords)
	var words []string
	for ws.Scan() {
		words = append(words, ws.Text())
	}
	fmt.Println(len(words), words[len(words)-1])
	rs := bufio.NewScanner(strings.NewReader("héllo"))
	rs.Split(bufio.ScanRunes)
	n := 0
	for rs.Scan() {
		n++
	}
	fmt.Println("runes", n)

	var buf bytes.Buffer
	h := Header{Magic: 0xCAFE, Version: 2, Flags: 5, Length: 1024}
	if err := binary.Write(&buf, binary.BigEndian, h); err != nil {
		fmt.Println(err)
	}
	fmt.Println(hex.EncodeToString(buf.Bytes()), binary.Size(h))
	var back Header
	binary.Read(bytes.NewReader(buf.Bytes()), binary.BigEndian, &back)
	fmt.Printf("%+v %v\n", back, back == h)
	b := make([]byte, 8)
	binary.LittleEndian.PutUint32(b, 0xDEADBEEF)
	binary.BigEndian.PutUint16(b[4:], 0x0102)
	fmt.Println(b, binary.LittleEndian.Uint16(b[4:]))
	vb := binary.AppendUvarint(nil, 300)
	v, sz := binary.Uvarint(vb)
	fmt.Println(vb, v, sz)

	enc := base64.StdEncoding.EncodeToString([]byte("peerbook?>"))
	url := base64.URLEncoding.EncodeToString([]byte("peerbook?>"))
	raw := base64.RawStdEncoding.EncodeToString([]byte("ab"))
	fmt.Println(enc, url, raw)
	dec, err := base64.StdEncoding.DecodeString("aGVsbG8=")
	fmt.Println(string(dec), err)
	_, err = base64.StdEncoding.DecodeString("!!")
	fmt.Println(err)
	_, err = hex.DecodeString("abz")
	fmt.Println(err)
	fmt.Print(hex.Dump([]byte("0123456789abcdefXYZ")))
}
