package permission_test

import (
	"context"
	"encoding/json"
	"errors"
	"path"
	"slices"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"

	"corvid/internal/permission"
	"corvid/internal/shell"
	"corvid/internal/shell/shelltest"
	"corvid/internal/tool"
)

// fuzzRules are the rules of the fuzz target. Nothing grants edits, so
// an allowed command may not write any file.
var fuzzRules = []string{
	"allow project Bash(echo *)", "allow project Bash(git status)", "allow project Bash(npm run test *)",
	"allow project Bash(make build)", "deny project Bash(rm *)", "ask project Bash(git push *)",
}

// oracleNames are the programs an allowed command may run: those the
// allow rules name, and the read-only programs. The list is written
// here on purpose, apart from the engine's tables.
var oracleNames = strings.Fields(`echo git npm make
	ls cat head tail wc stat du df tac nl file tree basename dirname realpath readlink pwd cd pushd popd
	grep egrep fgrep rg ag find fd fdfind sort uniq cut tr column paste fold rev jq yq diff cmp comm
	md5sum sha1sum sha224sum sha256sum sha384sum sha512sum b2sum cksum od hexdump strings xxd printf seq
	date uname whoami id hostname printenv env which type whereis command true false : sleep wait test [
	set shopt export readonly declare local typeset go read awk gawk mawk nawk base64 expand fmt ps free nproc uptime
	locale groups getconf expr pgrep man sed
	node npx yarn pnpm bun deno python python3 pip pip3 ruby gem cargo rustc rustup java javac mvn gradle
	gcc g++ cc clang cmake ninja docker kubectl tsc php perl swift dotnet bash zsh sh`)

// oracleWrappers run the command that follows them.
var oracleWrappers = strings.Fields("timeout time nice nohup stdbuf command builtin noglob xargs env")

// FuzzBashDecision checks the Bash analysis against an independent walk
// of the syntax tree: whenever the engine allows a command, every
// simple command in it must run an allowed program with a literal name,
// and no redirection may write a file. Where the differential jail can
// be built (bash, root), it also runs every command the engine allows or
// shell.ReadOnly accepts under real bash with recording stubs, and fails
// when bash ran a program the analysis did not see.
func FuzzBashDecision(f *testing.F) {
	for _, s := range []string{"ls -la", "echo $(rm -rf /)", "git status && npm run test", "r''m x",
		"eval ls", "bash -c 'ls'", "cat <(ls) > out", "x=1; echo $x", "timeout 5 rm x", "f() { rm x; }; f",
		"echo hi > /dev/null 2>&1", "find . -exec rm {} \\;", "cd / && ls", "NODE_ENV=1 npm run test",
		"echo `curl x`", "ls | xargs rm", "echo ${!x}", "cat <<EOF\n$(rm x)\nEOF", "$CMD", "'ls' -l",
		"echo x\r# ; rm x", "echo *(e:'rm x':)", "a= ''", "for f in *.go; do wc -l \"$f\"; done",
		"find . -name '*.go' | xargs wc -l", "git -C sub status", "awk '{print $1}' x", "cd src && cat ../x",
		"echo x > out", "git status 2>&1 | head"} {
		f.Add(s)
	}
	seeds, err := shelltest.Cases()
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range seeds {
		f.Add(s)
	}
	jail, err := shelltest.New(f.TempDir())
	if err != nil && !errors.Is(err, shelltest.ErrUnavailable) {
		f.Fatal(err)
	}
	w := newWorld(f)
	e, errs := permission.New(w.config(f, fuzzRules, permission.ModeDefault))
	if len(errs) > 0 {
		f.Fatal(errs)
	}
	f.Fuzz(func(t *testing.T, command string) {
		in, _ := json.Marshal(map[string]string{"command": command})
		var seen struct{ Command string } // what the engine sees: JSON replaces invalid UTF-8
		if err := json.Unmarshal(in, &seen); err != nil {
			t.Fatal(err)
		}
		command = seen.Command
		d := e.Explain("Bash", in)
		if d.Reason == "" {
			t.Fatalf("%q: empty reason", command)
		}
		allowed := d.Behavior == tool.PermissionAllow
		if jail != nil && (allowed || shell.ReadOnly(command)) {
			differential(t, jail, command, d.Reason)
		}
		if !allowed {
			return
		}
		file, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(command), "")
		if err != nil {
			t.Fatalf("%q was allowed but does not parse: %v", command, err)
		}
		if msg := oracle(file); msg != "" {
			t.Fatalf("%q was allowed (%s) but %s", command, d.Reason, msg)
		}
	})
}

