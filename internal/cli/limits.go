package cli

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/google/uuid"

	"corvid/internal/app"
)

// checkLimits checks the model choice and the turn and budget caps.
func checkLimits(f *flags, inv *invocation, _ env) error {
	o := &inv.opts
	o.Model = strings.TrimSpace(f.model)
	for _, m := range strings.Split(f.fallbackModel, ",") {
		if m = strings.TrimSpace(m); m == "" {
			continue
		}
		if m == o.Model {
			return usagef("Error: Fallback model cannot be the same as the main model. " +
				"Please specify a different model for --fallback-model.")
		}
		o.FallbackModels = append(o.FallbackModels, m)
	}
	if f.set("max-turns") {
		n, err := strconv.Atoi(strings.TrimSpace(f.maxTurns))
		if err != nil || n <= 0 {
			return usagef("Error: --max-turns must be a positive integer (got %q)", f.maxTurns)
		}
		o.MaxTurns = n
	}
	if f.set("max-budget-usd") {
		x, err := strconv.ParseFloat(strings.TrimSpace(f.maxBudget), 64)
		if err != nil || !(x > 0) || math.IsInf(x, 0) {
			return usagef("Error: --max-budget-usd must be a positive number (got %q)", f.maxBudget)
		}
		o.MaxBudgetUSD = x
	}
	return nil
}

// checkSession handles the session flags. Ignoring --mcp-config only
// means fewer tools, so it is a warning (--permission-prompt-tool is
// checkSDK's).
func checkSession(f *flags, inv *invocation, _ env) error {
	o := &inv.opts
	switch {
	case f.continueLast && f.set("resume"):
		return usagef("Error: --continue and --resume cannot be used together")
	case f.forkSession && !f.continueLast && !f.set("resume"):
		return usagef("Error: --fork-session requires --continue or --resume")
	case f.resume == resumePicker:
		inv.listSessions = true
	case f.set("resume"):
		o.Resume = strings.TrimSpace(f.resume)
	}
	o.Continue, o.ForkSession = f.continueLast, f.forkSession
	if (o.Continue || o.Resume != "") && f.set("session-id") && !f.forkSession {
		return usagef("Error: --session-id can only be used with --continue or --resume if --fork-session is also given")
	}
	if f.set("resume") && !inv.listSessions {
		if err := checkResume(o.Resume); err != nil {
			return err
		}
	}
	if f.set("session-id") {
		if _, err := uuid.Parse(f.sessionID); err != nil {
			return usagef("Error: Invalid session ID. Must be a valid UUID.")
		}
		inv.opts.SessionID = f.sessionID
	}
	inv.opts.MCPConfig = f.mcpConfig
	inv.opts.StrictMCPConfig = f.set("strict-mcp-config") && f.value("strict-mcp-config") == "true"
	inv.opts.NoSessionPersistence = f.noPersistence
	inv.opts.Debug = f.debug
	if unknown := app.UnknownDebugCategories(f.debug); len(unknown) > 0 {
		inv.warnings = append(inv.warnings, fmt.Sprintf("Warning: --debug: %s logs nothing in corvid (categories: %s)",
			strings.Join(unknown, ", "), strings.Join(app.DebugCategories, ", ")))
	}
	return nil
}
