package app

import "path/filepath"

// CheckAddDir validates dir as --add-dir would for a session started in
// cwd (an existing directory; relative to cwd) and returns it absolute.
func CheckAddDir(cwd, dir string) (string, error) {
	if err := checkAddDirs(Options{Cwd: cwd, AdditionalDirs: []string{dir}}); err != nil {
		return "", err
	}
	return workDirs(filepath.Clean(cwd), []string{dir})[1], nil
}
