package textedit

var exactMisses = []nearMiss{
	{kind: "exact", name: "mid-line", file: "func a() {\n\treturn 1\n}\n", old: "return 1", new: "return 2",
		want: "func a() {\n\treturn 2\n}\n"},
	{kind: "exact", name: "block", file: "a\nb\nc\nd\n", old: "b\nc\n", new: "B\nC\nC2\n", want: "a\nB\nC\nC2\nd\n"},
	{kind: "exact", name: "replace all", file: "x=1\ny=x\n", old: "x", new: "z", all: true, want: "z=1\ny=z\n"},
	{kind: "exact", name: "insert after", file: "import (\n\t\"fmt\"\n)\n", old: "\t\"fmt\"\n", new: "\t\"fmt\"\n\t\"os\"\n",
		want: "import (\n\t\"fmt\"\n\t\"os\"\n)\n"},
	{kind: "exact", name: "invalid utf-8 kept", file: "\xff a \xfe\n", old: "a", new: "b", want: "\xff b \xfe\n"},
	{kind: "exact", name: "same text", file: "a\n", old: "a", new: "a", hint: "No changes to make"},
}

var wsMisses = []nearMiss{
	{kind: "trailing whitespace", name: "file has blanks", file: "foo  \nbar\t\nbaz\n", old: "foo\nbar\n",
		new: "FOO\nBAR\n", want: "FOO\nBAR\nbaz\n"},
	{kind: "trailing whitespace", name: "old has blanks", file: "foo\nbar\n", old: "foo  \nbar", new: "x\nbar",
		want: "x\nbar\n"},
	{kind: "trailing whitespace", name: "tab at end", file: "a\t\nb\nc\n", old: "a\nb", new: "A\nB", want: "A\nB\nc\n"},
	{kind: "trailing whitespace", name: "kept outside", file: "a\t\nb  \nc\n", old: "a\nb", new: "A\nB",
		want: "A\nB  \nc\n"},
	{kind: "trailing whitespace", name: "crlf with blanks", file: "one \r\ntwo\r\n", old: "one\ntwo", new: "1\n2",
		want: "1\r\n2\r\n"},
	{kind: "trailing whitespace", name: "blank line of spaces", file: "a\n    \nb\n", old: "a\n\nb", new: "a\nb",
		want: "a\nb\n"},
}

var crlfMisses = []nearMiss{
	{kind: "crlf", name: "lf edit", file: "a\r\nb\r\nc\r\n", old: "a\nb", new: "x\ny", want: "x\r\ny\r\nc\r\n"},
	{kind: "crlf", name: "insert lines", file: "a\r\nb\r\n", old: "b", new: "b\nb2", want: "a\r\nb\r\nb2\r\n"},
	{kind: "crlf", name: "with quotes", file: "say “hi”\r\nend\r\n", old: "say \"hi\"\nend", new: "say \"yo\"\nend",
		want: "say “yo”\r\nend\r\n"},
	{kind: "crlf", name: "with indentation", file: "if x {\r\n\tf()\r\n}\r\n", old: "    f()\n", new: "    g()\n    h()\n",
		want: "if x {\r\n\tg()\r\n\th()\r\n}\r\n"},
	{kind: "crlf", name: "delete line", file: "a\r\nb\r\nc\r\n", old: "b", new: "", want: "a\r\nc\r\n"},
	{kind: "crlf", name: "crlf edit on lf file", file: "a\nb\n", old: "a\r\nb", new: "c\r\nd", want: "c\nd\n"},
}

var staleMisses = []nearMiss{
	{kind: "stale", name: "modified", file: "alpha\n", stale: "modified", old: "alpha", new: "beta",
		hint: "modified since read"},
	{kind: "stale", name: "unread", file: "alpha\n", stale: "unread", old: "alpha", new: "beta", hint: "not been read"},
	{kind: "stale", name: "touched only", file: "alpha\n", stale: "touched", old: "alpha", new: "beta", want: "beta\n"},
	{kind: "stale", name: "modified tolerant", file: "  alpha\n", stale: "modified", old: "alpha\n", new: "b\n",
		hint: "modified since read"},
	{kind: "stale", name: "unread tolerant", file: "a “b”\n", stale: "unread", old: `a "b"`, new: "c",
		hint: "not been read"},
}

