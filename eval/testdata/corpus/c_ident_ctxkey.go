package main

import (
	"context"
	"fmt"
)

type ctxKey string
type otherKey string
type reqIDKey struct{}

func handler(ctx context.Context) {
	user, _ := ctx.Value(ctxKey("user")).(string)
	plain, hasPlain := ctx.Value("user").(string)
	other, hasOther := ctx.Value(otherKey("user")).(string)
	id, _ := ctx.Value(reqIDKey{}).(int)
	fmt.Printf("user=%q plain=%q(%v) other=%q(%v) id=%d\n", user, plain, hasPlain, other, hasOther, id)
}

func main() {
	ctx := context.Background()
	ctx = context.WithValue(ctx, ctxKey("user"), "alice")
	handler(ctx)
	ctx = context.WithValue(ctx, "user", "bob")
	handler(ctx)
	ctx = context.WithValue(ctx, otherKey("user"), "carol")
	ctx = context.WithValue(ctx, reqIDKey{}, 42)
	handler(ctx)
	ctx = context.WithValue(ctx, ctxKey("user"), "dave")
	handler(ctx)
}
