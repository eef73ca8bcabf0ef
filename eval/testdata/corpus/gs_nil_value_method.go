package main

import (
	"errors"
	"fmt"
	"runtime"
)

type Celsius float64

type Reader interface{ Read() string }

func (c Celsius) Read() string { return fmt.Sprintf("%.1f°C", float64(c)) }

type Sensor struct{ Name string }

func (s Sensor) Read() string { return s.Name }

func safeRead(r Reader) (out string, err error) {
	defer func() {
		if p := recover(); p != nil {
			var re runtime.Error
			if e, ok := p.(error); ok && errors.As(e, &re) {
				err = re
				return
			}
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	return r.Read(), nil
}

func main() {
	var c *Celsius
	var s *Sensor
	readers := []Reader{Celsius(21.5), c, Sensor{"door"}, s}
	for _, r := range readers {
		out, err := safeRead(r)
		fmt.Printf("%q %v\n", out, err)
	}
}
