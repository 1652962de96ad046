package permission

// DirInfo is one working directory in effect, for an interface's
// /permissions: the launch directory, one added on the command line or
// with /add-dir, or one from a settings file's additionalDirectories.
type DirInfo struct {
	// Path is the directory, absolute.
	Path string
	// Source is "cwd" for the launch directory, SourceCLI for --add-dir
	// and /add-dir, else the settings layer; File is its settings file
	// ("" unless it came from one).
	Source, File string
}

// SourceCwd marks the launch directory in a DirInfo.
const SourceCwd = "cwd"
