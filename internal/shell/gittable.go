package shell

import (
	"slices"
	"strings"
)

// The command table for git's read-only subcommands: each lists the
// options it accepts in the notation of entry, so an option missing
// here (--output, --ext-diff, --textconv, --open-files-in-pager,
// --show-signature, --help…) makes the call not read-only. A check
// decides the forms an option list cannot express (branch and tag
// create refs when given names outside list mode).

// gitDiffOpts are the options that shape a diff or patch (diff, log,
// show and their kin): none writes a file or runs a program.
const gitDiffOpts = `p u s U: z W X? B? M? C? D l: S: G: O:r R a b w I: stat? numstat shortstat dirstat?
	cumulative dirstat-by-file? summary patch-with-stat patch-with-raw name-only name-status raw patch no-patch
	unified= color? no-color color-moved? no-color-moved color-moved-ws= no-color-moved-ws word-diff?
	word-diff-regex= color-words? no-renames rename-empty no-rename-empty check ws-error-highlight= full-index
	binary abbrev? break-rewrites? find-renames? find-copies? find-copies-harder irreversible-delete
	diff-filter= find-object= pickaxe-all pickaxe-regex relative? no-relative text ignore-cr-at-eol
	ignore-space-at-eol ignore-space-change ignore-all-space ignore-blank-lines ignore-matching-lines=
	inter-hunk-context= function-context exit-code quiet ignore-submodules? src-prefix= dst-prefix= no-prefix
	default-prefix line-prefix= ita-invisible-in-index ita-visible-in-index minimal patience histogram anchored=
	diff-algorithm= indent-heuristic no-indent-heuristic compact-summary stat-width= stat-name-width=
	stat-graph-width= stat-count= no-ext-diff no-textconv no-stat`

// gitRevOpts choose and format commits (log, show, rev-list, shortlog…);
// gitLogOpts adds -n NUM, which shortlog spells otherwise.
const gitRevOpts = `# i E F P g c m t L: oneline max-count= skip= since= after= until= before= author= committer=
	grep= all-match invert-grep regexp-ignore-case basic-regexp extended-regexp fixed-strings perl-regexp merges
	no-merges min-parents= max-parents= no-min-parents no-max-parents first-parent exclude-first-parent-only not
	all branches? tags? remotes? glob= exclude= reflog walk-reflogs alternate-refs single-worktree
	ignore-missing cherry-mark cherry-pick left-only right-only cherry left-right boundary
	simplify-by-decoration full-history dense sparse simplify-merges ancestry-path? show-pulls topo-order
	date-order author-date-order reverse no-walk? do-walk pretty? format= abbrev-commit no-abbrev-commit
	encoding= expand-tabs? no-expand-tabs notes? no-notes show-notes? relative-date date= parents children
	graph show-linear-break? decorate? no-decorate decorate-refs= decorate-refs-exclude= clear-decorations
	source use-mailmap no-use-mailmap mailmap no-mailmap full-diff log-size follow cc dd diff-merges=
	no-diff-merges combined-all-paths remerge-diff`

const gitLogOpts = `n: ` + gitRevOpts

// gitLog is the entry of the subcommands that take log and diff options.
var gitLog = entry{opts: gitLogOpts + " " + gitDiffOpts, check: gitFormatCheck}

