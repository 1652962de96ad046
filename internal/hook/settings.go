package hook

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// entry is one element of an event's list in a settings file.
type entry struct {
	Matcher string            `json:"matcher"`
	Hooks   []json.RawMessage `json:"hooks"`
}

// Decode reads the "hooks" value of one settings file. A malformed
// entry, handler or matcher is skipped with an error naming the file and
// the entry (ErrBadConfig); the rest still loads.
func Decode(raw json.RawMessage, file, source string) ([]Handler, []error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var events map[string]json.RawMessage
	if err := json.Unmarshal(raw, &events); err != nil {
		return nil, []error{fmt.Errorf("%w: %s: \"hooks\" must be an object of events: %v", ErrBadConfig, file, err)}
	}
	names := make([]string, 0, len(events))
	for ev := range events {
		names = append(names, ev)
	}
	sort.Strings(names)
	var out []Handler
	var errs []error
	for _, ev := range names {
		if !KnownEvent(ev) {
			errs = append(errs, fmt.Errorf("%w: %s: hooks.%s is not a hook event (names are case-sensitive, "+
				"such as PreToolUse or Stop), so its hooks never run", ErrBadConfig, file, ev))
			continue
		}
		hs, es := decodeEvent(ev, events[ev], file, source)
		out, errs = append(out, hs...), append(errs, es...)
	}
	return out, errs
}

// decodeEvent reads one event's list of matcher entries.
func decodeEvent(ev string, raw json.RawMessage, file, source string) ([]Handler, []error) {
	var entries []json.RawMessage
	if err := json.Unmarshal(raw, &entries); err != nil {
		return nil, []error{fmt.Errorf("%w: %s: hooks.%s must be a list of {matcher, hooks}: %v", ErrBadConfig, file, ev, err)}
	}
	var out []Handler
	var errs []error
	for i, r := range entries {
		where := fmt.Sprintf("%s: hooks.%s[%d]", file, ev, i)
		var e entry
		if err := json.Unmarshal(r, &e); err != nil {
			errs = append(errs, fmt.Errorf("%w: %s: %v", ErrBadConfig, where, err))
			continue
		}
		if err := checkMatcher(e.Matcher); err != nil {
			errs = append(errs, fmt.Errorf("%w: %s: matcher %q is not a valid regular expression, so its hooks (%s) never run: %v",
				ErrBadConfig, where, e.Matcher, handlerNames(e.Hooks), err))
			continue
		}
		for j, hr := range e.Hooks {
			h := Handler{}
			err := json.Unmarshal(hr, &h)
			if err == nil {
				err = h.check()
			}
			if err != nil {
				errs = append(errs, fmt.Errorf("%w: %s.hooks[%d]: %v", ErrBadConfig, where, j, err))
				continue
			}
			h.Event, h.Matcher, h.File, h.Source = ev, e.Matcher, file, source
			out = append(out, h)
		}
	}
	return out, errs
}

// checkMatcher reports a matcher that is a regular expression that does
// not compile (Go's RE2 syntax: no lookaround or backreferences).
func checkMatcher(pattern string) error {
	p := strings.TrimSpace(pattern)
	if p == "" || p == "*" || nameList.MatchString(p) {
		return nil
	}
	_, err := regexp.Compile(p)
	return err
}

// Merge concatenates the handlers of several files, strongest first, and
// keeps one of each set of identical handlers (the first).
func Merge(lists ...[]Handler) []Handler {
	seen := map[string]bool{}
	var out []Handler
	for _, l := range lists {
		for _, h := range l {
			if k := h.key(); !seen[k] {
				seen[k] = true
				out = append(out, h)
			}
		}
	}
	return out
}

// Register turns handlers into a Set's registrations: handler i runs as
// callback prefix+i, with its own timeout.
func Register(hs []Handler, prefix string) (map[string][]Matcher, map[string]Handler) {
	events := map[string][]Matcher{}
	byID := map[string]Handler{}
	for i, h := range hs {
		id := prefix + strconv.Itoa(i)
		byID[id] = h
		events[h.Event] = append(events[h.Event], Matcher{Pattern: h.Matcher, Callbacks: []string{id},
			Timeout: h.TimeoutOrDefault()})
	}
	return events, byID
}

// handlerNames lists the handlers of an entry as messages name them.
func handlerNames(raws []json.RawMessage) string {
	var names []string
	for _, r := range raws {
		var h Handler
		if json.Unmarshal(r, &h) == nil {
			names = append(names, strconv.Quote(h.Name()))
		}
	}
	return strings.Join(names, ", ")
}
