package eval

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/peerbook/peerbook/gpu"
)

// gpuAlias is the name under which the session imports the gpu package, so that the
// kernel variables it defines have a type the cell can name.
const gpuAlias = "_pbgpu"

// cellKernels holds the kernels the session's cells defined, by name (the last definition
// of a name wins), for the variables addKernelVars declares: var NAME = _pbs.Kernel("NAME")
// (the bridge's kernel). gpu keeps no lookup by name that cells could reach.
type cellKernels struct {
	mu     sync.Mutex
	byName map[string]*gpu.Kernel
}

// add records ks and returns their names, in order.
func (c *cellKernels) add(ks []*gpu.Kernel) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.byName == nil {
		c.byName = map[string]*gpu.Kernel{}
	}
	names := make([]string, len(ks))
	for i, k := range ks {
		c.byName[k.Name()] = k
		names[i] = k.Name()
	}
	return names
}

// kernel returns the kernel defined last under name, or nil.
func (c *cellKernels) kernel(name string) *gpu.Kernel {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.byName[name]
}

// gpuImportNames returns the names under which the gpu package is imported in the session or
// in the cell.
func (s *Session) gpuImportNames(pc *parsedCell) map[string]bool {
	names := map[string]bool{}
	for name, path := range s.scope.imports() {
		if path == gpuPath || path == "peerbook/gpu" {
			names[name] = true
		}
	}
	for _, it := range pc.items {
		gd, ok := it.decl.(*ast.GenDecl)
		if !ok {
			continue
		}
		for _, spec := range gd.Specs {
			if is, ok := spec.(*ast.ImportSpec); ok {
				p, _ := strconv.Unquote(is.Path.Value)
				if p == gpuPath || p == "peerbook/gpu" {
					names[importName(is)] = true
				}
			}
		}
	}
	return names
}

// isKernel reports whether fd is a Go kernel (its first parameter is a gpu.Thread) or a
// device function (a "//gpu:device" line in its doc comment).
func isKernel(fd *ast.FuncDecl, gpuNames map[string]bool) bool {
	if fd.Recv != nil {
		return false
	}
	if fd.Doc != nil {
		for _, c := range fd.Doc.List {
			if strings.HasPrefix(c.Text, "//gpu:device") {
				return true
			}
		}
	}
	params := fd.Type.Params
	if params == nil || len(params.List) == 0 {
		return false
	}
	sel, ok := params.List[0].Type.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Thread" {
		return false
	}
	x, ok := sel.X.(*ast.Ident)
	return ok && gpuNames[x.Name]
}

// defineKernels takes the Go kernels and device functions out of the cell (yaegi does not see
// them), hands their source to Hooks.DefineGo, and adds to the cell a variable per kernel:
// var NAME = _pbs.Kernel("NAME").
func (s *Session) defineKernels(pc *parsedCell, code string, serial int) error {
	gpuNames := s.gpuImportNames(pc)
	if len(gpuNames) == 0 {
		return nil
	}
	fset := s.in.FileSet()
	starts := lineStarts(code)
	keep := make([]bool, len(code))
	first := 0
	found := false
	for _, it := range pc.items {
		fd, ok := it.decl.(*ast.FuncDecl)
		if !ok || !isKernel(fd, gpuNames) {
			continue
		}
		it.kernel = true
		found = true
		l0, c0 := cellPosition(fset, fd.Pos())
		l1, c1 := cellPosition(fset, fd.End())
		a, b := offsetOf(starts, l0, c0), offsetOf(starts, l1, c1)
		if doc := docStart(fd); doc.IsValid() {
			// The doc comment (directives such as //gpu:nobounds) comes along. It lies in
			// the same chunk as the func keyword, the same number of bytes before it.
			if d := a - int(fd.Pos()-doc); d >= 0 {
				a = d
				l0 = lineOfOffset(starts, a)
			}
		}
		for i := a; i < b && i < len(code); i++ {
			keep[i] = true
		}
		if first == 0 || l0 < first {
			first = l0
		}
	}
	if !found {
		return nil
	}
	pc.types = nil // the cell changes: a check made before is not the cell's any more
	// Blank out everything else, keeping line breaks, so that positions stay the cell's.
	src := []byte(code)
	for i := range src {
		if !keep[i] && src[i] != '\n' {
			src[i] = ' '
		}
	}
	ks, err := s.hooks().DefineGo(string(src), s.label(serial), 1)
	if err != nil {
		return kernelError(s, serial, err)
	}
	return s.addKernelVars(pc, serial, first, s.bridge.kernels.add(ks))
}

// addKernelVars appends var NAME = _pbs.Kernel("NAME") declarations to the cell.
func (s *Session) addKernelVars(pc *parsedCell, serial, line int, names []string) error {
	if len(names) == 0 {
		return nil
	}
	if err := s.importGPU(); err != nil {
		return err
	}
	var b strings.Builder
	for _, n := range names {
		fmt.Fprintf(&b, "var %s = %s.Kernel(%q);", n, rtName, n)
	}
	text := "package main;" + lineDirective(serial, line, 1) + b.String()
	f, err := parser.ParseFile(s.in.FileSet(), srcFile, text, 0)
	if err != nil {
		return compileError(s, err)
	}
	// The variables go right after the last kernel, so that the cell's last expression
	// stays last.
	at := len(pc.items)
	for i, it := range pc.items {
		if it.kernel {
			at = i + 1
		}
	}
	var vars []*item
	for _, d := range f.Decls {
		it := &item{kind: chunkVar, decl: d, file: f, line: line, col: 1}
		analyse(it)
		vars = append(vars, it)
	}
	pc.items = append(pc.items[:at], append(vars, pc.items[at:]...)...)
	for i, it := range pc.items {
		it.index = i
	}
	return nil
}

