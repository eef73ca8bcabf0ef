package interp

// peerbook patch 202: instances of generic struct types in a cycle (List[T] holding an
// Element[T] by value, each Element[T] pointing at its List[T], as in container/list).
// Making List[int] resolves its fields, which makes Element[int], whose list field
// names List[int] again: the instance was not registered yet (it is, under its name,
// once its type is complete), so genType made it again, and again, until the bound of
// patch 74 stopped the compilation. A struct type naming itself is registered before
// its fields are resolved and completed in place (nodeType2's structType case); an
// instance now is too, under its declared name and with its name, and a type of the
// cycle naming it gets that struct. The methods of the instances made while a struct
// instance is being made are compiled once the outermost is complete: they may use the
// fields of any of them (Element[T].Next reads e.list.root). A cycle through an
// instance other than a struct (an interface List[T] whose methods take a Cons[T]
// holding a List[T]) is left to the bound, as before.

// instancesMaking are the instances of generic types being made, outermost first, and
// the methods of struct instances waiting for the outermost struct to be complete.
type instancesMaking struct {
	stack   []instanceMaking
	pending []pendingMethod
}

// instanceMaking is an instance being made: genAST's AST of it, whether it is a struct,
// and the struct registered for it under its declared name, in scope sc, if begin did.
type instanceMaking struct {
	g           *node
	isStruct    bool
	sc          *scope
	placeholder *itype
}

// pendingMethod is a method of an instance made while a struct instance was being made.
type pendingMethod struct {
	gm, nod *node
}

// structs returns the number of struct instances being made.
func (m *instancesMaking) structs() int {
	n := 0
	for _, x := range m.stack {
		if x.isStruct {
			n++
		}
	}
	return n
}

// begin records that the instance g of lt is being made and, for a struct, registers it
// under its declared name (List[int]), named as it will be (main.List[int]).
func (m *instancesMaking) begin(sc *scope, lt *itype, g *node) int {
	st := g.lastChild()
	x := instanceMaking{g: g, isStruct: st.kind == structType, sc: sc}
	if decl := g.child[0].ident; x.isStruct && sc.sym[decl] == nil {
		pt := structOf(nil, nil, withNode(st), withScope(sc))
		pt.name, pt.path, pt.str = decl, lt.path, decl
		if lt.path != "" {
			pt.str = lt.path + "." + decl
		}
		sc.sym[decl] = &symbol{index: -1, kind: typeSym, typ: pt, node: st}
		x.placeholder = pt
	}
	m.stack = append(m.stack, x)
	return len(m.stack) - 1
}

// inCycle returns the struct being made for g when every instance begun since is a
// struct too (a cycle of structs, whose types are completed in place), else nil.
func (m *instancesMaking) inCycle(sc *scope, g *node) *itype {
	for i := len(m.stack) - 1; i >= 0; i-- {
		x := m.stack[i]
		if !x.isStruct {
			return nil
		}
		if x.g == g {
			if sym := sc.sym[g.child[0].ident]; sym != nil && sym.kind == typeSym && sym.typ != nil && sym.node == g.lastChild() {
				return sym.typ
			}
			return nil
		}
	}
	return nil
}

// end records that the instance begun at index i is made (ok) or failed. When the
// outermost struct instance is done, the methods waiting are compiled.
func (m *instancesMaking) end(interp *Interpreter, i int, ok bool) error {
	x := m.stack[i]
	m.stack = m.stack[:i]
	if !ok {
		x.forget()
	}
	if m.structs() > 0 {
		return nil
	}
	pending := m.pending
	m.pending = nil
	for _, p := range pending {
		if err := genMethodBody(interp, p.gm, p.nod); err != nil {
			return err
		}
	}
	return nil
}

// abort forgets the instances being made: a panic ends the compilation.
func (m *instancesMaking) abort() {
	for _, x := range m.stack {
		x.forget()
	}
	m.stack, m.pending = nil, nil
}

// forget removes the struct begin registered for an instance that failed.
func (x instanceMaking) forget() {
	if x.placeholder == nil {
		return
	}
	if sym := x.sc.sym[x.g.child[0].ident]; sym != nil && sym.typ == x.placeholder {
		delete(x.sc.sym, x.g.child[0].ident)
	}
}
