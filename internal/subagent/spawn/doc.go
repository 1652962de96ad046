// Package spawn runs sub-agents: a Runner starts each one as a child
// engine.Engine over the pieces of its parent conversation (provider,
// permission policy, hooks, costs) with the definition's system prompt,
// tools and limits, its own transcript and file-state view, in the
// foreground (the Agent call waits) or in the background.
package spawn
