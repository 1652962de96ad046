package tui

import (
	"context"
	"sync"

	tea "charm.land/bubbletea/v2"

	"corvid/internal/event"
	"corvid/internal/permission"
	"corvid/internal/provider"
)

// Backend is the conversation the interface drives: *app.Conversation
// in production, a scripted fake in the tests.
type Backend interface {
	Submit(ctx context.Context, prompt []provider.Block) event.Result
	Interrupt()
	SetPermissionMode(m permission.Mode) error
	SetModel(name string) error
	Info() event.Init
	Messages() []provider.Message
	Close()
}

// Opener opens a conversation whose events go to sink and whose
// permission questions go to asker. resume names a session to resume
// ("" for the configured one, "-" for a new one).
type Opener func(ctx context.Context, sink event.Sink, asker permission.Asker, resume string) (Backend, error)

// bridge carries events and questions from the conversation's goroutines
// into the program's message loop. Before the program runs (and after it
// ends) sends are dropped and questions refused.
type bridge struct {
	mu   sync.Mutex
	send func(tea.Msg)
	done chan struct{}
}

func newBridge() *bridge { return &bridge{done: make(chan struct{})} }

// attach starts delivering to send.
func (b *bridge) attach(send func(tea.Msg)) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.send = send
}

// close stops delivery; pending and later questions are refused.
func (b *bridge) close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.send != nil {
		b.send = nil
		close(b.done)
	}
}

func (b *bridge) deliver(msg tea.Msg) bool {
	b.mu.Lock()
	send := b.send
	b.mu.Unlock()
	if send == nil {
		return false
	}
	send(msg)
	return true
}

// eventMsg is one conversation event.
type eventMsg struct{ ev event.Event }

// sink publishes events into the program.
func (b *bridge) sink(ev event.Event) { b.deliver(eventMsg{ev}) }

// askMsg is a permission question waiting for the user.
type askMsg struct {
	q     permission.Question
	reply chan permission.Answer
}

// Ask implements permission.Asker: it shows the dialog and waits for the
// answer, the question's context or the interface's end (a refusal).
func (b *bridge) Ask(ctx context.Context, q permission.Question) (permission.Answer, error) {
	reply := make(chan permission.Answer, 1)
	if !b.deliver(askMsg{q: q, reply: reply}) {
		return permission.AnswerNo, ErrClosed
	}
	select {
	case a := <-reply:
		return a, nil
	case <-ctx.Done():
		return permission.AnswerNo, ctx.Err()
	case <-b.done:
		return permission.AnswerNo, ErrClosed
	}
}
