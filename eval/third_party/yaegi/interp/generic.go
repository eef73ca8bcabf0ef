package interp

import (
	"reflect"
	"strconv"
	"strings"
	"sync/atomic"
)

// adot produces an AST dot(1) directed acyclic graph for the given node. For debugging only.
// func (n *node) adot() { n.astDot(dotWriter(n.interp.dotCmd), n.ident) }

// genAST returns a new AST where generic types are replaced by instantiated types.
func genAST(sc *scope, root *node, types []*itype) (*node, bool, error) {
	typeParam := map[string]*node{}
	pindex := 0
	tname := ""
	rtname := ""
	recvrPtr := false
	fixNodes := []*node{}
	var gtree func(*node, *node) (*node, error)
	sname := root.child[0].ident + "["
	if root.kind == funcDecl {
		sname = root.child[1].ident + "["
	}

	// Input type parameters must be resolved prior AST generation, as compilation
	// of generated AST may occur in a different scope.
	for _, t := range types {
		sname += t.id() + ","
	}
	sname = strings.TrimSuffix(sname, ",") + "]"

	gtree = func(n, anc *node) (*node, error) {
		nod := copyNode(n, anc, false)
		switch n.kind {
		case funcDecl, funcType:
			nod.val = nod

		case identExpr:
			// Replace generic type by instantiated one.
			nt, ok := typeParam[n.ident]
			if !ok || isMemberName(n) {
				break
			}
			nod = copyNode(nt, anc, true)
			nod.typ = nt.typ
			nod.typeArg = true

		case indexExpr, indexListExpr:
			// Catch a possible recursive generic type definition
			if root.kind != typeSpec {
				break
			}
			if root.child[0].ident != n.child[0].ident {
				break
			}
			// The reference is replaced by the instance being made: only right if it
			// passes the type's own parameters, in order (node[K, V] in node[K, V]).
			var params []string
			for _, c := range root.child[1].child {
				for _, cc := range c.child[:len(c.child)-1] {
					params = append(params, cc.ident)
				}
			}
			if len(n.child)-1 != len(params) {
				return nil, n.cfgErrorf("generic type %s refers to itself with %d type arguments", n.child[0].ident, len(n.child)-1)
			}
			for k, c := range n.child[1:] {
				if c.kind != identExpr || c.ident != params[k] {
					return nil, n.cfgErrorf("generic type %s refers to itself with type arguments other than its parameters in order: not supported", n.child[0].ident)
				}
			}
			nod := copyNode(n.child[0], anc, false)
			fixNodes = append(fixNodes, nod)
			return nod, nil

		case fieldList:
			//  Node is the type parameters list of a generic function.
			if root.kind == funcDecl && n.anc == root.child[2] && childPos(n) == 0 {
				// Fill the types lookup table used for type substitution.
				type bound struct {
					constraint *node
					typ        *itype
				}
				var checks []bound
				for _, c := range n.child {
					l := len(c.child) - 1
					for _, cc := range c.child[:l] {
						if pindex >= len(types) {
							return nil, cc.cfgErrorf("undefined type for %s", cc.ident)
						}
						checks = append(checks, bound{c.child[l], types[pindex]})
						typeParam[cc.ident] = copyNode(cc, cc.anc, false)
						typeParam[cc.ident].ident = types[pindex].id()
						typeParam[cc.ident].typ = types[pindex]
						pindex++
					}
				}
				// peerbook patch 132: each constraint is checked once every parameter
				// is bound, in a scope where the parameters are the instance's types:
				// a constraint may name a parameter declared after it (M interface{
				// ~map[K]V }, K comparable, V any), which was unbound (an incomplete
				// type, and a panic while compiling the call). A copy of the
				// constraint is resolved, not the declaration's (which keeps its types).
				csc := sc.pushBloc()
				for name, nt := range typeParam {
					csc.sym[name] = &symbol{index: -1, kind: typeSym, typ: nt.typ, node: nt}
				}
				for _, b := range checks {
					t, err := nodeType(b.constraint.interp, csc, copyNode(b.constraint, b.constraint.anc, true))
					if err != nil {
						csc.pop()
						return nil, err
					}
					if err := checkConstraint(b.typ, t); err != nil {
						csc.pop()
						return nil, err
					}
				}
				csc.pop()
				// Skip type parameters specification, so generated func doesn't look generic.
				return nod, nil
			}

			// Node is the receiver of a generic method.
			if root.kind == funcDecl && n.anc == root && childPos(n) == 0 && len(n.child) > 0 {
				rtn := n.child[0].lastChild() // the receiver's type (its name may be omitted)
				// Method receiver is a generic type if it takes some type parameters.
				if rtn.kind == indexExpr || rtn.kind == indexListExpr || (rtn.kind == starExpr && (rtn.child[0].kind == indexExpr || rtn.child[0].kind == indexListExpr)) {
					if rtn.kind == starExpr {
						// Method receiver is a pointer on a generic type.
						rtn = rtn.child[0]
						recvrPtr = true
					}
					rtname = rtn.child[0].ident + "["
					for _, cc := range rtn.child[1:] {
						if pindex >= len(types) {
							return nil, cc.cfgErrorf("undefined type for %s", cc.ident)
						}
						it := types[pindex]
						typeParam[cc.ident] = copyNode(cc, cc.anc, false)
						typeParam[cc.ident].ident = it.id()
						typeParam[cc.ident].typ = it
						rtname += it.id() + ","
						pindex++
					}
					rtname = strings.TrimSuffix(rtname, ",") + "]"
				}
			}

			// Node is the type parameters list of a generic type.
			// A generic alias (type Set[T comparable] = map[T]bool) has them too.
			if (root.kind == typeSpec || root.kind == typeSpecAssign) && n.anc == root && childPos(n) == 1 {
				// Fill the types lookup table used for type substitution.
				tname = n.anc.child[0].ident + "["
				for _, c := range n.child {
					l := len(c.child) - 1
					for _, cc := range c.child[:l] {
						if pindex >= len(types) {
							return nil, cc.cfgErrorf("undefined type for %s", cc.ident)
						}
						it := types[pindex]
						t, err := nodeType(c.interp, sc, c.child[l])
						if err != nil {
							return nil, err
						}
						if err := checkConstraint(types[pindex], t); err != nil {
							return nil, err
						}
						typeParam[cc.ident] = copyNode(cc, cc.anc, false)
						typeParam[cc.ident].ident = it.id()
						typeParam[cc.ident].typ = it
						tname += it.id() + ","
						pindex++
					}
				}
				tname = strings.TrimSuffix(tname, ",") + "]"
				return nod, nil
			}
		}

		for _, c := range n.child {
			gn, err := gtree(c, nod)
			if err != nil {
				return nil, err
			}
			nod.child = append(nod.child, gn)
		}
		return nod, nil
	}

	// Instances are kept per generic declaration: methods of two generic types with
	// the same name (Box[T].Show, List[T].Show), a function of that name, and a
	// declaration made again in a later cell are other declarations with other instances.
	key := strconv.FormatInt(root.index, 10) + ":" + sname
	if nod, found := root.interp.generic[key]; found {
		return nod, true, nil
	}

	r, err := gtree(root, root.anc)
	if err != nil {
		return nil, false, err
	}
	root.interp.generic[key] = r
	r.param = append(r.param, types...)
	if tname != "" {
		for _, nod := range fixNodes {
			nod.ident = tname
		}
		r.child[0].ident = tname
	}
	if rtname != "" {
		// Replace method receiver type by synthetized ident.
		nod := r.child[0].child[0].lastChild()
		if recvrPtr {
			nod = nod.child[0]
		}
		nod.kind = identExpr
		nod.ident = rtname
		nod.child = nil
	}
	// r.adot() // Used for debugging only.
	return r, false, nil
}

