package cli

import (
	"github.com/spf13/cobra"

	"corvid/internal/app"
	"corvid/internal/doctor"
)

// doctorFlags are corvid doctor's own flags.
type doctorFlags struct {
	offline, json   bool
	timeout         string
	model, settings string
}

// doctorCommand is corvid doctor: check what a run here needs and say
// what is wrong, before a user files a bug.
func (c *CLI) doctorCommand() *cobra.Command {
	var f doctorFlags
	cmd := &cobra.Command{
		Use:   "doctor",
		Short: "Check the installation, credentials, API, settings and this directory; exit 1 if something is broken",
		Long: "corvid doctor checks what a run started here needs: the build, the API credentials (never\n" +
			"shown) and one tiny request to the configured base URL and model (skip it with --offline),\n" +
			"the shell, ripgrep and git, that the config and session directories are writable and have\n" +
			"room, that every settings file parses, this directory's trust and what it withholds, and the\n" +
			"instruction files read at start. It exits 1 when a check fails.",
		Args: checkArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error { return c.doctor(cmd, &f) },
	}
	fs := cmd.Flags()
	fs.BoolVar(&f.offline, "offline", false, "Do not send the test request to the API")
	fs.BoolVar(&f.json, "json", false, "Print the report as JSON")
	fs.StringVar(&f.timeout, "timeout", doctor.DefaultTimeout.String(), "How long the test request may take (`duration`)")
	fs.StringVar(&f.model, "model", "", "Check this `model` instead of the configured one")
	fs.StringVar(&f.settings, "settings", "", "Extra settings to check with the others: a JSON `file or string`")
	return cmd
}

func (c *CLI) doctor(cmd *cobra.Command, f *doctorFlags) error {
	timeout, err := parseDoctorTimeout(f.timeout)
	if err != nil {
		return err
	}
	cwd, err := c.getwd()
	if err != nil {
		return err
	}
	setup := app.Inspect(app.Options{Cwd: cwd, Getenv: c.getenv, Model: f.model, SettingsFlag: f.settings})
	report := doctor.Run(cmd.Context(), doctor.Options{Setup: setup, Getenv: c.getenv,
		Offline: f.offline, Timeout: timeout})
	if f.json {
		err = report.WriteJSON(c.Stdout)
	} else {
		err = report.WriteText(c.Stdout)
	}
	if err != nil {
		return err
	}
	if report.Broken() {
		return doctor.ErrBroken
	}
	return nil
}
