package main

import (
	"corvid/internal/cli"
	"corvid/internal/tui"
)

// The conversation corvid-tui drives offers /tasks its stop and output.
var _ tui.TaskControl = cli.ConversationTasks(nil)
