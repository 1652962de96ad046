package executor

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/google/go-cmp/cmp"

	"corvid/internal/permission"
	"corvid/internal/tool"
)

func TestResultsYieldInArrivalOrder(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t)
		e := h.executor(t.Context(), Config{})
		e.Add(call("a", "Safe", ""))
		e.Add(call("b", "Safe", ""))
		synctest.Wait()
		if got := h.startedIDs(); len(got) != 2 {
			t.Fatalf("both safe calls should run together, started %v", got)
		}
		h.release("b")
		synctest.Wait()
		if got := results(e.Completed()); len(got) != 0 {
			t.Fatalf("b finished first but must wait for a; yielded %v", got)
		}
		h.release("a")
		synctest.Wait()
		want := []string{"a:done a", "b:done b"}
		if got := results(e.Completed()); !slices.Equal(got, want) {
			t.Fatalf("yielded %v, want %v", got, want)
		}
		e.Wait()
	})
}

func TestExclusiveCallStopsTheQueueScan(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t)
		e := h.executor(t.Context(), Config{})
		e.Add(call("s1", "Safe", ""))
		e.Add(call("s2", "Safe", ""))
		e.Add(call("x", "Excl", ""))
		e.Add(call("s3", "Safe", "")) // safe, but behind an exclusive call
		synctest.Wait()
		if got := h.startedIDs(); !slices.Equal(got, []string{"s1", "s2"}) && !slices.Equal(got, []string{"s2", "s1"}) {
			t.Fatalf("started %v; want only s1 and s2", got)
		}
		h.release("s1")
		synctest.Wait()
		if got := h.startedIDs(); len(got) != 2 {
			t.Fatalf("x must wait for every executing call; started %v", got)
		}
		h.release("s2")
		synctest.Wait()
		if got := h.startedIDs(); len(got) != 3 || got[2] != "x" {
			t.Fatalf("started %v; want x alone third", got)
		}
		h.release("x")
		synctest.Wait()
		if got := h.startedIDs(); len(got) != 4 || got[3] != "s3" {
			t.Fatalf("started %v; want s3 after x", got)
		}
		h.release("s3")
		want := []string{"s1:done s1", "s2:done s2", "x:done x", "s3:done s3"}
		if got := results(drain(e)); !slices.Equal(got, want) {
			t.Fatalf("yielded %v, want %v", got, want)
		}
		e.Wait()
	})
}

func TestExclusiveRunningBlocksLaterStartsAndYields(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t)
		e := h.executor(t.Context(), Config{})
		e.Add(call("x", "Excl", ""))
		e.Add(call("s", "Safe", ""))
		synctest.Wait()
		if got := h.startedIDs(); !slices.Equal(got, []string{"x"}) {
			t.Fatalf("started %v; a safe call must not run beside an exclusive one", got)
		}
		h.release("x")
		h.release("s")
		want := []string{"x:done x", "s:done s"}
		if got := results(drain(e)); !slices.Equal(got, want) {
			t.Fatalf("yielded %v, want %v", got, want)
		}
		e.Wait()
	})
}

func TestProgressIsForwardedBeforeCompletion(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		release := make(chan struct{})
		reg, _ := tool.NewRegistry(&tool.Func{ToolName: "P", Schema: []byte(`{"type":"object"}`),
			ConcurrencySafe: tool.Always(true),
			Run: func(ctx context.Context, c tool.Call) (*tool.Result, error) {
				c.Progress(tool.Progress{Message: "line 1"})
				<-release
				return tool.Text("end"), nil
			}})
		e := New(t.Context(), Config{Tools: reg})
		e.Add(call("p", "P", ""))
		synctest.Wait()
		ups := e.Completed()
		if len(ups) != 1 || ups[0].Progress == nil || ups[0].Progress.Message != "line 1" {
			t.Fatalf("want the progress update while running, got %+v", ups)
		}
		close(release)
		if got := results(drain(e)); !slices.Equal(got, []string{"p:end"}) {
			t.Fatalf("yielded %v", got)
		}
		e.Wait()
	})
}

