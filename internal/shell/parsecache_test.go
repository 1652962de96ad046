package shell

import (
	"fmt"
	"reflect"
	"sync"
	"testing"
)

// cacheCommands hold every part an Analysis has: lists, pipes,
// substitutions, loops, functions, redirections, assignments, wrappers.
var cacheCommands = []string{
	"ls -la",
	"cd src && go test ./... 2>&1 | tee out.log",
	`find . -name '*.go' | xargs grep -n "TODO" | sort | uniq -c | head -20 2>/dev/null`,
	"for f in *.txt a.md; do wc -l \"$f\"; done",
	"X=1 timeout 5 nice env -i Y=2 make build > log 2>&1",
	"echo $(date) `whoami` <(cat a) >(wc -c)",
	"f() { rm -rf /tmp/x; }; f",
	"while read l; do echo \"$l\"; done < a.txt",
	"declare -A m=([a]=1) ; export PATH=$PATH:/x",
	"cat <<EOF\nhello $USER\nEOF",
	"coproc cat",
	"echo $((1 + x)) ${!ref}",
	"git -C sub status --short | head",
	"sh -c 'echo hi; rm -f x'",
}

// TestParseCacheAgreesWithParse checks that an analysis from the cache
// is the one a fresh parse gives, on the first Parse and on later ones
// (fails if the cache hands out another command's analysis or a copy
// that lost a part).
func TestParseCacheAgreesWithParse(t *testing.T) {
	for _, cmd := range cacheCommands {
		want, err := parse(cmd)
		if err != nil {
			t.Fatalf("%q: %v", cmd, err)
		}
		for i := range 3 {
			got, err := Parse(cmd)
			if err != nil {
				t.Fatalf("%q: %v", cmd, err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%q, Parse #%d:\n got %+v\nwant %+v", cmd, i+1, got, want)
			}
		}
	}
}

// TestParseCacheCopies checks that what one caller does to its analysis
// (reassigning, appending to its lists and to a command's words) is not
// seen by the next caller of the same command (fails if the cache hands
// out its own analysis, or slices with room to append into).
func TestParseCacheCopies(t *testing.T) {
	const cmd = "for f in a b; do A=1 B=2 C=3 nice wc -l \"$f\" > out; done; echo $(date)"
	want, _ := parse(cmd)
	Parse(cmd) // cached: a and b below are copies of the cache's
	a, _ := Parse(cmd)
	b, _ := Parse(cmd)
	evil := Word{Text: "rm"}
	for i := range a.Commands {
		x, y := &a.Commands[i], &b.Commands[i]
		x.Args, y.Args = append(x.Args, evil), append(y.Args, Word{Text: "ok"})
		x.Raw, y.Raw = append(x.Raw, evil), append(y.Raw, Word{Text: "ok"})
		x.Assigns, y.Assigns = append(x.Assigns, Assign{Name: "BASH_ENV"}), append(y.Assigns, Assign{Name: "OK"})
		x.Wrappers, y.Wrappers = append(x.Wrappers, "sudo"), append(y.Wrappers, "ok")
		if x.Args[len(x.Args)-1] != evil || x.Raw[len(x.Raw)-1] != evil ||
			x.Assigns[len(x.Assigns)-1].Name != "BASH_ENV" || x.Wrappers[len(x.Wrappers)-1] != "sudo" {
			t.Errorf("command %d: another caller's append overwrote this one's: %+v", i, *x)
		}
		x.Name = evil
	}
	a.Commands = append(a.Commands, Command{Name: evil})
	a.Redirects = append(a.Redirects[:0], Redirect{Op: ">", Target: Word{Text: "/etc/passwd"}})
	a.Substs = nil
	a.Loops["f"] = append(a.Loops["f"], Word{Text: "/etc"})
	a.Loops["g"] = nil
	a.Arithmetic = true
	c, _ := Parse(cmd)
	if !reflect.DeepEqual(c, want) {
		t.Errorf("a caller's changes reached the cache:\n got %+v\nwant %+v", c, want)
	}
}

// TestParseCacheBounded checks that the cache forgets the least
// recently used command beyond its bound, and keeps failures out.
func TestParseCacheBounded(t *testing.T) {
	keep := "echo kept"
	if _, err := Parse(keep); err != nil {
		t.Fatal(err)
	}
	for i := range 3 * parseCacheSize {
		if _, err := Parse(fmt.Sprintf("echo %d", i)); err != nil {
			t.Fatal(err)
		}
		if i%8 == 0 {
			Parse(keep) // used often: stays
		}
	}
	for range 2 {
		if _, err := Parse("echo 'unterminated"); err == nil {
			t.Error("an unterminated quote parsed")
		}
	}
	parsed.mu.Lock()
	defer parsed.mu.Unlock()
	if n, m := len(parsed.byText), parsed.order.Len(); n != parseCacheSize || m != n {
		t.Errorf("cache holds %d commands (%d in order), want %d", n, m, parseCacheSize)
	}
	if _, ok := parsed.byText["echo 0"]; ok {
		t.Error("the least recently used command is still cached")
	}
	if _, ok := parsed.byText[keep]; !ok {
		t.Error("a recently used command was forgotten")
	}
	if _, ok := parsed.byText["echo 'unterminated"]; ok {
		t.Error("a failed parse was cached")
	}
}

// TestParseCacheConcurrent parses the same commands from several
// goroutines (for the race detector) and checks every answer.
func TestParseCacheConcurrent(t *testing.T) {
	want := map[string]*Analysis{}
	for _, cmd := range cacheCommands {
		want[cmd], _ = parse(cmd)
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 50 {
				cmd := cacheCommands[(g+i)%len(cacheCommands)]
				a, err := Parse(cmd)
				if err != nil || !reflect.DeepEqual(a, want[cmd]) {
					t.Errorf("%q: %v, analysis differs: %+v", cmd, err, a)
					return
				}
				a.Commands = append(a.Commands[:0], Command{})
			}
		}()
	}
	wg.Wait()
}