var uniqueMisses = []nearMiss{
	{kind: "uniqueness", name: "exact twice", file: "x = 1\ny = 2\nx = 1\n", old: "x = 1", new: "x = 3",
		hint: "The matches are on lines 1, 3; add lines around"},
	{kind: "uniqueness", name: "curly twice", file: "“a”\nb\n“a”\n", old: `"a"`, new: `"c"`, hint: "lines 1, 3"},
	{kind: "uniqueness", name: "indent twice", file: "  f()\n  g()\n\tf()\n\tg()\n", old: "f()\ng()", new: "h()",
		hint: "lines 1, 3"},
	{kind: "uniqueness", name: "replace all tolerant", file: "“a”\n“a”\n", old: `"a"`, new: `"b"`, all: true,
		want: "“b”\n“b”\n"},
	{kind: "uniqueness", name: "more context", file: "x = 1\ny = 2\nx = 1\nz = 3\n", old: "x = 1\nz", new: "x = 9\nz",
		want: "x = 1\ny = 2\nx = 9\nz = 3\n"},
	{kind: "uniqueness", name: "numbers pick one", file: "x = 1\ny = 2\nx = 1\n", old: "     3\tx = 1", new: "x = 3",
		want: "x = 1\ny = 2\nx = 3\n"},
}

var absentMisses = []nearMiss{
	{kind: "absent", name: "one character", file: "func main() {\n\tfmt.Println(\"hi\")\n}\n",
		old: "func main() {\n\tfmt.Printf(\"hi\")\n}", new: "x", hint: "line 2 differs at column 11: the file has \"ln(\\\"hi\\\")\" where old_string has \"f(\\\"hi\\\")\""},
	{kind: "absent", name: "missing line", file: "a := 1\nb := 2\nc := 3\n", old: "a := 1\nb := 2\nX := 9\nc := 3",
		new: "z", hint: "old_string has a line the file lacks before line 3"},
	{kind: "absent", name: "extra file line", file: "a := 1\nb := 2\nc := 3\n", old: "a := 1\nc := 3", new: "z",
		hint: "the file has a line old_string lacks, line 2"},
	{kind: "absent", name: "nothing near", file: "alpha\nbeta\n", old: "gamma", new: "delta", hint: "(no hint)"},
	{kind: "absent", name: "inconsistent indent", file: "if a {\n    b()\n        c()\n}\n", old: "if a {\n  b()\n  c()\n}",
		new: "z", hint: "line 2 is indented with 4 spaces in the file but 2 spaces in old_string; line 3 is indented with 8 spaces"},
	{kind: "absent", name: "past the end", file: "a\nb\n", old: "a\nb\nc", new: "z", hint: "file ends at line"},
}

var indentMisses = []nearMiss{
	{kind: "indentation", name: "dedented block", file: "func f() {\n    if x {\n        a()\n    }\n}\n",
		old: "if x {\n    a()\n}", new: "if x {\n    a()\n    b()\n}",
		want: "func f() {\n    if x {\n        a()\n        b()\n    }\n}\n"},
	{kind: "indentation", name: "spaces for tabs", file: "func f() {\n\tif x {\n\t\ta()\n\t}\n}\n",
		old: "    if x {\n        a()\n    }", new: "    if y {\n        a()\n    }",
		want: "func f() {\n\tif y {\n\t\ta()\n\t}\n}\n"},
	{kind: "indentation", name: "over-indented python", file: "def f():\n    x = 1\n    return x\n",
		old: "        x = 1\n        return x\n", new: "        x = 2\n        return x * 2\n",
		want: "def f():\n    x = 2\n    return x * 2\n"},
	{kind: "indentation", name: "blank lines inside", file: "class A:\n    def a(self):\n        pass\n\n    def b(self):\n        pass\n",
		old: "def a(self):\n    pass\n\ndef b(self):\n    pass", new: "def a(self):\n    return 1\n\ndef b(self):\n    pass",
		want: "class A:\n    def a(self):\n        return 1\n\n    def b(self):\n        pass\n"},
	{kind: "indentation", name: "tabs for spaces", file: "x:\n  y:\n    z: 1\n", old: "\ty:\n\t\tz: 1", new: "\ty:\n\t\tz: 2",
		want: "x:\n  y:\n    z: 2\n"},
	{kind: "indentation", name: "two places", file: "a:\n  k: 1\nb:\n    k: 1\n", old: "k: 1\n", new: "k: 2\n",
		hint: "Found 2 matches"},
	{kind: "indentation", name: "nested insert", file: "\t\tfor {\n\t\t\tstep()\n\t\t}\n", old: "for {\n\tstep()\n}",
		new:  "for {\n\tstep()\n\tif done() {\n\t\tbreak\n\t}\n}",
		want: "\t\tfor {\n\t\t\tstep()\n\t\t\tif done() {\n\t\t\t\tbreak\n\t\t\t}\n\t\t}\n"},
}

