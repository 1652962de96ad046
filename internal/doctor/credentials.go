package doctor

import (
	"fmt"
	"strings"
)

// creds is where the API credentials come from. It never holds the
// secret itself, only its name, source and length.
type creds struct {
	name, source string
	length       int
}

// credentials finds the key a run would send: ANTHROPIC_API_KEY (as
// x-api-key), else ANTHROPIC_AUTH_TOKEN (as a bearer token), from the
// environment or from a settings file's env.
func credentials(o Options) creds {
	for _, name := range []string{"ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN"} {
		v := strings.TrimSpace(o.Setup.Getenv(name))
		if v == "" {
			continue
		}
		source := "the environment"
		if strings.TrimSpace(getenv(o, name)) != v {
			source = "a settings file's env"
		}
		return creds{name: name, source: source, length: len(v)}
	}
	return creds{}
}

func getenv(o Options, name string) string {
	if o.Getenv == nil {
		return ""
	}
	return o.Getenv(name)
}

func (c creds) check() Check {
	if c.name == "" {
		return Check{Name: "credentials", Status: StatusFail,
			Detail: "none: set ANTHROPIC_API_KEY (or ANTHROPIC_AUTH_TOKEN for a bearer token)"}
	}
	return Check{Name: "credentials", Status: StatusOK,
		Detail: fmt.Sprintf("%s from %s (%d characters; not shown)", c.name, c.source, c.length)}
}
