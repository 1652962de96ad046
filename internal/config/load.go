package config

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Load reads every layer Options selects and merges them. It never fails:
// an unreadable or malformed file is a Problem and is skipped whole, and
// what an untrusted repository could not grant is listed in the Notices.
// The Settings are never nil.
func Load(opts Options) (*Settings, []Problem, []Notice) {
	opts = opts.normalized()
	files, problems := opts.files()
	var layers []layer
	var notices []Notice
	for _, f := range files {
		l, probs, ok := load(f)
		problems = append(problems, probs...)
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
	home, _ := os.UserHomeDir()
	return merge(layers, home), problems, notices
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
func (o Options) files() ([]layerFile, []Problem) {
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
	managed, problems := managedFiles(o.ManagedDir, o.Cwd)
	return append(files, managed...), problems
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

// load reads and types one document. A missing file is silently absent,
// except the one --settings names.
func load(f layerFile) (layer, []Problem, bool) {
	data := f.inline
	if f.path != "" {
		var err error
		data, err = readCapped(f.path, MaxFileSize)
		if errors.Is(err, fs.ErrNotExist) && f.source != SourceFlag {
			return layer{}, nil, false
		}
		if err != nil {
			return layer{}, []Problem{{File: f.shown, Msg: "cannot read settings: " + readError(err)}}, false
		}
	}
	doc, p := parseDocument(f.shown, data)
	if p != nil {
		p.Msg += "; file ignored"
		return layer{}, []Problem{*p}, false
	}
	fs, problems := doc.decode()
	return layer{file: f, fs: fs}, problems, true
}

// readError words a read failure without repeating the path.
func readError(err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "no such file"
	case errors.Is(err, errTooLarge):
		return "larger than 2 MiB"
	case errors.Is(err, fs.ErrPermission):
		return "permission denied"
	}
	return err.Error()
}
