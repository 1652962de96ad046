// Package subagent defines sub-agents and runs them. A Definition is an
// agent type: a built-in one (general-purpose, Explore, Plan) or a custom
// one from a Markdown file with frontmatter (.claude/agents/*.md, the
// user's agents directory) or the --agents JSON. A Catalog holds the
// definitions a conversation knows, nearest source winning. A Runner
// runs one sub-agent as a child conversation over the parent's pieces
// (provider, permission policy, hooks, costs) with its own system
// prompt, tools, transcript and limits.
package subagent
