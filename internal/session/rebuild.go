package session

import (
	"errors"
	"io"
	"runtime"
	"slices"
	"sync"

	"corvid/internal/provider"
)

// readWindow is how much of the file one read may cover when several
// messages lie close together.
const readWindow = 4 << 20

// rebuild decodes the messages of the chain and assembles them. bad counts
// chain entries whose message could not be decoded. user, when set, is
// given each decoded user entry on the path, in order.
func (ix *index) rebuild(f io.ReaderAt, chain []step, user func(pos int32, e *entryInfo, blocks []provider.Block)) (msgs []provider.Message, model string, bad int, err error) {
	var jobs []span
	var infos []*entryInfo
	var extra []bool
	var pos []int32
	for _, st := range chain {
		e := &ix.entries[st.pos]
		if e.kind != kindUser && e.kind != kindAssistant {
			continue
		}
		if e.payload.n == 0 {
			bad++
			continue
		}
		jobs = append(jobs, e.payload)
		infos = append(infos, e)
		extra = append(extra, st.extra)
		pos = append(pos, st.pos)
	}
	decoded, ok, err := decodeAll(f, jobs)
	if err != nil {
		return nil, "", 0, err
	}
	keepExtras(infos, decoded, ok, extra)
	var a assembler
	for k, e := range infos {
		if !ok[k] {
			if !extra[k] {
				bad++
			}
			continue
		}
		if user != nil && e.kind == kindUser && !extra[k] {
			user(pos[k], e, decoded[k].blocks)
		}
		a.add(e, decoded[k])
	}
	msgs, model = a.finish()
	return msgs, model, bad, nil
}

// keepExtras drops (sets ok false for) the off-path user entries that are
// not tool results only, and off-path results for a tool_use that an
// entry on the path already answers: the path wins.
func keepExtras(infos []*entryInfo, decoded []decodedMsg, ok, extra []bool) {
	answered := map[string]bool{}
	for k, e := range infos {
		if ok[k] && !extra[k] && e.kind == kindUser {
			for _, b := range decoded[k].blocks {
				if b.Type == provider.BlockToolResult {
					answered[b.ToolUseID] = true
				}
			}
		}
	}
	for k, e := range infos {
		if !ok[k] || !extra[k] || e.kind != kindUser {
			continue
		}
		blocks := decoded[k].blocks
		if !onlyToolResults(blocks) || slices.ContainsFunc(blocks, func(b provider.Block) bool { return answered[b.ToolUseID] }) {
			ok[k] = false
			continue
		}
		for _, b := range blocks {
			answered[b.ToolUseID] = true
		}
	}
}

// decodeAll decodes the message at each span, spreading the work over at
// most GOMAXPROCS goroutines, each given a contiguous run of about the
// same number of bytes. ok[k] is false for a message that did not decode.
func decodeAll(f io.ReaderAt, jobs []span) ([]decodedMsg, []bool, error) {
	out, ok := make([]decodedMsg, len(jobs)), make([]bool, len(jobs))
	var total int64
	for _, j := range jobs {
		total += int64(j.n)
	}
	workers := int(min(int64(runtime.GOMAXPROCS(0)), total/(1<<20)+1, int64(len(jobs))))
	if workers <= 1 {
		return out, ok, decodeRun(f, jobs, out, ok)
	}
	errs := make([]error, workers)
	var wg sync.WaitGroup
	lo, done := 0, int64(0)
	for w := range workers {
		hi := lo
		target := total * int64(w+1) / int64(workers)
		for hi < len(jobs) && (done < target || w == workers-1) {
			done += int64(jobs[hi].n)
			hi++
		}
		js, o, k := jobs[lo:hi], out[lo:hi], ok[lo:hi]
		wg.Go(func() { errs[w] = decodeRun(f, js, o, k) })
		lo = hi
	}
	wg.Wait()
	return out, ok, errors.Join(errs...)
}

// decodeRun decodes a run of messages, reading neighbouring ones together.
func decodeRun(f io.ReaderAt, jobs []span, out []decodedMsg, ok []bool) error {
	var buf []byte
	for i := 0; i < len(jobs); {
		start, end := jobs[i].off, jobs[i].off+int64(jobs[i].n)
		j := i + 1
		for j < len(jobs) && jobs[j].off >= end && jobs[j].off+int64(jobs[j].n)-start <= readWindow {
			end = jobs[j].off + int64(jobs[j].n)
			j++
		}
		if int64(cap(buf)) < end-start {
			buf = make([]byte, end-start)
		}
		buf = buf[:end-start]
		if n, err := f.ReadAt(buf, start); n < len(buf) {
			return err
		}
		for k := i; k < j; k++ {
			rel := jobs[k].off - start
			m, err := decodeMessage(buf[rel : rel+int64(jobs[k].n)])
			out[k], ok[k] = m, err == nil
		}
		i = j
	}
	return nil
}

// assembler turns chain entries into API messages. Blocks of one response
// (same message id) form one assistant message; tool results recorded
// while that response was still streaming are held back and open the
// next user message; consecutive user entries merge.
type assembler struct {
	msgs    []provider.Message
	open    *provider.Message // the assistant message being built
	openID  string
	pending []provider.Block // tool results that arrived while open
	model   string
}

func (a *assembler) add(e *entryInfo, m decodedMsg) {
	if e.kind == kindAssistant {
		if e.apiError || m.model == syntheticModel {
			return // a stand-in for a failed request, not conversation
		}
		a.model = m.model
		if a.open != nil && m.id != "" && m.id == a.openID {
			a.open.Content = append(a.open.Content, m.blocks...)
			return
		}
		a.close()
		a.open = &provider.Message{Role: provider.RoleAssistant, Content: m.blocks}
		a.openID = m.id
		return
	}
	if a.open != nil && onlyToolResults(m.blocks) {
		a.pending = append(a.pending, m.blocks...)
		return
	}
	a.close()
	a.addUser(m.blocks)
}

// close ends the open assistant message, then the held-back results.
func (a *assembler) close() {
	if a.open == nil {
		return
	}
	a.msgs = append(a.msgs, *a.open)
	a.open, a.openID = nil, ""
	a.addUser(a.pending)
	a.pending = nil
}

func (a *assembler) addUser(blocks []provider.Block) {
	if len(blocks) == 0 {
		return
	}
	if n := len(a.msgs); n > 0 && a.msgs[n-1].Role == provider.RoleUser {
		a.msgs[n-1].Content = append(a.msgs[n-1].Content, blocks...)
		return
	}
	a.msgs = append(a.msgs, provider.Message{Role: provider.RoleUser, Content: blocks})
}

func (a *assembler) finish() ([]provider.Message, string) {
	a.close()
	return a.msgs, a.model
}

func onlyToolResults(blocks []provider.Block) bool {
	for _, b := range blocks {
		if b.Type != provider.BlockToolResult {
			return false
		}
	}
	return len(blocks) > 0
}