func copyNode(n, anc *node, recursive bool) *node {
	var i interface{}
	nindex := atomic.AddInt64(&n.interp.nindex, 1)
	nod := &node{
		debug:  n.debug,
		anc:    anc,
		interp: n.interp,
		index:  nindex,
		level:  n.level,
		nleft:  n.nleft,
		nright: n.nright,
		kind:   n.kind,
		pos:    n.pos,
		action: n.action,
		gen:    n.gen,
		val:    &i,
		rval:   n.rval,
		ident:  n.ident,
		meta:   n.meta,
	}
	nod.start = nod
	if recursive {
		for _, c := range n.child {
			nod.child = append(nod.child, copyNode(c, nod, true))
		}
	}
	return nod
}

// inferTypesFromCall infers the type arguments of the generic function fun called by
// call with args, in the order of fun's type parameters. Each parameter's type (its AST)
// is unified with its argument's type: a type parameter found there is bound to the
// part of the argument's type at the same place (E in []E, K and V in *node[K, V] and
// in func(K, V)), then the core types of the constraints bind the parameters they name
// (E in S ~[]E). A typed argument wins over an untyped constant; untyped constants alone
// give their default type. A parameter bound by nothing is an error, as in Go.
func inferTypesFromCall(sc *scope, fun *node, call *node, args []*node) ([]*itype, error) {
	ftn := fun.typ.node
	var names []string
	constraint := map[string]*node{}
	for _, c := range ftn.child[0].child {
		for _, cc := range c.child[:len(c.child)-1] {
			names = append(names, cc.ident)
			constraint[cc.ident] = c.lastChild()
		}
	}
	bound := map[string]*itype{}
	u := unifier{sc: sc, params: constraint, bound: bound}

	i := 0
	for _, c := range ftn.child[1].child {
		pt := c.lastChild()
		n := len(c.child) - 1
		if n == 0 {
			n = 1 // An unnamed parameter.
		}
		for k := 0; k < n && i < len(args); k++ {
			if pt.kind == ellipsisExpr {
				if call.action == aCallSlice {
					u.unify(pt.child[0], inferElem(args[i].typ))
					i = len(args)
					break
				}
				for ; i < len(args); i++ {
					u.unify(pt.child[0], args[i].typ)
				}
				break
			}
			u.unify(pt, args[i].typ)
			i++
		}
	}

	// Core types of the constraints, until nothing more is bound.
	for more := true; more; {
		more = false
		for _, name := range names {
			t, c := bound[name], constraint[name]
			if t == nil || c == nil {
				continue
			}
			if c.kind == unaryExpr && len(c.child) == 1 {
				c = c.child[0] // ~[]E
			}
			switch c.kind {
			case arrayType, mapType, chanType, chanTypeRecv, chanTypeSend, funcType, starExpr:
				n := len(bound)
				u.unify(c, t.underlying())
				more = more || len(bound) > n
			}
		}
	}

	types := make([]*itype, 0, len(names))
	for _, name := range names {
		t := bound[name]
		if t == nil {
			return nil, call.cfgErrorf("in call to %s, cannot infer %s", fun.child[1].ident, name)
		}
		if t.untyped {
			if d := sc.getType(t.name); d != nil {
				t = d
			}
		}
		types = append(types, t)
	}
	return types, nil
}

