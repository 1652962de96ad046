package event

import "time"

// Prompt is an earlier prompt of the conversation, as a front end offers
// it for a rewind (engine.Engine.Rewind). It is not published.
type Prompt struct {
	ID   int       // 1, 2, … in the order the prompts were submitted
	Text string    // what the user typed
	At   time.Time // when its turn began
}
