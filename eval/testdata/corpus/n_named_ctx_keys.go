// Request-scoped values in a context, keyed by unexported named types as Go advises.
package main

import (
	"context"
	"fmt"
)

type ctxKey string
type requestIDKey struct{}
type attemptKey int

const (
	userKey ctxKey = "user"
	roleKey ctxKey = "role"
)

func withUser(ctx context.Context, name, role string) context.Context {
	ctx = context.WithValue(ctx, userKey, name)
	return context.WithValue(ctx, roleKey, role)
}

func describe(ctx context.Context) string {
	user, _ := ctx.Value(userKey).(string)
	role, ok := ctx.Value(roleKey).(string)
	if !ok {
		role = "none"
	}
	id, _ := ctx.Value(requestIDKey{}).(int)
	n, _ := ctx.Value(attemptKey(0)).(int)
	return fmt.Sprintf("user=%q role=%s id=%d attempt=%d", user, role, id, n)
}

func main() {
	ctx := context.Background()
	// A third-party package that (wrongly) uses plain strings and ints as keys.
	ctx = context.WithValue(ctx, "user", "mallory")
	ctx = context.WithValue(ctx, 0, 99)
	ctx = context.WithValue(ctx, struct{}{}, 123)
	fmt.Println(describe(ctx))

	ctx = withUser(ctx, "alice", "admin")
	ctx = context.WithValue(ctx, requestIDKey{}, 42)
	ctx = context.WithValue(ctx, attemptKey(0), 3)
	fmt.Println(describe(ctx))
	fmt.Println(ctx.Value("user"), ctx.Value(0), ctx.Value(struct{}{}))
	fmt.Println(ctx.Value(ctxKey("user")) == ctx.Value(userKey))
}
