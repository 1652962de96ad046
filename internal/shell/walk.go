package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// walker collects an Analysis from a parsed file.
type walker struct {
	src    string
	a      *Analysis
	substs [][2]uint           // source ranges of substitutions seen so far
	index  map[syntax.Node]int // command node → index in a.Commands
	loops  loopState
	pipes  [][2]syntax.Node // (writer, reader) pairs of simple commands joined by |
}

func analyse(f *syntax.File, src string) *Analysis {
	w := &walker{src: src, a: &Analysis{last: -1, Commands: make([]Command, 0, 4)}, index: make(map[syntax.Node]int, 4)}
	syntax.Walk(f, w.visit)
	w.finishLoops()
	w.finishPipes()
	w.a.last = w.lastOf(f.Stmts)
	w.a.History = historyExpansion(src)
	return w.a
}

// visit sees every node in preorder, so a substitution is recorded
// before the commands inside it.
func (w *walker) visit(n syntax.Node) bool {
	w.loopVisit(n)
	switch n := n.(type) {
	case *syntax.CallExpr:
		w.call(n)
	case *syntax.DeclClause:
		w.decl(n)
	case *syntax.TestClause:
		name := Word{Text: "[["}
		w.add(n, Command{Name: name, Source: w.text(n), Raw: []Word{name}})
	case *syntax.Redirect:
		w.redirect(n)
	case *syntax.CmdSubst:
		kind := "$("
		if n.Backquotes {
			kind = "`"
		}
		w.subst(n, kind)
	case *syntax.ProcSubst:
		w.subst(n, n.Op.String())
	case *syntax.FuncDecl:
		if n.Name != nil {
			w.a.Funcs = append(w.a.Funcs, n.Name.Value)
		}
	case *syntax.CoprocClause:
		w.a.Coproc = true
	case *syntax.BinaryCmd:
		if n.Op == syntax.Pipe {
			if x, y := pipeEnd(n.X), pipeStart(n.Y); x != nil && y != nil {
				w.pipes = append(w.pipes, [2]syntax.Node{x, y})
			}
		}
	default:
		w.arith(n)
	}
	return true
}

func (w *walker) call(n *syntax.CallExpr) {
	words := make([]Word, len(n.Args))
	for i, arg := range n.Args {
		words[i] = w.word(arg)
	}
	c := strip(words)
	c.Raw = words
	c.Assigns = append(w.assigns(n.Assigns), c.Assigns...)
	c.Source = w.text(n)
	switch c.Name.Text {
	case "cd", "pushd", "popd":
		w.a.ChangesDir = true
	}
	w.add(n, c)
}

// decl records `export`, `declare`, `local`, `readonly`, `typeset` and
// `nameref` as commands: options and bare names are their arguments.
func (w *walker) decl(n *syntax.DeclClause) {
	c := Command{Name: Word{Text: n.Variant.Value}, Source: w.text(n)}
	for _, as := range n.Args {
		switch {
		case as.Naked && as.Name != nil:
			c.Args = append(c.Args, Word{Text: as.Name.Value})
		case as.Naked:
			c.Args = append(c.Args, w.word(as.Value))
		default:
			c.Assigns = append(c.Assigns, w.assign(as))
		}
	}
	c.Raw = append([]Word{c.Name}, c.Args...)
	for _, arg := range c.Args {
		if arg.Dynamic || (len(arg.Text) > 1 && arg.Text[0] == '-' && strings.IndexByte(arg.Text, 'i') >= 0) {
			w.a.Arithmetic = true // declare -i evaluates values
		}
	}
	w.add(n, c)
}

func (w *walker) add(n syntax.Node, c Command) {
	c.Nested = w.nested(n.Pos())
	w.index[n] = len(w.a.Commands)
	w.a.Commands = append(w.a.Commands, c)
}

func (w *walker) assigns(list []*syntax.Assign) []Assign {
	var out []Assign
	for _, as := range list {
		out = append(out, w.assign(as))
	}
	return out
}

