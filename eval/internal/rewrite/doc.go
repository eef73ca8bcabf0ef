// Package rewrite makes Go cells behave like Go 1.26 on yaegi v0.16.1.
//
// yaegi gets a number of Go semantics wrong or lacks them. A Rewriter fixes a cell
// before yaegi sees it:
//
//   - Prepare installs, once per interpreter, what rewritten code relies on: a compiled
//     helper package (package rt), interpreted helpers in package main (names that start
//     with _pb_), the interpreted source of package iter, and the generic functions of
//     Go 1.23's slices and maps (as _pb_slices_NAME and _pb_maps_NAME: yaegi's own source
//     lacks most of them and some of the rest do not run).
//   - Cell (or File) type-checks a cell with go/types against what earlier cells
//     declared (the Rewriter remembers their declarations, and the types of the
//     variables their statements declared), then rewrites the cell's AST in place.
//     The rewrites need the types: range over an int and over a function look alike
//     without them. CellChecked rewrites with a check the session made (one check per
//     cell for both); Check is the check Cell would make, changing nothing.
//
// The rewrites, each in its own file:
//
//   - loops.go: range over integers (a three-clause loop on a hidden counter, the
//     operand evaluated once, a fresh loop variable per iteration), range over
//     functions (the body becomes the yield function; break, continue, return, labelled
//     branches and defer keep their meaning), range over array pointers and over
//     slices of channels, and Go 1.22 per-iteration loop variables when closures or
//     pointers capture them;
//   - defer.go: defer and go statements evaluate their function value, receiver and
//     arguments at the statement, each iteration of a loop its own;
//   - expressions.go: min and max (constants folded), clear, method expressions,
//     explicit type arguments for every generic call (yaegi infers them wrongly from
//     function and variadic arguments), calls of slices and maps functions sent to the
//     prelude, the untyped constant of a non-constant shift converted to the type Go
//     gives it (uint64 in w & (1<<s));
//   - conversions.go: values of the session's types converted to interfaces through a
//     function parameter (yaegi loses their methods on assignment); to error, a boxed
//     error that keeps the value for type assertions, errors.Is and errors.As (and a
//     nil pointer stays a non-nil error); method values that copy their receiver;
//   - typeswitch.go, asserts.go: type switches and type assertions as comma-ok
//     assertions that work (interfaces of the session, values held in errors, values
//     recovered from panics), failed assertions panicking with the runtime's message,
//     errors.As;
//   - select.go: break and continue inside select become goto statements;
//   - printing.go: the operands of fmt's and log's printing functions carry a
//     description of their static type, so that String and Error methods, field names
//     (%+v) and type names (%T) print as Go prints them, also inside slices, maps,
//     structs and interfaces; fmtmethods.go registers GoString, Format and LogValue
//     methods for the printer and for log/slog, whose arguments pass through
//     rt.SlogValue; printfunc.go sends calls whose verbs are known only when they run,
//     and printing functions used as values, through rt.PrintFunc;
//   - declarations.go: package variables in Go's initialisation order, unexported
//     fields hidden from encoding/json.
//
// Rewritten code keeps the user's positions: nodes that are moved keep theirs, and
// generated nodes get the position of the statement or expression they replace, so that
// yaegi's errors still point at the user's cell line. Names the rewrites introduce start
// with _pb_; cells should not use such names, and a session should hide them (from
// listings of variables and from completion).
//
// What is not fixed is listed, with the reason, in eval/testdata/corpus/KNOWN_FAILURES.txt
// (the semantics corpus that the tests of this package and of package eval run).
//
// A Rewriter belongs to one interpreter session and is not safe for concurrent use.
//
// With PEERBOOK_REWRITE_DEBUG set in the environment, every rewritten cell is printed
// to stderr.
package rewrite
