package providertest

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"time"
)

// stream plays a scripted turn as a 200 text/event-stream response.
func (s *Server) stream(w http.ResponseWriter, r *http.Request, ex *exchange, t Turn, turn int, model string) {
	s.recordOutcome(ex, turn, http.StatusOK)
	meta := streamMeta{messageID: t.MessageID, model: t.Model, seq: ex.req.Index}
	if meta.messageID == "" {
		meta.messageID = fmt.Sprintf("msg_fake%06d", ex.req.Index)
	}
	if meta.model == "" {
		meta.model = cmp.Or(model, "claude-fake")
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	p := &player{w: w, rc: http.NewResponseController(w), ctx: r.Context(), closing: s.closing,
		delay: t.ChunkDelay, sent: func(ev sseEvent, at time.Time) { s.recordEvent(ex, ev, at) }}
	if p.rc.Flush() != nil {
		return
	}
	p.play(t, buildEvents(t, meta))
}

// player writes one turn's events to one response.
type player struct {
	w       http.ResponseWriter
	rc      *http.ResponseController
	ctx     context.Context // the request's: done when the client goes away
	closing <-chan struct{} // the server's: closed by Close
	delay   time.Duration
	sent    func(sseEvent, time.Time)
}

// play sends evs in order, ending the stream early or stalling where the
// turn says.
func (p *player) play(t Turn, evs []sseEvent) {
	stopAt := interruptAt(t)
	for i, ev := range evs {
		if i == stopAt && t.Stall == "" {
			p.interrupt(t, i, evs[i:])
			return
		}
		if i == stopAt && !p.pause(t.StallFor) {
			return
		}
		if (i > 0 && !p.wait()) || p.send(ev) != nil {
			return
		}
	}
	switch {
	case stopAt == len(evs) && t.Stall != "":
		p.pause(t.StallFor)
	case stopAt == len(evs):
		p.interrupt(t, len(evs), nil)
	}
}

// interruptAt is the number of events sent before the turn's scripted
// failure or stall, or -1 when the stream runs to the end.
func interruptAt(t Turn) int {
	if t.interrupts() || t.CutAfter > 0 || t.Stall == StallStream {
		return t.CutAfter
	}
	return -1
}

// interrupt ends the stream after sent events: with an error event, a
// malformed record, or a dropped connection.
func (p *player) interrupt(t Turn, sent int, rest []sseEvent) {
	if sent > 0 && !p.wait() {
		return
	}
	switch {
	case t.ErrorEvent != "":
		_ = p.send(errorEvent(t.ErrorEvent, t.ErrorMessage))
	case t.Malformed:
		_ = p.send(malformed(rest))
	default:
		p.cut()
	}
}

// malformed is the next event with its data cut in half: never valid JSON,
// since every event's data is one object and no proper prefix of an object
// is complete.
func malformed(rest []sseEvent) sseEvent {
	ev := messageEvent("message_stop", map[string]string{"type": "message_stop"})
	if len(rest) > 0 {
		ev = rest[0]
	}
	ev.data = ev.data[:len(ev.data)/2]
	return ev
}

// cut drops the connection without ending the chunked body, so the client
// sees an unexpected EOF.
func (p *player) cut() {
	conn, _, err := p.rc.Hijack()
	if err != nil {
		panic(http.ErrAbortHandler)
	}
	conn.Close()
}

// send writes and flushes one event. The event is recorded before it is
// written: a client may act on it (and ask what was sent) before a
// record made after the flush would exist.
func (p *player) send(ev sseEvent) error {
	p.sent(ev, time.Now())
	if _, err := fmt.Fprintf(p.w, "event: %s\ndata: %s\n\n", ev.name, ev.data); err != nil {
		return err
	}
	return p.rc.Flush()
}

// wait pauses for the turn's chunk delay; false when the client left or
// the server is closing.
func (p *player) wait() bool {
	if p.delay <= 0 {
		return true
	}
	return silence(p.ctx, p.closing, p.delay)
}

// pause is a scripted stall: d, or until the client leaves when d is 0.
func (p *player) pause(d time.Duration) bool {
	return silence(p.ctx, p.closing, d)
}

// silence waits d (for ever when d is 0); false when ctx ended or closing
// was closed first.
func silence(ctx context.Context, closing <-chan struct{}, d time.Duration) bool {
	var fired <-chan time.Time
	if d > 0 {
		t := time.NewTimer(d)
		defer t.Stop()
		fired = t.C
	}
	select {
	case <-fired:
		return true
	case <-ctx.Done():
		return false
	case <-closing:
		return false
	}
}
