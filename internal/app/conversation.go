package app

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"corvid/internal/cost"
	"corvid/internal/provider"
	"corvid/internal/session"
	"corvid/internal/tools/todowrite"
)

// conversation is where a run's conversation comes from (a new one, or a
// transcript to continue) and where it is recorded.
type conversation struct {
	id      string
	history []provider.Message
	// model is the resumed conversation's model ("" for a new one).
	model  string
	costs  *cost.State
	writer *session.Writer // nil with --no-session-persistence
}

// openConversation resolves --continue, --resume, --fork-session,
// --session-id and --no-session-persistence.
func openConversation(opts Options, env environment, meta session.Meta) (*conversation, error) {
	cfgDir := configDir(env)
	src, err := sourceTranscript(opts, cfgDir)
	if err != nil {
		return nil, err
	}
	c := &conversation{id: opts.SessionID}
	if src != nil {
		c.history, c.model = src.Messages, src.Model
		if len(src.CostState) > 0 {
			var st cost.State
			if json.Unmarshal(src.CostState, &st) == nil {
				c.costs = &st
			}
		}
		if !opts.ForkSession {
			c.id = src.SessionID
		}
	}
	if c.id == "" {
		c.id = uuid.NewString()
	}
	if opts.NoSessionPersistence {
		return c, nil
	}
	meta.SessionID = c.id
	switch {
	case src != nil && opts.ForkSession:
		c.writer, err = session.Fork(src, session.Path(cfgDir, opts.Cwd, c.id), meta)
	case src != nil:
		c.writer = session.NewWriter(src.Path, meta)
		c.writer.SetParent(src.Leaf)
	default:
		c.writer = session.NewWriter(session.Path(cfgDir, opts.Cwd, c.id), meta)
	}
	return c, err
}

// sourceTranscript loads the transcript --continue or --resume names; nil
// for a new conversation.
func sourceTranscript(opts Options, cfgDir string) (*session.Transcript, error) {
	var path string
	switch {
	case opts.Resume != "":
		p, err := session.Find(cfgDir, opts.Cwd, opts.Resume)
		if err != nil {
			return nil, fmt.Errorf("No conversation found with session ID: %s (%w)", opts.Resume, err)
		}
		path = p
	case opts.Continue:
		p, err := session.Latest(session.ProjectDir(cfgDir, opts.Cwd))
		if errors.Is(err, session.ErrNoSession) {
			return nil, errors.New("No conversation found to continue")
		}
		if err != nil {
			return nil, err
		}
		path = p
	default:
		return nil, nil
	}
	t, err := session.Load(path)
	if err != nil {
		return nil, fmt.Errorf("loading the conversation %s: %w", path, err)
	}
	return t, nil
}

// close makes the transcript durable.
func (c *conversation) close() {
	if c.writer != nil {
		_ = c.writer.Close()
	}
}

// lastTodos finds the todo list the resumed conversation last wrote, so
// TodoWrite and compaction see it again.
func lastTodos(history []provider.Message) []todowrite.Todo {
	for i := len(history) - 1; i >= 0; i-- {
		blocks := history[i].Content
		for j := len(blocks) - 1; j >= 0; j-- {
			b := blocks[j]
			if b.Type != provider.BlockToolUse || b.Name != todowrite.Name {
				continue
			}
			var in struct {
				Todos []todowrite.Todo `json:"todos"`
			}
			if json.Unmarshal(b.Input, &in) == nil {
				return in.Todos
			}
		}
	}
	return nil
}

// Sessions lists the current project's sessions, newest first (a bare
// --resume in print mode).
func Sessions(opts Options) (string, error) {
	env := environment(opts.Getenv)
	infos, err := session.List(session.ProjectDir(configDir(env), opts.Cwd), 50)
	if err != nil {
		return "", err
	}
	if len(infos) == 0 {
		return "No conversations found in this directory.\n", nil
	}
	text := session.FormatList(infos)
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	return text, nil
}
