// Command fakeapi serves a providertest scenario as a fake Anthropic
// Messages API, so corvid (or any Messages-API client) can run end to end
// without the network:
//
//	go run ./internal/provider/providertest/cmd/fakeapi -scenario builtin:hello
//
// The first line on stdout is the base URL (for ANTHROPIC_BASE_URL). It
// serves until SIGINT or SIGTERM, or, with -exit-when-done, until every
// scripted turn has been played. With -loop the script starts over after
// its last turn, so every client run in a row gets the whole script.
// Violations of the API's conversation rules are printed to stderr at exit
// and make the exit status 1.
//
// -record DIR writes every request it received (headers, body; the API
// key redacted) into DIR as request-NNN.json when it exits.
//
// -prompt-cache prices input tokens with providertest's prompt-cache model
// (the package documentation describes it); -cache-min-tokens N sets the
// shortest cacheable prefix (default 1024, as the API) and implies it.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"corvid/internal/provider/providertest"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run is the whole command; it returns the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("fakeapi", flag.ContinueOnError)
	fs.SetOutput(stderr)
	scenario := fs.String("scenario", "", "scenario JSON file, or builtin:NAME (one of "+
		strings.Join(providertest.BuiltinNames(), ", ")+")")
	addr := fs.String("addr", "127.0.0.1:0", "address to listen on")
	exitWhenDone := fs.Bool("exit-when-done", false, "exit once every scripted turn has been played")
	loop := fs.Bool("loop", false, "after the last turn, start the script again from the first (each client run gets the whole script)")
	promptCache := fs.Bool("prompt-cache", false, "price input tokens with the prompt-cache model")
	minTokens := fs.Int("cache-min-tokens", providertest.DefaultCacheMinTokens,
		"shortest cacheable prefix in estimated tokens (implies -prompt-cache)")
	record := fs.String("record", "", "at exit, write every request (headers and body) into this directory")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	sc, err := loadScenario(*scenario)
	if err != nil {
		fmt.Fprintln(stderr, "fakeapi:", err)
		return 2
	}
	if *loop && *exitWhenDone {
		fmt.Fprintln(stderr, "fakeapi: -loop and -exit-when-done exclude each other (a looping script never ends)")
		return 2
	}
	sc.Loop = sc.Loop || *loop
	setCache(fs, &sc, *promptCache, *minTokens)
	srv, err := providertest.Listen(sc, *addr)
	if err != nil {
		fmt.Fprintln(stderr, "fakeapi:", err)
		return 1
	}
	fmt.Fprintln(stdout, srv.URL)
	serve(ctx, srv, *exitWhenDone)
	srv.Close()
	code := report(srv, stderr)
	if *record != "" {
		if err := dump(srv, *record); err != nil {
			fmt.Fprintln(stderr, "fakeapi: record:", err)
			return 1
		}
	}
	return code
}

// loadScenario reads a scenario file or names a builtin.
func loadScenario(spec string) (providertest.Scenario, error) {
	if spec == "" {
		return providertest.Scenario{}, errors.New("-scenario is required")
	}
	if name, ok := strings.CutPrefix(spec, "builtin:"); ok {
		sc, found := providertest.Builtin(name)
		if !found {
			return sc, fmt.Errorf("no builtin scenario %q (have %s)", name, strings.Join(providertest.BuiltinNames(), ", "))
		}
		return sc, nil
	}
	return providertest.Load(spec)
}

// setCache applies the cache flags: -prompt-cache turns the model on (a
// scenario's own prompt_cache settings are kept), and an explicit
// -cache-min-tokens turns it on and overrides the minimum.
func setCache(fs *flag.FlagSet, sc *providertest.Scenario, on bool, minTokens int) {
	minSet := false
	fs.Visit(func(f *flag.Flag) { minSet = minSet || f.Name == "cache-min-tokens" })
	if !on && !minSet {
		return
	}
	if sc.PromptCache == nil {
		sc.PromptCache = &providertest.CacheConfig{}
	}
	if minSet {
		sc.PromptCache.MinTokens = new(minTokens)
	}
}

// serve blocks until ctx ends or, if exitWhenDone, the script is played.
func serve(ctx context.Context, srv *providertest.Server, exitWhenDone bool) {
	var finished <-chan struct{}
	if exitWhenDone {
		finished = srv.Finished()
	}
	select {
	case <-ctx.Done():
	case <-finished:
	}
}

// report prints violations and unplayed turns; violations fail the run.
func report(srv *providertest.Server, stderr io.Writer) int {
	if n := srv.Remaining(); n > 0 {
		fmt.Fprintf(stderr, "fakeapi: %d scripted request(s) never arrived\n", n)
	}
	vs := srv.Violations()
	for _, v := range vs {
		fmt.Fprintln(stderr, "fakeapi: violation:", v)
	}
	if len(vs) > 0 {
		return 1
	}
	return 0
}
