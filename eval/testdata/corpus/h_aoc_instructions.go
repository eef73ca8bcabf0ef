package main

import (
	"fmt"
	"strconv"
	"strings"
)

const program = `set a 1
add a 2
mul a a
mod a 5
set b 10
jnz b 2
set c 99
add c b
add b -3
jgz b -2
snd c`

type instr struct {
	op   string
	x, y string
}

func main() {
	var prog []instr
	for _, line := range strings.Split(program, "\n") {
		f := strings.Fields(line)
		in := instr{op: f[0], x: f[1]}
		if len(f) > 2 {
			in.y = f[2]
		}
		prog = append(prog, in)
	}
	regs := map[string]int{}
	val := func(s string) int {
		if n, err := strconv.Atoi(s); err == nil {
			return n
		}
		return regs[s]
	}
	steps := 0
	for pc := 0; pc >= 0 && pc < len(prog); pc++ {
		steps++
		in := prog[pc]
		switch in.op {
		case "set":
			regs[in.x] = val(in.y)
		case "add":
			regs[in.x] += val(in.y)
		case "mul":
			regs[in.x] *= val(in.y)
		case "mod":
			regs[in.x] %= val(in.y)
		case "jnz":
			if val(in.x) != 0 {
				pc += val(in.y) - 1
			}
		case "jgz":
			if val(in.x) > 0 {
				pc += val(in.y) - 1
			}
		case "snd":
			fmt.Println("sound", val(in.x))
		}
	}
	fmt.Println(regs["a"], regs["b"], regs["c"], steps)
}
