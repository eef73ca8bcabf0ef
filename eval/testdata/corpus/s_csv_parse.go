package main

import (
	"encoding/csv"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func main() {
	data := "name,qty,price\npen,3,1.5\n\"big, red book\",1,12.25\n"
	r := csv.NewReader(strings.NewReader(data))
	records, err := r.ReadAll()
	fmt.Println(len(records), err)
	total := 0.0
	for _, rec := range records[1:] {
		q, _ := strconv.Atoi(rec[1])
		p, _ := strconv.ParseFloat(rec[2], 64)
		total += float64(q) * p
		fmt.Printf("%q\n", rec[0])
	}
	fmt.Printf("%.2f\n", total)
	w := csv.NewWriter(os.Stdout)
	w.Write([]string{"a,b", "c"})
	w.Flush()
}
