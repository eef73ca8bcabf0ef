package rewrite_test

import (
	"os"
	"testing"
	"time"
)

func TestZZScratch(t *testing.T) {
	src, err := os.ReadFile(os.Getenv("ZZ_SRC"))
	if err != nil {
		t.Skip()
	}
	os.Setenv("PEERBOOK_REWRITE_DUMP", "1")
	if err := runOnYaegi(string(src), os.Stdout, 10*time.Second); err != nil {
		t.Fatal(err)
	}
}
