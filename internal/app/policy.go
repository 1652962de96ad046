package app

import (
	"corvid/internal/engine"
	"corvid/internal/model"
)

// overrideModel makes m the main model for one turn (a command whose
// model: names one); the returned func gives the previous model back,
// unless the host chose another one while the turn ran: that choice
// stays.
func (c *Conversation) overrideModel(m model.Info) (restore func()) {
	var prev model.Info
	c.eng.UpdatePolicy(func(p *engine.Policy) { prev, p.Model = p.Model, m })
	return func() {
		c.eng.UpdatePolicy(func(p *engine.Policy) {
			if sameModel(p.Model, m) {
				p.Model = prev
			}
		})
	}
}

func sameModel(a, b model.Info) bool { return a.ID == b.ID && a.LongContext == b.LongContext }
