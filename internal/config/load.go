package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
)

// Load reads every layer Options selects and merges them. A file that
// is absent is skipped (except the one --settings names); a file that
// cannot be loaded — unreadable, over MaxSettingsSize, malformed, or with
// a policy key of the wrong type — fails the whole load with a
// *LoadError listing every such file, and no Settings, because its deny
// and ask rules are unknown. Problems are warnings about keys that were
// skipped; Notices list what an untrusted repository could not grant.
func Load(opts Options) (*Settings, []Problem, []Notice, error) {
	opts = opts.normalized()
	files, failures := opts.files()
	var layers []layer
	var problems []Problem
	var notices []Notice
	for _, f := range files {
		if opts.leftOut(f) {
			continue
		}
		l, probs, fails, ok := load(f)
		problems, failures = append(problems, probs...), append(failures, fails...)
		if !ok {
			continue
		}
		if !opts.Trusted && inRepository(f.source) {
			if ignored := l.fs.withhold(); len(ignored) > 0 {
				notices = append(notices, Notice{File: f.path, Shown: f.shown, Ignored: ignored})
			}
		}
		layers = append(layers, l)
	}
	if len(failures) > 0 {
		return nil, problems, notices, &LoadError{Failures: failures}
	}
	home, _ := os.UserHomeDir()
	return merge(layers, home), problems, notices, nil
}

// leftOut reports whether the user chose to go on without f
// (Options.Without); managed files and --settings cannot be left out.
func (o Options) leftOut(f layerFile) bool {
	return skippable(f.source) && f.path != "" && slices.Contains(o.Without, f.path)
}

// normalized makes the directories absolute and fills the defaults.
func (o Options) normalized() Options {
	if o.Cwd == "" {
		o.Cwd, _ = os.Getwd()
	}
	o.Cwd = absolute(o.Cwd)
	if o.ConfigDir != "" {
		o.ConfigDir = absolute(o.ConfigDir)
	}
	if o.ManagedDir == "" {
		o.ManagedDir = DefaultManagedDir
	}
	o.ManagedDir = absolute(o.ManagedDir)
	return o
}

func absolute(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		return abs
	}
	return filepath.Clean(p)
}

// wants reports whether a filesystem layer was selected.
func (o Options) wants(s Source) bool {
	return o.Sources == nil || slices.Contains(o.Sources, s)
}

// files lists the documents to load, weakest layer first.
func (o Options) files() ([]layerFile, []Failure) {
	var files []layerFile
	file := func(src Source, dir string, elem ...string) {
		p := filepath.Join(elem...)
		files = append(files, layerFile{source: src, path: p, shown: shownName(o.Cwd, p), dir: dir})
	}
	if o.wants(SourceUser) && o.ConfigDir != "" {
		file(SourceUser, o.ConfigDir, o.ConfigDir, "settings.json")
	}
	if o.wants(SourceProject) {
		file(SourceProject, o.Cwd, o.Cwd, ".claude", "settings.json")
	}
	if o.wants(SourceLocal) {
		root := ProjectRoot(o.Cwd)
		file(SourceLocal, root, root, ".claude", "settings.local.json")
	}
	if f, ok := o.flagFile(); ok {
		files = append(files, f)
	}
	managed, failures := managedFiles(o.ManagedDir, o.Cwd)
	return append(files, managed...), failures
}

// flagFile is the --settings document: inline JSON when the value starts
// with '{', otherwise a file relative to the working directory.
func (o Options) flagFile() (layerFile, bool) {
	v := strings.TrimSpace(o.FlagSettings)
	switch {
	case v == "":
		return layerFile{}, false
	case strings.HasPrefix(v, "{"):
		return layerFile{source: SourceFlag, shown: "--settings", dir: o.Cwd, inline: []byte(v)}, true
	}
	p := v
	if !filepath.IsAbs(p) {
		p = filepath.Join(o.Cwd, p)
	}
	p = filepath.Clean(p)
	return layerFile{source: SourceFlag, path: p, shown: v, dir: filepath.Dir(p)}, true
}

// load reads and types one document; ok is false when it is absent or
// failed to load. A missing file is silently absent, except the one
// --settings names.
func load(f layerFile) (l layer, problems []Problem, failures []Failure, ok bool) {
	data := f.inline
	if f.path != "" {
		var err error
		data, err = readCapped(f.path, MaxSettingsSize)
		if absent(err) && f.source != SourceFlag {
			return layer{}, nil, nil, false
		}
		if err != nil {
			return layer{}, nil, f.failed(Problem{File: f.shown, Msg: "cannot read settings: " + readError(err)}), false
		}
	}
	doc, p := parseDocument(f.shown, data)
	if p != nil {
		return layer{}, nil, f.failed(*p), false
	}
	fs, problems, fails := doc.decode()
	if len(fails) > 0 {
		return layer{}, problems, f.failed(fails...), false
	}
	return layer{file: f, fs: fs}, problems, nil, true
}

// failed makes Failures of f's problems.
func (f layerFile) failed(problems ...Problem) []Failure {
	out := make([]Failure, 0, len(problems))
	for _, p := range problems {
		out = append(out, Failure{Source: f.source, Path: f.path, Problem: p})
	}
	return out
}

// absent reports whether a read failed because the file is not there (a
// path through a regular file, "x/.claude" with x a file, is absent too).
func absent(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}

// readError words a read failure without repeating the path.
func readError(err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "no such file"
	case errors.Is(err, errTooLarge):
		return fmt.Sprintf("larger than %d MiB, the limit for a settings file", MaxSettingsSize>>20)
	case errors.Is(err, fs.ErrPermission):
		return "permission denied"
	}
	return err.Error()
}
