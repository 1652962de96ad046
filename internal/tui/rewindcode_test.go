package tui

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"corvid/internal/checkpoint"
	"corvid/internal/event"
	"corvid/internal/permission"
)

// codeConv is a rewindConv whose turns changed files: prompt 2 and later
// changed three, prompt 3 none of its own.
type codeConv struct {
	*rewindConv
	cmu   sync.Mutex
	calls []string
}

func (c *codeConv) FileChanges(id int) ([]checkpoint.Change, error) {
	if id == 3 {
		return nil, nil
	}
	return []checkpoint.Change{
		{Path: "/work/proj/internal/parser.go", Added: 12, Removed: 3},
		{Path: "/work/proj/internal/parser_test.go", Added: 40, Created: true},
		{Path: "/work/proj/assets/big.bin", Added: 0, Removed: 0, Lost: "too large to keep a checkpoint of"},
	}, nil
}

func (c *codeConv) RestoreFiles(id int) (checkpoint.Report, error) {
	c.cmu.Lock()
	c.calls = append(c.calls, "restore")
	c.cmu.Unlock()
	return checkpoint.Report{Restored: []string{"/work/proj/internal/parser.go", "/work/proj/internal/parser_test.go"},
		Failed: []checkpoint.Failure{{Path: "/work/proj/assets/big.bin", Reason: "too large to keep a checkpoint of"}}}, nil
}

func (c *codeConv) Rewind(id int) (event.Prompt, error) {
	c.cmu.Lock()
	c.calls = append(c.calls, "rewind")
	c.cmu.Unlock()
	return c.rewindConv.Rewind(id)
}

func (c *codeConv) log() string {
	c.cmu.Lock()
	defer c.cmu.Unlock()
	return strings.Join(c.calls, ",")
}

func newCodeHarness(t *testing.T) (*harness, *codeConv) {
	cc := &codeConv{rewindConv: &rewindConv{prompts: []event.Prompt{
		{ID: 1, Text: "list the files", At: rewindNow.Add(-3 * time.Hour)},
		{ID: 2, Text: "fix the parser\nand its tests", At: rewindNow.Add(-25 * time.Minute)},
		{ID: 3, Text: "now write the docs", At: rewindNow.Add(-20 * time.Second)},
	}}}
	h := newHarness(t, 80, nil, func(o *Options) {
		o.now = func() time.Time { return rewindNow }
		open := o.Open
		o.Open = func(ctx context.Context, sink event.Sink, asker permission.Asker, resume string) (Backend, error) {
			b, err := open(ctx, sink, asker, resume)
			cc.fakeConv = b.(*fakeConv)
			return cc, err
		}
	})
	h.waitFor("the banner", func(p, _ string) bool { return strings.Contains(p, "corvid") })
	return h, cc
}

func restoreOpen(v string) bool { return strings.Contains(v, "Restore code and conversation") }

// When the turns after the chosen prompt changed files, the picker asks
// what to restore, listing the files with their +/- counts, the one that
// cannot be restored and saying Bash changes are not tracked; "Restore
// code and conversation" restores the files first, reports exactly which
// were restored and which not, then rewinds.
func TestRewindOffersRestoringCode(t *testing.T) {
	h, cc := newCodeHarness(t)
	h.typeLine("/rewind")
	h.waitFor("the picker", func(_, v string) bool { return pickerOpen(v) && strings.Contains(v, "not tracked") })
	h.key(tea.KeyDown, 0)
	h.key(tea.KeyEnter, 0)
	h.waitFor("the restore question", func(_, v string) bool { return restoreOpen(v) })
	golden.RequireEqual(t, []byte(h.currentView()))
	h.key(tea.KeyEnter, 0)
	h.waitFor("the report and the rewind", func(p, v string) bool {
		return !restoreOpen(v) && strings.Contains(p, "Restored 2 files: internal/parser.go, internal/parser_test.go") &&
			strings.Contains(p, "Could not restore assets/big.bin: too large") &&
			strings.Contains(p, "Rewound to before: fix the parser (code and conversation)")
	})
	if got := cc.log(); got != "restore,rewind" {
		t.Errorf("calls = %s, want the files restored, then the conversation rewound", got)
	}
}

// "Restore code" puts the files back and leaves the conversation;
// "Restore conversation" rewinds only; a prompt whose turns changed no
// file is rewound at once, without the question.
func TestRewindRestoreChoices(t *testing.T) {
	h, cc := newCodeHarness(t)
	h.typeLine("/rewind")
	h.waitFor("the picker", func(_, v string) bool { return pickerOpen(v) })
	h.key(tea.KeyDown, 0)
	h.key(tea.KeyEnter, 0)
	h.waitFor("the restore question", func(_, v string) bool { return restoreOpen(v) })
	h.tm.Type("3")
	h.waitFor("the files restored", func(p, v string) bool { return !restoreOpen(v) && strings.Contains(p, "Restored 2 files") })
	if got := cc.log(); got != "restore" {
		t.Fatalf("Restore code: calls = %s", got)
	}
	h.typeLine("/rewind")
	h.waitFor("the picker", func(_, v string) bool { return pickerOpen(v) })
	h.key(tea.KeyDown, 0)
	h.key(tea.KeyEnter, 0)
	h.waitFor("the restore question", func(_, v string) bool { return restoreOpen(v) })
	h.tm.Type("2")
	h.waitFor("the rewind", func(p, _ string) bool {
		return strings.Contains(p, "Rewound to before: fix the parser (conversation only; files unchanged)")
	})
	if got := cc.log(); got != "restore,rewind" {
		t.Fatalf("Restore conversation: calls = %s", got)
	}
	cc.mu.Lock()
	cc.prompts = append(cc.prompts, event.Prompt{ID: 3, Text: "now write the docs", At: rewindNow})
	cc.mu.Unlock()
	for range "fix the parser\nand its tests" {
		h.key(tea.KeyBackspace, 0)
	}
	h.typeLine("/rewind")
	h.waitFor("the picker", func(_, v string) bool { return pickerOpen(v) && strings.Contains(v, "now write the docs") })
	h.key(tea.KeyEnter, 0)
	h.waitFor("the rewind without a question", func(p, _ string) bool {
		return strings.Contains(p, "Rewound to before: now write the docs")
	})
	if got := cc.log(); got != "restore,rewind,rewind" {
		t.Fatalf("calls = %s", got)
	}
}
