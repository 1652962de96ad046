package cli

import (
	"context"

	"corvid/internal/app"
	"corvid/internal/checkpoint"
	"corvid/internal/config"
	"corvid/internal/doctor"
	"corvid/internal/event"
	"corvid/internal/permission"
)

// ConversationExtras are the optional sides of the conversation the
// interactive interface's commands look for (/permissions, /config,
// /doctor, /context, /rewind); corvid-tui checks its own interfaces against it.
type ConversationExtras interface {
	PermissionRules() []permission.RuleInfo
	CheckRule(kind, rule string) error
	WorkspaceDirs() []permission.DirInfo
	Doctor(ctx context.Context) doctor.Report
	EffectiveSettings() ([]config.Setting, error)
	ContextUsage() event.ContextUsage
	Prompts() []event.Prompt
	Rewind(id int) (event.Prompt, error)
	FileChanges(id int) ([]checkpoint.Change, error)
	RestoreFiles(id int) (checkpoint.Report, error)
}

var _ ConversationExtras = (*app.Conversation)(nil)
