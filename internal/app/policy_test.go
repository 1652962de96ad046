package app

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"corvid/internal/event"
	"corvid/internal/model"
	"corvid/internal/provider/providertest"
)

// A command whose model: names a model runs its turn on it and then gives
// the conversation's model back; a model the host chose while that turn
// ran is not undone by the give-back: it is the next turn's.
func TestHostModelSurvivesCommandModel(t *testing.T) {
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("quick")}},
		{Blocks: []providertest.Block{providertest.Text("plain")}},
		{Blocks: []providertest.Block{providertest.Text("back")}}}})
	dir := t.TempDir()
	p := filepath.Join(dir, ".claude/commands/quick.md")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte("---\nmodel: claude-haiku-4-5\n---\nBe quick.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var rec recorder
	var c *Conversation
	var once sync.Once
	opts := baseOptions(fakeAPI(srv))
	opts.Cwd, opts.NoSessionPersistence = dir, true
	opts.Sink = func(ev event.Event) {
		rec.sink(ev)
		if _, ok := ev.(event.Init); ok {
			once.Do(func() { // the host's choice, made during the command's turn
				if err := c.SetModel("claude-opus-4-1"); err != nil {
					t.Error(err)
				}
			})
		}
	}
	var err error
	c, err = Open(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	opened := c.Info().Model
	c.SubmitText(t.Context(), "/quick")
	c.SubmitText(t.Context(), "plain")
	if err := c.SetModel("default"); err != nil {
		t.Fatal(err)
	}
	c.SubmitText(t.Context(), "back")
	opus, haiku := model.Resolve("claude-opus-4-1").ID, model.Resolve("claude-haiku-4-5").ID
	want := []string{haiku, opus, opened}
	reqs, in := srv.Requests(), inits(rec.all())
	if len(reqs) != 3 || len(in) != 3 {
		t.Fatalf("%d requests, %d inits; want 3 and 3", len(reqs), len(in))
	}
	for i, w := range want {
		if reqs[i].Model != w || in[i].Model != w {
			t.Errorf("turn %d: request model %s, init model %s; want %s", i, reqs[i].Model, in[i].Model, w)
		}
	}
}
