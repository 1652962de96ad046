package app

import (
	"context"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"corvid/internal/filestate"
	"corvid/internal/prompt"
	"corvid/internal/workspace"
)

// gitTimeout bounds gathering the git facts.
const gitTimeout = 3 * time.Second

// facts is what corvid knows about the workspace at the start of a run.
type facts struct {
	files []workspace.File
	git   workspace.Git
	env   workspace.Env
}

// startGit starts gathering the git facts of dir and returns a function
// that waits for them. The git commands are the slowest part of starting
// a conversation, so they run while everything else is set up. The
// goroutine ends when the commands do (bounded by gitTimeout), whether or
// not anyone waits.
func startGit(dir string) func() workspace.Git {
	done := make(chan workspace.Git, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), gitTimeout)
		defer cancel()
		done <- workspace.GitFacts(ctx, dir)
	}()
	return sync.OnceValue(func() workspace.Git { return <-done })
}

// gatherFacts reads the instruction files and waits for git.
func gatherFacts(opts Options, env environment, now time.Time, git func() workspace.Git) (facts, []error) {
	var f facts
	var problems []error
	if !env.bool("CLAUDE_CODE_DISABLE_CLAUDE_MDS") {
		f.files, problems = workspace.Load(workspaceOptions(opts, env))
	}
	f.git = git()
	f.env = workspace.EnvFacts(opts.Cwd, now, opts.Getenv, f.git.IsRepo)
	return f, problems
}

func workspaceOptions(opts Options, env environment) workspace.Options {
	home, _ := homeDir()
	cfgDir, err := configDir(env)
	skip := func(src string) bool { return opts.HasSettingSources && !slices.Contains(opts.SettingSources, src) }
	return workspace.Options{Cwd: opts.Cwd, ConfigDir: cfgDir, Home: home,
		ManagedFile: filepath.Join(managedDir(env), "CLAUDE.md"),
		SkipUser:    skip("user") || err != nil, SkipProject: skip("project"), SkipLocal: skip("local")}
}

// opening is the reminders that open a new conversation.
func (f facts) opening() []string {
	return prompt.Reminders(prompt.Context{Instructions: workspace.Reminder(f.files), Date: f.env.Date,
		Git: f.git.Render()})
}

// nestedNotes loads the instruction files of directories below the
// working directory when a tool first touches a file there, and hands
// them to the engine as reminders before the next request.
type nestedNotes struct {
	nested *workspace.Nested
	mu     sync.Mutex
	notes  []string
}

func watchNested(files *filestate.Cache, opts Options, env environment, loaded []workspace.File) *nestedNotes {
	n := &nestedNotes{nested: workspace.NewNested(workspaceOptions(opts, env), loaded)}
	files.Observe(func(path string) {
		found := n.nested.Touch(path)
		if len(found) == 0 {
			return
		}
		n.mu.Lock()
		defer n.mu.Unlock()
		n.notes = append(n.notes, workspace.Reminder(found))
	})
	return n
}

// drain returns and forgets the pending notes.
func (n *nestedNotes) drain() []string {
	n.mu.Lock()
	defer n.mu.Unlock()
	out := n.notes
	n.notes = nil
	return out
}

// reminders combines reminder sources, in order.
func reminders(sources ...func() []string) func() []string {
	return func() []string {
		var out []string
		for _, s := range sources {
			out = append(out, s()...)
		}
		return out
	}
}
