package read

import (
	"fmt"
	"io/fs"
)

// The texts the model sees. The missing-file message is Claude Code's
// wording (models know it); the rest are corvid's own.

func msgNotExist(cwd string) string {
	return fmt.Sprintf("File does not exist. Note: your current working directory is %s.", cwd)
}

func msgDirectory(path string) string {
	return fmt.Sprintf("%s is a directory, not a file. Read only opens files; to see what the directory holds, run `ls %s` with the Bash tool.", path, path)
}

func msgNotRegular(path string, m fs.FileMode) string {
	what := "a special file"
	switch {
	case m&fs.ModeNamedPipe != 0:
		what = "a named pipe"
	case m&fs.ModeSocket != 0:
		what = "a socket"
	case m&fs.ModeDevice != 0:
		what = "a device"
	}
	return fmt.Sprintf("%s is %s, not a regular file; Read only reads regular files.", path, what)
}

func msgPermission(path string) string {
	return fmt.Sprintf("Permission denied: %s cannot be read with the current user's permissions.", path)
}

func msgReadFailed(path string, err error) string {
	return fmt.Sprintf("Error reading %s: %v", path, err)
}

func msgBinary(path, mime string) string {
	return fmt.Sprintf("%s is a binary file (detected type: %s), which Read cannot show as text. Read handles text, PNG/JPEG/GIF/WebP images, PDFs and Jupyter notebooks; for other formats use a suitable command-line tool through Bash.", path, mime)
}

func msgPagesNotPDF(path string) string {
	return fmt.Sprintf("The pages parameter only applies to PDF files, and %s is not a PDF. For text files use offset and limit instead.", path)
}

func msgLineCut(n int) string {
	return fmt.Sprintf(" … [line cut here: %d more characters not shown]", n)
}

func msgEmpty(path string) string {
	return fmt.Sprintf("<system-reminder>Note: %s exists but is empty (0 lines); there is no content to show.</system-reminder>", path)
}

func msgPastEnd(path string, start, total int) string {
	return fmt.Sprintf("<system-reminder>Note: %s has only %s, so there is nothing to show from line %d. Use an offset between 1 and %d.</system-reminder>",
		path, plural(total, "line"), start, total)
}

// msgTooLarge: a requested range (or a whole file's first line) does not
// fit the budget.
func msgTooLarge(path string, start, limit, tokens int, explicit bool) string {
	if !explicit {
		return fmt.Sprintf("The first line of %s alone exceeds the %d-token limit of one read. Look at parts of it with Bash (for example `head -c 4000 %s`) or search it with Grep.", path, tokens, path)
	}
	return fmt.Sprintf("Lines %d-%d of %s exceed the %d-token limit of one read. Ask for fewer lines (a smaller limit), or use Grep to find the part you need.", start, start+limit-1, path, tokens)
}

// msgPartial ends a whole-file read that did not show everything.
func msgPartial(path string, last, total int, bySize bool, size int64, tokens int) string {
	of := " (the file has more)"
	if total >= 0 {
		of = fmt.Sprintf(" of %d", total)
	}
	why := ""
	if bySize {
		why = fmt.Sprintf("; the file (%s) is more than one read may return (at most %s and about %d tokens)", humanSize(size), humanSize(maxWholeBytes), tokens)
	}
	return fmt.Sprintf("[Truncated: PARTIAL view — showing lines 1-%d%s%s. To read on, call Read again with offset=%d and a limit, or use Grep to find what you need.]", last, of, why, last+1)
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func humanSize(n int64) string {
	switch {
	case n%(1<<20) == 0 && n > 0:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n%(1<<10) == 0 && n > 0:
		return fmt.Sprintf("%d KB", n>>10)
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}