var gitSubTable = map[string]entry{
	"log": gitLog, "show": gitLog, "whatchanged": gitLog, "diff": {opts: gitDiffOpts + ` cached staged
		merge-base no-index 1 2 3 base ours theirs 0`},
	"rev-list":   {opts: gitLogOpts + ` count objects objects-edge unpacked object-names no-object-names header timestamp disk-usage? quiet`, check: gitFormatCheck},
	"shortlog":   {opts: gitRevOpts + ` n numbered s summary e email committer w? group=`, check: gitFormatCheck},
	"range-diff": {opts: gitLogOpts + " " + gitDiffOpts + ` creation-factor= no-dual-color`, check: gitFormatCheck},
	"status": {opts: `s short b branch porcelain? long v verbose u? untracked-files? ignore-submodules? ignored? z
		column? no-column ahead-behind no-ahead-behind renames no-renames find-renames? show-stash`},
	"blame": {opts: `b root show-stats f show-name n show-number p porcelain line-porcelain incremental c l t
		S:r reverse= first-parent e show-email w M? C? L: s abbrev? date= progress no-progress encoding=
		contents=r ignore-rev= ignore-revs-file=r color-lines color-by-age minimal since= no-textconv`},
	"ls-files": {opts: `c cached d deleted m modified o others i ignored s stage k killed u unmerged z t v f
		x: X:r exclude= exclude-from=r exclude-per-directory= exclude-standard error-unmatch with-tree= full-name
		abbrev? debug eol deduplicate directory no-empty-directory format= sparse resolve-undo`},
	"ls-tree": {opts: `d r t l long z name-only name-status object-only full-name full-tree abbrev? format=`},
	"rev-parse": {opts: `sq-quote keep-dashdash stop-at-non-option stuck-long revs-only no-revs flags no-flags
		default= prefix= verify q quiet sq short? not symbolic symbolic-full-name abbrev-ref? all branches? tags?
		remotes? glob= exclude= disambiguate= local-env-vars path-format= git-dir git-common-dir
		git-path= show-toplevel show-superproject-working-tree shared-index-path absolute-git-dir
		is-inside-git-dir is-inside-work-tree is-bare-repository is-shallow-repository show-cdup show-prefix
		show-object-format? show-ref-format since= after= until= before= end-of-options`},
	"describe": {opts: `all tags contains abbrev= candidates= exact-match debug long match= exclude= always
		first-parent dirty? broken?`},
	"cat-file": {opts: `t s e p batch? batch-check? batch-all-objects buffer unordered follow-symlinks
		allow-unknown-type mailmap use-mailmap no-mailmap no-use-mailmap z Z`},
	"merge-base":    {opts: `a all octopus independent is-ancestor fork-point`},
	"show-ref":      {opts: `head dereference d verify hash? s abbrev? q quiet tags heads branches exists`},
	"for-each-ref":  {opts: `count= shell s perl p python tcl sort= format= color? points-at= merged= no-merged= contains= no-contains= ignore-case omit-empty exclude=`},
	"count-objects": {opts: `v verbose H human-readable`},
	"name-rev":      {opts: `tags refs= exclude= all name-only undefined no-undefined always`},
	"version":       {opts: `build-options`},
	"grep": {opts: `# cached no-index untracked no-exclude-standard exclude-standard a text I i
		ignore-case w word-regexp v invert-match h H full-name E extended-regexp G basic-regexp P perl-regexp F
		fixed-strings n line-number column l files-with-matches name-only L files-without-match z null o
		only-matching c count color? no-color break heading p show-function C: context= A: after-context= B:
		before-context= W function-context m: max-count= max-depth= threads= f:r e: and or not all-match q quiet r
		recursive no-recursive no-textconv`},
	"branch": {opts: `a all r remotes v vv verbose i ignore-case show-current color? no-color column? no-column
		abbrev? no-abbrev omit-empty l list contains= no-contains= merged= no-merged= points-at= sort= format= q
		quiet`, check: gitListCheck},
	"tag": {opts: `l list n? i ignore-case color? no-color column? no-column omit-empty contains= no-contains=
		merged= no-merged= points-at= sort= format=`, check: gitListCheck},
	"remote":   {opts: `v verbose n push all`, check: gitRemoteCheck},
	"config":   {opts: `*`, check: func(c Command, a *Args) string { return gitWordsCheck(c, a, gitConfig) }},
	"reflog":   {opts: gitLogOpts + " " + gitDiffOpts, check: gitReflogCheck},
	"stash":    {opts: gitLogOpts + " " + gitDiffOpts + ` u include-untracked only-untracked`, check: gitStashCheck},
	"worktree": {opts: `porcelain v verbose z expire=`, check: gitWorktreeCheck},
}

// gitSubCheck judges a git subcommand and its arguments with its entry
// in gitSubTable; it returns why the call is not read-only, or "".
func gitSubCheck(words []Word) string {
	sub := words[0].Text
	s := gitSubSpec(sub)
	if s == nil {
		return "git " + sub + " is not a read-only git subcommand in the command table"
	}
	a := s.Parse(words[1:])
	if a.Unknown != "" {
		return "git " + sub + " option " + a.Unknown + " is not in the command table"
	}
	if s.check != nil {
		return s.check(Command{Name: words[0], Args: words[1:]}, &a)
	}
	return ""
}

// gitFormatCheck refuses a format that verifies signatures (%G…): git
// runs gpg for it.
func gitFormatCheck(c Command, a *Args) string {
	for _, o := range a.Opts {
		if (o.Name == "--format" || o.Name == "--pretty") && strings.Contains(o.Value.Text, "%G") {
			return "git " + c.Name.Text + " " + o.Name + " with %G runs gpg to verify signatures"
		}
	}
	return ""
}

// gitListCheck accepts git branch and tag that list: names are patterns
// only with -l/--list; otherwise they create refs.
func gitListCheck(c Command, a *Args) string {
	if len(a.Operands) > 0 && !a.Has("-l", "--list") {
		return "git " + c.Name.Text + " " + a.Operands[0].Text + " creates a ref (only listing is read-only)"
	}
	return ""
}

// gitRemoteCheck accepts listing remotes, show and get-url (show's
// network form is judged by gitEffect).
func gitRemoteCheck(c Command, a *Args) string {
	if len(a.Operands) == 0 || slices.Contains([]string{"show", "get-url"}, a.Operands[0].Text) {
		return ""
	}
	return "git remote " + a.Operands[0].Text + " changes or queries remotes"
}

func gitReflogCheck(c Command, a *Args) string {
	if len(a.Operands) > 0 && slices.Contains([]string{"expire", "delete", "drop"}, a.Operands[0].Text) {
		return "git reflog " + a.Operands[0].Text + " changes the reflog"
	}
	return gitFormatCheck(c, a)
}

func gitStashCheck(c Command, a *Args) string {
	if len(a.Operands) == 0 || (a.Operands[0].Text != "list" && a.Operands[0].Text != "show") {
		return "git stash without list or show changes the stash"
	}
	return gitFormatCheck(c, a)
}

func gitWorktreeCheck(_ Command, a *Args) string {
	if len(a.Operands) == 0 || a.Operands[0].Text != "list" {
		return "git worktree without list changes worktrees"
	}
	return ""
}

// gitWordsCheck runs a check written over the argument texts.
func gitWordsCheck(c Command, _ *Args, ok func([]string) bool) string {
	if !ok(texts(c.Args)) {
		return "git " + c.Name.Text + " with these arguments is not known to only read"
	}
	return ""
}
