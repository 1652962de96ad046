package app

import (
	"encoding/json"
	"errors"
	"strings"

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
	// prompts are the resumed history's prompts a rewind can go back to
	// (only when the same transcript is continued: a fork's entries are
	// new).
	prompts []session.Prompt
}

// openConversation resolves --continue, --resume, --fork-session,
// --session-id and --no-session-persistence. One process writes a
// session: when another corvid process holds the session to continue, the
// run continues in a fork of it instead, and says so.
func openConversation(opts Options, env environment, meta session.Meta) (*conversation, error) {
	cfgDir, err := configDir(env)
	if err != nil {
		return nil, err
	}
	path, err := sourcePath(opts, cfgDir)
	c := &conversation{id: opts.SessionID}
	if errors.Is(err, session.ErrNoSession) && opts.Resume != "" {
		if cc, ccErr := findClaudeSession(env, opts.Cwd, opts.Resume); ccErr != nil || cc != "" {
			if ccErr != nil {
				return nil, ccErr
			}
			return c, c.importClaude(opts, cfgDir, meta, cc)
		}
	}
	if err != nil {
		return nil, err
	}
	if path != "" && (opts.ForkSession || opts.NoSessionPersistence) {
		src, err := loadSource(path)
		if err != nil {
			return nil, err
		}
		c.adopt(src, !opts.ForkSession)
		return c, c.fork(opts, cfgDir, meta, src)
	}
	if opts.NoSessionPersistence {
		c.ensureID()
		return c, nil
	}
	if path != "" {
		return c, c.resume(opts, cfgDir, meta, path)
	}
	c.ensureID()
	meta.SessionID = c.id
	c.writer, err = session.Open(session.Path(cfgDir, opts.Cwd, c.id), meta)
	if errors.Is(err, session.ErrLocked) {
		// --session-id of a session another process is writing.
		c.id = ""
		return c, c.forkBusy(opts, cfgDir, meta, opts.SessionID, &session.Transcript{})
	}
	return c, err
}

// sourcePath is the transcript --continue or --resume names; "" for a new
// conversation.
func sourcePath(opts Options, cfgDir string) (string, error) {
	switch {
	case opts.Resume != "":
		p, err := session.Find(cfgDir, opts.Cwd, opts.Resume)
		if err != nil {
			return "", &resumeError{id: opts.Resume, err: err}
		}
		return p, nil
	case opts.Continue:
		p, err := session.Latest(session.ProjectDir(cfgDir, opts.Cwd))
		if errors.Is(err, session.ErrNoSession) {
			return "", errors.New("No conversation found to continue")
		}
		return p, err
	}
	return "", nil
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
	cfgDir, err := configDir(env)
	if err != nil {
		return "", err
	}
	infos, err := session.List(session.ProjectDir(cfgDir, opts.Cwd), 50)
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
