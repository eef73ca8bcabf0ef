package rt

import "reflect"

// Symbols exports the package to a yaegi interpreter: pass it to Interpreter.Use.
var Symbols = map[string]map[string]reflect.Value{
	ImportPath + "/rt": {
		"Clear":          reflect.ValueOf(Clear),
		"NegZero":        reflect.ValueOf(NegZero),
		"Pull":           reflect.ValueOf(Pull),
		"RandN":          reflect.ValueOf(RandN),
		"Print":          reflect.ValueOf(Print),
		"PrintIface":     reflect.ValueOf(PrintIface),
		"PrintParam":     reflect.ValueOf(PrintParam),
		"Go":             reflect.ValueOf(Go),
		"SortOrdered":    reflect.ValueOf(SortOrdered),
		"SortFunc":       reflect.ValueOf(SortFunc),
		"SortStableFunc": reflect.ValueOf(SortStableFunc),
		"Show":           reflect.ValueOf(Show),
		"Unwrap":         reflect.ValueOf(Unwrap),
		"AssertError":    reflect.ValueOf(AssertError),
		"RangeContinued": reflect.ValueOf(RangeContinued),
		"BoxError":       reflect.ValueOf(BoxError),
		"ErrorsAs":       reflect.ValueOf(ErrorsAs),
		"ShowAll":        reflect.ValueOf(ShowAll),
		"TypeName":       reflect.ValueOf(TypeName),
		"RegisterNamed":  reflect.ValueOf(RegisterNamed),
		"RegisterFmt":    reflect.ValueOf(RegisterFmt),
		"SlogValue":      reflect.ValueOf(SlogValue),
		"SlogAll":        reflect.ValueOf(SlogAll),
		"SlogUnwrap":     reflect.ValueOf(SlogUnwrap),
		"PrintFunc":      reflect.ValueOf(PrintFunc),
		"CheckWrap":      reflect.ValueOf(CheckWrap),
		"JSONUnmarshal":  reflect.ValueOf(JSONUnmarshal),
		"JSONDecode":     reflect.ValueOf(JSONDecode),
		"JSONValue":      reflect.ValueOf(JSONValue),
		"ShowSharp":      reflect.ValueOf(ShowSharp),
		"ReflectArg":     reflect.ValueOf(ReflectArg),
		"TemplateData":   reflect.ValueOf(TemplateData),
		"ShowPrint":      reflect.ValueOf(ShowPrint),
		"ShowAllPrint":   reflect.ValueOf(ShowAllPrint),
		"Extra":          reflect.ValueOf(Extra),

		// json methods of cell types (jsonmethods.go, jsonmarshal.go)
		"JSONMarshal":       reflect.ValueOf(JSONMarshal),
		"JSONMarshalIndent": reflect.ValueOf(JSONMarshalIndent),
		"JSONEncode":        reflect.ValueOf(JSONEncode),
		"RegisterJSON":      reflect.ValueOf(RegisterJSON),
		"JSONErrorCheck":    reflect.ValueOf(JSONErrorCheck),

		// the element names of cell types in encoding/xml (xmlname.go)
		"XMLMarshal":       reflect.ValueOf(XMLMarshal),
		"XMLMarshalIndent": reflect.ValueOf(XMLMarshalIndent),
		"XMLEncode":        reflect.ValueOf(XMLEncode),

		// deferred calls of a boxed error's Error method (deferred.go)
		"RegisterDeferred": reflect.ValueOf(RegisterDeferred),
	},
}
