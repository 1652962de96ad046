package jsonschema

import (
	"net/url"
	"strconv"
	"strings"
)

// resolveRefs links every $ref to its target. Resolving may compile a part
// of the document not walked before, which can add references, so the
// list is read as it grows.
func (c *compiler) resolveRefs() error {
	for i := 0; i < len(c.refs); i++ {
		p := c.refs[i]
		target, err := c.resolve(p.ref, p.at)
		if err != nil {
			return err
		}
		p.n.ref = target
	}
	return nil
}

// resolve finds the subschema a reference names. Only references into this
// document resolve: "#", "#/json/pointer" and "#anchor", optionally after
// the root's own $id.
func (c *compiler) resolve(ref, at string) (*node, error) {
	base, frag, _ := strings.Cut(ref, "#")
	if base != "" && base != c.rootID {
		return nil, schemaError(at, "cannot resolve $ref %q: only references within the schema are supported", ref)
	}
	if frag == "" {
		return c.nodes[""], nil
	}
	if !strings.HasPrefix(frag, "/") {
		ptr, ok := c.anchors[frag]
		if !ok {
			return nil, schemaError(at, "cannot resolve $ref %q: no such anchor", ref)
		}
		return c.nodes[ptr], nil
	}
	frag, err := url.PathUnescape(frag)
	if err != nil {
		return nil, schemaError(at, "cannot resolve $ref %q: %v", ref, err)
	}
	v, ptr, ok := lookup(c.doc, frag)
	if !ok {
		return nil, schemaError(at, "cannot resolve $ref %q: the schema has nothing at %s", ref, frag)
	}
	return c.compile(v, ptr)
}

// lookup follows a JSON pointer through a decoded document. It returns the
// value found and the pointer in canonical form.
func lookup(doc any, pointer string) (any, string, bool) {
	v, canon := doc, ""
	for _, raw := range strings.Split(pointer, "/")[1:] {
		tok := unescapeToken(raw)
		switch x := v.(type) {
		case map[string]any:
			next, ok := x[tok]
			if !ok {
				return nil, "", false
			}
			v = next
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(x) {
				return nil, "", false
			}
			v, tok = x[i], strconv.Itoa(i)
		default:
			return nil, "", false
		}
		canon += "/" + escapeToken(tok)
	}
	return v, canon, true
}

// escapeToken writes a reference token for a JSON pointer.
func escapeToken(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

func unescapeToken(s string) string {
	if !strings.Contains(s, "~") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
}

// displayPointer shows a JSON pointer, the whole document as "/".
func displayPointer(p string) string {
	if p == "" {
		return "/"
	}
	return p
}

func itoa(i int) string { return strconv.Itoa(i) }
