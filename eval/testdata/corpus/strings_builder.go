// strings.Builder, bytes.Buffer and fmt.Fprintf into them.
package main

import (
	"bytes"
	"fmt"
	"strings"
)

func main() {
	var sb strings.Builder
	for i := 0; i < 3; i++ {
		fmt.Fprintf(&sb, "[%d]", i)
	}
	sb.WriteString("!")
	sb.WriteByte('?')
	sb.WriteRune('é')
	fmt.Println(sb.String(), sb.Len())
	var buf bytes.Buffer
	buf.WriteString("hello ")
	buf.Write([]byte("world"))
	fmt.Fprintln(&buf, "!")
	fmt.Print(buf.String())
	line, err := buf.ReadString(' ')
	fmt.Printf("%q %v %q\n", line, err, buf.String())
}
