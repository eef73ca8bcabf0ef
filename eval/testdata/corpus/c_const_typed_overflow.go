package main

import (
	"fmt"
	"math"
	"math/bits"
	"strconv"
)

type Port uint16
type Millis int64

const DefaultPort Port = 8080
const Timeout = 1500 * Millis(1)

func main() {
	fmt.Printf("%v %T %v %T\n", DefaultPort, DefaultPort, Timeout, Timeout)
	var p = DefaultPort + 1
	fmt.Println(p, Port(65535)+p-p)
	var big uint16 = math.MaxUint16
	big++
	fmt.Println(big)
	var i32 int32 = math.MaxInt32
	i32++
	fmt.Println(i32)
	sum, carry := bits.Add64(math.MaxUint64, 1, 0)
	fmt.Println(sum, carry)
	hi, lo := bits.Mul64(1<<63, 4)
	fmt.Println(hi, lo)
	fmt.Println(bits.OnesCount8(0xF0), bits.LeadingZeros32(1), bits.Len(255), bits.Reverse8(1))
	fmt.Println(strconv.FormatUint(math.MaxUint64, 2)[:8], strconv.FormatInt(math.MinInt64, 16))
	fmt.Println(uint8(300&0xff), int8(-1)&0x7f, -5>>1, uint(5)>>1)
}
