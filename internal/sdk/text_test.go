package sdk

import (
	"errors"
	"io"
	"testing"

	"corvid/internal/event"
)

func TestText(t *testing.T) {
	tests := []struct {
		name   string
		opts   Options
		result event.Result
		want   string
	}{
		{"success", Options{}, event.Result{Subtype: event.SubtypeSuccess, Text: "Done."}, "Done.\n"},
		{"success ending in newline", Options{},
			event.Result{Subtype: event.SubtypeSuccess, Text: "a\nb\n"}, "a\nb\n"},
		{"empty success", Options{}, event.Result{Subtype: event.SubtypeSuccess}, "\n"},
		{"api error", Options{}, event.Result{Subtype: event.SubtypeSuccess, IsError: true,
			Text: "API Error: 401 invalid x-api-key"}, "API Error: 401 invalid x-api-key\n"},
		{"max turns", Options{MaxTurns: 3}, event.Result{Subtype: event.SubtypeMaxTurns,
			IsError: true, Errors: []string{"Reached maximum number of turns (3)"}},
			"Error: Reached max turns (3)\n"},
		{"max turns, limit unknown", Options{}, event.Result{Subtype: event.SubtypeMaxTurns,
			IsError: true, Errors: []string{"Reached maximum number of turns (3)"}},
			"Error: Reached maximum number of turns (3)\n"},
		{"budget", Options{MaxBudgetUSD: 0.25}, event.Result{Subtype: event.SubtypeMaxBudget,
			IsError: true}, "Error: Exceeded USD budget (0.25)\n"},
		{"execution error", Options{}, event.Result{Subtype: event.SubtypeDuringExecution,
			IsError: true, Errors: []string{"connection reset", "gave up"}},
			"Execution error: connection reset; gave up\n"},
		{"execution error, no detail", Options{},
			event.Result{Subtype: event.SubtypeDuringExecution, IsError: true}, "Execution error\n"},
		{"unknown error subtype", Options{},
			event.Result{Subtype: "error_max_structured_output_retries", IsError: true},
			"Error: error_max_structured_output_retries\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.opts.Format = FormatText
			got := render(t, tt.opts, evInit, evText, evToolResult, tt.result, evResult)
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestTextWriteError(t *testing.T) {
	w := NewText(&failWriter{}, Options{})
	w.Publish(evResult)
	if err := w.Close(); !errors.Is(err, io.ErrClosedPipe) {
		t.Errorf("Close = %v, want ErrClosedPipe", err)
	}
}

func TestFormats(t *testing.T) {
	for _, s := range []string{"text", "json", "stream-json"} {
		f, err := ParseFormat(s)
		if err != nil || string(f) != s {
			t.Errorf("ParseFormat(%q) = %q, %v", s, f, err)
		}
		if _, err := New(io.Discard, Options{Format: f}); err != nil {
			t.Errorf("New(%q): %v", s, err)
		}
	}
	if _, err := ParseFormat("yaml"); !errors.Is(err, ErrUnknownFormat) {
		t.Errorf("ParseFormat(yaml) = %v", err)
	}
	if _, err := New(io.Discard, Options{Format: "yaml"}); !errors.Is(err, ErrUnknownFormat) {
		t.Errorf("New(yaml) = %v", err)
	}
}

// The method values are event.Sinks.
var (
	_ event.Sink = (*TextWriter)(nil).Publish
	_ event.Sink = (*JSONWriter)(nil).Publish
	_ event.Sink = (*StreamWriter)(nil).Publish
	_ Renderer   = (*StreamWriter)(nil)
)
