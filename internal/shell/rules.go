package shell

// readOnlyBySpec decides a command that has a table entry: it is
// read-only when the entry says so, every option is one the entry
// lists, arguments added at run time (xargs) cannot be options of
// consequence, and the entry's check accepts the form.
func readOnlyBySpec(c Command, s *Spec) bool {
	if !s.readOnly || (c.MoreArgs && !s.dynOK) {
		return false
	}
	a := s.Parse(c.Args)
	if a.Unknown != "" {
		return false
	}
	return s.check == nil || s.check(c, &a) == ""
}

// Why returns why a command with a table entry is not read-only, or ""
// (also for a command without an entry).
func (c Command) Why() string {
	s := lookupSpec(c.Name.Text)
	if s == nil || !c.Name.Static() {
		return ""
	}
	a := s.Parse(c.Args)
	switch {
	case a.Unknown != "":
		return c.Name.Text + " option " + a.Unknown + " is not in the command table"
	case s.check != nil:
		return s.check(c, &a)
	}
	return ""
}
