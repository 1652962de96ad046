package jsonschema

import "testing"

func TestValueKeywords(t *testing.T) {
	runKeywordCases(t, []keywordCase{
		{"type string", `{"type":"string"}`, []string{`""`, `"x"`}, []string{`1`, `null`, `true`, `{}`, `[]`}},
		{"type integer", `{"type":"integer"}`, []string{`1`, `-3`, `1.0`, `0`, `1e3`}, []string{`1.5`, `"1"`, `null`}},
		{"type number", `{"type":"number"}`, []string{`1`, `1.5`, `-0.25`}, []string{`"1"`, `[]`}},
		{"type array form", `{"type":["string","null"]}`, []string{`"a"`, `null`}, []string{`1`, `false`}},
		{"type object", `{"type":"object"}`, []string{`{}`, `{"a":1}`}, []string{`[]`, `"{}"`}},
		{"type array", `{"type":"array"}`, []string{`[]`, `[1]`}, []string{`{}`}},
		{"type boolean", `{"type":"boolean"}`, []string{`true`, `false`}, []string{`0`, `"true"`}},
		{"type null", `{"type":"null"}`, []string{`null`}, []string{`0`, `""`}},
		{"enum", `{"enum":["a",1,null,{"k":[1]}]}`, []string{`"a"`, `1`, `1.0`, `null`, `{"k":[1]}`},
			[]string{`"b"`, `2`, `{"k":[2]}`, `{}`, `false`}},
		{"const", `{"const":{"a":[1,"x"]}}`, []string{`{"a":[1,"x"]}`, `{"a":[1.0,"x"]}`},
			[]string{`{"a":[1]}`, `{"a":[1,"x"],"b":1}`, `null`}},
		{"const false is not 0", `{"const":false}`, []string{`false`}, []string{`0`, `null`, `""`}},
	})
}

func TestObjectKeywords(t *testing.T) {
	runKeywordCases(t, []keywordCase{
		{"properties", `{"properties":{"a":{"type":"string"}}}`, []string{`{}`, `{"a":"x"}`, `{"b":1}`, `1`},
			[]string{`{"a":1}`}},
		{"required", `{"required":["a","b"]}`, []string{`{"a":1,"b":null}`, `[]`, `"s"`}, []string{`{"a":1}`, `{}`}},
		{"additionalProperties false", `{"properties":{"a":{}},"additionalProperties":false}`,
			[]string{`{}`, `{"a":1}`}, []string{`{"b":1}`, `{"a":1,"c":2}`}},
		{"additionalProperties schema", `{"properties":{"a":{}},"additionalProperties":{"type":"integer"}}`,
			[]string{`{"a":"x","b":2}`}, []string{`{"b":"x"}`}},
		{"patternProperties", `{"patternProperties":{"^x-":{"type":"string"}},"additionalProperties":false}`,
			[]string{`{"x-a":"1"}`, `{}`}, []string{`{"x-a":1}`, `{"y":"1"}`}},
		{"propertyNames", `{"propertyNames":{"maxLength":3}}`, []string{`{"abc":1}`, `{}`}, []string{`{"abcd":1}`}},
		{"min/maxProperties", `{"minProperties":1,"maxProperties":2}`, []string{`{"a":1}`, `{"a":1,"b":2}`},
			[]string{`{}`, `{"a":1,"b":2,"c":3}`}},
		{"dependentRequired", `{"dependentRequired":{"a":["b"]}}`, []string{`{}`, `{"b":1}`, `{"a":1,"b":1}`},
			[]string{`{"a":1}`}},
		{"dependentSchemas", `{"dependentSchemas":{"a":{"required":["c"]}}}`, []string{`{"c":1}`, `{"a":1,"c":1}`},
			[]string{`{"a":1}`}},
		{"draft-07 dependencies", `{"dependencies":{"a":["b"],"c":{"required":["d"]}}}`,
			[]string{`{"a":1,"b":1}`, `{"c":1,"d":1}`}, []string{`{"a":1}`, `{"c":1}`}},
	})
}

