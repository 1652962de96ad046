package permission

import (
	"bytes"
	"encoding/json"
)

// fields are a tool input's top-level fields.
type fields map[string]json.RawMessage

// decodeFields reads an input object; anything else gives no fields.
func decodeFields(input json.RawMessage) fields {
	var f fields
	if err := json.Unmarshal(input, &f); err != nil {
		return nil
	}
	return f
}

// str returns a string field, "" when absent or not a string.
func (f fields) str(key string) string {
	var s string
	if raw, ok := f[key]; ok {
		_ = json.Unmarshal(raw, &s)
	}
	return s
}

// scalar returns a field's value as parameter rules see it: a string's
// value, a number's or boolean's JSON text. Objects, arrays and null are
// not scalars.
func (f fields) scalar(key string) (string, bool) {
	raw, ok := f[key]
	if !ok {
		return "", false
	}
	raw = bytes.TrimSpace(raw)
	switch {
	case len(raw) == 0 || raw[0] == '{' || raw[0] == '[' || string(raw) == "null":
		return "", false
	case raw[0] == '"':
		var s string
		err := json.Unmarshal(raw, &s)
		return s, err == nil
	}
	return string(raw), true
}
