package main

import (
	"fmt"
	"math"
	"strconv"
)

type Weekday int

const (
	Sunday Weekday = iota
	Monday
	Tuesday
	_
	Thursday
)

const (
	KB = 1 << (10 * (iota + 1))
	MB
	GB
)

const big = 1 << 100
const huge = big >> 98

func main() {
	fmt.Println(Sunday, Monday, Thursday, KB, MB, GB, huge)
	var i32 int32 = math.MaxInt32
	i32++
	fmt.Println(i32, -math.MinInt64 == math.MinInt64)
	var m int64 = math.MinInt64
	fmt.Println(m/-1, m%-1, -m)
	var u uint = 0
	u--
	fmt.Println(u == math.MaxUint, uint32(u), uint8(300&0xFF))
	f := 1e20
	fmt.Println(int64(f) == math.MinInt64 || true, uint8(int(-1)&0xff))
	fmt.Println(7/2, -7/2, 7.0/2, 1/3.0, float32(1)/3)
	const c = 10 / 3
	const d = 10 / 3.0
	fmt.Println(c, d, c*3, d*3 == 10)
	x := 0.1
	fmt.Println(x+0.2 == 0.3, 0.1+0.2 == 0.3, math.Abs(x+0.2-0.3) < 1e-9)
	fmt.Println(strconv.Itoa(math.MaxInt64), strconv.FormatInt(-255, 16), strconv.FormatUint(math.MaxUint64, 2)[:8])
	n, err := strconv.ParseInt("9223372036854775808", 10, 64)
	fmt.Println(n, err)
	n8, err := strconv.ParseInt("-129", 10, 8)
	fmt.Println(n8, err)
	b, err := strconv.ParseBool("T")
	fmt.Println(b, err, strconv.Quote("tab\there\n\"q\""), strconv.QuoteToASCII("é世"))
	uq, err := strconv.Unquote(`"a\u00e9\x41"`)
	fmt.Println(uq, err)
	pf, err := strconv.ParseFloat("1e400", 64)
	fmt.Println(pf, err)
	h, _ := strconv.ParseInt("0x1F", 0, 64)
	o, _ := strconv.ParseInt("0o17", 0, 64)
	bb, _ := strconv.ParseInt("-0b101", 0, 64)
	us, _ := strconv.ParseInt("1_000", 0, 64)
	fmt.Println(h, o, bb, us)
	fmt.Println(Weekday(2) == Tuesday, Monday+Thursday)
	var r rune = 'a' + 1
	var by byte = 'z'
	fmt.Println(r, by, string(r), string(by), by+1)
}
