package todowrite

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"corvid/internal/tool"
	"corvid/internal/tool/tooltest"
)

func todo(content string, s Status) Todo {
	return Todo{Content: content, Status: s, ActiveForm: content + "-ing"}
}

func TestCallResults(t *testing.T) {
	tests := []struct {
		name    string
		input   any
		wantErr bool
	}{
		{"success", map[string]any{"todos": []Todo{todo("a", StatusInProgress), todo("b", StatusPending)}}, false},
		{"empty_list", map[string]any{"todos": []Todo{}}, false},
		{"two_in_progress", map[string]any{"todos": []Todo{todo("a", StatusInProgress), todo("b", StatusInProgress)}}, true},
		{"bad_status", json.RawMessage(`{"todos":[{"content":"a","status":"done","activeForm":"b"}]}`), true},
		{"empty_content", json.RawMessage(`{"todos":[{"content":"","status":"pending","activeForm":"b"}]}`), true},
		{"blank_content", json.RawMessage(`{"todos":[{"content":"  ","status":"pending","activeForm":"b"}]}`), true},
		{"blank_active_form", json.RawMessage(`{"todos":[{"content":"a","status":"pending","activeForm":" \n"}]}`), true},
		{"missing_active_form", json.RawMessage(`{"todos":[{"content":"a","status":"pending"}]}`), true},
		{"extra_field", json.RawMessage(`{"todos":[],"merge":true}`), true},
		{"missing_todos", json.RawMessage(`{}`), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			list := NewList()
			run := tooltest.Call(t, context.Background(), New(list), tooltest.Env(t.TempDir()), tt.input)
			if run.Result.IsError != tt.wantErr {
				t.Fatalf("IsError = %v, want %v: %s", run.Result.IsError, tt.wantErr, run.Text())
			}
			if tt.wantErr && list.Items() != nil {
				t.Errorf("a rejected call changed the list: %v", list.Items())
			}
			tooltest.Golden(t, tt.name, run.Text(), nil)
		})
	}
}

func TestReplaceKeepsHistory(t *testing.T) {
	list := NewList()
	tl := New(list)
	env := tooltest.Env(t.TempDir())
	first := []Todo{todo("a", StatusInProgress), todo("b", StatusPending)}
	second := []Todo{todo("a", StatusCompleted), todo("b", StatusInProgress)}
	steps := []struct {
		todos    []Todo
		wantOld  []Todo
		wantList []Todo
	}{
		{first, []Todo{}, first},
		{second, first, second},
		// A finished list is reported as sent but stored as empty.
		{[]Todo{todo("a", StatusCompleted), todo("b", StatusCompleted)}, second, nil},
		{[]Todo{todo("c", StatusPending)}, []Todo{}, []Todo{todo("c", StatusPending)}},
	}
	for i, st := range steps {
		run := tooltest.Call(t, context.Background(), tl, env, map[string]any{"todos": st.todos})
		if run.Result.IsError {
			t.Fatalf("step %d: %s", i, run.Text())
		}
		want := output{OldTodos: st.wantOld, NewTodos: st.todos}
		if diff := cmp.Diff(want, run.Result.Structured); diff != "" {
			t.Errorf("step %d structured (-want +got):\n%s", i, diff)
		}
		if diff := cmp.Diff(st.wantList, list.Items()); diff != "" {
			t.Errorf("step %d list (-want +got):\n%s", i, diff)
		}
	}
}

func TestStructuredJSON(t *testing.T) {
	run := tooltest.Call(t, context.Background(), New(NewList()), tooltest.Env(t.TempDir()),
		map[string]any{"todos": []Todo{todo("a", StatusPending)}})
	got, err := json.Marshal(run.Result.Structured)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"oldTodos":[],"newTodos":[{"content":"a","status":"pending","activeForm":"a-ing"}]}`
	if string(got) != want {
		t.Errorf("structured = %s, want %s", got, want)
	}
}

func TestItemsIsACopy(t *testing.T) {
	list := NewList()
	in := []Todo{todo("a", StatusPending)}
	list.Replace(in)
	in[0].Content = "changed by caller"
	items := list.Items()
	items[0].Content = "changed by reader"
	if got := list.Items()[0].Content; got != "a" {
		t.Errorf("list content = %q, want %q", got, "a")
	}
}

func TestCallRejectsBadInputDirectly(t *testing.T) {
	// Call validates on its own too, for callers that skip the pipeline.
	tests := []string{`not json`, `{"todos":[{"content":"a","status":"x","activeForm":"b"}]}`}
	for _, raw := range tests {
		res, err := New(NewList()).Call(context.Background(), tool.Call{Input: json.RawMessage(raw)})
		if err != nil || !res.IsError || !strings.HasPrefix(res.TextOf(), "<tool_use_error>") {
			t.Errorf("Call(%s) = %v, %v; want a tool_use_error result", raw, res.TextOf(), err)
		}
	}
}

func TestTooManyTodos(t *testing.T) {
	todos := make([]Todo, maxTodos+1)
	for i := range todos {
		todos[i] = todo(fmt.Sprint(i), StatusPending)
	}
	run := tooltest.Call(t, context.Background(), New(NewList()), tooltest.Env(t.TempDir()), map[string]any{"todos": todos})
	if !run.Result.IsError || !strings.Contains(run.Text(), "at most 500") {
		t.Errorf("got %v %q, want a size error", run.Result.IsError, run.Text())
	}
}

func TestProperties(t *testing.T) {
	tl := New(NewList())
	in := json.RawMessage(`{"todos":[]}`)
	if tl.Name() != "TodoWrite" || tl.IsReadOnly(in) || tl.IsConcurrencySafe(in) || tl.IsDestructive(in) {
		t.Errorf("name/read-only/concurrency/destructive wrong")
	}
	if got := tl.CheckPermissions(context.Background(), in).Behavior; got != tool.PermissionAllow {
		t.Errorf("CheckPermissions = %v, want allow", got)
	}
	if tl.InterruptBehavior() != tool.Block || strings.TrimSpace(tl.Description()) == "" {
		t.Errorf("interrupt behaviour or description wrong")
	}
	var s struct {
		Required             []string `json:"required"`
		AdditionalProperties bool     `json:"additionalProperties"`
	}
	if err := json.Unmarshal(tl.InputSchema(), &s); err != nil || len(s.Required) != 1 || s.AdditionalProperties {
		t.Errorf("schema = %+v, %v", s, err)
	}
}

func TestListConcurrentUse(t *testing.T) {
	list := NewList()
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			for j := range 100 {
				list.Replace([]Todo{todo(fmt.Sprint(i, j), StatusPending)})
				if n := len(list.Items()); n != 1 {
					t.Errorf("len(Items) = %d, want 1", n)
				}
			}
		})
	}
	wg.Wait()
}
