package main

import (
	"fmt"
	"strconv"
)

type ID int

func Format[T any](v T) string {
	switch x := any(v).(type) {
	case int:
		return "int:" + strconv.Itoa(x)
	case ID:
		return fmt.Sprintf("id#%d", int(x))
	case string:
		return "str:" + strconv.Quote(x)
	case fmt.Stringer:
		return "stringer:" + x.String()
	case error:
		return "err:" + x.Error()
	default:
		return fmt.Sprintf("other:%T", v)
	}
}

type Temp float64

func (t Temp) String() string { return fmt.Sprintf("%.1fC", float64(t)) }

func Zero[T any]() T {
	var z T
	return z
}

func IsZero[T comparable](v T) bool { return v == Zero[T]() }

func TypeName[T any]() string { return fmt.Sprintf("%T", Zero[T]()) }

func main() {
	fmt.Println(Format(3), Format(ID(3)), Format("q"), Format(Temp(21)), Format(fmt.Errorf("e")), Format(2.5))
	fmt.Println(Format[any](ID(9)), Format[fmt.Stringer](Temp(1)))
	fmt.Println(IsZero(0), IsZero(ID(0)), IsZero("x"), IsZero(Temp(0)), IsZero[any](nil))
	fmt.Println(TypeName[ID](), TypeName[Temp](), TypeName[[]ID](), TypeName[map[string]Temp](), TypeName[error]())
	fmt.Printf("%#v %#v\n", Zero[ID](), Zero[struct{ A ID }]())
}
