package jsonschema

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Schema is a compiled JSON Schema. It is immutable and safe for
// concurrent use.
type Schema struct {
	root *node
}

// Compile reads a schema document. It fails on malformed JSON, on a
// keyword whose value has the wrong type (a string "minimum", a "required"
// that is not a list of strings...) and on a $ref it cannot resolve.
func Compile(raw json.RawMessage) (*Schema, error) {
	var doc any
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, fmt.Errorf("schema is not valid JSON: %v", err)
	}
	c := &compiler{doc: doc, nodes: map[string]*node{}, anchors: map[string]string{}}
	if m, ok := doc.(map[string]any); ok {
		if id, ok := m["$id"].(string); ok {
			c.rootID = strings.TrimSuffix(id, "#")
		}
	}
	root, err := c.compile(doc, "")
	if err != nil {
		return nil, err
	}
	if err := c.resolveRefs(); err != nil {
		return nil, err
	}
	return &Schema{root: root}, nil
}

// compiler holds the state of one Compile call.
type compiler struct {
	doc     any
	rootID  string           // the root's $id without a trailing "#"
	nodes   map[string]*node // compiled subschemas by JSON pointer
	anchors map[string]string
	refs    []pendingRef
}

// pendingRef is a $ref to resolve once the whole document is walked, so
// that anchors anywhere in it are known.
type pendingRef struct {
	n   *node
	ref string
	at  string
}

// schemaError describes a malformed schema at pointer at.
func schemaError(at, format string, args ...any) error {
	return fmt.Errorf("invalid schema at %s: %s", displayPointer(at), fmt.Sprintf(format, args...))
}

// compile compiles the subschema v found at pointer at. A location is
// compiled once; the node is registered before its children so that
// reference cycles end.
func (c *compiler) compile(v any, at string) (*node, error) {
	if n, ok := c.nodes[at]; ok {
		return n, nil
	}
	switch s := v.(type) {
	case bool:
		n := &node{isBool: true, boolVal: s}
		c.nodes[at] = n
		return n, nil
	case map[string]any:
		n := &node{}
		c.nodes[at] = n
		return n, c.fill(n, keywords{m: s, at: at, c: c})
	}
	return nil, schemaError(at, "a schema must be an object or a boolean, got %s", jsonKind(v))
}

// fill reads every keyword of an object schema into n.
func (c *compiler) fill(n *node, k keywords) error {
	for _, step := range []func(*node, keywords) error{
		fillValue, fillObject, fillArray, fillNumber, fillString, fillLogic, fillRefs,
	} {
		if err := step(n, k); err != nil {
			return err
		}
	}
	return nil
}

// fillRefs reads $ref, $anchor and the definition containers.
func fillRefs(n *node, k keywords) error {
	if ref, ok, err := k.str("$ref"); err != nil {
		return err
	} else if ok {
		n.refText = ref
		k.c.refs = append(k.c.refs, pendingRef{n: n, ref: ref, at: k.at})
	}
	for _, key := range []string{"$anchor", "$dynamicAnchor"} {
		if name, ok, err := k.str(key); err != nil {
			return err
		} else if ok {
			k.c.anchors[name] = k.at
		}
	}
	for _, key := range []string{"$defs", "definitions"} {
		if _, err := k.schemaMap(key); err != nil {
			return err
		}
	}
	return nil
}

// jsonKind names the JSON type of a decoded value.
func jsonKind(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case float64, json.Number:
		return "number"
	default:
		return fmt.Sprintf("a Go %T", x)
	}
}
