// Package toolsearch is the ToolSearch tool and the policy of deferred
// tool loading: when the MCP tools' definitions would take more than a
// share of the context window (ENABLE_TOOL_SEARCH, 10% by default), they
// are offered by name only (listed in a system reminder) and the model
// loads the ones it needs through ToolSearch, by exact name
// ("select:a,b") or by keywords. A loaded tool's definition joins the
// request's tool list after the others from the next request on.
//
// Only the composition root (internal/app) imports it.
package toolsearch
