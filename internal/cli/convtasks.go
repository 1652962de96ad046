package cli

import (
	"context"

	"corvid/internal/app"
)

// ConversationTasks is the conversation's side the interface's /tasks
// looks for; corvid-tui checks its own interface against it.
type ConversationTasks interface {
	StopTask(ctx context.Context, id string) error
	PeekTask(id string, n int) (string, error)
}

var _ ConversationTasks = (*app.Conversation)(nil)
