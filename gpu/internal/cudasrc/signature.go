package cudasrc

import (
	"fmt"
	"strings"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

// ArgLayout is how a launcher passes one kernel argument.
type ArgLayout uint8

// Argument layouts.
const (
	LayoutScalar  ArgLayout = iota // the value, Param.DType.Size() bytes
	LayoutPointer                  // a device pointer (T*), 8 bytes
	LayoutSlice                    // Slice<T> and Peer<T>: {T* ptr; long long len}, 16 bytes
)

// Size is the number of bytes the argument takes in the kernel's parameter block.
func (l ArgLayout) Size(dt backend.DType) int {
	switch l {
	case LayoutPointer:
		return 8
	case LayoutSlice:
		return 16
	}
	return dt.Size()
}

func (l ArgLayout) String() string {
	switch l {
	case LayoutPointer:
		return "pointer"
	case LayoutSlice:
		return "slice"
	}
	return "scalar"
}

// Kernel is a __global__ function read from CUDA C++ source.
type Kernel struct {
	Signature backend.Signature
	Layouts   []ArgLayout // one per parameter
	ExternC   bool        // declared extern "C": its symbol is its name
	// NameExpr is the expression NVRTC lowers to the kernel's mangled symbol
	// (nvrtcAddNameExpression): "&name", qualified with its namespaces.
	NameExpr string
	Line     int // 1-based line of __global__ in the source

	body [2]int // token indexes of the body's braces; {0, 0} for a declaration
}

// SourceError is an error at a line of the source given to Signatures or Kernels.
type SourceError struct {
	Line int // 1-based, in the source
	Msg  string
}

func (e *SourceError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// At formats the error as "file:line: msg" with line shifted by offset (the cell's line
// number of the source's line 1 is 1+offset).
func (e *SourceError) At(file string, offset int) string {
	if file == "" {
		file = "cuda"
	}
	return fmt.Sprintf("%s:%d: %s", file, e.Line+offset, e.Msg)
}

// Signatures returns the signature of every __global__ function in src, in source order.
// Peer<T> and Peer<const T> parameters are backend.ParamPeer; Slice<T>, T* and const T* are
// backend.ParamBuffer; integers, floating point, __half and __nv_bfloat16 are
// backend.ParamScalar. Templates, overloads and other parameter types are errors
// (*SourceError) naming the line.
func Signatures(src string) ([]backend.Signature, error) {
	ks, err := Kernels(src)
	if err != nil {
		return nil, err
	}
	sigs := make([]backend.Signature, len(ks))
	for i, k := range ks {
		sigs[i] = k.Signature
	}
	return sigs, nil
}

// Kernels is Signatures with what a launcher needs besides: argument layouts, linkage and
// the name expression for NVRTC.
func Kernels(src string) ([]Kernel, error) {
	p := parser{toks: tokenize(src)}
	return p.kernels()
}

type frameKind uint8

const (
	frameNamespace frameKind = iota
	frameExternC
	frameOther // a function, class or initializer body
)

type frame struct {
	kind frameKind
	name string // namespace name ("" when anonymous or not a namespace)
}

type parser struct {
	toks  []token
	stack []frame
}

func (p *parser) errorf(line int, format string, args ...any) error {
	return &SourceError{Line: line, Msg: fmt.Sprintf(format, args...)}
}

// eachKernel walks the tokens, keeping track of braces, and calls visit for each __global__
// declaration at namespace scope with the kernel read from it and the index of the token
// after its declarator; the walk goes on at the index visit returns. Kernels and Traced
// both read the source this way.
func (p *parser) eachKernel(visit func(k Kernel, next int) (int, error)) error {
	for i := 0; i < len(p.toks); i++ {
		t := p.toks[i]
		switch {
		case t.is("{"):
			p.stack = append(p.stack, p.classifyBrace(i))
		case t.is("}"):
			if len(p.stack) > 0 {
				p.stack = p.stack[:len(p.stack)-1]
			}
		case t.isIdent("__global__"):
			if !p.atNamespaceScope() {
				continue
			}
			k, next, err := p.kernel(i)
			if err != nil {
				return err
			}
			if next, err = visit(k, next); err != nil {
				return err
			}
			i = next - 1
		}
	}
	return nil
}

func (p *parser) kernels() ([]Kernel, error) {
	var out []Kernel
	seen := map[string]int{}
	err := p.eachKernel(func(k Kernel, next int) (int, error) {
		if j, ok := seen[k.Signature.Name]; ok {
			if !sameKernel(out[j], k) {
				return 0, p.errorf(k.Line, "kernel %s is declared again with other parameters (line %d): overloaded kernels can't be launched by name",
					k.Signature.Name, out[j].Line)
			}
			out[j].ExternC = out[j].ExternC || k.ExternC
			if out[j].body == [2]int{} {
				out[j].body = k.body
			}
		} else {
			seen[k.Signature.Name] = len(out)
			out = append(out, k)
		}
		return next, nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

func sameKernel(a, b Kernel) bool {
	if a.NameExpr != b.NameExpr || len(a.Signature.Params) != len(b.Signature.Params) {
		return false
	}
	for i, pa := range a.Signature.Params {
		pb := b.Signature.Params[i]
		if pa.Kind != pb.Kind || pa.DType != pb.DType || pa.Const != pb.Const || a.Layouts[i] != b.Layouts[i] {
			return false
		}
	}
	return true
}

func (p *parser) atNamespaceScope() bool {
	for _, f := range p.stack {
		if f.kind == frameOther {
			return false
		}
	}
	return true
}

func (p *parser) inExternC() bool {
	for _, f := range p.stack {
		if f.kind == frameExternC {
			return true
		}
	}
	return false
}

// classifyBrace tells what the '{' at toks[i] opens.
func (p *parser) classifyBrace(i int) frame {
	if i >= 2 && p.toks[i-1].kind == tokString && p.toks[i-1].text == "C" && p.toks[i-2].isIdent("extern") {
		return frame{kind: frameExternC}
	}
	// namespace a::b {  /  namespace a {  /  namespace {
	j := i - 1
	var parts []string
	for j >= 0 && (p.toks[j].kind == tokIdent && p.toks[j].text != "namespace" || p.toks[j].is("::")) {
		if p.toks[j].kind == tokIdent {
			parts = append([]string{p.toks[j].text}, parts...)
		}
		j--
	}
	if j >= 0 && p.toks[j].isIdent("namespace") {
		return frame{kind: frameNamespace, name: strings.Join(parts, "::")}
	}
	return frame{kind: frameOther}
}

var declSkipWords = map[string]bool{
	"static": true, "inline": true, "__inline__": true, "__forceinline__": true, "__noinline__": true,
	"extern": true, "__host__": true, "__device__": true, "constexpr": true,
}

var attributeWords = map[string]bool{
	"__launch_bounds__": true, "__attribute__": true, "__declspec": true, "alignas": true,
	"__maxnreg__": true, "__cluster_dims__": true, "__block_size__": true,
}

// kernel reads the declaration whose __global__ is toks[g]; next is the index after it.
func (p *parser) kernel(g int) (k Kernel, next int, err error) {
	line := p.toks[g].line
	k.Line = line
	k.ExternC = p.inExternC()
	// What precedes __global__ in the same declaration.
	for j := g - 1; j >= 0; j-- {
		t := p.toks[j]
		if t.is(";") || t.is("}") || t.is("{") {
			break
		}
		if t.isIdent("template") {
			return k, 0, p.errorf(line, "template kernels are not supported: write a kernel per element type (or extern \"C\" wrappers that call the template)")
		}
		if t.kind == tokString && t.text == "C" && j > 0 && p.toks[j-1].isIdent("extern") {
			k.ExternC = true
		}
	}
	// Return type and name.
	var retType []string
	var name []string
	i := g + 1
	for ; i < len(p.toks); i++ {
		t := p.toks[i]
		if t.kind == tokIdent && attributeWords[t.text] && i+1 < len(p.toks) && p.toks[i+1].is("(") {
			i = p.skipBalanced(i+1, "(", ")")
			continue
		}
		if t.is("[") && i+1 < len(p.toks) && p.toks[i+1].is("[") {
			for i < len(p.toks) && !(p.toks[i].is("]") && i+1 < len(p.toks) && p.toks[i+1].is("]")) {
				i++
			}
			i++
			continue
		}
		if t.kind == tokIdent && i+1 < len(p.toks) && (p.toks[i+1].is("(") || p.toks[i+1].is("::")) {
			if t.text == "operator" {
				return k, 0, p.errorf(line, "a __global__ operator can't be a kernel")
			}
			name = append(name, t.text)
			if p.toks[i+1].is("::") {
				i++
				continue
			}
			break
		}
		if t.kind == tokPunct && t.text != "*" && t.text != "&" {
			return k, 0, p.errorf(line, "can't read the __global__ declaration (unexpected %q)", t.text)
		}
		if t.kind == tokIdent && !declSkipWords[t.text] {
			retType = append(retType, t.text)
		}
	}
	if len(name) == 0 || i >= len(p.toks) {
		return k, 0, p.errorf(line, "can't read the __global__ declaration: no function name and parameter list")
	}
	kname := name[len(name)-1]
	if strings.Join(retType, " ") != "void" {
		got := strings.Join(retType, " ")
		if got == "" {
			got = "nothing"
		}
		return k, 0, p.errorf(line, "kernel %s must return void, not %s", kname, got)
	}
	open := i + 1
	closeIdx := p.skipBalanced(open, "(", ")")
	if closeIdx >= len(p.toks) {
		return k, 0, p.errorf(line, "kernel %s: unterminated parameter list", kname)
	}
	k.Signature.Name = kname
	var qual []string
	for _, f := range p.stack {
		if f.kind == frameNamespace && f.name != "" {
			qual = append(qual, f.name)
		}
	}
	qual = append(qual, name...)
	k.NameExpr = "&" + strings.Join(qual, "::")
	params := splitParams(p.toks[open+1 : closeIdx])
	if len(params) == 1 && len(params[0]) == 1 && params[0][0].isIdent("void") {
		params = nil
	}
	for n, toks := range params {
		if len(toks) == 0 {
			return k, 0, p.errorf(line, "kernel %s: empty parameter %d", kname, n+1)
		}
		prm, layout, err := parseParam(toks, n)
		if err != nil {
			return k, 0, p.errorf(toks[0].line, "kernel %s: %v", kname, err)
		}
		k.Signature.Params = append(k.Signature.Params, prm)
		k.Layouts = append(k.Layouts, layout)
	}
	for j := closeIdx + 1; j < len(p.toks); j++ {
		if p.toks[j].is(";") {
			break
		}
		if p.toks[j].is("{") {
			k.body = [2]int{j, p.skipBalanced(j, "{", "}")}
			break
		}
	}
	return k, closeIdx + 1, nil
}

// skipBalanced returns the index of the token that closes the opener at toks[i].
func (p *parser) skipBalanced(i int, open, close string) int {
	depth := 0
	for ; i < len(p.toks); i++ {
		switch {
		case p.toks[i].is(open):
			depth++
		case p.toks[i].is(close):
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return len(p.toks)
}

// splitParams splits a parameter list at its top-level commas.
func splitParams(toks []token) [][]token {
	if len(toks) == 0 {
		return nil
	}
	var out [][]token
	depth, angle := 0, 0
	start := 0
	for i, t := range toks {
		switch {
		case t.is("(") || t.is("[") || t.is("{"):
			depth++
		case t.is(")") || t.is("]") || t.is("}"):
			depth--
		case t.is("<") && i > 0 && toks[i-1].kind == tokIdent:
			angle++
		case t.is(">") && angle > 0:
			angle--
		case t.is(",") && depth == 0 && angle == 0:
			out = append(out, toks[start:i])
			start = i + 1
		}
	}
	return append(out, toks[start:])
}

var ignoredQualifiers = map[string]bool{
	"volatile": true, "__restrict__": true, "__restrict": true, "restrict": true,
	"__grid_constant__": true, "struct": true, "class": true, "typename": true, "register": true,
}

var builtinTypeWords = map[string]bool{
	"void": true, "char": true, "short": true, "int": true, "long": true, "float": true,
	"double": true, "signed": true, "unsigned": true, "bool": true, "const": true,
	"__int128": true, "wchar_t": true, "char16_t": true, "char32_t": true,
}

// parseParam reads one parameter (index n, for a default name).
func parseParam(toks []token, n int) (backend.Param, ArgLayout, error) {
	var prm backend.Param
	// A default argument.
	for i, t := range toks {
		if t.is("=") {
			toks = toks[:i]
			break
		}
	}
	var words []token
	array := false
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t.kind == tokIdent && ignoredQualifiers[t.text]:
		case t.is("&"):
			return prm, 0, fmt.Errorf("parameter %s: reference parameters are not supported (kernels take values, pointers, Slice<T> or Peer<T>)", paramName(toks, n))
		case t.is("["):
			array = true
			for i < len(toks) && !toks[i].is("]") {
				i++
			}
		case t.kind == tokIdent && attributeWords[t.text]:
			for i < len(toks) && !toks[i].is(")") {
				i++
			}
		default:
			words = append(words, t)
		}
	}
	// The name: a last identifier that leaves a type before it.
	prm.Name = fmt.Sprintf("arg%d", n)
	if l := len(words); l >= 2 && words[l-1].kind == tokIdent && !builtinTypeWords[words[l-1].text] &&
		!words[l-2].is("::") && hasTypeWord(words[:l-1]) {
		prm.Name = words[l-1].text
		words = words[:l-1]
	}
	// Drop namespace qualifiers: ::Peer, std::int32_t, cuda::std::uint8_t.
	var typ []token
	for i := 0; i < len(words); i++ {
		if i+1 < len(words) && words[i+1].is("::") {
			i++
			continue
		}
		if words[i].is("::") {
			continue
		}
		typ = append(typ, words[i])
	}
	if len(typ) == 0 {
		return prm, 0, fmt.Errorf("parameter %s: no type", prm.Name)
	}
	// Peer<T> / Slice<T>.
	for i, t := range typ {
		if (t.text == "Peer" || t.text == "Slice") && t.kind == tokIdent && i+1 < len(typ) && typ[i+1].is("<") {
			end := i + 2
			depth := 1
			for ; end < len(typ); end++ {
				if typ[end].is("<") {
					depth++
				} else if typ[end].is(">") {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			if end >= len(typ) {
				return prm, 0, fmt.Errorf("parameter %s: unterminated %s<...>", prm.Name, t.text)
			}
			for _, rest := range append(append([]token{}, typ[:i]...), typ[end+1:]...) {
				if !rest.isIdent("const") {
					return prm, 0, fmt.Errorf("parameter %s: %s<T> is passed by value: %q is not allowed around it", prm.Name, t.text, rest.text)
				}
			}
			elem := typ[i+2 : end]
			dt, isConst, err := elemType(elem)
			if err != nil {
				return prm, 0, fmt.Errorf("parameter %s: %s<%s>: %v", prm.Name, t.text, joinTokens(elem), err)
			}
			prm.DType, prm.Const = dt, isConst
			prm.Kind = backend.ParamBuffer
			if t.text == "Peer" {
				prm.Kind = backend.ParamPeer
			}
			return prm, LayoutSlice, nil
		}
	}
	stars := 0
	constBeforeStar := false
	var base []token
	for _, t := range typ {
		switch {
		case t.is("*"):
			stars++
		case t.isIdent("const"):
			if stars == 0 {
				constBeforeStar = true
			}
		case t.kind == tokIdent:
			if stars > 0 {
				return prm, 0, fmt.Errorf("parameter %s: can't read type %q", prm.Name, joinTokens(typ))
			}
			base = append(base, t)
		default:
			return prm, 0, fmt.Errorf("parameter %s: can't read type %q", prm.Name, joinTokens(typ))
		}
	}
	if array {
		stars++
	}
	if stars > 1 {
		return prm, 0, fmt.Errorf("parameter %s: pointers to pointers are not supported", prm.Name)
	}
	dt, err := scalarType(base)
	if err != nil {
		if stars == 1 && len(base) == 1 && base[0].text == "void" {
			return prm, 0, fmt.Errorf("parameter %s: void* has no element type: use a typed pointer, Slice<T> or Peer<T>", prm.Name)
		}
		return prm, 0, fmt.Errorf("parameter %s: %v", prm.Name, err)
	}
	prm.DType = dt
	if stars == 1 {
		prm.Kind = backend.ParamBuffer
		prm.Const = constBeforeStar
		return prm, LayoutPointer, nil
	}
	prm.Kind = backend.ParamScalar
	return prm, LayoutScalar, nil
}

func hasTypeWord(ws []token) bool {
	for _, w := range ws {
		if w.kind == tokIdent && w.text != "const" || w.is("*") || w.is(">") {
			return true
		}
	}
	return false
}

func paramName(toks []token, n int) string {
	for i := len(toks) - 1; i >= 0; i-- {
		if toks[i].kind == tokIdent {
			return toks[i].text
		}
	}
	return fmt.Sprintf("arg%d", n)
}

// elemType reads the T of Peer<T> / Slice<T>.
func elemType(toks []token) (backend.DType, bool, error) {
	var base []token
	isConst := false
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t.isIdent("const"):
			isConst = true
		case t.kind == tokIdent && ignoredQualifiers[t.text]:
		case i+1 < len(toks) && toks[i+1].is("::"):
			i++
		case t.is("::"):
		case t.kind == tokIdent:
			base = append(base, t)
		default:
			return backend.Invalid, false, fmt.Errorf("the element type must be a scalar type")
		}
	}
	dt, err := scalarType(base)
	return dt, isConst, err
}

var namedScalars = map[string]backend.DType{
	"int8_t": backend.Int8, "int16_t": backend.Int16, "int32_t": backend.Int32, "int64_t": backend.Int64,
	"uint8_t": backend.Uint8, "uint16_t": backend.Uint16, "uint32_t": backend.Uint32, "uint64_t": backend.Uint64,
	"size_t": backend.Uint64, "ssize_t": backend.Int64, "ptrdiff_t": backend.Int64,
	"intptr_t": backend.Int64, "uintptr_t": backend.Uint64, "intmax_t": backend.Int64, "uintmax_t": backend.Uint64,
	"float": backend.Float32, "double": backend.Float64,
	"__half": backend.Float16, "half": backend.Float16,
	"__nv_bfloat16": backend.BFloat16, "nv_bfloat16": backend.BFloat16,
	"bool": backend.Uint8, "char": backend.Int8, "uchar": backend.Uint8,
	"uint": backend.Uint32, "ushort": backend.Uint16, "ulong": backend.Uint64,
	"longlong": backend.Int64, "ulonglong": backend.Uint64,
}

// scalarType maps the words of a scalar C type to its DType (LP64: long is 64 bits).
func scalarType(words []token) (backend.DType, error) {
	if len(words) == 0 {
		return backend.Invalid, fmt.Errorf("no type")
	}
	text := joinTokens(words)
	if len(words) == 1 {
		if dt, ok := namedScalars[words[0].text]; ok {
			return dt, nil
		}
	}
	var signed, unsigned, short, char bool
	long := 0
	for _, w := range words {
		switch w.text {
		case "signed":
			signed = true
		case "unsigned":
			unsigned = true
		case "short":
			short = true
		case "long":
			long++
		case "char":
			char = true
		case "int":
		default:
			return backend.Invalid, unsupportedType(text)
		}
	}
	if signed && unsigned || long > 2 || short && long > 0 || char && (short || long > 0) {
		return backend.Invalid, unsupportedType(text)
	}
	switch {
	case char && unsigned:
		return backend.Uint8, nil
	case char:
		return backend.Int8, nil
	case short && unsigned:
		return backend.Uint16, nil
	case short:
		return backend.Int16, nil
	case long > 0 && unsigned:
		return backend.Uint64, nil
	case long > 0:
		return backend.Int64, nil
	case unsigned:
		return backend.Uint32, nil
	}
	return backend.Int32, nil
}

func unsupportedType(text string) error {
	return fmt.Errorf("unsupported type %q: kernel parameters are integers, float, double, __half, __nv_bfloat16, pointers to them, Slice<T> or Peer<T>", text)
}

func joinTokens(toks []token) string {
	var b strings.Builder
	for i, t := range toks {
		if i > 0 && t.kind == tokIdent && toks[i-1].kind == tokIdent {
			b.WriteByte(' ')
		}
		b.WriteString(t.text)
	}
	return b.String()
}
