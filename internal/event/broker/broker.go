// Package broker sits between the engine and the front ends: the engine
// (and whatever else publishes on a conversation's behalf: hooks, sub-
// agents, background agents) publishes events from any goroutine; the
// broker hands them to each subscriber serially, in one order, from one
// delivery goroutine per subscriber.
//
// Streaming deltas (event.Delta), and the reports of a call running or
// progressing, are queued and the publisher goes on at once; a subscriber
// that asked for it may receive consecutive deltas of one block merged
// into one when it fell behind. Every other event is a sync point: its
// Publish returns once every subscriber has been handed it (and so every
// event before it). Nothing is ever dropped or reordered; a queue that is
// full makes the publisher wait.
package broker

import (
	"sync"

	"corvid/internal/event"
)

// DefaultBuffer is how many events may wait for one subscriber.
const DefaultBuffer = 1024

// Options configure one subscriber.
type Options struct {
	// Coalesce lets consecutive deltas of one block that are still
	// waiting for this subscriber merge into one (a slow renderer sees
	// fewer, longer deltas; the text is the same).
	Coalesce bool
	// Buffer caps the events waiting for this subscriber (DefaultBuffer
	// when 0).
	Buffer int
}

// Broker serialises delivery to its subscribers. The zero value is not
// usable; see New.
type Broker struct {
	// mu makes every publish reach every subscriber in one order; it is
	// held while an event is queued, never while it is delivered.
	mu     sync.Mutex
	subs   []*subscriber
	closed bool
	// late serialises the events published after Close, which are
	// delivered in the publisher's goroutine.
	late sync.Mutex
}

// New returns a broker without subscribers.
func New() *Broker { return &Broker{} }

// Subscribe adds a subscriber; it receives the events published from now
// on. sink is called from the subscriber's own goroutine, never from two
// at once, and must not publish to this broker itself.
func (b *Broker) Subscribe(sink event.Sink, opts Options) error {
	if sink == nil {
		return ErrNilSink
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return ErrClosed
	}
	s := newSubscriber(sink, opts)
	b.subs = append(b.subs, s)
	go s.deliver()
	return nil
}

// Publish hands ev to every subscriber. For a sync point it returns once
// every subscriber received it; for a delta or a tool's running or
// progress report, once it is queued. After Close it delivers ev at once
// from the caller's goroutine (still one event at a time).
func (b *Broker) Publish(ev event.Event) {
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		b.publishLate(ev)
		return
	}
	subs := b.subs
	var buf [4]uint64
	seqs := buf[:0]
	for _, s := range subs {
		seqs = append(seqs, s.put(ev))
	}
	b.mu.Unlock()
	if queued(ev) {
		return
	}
	for i, s := range subs {
		s.wait(seqs[i])
	}
}

// Sync returns once every event published before it has been delivered.
func (b *Broker) Sync() {
	b.mu.Lock()
	subs := b.subs
	b.mu.Unlock()
	for _, s := range subs {
		s.sync()
	}
}

// Close delivers what is queued, then ends the delivery goroutines and
// returns. Events published after it are delivered in the publisher's
// goroutine. Close may be called more than once.
func (b *Broker) Close() {
	b.mu.Lock()
	subs := b.subs
	b.closed = true
	for _, s := range subs {
		s.stop()
	}
	b.mu.Unlock()
	for _, s := range subs {
		<-s.done
	}
}

func (b *Broker) publishLate(ev event.Event) {
	b.late.Lock()
	defer b.late.Unlock()
	for _, s := range b.subs {
		<-s.done // what was queued goes first
		s.sink(ev)
	}
}

// queued reports whether Publish may return before ev is delivered.
func queued(ev event.Event) bool {
	switch ev.(type) {
	case event.Delta, event.ToolRunning, event.ToolProgress:
		return true
	}
	return false
}
