package cli

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"corvid/internal/app"
)

// trustCommand is corvid trust [DIR]: record DIR (default: the current
// directory) as trusted, so its .claude settings may grant permissions.
func (c *CLI) trustCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "trust [DIR]",
		Short: "Trust a directory (default: the current one): its .claude settings may grant permissions",
		Long: "corvid trust records DIR, or the current directory, as trusted. Until then the allow rules\n" +
			"and permission mode in a repository's own .claude settings are ignored (deny rules apply).\n" +
			"DIR must be an existing directory.",
		Args: checkArgs(cobra.MaximumNArgs(1)),
		RunE: func(_ *cobra.Command, args []string) error { return c.trust(args) },
	}
}

func (c *CLI) trust(args []string) error {
	cwd, err := c.getwd()
	if err != nil {
		return err
	}
	dir := cwd
	if len(args) == 1 {
		dir = args[0]
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(cwd, dir)
		}
	}
	info, err := os.Stat(dir)
	switch {
	case err != nil:
		return fmt.Errorf("%w: %w", errTrustNotDir, err)
	case !info.IsDir():
		return fmt.Errorf("%w: %s", errTrustNotDir, dir)
	}
	recorded, err := app.Trust(c.getenv, cwd, dir)
	if err != nil {
		return err
	}
	fmt.Fprintf(c.Stdout, "Trusted %s: its .claude settings may now grant permissions.\n", recorded)
	return nil
}
