package bashoutput

import (
	"fmt"
	"strings"

	"corvid/internal/shells"
)

// render is the model-facing text: status, exit code once ended, the new
// output, and a note when part of it was left out.
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
			"the whole output is in %s.</note>", out.Omitted, out.OutputPath)
	}
	return b.String()
}
