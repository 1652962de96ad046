package broker

import (
	"sync"

	"corvid/internal/event"
)

// maxMerged caps the text of one merged delta.
const maxMerged = 1 << 20

// subscriber is one sink, its queue and its delivery goroutine.
type subscriber struct {
	sink event.Sink
	opts Options

	mu   sync.Mutex
	cond *sync.Cond // signalled on put, on delivery and on stop
	// queue[head:] are the events not yet handed to the sink, oldest
	// first. Events are numbered as they are queued (a delta merged into
	// the one before it takes that one's number).
	queue     []event.Event
	head      int
	last      uint64 // number of the last event queued
	delivered uint64 // number of the last event handed to the sink
	stopping  bool
	done      chan struct{} // closed when the goroutine returned
}

func newSubscriber(sink event.Sink, opts Options) *subscriber {
	if opts.Buffer <= 0 {
		opts.Buffer = DefaultBuffer
	}
	s := &subscriber{sink: sink, opts: opts, done: make(chan struct{})}
	s.cond = sync.NewCond(&s.mu)
	return s
}

// put queues ev (or merges it into the delta queued last) and returns its
// number. It waits while the queue is full.
func (s *subscriber) put(ev event.Event) uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.merge(ev) {
		return s.last
	}
	for s.pending() >= s.opts.Buffer {
		s.cond.Wait()
	}
	if s.head > 0 && len(s.queue) == cap(s.queue) {
		n := copy(s.queue, s.queue[s.head:])
		clear(s.queue[n:])
		s.queue, s.head = s.queue[:n], 0
	}
	s.queue = append(s.queue, ev)
	s.last++
	s.cond.Broadcast()
	return s.last
}

// merge appends a delta's text to the delta queued last, when that one
// belongs to the same block and the subscriber coalesces.
func (s *subscriber) merge(ev event.Event) bool {
	if !s.opts.Coalesce || s.pending() == 0 {
		return false
	}
	d, ok := ev.(event.Delta)
	if !ok {
		return false
	}
	prev, ok := s.queue[len(s.queue)-1].(event.Delta)
	if !ok || prev.Index != d.Index || prev.Kind != d.Kind || prev.Origin != d.Origin ||
		len(prev.Text)+len(d.Text) > maxMerged {
		return false
	}
	prev.Text += d.Text
	s.queue[len(s.queue)-1] = prev
	return true
}

// pending is how many events wait; s.mu is held.
func (s *subscriber) pending() int { return len(s.queue) - s.head }

// wait returns once event n was handed to the sink.
func (s *subscriber) wait(n uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for s.delivered < n {
		s.cond.Wait()
	}
}

// sync waits for everything queued so far.
func (s *subscriber) sync() {
	s.mu.Lock()
	n := s.last
	s.mu.Unlock()
	s.wait(n)
}

// stop asks the goroutine to return once the queue is empty.
func (s *subscriber) stop() {
	s.mu.Lock()
	s.stopping = true
	s.cond.Broadcast()
	s.mu.Unlock()
}

// deliver hands the queued events to the sink, one at a time, until
// stopped and drained.
func (s *subscriber) deliver() {
	defer close(s.done)
	for {
		s.mu.Lock()
		for s.pending() == 0 && !s.stopping {
			s.cond.Wait()
		}
		if s.pending() == 0 {
			s.mu.Unlock()
			return
		}
		ev := s.queue[s.head]
		s.queue[s.head] = nil
		s.head++
		if s.head == len(s.queue) {
			s.queue, s.head = s.queue[:0], 0
		}
		s.mu.Unlock()

		s.sink(ev)

		s.mu.Lock()
		s.delivered++
		s.cond.Broadcast()
		s.mu.Unlock()
	}
}