// unifier binds the type parameters of a generic function to the types of its arguments.
type unifier struct {
	sc     *scope
	params map[string]*node // the type parameters, and their constraints
	bound  map[string]*itype
}

// unify binds the type parameters in the type expression p to the parts of in.
func (u unifier) unify(p *node, in *itype) {
	if p == nil || in == nil || in.cat == nilT {
		return
	}
	switch p.kind {
	case identExpr:
		if _, ok := u.params[p.ident]; ok {
			u.bind(p.ident, in)
		}
	case parenExpr:
		u.unify(p.child[0], in)
	case starExpr, arrayType, chanType, chanTypeRecv, chanTypeSend, ellipsisExpr:
		u.unify(p.lastChild(), inferElem(in))
	case mapType:
		u.unify(p.child[0], inferKey(in))
		u.unify(p.child[1], inferElem(in))
	case funcType:
		args, rets := inferSignature(in)
		if len(p.child) > 1 {
			u.unifyFields(p.child[1], args)
		}
		if len(p.child) > 2 {
			u.unifyFields(p.child[2], rets)
		}
	case indexExpr, indexListExpr:
		// An instance of a generic type, P[K, V]: in must be one of its instances.
		targs := inferTypeArgs(u.sc, p, in)
		for k, c := range p.child[1:] {
			if k < len(targs) {
				u.unify(c, targs[k])
			}
		}
	}
}

