package interp

import (
	"go/ast"
	"go/token"
	"reflect"
)

// fixLibraryPrint redefines the library functions that print to the process's standard
// output themselves, so that they print to the interpreter's, as fixStdlib does for fmt's
// Print functions (yaegi patch 215). In the standard library that is go/ast.Print, the
// same as Fprint(os.Stdout, fset, x, NotNilFilter).
func fixLibraryPrint(interp *Interpreter) {
	if p := interp.binPkg["go/ast"]; p != nil {
		stdout := interp.stdout
		p["Print"] = reflect.ValueOf(func(fset *token.FileSet, x any) error {
			return ast.Fprint(stdout, fset, x, ast.NotNilFilter)
		})
	}
}
