package bash

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestTimeoutStopsTheGroup(t *testing.T) {
	cases := []struct {
		name, command string
	}{
		{"children", "echo pgid=$(cut -d' ' -f5 /proc/$$/stat 2>/dev/null || ps -o pgid= -p $$ | tr -d ' '); sleep 100 & sleep 100 & echo started; wait"},
		{"ignores_term", "trap '' TERM; echo pgid=$(cut -d' ' -f5 /proc/$$/stat 2>/dev/null || ps -o pgid= -p $$ | tr -d ' '); sleep 100 & sleep 100 & echo started; wait"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, Options{KillGrace: 300 * time.Millisecond})
			r := f.run(map[string]any{"command": tc.command, "timeout": 1000})
			if !r.Result.IsError || !structured(t, r).Interrupted {
				t.Errorf("a timed-out call should be an interrupted error; got %+v", r.Result)
			}
			assertGroupGone(t, pgidFrom(t, r.Text()))
			lines := strings.Split(r.Text(), "\n")
			f.golden("timeout", lines[len(lines)-1])
		})
	}
}

func TestTimeoutClamp(t *testing.T) {
	o := Options{MaxTimeout: time.Second}.withDefaults()
	for _, tc := range []struct {
		ms   *float64
		want time.Duration
	}{
		{nil, time.Second}, // the default is lowered to the maximum
		{ptr(0), time.Second},
		{ptr(250), 250 * time.Millisecond},
		{ptr(0.1), time.Millisecond},
		{ptr(5000), time.Second},
		{ptr(1e300), time.Second},
	} {
		if got := (input{Timeout: tc.ms}).timeout(o); got != tc.want {
			t.Errorf("timeout(%v) = %v, want %v", tc.ms, got, tc.want)
		}
	}
}

func ptr(v float64) *float64 { return &v }

func TestCancellationStopsTheGroup(t *testing.T) {
	f := newFixture(t, Options{KillGrace: 300 * time.Millisecond})
	ready := f.fifo("ready")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pgid := make(chan int, 1)
	go func() {
		defer cancel()
		data, err := os.ReadFile(ready) // the command's process group id
		n, _ := strconv.Atoi(strings.TrimSpace(string(data)))
		if err != nil || n <= 0 {
			t.Errorf("reading the process group id: %q, %v", data, err)
		}
		pgid <- n
	}()
	r := f.runCtx(ctx, map[string]any{"command": "echo partial; sleep 100 & sleep 100 & (cut -d' ' -f5 /proc/$$/stat 2>/dev/null || ps -o pgid= -p $$) > ready; wait"})
	if !r.Result.IsError || !structured(t, r).Interrupted {
		t.Errorf("a cancelled call should be an interrupted error; got %+v", r.Result)
	}
	f.golden("cancelled", r.Text())
	if n := <-pgid; n > 0 {
		assertGroupGone(t, n)
	}
}

func TestWorkingDirectory(t *testing.T) {
	f := newFixture(t, Options{})
	f.write("sub/inner/x.txt", "x")
	outside := t.TempDir()
	if err := os.Symlink(outside, f.dir+"/link-out"); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, command, want string // want: the new WorkDir, "" for no change
		note                bool
	}{
		{"cd_inside", "cd sub", f.dir + "/sub", false},
		{"cd_deeper_then_fail", "cd sub/inner && exit 4", f.dir + "/sub/inner", false},
		{"cd_outside", "cd /", "", true},
		{"cd_symlink_outside", "cd link-out", "", true},
		{"no_cd", "ls > /dev/null", "", false},
		{"cd_in_subshell", "(cd sub)", "", false},
		{"cd_and_back", "cd sub && cd ..", "", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := f.cmd(tc.command)
			mod := r.Result.Modifier
			switch {
			case tc.want == "" && mod != nil:
				t.Errorf("unexpected directory change to %s", mod(f.env).WorkDir)
			case tc.want != "" && mod == nil:
				t.Errorf("no directory change, want %s", tc.want)
			case tc.want != "":
				if got := mod(f.env); got.WorkDir != tc.want || got.ProjectDir != f.dir {
					t.Errorf("env after = %+v, want WorkDir %s", got, tc.want)
				}
			}
			if has := strings.Contains(r.Text(), "Shell cwd was reset to "+f.dir); has != tc.note {
				t.Errorf("reset note present = %v, want %v; text %q", has, tc.note, r.Text())
			}
		})
	}
	f.golden("cwd_reset", f.cmd("cd / && echo moved").Text())
}

func TestNextCallStartsInNewDirectory(t *testing.T) {
	f := newFixture(t, Options{})
	f.write("sub/x.txt", "x")
	r := f.cmd("cd sub")
	f.env = r.Result.Modifier(f.env)
	if got := f.cmd("pwd").Text(); got != f.dir+"/sub" {
		t.Errorf("pwd after cd = %q", got)
	}
}
