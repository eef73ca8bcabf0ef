package eval

import "testing"

// A package variable initialized with a printed value of a cell type with a String or
// Error method printed it without the method (`<map[k1:go]>` for Go's
// `<map[N1<k1>:N1<go>]>`, random program seeds 2184 and 2592): the rewrite registered
// the type's printing methods in a declaration after the cell's own, and the variables
// were initialized first. The registration now comes before them, as the json one
// did. The expected output is go run's.
func TestPackageVarPrintsMethod(t *testing.T) {
	checkCorpusProgram(t, "smith_package_var_prints_method")
}
