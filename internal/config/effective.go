package config

import (
	"encoding/json"
	"sort"
)

// Setting is one top-level settings key as /config shows it: the value
// the strongest layer that sets it wrote, that layer, and the weaker
// layers that set it too (objects and arrays such as permissions are
// merged across them; see Settings for the merged view).
type Setting struct {
	Key    string
	Value  json.RawMessage
	Source Source
	Also   []Source
}

// Effective lists every top-level key some loaded layer sets, by key.
func (s *Settings) Effective() []Setting {
	byKey := map[string]*Setting{}
	for _, src := range listOrder() { // strongest first
		for k, v := range s.Raw[src] {
			if st, ok := byKey[k]; ok {
				st.Also = append(st.Also, src)
				continue
			}
			byKey[k] = &Setting{Key: k, Value: v, Source: src}
		}
	}
	out := make([]Setting, 0, len(byKey))
	for _, st := range byKey {
		out = append(out, *st)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}
