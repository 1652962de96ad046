package notebookedit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// cell is one cell object with its keys in file order; values stay raw
// JSON, so what the edit does not touch keeps its exact text.
type cell struct{ fields []field }

type field struct {
	key string
	val json.RawMessage
	// fresh marks a value set by the edit, which encode lays out; others
	// keep the bytes they had in the file.
	fresh bool
}

func parseCell(raw []byte) (*cell, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil { // the {, checked by parse
		return nil, notebookErr(err)
	}
	c := &cell{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, notebookErr(err)
		}
		var val json.RawMessage
		if err := dec.Decode(&val); err != nil {
			return nil, notebookErr(err)
		}
		key, _ := tok.(string)
		c.fields = append(c.fields, field{key: key, val: val})
	}
	return c, nil
}

// newCell is a fresh, empty cell of kind with the keys Jupyter writes
// (id only when the notebook's format has ids).
func newCell(kind, id string) *cell {
	c := &cell{}
	c.set("cell_type", kind)
	if id != "" {
		c.set("id", id)
	}
	c.set("metadata", struct{}{})
	c.set("source", []string{})
	return c
}

func (c *cell) get(key string) (json.RawMessage, bool) {
	for _, f := range c.fields {
		if f.key == key {
			return f.val, true
		}
	}
	return nil, false
}

func (c *cell) str(key string) string {
	raw, _ := c.get(key)
	var s string
	_ = json.Unmarshal(raw, &s) // absent or not a string: ""
	return s
}

// set replaces key's value, or adds the key at the end.
func (c *cell) set(key string, v any) {
	f := field{key: key, val: marshal(v), fresh: true}
	for i := range c.fields {
		if c.fields[i].key == key {
			c.fields[i] = f
			return
		}
	}
	c.fields = append(c.fields, f)
}

func (c *cell) remove(key string) {
	c.fields = slices.DeleteFunc(c.fields, func(f field) bool { return f.key == key })
}

// setKind makes c a cell of kind with source src, as Jupyter keeps them:
// a code cell has outputs and an execution_count, reset here because they
// belong to the old source; a markdown cell has neither. Keys stay in
// alphabetical order when they were (as Jupyter writes them).
func (c *cell) setKind(kind string, src any) {
	sorted := slices.IsSortedFunc(c.fields, func(a, b field) int { return strings.Compare(a.key, b.key) })
	c.set("cell_type", kind)
	c.set("source", src)
	if kind == "code" {
		c.set("execution_count", nil)
		c.set("outputs", []any{})
	} else {
		c.remove("execution_count")
		c.remove("outputs")
	}
	if sorted {
		slices.SortStableFunc(c.fields, func(a, b field) int { return strings.Compare(a.key, b.key) })
	}
}

// encode writes c as the notebook writes objects: one key per line,
// indented by indent after prefix (the cell's own line start), or compact
// when indent is "". Values the edit did not set keep their bytes: they
// were already laid out for this depth.
func (c *cell) encode(prefix, indent string) ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range c.fields {
		if i > 0 {
			b.WriteByte(',')
		}
		if indent != "" {
			b.WriteString("\n" + prefix + indent)
		}
		b.Write(marshal(f.key))
		b.WriteByte(':')
		if indent != "" {
			b.WriteByte(' ')
		}
		if err := writeValue(&b, f, prefix+indent, indent); err != nil {
			return nil, err
		}
	}
	if indent != "" && len(c.fields) > 0 {
		b.WriteString("\n" + prefix)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func writeValue(b *bytes.Buffer, f field, prefix, indent string) error {
	if indent == "" || !f.fresh {
		b.Write(f.val)
		return nil
	}
	if err := json.Indent(b, f.val, prefix, indent); err != nil {
		return fmt.Errorf("encoding the cell's %s: %w", f.key, err)
	}
	return nil
}

// marshal encodes v as Jupyter does: no HTML escaping of < > &. It is
// only given strings, lists of strings and nil, which always encode.
func marshal(v any) json.RawMessage {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return json.RawMessage("null")
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}
