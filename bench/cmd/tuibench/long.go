package main

import (
	"fmt"
	"strings"
	"time"
)

// longSession goes on answering prompts in the pane until the session
// has turns turns, then reports the process's memory.
func longSession(tmux func(...string) (string, error), pid string, turns int) error {
	start := time.Now()
	for i := 3; i <= turns; i++ {
		p := fmt.Sprintf("turn %d", i)
		if _, err := tmux("send-keys", "-t", "b", "-l", p); err != nil {
			return err
		}
		if _, err := tmux("send-keys", "-t", "b", "Enter"); err != nil {
			return err
		}
		if err := waitAnswered(tmux, "> "+p); err != nil {
			return err
		}
		if i%500 == 0 || i == turns {
			rss, _ := statusField(pid, "VmRSS")
			hwm, _ := statusField(pid, "VmHWM")
			fmt.Printf("after %d turns (%v): VmRSS %s, VmHWM %s\n", i, time.Since(start).Round(time.Second), rss, hwm)
		}
	}
	return nil
}

// waitAnswered waits until the visible pane shows the prompt echoed and
// an answer below it, and the turn over.
func waitAnswered(tmux func(...string) (string, error), echo string) error {
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		s, _ := tmux("capture-pane", "-p", "-t", "b")
		i := strings.LastIndex(s, echo+"\n")
		if i >= 0 && strings.Contains(s[i:], "answer") && !strings.Contains(s[i:], "Working") {
			return nil
		}
	}
	return fmt.Errorf("timed out waiting for the answer to %q", echo)
}