func TestSiblingErrorCancelsSiblingsNotTheTurn(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t)
		ctx := t.Context()
		e := h.executor(ctx, Config{})
		e.Add(call("c", "Cancelable", ""))
		e.Add(call("b", "Bash", `{"command":"make test","fail":true}`))
		e.Add(call("later", "Safe", ""))
		synctest.Wait()
		if got := h.startedIDs(); !slices.Equal(got, []string{"c"}) {
			t.Fatalf("started %v; the exclusive Bash call waits for c", got)
		}
		h.release("c")
		synctest.Wait()
		h.release("b") // Bash fails
		got := results(drain(e))
		want := []string{
			"c:done c",
			"b:done b",
			"later:<tool_use_error>Cancelled: parallel tool call Bash(make test) errored</tool_use_error>",
		}
		if !slices.Equal(got, want) {
			t.Fatalf("yielded %v\nwant %v", got, want)
		}
		if ctx.Err() != nil {
			t.Fatal("a sibling error must not end the turn")
		}
		e.Wait()
	})
}

func TestSiblingErrorCancelsRunningSafeSiblings(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t)
		e := h.executor(t.Context(), Config{})
		// A read-only Bash call is concurrency-safe; make one that is.
		safeBash := &tool.Func{ToolName: "RBash", Schema: []byte(objSchema), ConcurrencySafe: tool.Always(true),
			SiblingAbort: true, Interrupt: tool.Cancel,
			Run: func(ctx context.Context, c tool.Call) (*tool.Result, error) { return h.run(ctx, c) }}
		reg, _ := tool.NewRegistry(append(h.reg.Tools(), safeBash)...)
		e.cfg.Tools = reg
		e.Add(call("slow", "Cancelable", ""))
		e.Add(call("grep", "RBash", `{"command":"grep -r x .","fail":true}`))
		synctest.Wait()
		h.release("grep")
		got := results(drain(e))
		want := []string{
			"slow:<tool_use_error>Cancelled: parallel tool call RBash(grep -r x .) errored</tool_use_error>",
			"grep:done grep",
		}
		if !slices.Equal(got, want) {
			t.Fatalf("yielded %v\nwant %v", got, want)
		}
		e.Wait()
	})
}

func TestInterruptCancelsOnlyCancelableCalls(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t)
		ctx, cancel := context.WithCancelCause(t.Context())
		e := h.executor(ctx, Config{})
		e.Add(call("c", "Cancelable", ""))
		e.Add(call("b", "Safe", "")) // Block behaviour
		synctest.Wait()
		if ids, interruptible := e.Running(); len(ids) != 2 || interruptible {
			t.Fatalf("running %v interruptible=%v; want 2 and false (b blocks)", ids, interruptible)
		}
		cancel(ErrInterrupted)
		synctest.Wait()
		if ids, _ := e.Running(); !slices.Equal(ids, []string{"b"}) {
			t.Fatalf("after interrupt running %v, want [b]", ids)
		}
		h.release("b")
		got := results(drain(e))
		want := []string{"c:" + interruptedText, "b:done b"}
		if !slices.Equal(got, want) {
			t.Fatalf("yielded %v\nwant %v", got, want)
		}
		e.Wait()
	})
}

func TestHardCancelStopsEveryCall(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t)
		ctx, cancel := context.WithCancelCause(t.Context())
		e := h.executor(ctx, Config{})
		e.Add(call("b", "Safe", "")) // Block, but the cause is not an interrupt
		e.Add(call("q", "Excl", ""))
		synctest.Wait()
		cancel(errors.New("SIGTERM"))
		got := results(drain(e))
		want := []string{"b:" + interruptedText, "q:" + interruptedText}
		if !slices.Equal(got, want) {
			t.Fatalf("yielded %v\nwant %v", got, want)
		}
		if started := h.startedIDs(); !slices.Equal(started, []string{"b"}) {
			t.Fatalf("started %v; q must not start after the turn ended", started)
		}
		e.Wait()
	})
}

