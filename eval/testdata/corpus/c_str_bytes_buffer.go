package main

import (
	"bytes"
	"fmt"
	"io"
)

type Packet struct {
	Kind byte
	Body []byte
}

func encode(ps []Packet) []byte {
	var buf bytes.Buffer
	for _, p := range ps {
		buf.WriteByte(p.Kind)
		buf.WriteByte(byte(len(p.Body)))
		buf.Write(p.Body)
	}
	return buf.Bytes()
}

func decode(data []byte) ([]Packet, error) {
	r := bytes.NewReader(data)
	var out []Packet
	for {
		kind, err := r.ReadByte()
		if err == io.EOF {
			return out, nil
		}
		n, err := r.ReadByte()
		if err != nil {
			return out, fmt.Errorf("length: %w", err)
		}
		body := make([]byte, n)
		if _, err := io.ReadFull(r, body); err != nil {
			return out, fmt.Errorf("body of %c: %w", kind, err)
		}
		out = append(out, Packet{kind, body})
	}
}

func main() {
	data := encode([]Packet{{'A', []byte("hello")}, {'B', nil}, {'C', []byte{1, 2}}})
	fmt.Printf("% x\n", data)
	ps, err := decode(data)
	fmt.Println(len(ps), err)
	for _, p := range ps {
		fmt.Printf("%c %q\n", p.Kind, p.Body)
	}
	_, err = decode(data[:5])
	fmt.Println(err)
	fmt.Println(bytes.Equal([]byte("a"), []byte("a")), bytes.Compare([]byte("a"), []byte("b")))
	fmt.Println(string(bytes.ToUpper([]byte("shout"))), bytes.Contains(data, []byte("ell")), bytes.IndexByte(data, 'C'))
	fields := bytes.Fields([]byte(" a  bb ccc "))
	fmt.Printf("%q %s\n", fields, bytes.Join(fields, []byte("+")))
	var b bytes.Buffer
	fmt.Fprintf(&b, "%d-%s", 7, "x")
	b.WriteString("!")
	fmt.Println(b.String(), b.Len())
	next := b.Next(2)
	fmt.Println(string(next), b.String())
	fmt.Println(bytes.TrimSpace([]byte("\t hi \n")), string(bytes.Title([]byte("x"))))
}
