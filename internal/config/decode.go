package config

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// fileSettings is what one file says about the keys this package types.
// Absent keys are zero; a key skipped for its type is absent too.
type fileSettings struct {
	allow, deny, ask, addDirs []string
	defaultMode               string
	disableBypass             bool
	env                       map[string]string
	model                     string
	fallback                  []string
	raw                       map[string]json.RawMessage
}

// validMode reports whether permissions.defaultMode may say m.
func validMode(m string) bool {
	return slices.Contains([]string{"default", "manual", "acceptEdits", "plan", "auto",
		"dontAsk", "bypassPermissions"}, m)
}

// decoder types one document's keys, collecting problems: warnings for
// keys that are skipped, and failures for keys whose loss could widen
// what is allowed (the policy keys), which stop the file from loading.
type decoder struct {
	doc                *document
	problems, failures []Problem
	// policy is set while a policy key is read.
	policy bool
}

// report notes a problem at the value the JSON pointer names: a failure
// while a policy key is read, else a warning (the key is ignored).
func (d *decoder) report(ptr, format string, args ...any) {
	if d.policy {
		d.failures = append(d.failures, d.doc.problem(ptr, format, args...))
		return
	}
	d.problems = append(d.problems, d.doc.problem(ptr, format+"; ignored", args...))
}

// warn notes a problem that is only ever a warning.
func (d *decoder) warn(ptr, format string, args ...any) {
	d.problems = append(d.problems, d.doc.problem(ptr, format, args...))
}

// strictly reads a policy key.
func (d *decoder) strictly(read func()) {
	d.policy = true
	defer func() { d.policy = false }()
	read()
}

// into decodes raw into dst; a type mismatch is reported as "KEY: want
// WANT" at the value and leaves dst unset. JSON null counts as absent.
func into[T any](d *decoder, raw json.RawMessage, dst *T, want string, keys ...string) bool {
	if raw == nil || bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		return false
	}
	var v T
	if err := json.Unmarshal(raw, &v); err != nil {
		d.report(pointerTo(keys...), "%s: want %s", strings.Join(keys, "."), want)
		return false
	}
	*dst = v
	return true
}

// decode types the document. Failures mean the file must not be used.
func (doc *document) decode() (fs fileSettings, problems, failures []Problem) {
	d := &decoder{doc: doc}
	fs = fileSettings{raw: doc.keys}
	d.permissions(&fs)
	d.env(&fs)
	into(d, doc.keys["model"], &fs.model, "a string", "model")
	d.fallback(&fs)
	return fs, d.problems, d.failures
}

// permissions reads the permissions object. Losing deny, ask, the mode
// or disableBypassPermissionsMode could widen what is allowed, so a
// problem with those (or with the object itself, or a key written twice,
// of which JSON keeps only the last) is a failure; a bad allow list or
// additionalDirectories only narrows, and is skipped with a warning.
func (d *decoder) permissions(fs *fileSettings) {
	var perms map[string]json.RawMessage
	ok := false
	d.strictly(func() {
		d.unique(d.doc.std, "", "permissions")
		if ok = into(d, d.doc.keys["permissions"], &perms, "an object", "permissions"); !ok {
			return
		}
		d.unique(d.doc.keys["permissions"], "permissions", "")
		fs.deny = d.rules(perms, "deny")
		fs.ask = d.rules(perms, "ask")
		fs.defaultMode = d.mode(perms["defaultMode"])
		fs.disableBypass = d.disableBypass(perms["disableBypassPermissionsMode"])
	})
	if ok {
		fs.allow = d.rules(perms, "allow")
		fs.addDirs = d.rules(perms, "additionalDirectories")
	}
}

// mode reads permissions.defaultMode.
func (d *decoder) mode(raw json.RawMessage) string {
	var mode string
	if !into(d, raw, &mode, "a string", "permissions", "defaultMode") {
		return ""
	}
	if !validMode(mode) {
		d.report(pointerTo("permissions", "defaultMode"), "permissions.defaultMode: unknown mode %q", mode)
		return ""
	}
	return mode
}

// rules reads an array of non-empty strings, trimmed.
func (d *decoder) rules(perms map[string]json.RawMessage, kind string) []string {
	var list []string
	if !into(d, perms[kind], &list, "an array of strings", "permissions", kind) {
		return nil
	}
	out := list[:0]
	for i, r := range list {
		if r = strings.TrimSpace(r); r == "" {
			d.warn(pointerTo("permissions", kind)+"/"+strconv.Itoa(i),
				"permissions.%s: empty entry ignored", kind)
			continue
		}
		out = append(out, r)
	}
	return out
}

// disableBypass accepts "disable" (Claude Code's value) and booleans.
func (d *decoder) disableBypass(raw json.RawMessage) bool {
	var v any
	if !into(d, raw, &v, `"disable"`, "permissions", "disableBypassPermissionsMode") {
		return false
	}
	switch v {
	case "disable", true:
		return true
	case false:
		return false
	}
	d.report(pointerTo("permissions", "disableBypassPermissionsMode"),
		`permissions.disableBypassPermissionsMode: want "disable"`)
	return false
}

// env reads an object of strings; a value of another type is reported and
// only that variable skipped.
func (d *decoder) env(fs *fileSettings) {
	var env map[string]json.RawMessage
	if !into(d, d.doc.keys["env"], &env, "an object of strings", "env") {
		return
	}
	names := slices.Sorted(maps.Keys(env))
	for _, name := range names {
		var v string
		if name == "" || !into(d, env[name], &v, "a string", "env", name) {
			continue
		}
		if fs.env == nil {
			fs.env = map[string]string{}
		}
		fs.env[name] = v
	}
}

// fallback reads fallbackModel: a list of models, or one model.
func (d *decoder) fallback(fs *fileSettings) {
	raw := d.doc.keys["fallbackModel"]
	var one string
	if json.Unmarshal(raw, &one) == nil {
		if one != "" {
			fs.fallback = []string{one}
		}
		return
	}
	into(d, raw, &fs.fallback, "an array of strings", "fallbackModel")
}
