package eval

// StripANSI is stripANSICodes, for the tests of package eval_test.
var StripANSI = stripANSICodes
