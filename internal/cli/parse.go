package cli

import (
	"os"
	"strings"
)

// parse reads the command line into a checked invocation. It returns nil
// and no error when cobra handled the request itself (--help, --version).
func (c *CLI) parse(args []string) (*invocation, error) {
	var (
		f       flags
		ran     bool
		posArgs []string
	)
	root := newRoot(&f, func(a []string) { ran, posArgs = true, a })
	c.helpWithSubcommands(root)
	if args == nil {
		args = []string{} // cobra would read os.Args for nil
	}
	root.SetArgs(optionalValues(args))
	root.SetIn(c.Stdin)
	root.SetOut(c.Stdout)
	root.SetErr(c.Stderr)
	if err := root.Execute(); err != nil {
		return nil, flagError(err)
	}
	if !ran {
		return nil, nil
	}
	inv, err := validate(&f, posArgs, env{getenv: c.getenv, geteuid: c.geteuid, terminal: c.terminal})
	if err != nil {
		return nil, err
	}
	for _, w := range inv.warnings {
		c.warn(w)
	}
	return inv, nil
}

// flagError rewords pflag's unknown-flag errors as commander does
// ("error: unknown option '--foo'"); other flag errors keep their text.
func flagError(err error) error {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "unknown flag: "); ok {
		return usagef("error: unknown option '%s'", name)
	}
	if rest, ok := strings.CutPrefix(msg, "unknown shorthand flag: "); ok {
		name, _, _ := strings.Cut(rest, " ")
		return usagef("error: unknown option '-%s'", strings.Trim(name, "'"))
	}
	return usagef("Error: %s", msg)
}

func (c *CLI) warn(msg string) {
	if c.Stderr != nil {
		_, _ = c.Stderr.Write([]byte(msg + "\n"))
	}
}

func (c *CLI) getenv(key string) string {
	if c.Getenv != nil {
		return c.Getenv(key)
	}
	return os.Getenv(key)
}

func (c *CLI) geteuid() int {
	if c.Geteuid != nil {
		return c.Geteuid()
	}
	return os.Geteuid()
}

func (c *CLI) getwd() (string, error) {
	if c.Getwd != nil {
		return c.Getwd()
	}
	return os.Getwd()
}

// optionalValueFlags take a value only when one follows: bare, they mean
// something else (--resume alone lists sessions).
var optionalValueFlags = map[string]string{"-r": "--resume", "--resume": "--resume"}

// optionalValues gives optional-value flags the next argument as their
// value when it does not look like a flag, as Claude Code's parser does
// ("-r ID prompt"); pflag would otherwise only take "--resume=ID".
func optionalValues(args []string) []string {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(out, args[i:]...)
		}
		long, ok := optionalValueFlags[a]
		if ok && i+1 < len(args) && args[i+1] != "" && !strings.HasPrefix(args[i+1], "-") {
			out = append(out, long+"="+args[i+1])
			i++
			continue
		}
		out = append(out, a)
	}
	return out
}