// differential runs an approved command under bash in jail.
func differential(t *testing.T, jail *shelltest.Jail, command, reason string) {
	found, err := shelltest.Check(context.Background(), jail, shelltest.Case{Command: command, Approved: true})
	if err != nil {
		t.Fatal(err)
	}
	if found != nil {
		t.Fatalf("approved (%s), but %v", reason, found)
	}
}

// oracle walks the tree and returns a violation, or "".
func oracle(file *syntax.File) string {
	var msg string
	syntax.Walk(file, func(n syntax.Node) bool {
		if msg != "" {
			return false
		}
		switch n := n.(type) {
		case *syntax.CallExpr:
			msg = oracleCall(n)
		case *syntax.Redirect:
			msg = oracleRedirect(n)
		case *syntax.CoprocClause:
			msg = "it starts a coprocess"
		}
		return true
	})
	return msg
}

func oracleCall(c *syntax.CallExpr) string {
	var names []string
	for _, arg := range c.Args {
		s, ok := literal(arg)
		if !ok {
			break
		}
		names = append(names, s)
	}
	switch {
	case len(c.Args) == 0:
		return ""
	case len(names) == 0:
		return "a command name is not literal"
	case names[0] == "":
		// An empty word is a command (`a= ''`): bash looks it up and
		// fails with "command not found", running command_not_found_handle
		// if one is defined. The engine asks about it like every name
		// outside the table; this checker and shell.ReadOnly agree.
		return "it runs an empty command name"
	case names[0] == "command" && len(names) > 1 && strings.HasPrefix(names[1], "-") &&
		strings.ContainsAny(names[1], "vV"):
		return "" // a lookup
	case slices.Contains(oracleWrappers, names[0]):
		return oracleWrapped(names)
	case !slices.Contains(oracleNames, names[0]):
		return "it runs " + names[0]
	}
	return ""
}

// oracleWrapped accepts a wrapper that runs an allowed program, or
// that only has options and assignments (env alone prints). The program
// is the first word that is not an option, an option's value, an
// assignment (env) or a duration (timeout).
func oracleWrapped(names []string) string {
	w, duration := names[0], names[0] == "timeout"
	for i := 1; i < len(names); i++ {
		s := names[i]
		switch {
		case s == "--":
			if i+1 < len(names) {
				return oracleProgram(w, names[i+1:])
			}
			i = len(names)
		case strings.HasPrefix(s, "-") && s != "-":
			if takesValue(w, s) {
				i++ // the option's value, not a program (env -C DIR)
			}
		case w == "env" && (s == "-" || strings.Contains(s, "=")):
		case duration && startsDigit(s):
			duration = false // timeout's duration: the program follows
		default:
			return oracleProgram(w, names[i:])
		}
	}
	if slices.Contains(oracleNames, names[0]) {
		return ""
	}
	return "wrapper " + names[0] + " runs no allowed program"
}

// oracleProgram accepts the program a wrapper runs when it is allowed,
// or itself a wrapper of an allowed one.
func oracleProgram(wrapper string, names []string) string {
	switch {
	case slices.Contains(oracleWrappers, names[0]):
		return oracleWrapped(names)
	case slices.Contains(oracleNames, path.Base(names[0])):
		return ""
	}
	return "wrapper " + wrapper + " runs " + names[0]
}

func startsDigit(s string) bool { return s != "" && (s[0] == '.' || (s[0] >= '0' && s[0] <= '9')) }

