package shelltest

import (
	"bufio"
	"context"
	_ "embed" // the class-4 cases
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"corvid/internal/shell"
)

//go:embed cases.txt
var casesText string

// Cases are the adversarial commands of cases.txt: constructs that
// mvdan/sh and Bash may read differently.
func Cases() ([]string, error) {
	var out []string
	sc := bufio.NewScanner(strings.NewReader(casesText))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		s, err := strconv.Unquote(line)
		if err != nil {
			return nil, fmt.Errorf("cases.txt:%d: %w", n, err)
		}
		out = append(out, s)
	}
	return out, nil
}

// Timeout bounds one command under bash.
const Timeout = 2 * time.Second

// Case is one command and whether the analysis approved it (called it
// read-only, or the permission engine allowed it).
type Case struct {
	Command  string
	Approved bool
}

// Finding is a program bash ran that the analysis did not see.
type Finding struct {
	Case
	Unseen []Exec
	Parsed bool // the analysis parsed the command
}

func (f Finding) String() string {
	verdict := "not approved"
	if f.Approved {
		verdict = "APPROVED"
	}
	return fmt.Sprintf("%q (%s, parsed %v): bash ran %v", f.Command, verdict, f.Parsed, f.Unseen)
}

// Check runs c under bash in j and returns a finding when bash ran a
// program the analysis did not see (every program counts when the
// analysis could not parse the command).
func Check(ctx context.Context, j *Jail, c Case) (*Finding, error) {
	res, err := j.Run(ctx, c.Command, Timeout)
	if errors.Is(err, ErrNul) {
		return nil, nil // no process can receive it
	}
	if err != nil {
		return nil, fmt.Errorf("%q: %w", c.Command, err)
	}
	a, perr := shell.Parse(c.Command)
	unseen := res.Execs
	if perr == nil {
		unseen = Unseen(a, res.Execs)
	}
	if len(unseen) == 0 {
		return nil, nil
	}
	return &Finding{Case: c, Unseen: unseen, Parsed: perr == nil}, nil
}

// CheckAll runs Check over cases on the jails in parallel, one worker a
// jail, and returns the findings in the order of cases.
func CheckAll(ctx context.Context, jails []*Jail, cases []Case) ([]Finding, error) {
	found := make([]*Finding, len(cases))
	errs := make([]error, len(cases))
	next := make(chan int)
	var wg sync.WaitGroup
	for _, j := range jails {
		wg.Go(func() {
			for i := range next {
				found[i], errs[i] = Check(ctx, j, cases[i])
			}
		})
	}
	for i := range cases {
		next <- i
	}
	close(next)
	wg.Wait()
	var out []Finding
	for _, f := range found {
		if f != nil {
			out = append(out, *f)
		}
	}
	return out, errors.Join(errs...)
}
