package main

import (
	"context"
	"fmt"
	"strings"
)

type traceKey struct{}
type userKey struct{}
type roleKey int

const (
	primaryRole roleKey = iota
	secondaryRole
)

type Request struct {
	Path string
	ctx  context.Context
}

func withAuth(r Request, header string) Request {
	user, role, _ := strings.Cut(header, ":")
	ctx := context.WithValue(r.ctx, userKey{}, user)
	ctx = context.WithValue(ctx, primaryRole, role)
	return Request{r.Path, ctx}
}

func withTrace(r Request, id string) Request {
	return Request{r.Path, context.WithValue(r.ctx, traceKey{}, id)}
}

func handle(r Request) string {
	user, _ := r.ctx.Value(userKey{}).(string)
	role, _ := r.ctx.Value(primaryRole).(string)
	other := r.ctx.Value(secondaryRole)
	trace, ok := r.ctx.Value(traceKey{}).(string)
	if !ok {
		trace = "-"
	}
	plain := r.ctx.Value(0)
	return fmt.Sprintf("%s user=%s role=%s trace=%s secondary=%v plain0=%v", r.Path, user, role, trace, other, plain)
}

func main() {
	base := Request{"/home", context.Background()}
	fmt.Println(handle(base))
	fmt.Println(handle(withAuth(base, "ann:admin")))
	fmt.Println(handle(withTrace(withAuth(base, "bob:viewer"), "t-42")))
	ctx := context.WithValue(context.Background(), 0, "int zero")
	fmt.Println(handle(Request{"/int", ctx}))
	fmt.Println(ctx.Value(primaryRole) == nil, ctx.Value(0))
}
