package tool

import "encoding/json"

// InputString returns a top-level string field of a tool input, "" when
// the input is not an object or the field is absent or not a string.
// Self-descriptions use it so that a malformed input describes nothing
// rather than failing.
func InputString(input json.RawMessage, key string) string {
	if s, ok := inputStringFast(input, key); ok {
		return s
	}
	return inputStringSlow(input, key)
}

// inputStringSlow is InputString through a decoded map of the fields.
func inputStringSlow(input json.RawMessage, key string) string {
	var f map[string]json.RawMessage
	if err := json.Unmarshal(input, &f); err != nil {
		return ""
	}
	var s string
	if raw, ok := f[key]; ok {
		_ = json.Unmarshal(raw, &s)
	}
	return s
}

// InputPath returns the string field key of input as a path to check,
// or ErrNoPath when it is empty.
func InputPath(input json.RawMessage, key string) (string, error) {
	if p := InputString(input, key); p != "" {
		return p, nil
	}
	return "", ErrNoPath
}
