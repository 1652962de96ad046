package proctree

import (
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"
)

// sweepEvery is how often a stopping supervisor repeats SIGKILL, for
// processes forked while it was killing.
const sweepEvery = 50 * time.Millisecond

// settleDelay is how long after the shell's exit the supervisor looks for
// processes that still hold the output: one started with `cmd >log &`
// just before the shell exited may not have redirected its output yet.
const settleDelay = 250 * time.Millisecond

// supervisor is the state of a supervisor process (see Wrap).
type supervisor struct {
	self, shell int
	grace       time.Duration
	status      *os.File         // where the shell's status goes; nil: none
	linger      bool             // stay for detached descendants (a status descriptor was given)
	output      string           // the /proc fd link text of the shell's stdout
	code        int              // the shell's exit status once it has exited
	stopping    bool             // told to stop: every descendant goes, not only output holders
	settle      <-chan time.Time // when to look for output holders
	killAt      <-chan time.Time
	sweep       *time.Ticker
}

// exited is a reaped process and its status (128+n for signal n).
type exited struct{ pid, code int }

// supervise runs argv = [grace ms, status fd, shell, args...] and returns
// the shell's exit status once nothing below the supervisor is left (or,
// without a status descriptor, once the shell has exited).
func supervise(argv []string) int {
	ms, err1 := strconv.Atoi(argv[0])
	fd, err2 := strconv.Atoi(argv[1])
	if err1 != nil || err2 != nil {
		fmt.Fprintln(os.Stderr, "corvid: bad supervisor arguments")
		return 127
	}
	_ = SetSubreaper() // without it, orphans go to corvid, itself a subreaper
	s := &supervisor{self: os.Getpid(), grace: time.Duration(ms) * time.Millisecond,
		sweep: time.NewTicker(time.Hour), code: -1}
	defer s.sweep.Stop()
	if fd >= 0 {
		syscall.CloseOnExec(fd)
		s.status, s.linger = os.NewFile(uintptr(fd), "status"), true
	}
	s.output, _ = os.Readlink("/proc/self/fd/1")
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	pid, err := syscall.ForkExec(argv[2], argv[2:], &syscall.ProcAttr{Env: os.Environ(),
		Files: []uintptr{0, 1, 2}, Sys: &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}})
	if err != nil {
		fmt.Fprintf(os.Stderr, "corvid: starting %s: %v\n", argv[2], err)
		s.report(127)
		return 127
	}
	s.shell = pid
	dropStdio() // the output ends when the shell and its holders are gone
	reaped := make(chan exited)
	go reap(reaped)
	return s.loop(reaped, sigs)
}

// loop reaps descendants and handles stop signals until none is left.
func (s *supervisor) loop(reaped <-chan exited, sigs <-chan os.Signal) int {
	for {
		select {
		case e, ok := <-reaped:
			if !ok {
				return s.code
			}
			if e.pid != s.shell {
				continue
			}
			s.report(e.code)
			if !s.linger && !s.stopping {
				return s.code // what is left goes to corvid, a subreaper too
			}
			if !s.stopping && hasChildren() {
				s.settle = time.After(settleDelay)
			}
		case <-s.settle:
			s.settle = nil
			if !s.stopping {
				s.begin() // stop what still holds the output
			}
		case <-sigs:
			s.stopping = true
			s.begin()
		case <-s.killAt:
			s.killAt = nil
			s.kill(syscall.SIGKILL)
			s.sweep.Reset(sweepEvery)
		case <-s.sweep.C:
			if s.kill(syscall.SIGKILL) == 0 && !s.stopping {
				s.sweep.Stop() // the holders are gone; the rest may live on
			}
		}
	}
}

// begin sends SIGTERM to the targets and arms SIGKILL after the grace.
func (s *supervisor) begin() {
	s.kill(syscall.SIGTERM)
	s.killAt = time.After(s.grace)
}

// kill sends sig to every descendant when stopping, else to those that
// still hold the shell's output, and returns how many it signalled.
func (s *supervisor) kill(sig syscall.Signal) int {
	n := 0
	for _, pid := range Descendants(s.self) {
		if s.stopping || (s.output != "" && holds(pid, s.output)) {
			_ = syscall.Kill(pid, sig)
			n++
		}
	}
	return n
}

// report records the shell's status and sends it, once.
func (s *supervisor) report(code int) {
	s.code = code
	if s.status != nil {
		_, _ = s.status.WriteString(strconv.Itoa(code))
		_ = s.status.Close()
		s.status = nil
	}
}
