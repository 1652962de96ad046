package conformance

import (
	"fmt"
	"sort"

	"corvid/internal/provider"
)

// Kinds of Difference.
const (
	Missing      = "missing"       // Claude Code has the key, corvid lacks it
	Extra        = "extra"         // corvid has a key Claude Code lacks
	Value        = "value"         // both have it, with different values
	FrameMissing = "frame-missing" // Claude Code sends a frame corvid does not
	FrameExtra   = "frame-extra"   // corvid sends a frame Claude Code does not
)

// Difference is one way corvid's run differs from Claude Code's.
type Difference struct {
	Case  string
	Frame string // the frame's Kind, or "run" for the exit status and request count
	Path  string // dotted key path inside the frame; [] marks array elements
	What  string
	// Claude and Corvid render the two values (empty when absent).
	Claude, Corvid string
}

func (d Difference) String() string {
	return fmt.Sprintf("%s: %s %s %s (claude %s, corvid %s)", d.Case, d.Frame, d.Path, d.What,
		short(d.Claude), short(d.Corvid))
}

// short cuts a rendered value for a message, on a rune boundary.
func short(s string) string {
	if r := []rune(s); len(r) > 200 {
		return string(r[:200]) + "…"
	}
	return s
}

// Recording is a normalised run as committed: the frames and what the
// run did besides.
type Recording struct {
	Exit     int     `json:"exit"`
	Requests int     `json:"requests"`
	Frames   []Frame `json:"frames"`
}

// Compare lists every difference between Claude Code's run and corvid's
// run of the case name: exit status, request count, frames missing on one
// side (aligned by Kind), and, in frames that pair up, keys and values.
func Compare(name string, claude, corvid Recording) []Difference {
	c := &comparer{name: name}
	if claude.Exit != corvid.Exit {
		c.add("run", "exit", Value, claude.Exit, corvid.Exit)
	}
	if claude.Requests != corvid.Requests {
		c.add("run", "requests", Value, claude.Requests, corvid.Requests)
	}
	for _, p := range align(claude.Frames, corvid.Frames) {
		switch {
		case p.b < 0:
			c.add(Kind(claude.Frames[p.a]), "", FrameMissing, nil, nil)
		case p.a < 0:
			c.add(Kind(corvid.Frames[p.b]), "", FrameExtra, nil, nil)
		default:
			a, b := claude.Frames[p.a], corvid.Frames[p.b]
			c.frame = Kind(a)
			c.value("", a, b)
		}
	}
	return c.diffs
}

type comparer struct {
	name  string
	frame string
	diffs []Difference
}

func (c *comparer) add(frame, path, what string, a, b any) {
	c.diffs = append(c.diffs, Difference{Case: c.name, Frame: frame, Path: path, What: what,
		Claude: render(a), Corvid: render(b)})
}

func (c *comparer) value(path string, a, b any) {
	am, aok := a.(map[string]any)
	bm, bok := b.(map[string]any)
	if aok && bok {
		c.object(path, am, bm)
		return
	}
	aa, aok := a.([]any)
	ba, bok := b.([]any)
	if aok && bok && len(aa) == len(ba) {
		for i := range aa {
			c.value(path+"[]", aa[i], ba[i])
		}
		return
	}
	if render(a) != render(b) {
		c.add(c.frame, path, Value, a, b)
	}
}

func (c *comparer) object(path string, a, b map[string]any) {
	keys := make([]string, 0, len(a)+len(b))
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		p := k
		if path != "" {
			p = path + "." + k
		}
		av, aok := a[k]
		bv, bok := b[k]
		switch {
		case !bok:
			c.add(c.frame, p, Missing, av, nil)
		case !aok:
			c.add(c.frame, p, Extra, nil, bv)
		default:
			c.value(p, av, bv)
		}
	}
}

// render is a value's compact JSON, "" for nil.
func render(v any) string {
	if v == nil {
		return ""
	}
	data, err := provider.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(data)
}
