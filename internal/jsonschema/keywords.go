package jsonschema

import (
	"math"
	"slices"
)

// keywords reads the keywords of one object schema, checking the type of
// each value it reads. Every getter reports absence as ok == false (or a
// nil/-1 result) without error.
type keywords struct {
	m  map[string]any
	at string // the schema's JSON pointer
	c  *compiler
}

// path is the pointer of keyword key, and of its sub-entries.
func (k keywords) path(key string, sub ...string) string {
	p := k.at + "/" + escapeToken(key)
	for _, s := range sub {
		p += "/" + escapeToken(s)
	}
	return p
}

func (k keywords) wrongType(key, want string) error {
	return schemaError(k.at, "%q must be %s, got %s", key, want, jsonKind(k.m[key]))
}

func (k keywords) str(key string) (string, bool, error) {
	v, ok := k.m[key]
	if !ok {
		return "", false, nil
	}
	s, ok := v.(string)
	if !ok {
		return "", false, k.wrongType(key, "a string")
	}
	return s, true, nil
}

// number reads a number; nil if absent.
func (k keywords) number(key string) (*float64, error) {
	v, ok := k.m[key]
	if !ok {
		return nil, nil
	}
	f, ok := v.(float64)
	if !ok {
		return nil, k.wrongType(key, "a number")
	}
	return &f, nil
}

// count reads a non-negative integer; -1 if absent.
func (k keywords) count(key string) (int, error) {
	v, ok := k.m[key]
	if !ok {
		return -1, nil
	}
	f, ok := v.(float64)
	if !ok || f < 0 || f != math.Trunc(f) {
		return -1, schemaError(k.at, "%q must be a non-negative integer, got %s", key, quote(v))
	}
	if f > math.MaxInt32 {
		return math.MaxInt32, nil
	}
	return int(f), nil
}

func (k keywords) boolean(key string) (bool, error) {
	v, ok := k.m[key]
	if !ok {
		return false, nil
	}
	b, ok := v.(bool)
	if !ok {
		return false, k.wrongType(key, "a boolean")
	}
	return b, nil
}

func (k keywords) strings(key string) ([]string, error) {
	v, ok := k.m[key]
	if !ok {
		return nil, nil
	}
	return stringList(v, func() error { return k.wrongType(key, "an array of strings") })
}

func stringList(v any, bad func() error) ([]string, error) {
	list, ok := v.([]any)
	if !ok {
		return nil, bad()
	}
	out := make([]string, len(list))
	for i, e := range list {
		if out[i], ok = e.(string); !ok {
			return nil, bad()
		}
	}
	return out, nil
}

// schema compiles the subschema under key; nil if absent.
func (k keywords) schema(key string) (*node, error) {
	v, ok := k.m[key]
	if !ok {
		return nil, nil
	}
	return k.c.compile(v, k.path(key))
}

// schemaList compiles a non-empty array of subschemas.
func (k keywords) schemaList(key string) ([]*node, error) {
	v, ok := k.m[key]
	if !ok {
		return nil, nil
	}
	list, ok := v.([]any)
	if !ok || len(list) == 0 {
		return nil, schemaError(k.at, "%q must be a non-empty array of schemas", key)
	}
	out := make([]*node, len(list))
	for i, e := range list {
		n, err := k.c.compile(e, k.path(key, itoa(i)))
		if err != nil {
			return nil, err
		}
		out[i] = n
	}
	return out, nil
}

// schemaMap compiles an object whose values are subschemas.
func (k keywords) schemaMap(key string) (map[string]*node, error) {
	v, ok := k.m[key]
	if !ok {
		return nil, nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, k.wrongType(key, "an object")
	}
	out := make(map[string]*node, len(m))
	for _, name := range sortedKeys(m) {
		n, err := k.c.compile(m[name], k.path(key, name))
		if err != nil {
			return nil, err
		}
		out[name] = n
	}
	return out, nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for key := range m {
		keys = append(keys, key)
	}
	slices.Sort(keys)
	return keys
}
