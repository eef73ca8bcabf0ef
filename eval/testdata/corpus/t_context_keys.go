// Context keys of an unexported type do not collide with string keys.
package main

import (
	"context"
	"fmt"
)

type ctxKey string

const userKey ctxKey = "user"

func handler(ctx context.Context) {
	if u, ok := ctx.Value(userKey).(string); ok {
		fmt.Println("user from typed key:", u)
	} else {
		fmt.Println("no user")
	}
	fmt.Println("string key:", ctx.Value("user"))
}

func main() {
	ctx := context.WithValue(context.Background(), "user", "mallory")
	handler(ctx)
	ctx = context.WithValue(ctx, userKey, "alice")
	handler(ctx)
}
