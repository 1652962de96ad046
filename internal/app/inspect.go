package app

import (
	"os"
	"path/filepath"

	"corvid/internal/config"
	"corvid/internal/model"
	"corvid/internal/session"
	"corvid/internal/workspace"
)

// Setup is what a run started with opts would resolve, for corvid doctor:
// the directories, the settings (and why they failed), the workspace's
// trust, the environment with the settings' env layered on, the model and
// the instruction files. Inspect writes nothing.
type Setup struct {
	ConfigDir    string
	ConfigDirErr error // ErrNoHome
	// SessionDir is where this directory's transcripts go.
	SessionDir string
	ManagedDir string
	// SettingsFiles are the settings files that exist, weakest first.
	SettingsFiles []string
	Settings      *config.Settings
	SettingsErr   error // a *config.LoadError names each file (file:line:col)
	Problems      []config.Problem
	// Trusted: the working directory is trusted; Withheld is what its own
	// settings files could not grant because it is not.
	Trusted  bool
	TrustErr error
	Withheld []config.Notice
	// Getenv reads the environment with the settings' env on top.
	Getenv   func(string) string
	Model    model.Info
	ModelErr error
	// Instructions are the instruction files a run would read.
	Instructions       []workspace.File
	InstructionProblem []error
}

// Inspect resolves opts as configure would, without running anything.
func Inspect(opts Options) Setup {
	env := environment(opts.Getenv)
	var s Setup
	s.ConfigDir, s.ConfigDirErr = configDir(env)
	s.ManagedDir = managedDir(env)
	s.Getenv = env.str
	if s.ConfigDirErr == nil {
		s.SessionDir = session.ProjectDir(s.ConfigDir, opts.Cwd)
		s.Trusted, s.TrustErr = trustStore(s.ConfigDir).Trusted(opts.Cwd)
	}
	s.SettingsFiles = settingsFiles(opts, s.ConfigDir, s.ManagedDir)
	s.Settings, s.Problems, s.Withheld, s.SettingsErr = config.Load(config.Options{Cwd: opts.Cwd,
		ConfigDir: s.ConfigDir, ManagedDir: s.ManagedDir, FlagSettings: opts.SettingsFlag, Trusted: s.Trusted})
	if s.Settings != nil {
		s.Getenv = withSettingsEnv(env, s.Settings).str
		s.Model, _, s.ModelErr = models(opts, withSettingsEnv(env, s.Settings), s.Settings)
	} else {
		s.Model, _, s.ModelErr = models(opts, env, &config.Settings{})
	}
	if !env.bool("CLAUDE_CODE_DISABLE_CLAUDE_MDS") {
		s.Instructions, s.InstructionProblem = workspace.Load(workspaceOptions(opts, env))
	}
	return s
}

// settingsFiles lists the settings files of the standard layers that
// exist (the managed drop-in directory's files included).
func settingsFiles(opts Options, cfgDir, managed string) []string {
	var candidates []string
	if cfgDir != "" {
		candidates = append(candidates, filepath.Join(cfgDir, "settings.json"))
	}
	candidates = append(candidates, filepath.Join(opts.Cwd, ".claude", "settings.json"),
		config.LocalSettingsPath(opts.Cwd), filepath.Join(managed, "managed-settings.json"))
	dropIns, _ := filepath.Glob(filepath.Join(managed, "managed-settings.d", "*.json"))
	candidates = append(candidates, dropIns...)
	var out []string
	for _, p := range candidates {
		if fileExists(p) {
			out = append(out, p)
		}
	}
	return out
}

func fileExists(p string) bool {
	info, err := os.Stat(p)
	return err == nil && info.Mode().IsRegular()
}