func (w *walker) assign(as *syntax.Assign) Assign {
	out := Assign{Value: w.word(as.Value)}
	if as.Name != nil {
		out.Name = as.Name.Value
	}
	if as.Array != nil || as.Index != nil {
		out.Value = Word{Text: w.text(as), Dynamic: true}
	}
	if as.Index != nil && !literalArith(as.Index) {
		w.a.Arithmetic = true // a subscript is evaluated
	}
	if as.Array != nil {
		for _, e := range as.Array.Elems {
			if e.Index != nil && !literalArith(e.Index) {
				w.a.Arithmetic = true
			}
		}
	}
	return out
}

func (w *walker) redirect(n *syntax.Redirect) {
	r := Redirect{Op: n.Op.String(), Target: w.word(n.Word)}
	if n.N != nil {
		r.Fd = n.N.Value
	}
	w.a.Redirects = append(w.a.Redirects, r)
}

func (w *walker) subst(n syntax.Node, kind string) {
	w.substs = append(w.substs, [2]uint{n.Pos().Offset(), n.End().Offset()})
	w.a.Substs = append(w.a.Substs, Subst{Kind: kind, Source: w.text(n)})
}

// nested reports whether pos lies inside a substitution seen so far.
func (w *walker) nested(pos syntax.Pos) bool {
	off := pos.Offset()
	for _, r := range w.substs {
		if off > r[0] && off < r[1] {
			return true
		}
	}
	return false
}

// text is n's source text.
func (w *walker) text(n syntax.Node) string {
	start, end := n.Pos().Offset(), n.End().Offset()
	if start > end || end > uint(len(w.src)) {
		return ""
	}
	return w.src[start:end]
}

// lastOf returns the index of the command whose exit status is the
// list's, or -1.
func (w *walker) lastOf(stmts []*syntax.Stmt) int {
	if len(stmts) == 0 {
		return -1
	}
	return w.stmtLast(stmts[len(stmts)-1])
}

func (w *walker) stmtLast(s *syntax.Stmt) int {
	if s.Negated || s.Background || s.Coprocess || s.Disown {
		return -1
	}
	switch c := s.Cmd.(type) {
	case *syntax.CallExpr, *syntax.TestClause, *syntax.DeclClause:
		if i, ok := w.index[c]; ok {
			return i
		}
	case *syntax.BinaryCmd:
		return w.stmtLast(c.Y)
	case *syntax.TimeClause:
		if c.Stmt != nil {
			return w.stmtLast(c.Stmt)
		}
	case *syntax.Block:
		return w.lastOf(c.Stmts)
	case *syntax.Subshell:
		return w.lastOf(c.Stmts)
	}
	return -1
}

// pipeEnd returns the simple command whose output a pipeline stage
// writes, or nil.
func pipeEnd(s *syntax.Stmt) syntax.Node {
	if s == nil || s.Negated || s.Background || len(s.Redirs) > 0 {
		return nil
	}
	switch c := s.Cmd.(type) {
	case *syntax.CallExpr:
		return c
	case *syntax.BinaryCmd:
		if c.Op == syntax.Pipe {
			return pipeEnd(c.Y)
		}
	}
	return nil
}

// pipeStart returns the simple command that reads a pipeline stage's
// input, or nil.
func pipeStart(s *syntax.Stmt) syntax.Node {
	if s == nil || len(s.Redirs) > 0 {
		return nil
	}
	switch c := s.Cmd.(type) {
	case *syntax.CallExpr:
		return c
	case *syntax.BinaryCmd:
		if c.Op == syntax.Pipe {
			return pipeStart(c.X)
		}
	}
	return nil
}

// finishPipes records which command feeds which.
func (w *walker) finishPipes() {
	for _, p := range w.pipes {
		x, okx := w.index[p[0]]
		y, oky := w.index[p[1]]
		if okx && oky {
			w.a.Commands[y].PipedFrom = x + 1
		}
	}
}