// unifyFields unifies the types of a parameter or result list with ts.
func (u unifier) unifyFields(fields *node, ts []*itype) {
	i := 0
	for _, c := range fields.child {
		n := len(c.child) - 1
		if n == 0 {
			n = 1
		}
		for k := 0; k < n && i < len(ts); k++ {
			u.unify(c.lastChild(), ts[i])
			i++
		}
	}
}

// bind binds the type parameter name to t: a typed t replaces an untyped constant's
// type, and of two untyped constants the later kind wins (int, rune, float, complex).
func (u unifier) bind(name string, t *itype) {
	old, ok := u.bound[name]
	switch {
	case !ok, old.untyped && !t.untyped:
		u.bound[name] = t
	case old.untyped && t.untyped && untypedRank(t) > untypedRank(old):
		u.bound[name] = t
	}
}

func untypedRank(t *itype) int {
	switch t.cat {
	case int32T:
		return 1
	case float64T:
		return 2
	case complex128T:
		return 3
	}
	return 0
}

// inferElem returns the element type of a pointer, slice, array, map, channel or
// variadic type (nil if t is none of them).
func inferElem(t *itype) *itype {
	t = t.underlying()
	if t.cat == valueT {
		switch t.rtype.Kind() {
		case reflect.Ptr, reflect.Slice, reflect.Array, reflect.Map, reflect.Chan:
			return valueTOf(t.rtype.Elem())
		}
		return nil
	}
	switch t.cat {
	case ptrT, sliceT, arrayT, mapT, chanT, chanRecvT, chanSendT, variadicT:
		return t.val
	}
	return nil
}

// inferKey returns the key type of a map type (nil if t is none).
func inferKey(t *itype) *itype {
	t = t.underlying()
	if t.cat == valueT {
		if t.rtype.Kind() == reflect.Map {
			return valueTOf(t.rtype.Key())
		}
		return nil
	}
	if t.cat == mapT {
		return t.key
	}
	return nil
}

// inferSignature returns the parameter and result types of a function type.
func inferSignature(t *itype) (args, rets []*itype) {
	t = t.underlying()
	if t.cat == valueT && t.rtype.Kind() == reflect.Func {
		for i := 0; i < t.rtype.NumIn(); i++ {
			args = append(args, valueTOf(t.rtype.In(i)))
		}
		for i := 0; i < t.rtype.NumOut(); i++ {
			rets = append(rets, valueTOf(t.rtype.Out(i)))
		}
		return args, rets
	}
	if t.cat == funcT {
		return t.arg, t.ret
	}
	return nil, nil
}

// inferTypeArgs returns the type arguments of in, if it is an instance of the generic
// type that p (G[...]) instantiates.
func inferTypeArgs(sc *scope, p *node, in *itype) []*itype {
	gt, err := nodeType(p.interp, sc, p.child[0])
	if err != nil || gt.cat != genericT {
		return nil
	}
	for _, inst := range gt.instance {
		if inst.id() == in.id() && inst.node != nil && inst.node.anc != nil {
			return inst.node.anc.param
		}
	}
	return nil
}

