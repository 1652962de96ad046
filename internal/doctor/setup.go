package doctor

import (
	"corvid/internal/config"
	"corvid/internal/model"
	"corvid/internal/workspace"
)

// Setup is what a run started with opts would resolve, for corvid doctor:
// the directories, the settings (and why they failed), the workspace's
// trust, the environment with the settings' env layered on, the model and
// the instruction files. app.Inspect fills it without writing anything.
type Setup struct {
	ConfigDir    string
	ConfigDirErr error // app.ErrNoHome
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
