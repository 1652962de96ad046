package app

import (
	"context"
	"os"

	"corvid/internal/config"
	"corvid/internal/doctor"
)

// Doctor runs corvid doctor's checklist for this conversation's options,
// without the API probe (the interface's /doctor).
func (c *Conversation) Doctor(ctx context.Context) doctor.Report {
	getenv := c.opts.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	return doctor.Run(ctx, doctor.Options{Setup: Inspect(c.opts), Getenv: getenv, Offline: true})
}

// EffectiveSettings lists the settings keys in effect for this
// conversation's options and the layer each comes from (the interface's
// /config); nil with the reason when the settings do not load.
func (c *Conversation) EffectiveSettings() ([]config.Setting, error) {
	s := Inspect(c.opts)
	if s.SettingsErr != nil {
		return nil, s.SettingsErr
	}
	if s.Settings == nil {
		return nil, nil
	}
	return s.Settings.Effective(), nil
}
