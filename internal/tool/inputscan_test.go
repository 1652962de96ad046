package tool

import (
	"encoding/json"
	"testing"
)

var inputSamples = []string{
	`{"command":"ls -la"}`, `{"command":"a","command":"b"}`, `{"command":"a","Command":"b"}`,
	`{"description":"x","command":"cd src && go test ./... 2>&1 | tee out.log","timeout":5}`,
	`{"command":"say \"hi\"\n"}`, `{"comm\u0061nd":"x"}`, `{"command":null}`, `{"command":12}`,
	`{"command":{"a":"b"}}`, `{"command":["x"]}`, `{"x":{"command":"inner"},"command":"outer"}`,
	`{"x":["command","y"],"y":"command"}`, `null`, `[]`, `"command"`, `12`, ``, `{`, `{"command":"x"`,
	`{"command":"x",}`, " \t\n{ \"command\" : \"spaced\" , \"b\" : [ 1 , { \"c\" : \"}\" } ] } ",
	`{"command":"\u00e9t\u00e9"}`, "{\"command\":\"caf\xc3\xa9\"}", "{\"command\":\"bad\xff\"}",
	"{\"comm\xffand\":\"x\"}", `{"command":"a\\b"}`, `{"command":""}`, `{}`, `{"a":"\"command\":\"no\""}`,
	`{"command":"x"} {"command":"y"}`, `{"command":true}`, `{"a":1e5,"command":"after number"}`,
}

// TestInputStringFast checks the key walk against decoding every field
// (fails on any input where the two answer differently).
func TestInputStringFast(t *testing.T) {
	for _, in := range inputSamples {
		for _, key := range []string{"command", "Command", "b", "x", ""} {
			got, want := InputString(json.RawMessage(in), key), inputStringSlow(json.RawMessage(in), key)
			if got != want {
				t.Errorf("InputString(%q, %q) = %q, decoding gives %q", in, key, got, want)
			}
		}
	}
}

// FuzzInputString checks the key walk against decoding on any input.
func FuzzInputString(f *testing.F) {
	for _, in := range inputSamples {
		f.Add(in, "command")
	}
	f.Fuzz(func(t *testing.T, in, key string) {
		got, want := InputString(json.RawMessage(in), key), inputStringSlow(json.RawMessage(in), key)
		if got != want {
			t.Errorf("InputString(%q, %q) = %q, decoding gives %q", in, key, got, want)
		}
	})
}
