package main

import "fmt"

type Base struct {
	ID      int
	Created string
}

type Audit struct {
	By string
}

type User struct {
	Base
	*Audit
	Name  string
	Email string
}

type Admin struct {
	User
	Level int
}

func main() {
	u := User{Base: Base{1, "2024-01-01"}, Audit: &Audit{"root"}, Name: "Ann", Email: "ann@x.io"}
	a := Admin{User: u, Level: 9}
	fmt.Printf("%v\n", u.Base)
	fmt.Printf("%+v\n", u.Base)
	fmt.Printf("%#v\n", u.Base)
	fmt.Printf("%+v\n", a.User.Base)
	fmt.Println(a.ID, a.Name, a.By, a.Level)
	fmt.Printf("%T %T %T\n", a, a.User, a.Audit)
	u2 := User{Name: "NoAudit"}
	fmt.Printf("%+v\n", u2.Base)
	fmt.Println(u2.Audit == nil)
	type local struct {
		Base
		Note string
	}
	fmt.Printf("%+v\n", local{Base{2, "x"}, "n"})
	fmt.Printf("%#v\n", local{Note: "m"})
}
