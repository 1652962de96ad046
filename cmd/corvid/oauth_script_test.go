package main

import (
	"bufio"
	"bytes"
	"maps"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"corvid/internal/mcp/oauthtest"
)

// TestOAuthScripts runs testdata/oauth/*.txtar: the real binary against
// an OAuth-protected MCP server and its authorization server, started in
// the test process by the oauthserver command; oauthlogin plays the user
// with a browser.
func TestOAuthScripts(t *testing.T) {
	cmds := scriptCommands()
	maps.Copy(cmds, map[string]func(*testscript.TestScript, bool, []string){
		"oauthserver": cmdOAuthServer,
		"oauthlogin":  cmdOAuthLogin,
	})
	testscript.Run(t, testscript.Params{
		Dir:                 "../../testdata/oauth",
		RequireExplicitExec: true,
		Cmds:                cmds,
		Condition:           condition,
		Setup: func(env *testscript.Env) error {
			env.Setenv("CORVID_CONFIG_DIR", env.WorkDir+"/.corvid")
			env.Setenv("HOME", env.WorkDir+"/home")
			return nil
		},
	})
}

// cmdOAuthServer starts an authorization server and a protected MCP
// endpoint (one tool, whoami) and sets $MCPURL to the endpoint. With
// "nometa" the endpoint publishes no OAuth metadata.
func cmdOAuthServer(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("oauthserver does not take !")
	}
	as := oauthtest.NewAuthServer()
	p := oauthtest.NewProtected(as, oauthtest.EchoMCP(), len(args) > 0 && args[0] == "nometa")
	ts.Defer(func() {
		p.Close()
		as.Close()
	})
	ts.Setenv("MCPURL", p.MCPURL)
}

// cmdOAuthLogin runs `corvid mcp login <name>`, opens the authorization
// URL it prints as a browser would (following the redirects back to
// corvid's listener), and writes what corvid printed to login.out.
func cmdOAuthLogin(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 1 {
		ts.Fatalf("usage: oauthlogin <name>")
	}
	bin, err := lookPath(ts.Getenv("PATH"), "corvid")
	ts.Check(err)
	cmd := exec.Command(bin, "mcp", "login", args[0])
	cmd.Dir = ts.MkAbs(".")
	cmd.Env = []string{"PATH=" + ts.Getenv("PATH"), "HOME=" + ts.Getenv("HOME"),
		"CORVID_CONFIG_DIR=" + ts.Getenv("CORVID_CONFIG_DIR")}
	stdout, err := cmd.StdoutPipe()
	ts.Check(err)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	ts.Check(cmd.Start())
	var out bytes.Buffer
	var visits sync.WaitGroup
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		line := sc.Text()
		out.WriteString(line + "\n")
		if u, ok := strings.CutPrefix(line, "  http"); ok {
			visits.Add(1)
			go func() {
				defer visits.Done()
				c := &http.Client{Timeout: time.Minute}
				if resp, err := c.Get("http" + u); err == nil {
					resp.Body.Close()
				}
			}()
		}
	}
	err = cmd.Wait()
	visits.Wait()
	out.WriteString(stderr.String())
	ts.Check(os.WriteFile(ts.MkAbs("login.out"), out.Bytes(), 0o644))
	if (err != nil) != neg {
		ts.Fatalf("corvid mcp login: %v\n%s", err, out.String())
	}
}

func lookPath(path, name string) (string, error) {
	for _, dir := range filepath.SplitList(path) {
		p := filepath.Join(dir, name)
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p, nil
		}
	}
	return "", exec.ErrNotFound
}
