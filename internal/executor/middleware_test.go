package executor

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"corvid/internal/permission"
	"corvid/internal/tool"
)

// scriptedHooks answers PreToolUse with a fixed decision and records
// what the post-call hooks saw.
type scriptedHooks struct {
	pre     HookDecision
	preIn   []HookInput
	post    []HookInput
	failure []HookInput
	failRes []string
}

func (h *scriptedHooks) PreToolUse(_ context.Context, in HookInput) HookDecision {
	h.preIn = append(h.preIn, in)
	return h.pre
}

func (h *scriptedHooks) PostToolUse(_ context.Context, in HookInput, _ *tool.Result) *tool.Result {
	h.post = append(h.post, in)
	return nil
}

func (h *scriptedHooks) PostToolUseFailure(_ context.Context, in HookInput, r *tool.Result) *tool.Result {
	h.failure = append(h.failure, in)
	h.failRes = append(h.failRes, r.TextOf())
	return nil
}

// runOne runs one Bash-like call through p and returns its result text.
func runOne(t *testing.T, p *Pipeline, b *bashLike, input string) string {
	t.Helper()
	reg, _ := tool.NewRegistry(b.tool())
	e := New(t.Context(), Config{Tools: reg, Pipeline: p})
	e.Add(call("1", "Bash", input))
	got := results(drain(e))
	e.Wait()
	if len(got) != 1 {
		t.Fatalf("results %v", got)
	}
	return got[0]
}

// The hook points are a middleware: PostToolUse sees a success,
// PostToolUseFailure (and not PostToolUse) a tool that ran and failed,
// and neither runs for a call the permission check refused.
func TestHookMiddlewareSuccessAndFailure(t *testing.T) {
	h := &scriptedHooks{}
	p := &Pipeline{Permission: denyCommand{}, Hooks: h}
	b := &bashLike{}
	runOne(t, p, b, `{"command":"ok"}`)
	runOne(t, p, b, `{"command":"boom","fail":true}`)
	runOne(t, p, b, `{"command":"denied"}`)
	if len(h.preIn) != 3 || len(h.post) != 1 || len(h.failure) != 1 {
		t.Fatalf("pre %d post %d failure %d; want 3, 1, 1", len(h.preIn), len(h.post), len(h.failure))
	}
	if commandOf(h.post[0].Input) != "ok" || commandOf(h.failure[0].Input) != "boom" ||
		h.failRes[0] != "exit status 1" || h.failure[0].ToolUseID != "1" || h.failure[0].Interrupted {
		t.Errorf("post %+v failure %+v (%q)", h.post, h.failure, h.failRes)
	}
}

// recChecker records what the permission checker is asked and allows.
type recChecker struct{ reqs []permission.Request }

func (c *recChecker) Check(_ context.Context, req permission.Request) permission.Decision {
	c.reqs = append(c.reqs, req)
	return permission.Decision{Behavior: tool.PermissionAllow}
}

// The hook's verdict and its replacement input go to the permission
// checker, which decides (an allow is weighed there, never final: the
// rule engine's side is tested in app's TestHookAllowDoesNotOverrideRules).
func TestHookVerdictAndInputReachChecker(t *testing.T) {
	h := &scriptedHooks{pre: HookDecision{Permission: tool.PermissionAllow, UpdatedInput: json.RawMessage(`{"command":"b"}`)}}
	c := &recChecker{}
	b := &bashLike{}
	runOne(t, &Pipeline{Permission: c, Hooks: h}, b, `{"command":"a"}`)
	if len(c.reqs) != 1 || c.reqs[0].Hook != tool.PermissionAllow || commandOf(c.reqs[0].Input) != "b" ||
		!slices.Equal(b.ran, []string{"b"}) {
		t.Fatalf("checker asked %+v, ran %v", c.reqs, b.ran)
	}
}

