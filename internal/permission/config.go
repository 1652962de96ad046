package permission

import (
	"context"
	"encoding/json"
)

// Sources of rules, highest precedence first. Precedence only matters
// for explanations: a deny from any source beats an allow from any
// other.
const (
	SourceManaged = "managed"
	SourceFlag    = "flag"
	SourceLocal   = "local"
	SourceProject = "project"
	SourceUser    = "user"
	SourceCLI     = "cli"
	SourceSession = "session"
)

// RuleSource is one rule as the settings layer hands it over.
type RuleSource struct {
	// Text is the rule as written: "Bash(npm run test *)".
	Text string
	// Source names the layer: managed, flag, local, project, user, cli
	// or session.
	Source string
	// File is the settings file the rule came from ("" for flags).
	File string
	// Dir is the base of "/x" path anchors: the project root for
	// project settings, ~/.claude (or corvid's user dir) for user
	// settings, the file's directory for --settings, the launch
	// directory for local, CLI and session rules. "" means the launch
	// directory.
	Dir string
}

// Config is everything the engine needs.
type Config struct {
	Mode             Mode
	Allow, Deny, Ask []RuleSource
	// WorkDirs are the working directories, absolute: the launch
	// directory first, then --add-dir and additionalDirectories.
	WorkDirs []string
	// Home is $HOME, for "~/" anchors and critical paths.
	Home string
	// Cwd reports the conversation's current directory (it moves with
	// `cd` in Bash). nil means the launch directory, WorkDirs[0].
	Cwd func() string
	// Asker answers "ask" verdicts; nil means nobody can be asked (-p),
	// so an ask becomes a deny that says what was not granted.
	Asker Asker
	// Persist saves an "always" answer's rule (the app points it at
	// .claude/settings.local.json); nil keeps such rules for the session.
	Persist func(rule string) error
	// BypassDisabled turns bypassPermissions into default (managed
	// disableBypassPermissionsMode).
	BypassDisabled bool
}

// Asker asks a person (the TUI) or a host (the SDK) about one call.
type Asker interface {
	Ask(ctx context.Context, q Question) (Answer, error)
}

// Question is what an Asker is asked.
type Question struct {
	ToolName, ToolUseID string
	Input               json.RawMessage
	// Reason says why the call needs approval.
	Reason string
	// Suggestions are the rules an "always" answer would add.
	Suggestions []string
}

// Answer is an Asker's reply.
type Answer int

// Answers.
const (
	// AnswerNo refuses the call.
	AnswerNo Answer = iota
	// AnswerOnce allows this call only.
	AnswerOnce
	// AnswerAlways allows this call and adds the suggested rules.
	AnswerAlways
)

func (a Answer) String() string {
	switch a {
	case AnswerOnce:
		return "once"
	case AnswerAlways:
		return "always"
	}
	return "no"
}
