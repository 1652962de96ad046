package config

import (
	"bytes"
	"fmt"

	"github.com/tailscale/hujson"
)

// editor appends to hujson objects and arrays the way a person would:
// a new item is indented like its siblings (or one unit deeper than the
// closing bracket), and trailing commas, comments and blank lines stay
// where they were.
type editor struct {
	unit   string // one level of indentation in this file
	nl     string // its line break: "\n" or "\r\n"
	spaced bool   // whether it writes `"key": value` rather than `"key":value`
	root   *hujson.Object
}

func newEditor(root *hujson.Object) editor {
	e := editor{unit: "  ", nl: "\n", root: root}
	if len(root.Members) > 0 {
		first := root.Members[0]
		if ind := lastLineIndent(first.Name.BeforeExtra); ind != "" {
			e.unit = ind
		}
		if bytes.Contains(first.Name.BeforeExtra, []byte("\r\n")) {
			e.nl = "\r\n"
		}
		e.spaced = len(first.Value.BeforeExtra) > 0
	}
	return e
}

// addRule makes sure permissions.<kind> lists rule.
func (e editor) addRule(root *hujson.Object, kind, rule string) (bool, error) {
	perms := lastMember(root, "permissions")
	if perms == nil {
		e.addMember(root, "permissions", map[string][]string{kind: {rule}})
		return true, nil
	}
	obj, ok := perms.Value.(*hujson.Object)
	if !ok {
		return false, fmt.Errorf("%w: permissions is not an object", ErrMalformed)
	}
	list := lastMember(obj, kind)
	if list == nil {
		e.addMember(obj, kind, []string{rule})
		return true, nil
	}
	arr, ok := list.Value.(*hujson.Array)
	if !ok {
		return false, fmt.Errorf("%w: permissions.%s is not an array", ErrMalformed, kind)
	}
	for _, el := range arr.Elements {
		if lit, ok := el.Value.(hujson.Literal); ok && lit.Kind() == '"' && lit.String() == rule {
			return false, nil
		}
	}
	e.addElement(arr, rule)
	return true, nil
}

// lastMember is the value of obj's last member called name (the one
// encoding/json, and so Load, honours).
func lastMember(obj *hujson.Object, name string) *hujson.Value {
	for i := len(obj.Members) - 1; i >= 0; i-- {
		m := &obj.Members[i]
		if lit, ok := m.Name.Value.(hujson.Literal); ok && lit.String() == name {
			return &m.Value
		}
	}
	return nil
}

// addMember appends "name": value to obj.
func (e editor) addMember(obj *hujson.Object, name string, value any) {
	closing := obj.AfterExtra
	if obj == e.root && len(obj.Members) == 0 && !bytes.ContainsRune(closing, '\n') {
		closing = hujson.Extra(e.nl) // a new root member gets its own line
	}
	var prevLead, prevTail hujson.Extra
	colon := hujson.Extra(" ")
	if n := len(obj.Members); n > 0 {
		last := obj.Members[n-1]
		prevLead, prevTail = last.Name.BeforeExtra, last.Value.AfterExtra
		if len(bytes.TrimLeft(last.Value.BeforeExtra, " \t")) == 0 {
			colon = append(hujson.Extra{}, last.Value.BeforeExtra...)
		}
	}
	lead, tail := e.slot(prevLead, len(obj.Members), closing)
	text := marshal(value, "", "")
	if bytes.ContainsRune(lead, '\n') {
		text = marshal(value, lastLineIndent(lead), e.unit)
		text = bytes.ReplaceAll(text, []byte("\n"), []byte(e.nl))
	}
	v, _ := hujson.Parse(text) // marshal's output is valid JSON
	v.BeforeExtra = colon
	v.AfterExtra = trailing(len(obj.Members) > 0 && prevTail != nil)
	obj.Members = append(obj.Members, hujson.ObjectMember{
		Name:  hujson.Value{BeforeExtra: lead, Value: hujson.String(name)},
		Value: v,
	})
	obj.AfterExtra = tail
}

// addElement appends the string s to arr.
func (e editor) addElement(arr *hujson.Array, s string) {
	var prevLead, prevTail hujson.Extra
	if n := len(arr.Elements); n > 0 {
		prevLead, prevTail = arr.Elements[n-1].BeforeExtra, arr.Elements[n-1].AfterExtra
	}
	lead, tail := e.slot(prevLead, len(arr.Elements), arr.AfterExtra)
	arr.Elements = append(arr.Elements, hujson.Value{
		BeforeExtra: lead,
		Value:       hujson.String(s),
		AfterExtra:  trailing(len(arr.Elements) > 0 && prevTail != nil),
	})
	arr.AfterExtra = tail
}

// trailing is the AfterExtra of a new last item: non-nil keeps the
// container's trailing comma.
func trailing(had bool) hujson.Extra {
	if had {
		return hujson.Extra{}
	}
	return nil
}

// slot places a new last item in a container of n items, whose last item
// starts with prevLead and whose closing bracket is preceded by closing:
// it returns the new item's leading extra and what then precedes the
// bracket. Comments after the old last item stay with it.
func (e editor) slot(prevLead hujson.Extra, n int, closing hujson.Extra) (lead, tail hujson.Extra) {
	hasItems := n > 0
	head := closing
	if i := bytes.LastIndexByte(closing, '\n'); i >= 0 {
		if i > 0 && closing[i-1] == '\r' {
			i--
		}
		head, tail = closing[:i], closing[i:]
	}
	head = bytes.TrimRight(head, " \t\r")
	var indent string
	switch {
	case hasItems && bytes.ContainsRune(prevLead, '\n'):
		indent = e.nl + lastLineIndent(prevLead)
	case n == 1 && len(prevLead) == 0 && e.spaced:
		indent = " "
	case hasItems && len(bytes.TrimLeft(prevLead, " \t")) == 0:
		indent = string(prevLead) // a one-line container: space items alike
	case hasItems:
		indent = " "
	case len(tail) > 0:
		indent = string(tail) + e.unit
	}
	if bytes.Contains(head, []byte("//")) && !bytes.ContainsRune([]byte(indent), '\n') {
		indent = e.nl + indent // a line comment must end before the item
	}
	lead = append(append(hujson.Extra{}, head...), indent...)
	return lead, append(hujson.Extra{}, tail...)
}

// lastLineIndent is the spaces and tabs that start the last line of x
// ("" when x has no line break).
func lastLineIndent(x hujson.Extra) string {
	i := bytes.LastIndexByte(x, '\n')
	if i < 0 {
		return ""
	}
	line := x[i+1:]
	n := 0
	for n < len(line) && (line[n] == ' ' || line[n] == '\t') {
		n++
	}
	return string(line[:n])
}
