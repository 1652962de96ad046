package main

import (
	"bytes"
	"errors"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"corvid/internal/provider/providertest"
)

// servers maps a running script to its fake API.
type servers struct {
	mu sync.Mutex
	m  map[*testscript.TestScript]*providertest.Server
}

func scriptCommands() map[string]func(*testscript.TestScript, bool, []string) {
	s := &servers{m: map[*testscript.TestScript]*providertest.Server{}}
	return map[string]func(*testscript.TestScript, bool, []string){
		"fakeapi":       s.fakeapi,
		"corvidexit":    s.corvidExit,
		"corvidsig":     s.corvidSignal,
		"corvidkill9":   s.corvidKill9,
		"corvidmany":    s.corvidMany,
		"corvidsigproc": s.corvidSignalProc,
		"noprocs":       noprocs,
		"sessions":      sessionsCmd,
		"subagents":     subagentsCmd,
		"corvidsigat":   s.corvidSignalAt,
		"tmpfs":         tmpfsCmd,
	}
}

// fakeapi start FILE    start the fake API with a scenario file ($WORK
//
//	expanded) and point
//
//	ANTHROPIC_BASE_URL at it
//
// fakeapi start builtin:NAME [loop]   the same with a built-in scenario,
//
//	looping when asked
//
// fakeapi check [N]     no invariant violations, every turn played, and N
//
//	requests when given
//
// fakeapi request I     print request I's body to stdout
//
// fakeapi prompts REGEX no user message holds two prompts matching REGEX
func (s *servers) fakeapi(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) == 0 {
		ts.Fatalf("usage: fakeapi start FILE | check [N] | request I")
	}
	switch args[0] {
	case "start":
		// $WORK in a scenario stands for the script's work directory, so
		// scripted tool calls can name absolute paths.
		sc := scriptScenario(ts, args[1:])
		srv := providertest.New(sc)
		ts.Defer(srv.Close)
		s.mu.Lock()
		s.m[ts] = srv
		s.mu.Unlock()
		ts.Setenv("ANTHROPIC_BASE_URL", srv.URL)
		ts.Setenv("ANTHROPIC_API_KEY", "test-key")
	case "check":
		s.check(ts, args[1:])
	case "prompts":
		s.onePromptPerMessage(ts, args[1])
	case "request":
		i, err := strconv.Atoi(args[1])
		ts.Check(err)
		reqs := s.server(ts).Requests()
		if i >= len(reqs) {
			ts.Fatalf("request %d: only %d arrived", i, len(reqs))
		}
		_, err = ts.Stdout().Write(reqs[i].Body)
		ts.Check(err)
	default:
		if !s.agentVerbs(ts, args) {
			ts.Fatalf("fakeapi: unknown verb %q", args[0])
		}
	}
}

// scriptScenario reads fakeapi start's scenario: a file, or
// builtin:NAME, optionally followed by "loop".
func scriptScenario(ts *testscript.TestScript, args []string) providertest.Scenario {
	if name, ok := strings.CutPrefix(args[0], "builtin:"); ok {
		sc, found := providertest.Builtin(name)
		if !found {
			ts.Fatalf("no builtin scenario %q", name)
		}
		sc.Loop = len(args) > 1 && args[1] == "loop"
		return sc
	}
	text := strings.ReplaceAll(ts.ReadFile(args[0]), "$WORK", ts.Getenv("WORK"))
	sc, err := providertest.Parse([]byte(text))
	ts.Check(err)
	return sc
}

func (s *servers) server(ts *testscript.TestScript) *providertest.Server {
	s.mu.Lock()
	defer s.mu.Unlock()
	srv := s.m[ts]
	if srv == nil {
		ts.Fatalf("fakeapi is not started")
	}
	return srv
}

func (s *servers) check(ts *testscript.TestScript, args []string) {
	srv := s.server(ts)
	for _, v := range srv.Violations() {
		ts.Fatalf("fake API invariant violated: %v", v)
	}
	if n := srv.Remaining(); n > 0 {
		ts.Fatalf("%d scripted responses were never requested", n)
	}
	if len(args) > 0 {
		want, err := strconv.Atoi(args[0])
		ts.Check(err)
		if got := len(srv.Requests()); got != want {
			ts.Fatalf("%d requests, want %d", got, want)
		}
	}
}

// corvidexit CODE ARGS...   run corvid and require exit status CODE;
// its output becomes the command's stdout and stderr.
func (s *servers) corvidExit(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 1 {
		ts.Fatalf("usage: corvidexit CODE args...")
	}
	cmd := s.command(ts, args[1:])
	s.finish(ts, cmd, cmd.Run(), args[0])
}

// corvidsig SIGNAL CODE ARGS...   start corvid, send SIGNAL once the fake
// API has received a request, and require exit status CODE.
func (s *servers) corvidSignal(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: corvidsig INT|TERM CODE args...")
	}
	sig := map[string]syscall.Signal{"INT": syscall.SIGINT, "TERM": syscall.SIGTERM}[args[0]]
	if sig == 0 {
		ts.Fatalf("unknown signal %q", args[0])
	}
	srv := s.server(ts)
	cmd := s.command(ts, args[2:])
	ts.Check(cmd.Start())
	deadline := time.Now().Add(10 * time.Second)
	for srv.Taken() == 0 && time.Now().Before(deadline) {
		time.Sleep(2 * time.Millisecond) // polling a condition, bounded
	}
	ts.Check(cmd.Process.Signal(sig))
	s.finish(ts, cmd, cmd.Wait(), args[1])
}

func (s *servers) command(ts *testscript.TestScript, args []string) *exec.Cmd {
	path, err := exec.LookPath("corvid")
	if err != nil {
		// testscript puts corvid on the script's PATH, not ours.
		path = lookIn(ts.Getenv("PATH"), "corvid")
	}
	cmd := exec.Command(path, args...)
	cmd.Dir = ts.Getenv("WORK")
	cmd.Env = scriptEnv(ts)
	cmd.Stdout, cmd.Stderr = &bytes.Buffer{}, &bytes.Buffer{}
	return cmd
}

func (s *servers) finish(ts *testscript.TestScript, cmd *exec.Cmd, err error, want string) {
	fmt.Fprint(ts.Stdout(), cmd.Stdout.(*bytes.Buffer).String())
	fmt.Fprint(ts.Stderr(), cmd.Stderr.(*bytes.Buffer).String())
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		ts.Fatalf("running corvid: %v", err)
	}
	if strconv.Itoa(code) != want {
		ts.Fatalf("corvid exited with %d, want %s", code, want)
	}
}

func lookIn(pathList, name string) string {
	for _, dir := range strings.Split(pathList, ":") {
		if p, err := exec.LookPath(dir + "/" + name); err == nil {
			return p
		}
	}
	return name
}

// scriptEnv is the script's environment, for commands run outside exec.
func scriptEnv(ts *testscript.TestScript) []string {
	var env []string
	for _, k := range []string{"PATH", "HOME", "WORK", "TMPDIR", "CORVID_CONFIG_DIR",
		"ANTHROPIC_BASE_URL", "ANTHROPIC_API_KEY", "GOCOVERDIR", "IS_SANDBOX"} {
		if v := ts.Getenv(k); v != "" {
			env = append(env, k+"="+v)
		}
	}
	return env
}
