package tui

import (
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"corvid/internal/event"
	"corvid/internal/permission"
)

// A conversation that cannot open at start (corvid --resume of a
// session that is not there) ends the interface with the error, so
// corvid says it and exits 1, as Claude Code does. Before, the message
// went to the scrollback and corvid exited 0.
func TestOpenFailureAtStartIsAnError(t *testing.T) {
	cause := errors.New("No conversation found with session ID: 9999")
	o := Options{Cwd: "/work/proj", ConfigDir: t.TempDir(), Profile: colorprofile.Ascii, Width: 100}
	o.Open = func(context.Context, event.Sink, permission.Asker, string) (Backend, error) { return nil, cause }
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	defer pw.Close()
	done := make(chan error, 1)
	go func() {
		done <- run(t.Context(), o, newScreen(io.Discard, 100, 30), pr, nil, func(func(tea.Msg), <-chan struct{}) {})
	}()
	select {
	case err := <-done:
		if !errors.Is(err, ErrOpen) || !errors.Is(err, cause) || !strings.Contains(err.Error(), "9999") {
			t.Fatalf("Run returned %v, want the open failure", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("the interface did not end")
	}
}
