package rt

import "reflect"

// rangeError is the panic of a range-over-func loop whose iterator calls the loop's
// yield function after the loop body returned false or after the loop ended. Go's
// runtime panics there with a runtime.Error of type runtime.errorString, a string
// type as this one is; %T names it so (goTypeString).
type rangeError string

// Error is the runtime's message.
func (e rangeError) Error() string { return "runtime error: " + string(e) }

// RuntimeError marks the error as a runtime.Error, like the runtime's own.
func (e rangeError) RuntimeError() {}

// rangeErrorType is the reflect type of rangeError, for goTypeString.
var rangeErrorType = reflect.TypeOf(rangeError(""))

// RangeContinued returns the panic for a call of a range-over-func loop's yield
// function in the loop's state: 1 after the loop body returned false (a break, a
// return, a branch out of the loop), anything else after the loop ended (the iterator
// returned), with the runtime's messages.
func RangeContinued(state int) error {
	if state == 1 {
		return rangeError("range function continued iteration after function for loop body returned false")
	}
	return rangeError("range function continued iteration after whole loop exit")
}
