package app

import (
	"strings"
	"testing"
	"time"

	"corvid/internal/event"
	"corvid/internal/provider/providertest"
)

// fakeAPI returns an environment that points the Anthropic client at srv.
func fakeAPI(srv *providertest.Server) envMap {
	return envMap{"ANTHROPIC_BASE_URL": srv.URL, "ANTHROPIC_API_KEY": "x"}
}

func TestRun(t *testing.T) {
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("hi")}}}})
	var rec recorder
	opts := baseOptions(fakeAPI(srv))
	opts.Prompt, opts.Sink = "say hi", rec.sink

	res, err := Run(t.Context(), opts)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	evs := rec.all()
	published := onlyResult(t, evs)
	if published.Text != "hi" || published.IsError || published.Subtype != event.SubtypeSuccess {
		t.Errorf("result = %+v, want a success with text %q", published, "hi")
	}
	if res.Text != published.Text || res.Subtype != published.Subtype || res.SessionID != published.SessionID {
		t.Errorf("Run returned %+v, published %+v; want the same result", res, published)
	}
	if _, ok := evs[0].(event.Init); !ok {
		t.Errorf("first event is %T, want event.Init", evs[0])
	}

	reqs := srv.Requests()
	if len(reqs) != 1 {
		t.Fatalf("server saw %d requests, want 1", len(reqs))
	}
	if got := reqs[0].APIKey; got != "x" {
		t.Errorf("request API key = %q, want %q", got, "x")
	}
	// One user message: the opening reminders (here just the date: no
	// instruction files, no git repository), then the prompt.
	msgs := reqs[0].Messages
	if len(msgs) != 1 || len(msgs[0].Content) != 2 || msgs[0].Content[1].Text != "say hi" ||
		!strings.HasPrefix(msgs[0].Content[0].Text, "<system-reminder>\nToday's date is ") {
		t.Errorf("request messages = %+v, want the date reminder and the prompt %q", msgs, "say hi")
	}
}

func TestRunConfigurationError(t *testing.T) {
	var rec recorder
	opts := baseOptions(envMap{})
	opts.Sink = rec.sink
	if _, err := Run(t.Context(), opts); err == nil || !strings.Contains(err.Error(), "ANTHROPIC_API_KEY") {
		t.Fatalf("Run without credentials = %v, want an error naming ANTHROPIC_API_KEY", err)
	}
	if evs := rec.all(); len(evs) != 0 {
		t.Errorf("a run that could not start published %d events: %#v", len(evs), evs)
	}
}

func TestRunInterrupt(t *testing.T) {
	// A long text streamed slowly: the run is still streaming when the
	// interrupt arrives.
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{{
		Blocks:     []providertest.Block{providertest.Text(strings.Repeat("word ", 100))},
		ChunkDelay: 50 * time.Millisecond, ChunkSize: 4,
	}}})
	var rec recorder
	interrupt := make(chan struct{})
	opts := baseOptions(fakeAPI(srv))
	opts.Sink, opts.Interrupt = rec.sink, interrupt

	type ret struct {
		res event.Result
		err error
	}
	done := make(chan ret, 1)
	go func() {
		res, err := Run(t.Context(), opts)
		done <- ret{res, err}
	}()

	// Bounded poll: wait for the request to take its turn (an interrupt
	// while the server still reads the body would leave the turn unplayed).
	for i := 0; srv.Taken() == 0; i++ {
		if i == 500 {
			t.Fatal("no request reached the fake API within 5s")
		}
		time.Sleep(10 * time.Millisecond)
	}
	close(interrupt)

	var r ret
	select {
	case r = <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not end within 10s of the interrupt")
	}
	if r.err != nil {
		t.Fatalf("Run: %v", r.err)
	}
	res := onlyResult(t, rec.all())
	if res.Subtype != event.SubtypeDuringExecution || !res.IsError {
		t.Errorf("result subtype %q, is_error %v; want %q, true (result %+v)",
			res.Subtype, res.IsError, event.SubtypeDuringExecution, res)
	}
	if r.res.Subtype != res.Subtype {
		t.Errorf("Run returned subtype %q, published %q", r.res.Subtype, res.Subtype)
	}
}
