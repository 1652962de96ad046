package main

import (
	"corvid/internal/app"
	"corvid/internal/tui"
)

// The conversation corvid-tui drives offers /tasks its stop and output.
var _ tui.TaskControl = (*app.Conversation)(nil)
