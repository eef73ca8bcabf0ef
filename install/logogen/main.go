// Command logogen writes peerbook's kernelspec logos (logo-32x32.png, logo-64x64.png) into
// the install folder:
//
//	go run ./install/logogen [-dir install]
package main

import (
	"bytes"
	"flag"
	"fmt"
	"image/png"
	"os"
	"path/filepath"

	"github.com/peerbook/peerbook/install"
)

func main() {
	dir := flag.String("dir", "install", "folder to write the PNGs into")
	flag.Parse()
	for _, size := range []int{32, 64} {
		var b bytes.Buffer
		if err := png.Encode(&b, install.DrawLogo(size)); err != nil {
			fmt.Fprintln(os.Stderr, "logogen:", err)
			os.Exit(1)
		}
		path := filepath.Join(*dir, fmt.Sprintf("logo-%dx%d.png", size, size))
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "logogen:", err)
			os.Exit(1)
		}
		fmt.Println("wrote", path)
	}
}
