package engine

import (
	"reflect"
	"slices"
	"testing"

	"corvid/internal/event"
	"corvid/internal/provider/providertest"
)

// The init event is the front end's: the engine publishes what
// State.Init returns, as it is, at the start of every turn (a prompt, a
// manual compaction, a local report), and no init event at all without
// one (a sub-agent's turns).
func TestInitIsTheFrontEnds(t *testing.T) {
	sc := providertest.Scenario{Turns: []providertest.Turn{textTurn("one"), textTurn("summary")}}
	calls := 0
	f := newFixture(t, sc, func(c *Config) {
		c.Init = func(Policy) event.Init {
			calls++
			return event.Init{SessionID: "front", SlashCommands: []string{"x"}, APIKeySource: "k",
				PermissionMode: "plan", OutputStyle: "Explanatory"}
		}
	})
	f.submit(t, t.Context(), "hi")
	f.eng.Compact(t.Context(), "")
	f.eng.Report(t.Context(), "cost")
	in := eventsOf[event.Init](f)
	if calls != 3 || len(in) != 3 {
		t.Fatalf("Init called %d times, %d init events; want 3 and 3", calls, len(in))
	}
	for _, i := range in {
		if i.SessionID != "front" || !slices.Equal(i.SlashCommands, []string{"x"}) || i.APIKeySource != "k" ||
			i.PermissionMode != "plan" || i.OutputStyle != "Explanatory" {
			t.Errorf("init = %+v, want the front end's as it is", i)
		}
	}

	bare := newFixture(t, providertest.Scenario{Turns: []providertest.Turn{textTurn("one")}}, nil)
	bare.submit(t, t.Context(), "hi")
	if in := eventsOf[event.Init](bare); len(in) != 0 {
		t.Errorf("without State.Init the engine published %+v, want no init event", in)
	}
}

// engineOwn are the init fields that are also the engine's own state:
// everything else in the init event is the front end's to know.
var engineOwn = []string{"SessionID", "Cwd", "Model", "Tools"}

// The engine's configuration carries nothing it would only copy into the
// init event (slash commands, API key source, permission mode, agents,
// skills, output style, MCP servers, hook configs): the front end builds
// that data from its live state. Setting such a field on engine.Config is
// a compile error; this test keeps it so.
func TestConfigHasNoInitOnlyFields(t *testing.T) {
	fields := map[string]reflect.Type{}
	collectFields(reflect.TypeFor[Config](), fields)
	hookPoints := reflect.TypeFor[Hooks]()
	it := reflect.TypeFor[event.Init]()
	for i := range it.NumField() {
		name := it.Field(i).Name
		if slices.Contains(engineOwn, name) {
			continue
		}
		if typ, ok := fields[name]; ok && typ != hookPoints {
			t.Errorf("engine.Config has %s (%v), which only the init event reports", name, typ)
		}
	}
}

// collectFields gathers the fields of a struct, those of its embedded
// structs promoted.
func collectFields(t reflect.Type, into map[string]reflect.Type) {
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			collectFields(f.Type, into)
			continue
		}
		into[f.Name] = f.Type
	}
}
