package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"corvid/internal/cli"
)

// TestMain lets the test binary stand in for the corvid binary inside
// scripts: testscript runs it as "corvid".
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"corvid": func() { os.Exit(cli.Main()) },
	})
}

// testdataDir is the repository's testdata directory, for scripts that
// copy recorded fixtures ($CORVID_TESTDATA).
var testdataDir, _ = filepath.Abs("../../testdata")

// TestScripts runs testdata/script/*.txtar: the real binary against the
// scripted fake Messages API.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "../../testdata/script",
		RequireExplicitExec: true,
		Cmds:                scriptCommands(),
		Condition:           condition,
		Setup: func(env *testscript.Env) error {
			env.Setenv("CORVID_CONFIG_DIR", env.WorkDir+"/.corvid")
			env.Setenv("HOME", env.WorkDir+"/home")
			env.Setenv("CORVID_TESTDATA", testdataDir)
			return nil
		},
	})
}
