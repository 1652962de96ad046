package spawn_test

import (
	"context"
	"fmt"
	"iter"
	"path/filepath"
	"sync"
	"testing"

	"corvid/internal/cost"
	"corvid/internal/engine"
	"corvid/internal/event"
	"corvid/internal/filestate"
	"corvid/internal/model"
	"corvid/internal/permission"
	"corvid/internal/provider"
	"corvid/internal/session"
	"corvid/internal/subagent"
	"corvid/internal/subagent/spawn"
	"corvid/internal/tool"
	"corvid/internal/tools/edit"
	"corvid/internal/tools/glob"
	"corvid/internal/tools/grep"
	"corvid/internal/tools/read"
	"corvid/internal/tools/write"
)

// instant is a provider that answers every request at once with one
// short text: the model takes no time, so what is measured is corvid's.
type instant struct{}

func (instant) Stream(_ context.Context, _ *provider.Request) iter.Seq2[provider.Event, error] {
	return func(yield func(provider.Event, error) bool) {
		usage := provider.Usage{InputTokens: 10, OutputTokens: 3}
		for _, ev := range []provider.Event{
			{Type: provider.EventMessageStart, MessageID: "msg_1", Model: "claude-haiku-4-5", Usage: usage},
			{Type: provider.EventBlockStart, Block: &provider.Block{Type: provider.BlockText}},
			{Type: provider.EventBlockDelta, Delta: provider.Delta{Type: provider.DeltaText, Text: "found it"}},
			{Type: provider.EventBlockStop},
			{Type: provider.EventMessageDelta, StopReason: "end_turn", Usage: usage},
			{Type: provider.EventMessageStop},
		} {
			if !yield(ev, nil) {
				return
			}
		}
	}
}

func builtinTools(files *filestate.Cache) []tool.Tool {
	return append([]tool.Tool{glob.New(), grep.New(grep.Options{})}, fileTools(files)...)
}

func fileTools(files *filestate.Cache) []tool.Tool {
	return []tool.Tool{read.New(files), edit.New(files), write.New(files)}
}

// benchRunner is a runner over the instant provider, with real tools and
// transcripts written to dir.
func benchRunner(b *testing.B, dir string, keep bool) *spawn.Runner {
	reg, err := tool.NewRegistry(builtinTools(filestate.New())...)
	if err != nil {
		b.Fatal(err)
	}
	files := filestate.New()
	for i := range 200 { // a parent that has read some files
		files.Record(filestate.Entry{Path: fmt.Sprintf("/p/f%d.go", i)})
	}
	base := engine.Config{Deps: engine.Deps{Provider: instant{}, Tools: reg, Costs: &cost.Tracker{}},
		Policy: engine.Policy{Model: model.Resolve("sonnet")},
		State:  engine.State{Cwd: dir, SessionID: "s", SessionDir: dir}}
	perm, _ := permission.New(permission.Config{Mode: permission.ModeDefault, WorkDirs: []string{dir}})
	var mu sync.Mutex
	base.Sink = func(event.Event) { mu.Lock(); mu.Unlock() }
	p := spawn.Parent{
		Deps: func() engine.Deps { return base.Deps }, Policy: func() engine.Policy { return base.Policy },
		State: func() engine.State { return base.State }, FileTools: fileTools,
		Files: func() *filestate.Cache { return files }, Permission: func(m permission.Mode) permission.Checker { return perm.Narrow(m) },
		Resolve:     func(n string) model.Info { return model.Resolve(n) },
		Environment: func() string { return "Working directory: " + dir },
		Transcript: func(id string) (engine.Recorder, func(), error) {
			w, err := session.Open(filepath.Join(dir, "subagents", "agent-"+id+".jsonl"), session.Meta{SessionID: "s", Sidechain: true, AgentID: id})
			if err != nil {
				return nil, nil, err
			}
			return transcript{w}, func() { _ = w.Close() }, nil
		},
	}
	if !keep {
		p.Transcript = nil
	}
	return spawn.NewRunner(p, subagent.NewCatalog())
}

// BenchmarkSubAgent is the overhead of sub-agents with no model time: one
// Explore agent answering at once (prepare its tools over a copy of the
// parent's file-state cache, build its engine, run one request, write
// its transcript, roll its costs up), and ten launched together. The
// bare-engine case is the same one-request conversation without the
// sub-agent machinery, for comparison. transcript=true also writes each
// sub-agent's transcript (created durably: its cost is the filesystem's).
func BenchmarkSubAgent(b *testing.B) {
	b.Run("bare-engine", func(b *testing.B) {
		reg, _ := tool.NewRegistry(builtinTools(filestate.New())...)
		b.ReportAllocs()
		for b.Loop() {
			e := engine.New(engine.Config{Deps: engine.Deps{Provider: instant{}, Tools: reg},
				Policy: engine.Policy{Model: model.Resolve("haiku"), MaxTurns: 10}})
			e.Submit(b.Context(), "find it")
		}
	})
	for _, c := range []struct {
		n    int
		keep bool
	}{{1, false}, {10, false}, {1, true}, {10, true}} {
		b.Run(fmt.Sprintf("parallel=%d/transcript=%v", c.n, c.keep), func(b *testing.B) {
			n := c.n
			r := benchRunner(b, b.TempDir(), c.keep)
			b.ReportAllocs()
			for b.Loop() {
				var wg sync.WaitGroup
				for range n {
					wg.Go(func() {
						o, err := r.Run(b.Context(), subagent.Request{Type: subagent.Explore, Prompt: "find it"})
						if err != nil || o.IsError || o.Text != "found it" {
							b.Errorf("outcome %+v %v", o, err)
						}
					})
				}
				wg.Wait()
			}
		})
	}
}

// transcript records user and assistant entries to a session writer (the
// part of app's recorder a one-request sub-agent uses).
type transcript struct{ w *session.Writer }

func (t transcript) User(b []provider.Block, meta bool) {
	_, _ = t.w.User(b, session.UserOptions{IsMeta: meta})
}
func (t transcript) Assistant(a engine.AssistantBlock) {
	_, _ = t.w.Assistant(session.AssistantEntry{MessageID: a.MessageID, Model: a.Model, Block: a.Block, Usage: a.Usage})
}
func (t transcript) ToolResult(b provider.Block, s any)                { _, _ = t.w.ToolResult(b, s, "") }
func (t transcript) Note(string, string)                               {}
func (t transcript) Compacted(string, int, []provider.Message, string) {}
func (t transcript) Cost(s cost.State)                                 { _ = t.w.CostState(s) }
func (t transcript) Mark() any                                         { return nil }
func (t transcript) Rewind(any)                                        {}
func (t transcript) Sync()                                             { _ = t.w.Sync() }
func (t transcript) Err() error                                        { return t.w.Err() }
