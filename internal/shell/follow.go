package shell

import "strings"

// FollowsLinks reports whether the command follows symbolic links it
// finds while walking the directories it is given, so that a link
// inside the working directory can make it read outside: its table
// entry marks the options that make it follow ('!'), or says it always
// does (diff). A command whose arguments are not all known is assumed
// to.
func (c Command) FollowsLinks() bool {
	if !c.Name.Static() {
		return false
	}
	if c.Name.Text == "find" {
		return findFollows(c)
	}
	s := lookupSpec(c.Name.Text)
	if s == nil || !s.anyFollow {
		return false
	}
	if s.followAlways || c.MoreArgs || !staticArgs(c) {
		return true
	}
	a := s.Parse(c.Args)
	if !a.Follows || s.followNeed == "" {
		return a.Follows
	}
	return a.Has(strings.Fields(s.followNeed)...)
}

// findFollows: find follows links with -L or -follow.
func findFollows(c Command) bool {
	for _, a := range c.Args {
		if !a.Static() || a.Text == "-L" || a.Text == "-follow" {
			return true
		}
	}
	return c.MoreArgs
}
