package config

import (
	"encoding/json"
	"path/filepath"
	"strings"
)

// layer is one loaded file and what it says.
type layer struct {
	file layerFile
	fs   fileSettings
}

// listOrder is the order merged arrays list their rules: strongest layer
// first, files of one layer in load order.
func listOrder() []Source {
	return []Source{SourceManaged, SourceFlag, SourceLocal, SourceProject, SourceUser}
}

// merge layers the files, given weakest first: scalars from the strongest
// file that sets them, arrays concatenated and de-duplicated.
func merge(layers []layer, home string) *Settings {
	s := &Settings{Raw: map[Source]map[string]json.RawMessage{}}
	for _, l := range layers {
		s.apply(l)
	}
	seen := map[string]bool{}
	for _, src := range listOrder() {
		for _, l := range layers {
			if l.file.source == src {
				s.appendRules(l, seen, home)
			}
		}
	}
	return s
}

// apply lets one file override the scalars and maps below it.
func (s *Settings) apply(l layer) {
	fs, src := l.fs, l.file.source
	if fs.defaultMode != "" {
		s.DefaultMode, s.DefaultModeSource = fs.defaultMode, src
	}
	s.DisableBypassPermissionsMode = s.DisableBypassPermissionsMode || fs.disableBypass
	if fs.model != "" {
		s.Model = fs.model
	}
	if fs.fallback != nil {
		s.FallbackModel = fs.fallback
	}
	for k, v := range fs.env {
		if s.Env == nil {
			s.Env = map[string]string{}
		}
		s.Env[k] = v
	}
	if s.Raw[src] == nil {
		s.Raw[src] = map[string]json.RawMessage{}
	}
	for k, v := range fs.raw {
		s.Raw[src][k] = mergeRaw(s.Raw[src][k], v)
	}
}

// mergeRaw layers a later file's value over an earlier one of the same
// source (managed drop-ins over the main file): objects merge key by key,
// arrays concatenate, anything else is replaced.
func mergeRaw(under, over json.RawMessage) json.RawMessage {
	if under == nil {
		return over
	}
	var uo, oo map[string]json.RawMessage
	if json.Unmarshal(under, &uo) == nil && json.Unmarshal(over, &oo) == nil && uo != nil && oo != nil {
		for k, v := range oo {
			uo[k] = mergeRaw(uo[k], v)
		}
		return marshal(uo, "", "")
	}
	var ua, oa []json.RawMessage
	if json.Unmarshal(under, &ua) == nil && json.Unmarshal(over, &oa) == nil && ua != nil && oa != nil {
		return marshal(append(ua, oa...), "", "")
	}
	return over
}

// appendRules adds one file's rules and directories, skipping those
// already listed with the same meaning: a rule with the same text and
// anchor, a directory with the same absolute path.
func (s *Settings) appendRules(l layer, seen map[string]bool, home string) {
	lists := []struct {
		dst   *[]Rule
		kind  string
		texts []string
	}{{&s.Deny, "deny", l.fs.deny}, {&s.Ask, "ask", l.fs.ask}, {&s.Allow, "allow", l.fs.allow}}
	for _, list := range lists {
		for _, t := range list.texts {
			r := l.rule(t)
			if key := list.kind + "\x00" + r.Text + "\x00" + r.Dir; !seen[key] {
				seen[key] = true
				*list.dst = append(*list.dst, r)
			}
		}
	}
	for _, d := range l.fs.addDirs {
		r := l.rule(resolveDir(d, l.file.dir, home))
		if key := "dir\x00" + r.Text; !seen[key] {
			seen[key] = true
			s.AdditionalDirectories = append(s.AdditionalDirectories, r)
		}
	}
}

// rule is text as a rule of this layer's file.
func (l layer) rule(text string) Rule {
	return Rule{Text: text, Source: l.file.source, File: l.file.path, Dir: l.file.dir}
}

// resolveDir makes an additional directory absolute: "~" and "~/x" from
// the home directory, relative paths from base.
func resolveDir(dir, base, home string) string {
	if home != "" {
		if dir == "~" {
			return filepath.Clean(home)
		}
		if rest, ok := strings.CutPrefix(dir, "~/"); ok {
			return filepath.Join(home, rest)
		}
	}
	if filepath.IsAbs(dir) {
		return filepath.Clean(dir)
	}
	return filepath.Join(base, dir)
}
