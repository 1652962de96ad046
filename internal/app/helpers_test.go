package app

import (
	"bytes"
	"sync"
	"testing"

	"corvid/internal/event"
)

// envMap is a fake environment.
type envMap map[string]string

func (m envMap) get(k string) string { return m[k] }

// with returns a copy of m with kv (name, value, name, value …) set.
func (m envMap) with(kv ...string) envMap {
	out := envMap{}
	for k, v := range m {
		out[k] = v
	}
	for i := 0; i+1 < len(kv); i += 2 {
		out[kv[i]] = kv[i+1]
	}
	return out
}

// creds is the least environment configure accepts.
var creds = envMap{"ANTHROPIC_API_KEY": "sk-test"}

// baseOptions are valid options; tests change what they exercise.
func baseOptions(env envMap) Options {
	return Options{Prompt: "hello", Cwd: "/work/project", Getenv: env.get,
		Stderr: &bytes.Buffer{}, Sink: func(event.Event) {}}
}

// recorder is a Sink that keeps every event.
type recorder struct {
	mu     sync.Mutex
	events []event.Event
}

func (r *recorder) sink(ev event.Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, ev)
}

func (r *recorder) all() []event.Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]event.Event(nil), r.events...)
}

// onlyResult checks that evs ends with exactly one event.Result and
// returns it.
func onlyResult(t *testing.T, evs []event.Event) event.Result {
	t.Helper()
	var results []event.Result
	for _, ev := range evs {
		if r, ok := ev.(event.Result); ok {
			results = append(results, r)
		}
	}
	if len(results) != 1 {
		t.Fatalf("got %d result events, want exactly 1 (events: %#v)", len(results), evs)
	}
	if _, ok := evs[len(evs)-1].(event.Result); !ok {
		t.Fatalf("last event is %T, want event.Result", evs[len(evs)-1])
	}
	return results[0]
}
