package rewrite

import "go/ast"

func (x *cell) selectStmt(label *ast.Ident, st *ast.SelectStmt) []ast.Stmt { return nil }

func (x *cell) typeSwitch(label *ast.Ident, st *ast.TypeSwitchStmt) []ast.Stmt { return nil }

func (x *cell) declarations(f *ast.File) {}
