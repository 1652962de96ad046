package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// arith flags the arithmetic contexts that evaluate a variable. Bash
// evaluates a variable's value as an expression there, recursively, and
// an array subscript inside that value may hold a command substitution:
// `x='a[$(rm f)]'; echo $((x))` runs rm. A literal-only expression is
// harmless.
func (w *walker) arith(n syntax.Node) {
	var exprs []syntax.ArithmExpr
	switch n := n.(type) {
	case *syntax.ArithmExp:
		exprs = append(exprs, n.X)
	case *syntax.ArithmCmd:
		exprs = append(exprs, n.X)
	case *syntax.LetClause:
		exprs = append(exprs, n.Exprs...)
	case *syntax.CStyleLoop:
		exprs = append(exprs, n.Init, n.Cond, n.Post)
	case *syntax.Assign: // b[x]=1: the subscript of an indexed array is arithmetic
		exprs = append(exprs, n.Index)
	case *syntax.ArrayElem: // b=([x]=1)
		exprs = append(exprs, n.Index)
	case *syntax.ParamExp:
		exprs = paramArith(n)
		w.a.Indirect = w.a.Indirect || evaluatesValue(n)
	case *syntax.BinaryTest:
		if isArithTest(n.Op) {
			exprs = append(exprs, testOperand(n.X), testOperand(n.Y))
		}
	case *syntax.UnaryTest:
		if n.Op == syntax.TsVarSet && !plainName(n.X) {
			w.a.Arithmetic = true // -v evaluates a subscript
		}
	}
	for _, x := range exprs {
		if x != nil && !literalArith(x) {
			w.a.Arithmetic = true
		}
	}
}

// paramArith returns the arithmetic parts of a parameter expansion: an
// array subscript other than @ or *, and a slice's offset and length.
func paramArith(p *syntax.ParamExp) []syntax.ArithmExpr {
	var out []syntax.ArithmExpr
	if p.Index != nil {
		if wd, ok := p.Index.(*syntax.Word); !ok || (wd.Lit() != "@" && wd.Lit() != "*") {
			out = append(out, p.Index)
		}
	}
	if p.Slice != nil {
		out = append(out, p.Slice.Offset, p.Slice.Length)
	}
	return out
}

// isArithTest reports whether op compares numbers in [[ ]], which
// evaluates both operands arithmetically.
func isArithTest(op syntax.BinTestOperator) bool {
	switch op {
	case syntax.TsEql, syntax.TsNeq, syntax.TsLeq, syntax.TsGeq, syntax.TsLss, syntax.TsGtr:
		return true
	}
	return false
}

// testOperand returns a test operand as an arithmetic expression; an
// operand that is not a word counts as a variable.
func testOperand(x syntax.TestExpr) syntax.ArithmExpr {
	if wd, ok := x.(*syntax.Word); ok {
		return wd
	}
	return &syntax.Word{}
}

// literalArith reports whether x uses numbers only: every word in it is
// a literal starting with a digit.
func literalArith(x syntax.ArithmExpr) bool {
	ok := true
	syntax.Walk(x, func(n syntax.Node) bool {
		if wd, isWord := n.(*syntax.Word); isWord {
			lit := wd.Lit()
			if lit == "" || lit[0] < '0' || lit[0] > '9' {
				ok = false
			}
			return false
		}
		return ok
	})
	return ok
}

// plainName reports whether x is a literal variable name without a
// subscript.
func plainName(x syntax.TestExpr) bool {
	wd, ok := x.(*syntax.Word)
	return ok && wd.Lit() != "" && !strings.Contains(wd.Lit(), "[")
}

// evaluatesValue reports whether a parameter expansion may evaluate the
// variable's value as code: `${!x}` (not the `${!prefix*}` and
// `${!arr[@]}` listings) and the prompt operator `${x@P}`.
func evaluatesValue(p *syntax.ParamExp) bool {
	if p.Excl && p.Names == 0 && !allIndex(p.Index) {
		return true
	}
	return p.Exp != nil && p.Exp.Op == syntax.OtherParamOps &&
		(p.Exp.Word == nil || strings.ContainsAny(p.Exp.Word.Lit(), "P") || p.Exp.Word.Lit() == "")
}

// allIndex reports whether x is the subscript @ or *.
func allIndex(x syntax.ArithmExpr) bool {
	wd, ok := x.(*syntax.Word)
	return ok && (wd.Lit() == "@" || wd.Lit() == "*")
}