func TestDiscardYieldsNothingMore(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t)
		e := h.executor(t.Context(), Config{})
		e.Add(call("c", "Cancelable", ""))
		e.Add(call("b", "Safe", ""))
		e.Add(call("x", "Excl", ""))
		synctest.Wait()
		e.Discard()
		synctest.Wait()
		if ids, _ := e.Running(); !slices.Equal(ids, []string{"b"}) {
			t.Fatalf("after discard running %v; the cancelable call stops, the blocking one finishes", ids)
		}
		if ups := e.Completed(); len(ups) != 0 {
			t.Fatalf("discarded executor yielded %v", ups)
		}
		if ups := drain(e); len(ups) != 0 {
			t.Fatalf("discarded executor yielded %v", ups)
		}
		h.release("b")
		e.Wait()
		if started := h.startedIDs(); slices.Contains(started, "x") {
			t.Fatal("a queued call started after discard")
		}
	})
}

func TestUnknownToolCompletesAtOnceInOrder(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t)
		e := h.executor(t.Context(), Config{})
		e.Add(call("a", "Safe", ""))
		e.Add(call("u", "Nope", ""))
		synctest.Wait()
		if got := results(e.Completed()); len(got) != 0 {
			t.Fatalf("the unknown tool's result must wait behind a, got %v", got)
		}
		h.release("a")
		want := []string{"a:done a", "u:<tool_use_error>Error: No such tool available: Nope</tool_use_error>"}
		if got := results(drain(e)); !slices.Equal(got, want) {
			t.Fatalf("yielded %v, want %v", got, want)
		}
		e.Wait()
	})
}

func TestConcurrencyCap(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t)
		e := h.executor(t.Context(), Config{MaxConcurrency: 3})
		ids := []string{"1", "2", "3", "4", "5", "6", "7"}
		for _, id := range ids {
			e.Add(call(id, "Safe", ""))
		}
		synctest.Wait()
		if n := len(h.startedIDs()); n != 3 {
			t.Fatalf("started %d calls, want the cap of 3", n)
		}
		for _, id := range ids {
			h.release(id)
		}
		if got := results(drain(e)); len(got) != len(ids) {
			t.Fatalf("yielded %d results, want %d", len(got), len(ids))
		}
		if h.peak != 3 {
			t.Fatalf("peak parallelism %d, want 3", h.peak)
		}
		e.Wait()
	})
}

func TestDefaultCapIsTen(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t)
		e := h.executor(t.Context(), Config{})
		for i := range 12 {
			e.Add(call(string(rune('a'+i)), "Safe", ""))
		}
		synctest.Wait()
		if n := len(h.startedIDs()); n != DefaultMaxConcurrency {
			t.Fatalf("started %d, want %d", n, DefaultMaxConcurrency)
		}
		for i := range 12 {
			h.release(string(rune('a' + i)))
		}
		drain(e)
		e.Wait()
	})
}

func TestInvalidInputRunsExclusivelyAndNamesTheField(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t)
		e := h.executor(t.Context(), Config{})
		e.Add(call("s", "Safe", ""))
		e.Add(call("bad", "Safe", `{"n":"seven"}`)) // schema failure: not concurrency-safe
		synctest.Wait()
		if got := h.startedIDs(); !slices.Equal(got, []string{"s"}) {
			t.Fatalf("started %v; an invalid call is treated as exclusive", got)
		}
		h.release("s")
		got := results(drain(e))
		if len(got) != 2 || !strings.Contains(got[1], "InputValidationError") || !strings.Contains(got[1], "/n: expected integer, got string") {
			t.Fatalf("want a validation error naming n, got %v", got)
		}
		e.Wait()
	})
}

func TestUnparseableStreamedInput(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t)
		e := h.executor(t.Context(), Config{})
		c := call("t", "Safe", "")
		c.InputErr = errors.New("unexpected end of JSON input")
		e.Add(c)
		got := results(drain(e))
		if len(got) != 1 || !strings.Contains(got[0], "could not be read: unexpected end of JSON input") {
			t.Fatalf("got %v", got)
		}
		if len(h.startedIDs()) != 0 {
			t.Fatal("the tool must not run on unreadable input")
		}
		e.Wait()
	})
}

