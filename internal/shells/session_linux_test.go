package shells

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// A command runs in a session of its own, without corvid's terminal:
// /dev/tty cannot be opened (Claude Code's Bash answers "No such device
// or address" too), so nothing the model runs draws over the
// interactive interface. Before, it shared corvid's session and wrote
// to the screen behind the interface's back (seen in tmux).
func TestCommandHasNoControllingTerminal(t *testing.T) {
	cmd := Command(t.Context(), FindShell(""), `cut -d' ' -f6 /proc/self/stat; (: </dev/tty) 2>/dev/null && echo tty-open || echo no-tty`,
		t.TempDir(), nil)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	fields := strings.Fields(string(out))
	if len(fields) != 2 {
		t.Fatalf("output %q", out)
	}
	stat, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		t.Fatal(err)
	}
	mine, _ := strconv.Atoi(strings.Fields(string(stat))[5]) // no spaces in the test binary's name
	if sid, _ := strconv.Atoi(fields[0]); sid == mine || sid == 0 {
		t.Errorf("the command shares corvid's session %d", mine)
	}
	if fields[1] != "no-tty" {
		t.Errorf("the command could open /dev/tty")
	}
}
