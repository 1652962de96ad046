package todowrite

import (
	"slices"
	"sync"
)

// Status is a todo's state.
type Status string

// The three states a todo moves through.
const (
	StatusPending    Status = "pending"
	StatusInProgress Status = "in_progress"
	StatusCompleted  Status = "completed"
)

// valid reports whether s is one of the three known states.
func (s Status) valid() bool {
	return s == StatusPending || s == StatusInProgress || s == StatusCompleted
}

// Todo is one item of the checklist, in the shape the model sends it.
type Todo struct {
	// Content says what is to be done, in the imperative ("Run the tests").
	Content string `json:"content"`
	Status  Status `json:"status"`
	// ActiveForm says it while it happens ("Running the tests"); the UI
	// shows it for the in_progress item.
	ActiveForm string `json:"activeForm"`
}

// List is a conversation's checklist. The composition root creates one per
// conversation and hands it to New; compaction reads it back with Items to
// re-inject it. It is safe for concurrent use. The zero value is an empty
// list.
type List struct {
	mu    sync.Mutex
	items []Todo
}

// NewList returns an empty list.
func NewList() *List { return &List{} }

// Items returns a copy of the current todos (nil when there are none).
func (l *List) Items() []Todo {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.items)
}

// Replace makes items the whole list and returns the previous one. A list
// whose items are all completed is finished, so it is stored as empty: a
// later compaction has nothing stale to re-inject. items is copied.
func (l *List) Replace(items []Todo) (old []Todo) {
	next := slices.Clone(items)
	if allCompleted(next) {
		next = nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	old, l.items = l.items, next
	return old
}

// allCompleted reports whether items is non-empty and every item is done.
func allCompleted(items []Todo) bool {
	if len(items) == 0 {
		return false
	}
	for _, t := range items {
		if t.Status != StatusCompleted {
			return false
		}
	}
	return true
}
