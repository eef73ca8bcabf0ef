package cudatogo

// Expressions.
type expr interface{ pos() Pos }

type (
	ident struct {
		p    Pos
		name string
	}
	intLit struct {
		p    Pos
		text string
	}
	floatLit struct {
		p    Pos
		text string
	}
	charLit struct {
		p    Pos
		text string
	}
	stringLit struct {
		p    Pos
		text string
	}
	boolLit struct {
		p Pos
		v bool
	}
	paren struct {
		p Pos
		x expr
	}
	unary struct { // prefix - + ! ~ * & ++ --
		p  Pos
		op string
		x  expr
	}
	postfix struct { // x++ x--
		p  Pos
		op string
		x  expr
	}
	binary struct {
		p    Pos // the operator's
		op   string
		x, y expr
	}
	assign struct {
		p    Pos // the operator's
		op   string
		l, r expr
	}
	cond struct {
		p       Pos
		c, t, f expr
	}
	comma struct {
		p    Pos
		x, y expr
	}
	cast struct {
		p  Pos
		to *ctype
		x  expr
	}
	call struct {
		p    Pos
		fn   expr
		args []expr
	}
	index struct {
		p    Pos
		x, i expr
	}
	member struct {
		p     Pos
		x     expr
		name  string
		arrow bool
	}
	sizeofExpr struct {
		p Pos
		t *ctype // sizeof(type), or
		x expr   // sizeof expr
	}
	initList struct {
		p     Pos
		elems []expr
	}
)

func (e *ident) pos() Pos      { return e.p }
func (e *intLit) pos() Pos     { return e.p }
func (e *floatLit) pos() Pos   { return e.p }
func (e *charLit) pos() Pos    { return e.p }
func (e *stringLit) pos() Pos  { return e.p }
func (e *boolLit) pos() Pos    { return e.p }
func (e *paren) pos() Pos      { return e.p }
func (e *unary) pos() Pos      { return e.p }
func (e *postfix) pos() Pos    { return e.p }
func (e *binary) pos() Pos     { return e.x.pos() }
func (e *assign) pos() Pos     { return e.l.pos() }
func (e *cond) pos() Pos       { return e.c.pos() }
func (e *comma) pos() Pos      { return e.x.pos() }
func (e *cast) pos() Pos       { return e.p }
func (e *call) pos() Pos       { return e.fn.pos() }
func (e *index) pos() Pos      { return e.x.pos() }
func (e *member) pos() Pos     { return e.x.pos() }
func (e *sizeofExpr) pos() Pos { return e.p }
func (e *initList) pos() Pos   { return e.p }

// Statements.
type stmt interface{ pos() Pos }

type (
	blockStmt struct {
		p    Pos
		list []stmt
	}
	declStmt struct {
		p    Pos
		vars []*varDecl
	}
	exprStmt struct {
		p Pos
		x expr
	}
	ifStmt struct {
		p         Pos
		c         expr
		then, els stmt
	}
	forStmt struct {
		p    Pos
		init stmt // nil, *declStmt or *exprStmt
		c    expr // nil: forever
		post expr
		body stmt
	}
	whileStmt struct {
		p    Pos
		c    expr
		body stmt
	}
	doStmt struct {
		p    Pos
		body stmt
		c    expr
	}
	switchStmt struct {
		p    Pos
		tag  expr
		body *blockStmt
	}
	caseStmt struct { // a case or default label, a statement of a switch's block
		p Pos
		v expr // nil for default
	}
	breakStmt    struct{ p Pos }
	continueStmt struct{ p Pos }
	returnStmt   struct {
		p Pos
		x expr
	}
	emptyStmt struct{ p Pos }
)

func (s *blockStmt) pos() Pos    { return s.p }
func (s *declStmt) pos() Pos     { return s.p }
func (s *exprStmt) pos() Pos     { return s.p }
func (s *ifStmt) pos() Pos       { return s.p }
func (s *forStmt) pos() Pos      { return s.p }
func (s *whileStmt) pos() Pos    { return s.p }
func (s *doStmt) pos() Pos       { return s.p }
func (s *switchStmt) pos() Pos   { return s.p }
func (s *caseStmt) pos() Pos     { return s.p }
func (s *breakStmt) pos() Pos    { return s.p }
func (s *continueStmt) pos() Pos { return s.p }
func (s *returnStmt) pos() Pos   { return s.p }
func (s *emptyStmt) pos() Pos    { return s.p }

// varDecl is one declarator of a declaration.
type varDecl struct {
	p       Pos
	name    string
	base    *ctype // nil for auto
	ptr     bool   // T* name
	dims    []expr // array dimensions; a nil entry is [] (size from the initializer, or extern)
	init    expr   // an expression or an *initList
	shared  bool
	extern  bool
	static  bool
	isConst bool // const or constexpr
}

// funcDecl is a __global__ or __device__ function.
type funcDecl struct {
	p       Pos
	name    string
	global  bool
	ret     *ctype
	params  []*param
	body    *blockStmt
	err     *diag // its first syntax or subset error
	defined bool
}

type param struct {
	p       Pos
	name    string
	t       *ctype
	isConst bool
	def     expr
}

// file is a parsed source.
type file struct {
	funcs  map[string]*funcDecl
	order  []*funcDecl
	consts []*varDecl        // namespace-scope constants, in order
	bad    map[string]*diag  // names declared by declarations outside the subset
	errs   []*diag           // syntax errors outside functions
	notes  []*diag           // unsupported declarations that declare no name we know
	fnMac  map[string]Pos    // function-like macros
	hasInc bool              // the source has #include lines
	kinds  map[string]string // names declared otherwise ("variable"), for messages
}