var numberMisses = []nearMiss{
	{kind: "line numbers", name: "tab prefixes", file: "package a\n\nfunc f() int {\n\treturn 1\n}\n",
		old: "     3\tfunc f() int {\n     4\t\treturn 1", new: "func f() int {\n\treturn 2",
		want: "package a\n\nfunc f() int {\n\treturn 2\n}\n"},
	{kind: "line numbers", name: "prefixed new", file: "a\nb\nc\n", old: "2\tb\n3\tc", new: "2\tB\n3\tC",
		want: "a\nB\nC\n"},
	{kind: "line numbers", name: "arrow prefixes", file: "x\ny\n", old: "     1→x\n     2→y", new: "x\nz", want: "x\nz\n"},
	{kind: "line numbers", name: "wrong lines", file: "a\nb\nc\n", old: "7\tb\n8\tc", new: "B\nC",
		hint: "String to replace not found"},
	{kind: "line numbers", name: "not consecutive", file: "a\nb\nc\n", old: "1\ta\n3\tc", new: "z",
		hint: "String to replace not found"},
	{kind: "line numbers", name: "with trailing newline", file: "one\ntwo\nthree\n", old: "  2\ttwo\n", new: "TWO\n",
		want: "one\nTWO\nthree\n"},
}

var unicodeMisses = []nearMiss{
	{kind: "unicode", name: "em dash kept", file: "Fast — and cheap.\nEnd.\n", old: "Fast - and cheap.", new: "Fast - and free.",
		want: "Fast — and free.\nEnd.\n"},
	{kind: "unicode", name: "ellipsis kept", file: "Loading… please wait\n", old: "Loading... please wait",
		new: "Loading... hold on", want: "Loading… hold on\n"},
	{kind: "unicode", name: "nbsp kept", file: "10\u00a0km away\n", old: "10 km away", new: "10 km off",
		want: "10\u00a0km off\n"},
	{kind: "unicode", name: "nfd file", file: "Cafe\u0301 menu\n", old: "Café menu", new: "Café list",
		want: "Cafe\u0301 list\n"},
	{kind: "unicode", name: "nfc file", file: "naïve code\n", old: "nai\u0308ve code", new: "nai\u0308ve test",
		want: "naïve test\n"},
	{kind: "unicode", name: "en dash range", file: "pages 1–5 and 7\n", old: "pages 1-5 and 7", new: "pages 1-5 and 9",
		want: "pages 1–5 and 9\n"},
	{kind: "unicode", name: "curly apostrophe", file: "It’s fine, isn’t it?\n", old: "It's fine", new: "It's good",
		want: "It’s good, isn’t it?\n"},
	{kind: "unicode", name: "dash deliberately changed", file: "a — b\n", old: "a - b", new: "a – b", want: "a – b\n"},
}

