// A *log.Logger's printing methods call String, Format and GoString like log's functions.
package main

import (
	"fmt"
	"log"
	"os"
)

type Temp float64

func (t Temp) String() string { return fmt.Sprintf("%.1f°C", float64(t)) }

type ID int

func (id ID) Format(f fmt.State, verb rune) {
	if verb == 'x' {
		fmt.Fprintf(f, "id-%04x", int(id))
		return
	}
	fmt.Fprintf(f, "id-%d", int(id))
}

type Key struct{ k string }

func (Key) GoString() string { return "Key(hidden)" }

func main() {
	l := log.New(os.Stdout, "app: ", 0)
	l.Println(Temp(21.5), ID(7))
	l.Printf("%v %x %#v %s", ID(255), ID(255), Key{"s"}, Temp(-3))
	l.Print(ID(1), " ", []ID{2, 3})
	l.SetPrefix("[x] ")
	l.Printf("%v|%+v", map[ID]Temp{1: 20}, struct{ T Temp }{4})
	log.SetOutput(os.Stdout)
	log.SetFlags(0)
	log.Printf("%v %#v", ID(9), Key{})
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		l.Panicf("bad %v", ID(5))
	}()
}