// A hook's deny wins over its siblings' allow and its reason reaches the
// model.
func TestHookDenyReason(t *testing.T) {
	h := &scriptedHooks{pre: HookDecision{Permission: tool.PermissionDeny, Reason: "no deploys on Friday"}}
	b := &bashLike{}
	got := runOne(t, &Pipeline{Permission: permission.AllowAll{}, Hooks: h}, b, `{"command":"deploy"}`)
	if len(b.ran) != 0 || !strings.Contains(got, "PreToolUse:Bash hook error: no deploys on Friday") {
		t.Fatalf("ran %v, result %q", b.ran, got)
	}
}

// Middleware wraps the chain in order and may answer without calling the
// rest: the pipeline is not a fixed sequence.
func TestMiddlewareOrderAndShortCircuit(t *testing.T) {
	var order []string
	mark := func(name string) Middleware {
		return func(next Handler) Handler {
			return func(ctx context.Context, s Step) Outcome {
				order = append(order, name+">")
				out := next(ctx, s)
				order = append(order, "<"+name)
				return out
			}
		}
	}
	refuse := func(next Handler) Handler {
		return func(ctx context.Context, s Step) Outcome {
			if commandOf(s.Call.Input) == "stop" {
				return Outcome{Result: tool.ErrorText("refused by middleware"), Origin: OriginHook}
			}
			return next(ctx, s)
		}
	}
	h := &scriptedHooks{}
	p := &Pipeline{Permission: permission.AllowAll{}, Hooks: h, Middleware: []Middleware{mark("a"), mark("b"), refuse}}
	b := &bashLike{}
	runOne(t, p, b, `{"command":"go"}`)
	if want := []string{"a>", "b>", "<b", "<a"}; !slices.Equal(order, want) {
		t.Errorf("order %v, want %v", order, want)
	}
	if got := runOne(t, p, b, `{"command":"stop"}`); !strings.Contains(got, "refused by middleware") ||
		!slices.Equal(b.ran, []string{"go"}) || len(h.preIn) != 1 {
		t.Errorf("result %q, ran %v, hooks saw %d calls", got, b.ran, len(h.preIn))
	}
}

// Hooks see file paths made absolute against the call's directory; the
// tool keeps its input.
func TestAbsolutePaths(t *testing.T) {
	cases := []struct{ in, want string }{
		{`{"file_path":"a/b.go","n":1}`, `{"file_path":"/w/a/b.go","n":1}`},
		{`{"file_path":"/abs"}`, `{"file_path":"/abs"}`},
		{`{"path":".","notebook_path":"n.ipynb"}`, `{"notebook_path":"/w/n.ipynb","path":"/w"}`},
		{`{"command":"ls"}`, `{"command":"ls"}`},
		{`not json`, `not json`},
	}
	for _, tc := range cases {
		if got := string(absolutePaths(json.RawMessage(tc.in), "/w")); got != tc.want {
			t.Errorf("absolutePaths(%s) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

// ctxHooks records whether the post-call hook's context was still live.
type ctxHooks struct {
	scriptedHooks
	live chan bool
}

func (h *ctxHooks) PostToolUseFailure(ctx context.Context, in HookInput, r *tool.Result) *tool.Result {
	h.live <- ctx.Err() == nil && in.Interrupted
	return nil
}

// A call a user interrupted still reaches PostToolUseFailure, told so,
// with a context that is not already over.
func TestInterruptedCallReachesFailureHook(t *testing.T) {
	h := newHarness(t)
	hooks := &ctxHooks{live: make(chan bool, 1)}
	turn, interrupt := context.WithCancelCause(t.Context())
	e := h.executor(turn, Config{Pipeline: &Pipeline{Permission: permission.AllowAll{}, Hooks: hooks}})
	e.Add(call("c", "Cancelable", ""))
	for len(h.startedIDs()) == 0 {
		time.Sleep(time.Millisecond)
	}
	interrupt(ErrInterrupted)
	drain(e)
	e.Wait()
	select {
	case live := <-hooks.live:
		if !live {
			t.Fatal("the failure hook ran with a dead context or without is_interrupt")
		}
	default:
		t.Fatal("PostToolUseFailure did not run for the interrupted call")
	}
}
