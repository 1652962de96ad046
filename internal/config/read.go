package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/tailscale/hujson"

	"corvid/internal/capread"
)

// readCapped reads a regular file of at most limit bytes. Anything else
// (a directory, a FIFO planted to hang the reader, a device) is refused
// without blocking on it.
func readCapped(path string, limit int64) ([]byte, error) {
	data, err := capread.File(path, limit)
	if errors.Is(err, capread.ErrTooLarge) {
		return nil, fmt.Errorf("%s is over %d bytes: %w", path, limit, errTooLarge)
	}
	return data, err
}

// document is one parsed settings file. root is the standardized syntax
// tree, its offsets those of data, so positions can be reported; a file
// over MaxFileSize is parsed leanly (see lean.go) and has no tree. std is
// the document as standard JSON.
type document struct {
	name string
	data []byte
	std  []byte
	root hujson.Value
	keys map[string]json.RawMessage
}

// utf8BOM is dropped from the start of a file.
const utf8BOM = "\xef\xbb\xbf"

// parseDocument parses JSON with comments and trailing commas into a
// top-level object. An empty file is an empty object. A file over
// MaxFileSize is parsed leanly, overwriting data.
func parseDocument(name string, data []byte) (*document, *Problem) {
	return parse(name, data, len(data) > MaxFileSize)
}

// parse parses data into a syntax tree, or leanly.
func parse(name string, data []byte, lean bool) (*document, *Problem) {
	data = bytes.TrimPrefix(data, []byte(utf8BOM))
	d := &document{name: name, data: data, keys: map[string]json.RawMessage{}}
	if len(bytes.TrimSpace(data)) == 0 {
		return d, nil
	}
	if at := tooDeep(data); at >= 0 {
		p := problemAt(name, data, at, "invalid JSON: nested more than %d levels deep", maxNesting)
		return nil, &p
	}
	if lean {
		return d.parseLean()
	}
	root, err := hujson.Parse(bytes.Clone(data))
	if err != nil {
		p := parseProblem(name, data, err)
		return nil, &p
	}
	if root.Value.Kind() != '{' {
		p := problemAt(name, data, root.StartOffset, "settings must be a JSON object")
		return nil, &p
	}
	root.Standardize()
	d.std = root.Pack()
	if err := json.Unmarshal(d.std, &d.keys); err != nil {
		p := parseProblem(name, data, err)
		return nil, &p
	}
	d.root = root
	return d, nil
}

// pointerTo is the JSON pointer (RFC 6901) of nested object keys.
func pointerTo(keys ...string) string {
	var b strings.Builder
	for _, k := range keys {
		b.WriteByte('/')
		b.WriteString(strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1"))
	}
	return b.String()
}

// problem reports msg at the value the JSON pointer names (or the start
// of the file when it cannot be found); a leanly parsed file's problems
// have no position.
func (d *document) problem(ptr string, format string, args ...any) Problem {
	if d.root.Value == nil {
		return Problem{File: d.name, Msg: fmt.Sprintf(format, args...)}
	}
	offset := 0
	if v := d.root.Find(ptr); v != nil {
		offset = v.StartOffset
	}
	return problemAt(d.name, d.data, offset, format, args...)
}
