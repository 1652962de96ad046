package providertest

import (
	"reflect"
	"testing"

	"corvid/internal/provider"
)

func TestScanMembersAndElements(t *testing.T) {
	obj := []byte(` { "a" : "x\"}]" , "b":[1, {"c":"]\\\\"}], "d" :null,"e":-1.5e3 } `)
	var got []string
	for k, v := range members(obj) {
		got = append(got, string(k)+"="+string(v))
	}
	want := []string{`"a"="x\"}]"`, `"b"=[1, {"c":"]\\\\"}]`, `"d"=null`, `"e"=-1.5e3`}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("members %q, want %q", got, want)
	}
	got = nil
	for e := range elements([]byte(`[ "a,b" ,{"x":[]}, 3,true ]`)) {
		got = append(got, string(e))
	}
	if want := []string{`"a,b"`, `{"x":[]}`, `3`, `true`}; !reflect.DeepEqual(got, want) {
		t.Errorf("elements %q, want %q", got, want)
	}
	for range members([]byte(`[1]`)) {
		t.Error("members of an array")
	}
	for range elements([]byte(`{"a":1}`)) {
		t.Error("elements of an object")
	}
}

// TestLayoutMalformed feeds every prefix of a body, and some garbage, to
// the cache model: it must neither panic nor loop.
func TestLayoutMalformed(t *testing.T) {
	p := basePrompt()
	p.system = []provider.Block{mark(provider.TextBlock(`a "quoted" \\ [x]`))}
	p.tools[0].CacheControl = eph1h
	raw := p.body()
	for i := range raw {
		layoutPrompt(raw[:i])
	}
	for _, junk := range []string{`{"messages":[{"content":[{"type":`, `{"tools":[[[[`, `{"a"`, `{"a":`, `"`, `{"\`, `[`} {
		layoutPrompt([]byte(junk))
	}
}
