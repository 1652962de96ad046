package permission

import "context"

// modeWidth orders modes by how much they allow without asking; modes
// of the same width are not comparable (plan and dontAsk refuse
// different things).
var modeWidth = map[Mode]int{ModePlan: 1, ModeDontAsk: 1, ModeDefault: 2, ModeAuto: 3,
	ModeAcceptEdits: 3, ModeBypass: 4}

// Narrower returns want when it allows less than have, else have: a
// sub-agent's mode never widens its parent's. An unknown or incomparable
// want keeps have.
func Narrower(have, want Mode) Mode {
	wh, okh := modeWidth[have]
	ww, okw := modeWidth[want]
	if okh && okw && ww < wh {
		return want
	}
	return have
}

// Narrowed is the engine's rules, asker and session answers under a mode
// no wider than the engine's live one (a sub-agent's permissionMode).
type Narrowed struct {
	e    *Engine
	mode Mode
}

var _ Checker = Narrowed{}

// Narrow returns a Checker that judges like e, under Narrower(e's mode at
// each call, mode).
func (e *Engine) Narrow(mode Mode) Narrowed { return Narrowed{e: e, mode: mode} }

// Check judges req under the narrowed mode.
func (n Narrowed) Check(ctx context.Context, req Request) Decision {
	return n.e.check(ctx, req, Narrower(n.e.effectiveMode(), n.mode))
}
