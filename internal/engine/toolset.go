package engine

import (
	"corvid/internal/compact"
	"corvid/internal/tool"
)

// toolset returns the tools of the request in flight, or the current
// ones before the first request.
func (e *Engine) toolset() *tool.Registry {
	if t := e.tools.Load(); t != nil {
		return t
	}
	return e.deps.Tools
}

// microOptions are the policy's micro-compaction options o; with no tool
// list configured, the tools that say their results may be cleared
// (tool.Rerunnable) among those offered now.
func (e *Engine) microOptions(o compact.MicroOptions) compact.MicroOptions {
	if o.Tools == nil {
		o.Tools = []string{}
		for _, t := range e.deps.Tools.Snapshot().Tools() {
			if tool.IsRerunnable(t) {
				o.Tools = append(o.Tools, t.Name())
			}
		}
	}
	return o
}
