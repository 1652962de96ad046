package jsonschema

import "testing"

// specCases are answers the JSON Schema 2020-12 specification gives for
// instances that naive validators often get wrong. Each was worked out by
// hand from the specification text, independently of this implementation.
var specCases = []struct {
	schema, instance string
	valid            bool
}{
	{`{"type":"integer"}`, `1.0`, true},
	{`{"type":"integer"}`, `1e308`, true},
	{`{"type":"number"}`, `1`, true},
	{`{"type":["integer","string"]}`, `1.5`, false},
	{`{"enum":[1]}`, `true`, false},
	{`{"enum":[false]}`, `0`, false},
	{`{"enum":[[1,2]]}`, `[1,2.0]`, true},
	{`{"const":null}`, `0`, false},
	{`{"const":[]}`, `{}`, false},
	{`{"const":{"a":1,"b":2}}`, `{"b":2,"a":1}`, true},
	{`{"uniqueItems":true}`, `[0,false]`, true},
	{`{"uniqueItems":true}`, `[{},{}]`, false},
	{`{"uniqueItems":true}`, `[[1],[true]]`, true},
	{`{"properties":{"a":{"type":"string"}}}`, `"not an object"`, true},
	{`{"required":["a"]}`, `[]`, true},
	{`{"required":[]}`, `{}`, true},
	{`{"maxLength":2}`, `123`, true},
	{`{"minimum":1}`, `"0"`, true},
	{`{"minProperties":1}`, `[]`, true},
	{`{"additionalProperties":false,"patternProperties":{"^a":{}}}`, `{"ab":1}`, true},
	{`{"additionalProperties":false,"patternProperties":{"^a":{}}}`, `{"ba":1}`, false},
	{`{"patternProperties":{"a":{"type":"integer"}}}`, `{"bab":"x"}`, false},
	{`{"properties":{"foo":{"type":"integer"}},"patternProperties":{"f.o":{"minimum":5}}}`, `{"foo":3}`, false},
	{`{"properties":{"a":{}},"additionalProperties":{"type":"boolean"}}`, `{"a":1,"b":true}`, true},
	{`{"items":{"type":"integer"}}`, `{"0":"x"}`, true},
	{`{"prefixItems":[{"type":"integer"}]}`, `[]`, true},
	{`{"items":false}`, `[]`, true},
	{`{"prefixItems":[{}],"items":false}`, `[1]`, true},
	{`{"contains":{"minimum":5}}`, `[]`, false},
	{`{"contains":true}`, `[]`, false},
	{`{"contains":false}`, `["a"]`, false},
	{`{"minContains":2}`, `[]`, true},
	{`{"contains":{"const":1},"maxContains":1}`, `[1,1]`, false},
	{`{"allOf":[true,true]}`, `1`, true},
	{`{"anyOf":[false,false]}`, `1`, false},
	{`{"oneOf":[true,true]}`, `1`, false},
	{`{"oneOf":[true,false,false]}`, `1`, true},
	{`{"not":true}`, `1`, false},
	{`{"not":false}`, `1`, true},
	{`{"if":true,"then":false}`, `1`, false},
	{`{"if":false,"then":false}`, `1`, true},
	{`{"if":false,"else":{"const":2}}`, `1`, false},
	{`{"then":{"const":2},"else":{"const":3}}`, `1`, true},
	{`{"multipleOf":0.01}`, `19.99`, true},
	{`{"multipleOf":0.01}`, `0.075`, false},
	{`{"multipleOf":1.5}`, `4.5`, true},
	{`{"multipleOf":1.5}`, `35`, false},
	{`{"exclusiveMinimum":0}`, `0`, false},
	{`{"maximum":300}`, `300.0`, true},
	{`{"propertyNames":false}`, `{}`, true},
	{`{"propertyNames":false}`, `{"a":1}`, false},
	{`{"propertyNames":{"minLength":1}}`, `{"":1}`, false},
	{`{"$defs":{"a":{"type":"integer"}},"$ref":"#/$defs/a","maximum":5}`, `6`, false},
	{`{"dependentSchemas":{"bar":false}}`, `{"foo":1}`, true},
	{`{"dependentSchemas":{"bar":false}}`, `{"bar":2}`, false},
	{`{"minLength":1}`, `"\u0000"`, true},
}

func TestSpecCases(t *testing.T) {
	for _, c := range specCases {
		err := validate(t, c.schema, c.instance)
		if (err == nil) != c.valid {
			t.Errorf("%s with %s: want valid=%v, got %v", c.schema, c.instance, c.valid, err)
		}
	}
}
