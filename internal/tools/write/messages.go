package write

import (
	"fmt"
	"io/fs"
)

// The texts the model sees. The two success texts are Claude Code's
// wording (hosts and models know them); the errors are corvid's own,
// except the file-state ones, which come from filestate.

func msgCreated(path string) string {
	return "File created successfully at: " + path
}

func msgUpdated(path string) string {
	return fmt.Sprintf("The file %s has been updated successfully.", path)
}

func msgDirectory(path string) string {
	return fmt.Sprintf("%s is a directory; Write only writes files. Give the path of a file, for example %s/NAME.", path, path)
}

func msgParentNotDir(path, parent string) string {
	return fmt.Sprintf("Cannot create %s: %s is a file, not a directory.", path, parent)
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
	return fmt.Sprintf("%s is %s, not a regular file; Write only writes regular files.", path, what)
}

func msgPermission(path string) string {
	return fmt.Sprintf("Permission denied: %s cannot be written with the current user's permissions. Nothing was written.", path)
}

func msgFailed(path string, err error) string {
	return fmt.Sprintf("Error writing %s: %v. Nothing was written.", path, err)
}
