package model

import "strings"

// Info is what corvid knows about one model.
type Info struct {
	// ID is the model id to send to the API, without any [1m] suffix.
	ID string
	// Name is a display name ("Sonnet 4.5"); the id for unknown models.
	Name string
	// Aliases are the short names that resolve to this model by default.
	Aliases []string
	// ContextWindow is the prompt budget in tokens.
	ContextWindow int
	// MaxOutput is the default max_tokens; MaxOutputUpper the most the
	// model accepts.
	MaxOutput      int
	MaxOutputUpper int
	// Tier names the model's price tier (see TierPrice).
	Tier string
	// Known is false for ids missing from the catalog, whose figures are
	// assumptions.
	Known bool
	// LongContext is set when a [1m] suffix widened the window of a model
	// that offers 1M tokens only on request (the provider adapter asks for
	// it).
	LongContext bool
}

// Resolver turns user-facing model names into Info. The zero value uses
// the built-in aliases only.
type Resolver struct {
	// Overrides maps a lower-case alias ("sonnet", "opus", "haiku",
	// "fable", "default", …) to the model it stands for, as
	// ANTHROPIC_DEFAULT_SONNET_MODEL and friends do. A target may be an
	// id or a built-in alias, and may carry the [1m] suffix.
	Overrides map[string]string
}

// suffix1M asks for the 1M-token context window.
const suffix1M = "[1m]"

// Resolve resolves name with the built-in aliases only.
func Resolve(name string) Info { return Resolver{}.Resolve(name) }

// Default returns the default model.
func Default() Info { return Resolve(DefaultID) }

// Catalog returns every model in the built-in table, in table order.
func Catalog() []Info {
	rows := catalog()
	out := make([]Info, 0, len(rows))
	for _, e := range rows {
		out = append(out, e.info(e.id))
	}
	return out
}

// Resolve returns the model name stands for: an alias (after overrides),
// a catalog id with or without its date suffix, a provider-decorated id,
// or anything else, which resolves to an unknown model with safe defaults.
// An empty name is the default model. A trailing "[1m]" asks for the
// 1M-token window.
func (r Resolver) Resolve(name string) Info {
	base, wide := cut1M(strings.TrimSpace(name))
	if base == "" {
		base = "default"
	}
	lower := strings.ToLower(base)
	var info Info
	if target := r.Overrides[lower]; strings.TrimSpace(target) != "" {
		// Overrides are not consulted again, so they cannot loop.
		info = Resolver{}.Resolve(target)
	} else {
		info = lookup(base, lower)
	}
	if wide {
		info = widen(info)
	}
	return info
}

// lookup finds base (lower is its lower-case form) by alias, then by id.
func lookup(base, lower string) Info {
	rows := catalog()
	for _, e := range rows {
		for _, a := range e.aliases {
			if a == lower {
				return e.info(e.id)
			}
		}
	}
	key := canonicalKey(lower)
	for _, e := range rows {
		if e.key == key {
			return e.info(base)
		}
	}
	return unknown(base)
}

func (e entry) info(id string) Info {
	return Info{
		ID:             id,
		Name:           e.name,
		Aliases:        append([]string(nil), e.aliases...),
		ContextWindow:  e.window,
		MaxOutput:      e.out,
		MaxOutputUpper: e.outUpper,
		Tier:           e.tier,
		Known:          true,
	}
}

// unknown describes an id missing from the catalog: a 200k window, a 32k
// output budget and the default model's prices.
func unknown(id string) Info {
	var tier string
	for _, e := range catalog() {
		if e.id == DefaultID {
			tier = e.tier
		}
	}
	return Info{
		ID:             id,
		Name:           id,
		ContextWindow:  UnknownContextWindow,
		MaxOutput:      UnknownMaxOutput,
		MaxOutputUpper: UnknownMaxOutput,
		Tier:           tier,
	}
}

// widen applies the [1m] suffix. Native 1M models need nothing; models with
// the 1M beta get it; an unknown model is taken at its word. A known model
// without 1M support keeps its window.
func widen(info Info) Info {
	if info.ContextWindow >= window1M {
		return info
	}
	if info.Known && !has1MBeta(info) {
		return info
	}
	info.ContextWindow = window1M
	info.LongContext = true
	return info
}

func has1MBeta(info Info) bool {
	key := canonicalKey(strings.ToLower(info.ID))
	for _, e := range catalog() {
		if e.key == key {
			return e.beta1M
		}
	}
	return false
}

// cut1M strips a trailing [1m] (any case) and reports whether it was there.
func cut1M(name string) (string, bool) {
	n := len(name) - len(suffix1M)
	if n >= 0 && strings.EqualFold(name[n:], suffix1M) {
		return strings.TrimSpace(name[:n]), true
	}
	return name, false
}

// canonicalKey reduces a lower-case model id to its catalog key: provider
// prefixes ("us.anthropic.", "anthropic/"), Vertex "@date" and Bedrock
// "-v1:0" suffixes, "-latest" and a trailing -YYYYMMDD date are removed.
func canonicalKey(id string) string {
	if i := strings.Index(id, "claude-"); i > 0 {
		id = id[i:]
	}
	if i := strings.IndexByte(id, '@'); i >= 0 {
		id = id[:i]
	}
	id = trimBedrockVersion(id)
	id = strings.TrimSuffix(id, "-latest")
	return trimDate(id)
}

// trimBedrockVersion removes a "-vN" or "-vN:M" suffix.
func trimBedrockVersion(id string) string {
	i := strings.LastIndex(id, "-v")
	if i < 0 {
		return id
	}
	major, minor, _ := strings.Cut(id[i+2:], ":")
	if !allDigits(major) || (minor != "" && !allDigits(minor)) {
		return id
	}
	return id[:i]
}

// trimDate removes a trailing "-YYYYMMDD".
func trimDate(id string) string {
	const n = len("-20250101")
	if len(id) > n && id[len(id)-n] == '-' && allDigits(id[len(id)-n+1:]) {
		return id[:len(id)-n]
	}
	return id
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
