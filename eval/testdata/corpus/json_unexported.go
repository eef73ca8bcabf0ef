// encoding/json ignores unexported fields.
package main

import (
	"encoding/json"
	"fmt"
)

type Account struct {
	ID       int
	Owner    string
	password string
}

func main() {
	a := Account{1, "ann", "secret"}
	b, _ := json.Marshal(a)
	fmt.Println(string(b))
	var back Account
	json.Unmarshal(b, &back)
	fmt.Println(back.ID, back.Owner, back.password == "")
}
