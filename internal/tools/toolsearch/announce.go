package toolsearch

import (
	"slices"
	"strings"
	"sync"

	"corvid/internal/tool"
)

// Announcer tells the model which deferred tools exist: before each
// request it returns a note naming the deferred tools it has not named
// yet and those named before that are gone. The notes become part of the
// conversation, so each names only the change and the earlier messages
// (and the prompt cache) stay as they were.
type Announcer struct {
	reg  *tool.Registry
	mu   sync.Mutex
	told []string
}

// NewAnnouncer returns an announcer of reg's deferred tools.
func NewAnnouncer(reg *tool.Registry) *Announcer { return &Announcer{reg: reg} }

// Notes is an engine Reminders source.
func (a *Announcer) Notes() []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	var added, gone []string
	for _, t := range a.reg.Deferred() {
		if !slices.Contains(a.told, t.Name()) {
			added = append(added, t.Name())
		}
	}
	for _, n := range a.told {
		if _, ok := a.reg.Lookup(n); !ok {
			gone = append(gone, n)
		}
	}
	var out []string
	if len(added) > 0 {
		out = append(out, "These deferred tools can be called after ToolSearch loads them (select:<name>, or keywords); their parameters are unknown until then:\n"+
			strings.Join(added, "\n"))
	}
	if len(gone) > 0 {
		out = append(out, "These deferred tools are no longer available:\n"+strings.Join(gone, "\n"))
	}
	a.told = slices.DeleteFunc(append(a.told, added...), func(n string) bool { return slices.Contains(gone, n) })
	return out
}
