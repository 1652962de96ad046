package permission

import (
	"context"
	"encoding/json"

	"corvid/internal/tool"
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
	// Tools are the tools rules and calls are judged by: each describes
	// itself (package tool's optional interfaces: its kind, subject,
	// path, rule parameters and family). List every built-in tool, also
	// those hidden from the model, so that rules naming them parse. A
	// call's own tool is consulted first when it describes itself (an
	// MCP tool that arrived later); a tool neither describes is
	// tool.KindOther.
	Tools []tool.Tool
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
	// BlockedPath is the path outside the working directories a
	// command's question is about ("" when it is not about one).
	BlockedPath string
}

// Answer is an Asker's reply: allow (this call, with an optional
// replacement input, and optionally rules to add from now on) or deny
// (with a message for the model, and optionally ending the turn).
type Answer struct {
	// Allow allows the call; false refuses it.
	Allow bool
	// UpdatedInput replaces the call's input when allowed (a host that
	// edits the command); it is validated again before the tool runs.
	UpdatedInput json.RawMessage
	// Always adds the question's suggested rules, as a person choosing
	// "always allow" does: the session keeps them and the ones worth
	// saving go to the local settings.
	Always bool
	// Rules are further allow rules to add (a host's updatedPermissions),
	// kept at Destination.
	Rules       []string
	Destination Destination
	// Message is what the model is told on a refusal ("" for the
	// default); Interrupt ends the whole turn.
	Message   string
	Interrupt bool
}

// Destination is where an answer's rules are kept (Claude Code's names).
type Destination string

// Destinations. Only the session and the local settings are written;
// rules for another destination are kept for the session and the reason
// says they were not saved there.
const (
	DestSession         Destination = "session"
	DestLocalSettings   Destination = "localSettings"
	DestProjectSettings Destination = "projectSettings"
	DestUserSettings    Destination = "userSettings"
	DestCLIArg          Destination = "cliArg"
)

// The answers a person gives in a yes/no/always prompt.
var (
	// AnswerNo refuses the call.
	AnswerNo = Answer{}
	// AnswerOnce allows this call only.
	AnswerOnce = Answer{Allow: true}
	// AnswerAlways allows this call and adds the suggested rules.
	AnswerAlways = Answer{Allow: true, Always: true}
)

func (a Answer) String() string {
	switch {
	case !a.Allow:
		return "no"
	case a.Always || len(a.Rules) > 0:
		return "always"
	}
	return "once"
}
