package shell

import "strings"

// runsOther are the table's commands that run a command given among
// their arguments in a way the analysis does not strip (privilege,
// namespace and scheduling tools): deny and ask rules also look at every
// tail of their arguments.
var runsOther = []string{"sudo", "doas", "exec", "setsid", "flock", "watch", "nsenter", "chroot", "unshare",
	"su", "runuser", "pkexec", "strace", "ltrace", "ionice", "taskset", "chrt", "systemd-run", "firejail",
	"caffeinate"}

// RunsCommand reports whether the named program runs another command
// given among its arguments (a wrapper the analysis strips, or one of
// runsOther).
func RunsCommand(name string) bool {
	s := lookupSpec(name)
	return s != nil && s.runs != runsNothing
}

// Execs returns the commands find runs with -exec, -execdir, -ok
// and -okdir, as simple commands of their own.
func (cmd Command) Execs() []Command {
	if cmd.Name.Text != "find" {
		return nil
	}
	var out []Command
	args := cmd.Args
	for i := 0; i < len(args); i++ {
		switch args[i].Text {
		case "-exec", "-execdir", "-ok", "-okdir":
		default:
			continue
		}
		j := i + 1
		for j < len(args) && args[j].Text != ";" && args[j].Text != "+" {
			j++
		}
		if j > i+1 {
			ws := args[i+1 : j]
			out = append(out, Command{Name: ws[0], Args: ws[1:], Raw: ws, Source: strings.Join(texts(ws), " ")})
		}
		i = j
	}
	return out
}
