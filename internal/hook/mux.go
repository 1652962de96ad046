package hook

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Combine returns one Set that runs the hooks of every given Set (nil
// ones are skipped), with common describing the session. Each Set's
// callbacks keep their own runner: their ids are prefixed with the Set's
// position, which the combined runner strips again. Nil when none has a
// hook.
func Combine(common func() Common, sets ...*Set) *Set {
	events := map[string][]Matcher{}
	var runners []Runner
	for _, s := range sets {
		if s == nil || len(s.events) == 0 {
			continue
		}
		prefix := strconv.Itoa(len(runners)) + "/"
		runners = append(runners, s.runner)
		for ev, ms := range s.events {
			for _, m := range ms {
				ids := make([]string, len(m.Callbacks))
				for i, id := range m.Callbacks {
					ids[i] = prefix + id
				}
				m.Callbacks = ids
				events[ev] = append(events[ev], m)
			}
		}
	}
	if len(runners) == 0 {
		return nil
	}
	return New(mux(runners), events, common)
}

// mux dispatches a callback to the runner its id prefix names.
type mux []Runner

func (m mux) RunHook(ctx context.Context, id, toolUseID string, input json.RawMessage) (json.RawMessage, error) {
	n, rest, ok := strings.Cut(id, "/")
	i, err := strconv.Atoi(n)
	if !ok || err != nil || i < 0 || i >= len(m) {
		return nil, fmt.Errorf("%w: %q", ErrNoCallback, id)
	}
	return m[i].RunHook(ctx, rest, toolUseID, input)
}
