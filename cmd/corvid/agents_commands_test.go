package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"corvid/internal/provider/providertest"
)

// agentVerbs are the fakeapi verbs about routed (sub-agent) requests:
//
//	fakeapi route MARKER body|system|tools|model   print that part of
//	    the first request of MARKER's route
//	fakeapi overlap MARKER...   the first requests of these routes were
//	    all in flight at once (each arrived before any was answered)
func (s *servers) agentVerbs(ts *testscript.TestScript, args []string) bool {
	switch args[0] {
	case "route":
		if len(args) != 3 {
			ts.Fatalf("usage: fakeapi route MARKER body|system|tools|model")
		}
		r := s.firstOfRoute(ts, args[1])
		fmt.Fprint(ts.Stdout(), requestPart(ts, r, args[2]))
	case "overlap":
		s.overlap(ts, args[1:])
	default:
		return false
	}
	return true
}

func (s *servers) firstOfRoute(ts *testscript.TestScript, marker string) providertest.Request {
	for _, r := range s.server(ts).Requests() {
		if r.Route == marker {
			return r
		}
	}
	ts.Fatalf("no request of route %q arrived", marker)
	return providertest.Request{}
}

func requestPart(ts *testscript.TestScript, r providertest.Request, part string) string {
	switch part {
	case "body":
		return string(r.Body)
	case "model":
		return r.Model + "\n"
	case "system":
		var b strings.Builder
		for _, blk := range r.System {
			b.WriteString(blk.Text + "\n")
		}
		return b.String()
	case "tools":
		var names []string
		for _, t := range r.Tools {
			names = append(names, t.Name)
		}
		return strings.Join(names, ",") + "\n"
	}
	ts.Fatalf("fakeapi route: unknown part %q", part)
	return ""
}

// overlap checks that the routes' first requests were in flight together:
// the last of them arrived before the first of them got its first byte
// of answer. Sub-agents run one after another could not do that when
// each answer is held back (a stall).
func (s *servers) overlap(ts *testscript.TestScript, markers []string) {
	srv := s.server(ts)
	answered := map[int]time.Time{}
	for _, tl := range srv.Timeline() {
		if len(tl.Events) > 0 {
			answered[tl.Request] = tl.Events[0].At
		}
	}
	var lastArrival, firstAnswer time.Time
	for _, m := range markers {
		r := s.firstOfRoute(ts, m)
		at, ok := answered[r.Index]
		if !ok {
			ts.Fatalf("route %q: request %d was never answered", m, r.Index)
		}
		if r.Received.After(lastArrival) {
			lastArrival = r.Received
		}
		if firstAnswer.IsZero() || at.Before(firstAnswer) {
			firstAnswer = at
		}
	}
	if !lastArrival.Before(firstAnswer) {
		ts.Fatalf("routes %v did not overlap: the last arrived %v after the first answer began",
			markers, lastArrival.Sub(firstAnswer))
	}
}

// subagents N   require N sub-agent transcripts
// (<session dir>/subagents/agent-<id>.jsonl), each loading as a valid
// conversation whose every entry is a sidechain carrying its agent id.
func subagentsCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: subagents N")
	}
	paths, err := filepath.Glob(filepath.Join(ts.Getenv("CORVID_CONFIG_DIR"), "projects", "*", "*", "subagents", "agent-*.jsonl"))
	ts.Check(err)
	want, err := strconv.Atoi(args[0])
	ts.Check(err)
	if len(paths) != want {
		ts.Fatalf("%d sub-agent transcripts, want %d: %v", len(paths), want, paths)
	}
	for _, p := range paths {
		validTranscript(ts, p)
		id := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(p), "agent-"), ".jsonl")
		for line := range strings.Lines(ts.ReadFile(p)) {
			var e struct {
				IsSidechain bool   `json:"isSidechain"`
				AgentID     string `json:"agentId"`
				Type        string `json:"type"`
			}
			ts.Check(json.Unmarshal([]byte(line), &e))
			if e.Type != "cost-state" && (!e.IsSidechain || e.AgentID != id) {
				ts.Fatalf("%s: entry %q is not a sidechain of agent %s", p, line, id)
			}
		}
	}
}

// corvidsigat N SIGNAL CODE ARGS...   start corvid, send SIGNAL once the
// fake API has received N requests (say, the main one and each
// sub-agent's), and require exit status CODE.
func (s *servers) corvidSignalAt(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 3 {
		ts.Fatalf("usage: corvidsigat N INT|TERM CODE args...")
	}
	n, err := strconv.Atoi(args[0])
	ts.Check(err)
	sig := map[string]syscall.Signal{"INT": syscall.SIGINT, "TERM": syscall.SIGTERM}[args[1]]
	if sig == 0 {
		ts.Fatalf("unknown signal %q", args[1])
	}
	srv := s.server(ts)
	cmd := s.command(ts, args[3:])
	ts.Check(cmd.Start())
	deadline := time.Now().Add(20 * time.Second)
	for len(srv.Requests()) < n && time.Now().Before(deadline) {
		time.Sleep(2 * time.Millisecond) // polling a condition, bounded
	}
	if got := len(srv.Requests()); got < n {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		ts.Fatalf("only %d of %d requests arrived", got, n)
	}
	ts.Check(cmd.Process.Signal(sig))
	s.finish(ts, cmd, cmd.Wait(), args[2])
}