func TestArrayKeywords(t *testing.T) {
	runKeywordCases(t, []keywordCase{
		{"items", `{"items":{"type":"integer"}}`, []string{`[]`, `[1,2]`, `{}`}, []string{`[1,"2"]`}},
		{"prefixItems", `{"prefixItems":[{"type":"string"},{"type":"integer"}]}`,
			[]string{`["a",1]`, `["a"]`, `["a",1,null]`}, []string{`[1]`, `["a","b"]`}},
		{"prefixItems closed", `{"prefixItems":[{"type":"string"}],"items":false}`, []string{`[]`, `["a"]`},
			[]string{`["a","b"]`}},
		{"prefixItems with items", `{"prefixItems":[{"type":"string"}],"items":{"type":"integer"}}`,
			[]string{`["a",1,2]`}, []string{`["a",1,"b"]`, `[1]`}},
		{"draft-07 tuple items", `{"items":[{"type":"string"}],"additionalItems":{"type":"integer"}}`,
			[]string{`["a"]`, `["a",2]`}, []string{`[1]`, `["a","b"]`}},
		{"min/maxItems", `{"minItems":1,"maxItems":2}`, []string{`[1]`, `[1,2]`}, []string{`[]`, `[1,2,3]`}},
		{"uniqueItems", `{"uniqueItems":true}`, []string{`[]`, `[1,"1",true]`, `[{"a":1},{"a":2}]`, `[[1],[2]]`},
			[]string{`[1,1]`, `[1,1.0]`, `[{"a":1,"b":2},{"b":2,"a":1}]`, `[[1],[1]]`}},
		{"uniqueItems false", `{"uniqueItems":false}`, []string{`[1,1]`}, nil},
		{"contains", `{"contains":{"type":"string"}}`, []string{`["a"]`, `[1,"a"]`, `{}`}, []string{`[]`, `[1,2]`}},
		{"min/maxContains", `{"contains":{"const":1},"minContains":2,"maxContains":3}`,
			[]string{`[1,1]`, `[1,2,1,1]`}, []string{`[1]`, `[1,1,1,1]`}},
		{"minContains 0", `{"contains":{"const":1},"minContains":0}`, []string{`[]`, `[2]`}, nil},
	})
}

func TestScalarKeywords(t *testing.T) {
	runKeywordCases(t, []keywordCase{
		{"minimum/maximum", `{"minimum":1,"maximum":3}`, []string{`1`, `3`, `2.5`, `"x"`}, []string{`0.9`, `3.1`}},
		{"exclusive bounds", `{"exclusiveMinimum":1,"exclusiveMaximum":3}`, []string{`1.1`, `2.9`},
			[]string{`1`, `3`}},
		{"draft-04 exclusive booleans ignored", `{"minimum":1,"exclusiveMinimum":true}`, []string{`1`}, []string{`0`}},
		{"multipleOf", `{"multipleOf":2}`, []string{`0`, `4`, `-6`}, []string{`3`, `4.5`}},
		{"multipleOf fraction", `{"multipleOf":0.1}`, []string{`0.3`, `1.2`, `7`}, []string{`0.35`}},
		{"multipleOf overflow", `{"multipleOf":0.123456789}`, nil, []string{`1e308`}},
		{"minLength/maxLength", `{"minLength":2,"maxLength":3}`, []string{`"ab"`, `"abc"`, `5`},
			[]string{`"a"`, `"abcd"`}},
		{"length counts code points", `{"maxLength":2}`, []string{`"💩💩"`, `"éé"`}, []string{`"💩💩💩"`}},
		{"pattern", `{"pattern":"^[a-z]+$"}`, []string{`"abc"`, `3`}, []string{`"abc1"`, `""`}},
		{"pattern is a search", `{"pattern":"b"}`, []string{`"abc"`}, []string{`"ac"`}},
	})
}

func TestLogicKeywords(t *testing.T) {
	runKeywordCases(t, []keywordCase{
		{"allOf", `{"allOf":[{"minimum":1},{"maximum":2}]}`, []string{`1`, `2`}, []string{`0`, `3`}},
		{"anyOf", `{"anyOf":[{"type":"string"},{"minimum":5}]}`, []string{`"a"`, `6`}, []string{`1`}},
		{"oneOf", `{"oneOf":[{"type":"integer"},{"minimum":2}]}`, []string{`1`, `2.5`}, []string{`3`, `1.5`}},
		{"not", `{"not":{"type":"string"}}`, []string{`1`, `null`}, []string{`"a"`}},
		{"if/then/else", `{"if":{"type":"string"},"then":{"minLength":2},"else":{"minimum":5}}`,
			[]string{`"ab"`, `5`}, []string{`"a"`, `4`}},
		{"if without then", `{"if":{"type":"string"},"else":{"type":"null"}}`, []string{`"a"`, `null`},
			[]string{`1`}},
		{"then without if is ignored", `{"then":false}`, []string{`1`}, nil},
		{"true schema", `true`, []string{`1`, `null`, `{}`}, nil},
		{"false schema", `false`, nil, []string{`1`, `null`, `{}`}},
		{"empty schema", `{}`, []string{`1`, `null`, `{"a":[1]}`}, nil},
		{"false property", `{"properties":{"a":false}}`, []string{`{}`, `{"b":1}`}, []string{`{"a":null}`}},
		{"annotations and unknown keywords", `{"title":"t","description":"d","default":3,"format":"email",` +
			`"examples":[1],"$schema":"https://json-schema.org/draft/2020-12/schema","$comment":"c",` +
			`"readOnly":true,"x-vendor":{"type":"string"}}`, []string{`1`, `"not an email"`}, nil},
	})
}
