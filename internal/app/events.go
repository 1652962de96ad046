package app

import (
	"corvid/internal/event"
	"corvid/internal/event/broker"
)

// openEvents puts a broker between the conversation and cfg.Sink: the
// engine, hooks and sub-agents publish from their goroutines, and the
// sink is called from one goroutine at a time, in one order, every
// event before a turn's result delivered before Submit returns.
func openEvents(cfg Config) (*broker.Broker, error) {
	b := broker.New()
	if err := b.Subscribe(cfg.Sink, broker.Options{Coalesce: cfg.CoalesceDeltas}); err != nil {
		b.Close()
		return nil, err
	}
	return b, nil
}

// Subscribe adds a consumer of the conversation's events from now on
// (a second front end, a log). It is called from its own goroutine;
// with coalesce, text deltas it falls behind on reach it merged.
func (c *Conversation) Subscribe(sink event.Sink, coalesce bool) error {
	return c.events.Subscribe(sink, broker.Options{Coalesce: coalesce})
}
