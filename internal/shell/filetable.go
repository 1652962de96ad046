package shell

// fileOptions are, per command, the options whose value names a file,
// and how the file is used. Single-dash long options (find's) are
// listed with their dash; short options as "-x", long as "--name".
var fileOptions = map[string]map[string]FileUse{
	"find": {"-fprint": FileWrite, "-fprint0": FileWrite, "-fprintf": FileWrite, "-fls": FileWrite,
		"-files0-from": FileList},
	"sort": {"-o": FileWrite, "--output": FileWrite, "-T": FileWrite, "--temporary-directory": FileWrite,
		"--files0-from": FileList},
	"wc":   {"--files0-from": FileList},
	"du":   {"--files0-from": FileList, "-X": FileRead, "--exclude-from": FileRead},
	"date": {"-f": FileRead, "--file": FileRead, "-r": FileRead, "--reference": FileRead},
	"diff": {"--from-file": FileRead, "--to-file": FileRead, "-X": FileRead, "--exclude-from": FileRead},
	"file": {"-f": FileList, "--files-from": FileList, "-m": FileRead, "--magic-file": FileRead},
	"grep": {"-f": FileRead, "--file": FileRead, "--exclude-from": FileRead},
	"rg":   {"-f": FileRead, "--file": FileRead, "--ignore-file": FileRead},
	"cp":   targetOpts, "mv": targetOpts, "ln": targetOpts, "install": targetOpts,
	"tar": {"-f": FileWrite, "--file": FileWrite, "-T": FileList, "--files-from": FileList,
		"-X": FileRead, "--exclude-from": FileRead},
	"git": {"--output": FileWrite, "--contents": FileRead, "--ignore-revs-file": FileRead, "-O": FileRead},
}

// targetOpts are the options of cp, mv, ln and install that name the
// destination directory or the backup suffix.
var targetOpts = map[string]FileUse{"-t": FileWrite, "--target-directory": FileWrite,
	"-S": FileSuffix, "--suffix": FileSuffix}
