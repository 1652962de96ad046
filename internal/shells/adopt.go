package shells

import "slices"

// Adopt keeps a foreground job whose shell has exited until it is done:
// its supervisor stays while processes the command detached from its
// output live on, and Close stops them. After Close, the job is stopped
// at once.
func (m *Manager) Adopt(j *Job) {
	m.mu.Lock()
	if m.closed {
		m.mu.Unlock()
		j.Stop()
		return
	}
	m.jobs = slices.DeleteFunc(m.jobs, func(j *Job) bool { return isClosed(j.done) })
	m.jobs = append(m.jobs, j)
	m.mu.Unlock()
}

func isClosed(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}
