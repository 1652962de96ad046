package app

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"corvid/internal/command"
	"corvid/internal/permission"
	"corvid/internal/tools/skill"
)

// Within a turn a definition loads once and at most maxLoads load in
// all (skills that load each other end); the next turn starts afresh and
// nothing queued for the last one is handed over.
func TestCommandsLoadBounds(t *testing.T) {
	var defs []*command.Command
	for i := range maxLoads + 1 {
		defs = append(defs, &command.Command{Name: fmt.Sprintf("s%02d", i), Body: "body\n"})
	}
	gate, _ := permission.New(permission.Config{WorkDirs: []string{t.TempDir()}})
	c := &commands{set: command.NewSet(defs...), gate: gate, warn: func(string, ...any) {}}
	ctx := context.Background()
	for _, d := range defs[:maxLoads] {
		if err := c.Load(ctx, d, ""); err != nil {
			t.Fatalf("%s: %v", d.Name, err)
		}
	}
	if err := c.Load(ctx, defs[0], ""); !errors.Is(err, skill.ErrLoaded) {
		t.Errorf("second load: %v", err)
	}
	if err := c.Load(ctx, defs[maxLoads], ""); !errors.Is(err, skill.ErrTooMany) {
		t.Errorf("load past the cap: %v", err)
	}
	if n := len(c.attachments()); n != maxLoads {
		t.Errorf("%d texts queued, want %d", n, maxLoads)
	}
	if err := c.Load(ctx, defs[1], ""); !errors.Is(err, skill.ErrLoaded) {
		t.Errorf("still the same turn: %v", err)
	}
	c.endTurn()
	if err := c.Load(ctx, defs[0], ""); err != nil {
		t.Errorf("next turn: %v", err)
	}
	c.endTurn()
	if n := len(c.attachments()); n != 0 {
		t.Errorf("%d texts left over from an ended turn", n)
	}
}
