package shell

// followSpec says which options make a command follow symbolic links
// while it walks a directory tree: short letters (also inside clusters
// such as -RIn) and long names. need, when set, is a further short or
// long option that must be present too (ls follows links with -L only
// when it recurses with -R).
type followSpec struct {
	short string
	long  []string
	// always is set for commands that follow links whenever they read a
	// directory (diff compares the files it finds there).
	always   bool
	needS    string
	needLong []string
}

// followers are the commands that can read files through a symbolic
// link found inside the tree they walk.
var followers = map[string]followSpec{
	"grep": {short: "R", long: []string{"dereference-recursive"}}, "egrep": {short: "R", long: []string{"dereference-recursive"}},
	"fgrep": {short: "R", long: []string{"dereference-recursive"}},
	"rg":    {short: "L", long: []string{"follow"}}, "ag": {short: "f", long: []string{"follow"}},
	"fd": {short: "L", long: []string{"follow"}}, "fdfind": {short: "L", long: []string{"follow"}},
	"find": {long: []string{"L", "follow"}}, "du": {short: "L", long: []string{"dereference"}},
	"ls":   {short: "L", long: []string{"dereference"}, needS: "R", needLong: []string{"recursive"}},
	"tree": {short: "l"}, "tar": {short: "h", long: []string{"dereference"}},
	"cp": {short: "L", long: []string{"dereference"}}, "diff": {always: true},
	"zip": {short: "r", long: []string{"recurse-paths"}},
}

// FollowsLinks reports whether the command follows symbolic links it
// finds while walking the directories it is given, so that a link
// inside the working directory can make it read outside. A command
// whose arguments are not all known is assumed to.
func (c Command) FollowsLinks() bool {
	spec, ok := followers[c.Name.Text]
	if !ok || !c.Name.Static() {
		return false
	}
	if spec.always || c.MoreArgs {
		return true
	}
	found, need := false, spec.needS == "" && spec.needLong == nil
	for _, a := range c.Args {
		if !a.Static() {
			return true
		}
		if a.Text == "--" {
			break
		}
		if c.Name.Text == "find" {
			found = found || a.Text == "-L" || a.Text == "-follow"
			continue
		}
		found = found || hasOption(a.Text, spec.short, spec.long)
		need = need || hasOption(a.Text, spec.needS, spec.needLong)
	}
	return found && need
}
