package shells

import "time"

// drainGrace is how long the end of a shell waits for its output to
// reach the log, and how long a stopped shell's pipe is still read;
// settleBound is how long a Read waits for output already written to
// reach the log.
const (
	drainGrace  = 200 * time.Millisecond
	settleBound = 100 * time.Millisecond
)

// pump copies p's output from the pipe into its log until every writer
// has closed the pipe or endPump has passed its deadline. A log that
// stopped saving (see spill.Writer) still drains the pipe, so the
// command never blocks on it.
func (m *Manager) pump(p *proc) {
	defer m.observers.Done()
	defer close(p.drained)
	buf := make([]byte, 32<<10)
	for {
		n, err := p.out.Read(buf)
		if n > 0 {
			p.taken.Add(int64(n))
			_, _ = p.log.Write(buf[:n]) // a failure is kept in the log's Layout for Read
			p.logged.Add(int64(n))
		}
		if err != nil {
			break
		}
	}
	p.out.Close()
	_ = p.log.Close()
}

// endPump stops reading p's pipe after drainGrace, for a shell that was
// stopped: a process that escaped its group may still hold the pipe.
func (p *proc) endPump() {
	_ = p.out.SetReadDeadline(time.Now().Add(drainGrace))
}

// settle waits, at most settleBound, until the output the command wrote
// before the call is in the log: the pipe is empty and the pump has
// logged all it took. Under a flood of output it gives up at the bound.
func (p *proc) settle() {
	deadline := time.Now().Add(settleBound)
	for {
		select {
		case <-p.drained:
			return
		default:
		}
		if pending(p.out) == 0 && p.taken.Load() == p.logged.Load() || time.Now().After(deadline) {
			return
		}
		time.Sleep(time.Millisecond)
	}
}
