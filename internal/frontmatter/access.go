package frontmatter

import "strings"

// String returns key's scalar ("" when absent); a list or map is a
// *TypeError.
func (d Doc) String(key string) (string, error) {
	v, ok := d[key]
	if !ok {
		return "", nil
	}
	if v.IsList || v.Nested {
		return "", &TypeError{Key: key, Want: "a single value"}
	}
	return v.Scalar, nil
}

// Text returns key's value as text: a scalar as written, a list's items
// joined by commas ("argument-hint: [name]" is a one-item list in YAML,
// and Claude Code shows it as "name"); a map is a *TypeError.
func (d Doc) Text(key string) (string, error) {
	v, ok := d[key]
	switch {
	case !ok:
		return "", nil
	case v.Nested:
		return "", &TypeError{Key: key, Want: "text"}
	case v.IsList:
		return strings.Join(v.List, ","), nil
	}
	return v.Scalar, nil
}

// Bool returns key's boolean (def when absent); anything but true/false
// (yes/no, on/off) is a *TypeError.
func (d Doc) Bool(key string, def bool) (bool, error) {
	v, ok := d[key]
	if !ok {
		return def, nil
	}
	switch strings.ToLower(v.Scalar) {
	case "true", "yes", "on":
		if !v.IsList && !v.Nested {
			return true, nil
		}
	case "false", "no", "off":
		if !v.IsList && !v.Nested {
			return false, nil
		}
	}
	return def, &TypeError{Key: key, Want: "true or false"}
}

// List returns key's items: a YAML list, or a scalar split at commas and
// at blanks outside parentheses ("Bash(git add:*), Read" and
// "Read Grep" both give two). A map is a *TypeError.
func (d Doc) List(key string) ([]string, error) {
	v, ok := d[key]
	switch {
	case !ok:
		return nil, nil
	case v.Nested:
		return nil, &TypeError{Key: key, Want: "a list"}
	case v.IsList:
		var out []string
		for _, it := range v.List {
			if it = strings.TrimSpace(it); it != "" {
				out = append(out, it)
			}
		}
		return out, nil
	}
	return splitList(v.Scalar), nil
}

// splitList splits at commas and blanks that are not inside parentheses.
func splitList(s string) []string {
	var out []string
	depth, start := 0, 0
	flush := func(end int) {
		if it := strings.TrimSpace(s[start:end]); it != "" {
			out = append(out, it)
		}
		start = end + 1
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '(':
			depth++
		case c == ')' && depth > 0:
			depth--
		case depth == 0 && (c == ',' || c == ' ' || c == '\t'):
			flush(i)
		}
	}
	flush(len(s))
	return out
}