// oracleValueOptions are, from the wrappers' manual pages (GNU coreutils
// 9.1, GNU time, findutils), the options whose value is the next word
// when it is not attached: short letters, and long names without "=".
var oracleValueOptions = map[string]struct{ short, long string }{
	"env":     {"uC", " unset chdir "},
	"timeout": {"ks", " kill-after signal "},
	"nice":    {"n", " adjustment "},
	"stdbuf":  {"ioe", " input output error "},
	"time":    {"fo", " format output "},
	"xargs":   {"aEILnPsd", " arg-file eof replace max-lines max-args max-procs max-chars delimiter "},
}

// takesValue reports whether the option word opt of wrapper takes the
// next word as its value: a long option without "=" in the list, or a
// cluster of short ones whose last letter takes one (-iC DIR).
func takesValue(wrapper, opt string) bool {
	v := oracleValueOptions[wrapper]
	if long, ok := strings.CutPrefix(opt, "--"); ok {
		return long != "" && !strings.Contains(long, "=") && strings.Contains(v.long, " "+long+" ")
	}
	for i := 1; i < len(opt); i++ {
		if strings.IndexByte(v.short, opt[i]) >= 0 {
			return i == len(opt)-1 // a value attached to the letter is in this word
		}
	}
	return false
}

// oracleRedirect refuses writes to anything but /dev/null, the standard
// streams and descriptors.
func oracleRedirect(r *syntax.Redirect) string {
	switch r.Op {
	case syntax.RdrOut, syntax.AppOut, syntax.RdrAll, syntax.AppAll, syntax.RdrClob, syntax.RdrInOut,
		syntax.DplOut:
	default:
		return ""
	}
	s, ok := literal(r.Word)
	switch {
	case !ok:
		return "a redirection target is not literal"
	case r.Op == syntax.DplOut && (strings.Trim(strings.TrimSuffix(s, "-"), "0123456789") == ""):
		return ""
	case s == "/dev/null" || s == "/dev/stdout" || s == "/dev/stderr" || strings.HasPrefix(s, "/dev/fd/"):
		return ""
	}
	return "it writes to " + s
}

// literal returns a word's value when it has no expansion: plain text,
// single quotes, double quotes holding text only.
func literal(w *syntax.Word) (string, bool) {
	if w == nil {
		return "", false
	}
	var b strings.Builder
	for _, part := range w.Parts {
		switch p := part.(type) {
		case *syntax.Lit:
			b.WriteString(strings.ReplaceAll(p.Value, `\`, ""))
		case *syntax.SglQuoted:
			if p.Dollar {
				return "", false
			}
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				lit, ok := q.(*syntax.Lit)
				if !ok {
					return "", false
				}
				b.WriteString(lit.Value)
			}
		default:
			return "", false
		}
	}
	return b.String(), true
}

// The oracle's wrapper model against what the wrappers really run
// (checked by hand with recording stubs: GNU env 9.1 refuses -C with no
// program, and runs nothing).
func TestOracleWrapped(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		runs bool // the oracle must flag it
	}{
		{"env -C 0", false}, {"env -C /tmp ls", false}, {"env -u ls rm x", true}, {"env -iC /tmp rm", true},
		{"env --chdir /tmp rm", true}, {"env --chdir=/tmp ls", false}, {"env A=1 ls", false}, {"env A=1 rm", true},
		{"timeout 5 ls", false}, {"timeout -s KILL 5 rm x", true}, {"timeout -k 1 5 ls", false},
		{"nice -n 5 ls", false}, {"nice -n ls rm", true}, {"env nice ls", false}, {"env nice rm", true},
		{"xargs -I {} rm {}", true}, {"xargs -n 1 ls", false}, {"env -- rm", true},
	} {
		f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(tc.cmd), "")
		if err != nil {
			t.Fatal(err)
		}
		if msg := oracle(f); (msg != "") != tc.runs {
			t.Errorf("%q: oracle says %q, want flagged=%v", tc.cmd, msg, tc.runs)
		}
	}
}
