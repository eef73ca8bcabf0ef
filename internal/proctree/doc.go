// Package proctree reads and ends the tree of processes below this one: the process list
// of /proc, the state of one process, a child subreaper (PR_SET_CHILD_SUBREAPER), and the
// killing and reaping of descendants. The kernel and its evaluator both use it to end what
// cells leave running (see kernel/leftovers.go and internal/evaluator). It is
// Linux's only: elsewhere every function reports nothing and does nothing.
package proctree
