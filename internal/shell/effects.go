package shell

import (
	"slices"
	"strings"
)

// SideEffect returns why a command that may look like a query reaches
// the network, changes the system or reads configuration outside the
// working directories, or "". Such a command is not read-only; the
// reason is shown when it is asked about.
func (c Command) SideEffect() string {
	if !c.Name.Static() {
		return ""
	}
	switch c.Name.Text {
	case "git":
		return gitEffect(texts(c.Args))
	case "date":
		return dateEffect(c)
	case "hostname", "domainname", "hwclock", "timedatectl":
		if c.Name.Text == "hostname" && hostnameQuery(texts(c.Args)) {
			return ""
		}
		return c.Name.Text + " with these arguments can change the system's name or clock"
	}
	return ""
}

// gitNetwork are the git subcommands that talk to another repository.
var gitNetwork = []string{"fetch", "pull", "push", "ls-remote", "clone", "fetch-pack", "send-pack",
	"archive", "request-pull", "submodule", "remote-http", "remote-https", "http-fetch", "http-push"}

// gitEffect names the git forms that reach the network or read
// configuration outside the repository.
func gitEffect(args []string) string {
	i := slices.IndexFunc(args, func(a string) bool { return !strings.HasPrefix(a, "-") })
	if i < 0 {
		return ""
	}
	sub, rest := args[i], args[i+1:]
	switch {
	case slices.Contains(gitNetwork, sub):
		return "git " + sub + " reaches the network"
	case sub == "remote" && remoteNetwork(rest):
		return "git remote " + strings.Join(rest, " ") + " queries the remote over the network (only -n stays local)"
	case sub == "config":
		for _, a := range rest {
			name, _, _ := strings.Cut(a, "=")
			if slices.Contains([]string{"--global", "--system", "--includes"}, name) {
				return "git config " + a + " reads configuration outside the working directories"
			}
		}
		if !configScoped(rest) && !slices.ContainsFunc(rest, func(a string) bool {
			return slices.Contains(configWrite, a) || strings.HasPrefix(a, "--unset") || strings.HasPrefix(a, "--replace")
		}) {
			return "git config without --local or --file reads ~/.gitconfig and /etc/gitconfig, outside the working directories"
		}
	}
	return ""
}

// remoteNetwork reports whether `git remote …` contacts a remote: show
// without -n (a URL there is an exfiltration channel), update, prune
// without --dry-run… anything but listing and get-url.
func remoteNetwork(rest []string) bool {
	ops := slices.DeleteFunc(slices.Clone(rest), func(a string) bool { return a == "-v" || a == "--verbose" })
	if len(ops) == 0 {
		return false
	}
	switch ops[0] {
	case "get-url":
		return false
	case "show":
		return len(ops) > 1 && !slices.Contains(ops, "-n") // no name lists the remotes

	}
	return ops[0] != "add" && ops[0] != "rename" && ops[0] != "remove" && ops[0] != "rm" &&
		ops[0] != "set-url" && ops[0] != "set-head" && ops[0] != "set-branches"
}

// dateEffect accepts date that only prints, as its table entry reads
// it: known options and a +FORMAT operand. Any other operand sets the
// clock; -s sets it too, and -f and -r read files.
func dateEffect(c Command) string {
	a := lookupSpec("date").Parse(c.Args)
	if a.Unknown != "" {
		return "date option " + a.Unknown + " is not in the command table"
	}
	for _, o := range a.Opts {
		switch o.Name {
		case "-s", "--set", "-f", "--file", "-r", "--reference":
			return "date option " + o.Name + "=" + o.Value.Text + " is not known to only print (-s sets the clock, -f and -r read files)"
		}
	}
	for _, o := range a.Operands {
		if !o.Static() || !strings.HasPrefix(o.Text, "+") {
			return "date " + o.Text + " sets the system clock"
		}
	}
	return ""
}

// hostnameQuery reports whether hostname only prints: query options,
// no new name and no file.
func hostnameQuery(args []string) bool {
	for _, a := range args {
		switch {
		case strings.HasPrefix(a, "--"):
			if !slices.Contains([]string{"--alias", "--domain", "--fqdn", "--long", "--ip-address", "--all-ip-addresses",
				"--all-fqdns", "--short", "--yp", "--nis", "--version", "--help"}, a) {
				return false
			}
		case len(a) > 1 && a[0] == '-':
			if strings.Trim(a[1:], "adfiIsAyVhn") != "" {
				return false
			}
		default:
			return false
		}
	}
	return true
}
