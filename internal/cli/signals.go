package cli

import (
	"context"
	"os"
	"sync"
	"syscall"
)

// signals turns SIGINT and SIGTERM into stops of the run.
//
// The first SIGINT is a soft interrupt (soft is called): tools that block
// on interrupt finish, the rest are cancelled, the turn ends with a
// result. SIGTERM, and any signal after the first, is a hard stop (hard
// is called with ErrTerminated or ErrForceQuit): every tool is cancelled,
// and the CLI waits for the run at most ForceQuitGrace, which is longer
// than stopping the tools takes.
type signals struct {
	mu    sync.Mutex
	first os.Signal
}

// watch handles signals from ch until stop is closed.
func (s *signals) watch(ch <-chan os.Signal, stop <-chan struct{}, soft func(), hard context.CancelCauseFunc) {
	for {
		select {
		case <-stop:
			return
		case sig := <-ch:
			switch {
			case !s.record(sig):
				hard(ErrForceQuit)
			case sig == syscall.SIGTERM:
				hard(ErrTerminated)
			default:
				soft()
			}
		}
	}
}

// record notes sig and reports whether it was the first.
func (s *signals) record(sig os.Signal) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.first != nil {
		return false
	}
	s.first = sig
	return true
}

// received returns the first signal, or nil.
func (s *signals) received() os.Signal {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.first
}
