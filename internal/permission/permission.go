// Package permission decides whether a tool call may run. The executor's
// pipeline asks a Checker once per call, after schema validation and the
// PreToolUse hook.
//
// The package holds the contract (Request, Decision, Checker, Mode), the
// rule Engine that corvid runs with, and two simple checkers for code
// and tests that need no rules: AllowAll, and Gate, which denies tools by
// name.
//
// The Engine speaks Claude Code's permission language: rules such as
// Bash(npm run test *), Read(./.env), Edit(/src/**), WebFetch(domain:…),
// mcp__server__tool and Tool(param:value), from every settings layer;
// evaluated deny, then ask, then allow (a deny anywhere wins); then path
// safety (working directories, protected files, critical removals); then
// the permission mode. Bash commands are analysed with the shell package:
// every simple command, wherever it sits (pipelines, substitutions, the
// code eval and sh -c run), must be allowed on its own, and redirections
// are writes. Every Decision says why.
//
// The Engine knows no tool by name: each tool describes itself (package
// tool's optional interfaces: its kind, the subject or path its rules
// match, its parameters, its rule family), and Config.Tools lists the
// tools rules are understood by. A tool that describes nothing is judged
// by name and parameters only, and the mode decides ("ask" by default).
// The rule grammar's own names stay: Read(...) and Edit(...) path rules
// and Bash(...) command rules, which Bash's analysis applies to the
// files and commands inside a command line.
//
// The executor, the app and the front ends (which implement Asker) import
// this package; it imports only tool and shell.
package permission

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"corvid/internal/tool"
)

// Request is one call waiting for a verdict.
type Request struct {
	Tool      tool.Tool
	ToolUseID string
	Input     json.RawMessage
	// ToolCheck is the tool's own CheckPermissions verdict.
	ToolCheck tool.PermissionResult
	// Hook is the PreToolUse hook's verdict ("" when no hook decided).
	Hook tool.PermissionBehavior
	// WorkDir is the conversation's current directory for this call
	// (it moves with cd in Bash); "" means Config.Cwd or the launch
	// directory.
	WorkDir string
}

// Decision is the verdict. Reason explains it for people (which rule,
// which mode); Message is what the model is told on a deny.
type Decision struct {
	Behavior     tool.PermissionBehavior
	Message      string
	Reason       string
	UpdatedInput json.RawMessage
	// Interrupt asks to end the whole turn, not just this call (a user who
	// rejects a prompt and wants to take over).
	Interrupt bool
	// Rule is the rule that decided, as written (canonical tool name),
	// and Source where it came from; both empty when no rule decided.
	Rule, Source string
}

// Checker gives verdicts.
type Checker interface {
	Check(ctx context.Context, req Request) Decision
}

// Mode is a permission mode (Claude Code's names).
type Mode string

// Permission modes.
const (
	ModeDefault     Mode = "default"
	ModeAcceptEdits Mode = "acceptEdits"
	ModePlan        Mode = "plan"
	ModeDontAsk     Mode = "dontAsk"
	ModeBypass      Mode = "bypassPermissions"
	// ModeAuto lets a classifier approve calls in Claude Code; until corvid
	// has one it behaves as default (never less safe than asked for).
	ModeAuto Mode = "auto"
)

// ParseMode accepts the modes of --permission-mode (and "manual" for
// default).
func ParseMode(s string) (Mode, error) {
	switch m := Mode(s); m {
	case ModeDefault, ModeAcceptEdits, ModePlan, ModeDontAsk, ModeBypass, ModeAuto:
		return m, nil
	case "manual", "":
		return ModeDefault, nil
	}
	return "", fmt.Errorf("invalid permission mode %q (want default, acceptEdits, plan, auto, dontAsk or bypassPermissions)", s)
}

// AllowAll allows every call.
type AllowAll struct{}

// Check allows.
func (AllowAll) Check(_ context.Context, req Request) Decision {
	return Decision{Behavior: tool.PermissionAllow, Reason: "all tools allowed",
		UpdatedInput: req.ToolCheck.UpdatedInput}
}

// Gate is a minimal checker without rules (corvid itself runs the
// Engine): tools denied by name are refused in every mode, a tool's own
// deny is honoured, and everything else is allowed. An "ask" has nobody
// to ask, so outside bypass mode it is refused with the tool's message.
type Gate struct {
	Mode Mode
	Deny []string
}

// Check gives Gate's verdict.
func (g Gate) Check(_ context.Context, req Request) Decision {
	name := req.Tool.Name()
	if slices.Contains(g.Deny, name) || slices.ContainsFunc(req.Tool.Aliases(), func(a string) bool {
		return slices.Contains(g.Deny, a)
	}) {
		return Decision{Behavior: tool.PermissionDeny,
			Message: fmt.Sprintf("Permission to use %s has been denied.", name),
			Reason:  fmt.Sprintf("%s is in the disallowed tools", name)}
	}
	if req.Hook == tool.PermissionDeny {
		return Decision{Behavior: tool.PermissionDeny, Message: "Denied by a PreToolUse hook.",
			Reason: "PreToolUse hook"}
	}
	switch req.ToolCheck.Behavior {
	case tool.PermissionDeny:
		msg := req.ToolCheck.Message
		if msg == "" {
			msg = fmt.Sprintf("Permission to use %s has been denied.", name)
		}
		return Decision{Behavior: tool.PermissionDeny, Message: msg, Reason: name + " refused this input"}
	case tool.PermissionAsk:
		if g.Mode != ModeBypass && req.Hook != tool.PermissionAllow {
			msg := req.ToolCheck.Message
			if msg == "" {
				msg = fmt.Sprintf("%s needs approval and there is no one to ask in this mode.", name)
			}
			return Decision{Behavior: tool.PermissionDeny, Message: msg, Reason: "needs approval; no prompt available"}
		}
	}
	return Decision{Behavior: tool.PermissionAllow, Reason: "mode " + string(g.modeOrDefault()),
		UpdatedInput: req.ToolCheck.UpdatedInput}
}

func (g Gate) modeOrDefault() Mode {
	if g.Mode == "" {
		return ModeDefault
	}
	return g.Mode
}
