package shell

import "strings"

// The command table, part 3: toolchains, interpreters of small
// programs, and wrappers that run another command.
var toolTable = map[string]entry{
	"git": {opts: `P C:r c: no-pager no-replace-objects literal-pathspecs no-optional-locks version no-advice
		glob-pathspecs noglob-pathspecs icase-pathspecs`,
		ordered: true, ro: true, check: gitCheck, paths: gitPaths},
	"go":  {opts: `*`, ro: true, check: goCheck},
	"awk": awkEntry, "gawk": awkEntry, "mawk": awkEntry, "nawk": awkEntry,
	"sed":   {opts: `*`, operands: FileRead, ro: true, check: sedCheck, paths: sedPaths},
	"tar":   {opts: `* f:w T:l X:r h! file=w files-from=l exclude-from=r dereference!`},
	"zip":   {opts: `* r! recurse-paths!`},
	"time":  {opts: `p`, ordered: true, runs: runsRest},
	"nohup": {opts: ``, ordered: true, runs: runsRest}, "builtin": {opts: ``, ordered: true, runs: runsRest},
	"noglob": {opts: ``, ordered: true, runs: runsRest},
	"nice":   {opts: `n: # adjustment=`, ordered: true, runs: runsRest},
	"timeout": {opts: `v s: k: preserve-status foreground verbose signal= kill-after=`, ordered: true,
		runs: runsAfterDuration},
	"stdbuf": {opts: `i: o: e: input= output= error=`, ordered: true, runs: runsRest},
	"env": {opts: `i 0 u: C:r ignore-environment null unset= chdir=r`, ordered: true, runs: runsAfterAssigns,
		ro: true, check: envCheck},
	"xargs": {opts: `0 r t x n: P: s: null no-run-if-empty verbose exit max-args= max-procs= max-chars=`,
		ordered: true, runs: runsRest},
}

// awkEntry: the program is the first operand; only -F and -v are
// understood (-f reads the program from a file, gawk's -i/-l load code).
var awkEntry = entry{opts: `F: v:`, operands: FileRead, skip: 1, ro: true, check: awkCheck}

// versionTools are the toolchains in the table only for a lone
// --version or --help, which only prints.
var versionTools = strings.Fields(`node npm npx yarn pnpm bun deno python python3 pip pip3 ruby gem cargo
	rustc rustup java javac mvn gradle gcc g++ cc clang make cmake ninja docker kubectl tsc php perl swift
	dotnet bash zsh sh`)

// versionCheck accepts `tool --version` and `tool --help`.
func versionCheck(c Command, _ *Args) string {
	if len(c.Args) == 1 && c.Args[0].Static() && !c.MoreArgs {
		switch c.Args[0].Text {
		case "--version", "-version", "-V", "--help", "-h":
			return ""
		}
	}
	return c.Name.Text + " runs a program (only --version and --help just print)"
}
