package app

import (
	"fmt"
	"os"
	"os/user"
	"path/filepath"

	"corvid/internal/session"
)

// lookupUser is the password database lookup homeDir falls back on; tests
// replace it.
var lookupUser = user.Current

// homeDir is the user's home: HOME, else the home directory the password
// database gives the current user (os/user reads /etc/passwd itself when
// built without cgo). Never a shared directory: with neither it fails
// with ErrNoHome.
func homeDir() (string, error) {
	if home, err := os.UserHomeDir(); err == nil && home != "" {
		return home, nil
	}
	if u, err := lookupUser(); err == nil && u.HomeDir != "" && filepath.IsAbs(u.HomeDir) {
		return u.HomeDir, nil
	}
	return "", ErrNoHome
}

// configDir is corvid's own state directory: CORVID_CONFIG_DIR, else
// ~/.corvid.
func configDir(env environment) (string, error) {
	if d := env.str("CORVID_CONFIG_DIR"); d != "" {
		return d, nil
	}
	home, err := homeDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(home, ".corvid"), nil
}

// ConfigDir is corvid's state directory for the environment getenv
// describes (corvid doctor reports it).
func ConfigDir(getenv func(string) string) (string, error) {
	return configDir(environment(getenv))
}

// sessionDir is where a session's side files live (spilled tool output,
// background shell logs): <config>/projects/<project>/<session id>.
func sessionDir(cfgDir, cwd, sessionID string) string {
	return filepath.Join(session.ProjectDir(cfgDir, cwd), sessionID)
}

// workDirs are the directories tools may work in: the launch directory
// first, then --add-dir entries, made absolute and cleaned.
func workDirs(cwd string, added []string) []string {
	dirs := []string{filepath.Clean(cwd)}
	for _, d := range added {
		if !filepath.IsAbs(d) {
			d = filepath.Join(cwd, d)
		}
		dirs = append(dirs, filepath.Clean(d))
	}
	return dirs
}

// checkAddDirs refuses --add-dir entries that are not existing
// directories: a typo would otherwise leave the run without the access the
// user meant to give, silently.
func checkAddDirs(opts Options) error {
	for i, d := range workDirs(opts.Cwd, opts.AdditionalDirs)[1:] {
		info, err := os.Stat(d)
		switch {
		case err != nil:
			return fmt.Errorf("%w: %s does not exist (%w)", ErrAddDir, opts.AdditionalDirs[i], err)
		case !info.IsDir():
			return fmt.Errorf("%w: %s is not a directory; did you mean its parent, %s?",
				ErrAddDir, opts.AdditionalDirs[i], filepath.Dir(d))
		}
	}
	return nil
}
