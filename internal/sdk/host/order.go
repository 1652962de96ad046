package host

// inOrder runs f after the requests still being answered: at once when
// there are none and !async, else on a goroutine that waits for them.
// Turns wait for them too (see turns).
func (h *Host) inOrder(async bool, f func()) {
	h.mu.Lock()
	prev := h.tail
	if !async && (prev == nil || closed(prev)) {
		h.mu.Unlock()
		f()
		return
	}
	done := make(chan struct{})
	h.tail = done
	h.ctl.Add(1)
	h.mu.Unlock()
	go func() {
		defer h.ctl.Done()
		defer close(done)
		if prev != nil {
			<-prev
		}
		f()
	}()
}

func closed(c <-chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}
