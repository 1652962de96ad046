package providertest

import (
	"errors"
	"fmt"
)

// Validate reports the first thing in the scenario the server cannot play.
func (sc Scenario) Validate() error {
	if err := sc.PromptCache.validate(); err != nil {
		return fmt.Errorf("providertest: scenario %q: %w", sc.Name, err)
	}
	for i, t := range sc.Turns {
		if err := t.validate(); err != nil {
			return fmt.Errorf("providertest: scenario %q turn %d: %w", sc.Name, i, err)
		}
	}
	return sc.validateRoutes()
}

func (sc Scenario) validateRoutes() error {
	seen := map[string]bool{}
	for i, r := range sc.Routes {
		if r.Marker == "" || seen[r.Marker] {
			return fmt.Errorf("providertest: scenario %q route %d: marker must be non-empty and unique", sc.Name, i)
		}
		seen[r.Marker] = true
		for j, t := range r.Turns {
			if err := t.validate(); err != nil {
				return fmt.Errorf("providertest: scenario %q route %q turn %d: %w", sc.Name, r.Marker, j, err)
			}
		}
	}
	return nil
}

func (t Turn) validate() error {
	switch {
	case t.Repeat < 0, t.ChunkSize < 0, t.ChunkDelay < 0, t.CutAfter < 0:
		return errors.New("repeat, chunk_size, chunk_delay_ms and cut_after must not be negative")
	case t.Status != 0 && t.Status != 200 && (t.Status < 400 || t.Status > 599):
		return fmt.Errorf("status %d: want 200 or an error status 400-599", t.Status)
	case t.ErrorEvent != "" && t.Malformed:
		return errors.New("error_event and malformed are exclusive")
	case t.failsHTTP() && (t.interrupts() || t.CutAfter > 0 || t.Stall != ""):
		return errors.New("an HTTP error turn cannot also cut, stall, malform or send an error event")
	case t.Stall != "" && t.Stall != StallHeaders && t.Stall != StallStream:
		return fmt.Errorf("stall %q: want %q or %q", t.Stall, StallHeaders, StallStream)
	case t.Stall != "" && t.interrupts():
		return errors.New("a stalled turn cannot also malform or send an error event")
	case t.StallFor < 0, t.StallFor > 0 && t.Stall == "":
		return errors.New("stall_ms needs a stall and must not be negative")
	}
	for j, b := range t.Blocks {
		if err := b.validate(); err != nil {
			return fmt.Errorf("block %d: %w", j, err)
		}
	}
	if n := len(buildEvents(t, streamMeta{})); t.CutAfter > n {
		return fmt.Errorf("cut_after %d exceeds the turn's %d events", t.CutAfter, n)
	}
	return nil
}

func (b Block) validate() error {
	switch b.Type {
	case "text", "thinking", "redacted_thinking":
		return nil
	case "tool_use":
		if b.Name == "" {
			return errors.New("tool_use needs a name")
		}
		return nil
	}
	return fmt.Errorf("unknown block type %q", b.Type)
}

// failsHTTP reports whether the turn is an HTTP error response.
func (t Turn) failsHTTP() bool { return t.Status >= 400 }

// interrupts reports whether the stream ends in an error event or a
// malformed record rather than a cut or a normal end.
func (t Turn) interrupts() bool { return t.ErrorEvent != "" || t.Malformed }

// repeats is how many requests the turn answers.
func (t Turn) repeats() int { return max(t.Repeat, 1) }
