package bashoutput

import (
	"fmt"
	"strings"

	"corvid/internal/shells"
)

// render is the model-facing text: status, exit code once ended, the new
// output, and notes when part of it was left out, dropped by the log's
// cap, or not saved.
func render(out shells.Output, filter string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "<status>%s</status>\n", out.Status)
	if out.Status != shells.Running {
		fmt.Fprintf(&b, "<exit_code>%d</exit_code>\n", out.ExitCode)
	}
	switch text := strings.TrimRight(out.Text, "\n"); {
	case text != "":
		fmt.Fprintf(&b, "<output>\n%s\n</output>", text)
	case filter != "":
		b.WriteString("<output>(no new lines match the filter)</output>")
	default:
		b.WriteString("<output>(no new output)</output>")
	}
	if out.Omitted > 0 {
		fmt.Fprintf(&b, "\n<note>%d bytes of earlier new output were left out to keep this result short; "+
			"they are in %s.</note>", out.Omitted, out.OutputPath)
	}
	if out.Dropped > 0 {
		fmt.Fprintf(&b, "\n<note>%d bytes of new output were dropped from the log, which keeps the first and the "+
			"latest output within its size cap.</note>", out.Dropped)
	}
	if out.SaveErr != nil {
		fmt.Fprintf(&b, "\n<note>The log stopped saving this shell's output (%v); only its latest part is kept, "+
			"in memory", out.SaveErr)
		if out.Unsaved > 0 {
			fmt.Fprintf(&b, ", and %d bytes of new output before it are lost", out.Unsaved)
		}
		b.WriteString(".</note>")
	}
	return b.String()
}
