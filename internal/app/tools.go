package app

import (
	"slices"
	"time"

	"corvid/internal/filestate"
	"corvid/internal/shells"
	"corvid/internal/tool"
	"corvid/internal/tools/bash"
	"corvid/internal/tools/bashoutput"
	"corvid/internal/tools/edit"
	"corvid/internal/tools/glob"
	"corvid/internal/tools/grep"
	"corvid/internal/tools/killshell"
	"corvid/internal/tools/multiedit"
	"corvid/internal/tools/notebookedit"
	"corvid/internal/tools/read"
	"corvid/internal/tools/todowrite"
	"corvid/internal/tools/webfetch"
	"corvid/internal/tools/write"
)

// toolkit is the state the built-in tools share within one conversation.
type toolkit struct {
	files  *filestate.Cache
	shells *shells.Manager
	todos  *todowrite.List
	bash   bash.Options
	fetch  webfetch.Options
}

func newToolkit(env environment, extraEnv map[string]string, summary webfetch.Summarizer) *toolkit {
	budget := spillBudget(env)
	return &toolkit{
		files:  filestate.New(),
		shells: shells.New(shells.Options{Shell: env.str("CLAUDE_CODE_SHELL"), Spill: budget}),
		todos:  todowrite.NewList(),
		bash: bash.Options{Shell: env.str("CLAUDE_CODE_SHELL"), Env: envList(extraEnv),
			DefaultTimeout: millis(env.int("BASH_DEFAULT_TIMEOUT_MS")),
			MaxTimeout:     millis(env.int("BASH_MAX_TIMEOUT_MS")),
			MaxOutput:      env.int("BASH_MAX_OUTPUT_LENGTH"), Spill: budget},
		fetch: webfetch.Options{Summarizer: summary},
	}
}

// tools returns the built-in tools in the order the model sees them.
func (k *toolkit) tools() []tool.Tool {
	out := []tool.Tool{
		bash.New(k.shells, k.bash),
		bashoutput.New(k.shells),
		killshell.New(k.shells),
		glob.New(),
		grep.New(grep.Options{Hidden: true}),
	}
	out = append(out, k.fileTools(k.files)...)
	return append(out, webfetch.New(k.fetch), todowrite.New(k.todos))
}

// fileTools returns fresh instances of the tools that keep file state,
// over files (a sub-agent's own view of what it has read).
func (k *toolkit) fileTools(files *filestate.Cache) []tool.Tool {
	return []tool.Tool{read.New(files), edit.New(files), multiedit.New(files), write.New(files),
		notebookedit.New(files)}
}

// envList turns the settings' env into KEY=VALUE entries, sorted.
func envList(m map[string]string) []string {
	var out []string
	for k, v := range m {
		out = append(out, k+"="+v)
	}
	slices.Sort(out)
	return out
}

func millis(n int) time.Duration { return time.Duration(n) * time.Millisecond }

// registry builds the tool set the model sees: builtin minus the tools
// that bare-name deny rules hide.
func registry(builtin []tool.Tool, hidden []string) (*tool.Registry, error) {
	reg, err := tool.NewRegistry(builtin...)
	if err != nil {
		return nil, err
	}
	return reg.Without(hidden...), nil
}

// restrict applies --tools: only the named built-in tools ("" keeps none).
func restrict(opts Options, builtin []tool.Tool) []tool.Tool {
	if !opts.HasTools {
		return builtin
	}
	var out []tool.Tool
	for _, t := range builtin {
		if slices.Contains(opts.Tools, t.Name()) {
			out = append(out, t)
		}
	}
	for _, name := range opts.Tools {
		if !slices.ContainsFunc(builtin, func(t tool.Tool) bool { return t.Name() == name }) {
			warnf(opts, "warning: --tools names an unknown tool %q\n", name)
		}
	}
	return out
}
