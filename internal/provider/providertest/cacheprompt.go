package providertest

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"hash"
	"slices"
)

// element is one unit of a request's cacheable prefix: a tool
// definition, a system block or a message content block, in that order.
type element struct {
	hash  [sha256.Size]byte // running hash of the prefix ending here
	end   int               // estimated tokens of the prefix ending here
	marks int               // cache_control markers on it, nested ones included
	ttl1h bool              // one of them asks for ttl "1h"
}

// layoutPrompt splits a request body, which decodeBody has accepted,
// into its prefix elements. The hash chain starts from the model, so
// different models never share a prefix.
func layoutPrompt(body []byte) []element {
	var model, system, tools, messages []byte
	for k, v := range members(body) {
		switch string(k) {
		case `"model"`:
			model = v
		case `"system"`:
			system = v
		case `"tools"`:
			tools = v
		case `"messages"`:
			messages = v
		}
	}
	c := &chain{sum: sha256.New()}
	c.sum.Write([]byte("providertest prompt cache\x00"))
	c.sum.Write(model)
	c.sum.Sum(c.h[:0])
	for t := range elements(tools) {
		c.add("tool", t)
	}
	c.addContent("system", system)
	for m := range elements(messages) {
		var role, content []byte
		for k, v := range members(m) {
			switch string(k) {
			case `"role"`:
				role = v
			case `"content"`:
				content = v
			}
		}
		c.addContent("message:"+string(role), content)
	}
	return c.out
}

// chain accumulates the running hash and token count of a prefix.
type chain struct {
	sum    hash.Hash
	h      [sha256.Size]byte
	tokens int
	out    []element
	buf    []byte // tag, 0, canonical form of the element being added
}

// addContent adds a system or message content value: a string (one text
// block) or an array of blocks. first tags the first block only, so a
// message's role is part of the prefix exactly once.
func (c *chain) addContent(first string, raw []byte) {
	tag := first
	if len(raw) > 0 && raw[0] == '"' {
		c.add(tag, raw)
		return
	}
	for b := range elements(raw) {
		c.add(tag, b)
		tag = "block"
	}
}

// add appends one element: its canonical form extends the hash, and a
// quarter of its canonical length (rounded up) is its token estimate.
func (c *chain) add(tag string, raw []byte) {
	var m marks
	c.buf = append(append(c.buf[:0], tag...), 0)
	head := len(c.buf)
	c.buf = appendCanonical(c.buf, raw, &m)
	canon := c.buf[head:]
	c.sum.Reset()
	c.sum.Write(c.h[:])
	c.sum.Write(c.buf)
	c.sum.Sum(c.h[:0])
	c.tokens += (len(canon) + 3) / 4
	c.out = append(c.out, element{hash: c.h, end: c.tokens, marks: m.n, ttl1h: m.ttl1h})
}

// marks counts the cache_control markers canonical strips.
type marks struct {
	n     int
	ttl1h bool
}

// canonical is a block (or tool definition) as the cache model sees it:
// object keys sorted, cache_control removed at the top level and from
// the blocks of any nested content array, values otherwise as sent. A
// plain string stands for the text block holding it, also as nested
// content (a tool_result's).
func canonical(raw []byte, m *marks) []byte { return appendCanonical(nil, raw, m) }

// appendCanonical appends raw's canonical form to dst.
func appendCanonical(dst, raw []byte, m *marks) []byte {
	if len(raw) > 0 && raw[0] == '"' {
		return append(append(append(dst, `{"text":`...), raw...), `,"type":"text"}`...)
	}
	if len(raw) == 0 || raw[0] != '{' {
		return append(dst, raw...)
	}
	var spare [8]member
	fields := spare[:0]
	for k, v := range members(raw) {
		if string(k) == `"cache_control"` {
			m.add(v)
			continue
		}
		fields = append(fields, member{k, v})
	}
	slices.SortFunc(fields, func(a, b member) int { return bytes.Compare(a.key, b.key) })
	dst = append(dst, '{')
	for i, f := range fields {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(append(dst, f.key...), ':')
		switch {
		case string(f.key) == `"content"` && f.value[0] == '[':
			dst = appendCanonicalArray(dst, f.value, m)
		case string(f.key) == `"content"` && f.value[0] == '"':
			// A nested content string is the one text block holding it.
			dst = append(appendCanonical(append(dst, '['), f.value, m), ']')
		default:
			dst = append(dst, f.value...)
		}
	}
	return append(dst, '}')
}

// member is one raw object member.
type member struct{ key, value []byte }

func appendCanonicalArray(dst, raw []byte, m *marks) []byte {
	dst = append(dst, '[')
	first := true
	for it := range elements(raw) {
		if !first {
			dst = append(dst, ',')
		}
		first = false
		dst = appendCanonical(dst, it, m)
	}
	return append(dst, ']')
}

// add counts a cache_control value; null is no marker.
func (m *marks) add(cc []byte) {
	if string(cc) == "null" {
		return
	}
	m.n++
	var v struct {
		TTL string `json:"ttl"`
	}
	if json.Unmarshal(cc, &v) == nil && v.TTL == "1h" {
		m.ttl1h = true
	}
}
