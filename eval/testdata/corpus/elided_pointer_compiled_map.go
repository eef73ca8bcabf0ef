package main

import (
	"fmt"
	"io/fs"
	"testing/fstest"
)

func main() {
	fsys := fstest.MapFS{
		"hello.txt":     {Data: []byte("Hello, World!\n")},
		"dir/notes.txt": {Data: []byte("notes"), Mode: 0o600},
		"dir/a.md":      &fstest.MapFile{Data: []byte("# a")},
	}
	data, err := fs.ReadFile(fsys, "hello.txt")
	fmt.Printf("%q %v\n", data, err)
	matches, err := fs.Glob(fsys, "dir/*.txt")
	fmt.Println(matches, err)
	info, err := fs.Stat(fsys, "dir/notes.txt")
	fmt.Println(info.Name(), info.Size(), info.Mode(), err)
	fmt.Println(fsys["dir/a.md"].Data != nil, len(fsys))
}
