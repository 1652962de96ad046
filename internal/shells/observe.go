package shells

// Observe sets fn to hear of each background shell's start and end: it
// is called once with the running shell's Info (before Start returns,
// from Start's goroutine) and once with its final Info (from the
// goroutine that waited for it, after the start's call and before Wait
// or Kill return). fn must not call back into the Manager's Kill, Wait
// or Close. Set it before the first Start; nil stops the reports.
func (m *Manager) Observe(fn func(Info)) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.onChange = fn
}

func (m *Manager) observer() func(Info) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.onChange
}

// announce reports p's start.
func (m *Manager) announce(p *proc, info Info) {
	defer close(p.announced)
	if fn := m.observer(); fn != nil {
		fn(info)
	}
}

// report reports p's end, after its start.
func (m *Manager) report(p *proc, info Info) {
	<-p.announced
	if fn := m.observer(); fn != nil {
		fn(info)
	}
}