func TestContextModifiersOnlyFromExclusiveCalls(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		mod := func(dir string) func(tool.Env) tool.Env {
			return func(e tool.Env) tool.Env { e.WorkDir = dir; return e }
		}
		var seen []string
		mk := func(name string, safe bool, dir string) tool.Tool {
			return &tool.Func{ToolName: name, Schema: []byte(`{"type":"object"}`), ConcurrencySafe: tool.Always(safe),
				Run: func(_ context.Context, c tool.Call) (*tool.Result, error) {
					seen = append(seen, name+"@"+c.Env.WorkDir)
					return &tool.Result{Content: tool.Text("ok").Content, Modifier: mod(dir)}, nil
				}}
		}
		reg, _ := tool.NewRegistry(mk("Cd", false, "/x"), mk("SafeCd", true, "/ignored"), mk("Look", false, "/y"))
		e := New(t.Context(), Config{Tools: reg, Env: tool.Env{WorkDir: "/start"}})
		e.Add(call("1", "SafeCd", ""))
		synctest.Wait()
		e.Add(call("2", "Cd", ""))
		synctest.Wait()
		e.Add(call("3", "Look", ""))
		drain(e)
		e.Wait()
		want := []string{"SafeCd@/start", "Cd@/start", "Look@/x"}
		if !slices.Equal(seen, want) {
			t.Fatalf("calls saw %v, want %v", seen, want)
		}
		if e.Env().WorkDir != "/y" {
			t.Fatalf("final env %q, want /y", e.Env().WorkDir)
		}
	})
}

func TestPanickingToolBecomesAnErrorResult(t *testing.T) {
	reg, _ := tool.NewRegistry(&tool.Func{ToolName: "Boom", Schema: []byte(`{"type":"object"}`),
		Run: func(context.Context, tool.Call) (*tool.Result, error) { panic("kaboom") }})
	var stack []byte
	e := New(t.Context(), Config{Tools: reg, Pipeline: &Pipeline{OnPanic: func(_ string, _ any, s []byte) { stack = s }}})
	e.Add(call("1", "Boom", ""))
	ups := drain(e)
	e.Wait()
	if len(ups) != 1 || !ups[0].Result.IsError || !strings.Contains(ups[0].Result.TextOf(), "kaboom") {
		t.Fatalf("got %+v", ups)
	}
	if len(stack) == 0 {
		t.Fatal("the panic's stack was not reported")
	}
}

func TestDenyByNameAndDenialsAreRecorded(t *testing.T) {
	h := newHarness(t)
	var denied []string
	p := &Pipeline{Permission: permission.Gate{Deny: []string{"Excl"}},
		OnDenial: func(tl tool.Tool, c tool.Call, _ permission.Decision) { denied = append(denied, c.ID) }}
	e := h.executor(t.Context(), Config{Pipeline: p})
	e.Add(call("x", "Excl", ""))
	ups := drain(e)
	e.Wait()
	if got := results(ups); len(got) != 1 || !strings.Contains(got[0], "Permission to use Excl has been denied") {
		t.Fatalf("got %v", got)
	}
	if !slices.Equal(denied, []string{"x"}) || len(h.startedIDs()) != 0 {
		t.Fatalf("denied %v started %v", denied, h.startedIDs())
	}
}

type fakeHooks struct {
	pre  HookDecision
	post func(*tool.Result) *tool.Result
	seen []string
}

func (f *fakeHooks) PreToolUse(_ context.Context, in HookInput) HookDecision {
	f.seen = append(f.seen, "pre:"+in.ToolName+":"+string(in.Input))
	return f.pre
}

func (f *fakeHooks) PostToolUse(_ context.Context, in HookInput, r *tool.Result) *tool.Result {
	f.seen = append(f.seen, "post:"+in.ToolName+":"+r.TextOf())
	if f.post != nil {
		return f.post(r)
	}
	return nil
}

