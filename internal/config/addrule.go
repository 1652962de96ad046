package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/tailscale/hujson"

	"corvid/internal/atomicfile"
)

// AddRule appends rule to the permissions.<kind> array ("allow", "deny"
// or "ask") of the settings file at path, creating the file (and its
// directory) when needed. The file is edited in place: comments, layout
// and unknown keys are kept. A rule already listed is not added again.
// The write is atomic; a file that does not parse is left alone
// (ErrMalformed).
func AddRule(path, kind, rule string) error {
	rule = strings.TrimSpace(rule)
	if err := checkKind(kind); err != nil {
		return fmt.Errorf("adding a rule: %w", err)
	}
	if rule == "" || !utf8.ValidString(rule) {
		return fmt.Errorf("adding a rule: %q is not a rule", rule)
	}
	data, err := readCapped(path, MaxFileSize)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("adding a rule to %s: %w", path, err)
	}
	out, changed, err := withRule(data, kind, rule)
	if err != nil {
		return fmt.Errorf("adding a rule to %s: %w", path, err)
	}
	if !changed {
		return nil
	}
	return atomicfile.Write(path, out, 0o600)
}

// withRule is data with rule added; changed is false when it was already
// there.
func withRule(data []byte, kind, rule string) (out []byte, changed bool, err error) {
	bom, body := splitBOM(data)
	if len(bytes.TrimSpace(body)) == 0 {
		return freshSettings(kind, rule), true, nil
	}
	root, obj, err := parseObject(body)
	if err != nil {
		return nil, false, err
	}
	changed, err = newEditor(obj).addRule(obj, kind, rule)
	if err != nil || !changed {
		return nil, false, err
	}
	out = append([]byte(bom), root.Pack()...)
	if err := checkEdit(body, out[len(bom):], kind, rule); err != nil {
		return nil, false, err
	}
	return out, true, nil
}

// checkKind accepts the three rule lists of a permissions object.
func checkKind(kind string) error {
	if !slices.Contains([]string{"allow", "deny", "ask"}, kind) {
		return fmt.Errorf("unknown kind %q (want allow, deny or ask)", kind)
	}
	return nil
}

// parseObject parses a settings document for editing: bounded nesting,
// HuJSON, an object at the top (anything else is ErrMalformed).
func parseObject(body []byte) (*hujson.Value, *hujson.Object, error) {
	if tooDeep(body) >= 0 {
		return nil, nil, fmt.Errorf("%w: nested more than %d levels deep", ErrMalformed, maxNesting)
	}
	root, err := hujson.Parse(bytes.Clone(body))
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	obj, ok := root.Value.(*hujson.Object)
	if !ok {
		return nil, nil, fmt.Errorf("%w: not a JSON object", ErrMalformed)
	}
	return &root, obj, nil
}

func splitBOM(data []byte) (bom string, body []byte) {
	if rest, ok := bytes.CutPrefix(data, []byte(utf8BOM)); ok {
		return utf8BOM, rest
	}
	return "", data
}

// freshSettings is a new file holding one rule.
func freshSettings(kind, rule string) []byte {
	v := map[string]map[string][]string{"permissions": {kind: {rule}}}
	return append(marshal(v, "", "  "), '\n')
}

// marshal encodes v without HTML escaping, indented when indent is set.
func marshal(v any, prefix, indent string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if indent != "" {
		enc.SetIndent(prefix, indent)
	}
	_ = enc.Encode(v) // maps and slices of strings always encode
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// checkEdit verifies that the edited document means the old one plus the
// rule, so a bug here can never corrupt a user's settings.
func checkEdit(before, after []byte, kind, rule string) error {
	var want, got map[string]any
	if decodeHuJSON(before, &want) != nil || decodeHuJSON(after, &got) != nil {
		return errors.New("edited settings do not parse; not written")
	}
	perms, _ := want["permissions"].(map[string]any)
	if perms == nil {
		perms = map[string]any{}
		want["permissions"] = perms
	}
	list, _ := perms[kind].([]any)
	perms[kind] = append(list, rule)
	if !reflect.DeepEqual(want, got) {
		return errors.New("edited settings differ from the intended edit; not written")
	}
	return nil
}

func decodeHuJSON(data []byte, v any) error {
	std, err := hujson.Standardize(bytes.Clone(data))
	if err != nil {
		return err
	}
	return json.Unmarshal(std, v)
}
