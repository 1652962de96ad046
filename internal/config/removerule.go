package config

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"reflect"
	"strings"

	"github.com/tailscale/hujson"

	"corvid/internal/atomicfile"
)

// RemoveRule takes rule out of the permissions.<kind> array of the
// settings file at path, keeping the rest of the file as it was. A file
// that does not list the rule is left alone (ErrRuleNotFound), as is one
// that does not parse (ErrMalformed). The write is atomic.
func RemoveRule(path, kind, rule string) error {
	rule = strings.TrimSpace(rule)
	if err := checkKind(kind); err != nil {
		return fmt.Errorf("removing a rule: %w", err)
	}
	data, err := readCapped(path, MaxFileSize)
	if errors.Is(err, fs.ErrNotExist) {
		err = fmt.Errorf("%w (no such file)", ErrRuleNotFound)
	}
	if err != nil {
		return fmt.Errorf("removing a rule from %s: %w", path, err)
	}
	out, err := withoutRule(data, kind, rule)
	if err != nil {
		return fmt.Errorf("removing %s rule %q from %s: %w", kind, rule, path, err)
	}
	return atomicfile.Write(path, out, 0o600)
}

// withoutRule is data with every copy of rule dropped from
// permissions.<kind>.
func withoutRule(data []byte, kind, rule string) ([]byte, error) {
	bom, body := splitBOM(data)
	root, obj, err := parseObject(body)
	if err != nil {
		return nil, err
	}
	arr, err := ruleArray(obj, kind)
	if err != nil {
		return nil, err
	}
	if !dropString(arr, rule) {
		return nil, ErrRuleNotFound
	}
	out := append([]byte(bom), root.Pack()...)
	if err := checkRemoval(body, out[len(bom):], kind, rule); err != nil {
		return nil, err
	}
	return out, nil
}

// ruleArray is permissions.<kind> in obj (ErrRuleNotFound when absent).
func ruleArray(obj *hujson.Object, kind string) (*hujson.Array, error) {
	perms := lastMember(obj, "permissions")
	if perms == nil {
		return nil, ErrRuleNotFound
	}
	pobj, ok := perms.Value.(*hujson.Object)
	if !ok {
		return nil, fmt.Errorf("%w: permissions is not an object", ErrMalformed)
	}
	list := lastMember(pobj, kind)
	if list == nil {
		return nil, ErrRuleNotFound
	}
	arr, ok := list.Value.(*hujson.Array)
	if !ok {
		return nil, fmt.Errorf("%w: permissions.%s is not an array", ErrMalformed, kind)
	}
	return arr, nil
}

// dropString removes the string elements equal to s; the new last
// element keeps the old last one's trailing comma (or its absence).
func dropString(arr *hujson.Array, s string) bool {
	n := len(arr.Elements)
	if n == 0 {
		return false
	}
	lastTail := arr.Elements[n-1].AfterExtra
	var kept []hujson.Value
	var carry hujson.Extra // comments ending the line before a dropped item
	for _, el := range arr.Elements {
		if lit, ok := el.Value.(hujson.Literal); ok && lit.Kind() == '"' && lit.String() == s {
			carry = append(carry, lineHead(el.BeforeExtra)...)
			continue
		}
		el.BeforeExtra = append(carry, el.BeforeExtra...)
		carry = nil
		kept = append(kept, el)
	}
	if len(kept) == n {
		return false
	}
	arr.AfterExtra = append(carry, arr.AfterExtra...)
	if len(kept) > 0 {
		kept[len(kept)-1].AfterExtra = lastTail
	}
	arr.Elements = kept
	return true
}

// lineHead is what x holds before its last line break when that is more
// than blanks (a comment ending the previous item's line); else nil.
func lineHead(x hujson.Extra) hujson.Extra {
	i := bytes.LastIndexByte(x, '\n')
	if i < 0 || len(bytes.TrimSpace(x[:i])) == 0 {
		return nil
	}
	if i > 0 && x[i-1] == '\r' {
		i--
	}
	return append(hujson.Extra{}, x[:i]...)
}

// checkRemoval verifies that the edited document means the old one
// without the rule, so a bug here never corrupts a user's settings.
func checkRemoval(before, after []byte, kind, rule string) error {
	var want, got map[string]any
	if decodeHuJSON(before, &want) != nil || decodeHuJSON(after, &got) != nil {
		return fmt.Errorf("%w: edited settings do not parse; not written", ErrMalformed)
	}
	perms, _ := want["permissions"].(map[string]any)
	list, _ := perms[kind].([]any)
	keep := []any{}
	for _, v := range list {
		if v != rule {
			keep = append(keep, v)
		}
	}
	perms[kind] = keep
	if !reflect.DeepEqual(want, got) {
		return fmt.Errorf("%w: edited settings differ from the intended edit; not written", ErrMalformed)
	}
	return nil
}
