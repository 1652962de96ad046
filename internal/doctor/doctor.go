package doctor

import (
	"context"
	"os/exec"
	"time"
)

// DefaultTimeout bounds the API probe.
const DefaultTimeout = 10 * time.Second

// Options is what the checks look at.
type Options struct {
	// Setup is what a run here would resolve (app.Inspect).
	Setup Setup
	// Getenv reads the process environment (credentials' source).
	Getenv func(string) string
	// Offline skips the API probe.
	Offline bool
	// Timeout bounds the API probe; 0 means DefaultTimeout.
	Timeout time.Duration
	// LookPath finds programs; nil means exec.LookPath.
	LookPath func(string) (string, error)
}

func (o Options) lookPath(name string) (string, error) {
	if o.LookPath != nil {
		return o.LookPath(name)
	}
	return exec.LookPath(name)
}

func (o Options) timeout() time.Duration {
	if o.Timeout > 0 {
		return o.Timeout
	}
	return DefaultTimeout
}

// Run runs every check, in the checklist's order.
func Run(ctx context.Context, o Options) Report {
	creds := credentials(o)
	checks := []Check{
		buildCheck(),
		creds.check(),
		apiCheck(ctx, o, creds),
	}
	checks = append(checks, programChecks(o)...)
	checks = append(checks, dirChecks(o)...)
	checks = append(checks, settingsCheck(o), trustCheck(o), instructionsCheck(o))
	r := Report{Checks: checks}
	r.OK = !r.Broken()
	return r
}
