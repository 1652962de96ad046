package main

import (
	"corvid/internal/app"
	"corvid/internal/tui"
)

// The conversations the interface drives offer the optional sides its
// commands look for (/permissions).
var _ tui.RuleEditor = (*app.Conversation)(nil)

var _ tui.Inspector = (*app.Conversation)(nil)
