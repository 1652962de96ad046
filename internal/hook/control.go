package hook

// The universal output fields every event honours: continue:false with
// stopReason halts the turn, systemMessage is shown to the user.
// suppressOutput is accepted and changes nothing (spec §4.5: Claude Code
// gives it no effect either).

// OnMessage sets where systemMessage texts go (the user's terminal or a
// system/informational frame). Call it before any hook fires.
func (s *Set) OnMessage(fn func(text string)) {
	if s != nil {
		s.message = fn
	}
}

// Halted returns and forgets the reason a hook asked the turn to stop
// with continue:false since the last call; ok is false when none did.
// The engine asks before each request and at the start of a turn.
func (s *Set) Halted() (reason string, ok bool) {
	if s == nil {
		return "", false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	reason, ok = s.haltReason, s.halted
	s.haltReason, s.halted = "", false
	return reason, ok
}

// control acts on the universal fields of the outputs of one event.
func (s *Set) control(event string, outs []Output) {
	for _, o := range outs {
		if o.SystemMessage != "" && s.message != nil {
			s.message(capText(o.SystemMessage))
		}
		if !o.stops() || event == SessionEnd {
			continue
		}
		s.mu.Lock()
		if !s.halted {
			s.halted, s.haltReason = true, capText(o.StopReason)
		}
		s.mu.Unlock()
	}
}