// importGPU imports the gpu package under gpuAlias, once.
func (s *Session) importGPU() error {
	if _, ok := s.scope.imports()[gpuAlias]; ok {
		return nil
	}
	s.scope.memo.invalidate()
	if _, err := s.in.Eval(`import ` + gpuAlias + ` "` + gpuPath + `"`); err != nil {
		return internalError("import the gpu package", err)
	}
	if s.rw != nil {
		s.rw.Import(gpuAlias, gpuPath) // for the kernels' variables (addKernelVars)
	}
	return nil
}

// runCUDA defines the kernels of a %%cuda cell (src starts at cell line `line`) and a
// variable for each.
func (s *Session) runCUDA(ctx context.Context, c *cellState, src string, line int) (Result, error) {
	ks, err := s.hooks().DefineCUDA(src, s.label(c.serial), line)
	if err != nil {
		return Result{}, kernelError(s, c.serial, err)
	}
	names := s.bridge.kernels.add(ks)
	pc := &parsedCell{serial: c.serial}
	if err := s.addKernelVars(pc, c.serial, line, names); err != nil {
		return Result{}, err
	}
	cellDefs := map[string]bool{}
	for _, n := range names {
		cellDefs[n] = true
	}
	for _, st := range plan(pc, s.isSessionVar, s.exists) {
		if err := s.runStep(ctx, c, st, cellDefs); err != nil {
			return Result{}, err
		}
	}
	if len(names) > 0 {
		_, _ = fmt.Fprintf(s.stdout.w, "defined %s\n", strings.Join(names, ", "))
	}
	return Result{}, nil
}

// kernelPos matches "cell[N]:L:C" or "cell[N]:L" in messages of the gpu package.
var kernelPos = regexp.MustCompile(`(cell\[#?\d+\]):(\d+)(?::(\d+))?`)

// kernelError turns an error of gpu.DefineGo/DefineCUDA into the cell's Error, with the
// source line of the first position it names.
func kernelError(cs cellSource, serial int, err error) *Error {
	msg := err.Error()
	e := &Error{Name: NameCompile}
	lines := strings.Split(strings.TrimSpace(msg), "\n")
	for i, l := range lines {
		m := kernelPos.FindStringSubmatch(l)
		l = kernelPos.ReplaceAllString(l, "$1 $2:$3")
		l = strings.ReplaceAll(l, ": :", ":")
		l = strings.Replace(l, ":: ", ": ", 1)
		if i == 0 {
			e.Value = l
		}
		e.Traceback = append(e.Traceback, ansiRed+l+ansiReset)
		if m != nil && m[1] == cs.label(serial) {
			ln, _ := strconv.Atoi(m[2])
			col, _ := strconv.Atoi(m[3])
			e.Traceback = append(e.Traceback, sourceContext(cs, serial, ln, col)...)
		}
	}
	return e
}

// lineStarts returns the byte offset of the start of each line (index 0 is line 1).
func lineStarts(code string) []int {
	starts := []int{0}
	for i := 0; i < len(code); i++ {
		if code[i] == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// offsetOf converts a 1-based line and column to a byte offset.
func offsetOf(starts []int, line, col int) int {
	if line < 1 {
		return 0
	}
	if line > len(starts) {
		return starts[len(starts)-1]
	}
	return starts[line-1] + col - 1
}

// lineOfOffset returns the 1-based line of byte offset off, given the offsets at which
// lines start.
func lineOfOffset(starts []int, off int) int {
	line := 1
	for i, st := range starts {
		if st <= off {
			line = i + 1
		}
	}
	return line
}

// docStart returns where fd's doc comment starts, leaving out the line directive the
// session puts before each chunk (it joins the doc comment group when the chunk starts
// with a comment); NoPos when there is none.
func docStart(fd *ast.FuncDecl) token.Pos {
	if fd.Doc == nil {
		return token.NoPos
	}
	start := token.NoPos
	for _, c := range fd.Doc.List {
		if strings.HasPrefix(c.Text, "//line ") || strings.HasPrefix(c.Text, "/*line ") {
			start = token.NoPos
		} else if !start.IsValid() {
			start = c.Pos()
		}
	}
	return start
}

// notAKernelRe matches go/types' error for a kernel method called on a plain function:
// "fill5.Launch undefined (type func(x []float32) has no field or method Launch)".
var notAKernelRe = regexp.MustCompile(`\b(\w+)\.(Launch|Time|With|CUDA|Source|Signature|Name|Language) undefined \(type func\((.*?)\)(?: [^()]*)? has no field or method \w+\)`)

// explainNotAKernel adds to that error what makes a function a kernel: a first parameter
// gpu.Thread (the function was taken for a Go function, so it has no Launch).
func explainNotAKernel(msg string) string {
	m := notAKernelRe.FindStringSubmatch(msg)
	if m == nil {
		return msg
	}
	params := "t gpu.Thread"
	if m[3] != "" {
		params += ", " + m[3]
	}
	return msg + fmt.Sprintf(": %s is a Go function, not a kernel; a Go kernel's first parameter is a gpu.Thread: func %s(%s)", m[1], m[1], params)
}
