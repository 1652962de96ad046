package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// loopScope is one `for NAME in WORDS` loop: its variable, its values
// and the source range of its body.
type loopScope struct {
	name       string
	values     []Word
	start, end uint
}

// loopState follows for loops while the tree is walked: a word that is
// exactly "$NAME" inside the body of a loop over known words is bound
// to those words, unless something else in the line may assign NAME.
type loopState struct {
	scopes  []loopScope
	invalid map[string]bool
	all     bool // every binding is off (eval, read, arithmetic, a change of directory…)
}

// loopWrites are the commands that may assign a variable named by their
// arguments or run code that does.
var loopWrites = map[string]bool{"read": true, "mapfile": true, "readarray": true, "printf": true,
	"getopts": true, "wait": true, "let": true, "unset": true, "eval": true, "source": true, ".": true,
	"declare": true, "typeset": true, "local": true, "export": true, "readonly": true, "nameref": true,
	"cd": true, "pushd": true, "popd": true, "select": true, "trap": true}

// invalidate unbinds a variable: something may assign it.
func (l *loopState) invalidate(name string) {
	if l.invalid == nil {
		l.invalid = map[string]bool{}
	}
	l.invalid[name] = true
}

// loopVisit notes the nodes that bind or may assign loop variables.
func (w *walker) loopVisit(n syntax.Node) {
	l := &w.loops
	switch n := n.(type) {
	case *syntax.ForClause:
		it, ok := n.Loop.(*syntax.WordIter)
		if !ok || n.Select || it.Name == nil || !it.InPos.IsValid() {
			l.all = true
			return
		}
		scope := loopScope{name: it.Name.Value, start: n.DoPos.Offset(), end: n.DonePos.Offset()}
		for _, x := range it.Items {
			v := w.word(x)
			if v.Dynamic || strings.HasPrefix(v.Text, "-") || v.Text == "" {
				l.invalidate(scope.name)
			}
			scope.values = append(scope.values, v)
		}
		for _, s := range l.scopes {
			if s.name == scope.name {
				l.invalidate(scope.name)
			}
		}
		l.scopes = append(l.scopes, scope)
	case *syntax.Assign:
		if n.Name != nil && len(l.scopes) > 0 {
			l.invalidate(n.Name.Value)
		}
	case *syntax.ParamExp:
		if n.Exp != nil && (n.Exp.Op == syntax.AssignUnset || n.Exp.Op == syntax.AssignUnsetOrNull) && n.Param != nil {
			l.invalidate(n.Param.Value)
		}
	case *syntax.ArithmCmd, *syntax.ArithmExp, *syntax.LetClause, *syntax.CStyleLoop, *syntax.DeclClause,
		*syntax.CoprocClause, *syntax.FuncDecl:
		l.all = true
	}
}

// loopVar returns the variable of a word that is exactly "$NAME" or
// "${NAME}", and whether it lies in the body of a loop over NAME.
func (w *walker) loopVar(x *syntax.Word) (string, bool) {
	if len(x.Parts) != 1 {
		return "", false
	}
	q, ok := x.Parts[0].(*syntax.DblQuoted)
	if !ok || q.Dollar || len(q.Parts) != 1 {
		return "", false
	}
	p, ok := q.Parts[0].(*syntax.ParamExp)
	if !ok || p.Param == nil || p.Excl || p.Length || p.Width || p.Index != nil || p.Slice != nil ||
		p.Repl != nil || p.Names != 0 || p.Exp != nil || p.IsSet {
		return "", false
	}
	off := x.Pos().Offset()
	for _, s := range w.loops.scopes {
		if s.name == p.Param.Value && off > s.start && off < s.end {
			return s.name, true
		}
	}
	return p.Param.Value, false
}

// finishLoops keeps the bindings nothing else may change, and unbinds
// the words of the others.
func (w *walker) finishLoops() {
	l := &w.loops
	for _, c := range w.a.Commands {
		if !c.Name.Static() || loopWrites[c.Name.Text] {
			l.all = true
		}
	}
	l.all = l.all || w.a.ChangesDir || w.a.Arithmetic || w.a.Indirect
	for _, s := range l.scopes {
		if !l.all && !l.invalid[s.name] {
			if w.a.Loops == nil {
				w.a.Loops = map[string][]Word{}
			}
			w.a.Loops[s.name] = s.values
		}
	}
	unbind := func(ws []Word) {
		for i := range ws {
			if ws[i].Bound && w.a.Loops[ws[i].Var] == nil {
				ws[i].Bound = false
			}
		}
	}
	for _, c := range w.a.Commands {
		unbind(c.Raw)
		unbind(c.Args)
	}
	for i := range w.a.Redirects {
		if t := &w.a.Redirects[i].Target; t.Bound && w.a.Loops[t.Var] == nil {
			t.Bound = false
		}
	}
}
