package termmd

import (
	"strings"
	"sync"
)

// lang is what the highlighter knows of a language: its comments,
// string quotes, keywords and built-in types or constants.
type lang struct {
	lineComment  []string
	blockComment [][2]string
	quotes       string
	// triple: """ and ''' strings; rawBacktick: `...` takes no escapes;
	// sigils: $name and ${...} are variables.
	triple, rawBacktick, sigils bool
	keywords, types             map[string]bool
}

// langSpec is a language as written down: word lists are
// space-separated.
type langSpec struct {
	names, keywords, types     string
	lineComment                string
	block                      bool // /* */ comments
	quotes                     string
	triple, rawBacktick, sigil bool
}

var langSpecs = []langSpec{
	{names: "go golang", lineComment: "//", block: true, quotes: "\"'`", rawBacktick: true,
		keywords: "break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var",
		types:    "bool byte complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string uint uint8 uint16 uint32 uint64 uintptr any true false nil iota append cap close copy delete len make max min new panic print println recover clear"},
	{names: "python py python3", lineComment: "#", quotes: "\"'", triple: true,
		keywords: "and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield match case",
		types:    "None True False int float str bytes bool list dict set tuple object self print len range open super isinstance type"},
	{names: "javascript js jsx typescript ts tsx mjs cjs node", lineComment: "//", block: true, quotes: "\"'`",
		keywords: "async await break case catch class const continue debugger default delete do else export extends finally for from function if import in instanceof let new of return static super switch this throw try typeof var void while with yield interface type enum implements readonly as",
		types:    "true false null undefined NaN Infinity string number boolean any unknown never object void Promise Array Object String Number Map Set console"},
	{names: "bash sh shell zsh console shellscript", lineComment: "#", quotes: "\"'", sigil: true,
		keywords: "if then else elif fi for while until do done case esac in function return local export readonly declare set unset shift exit break continue source alias",
		types:    "echo cd printf test read eval exec trap true false"},
	{names: "json jsonc json5", lineComment: "//", block: true, quotes: "\"",
		keywords: "true false null"},
	{names: "yaml yml", lineComment: "#", quotes: "\"'",
		keywords: "true false null yes no on off"},
	{names: "toml ini cfg conf", lineComment: "#", quotes: "\"'", triple: true,
		keywords: "true false"},
	{names: "rust rs", lineComment: "//", block: true, quotes: "\"",
		keywords: "as async await break const continue crate dyn else enum extern fn for if impl in let loop match mod move mut pub ref return self Self static struct super trait type unsafe use where while",
		types:    "bool char str String Vec Option Result Some None Ok Err Box i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize f32 f64 true false"},
	{names: "c h cpp c++ cc hpp cxx objc", lineComment: "//", block: true, quotes: "\"'",
		keywords: "auto break case class const constexpr continue default delete do else enum extern for goto if inline namespace new private protected public return sizeof static struct switch template this throw try catch typedef typename union using virtual volatile while",
		types:    "bool char double float int long short signed unsigned void size_t nullptr NULL true false std"},
	{names: "java kotlin kt scala swift csharp cs c# dart groovy", lineComment: "//", block: true, quotes: "\"'", triple: true,
		keywords: "abstract break case catch class const continue default do else enum extends final finally for fun func if implements import in interface is let new object override package private protected public return sealed static struct super switch this throw throws try val var void when while guard namespace using async await",
		types:    "boolean byte char double float int long short String Int Boolean Unit Any List Map true false null nil"},
	{names: "ruby rb", lineComment: "#", quotes: "\"'",
		keywords: "alias and begin break case class def do else elsif end ensure for if in module next not or redo rescue retry return self super then unless until when while yield require",
		types:    "nil true false puts attr_accessor attr_reader"},
	{names: "sql postgres mysql sqlite", lineComment: "--", block: true, quotes: "'\"",
		keywords: "select from where and or not insert into values update set delete create table drop alter index join left right inner outer on group by order having limit offset as distinct union all primary key foreign references null is in exists case when then else end begin commit rollback SELECT FROM WHERE AND OR NOT INSERT INTO VALUES UPDATE SET DELETE CREATE TABLE DROP ALTER INDEX JOIN LEFT RIGHT INNER OUTER ON GROUP BY ORDER HAVING LIMIT OFFSET AS DISTINCT UNION ALL PRIMARY KEY FOREIGN REFERENCES NULL IS IN EXISTS CASE WHEN THEN ELSE END BEGIN COMMIT ROLLBACK",
		types:    "int integer text varchar char boolean bool date timestamp serial bigint real float INT INTEGER TEXT VARCHAR CHAR BOOLEAN DATE TIMESTAMP SERIAL BIGINT REAL FLOAT"},
	{names: "css scss less", block: true, quotes: "\"'"},
	{names: "html xml svg vue", quotes: "\"'"},
	{names: "dockerfile docker", lineComment: "#", quotes: "\"'", sigil: true,
		keywords: "FROM RUN CMD LABEL EXPOSE ENV ADD COPY ENTRYPOINT VOLUME USER WORKDIR ARG ONBUILD STOPSIGNAL HEALTHCHECK SHELL AS"},
	{names: "makefile make mk", lineComment: "#", quotes: "\"'", sigil: true,
		keywords: "ifeq ifneq ifdef ifndef else endif include define endef export"},
}

// langs is built from langSpecs on first use.
var langs = sync.OnceValue(func() map[string]*lang {
	m := map[string]*lang{}
	for _, s := range langSpecs {
		l := &lang{quotes: s.quotes, triple: s.triple, rawBacktick: s.rawBacktick, sigils: s.sigil,
			keywords: wordSet(s.keywords), types: wordSet(s.types)}
		if s.lineComment != "" {
			l.lineComment = []string{s.lineComment}
		}
		if s.block {
			l.blockComment = [][2]string{{"/*", "*/"}}
		}
		if strings.Contains(s.names, "html") {
			l.blockComment = [][2]string{{"<!--", "-->"}}
		}
		for _, n := range strings.Fields(s.names) {
			m[n] = l
		}
	}
	return m
})

func lookupLang(name string) *lang { return langs()[name] }

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}
