package bash

import (
	"fmt"
	"strings"
	"time"

	"corvid/internal/provider"
	"corvid/internal/shell"
	"corvid/internal/tool"
)

// Output is the structured result (Claude Code's Bash tool_use_result).
// Stdout holds stdout and stderr combined, as the model saw them; Stderr
// is empty because the two streams are merged in order of arrival.
type Output struct {
	Stdout                   string `json:"stdout"`
	Stderr                   string `json:"stderr"`
	Interrupted              bool   `json:"interrupted"`
	IsImage                  bool   `json:"isImage"`
	NoOutputExpected         bool   `json:"noOutputExpected"`
	BackgroundTaskID         string `json:"backgroundTaskId,omitempty"`
	ReturnCodeInterpretation string `json:"returnCodeInterpretation,omitempty"`
}

// noOutput is the text of a successful command that printed nothing.
const noOutput = "(Command completed with no output)"

// result turns an outcome into the tool result.
func (t *bashTool) result(env tool.Env, in input, o *outcome, timeout time.Duration) *tool.Result {
	body := trimNewline(o.out.text)
	var parts []string
	if body != "" {
		parts = append(parts, body)
	}
	if o.out.truncated {
		parts = append(parts, spillNote(o.out, t.opts.MaxOutput, t.opts.Spill.Limits().MaxFile))
	}
	res := &tool.Result{ReportIsError: true}
	if !o.timedOut && !o.interrupted {
		var note string
		res.Modifier, note = cwdChange(env, o.cwd)
		if note != "" {
			parts = append(parts, note)
		}
	}
	line, interp, failed := status(in.Command, o, timeout)
	if line != "" {
		parts = append(parts, line)
	}
	res.IsError = failed
	text := strings.Join(parts, "\n")
	if text == "" {
		text = noOutput
	}
	res.Content = []provider.Block{provider.TextBlock(text)}
	res.Structured = Output{Stdout: body, Interrupted: o.timedOut || o.interrupted,
		NoOutputExpected: quietCommand(in.Command), ReturnCodeInterpretation: interp}
	return res
}

// status is the closing line for how the command ended, the meaning of
// a non-zero exit status that is not a failure, and whether it failed.
func status(command string, o *outcome, timeout time.Duration) (line, interp string, failed bool) {
	switch {
	case o.timedOut:
		return fmt.Sprintf("Command timed out after %d ms and was stopped.", timeout.Milliseconds()), "", true
	case o.interrupted:
		return "Command was interrupted before it finished.", "", true
	case o.exitCode == 0:
		return "", "", false
	}
	if interp = interpretExit(command, o.exitCode); interp != "" {
		return fmt.Sprintf("(exit code %d: %s)", o.exitCode, interp), interp, false
	}
	return fmt.Sprintf("Exit code %d", o.exitCode), "", true
}

// spillNote tells the model the output was cut and where it was saved,
// what the saved file left out (a file holds at most maxFile bytes), or
// why nothing was saved.
func spillNote(c captured, limit int, maxFile int64) string {
	s := fmt.Sprintf("\nThe output had %d characters, more than the %d shown (its start and end are above).", c.chars, limit)
	switch {
	case c.path == "" || c.spillErr != nil:
		return s + fmt.Sprintf(" The full output could not be saved (no partial file was kept): %v", c.spillErr)
	case c.dropped > 0:
		return s + fmt.Sprintf(" The output was saved to %s except for %d bytes from its middle, dropped to keep the file "+
			"within %d bytes (a line in the file marks the cut); read or search it there if you need more.", c.path, c.dropped, maxFile)
	}
	return s + " The full output was saved to " + c.path + "; read or search it there if you need the rest."
}

// interpretExit explains an exit status that is not a failure: exit 1
// from a search that found nothing, a comparison that found differences
// or a test that was false, judged by the command whose status the line
// returns.
func interpretExit(command string, code int) string {
	if code != 1 {
		return ""
	}
	a, err := shell.Parse(command)
	if err != nil {
		return ""
	}
	last, ok := a.Last()
	if !ok {
		return ""
	}
	name := last.Name.Text
	if name == "git" {
		name = "git " + gitSubcommand(last.Args)
	}
	switch name {
	case "grep", "egrep", "fgrep", "rg", "git grep":
		return "no matches found"
	case "diff", "git diff":
		return "the inputs differ"
	case "find":
		return "some paths could not be read"
	case "test", "[", "[[":
		return "the condition is false"
	}
	return ""
}

// gitSubcommand is the first word after git's global options.
func gitSubcommand(args []shell.Word) string {
	for i := 0; i < len(args); i++ {
		switch a := args[i].Text; {
		case a == "-C" || a == "-c":
			i++
		case !strings.HasPrefix(a, "-"):
			return a
		}
	}
	return ""
}

// quiet are commands that normally print nothing when they succeed.
var quiet = map[string]bool{"mkdir": true, "touch": true, "cp": true, "mv": true, "rm": true,
	"rmdir": true, "chmod": true, "chown": true, "chgrp": true, "ln": true, "cd": true,
	"pushd": true, "popd": true, "export": true, "unset": true, "true": true, "sleep": true,
	"kill": true, "wait": true}

// quietCommand reports whether every command in the line normally
// prints nothing (noOutputExpected).
func quietCommand(command string) bool {
	a, err := shell.Parse(command)
	if err != nil || len(a.Commands) == 0 {
		return false
	}
	for _, c := range a.Commands {
		if !quiet[c.Name.Text] {
			return false
		}
	}
	return true
}