var escapeMisses = []nearMiss{
	{kind: "escaping", name: "unicode escape", file: "name = \"café\"\n", old: `name = "caf\u00e9"`, new: `name = "caf\u00e9s"`,
		want: "name = \"cafés\"\n"},
	{kind: "escaping", name: "double-escaped lines", file: "a := 1\nb := 2\n", old: `a := 1\nb := 2`, new: `a := 1\nb := 3`,
		want: "a := 1\nb := 3\n"},
	{kind: "escaping", name: "escaped quotes", file: "fmt.Println(\"hi\")\n", old: `fmt.Println(\"hi\")`,
		new: `fmt.Println(\"bye\")`, want: "fmt.Println(\"bye\")\n"},
	{kind: "escaping", name: "surrogate pair", file: "smile 😀 now\n", old: `smile \ud83d\ude00 now`, new: "smile 🙂 now",
		want: "smile 🙂 now\n"},
	{kind: "escaping", name: "literal backslash-n kept", file: "printf(\"a\\n\");\n", old: `printf("a\n");`,
		new: `printf("b\n");`, want: "printf(\"b\\n\");\n"},
	{kind: "escaping", name: "escaped tabs", file: "if x {\n\ty()\n}\n", old: `if x {\n\ty()\n}`, new: `if x {\n\tz()\n}`,
		want: "if x {\n\tz()\n}\n"},
}

var newlineMisses = []nearMiss{
	{kind: "newlines", name: "extra at both ends", file: "x\nfoo\ny\n", old: "\n\nfoo\n\n", new: "\n\nbar\n\n",
		want: "x\nbar\ny\n"},
	{kind: "newlines", name: "final newline at eof", file: "a\nlast", old: "last\n", new: "LAST\n", want: "a\nLAST"},
	{kind: "newlines", name: "delete whole line", file: "a\nb\nc\n", old: "b", new: "", want: "a\nc\n"},
	{kind: "newlines", name: "delete line end", file: "x := 1 // note\ny := 2\n", old: " // note\n", new: "",
		want: "x := 1\ny := 2\n"},
	{kind: "newlines", name: "delete block", file: "a\nb\nc\nd\n", old: "b\nc", new: "", want: "a\nd\n"},
	{kind: "newlines", name: "delete indented line", file: "func f() {\n\tdebug()\n\treturn\n}\n", old: "debug()", new: "",
		want: "func f() {\n\treturn\n}\n"},
	{kind: "newlines", name: "delete indented comment", file: "x := 1\n    // old note\ny := 2\n", old: "// old note\n",
		new: "", want: "x := 1\ny := 2\n"},
	{kind: "newlines", name: "delete inside line", file: "a(b, c)\n", old: ", c", new: "", want: "a(b)\n"},
	{kind: "newlines", name: "not a line end", file: "foo bar\n", old: "foo\n\n", new: "baz\n\n", hint: "not found"},
	{kind: "newlines", name: "fewer in new", file: "foo\nx\n", old: "foo\n\n", new: "bar\n", hint: "not found"},
}

var harmMisses = []nearMiss{
	{kind: "do no harm", name: "markdown break kept", file: "line one  \nline two\n", old: "line one\nline two",
		new: "line one\nline 2", want: "line one  \nline 2\n"},
	{kind: "do no harm", name: "break on changed line", file: "Hello world  \nnext\n", old: "Hello world\nnext",
		new: "Hello there world\nnext", want: "Hello there world  \nnext\n"},
	{kind: "do no harm", name: "quote match keeps tab", file: "say “hi”\t\nok\n", old: "ok\n\nsay \"hi\"", new: "z",
		hint: "String to replace not found"},
	{kind: "do no harm", name: "indent keeps own lines", file: "\tif a {  \n\t\tb()\n\t}\n", old: "if a {\n    b()\n}",
		new: "if a {\n    c()\n}", want: "\tif a {  \n\t\tc()\n\t}\n"},
	{kind: "do no harm", name: "dash on other line", file: "one — two\nthree\n", old: "one - two\nthree", new: "one - two\n3",
		want: "one — two\n3\n"},
	{kind: "do no harm", name: "nbsp on other line", file: "a\u00a0b\nc  \nd\n", old: "a b\nc\nd", new: "a b\nc\nD",
		want: "a\u00a0b\nc  \nD\n"},
}
