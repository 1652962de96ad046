package main

import (
	"corvid/internal/cli"
	"corvid/internal/tui"
)

// The conversations the interface drives (cli's, *app.Conversation)
// offer the optional sides its commands look for.
var (
	_ tui.RuleEditor      = cli.ConversationExtras(nil)
	_ tui.Inspector       = cli.ConversationExtras(nil)
	_ tui.WorkspaceLister = cli.ConversationExtras(nil)
	_ tui.ContextReporter = cli.ConversationExtras(nil)
	_ tui.Rewinder        = cli.ConversationExtras(nil)
	_ tui.CodeRewinder    = cli.ConversationExtras(nil)
)
