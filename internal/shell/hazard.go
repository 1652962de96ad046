package shell

// Hazard returns why this simple command must always be asked about,
// or "": a builtin that evaluates its data as code (a quoted array
// subscript is arithmetic, and arithmetic runs `$(…)`), or one that
// changes how the shell parses or runs the lines after it. Only the
// argument forms known to be harmless pass; any other form of these
// builtins is a hazard. No allow rule with a wildcard approves them.
func (c Command) Hazard() string {
	if !c.Name.Static() {
		return ""
	}
	check, ok := hazardChecks[c.Name.Text]
	if shells[c.Name.Text] {
		check, ok = shellHazard, true
	}
	if !ok {
		return ""
	}
	if i := c.dynamicArg(); i >= 0 {
		return c.Name.Text + " with an argument known only at run time (" + c.Args[i].Text + ")"
	}
	return check(texts(c.Args))
}

// dynamicArg returns the index of the first argument known only at run
// time that can carry code into the builtin, or -1. printf's format
// operands and test's operands other than -v's are data only.
func (c Command) dynamicArg() int {
	if shells[c.Name.Text] {
		return -1 // a dynamic option makes the shell's code unknown, which asks anyway
	}
	for i, a := range c.Args {
		switch {
		case a.Static():
		case c.Name.Text == "printf" && i > 0:
		case (c.Name.Text == "test" || c.Name.Text == "[") && (i == 0 || c.Args[i-1].Text != "-v"):
		default:
			return i
		}
	}
	return -1
}

// hazardChecks are the builtins whose arguments can hold code or change
// the shell's parsing, each with the check of its argument forms.
var hazardChecks = map[string]func(args []string) string{
	"declare": declHazard("declare"), "typeset": declHazard("typeset"), "local": declHazard("local"),
	"readonly": declHazard("readonly"), "export": declHazard("export"), "nameref": declHazard("nameref"),
	"wait": waitHazard, "printf": printfHazard, "read": readHazard, "mapfile": arrayBuiltin("mapfile"),
	"readarray": arrayBuiltin("readarray"), "let": func([]string) string { return "let evaluates arithmetic" },
	"unset": unsetHazard, "getopts": func([]string) string { return "getopts assigns to a named variable" },
	"set": setHazard, "shopt": shoptHazard, "test": testHazard, "[": testHazard,
	"enable":  func([]string) string { return "enable loads or disables shell builtins" },
	"alias":   aliasHazard,
	"history": func([]string) string { return "history changes the shell's history (history expansion)" },
	"fc":      func([]string) string { return "fc runs commands from the shell's history" },
	"bind":    func([]string) string { return "bind changes the shell's key bindings" },
}
