package eval

// StripANSI is stripANSICodes, for the tests of package eval_test.
var StripANSI = stripANSICodes

// SetCallStackLimit bounds the stack the session's nested interpreted calls are taken to
// use (yaegi patch 180).
func (s *Session) SetCallStackLimit(bytes int64) { s.in.SetCallStackLimit(bytes) }
