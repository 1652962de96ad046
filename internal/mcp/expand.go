package mcp

import (
	"maps"
	"strings"
)

// Expand replaces ${VAR} and ${VAR:-default} in s using getenv (a
// variable set to "" counts as set for ${VAR} and as unset for
// ${VAR:-default}, as in the shell). A variable that is unset and has no
// default is left as written and its name returned in missing.
func Expand(s string, getenv func(string) (string, bool)) (out string, missing []string) {
	var b strings.Builder
	for {
		i := strings.Index(s, "${")
		if i < 0 {
			b.WriteString(s)
			return b.String(), missing
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			b.WriteString(s)
			return b.String(), missing
		}
		b.WriteString(s[:i])
		expr := s[i+2 : i+j]
		name, def, hasDef := strings.Cut(expr, ":-")
		v, ok := getenv(name)
		switch {
		case hasDef && (!ok || v == ""):
			b.WriteString(def)
		case ok:
			b.WriteString(v)
		default:
			b.WriteString(s[i : i+j+1])
			missing = append(missing, name)
		}
		s = s[i+j+1:]
	}
}

// Expanded returns c with ${…} expanded in command, args, env, url and
// headers, and the names of the variables that were missing.
func (c ServerConfig) Expanded(getenv func(string) (string, bool)) (ServerConfig, []string) {
	var missing []string
	ex := func(s string) string {
		v, m := Expand(s, getenv)
		missing = append(missing, m...)
		return v
	}
	out := c
	out.Command, out.URL = ex(c.Command), ex(c.URL)
	out.Args = make([]string, len(c.Args))
	for i, a := range c.Args {
		out.Args[i] = ex(a)
	}
	out.Env, out.Headers = exMap(c.Env, ex), exMap(c.Headers, ex)
	return out, missing
}

func exMap(m map[string]string, ex func(string) string) map[string]string {
	if m == nil {
		return nil
	}
	out := maps.Clone(m)
	for k, v := range out {
		out[k] = ex(v)
	}
	return out
}
