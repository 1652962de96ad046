package webfetch

import (
	"strings"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/encoding/unicode"
)

func TestLookupCharset(t *testing.T) {
	utf16le := unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM)
	tests := []struct {
		label string
		want  encoding.Encoding // nil: UTF-8
		known bool
	}{
		{"utf-8", nil, true},
		{" UTF8 ", nil, true},
		{`"utf-8"`, nil, true},
		{"iso-8859-1", charmap.Windows1252, true},
		{"ISO_8859-1:1987", charmap.Windows1252, true},
		{"latin1", charmap.Windows1252, true},
		{"us-ascii", charmap.Windows1252, true},
		{"iso-8859-2", charmap.ISO8859_2, true},
		{"iso8859-2", charmap.ISO8859_2, true},
		{"iso88592", charmap.ISO8859_2, true},
		{"iso885915", charmap.ISO8859_15, true},
		{"iso-8859-15", charmap.ISO8859_15, true},
		{"iso-8859-9", charmap.Windows1254, true},
		{"iso-8859-11", charmap.Windows874, true},
		{"iso-8859-6-e", charmap.ISO8859_6, true},
		{"iso-8859-6-i", charmap.ISO8859_6, true},
		{"iso-8859-8-i", charmap.ISO8859_8I, true},
		{"iso-8859-16", charmap.ISO8859_16, true},
		{"iso-8859-12", nil, false},
		{"iso-8859-99", nil, false},
		{"iso-8859-", nil, false},
		{"iso-8859--2", nil, false},
		{"windows-1251", charmap.Windows1251, true},
		{"CP1250", charmap.Windows1250, true},
		{"x-cp1258", charmap.Windows1258, true},
		{"windows-1259", nil, false},
		{"cp12", nil, false},
		{"koi8-r", charmap.KOI8R, true},
		{"koi8-u", charmap.KOI8U, true},
		{"ibm866", charmap.CodePage866, true},
		{"macintosh", charmap.Macintosh, true},
		{"Shift_JIS", japanese.ShiftJIS, true},
		{"euc-jp", japanese.EUCJP, true},
		{"iso-2022-jp", japanese.ISO2022JP, true},
		{"gb2312", simplifiedchinese.GBK, true},
		{"gb18030", simplifiedchinese.GB18030, true},
		{"big5", traditionalchinese.Big5, true},
		{"euc-kr", korean.EUCKR, true},
		{"utf-16", utf16le, true},
		{"bogus", nil, false},
		{"", nil, false},
	}
	for _, tt := range tests {
		got, known := lookupCharset(tt.label)
		if known != tt.known || got != tt.want {
			t.Errorf("lookupCharset(%q) = %v, %v; want %v, %v", tt.label, got, known, tt.want, tt.known)
		}
	}
}

func TestDecodeCharsets(t *testing.T) {
	sjis, _ := japanese.ShiftJIS.NewEncoder().String("日本語のページ")
	koi8, _ := charmap.KOI8R.NewEncoder().String("Привет")
	latin9, _ := charmap.ISO8859_15.NewEncoder().String("prix 5 €")
	utf16, _ := unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewEncoder().String("<p>héllo</p>")
	late := strings.Repeat("a", 2000) + "é" // the first 1024 bytes are plain ASCII
	tests := []struct {
		name, body, contentType, want string
	}{
		{"header_shift_jis", sjis, "text/html; charset=Shift_JIS", "日本語のページ"},
		{"header_wins_over_meta", `<meta charset="koi8-r">` + latin9, "text/html; charset=iso-8859-15", `<meta charset="koi8-r">prix 5 €`},
		{"unknown_header_then_meta", `<meta charset="koi8-r">` + koi8, "text/html; charset=x-nonsense", `<meta charset="koi8-r">Привет`},
		{"meta_http_equiv", `<meta http-equiv="Content-Type" content="text/html; charset=koi8-r">` + koi8, "text/html",
			`<meta http-equiv="Content-Type" content="text/html; charset=koi8-r">Привет`},
		{"content_without_pragma_ignored", `<meta content="text/html; charset=koi8-r"><p>é`, "text/html", `<meta content="text/html; charset=koi8-r"><p>é`},
		{"meta_utf16_means_utf8", `<meta charset="utf-16"><p>é`, "text/html", `<meta charset="utf-16"><p>é`},
		{"utf8_bom_dropped", "\xef\xbb\xbfhello", "text/plain", "hello"},
		{"utf16_bom", utf16, "text/html", "<p>héllo</p>"},
		{"valid_utf8_past_the_sniffed_part", late, "text/html", late},
		{"undeclared_legacy_is_windows_1252", "caf\xe9 \x80", "text/html", "café €"},
		{"bad_bytes_in_declared_utf8", "a\xffb", "text/plain; charset=utf-8", "a\uFFFDb"},
		{"empty", "", "", ""},
	}
	for _, tt := range tests {
		if got := decode([]byte(tt.body), tt.contentType); got != tt.want {
			t.Errorf("%s: decode = %q, want %q", tt.name, got, tt.want)
		}
	}
}
