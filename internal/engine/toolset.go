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
	return e.cfg.Tools
}

// microOptions are the configured micro-compaction options; with no tool
// list configured, the tools that say their results may be cleared
// (tool.Rerunnable) among those offered now.
func (e *Engine) microOptions() compact.MicroOptions {
	o := e.cfg.Compaction.Micro
	if o.Tools == nil {
		o.Tools = []string{}
		for _, t := range e.cfg.Tools.Snapshot().Tools() {
			if tool.IsRerunnable(t) {
				o.Tools = append(o.Tools, t.Name())
			}
		}
	}
	return o
}
