package jsonschema

// typeSet is a set of JSON types as bits.
type typeSet uint8

const (
	tNull typeSet = 1 << iota
	tBoolean
	tObject
	tArray
	tNumber
	tString
	tInteger
)

// typeNames lists the type names in bit order.
var typeNames = [...]string{"null", "boolean", "object", "array", "number", "string", "integer"}

// node is one compiled schema. Unset limits are -1; unset bounds are nil.
// A node is immutable after Compile except for its patterns' lazy regexps.
type node struct {
	isBool  bool // a boolean schema: true accepts all, false rejects all
	boolVal bool

	types    typeSet  // 0: any type
	typeList []string // the type names in schema order, for messages
	enum     []any
	hasEnum  bool
	constVal any
	hasConst bool

	obj *objectRules
	arr *arrayRules
	num *numberRules
	str *stringRules

	allOf, anyOf, oneOf []*node
	not                 *node
	ifN, thenN, elseN   *node
	ref                 *node
	refText             string
}

// objectRules are the keywords about objects.
type objectRules struct {
	props      map[string]*node
	propNames  []string // the keys of props, sorted
	allowed    string   // propNames quoted, for the additionalProperties false message
	patterns   []patternProp
	additional *node
	names      *node
	required   []string
	depReq     []dependency // sorted by key
	depSchemas []dependency // sorted by key
	minProps   int
	maxProps   int
}

// dependency is a dependentRequired or dependentSchemas entry: when key is
// present, names must be too, or the object must match n.
type dependency struct {
	key   string
	names []string
	n     *node
}

type patternProp struct {
	re *pattern
	n  *node
}

// arrayRules are the keywords about arrays.
type arrayRules struct {
	prefix      []*node
	items       *node // the items after prefix
	contains    *node
	minContains int
	maxContains int
	minItems    int
	maxItems    int
	unique      bool
}

// numberRules are the keywords about numbers.
type numberRules struct {
	min, max, exclMin, exclMax, multipleOf *float64
}

// stringRules are the keywords about strings.
type stringRules struct {
	minLen, maxLen int
	pattern        *pattern
}