func checkConstraint(it, ct *itype) error {
	if len(ct.constraint) == 0 && len(ct.ulconstraint) == 0 {
		return nil
	}
	for _, c := range ct.constraint {
		if it.equals(c) || it.matchDefault(c) {
			return nil
		}
	}
	for _, c := range ct.ulconstraint {
		if it.underlying().equals(c) || sameUnderlying(it.underlying(), c) || it.matchDefault(c) || compiledUnderlying(it, c) {
			return nil
		}
	}
	return it.node.cfgErrorf("%s does not implement %s", it.id(), ct.id())
}

// compiledUnderlying reports whether c, the type of a ~c constraint term, is the
// underlying type of it, a defined basic type of a compiled package (time.Duration,
// ~int64 of cmp.Ordered: a valueT, whose underlying() is itself). Basic types and their
// reflect kinds correspond one to one. Yaegi patch 217.
func compiledUnderlying(it, c *itype) bool {
	if it == nil || c == nil || it.cat != valueT || it.rtype == nil {
		return false
	}
	switch c.cat {
	case boolT, stringT, intT, int8T, int16T, int32T, int64T, uintT, uint8T, uint16T, uint32T, uint64T,
		uintptrT, float32T, float64T, complex64T, complex128T:
		return it.rtype.Kind() == c.TypeOf().Kind()
	}
	return false
}

// sameUnderlying reports whether u is the underlying type of the defined type t (of a
// ~u constraint): yaegi keeps a defined type's name on the type of its category (type
// MySlice []int is a sliceT named MySlice), so underlying() is t itself, whose id is its
// name. Checked since patch 132 resolves constraints that name other parameters
// (S ~[]E with E bound).
func sameUnderlying(t, u *itype) bool {
	if t == nil || u == nil || t.name == "" || u.name != "" || t.cat != u.cat {
		return false
	}
	same := func(a, b *itype) bool { return a != nil && b != nil && a.id() == b.id() }
	switch t.cat {
	case sliceT, ptrT, chanT, chanSendT, chanRecvT:
		return same(t.val, u.val)
	case arrayT:
		return t.length == u.length && same(t.val, u.val)
	case mapT:
		return same(t.key, u.key) && same(t.val, u.val)
	case structT:
		if len(t.field) != len(u.field) {
			return false
		}
		for i, f := range t.field {
			g := u.field[i]
			if f.name != g.name || f.embed != g.embed || f.tag != g.tag || !same(f.typ, g.typ) {
				return false
			}
		}
		return true
	case boolT, stringT, intT, int8T, int16T, int32T, int64T, uintT, uint8T, uint16T, uint32T, uint64T,
		uintptrT, float32T, float64T, complex64T, complex128T:
		return true
	}
	return false
}

// instanceType returns the type of g, an instance of a generic function made by genAST.
// An instance that genAST found already made may still be compiling: when its signature
// returns a generic type, instantiating that type compiles the type's methods, and a
// method calling the function (r := NewSet[T]() in a method of Set[T]) finds the instance
// before its type is set. The type is then computed from the instance's signature.
func instanceType(sc *scope, g *node) (*itype, error) {
	if g.typ != nil {
		return g.typ, nil
	}
	t, err := nodeType(g.interp, sc, g.child[2])
	if err != nil {
		return nil, err
	}
	g.typ = t
	return t, nil
}

// isMemberName reports whether the identifier n names a field or a method (in a struct
// or interface type, a selector, or a key of a composite literal) rather than a type: a
// field may have the name of a type parameter (type Pair[A, B any] struct{ A A; B B }),
// and only its type is replaced in an instance.
func isMemberName(n *node) bool {
	a := n.anc
	if a == nil {
		return false
	}
	switch a.kind {
	case fieldExpr:
		// The names come before the type, which a tag may follow.
		typ := len(a.child) - 1
		if typ > 0 && a.child[typ].kind == basicLit {
			typ--
		}
		return childPos(n) < typ
	case selectorExpr:
		return n == a.child[1]
	case keyValueExpr:
		return n == a.child[0] && a.anc != nil && a.anc.kind == compositeLitExpr
	}
	return false
}
