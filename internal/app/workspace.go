package app

import (
	"cmp"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"corvid/internal/filestate"
	"corvid/internal/prompt"
	"corvid/internal/workspace"
)

// facts is what corvid knows about the workspace at the start of a run.
type facts struct {
	files []workspace.File
	git   workspace.Git
	// gitNote replaces the git snapshot when it missed its budget.
	gitNote string
	env     workspace.Env
}

// gatherFacts reads the instruction files and waits for git.
func gatherFacts(opts Options, env environment, now time.Time, git *gitSnapshot) (facts, []error) {
	var f facts
	var problems []error
	if !env.bool("CLAUDE_CODE_DISABLE_CLAUDE_MDS") {
		f.files, problems = workspace.Load(workspaceOptions(opts, env))
	}
	budget := gitBudget(env)
	isRepo := false
	if g, ok := git.wait(budget); ok {
		f.git, isRepo = g, g.IsRepo
	} else if workspace.InsideRepo(opts.Cwd) {
		f.gitNote, isRepo = partialGit(budget), true
	}
	f.env = workspace.EnvFacts(opts.Cwd, now, opts.Getenv, isRepo)
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
		Git: cmp.Or(f.gitNote, f.git.Render())})
}

// nestedNotes loads the instruction files of directories below the
// working directory when a tool first touches a file there, and hands
// them to the engine as reminders before the next request.
type nestedNotes struct {
	nested *workspace.Nested
	mu     sync.Mutex
	notes  []string
}

func watchNested(files *filestate.Cache, opts Options, env environment, loaded []workspace.File,
	also ...func(path string)) *nestedNotes {
	n := &nestedNotes{nested: workspace.NewNested(workspaceOptions(opts, env), loaded)}
	files.Observe(func(path string) {
		for _, f := range also {
			f(path)
		}
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
