package engine

import (
	"context"
	"time"

	"corvid/internal/event"
)

// Report answers a prompt locally, without the model (a slash command
// such as /cost): it publishes the init event and a successful result
// whose text is text.
func (e *Engine) Report(_ context.Context, text string) event.Result {
	start := time.Now()
	e.publishInit()
	res := event.Result{Subtype: event.SubtypeSuccess, Text: text, TerminalReason: "completed"}
	res.Duration = time.Since(start)
	res.DurationAPI = e.costs.APIDuration()
	res.TotalCostUSD = e.costs.TotalUSD()
	res.Usage = e.costs.Usage()
	res.ModelUsage = e.costs.ModelUsage()
	res.SessionID = e.cfg.SessionID
	e.publish(res)
	return res
}