func TestHookPoints(t *testing.T) {
	echo := &tool.Func{ToolName: "Echo", Schema: []byte(objSchema),
		Run: func(_ context.Context, c tool.Call) (*tool.Result, error) { return tool.Text(string(c.Input)), nil }}
	reg, _ := tool.NewRegistry(echo)
	cases := []struct {
		name  string
		hooks *fakeHooks
		want  string
		seen  []string
	}{
		{"pass", &fakeHooks{}, `{"n":1}`, []string{`pre:Echo:{"n":1}`, `post:Echo:{"n":1}`}},
		{"deny", &fakeHooks{pre: HookDecision{Permission: tool.PermissionDeny}}, "Denied by a PreToolUse hook.",
			[]string{`pre:Echo:{"n":1}`}},
		{"rewrite", &fakeHooks{pre: HookDecision{UpdatedInput: []byte(`{"n":2}`)}}, `{"n":2}`,
			[]string{`pre:Echo:{"n":1}`, `post:Echo:{"n":2}`}},
		{"bad rewrite", &fakeHooks{pre: HookDecision{UpdatedInput: []byte(`{"n":"x"}`)}}, "InputValidationError",
			[]string{`pre:Echo:{"n":1}`}},
		{"post replaces", &fakeHooks{post: func(*tool.Result) *tool.Result { return tool.Text("replaced") }}, "replaced",
			[]string{`pre:Echo:{"n":1}`, `post:Echo:{"n":1}`}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := &Pipeline{Permission: permission.Gate{}, Hooks: tc.hooks}
			e := New(t.Context(), Config{Tools: reg, Pipeline: p})
			e.Add(call("1", "Echo", `{"n":1}`))
			got := results(drain(e))
			e.Wait()
			if len(got) != 1 || !strings.Contains(got[0], tc.want) {
				t.Fatalf("got %v, want %q", got, tc.want)
			}
			if diff := cmp.Diff(tc.seen, tc.hooks.seen); diff != "" {
				t.Fatalf("hook calls (-want +got):\n%s", diff)
			}
		})
	}
}

func TestRejectedPromptEndsTheTurn(t *testing.T) {
	reg, _ := tool.NewRegistry(&tool.Func{ToolName: "W", Schema: []byte(`{"type":"object"}`),
		Run: func(context.Context, tool.Call) (*tool.Result, error) { return tool.Text("ran"), nil }})
	ctx, cancel := context.WithCancelCause(t.Context())
	p := &Pipeline{Permission: rejectAll{}}
	e := New(ctx, Config{Tools: reg, Pipeline: p, CancelTurn: cancel})
	e.Add(call("1", "W", ""))
	got := results(drain(e))
	e.Wait()
	if len(got) != 1 || !strings.Contains(got[0], "rejected") {
		t.Fatalf("got %v", got)
	}
	if ctx.Err() == nil {
		t.Fatal("a rejection with Interrupt must end the turn")
	}
}

type rejectAll struct{}

func (rejectAll) Check(context.Context, permission.Request) permission.Decision {
	return permission.Decision{Behavior: tool.PermissionDeny, Message: "The user rejected this call.", Interrupt: true}
}

func TestHardStopAfterInterruptCancelsBlockingCalls(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t)
		hard, kill := context.WithCancelCause(t.Context())
		turn, interrupt := context.WithCancelCause(hard)
		e := h.executor(turn, Config{Hard: hard})
		e.Add(call("b", "Safe", "")) // Block behaviour
		synctest.Wait()
		interrupt(ErrInterrupted)
		synctest.Wait()
		if ids, _ := e.Running(); !slices.Equal(ids, []string{"b"}) {
			t.Fatalf("after a soft interrupt running %v, want [b]", ids)
		}
		kill(errors.New("second Ctrl-C"))
		got := results(drain(e))
		if want := []string{"b:" + interruptedText}; !slices.Equal(got, want) {
			t.Fatalf("yielded %v, want %v", got, want)
		}
		e.Wait()
	})
}
