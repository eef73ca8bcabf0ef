package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

func main() {
	dir, err := os.MkdirTemp("", "pbcorpus")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	for i, name := range []string{"b.txt", "a.txt", "c.log"} {
		os.WriteFile(filepath.Join(dir, name), []byte(fmt.Sprintf("line %d\nsecond\n", i)), 0o644)
	}
	matches, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	var names []string
	for _, m := range matches {
		names = append(names, filepath.Base(m))
	}
	sort.Strings(names)
	fmt.Println(names)
	f, _ := os.Open(filepath.Join(dir, "a.txt"))
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fmt.Println(sc.Text())
	}
	_, err = os.Stat(filepath.Join(dir, "missing"))
	fmt.Println(os.IsNotExist(err))
	entries, _ := os.ReadDir(dir)
	fmt.Println(len(entries))
}
