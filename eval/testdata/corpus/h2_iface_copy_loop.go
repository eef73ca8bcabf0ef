package main

import "fmt"

type Player struct{ W, P int }

func (p Player) Rate() float64 { return float64(p.W) / float64(p.P) }

type Scored interface{ Rate() float64 }

type Celsius float64

func (c Celsius) String() string { return fmt.Sprintf("%.1fC", float64(c)) }

func main() {
	var sc []Scored
	var anys []any
	m := map[int]Scored{}
	for i, p := range []Player{{3, 4}, {1, 2}} {
		sc = append(sc, p)
		anys = append(anys, p)
		m[i] = p
	}
	fmt.Println(sc[0].Rate(), sc[1].Rate(), m[0].Rate(), m[1].Rate(), anys[0].(Player).W, anys[1].(Player).W)
	players := []Player{{1, 4}, {2, 4}}
	var held []Scored
	for i := range players {
		held = append(held, players[i])
	}
	players[0].W = 0
	fmt.Println(held[0].Rate(), held[1].Rate())
	var temps []fmt.Stringer
	t := Celsius(1)
	for k := 0; k < 3; k++ {
		temps = append(temps, t)
		t += 10
	}
	fmt.Println(temps[0].String(), temps[1].String(), temps[2].String())
}
