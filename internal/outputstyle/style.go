package outputstyle

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"corvid/internal/command"
	"corvid/internal/frontmatter"
)

// maxFiles caps the styles one directory may add.
const maxFiles = 200

// Style is one output style.
type Style struct {
	Name, Description string
	// Body is added to the system prompt ("" for default).
	Body string
	// KeepCodingInstructions keeps the prompt's software engineering
	// instructions (custom styles drop them unless they say otherwise).
	KeepCodingInstructions bool
	BuiltIn                bool
	Path                   string
}

// Options say where custom styles are found.
type Options struct {
	Cwd         string
	UserDir     string // "" skips the user's styles
	SkipProject bool
}

// Set is the styles available, by lower-cased name.
type Set struct{ byName map[string]Style }

// Load finds the styles: the project's (nearest directory first) over
// the user's over the built-in ones ("default" cannot be replaced).
// Files that cannot be read are reported and skipped.
func Load(o Options) (*Set, []error) {
	s := &Set{byName: map[string]Style{}}
	var problems []error
	if !o.SkipProject && o.Cwd != "" {
		dirs := command.ProjectDirs(o.Cwd)
		for _, d := range dirs {
			problems = append(problems, s.addDir(filepath.Join(d, ".claude", "output-styles"), dirs[len(dirs)-1])...)
		}
	}
	if o.UserDir != "" {
		problems = append(problems, s.addDir(filepath.Join(o.UserDir, "output-styles"), "")...)
	}
	for _, b := range Builtins() {
		if _, taken := s.byName[strings.ToLower(b.Name)]; !taken || b.Name == Default {
			s.byName[strings.ToLower(b.Name)] = b
		}
	}
	return s, problems
}

// addDir adds a directory's *.md styles whose names are still free;
// with confine set, only files that resolve inside it.
func (s *Set) addDir(dir, confine string) []error {
	paths, _ := filepath.Glob(filepath.Join(dir, "*.md"))
	sort.Strings(paths)
	var problems []error
	for i, p := range paths {
		if i >= maxFiles {
			break
		}
		var st Style
		var err error
		if confine != "" {
			err = command.Contained(confine, p)
		}
		if err == nil {
			st, err = read(p)
		}
		if err != nil {
			problems = append(problems, &command.FileError{Path: p, Err: err})
			continue
		}
		if _, taken := s.byName[strings.ToLower(st.Name)]; !taken {
			s.byName[strings.ToLower(st.Name)] = st
		}
	}
	return problems
}

// read parses one style file.
func read(path string) (Style, error) {
	data, err := command.ReadFile(path)
	switch {
	case err != nil:
		return Style{}, err
	case len(data) > command.MaxFileSize:
		return Style{}, fmt.Errorf("%w (%d bytes)", command.ErrTooLarge, len(data))
	}
	front, body, _, err := frontmatter.Split(string(data))
	if err != nil {
		return Style{}, err
	}
	doc, err := frontmatter.Parse(front)
	if err != nil {
		return Style{}, err
	}
	st := Style{Name: strings.TrimSuffix(filepath.Base(path), ".md"), Body: strings.TrimSpace(body), Path: path}
	name, err := doc.Text("name")
	if err == nil {
		st.Description, err = doc.Text("description")
	}
	if err == nil {
		st.KeepCodingInstructions, err = doc.Bool("keep-coding-instructions", false)
	}
	if err != nil {
		return Style{}, err
	}
	if name != "" {
		st.Name = name
	}
	if st.Body == "" {
		return Style{}, command.ErrEmptyBody
	}
	return st, nil
}

// Lookup finds a style by name, ignoring case.
func (s *Set) Lookup(name string) (Style, bool) {
	st, ok := s.byName[strings.ToLower(strings.TrimSpace(name))]
	return st, ok
}

// Names lists the styles' names, sorted.
func (s *Set) Names() []string {
	var out []string
	for _, st := range s.byName {
		out = append(out, st.Name)
	}
	sort.Strings(out)
	return out
}
