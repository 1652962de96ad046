package hookrun

import (
	"io"
	"os"
	"os/exec"
	"sync"
	"time"
)

// pipes gives the command its own stdout and stderr pipes, copied into
// the captures by goroutines that end when every writer is gone (or the
// read ends are closed); drained closes when both are done.
func pipes(cmd *exec.Cmd, out, errw io.Writer) (outR, errR *os.File, drained chan struct{}, err error) {
	outR, outW, err := os.Pipe()
	if err != nil {
		return nil, nil, nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		closeAll(outR, outW)
		return nil, nil, nil, err
	}
	cmd.Stdout, cmd.Stderr = outW, errW
	drained = make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(2)
	for _, p := range []struct {
		r *os.File
		w io.Writer
	}{{outR, out}, {errR, errw}} {
		go func() {
			defer wg.Done()
			_, _ = io.Copy(p.w, p.r)
		}()
	}
	go func() { wg.Wait(); close(drained) }()
	return outR, errR, drained, nil
}

// finishDrain waits, bounded, for the output to end, then closes the read
// ends (which ends the copies) and waits for them.
func finishDrain(drained chan struct{}, outR, errR *os.File) {
	t := time.NewTimer(drainDelay)
	defer t.Stop()
	select {
	case <-drained:
	case <-t.C:
	}
	closeAll(outR, errR)
	<-drained
}

func closeAll(fs ...any) {
	for _, f := range fs {
		if c, ok := f.(io.Closer); ok && c != nil {
			_ = c.Close()
		}
	}
}
