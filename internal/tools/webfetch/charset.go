package webfetch

import (
	"bytes"
	"mime"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/encoding/unicode"
)

// sniffLen is how much of a body is searched for a <meta> charset, as
// browsers do.
const sniffLen = 1024

// decode converts body to valid UTF-8. The charset comes from a byte
// order mark, else the Content-Type header, else a <meta> declaration
// near the start; failing those, a body that is valid UTF-8 is taken as
// such and anything else as windows-1252 (what browsers assume).
func decode(body []byte, contentType string) string {
	enc := detectCharset(body, contentType)
	if enc == nil {
		body = bytes.TrimPrefix(body, []byte("\xef\xbb\xbf"))
	} else if out, err := enc.NewDecoder().Bytes(body); err == nil {
		body = out
	}
	return strings.ToValidUTF8(string(body), "\uFFFD")
}

// detectCharset returns the body's encoding, nil meaning UTF-8.
func detectCharset(body []byte, contentType string) encoding.Encoding {
	switch {
	case bytes.HasPrefix(body, []byte("\xef\xbb\xbf")):
		return nil
	case bytes.HasPrefix(body, []byte("\xfe\xff")):
		return unicode.UTF16(unicode.BigEndian, unicode.ExpectBOM)
	case bytes.HasPrefix(body, []byte("\xff\xfe")):
		return unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM)
	}
	if _, params, err := mime.ParseMediaType(contentType); err == nil {
		if enc, ok := lookupCharset(params["charset"]); ok {
			return enc
		}
	}
	if enc, ok := metaCharset(body[:min(len(body), sniffLen)]); ok {
		return enc
	}
	if utf8.Valid(body) {
		return nil
	}
	return charmap.Windows1252
}

// metaCharset finds the first <meta charset> or <meta http-equiv=
// "content-type" content="...; charset=..."> in head naming an encoding
// it knows. A page cannot declare itself UTF-16 this way (its markup
// would not be readable as ASCII): such a declaration means UTF-8.
func metaCharset(head []byte) (encoding.Encoding, bool) {
	z := html.NewTokenizer(bytes.NewReader(head))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return nil, false
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			if string(name) != "meta" || !hasAttr {
				continue
			}
			label := metaLabel(z)
			if enc, ok := lookupCharset(label); ok {
				if isUTF16(enc) {
					return nil, true
				}
				return enc, true
			}
		}
	}
}

// metaLabel reads the attributes of a meta tag and returns the charset
// it declares, or "".
func metaLabel(z *html.Tokenizer) string {
	var charset, content string
	pragma := false
	for more := true; more; {
		var k, v []byte
		k, v, more = z.TagAttr()
		switch string(k) {
		case "charset":
			charset = string(v)
		case "http-equiv":
			pragma = strings.EqualFold(strings.TrimSpace(string(v)), "content-type")
		case "content":
			content = string(v)
		}
	}
	if charset != "" {
		return charset
	}
	if pragma {
		if _, params, err := mime.ParseMediaType(content); err == nil {
			return params["charset"]
		}
	}
	return ""
}

func isUTF16(enc encoding.Encoding) bool {
	return enc == unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM) ||
		enc == unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM)
}

// lookupCharset maps a charset label, as web pages and servers write
// them, to an encoding; nil with true is UTF-8. The labels are those of
// the WHATWG Encoding standard that golang.org/x/text implements.
func lookupCharset(label string) (encoding.Encoding, bool) {
	label = strings.ToLower(strings.Trim(label, " \t\n\f\r\"'"))
	if label == "iso-8859-8-i" {
		return charmap.ISO8859_8I, true
	}
	if n, ok := isoNumber(label); ok {
		return iso8859(n)
	}
	if n, ok := windowsNumber(label); ok && n >= 1250 && n <= 1258 {
		return windowsCodePage(n), true
	}
	switch label {
	case "utf-8", "utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8":
		return nil, true
	case "ascii", "us-ascii", "ansi_x3.4-1968", "cp819", "ibm819", "csisolatin1", "iso-ir-100", "l1", "latin1":
		return charmap.Windows1252, true
	case "csisolatin2", "iso-ir-101", "l2", "latin2":
		return charmap.ISO8859_2, true
	case "csisolatin3", "iso-ir-109", "l3", "latin3":
		return charmap.ISO8859_3, true
	case "csisolatin4", "iso-ir-110", "l4", "latin4":
		return charmap.ISO8859_4, true
	case "csisolatincyrillic", "cyrillic", "iso-ir-144":
		return charmap.ISO8859_5, true
	case "arabic", "asmo-708", "csiso88596e", "csiso88596i", "csisolatinarabic", "ecma-114", "iso-ir-127":
		return charmap.ISO8859_6, true
	case "csisolatingreek", "ecma-118", "elot_928", "greek", "greek8", "iso-ir-126", "sun_eu_greek":
		return charmap.ISO8859_7, true
	case "csiso88598e", "csisolatinhebrew", "hebrew", "iso-ir-138", "visual":
		return charmap.ISO8859_8, true
	case "csiso88598i", "logical":
		return charmap.ISO8859_8I, true
	case "csisolatin6", "iso-ir-157", "l6", "latin6":
		return charmap.ISO8859_10, true
	case "csisolatin9", "l9":
		return charmap.ISO8859_15, true
	case "csisolatin5", "iso-ir-148", "l5", "latin5":
		return charmap.Windows1254, true
	case "dos-874", "tis-620", "windows-874":
		return charmap.Windows874, true
	case "866", "cp866", "csibm866", "ibm866":
		return charmap.CodePage866, true
	case "cskoi8r", "koi", "koi8", "koi8-r", "koi8_r":
		return charmap.KOI8R, true
	case "koi8-ru", "koi8-u":
		return charmap.KOI8U, true
	case "csmacintosh", "mac", "macintosh", "x-mac-roman":
		return charmap.Macintosh, true
	case "x-mac-cyrillic", "x-mac-ukrainian":
		return charmap.MacintoshCyrillic, true
	}
	return lookupCJK(label)
}

// lookupCJK maps the labels of the Chinese, Japanese and Korean
// multi-byte encodings, and of UTF-16.
func lookupCJK(label string) (encoding.Encoding, bool) {
	switch label {
	case "chinese", "csgb2312", "csiso58gb231280", "gb2312", "gb_2312", "gb_2312-80", "gbk", "iso-ir-58", "x-gbk":
		return simplifiedchinese.GBK, true
	case "gb18030":
		return simplifiedchinese.GB18030, true
	case "big5", "big5-hkscs", "cn-big5", "csbig5", "x-x-big5":
		return traditionalchinese.Big5, true
	case "cseucpkdfmtjapanese", "euc-jp", "x-euc-jp":
		return japanese.EUCJP, true
	case "csiso2022jp", "iso-2022-jp":
		return japanese.ISO2022JP, true
	case "csshiftjis", "ms932", "ms_kanji", "shift-jis", "shift_jis", "sjis", "windows-31j", "x-sjis":
		return japanese.ShiftJIS, true
	case "cseuckr", "csksc56011987", "euc-kr", "iso-ir-149", "korean", "ks_c_5601-1987", "ks_c_5601-1989",
		"ksc5601", "ksc_5601", "windows-949":
		return korean.EUCKR, true
	case "unicodefffe", "utf-16be":
		return unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM), true
	case "csunicode", "iso-10646-ucs-2", "ucs-2", "unicode", "unicodefeff", "utf-16", "utf-16le":
		return unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), true
	}
	return nil, false
}

// isoNumber reads the part number of an ISO 8859 label in any of its
// spellings: iso-8859-2, iso8859-2, iso88592, iso_8859-2, iso_8859-2:1987.
func isoNumber(label string) (int, bool) {
	var rest string
	for _, prefix := range [...]string{"iso-8859-", "iso8859-", "iso_8859-", "iso8859"} {
		if r, ok := strings.CutPrefix(label, prefix); ok {
			rest = r
			break
		}
	}
	if strings.HasPrefix(label, "iso_") {
		rest, _, _ = strings.Cut(rest, ":")
	}
	if r, ok := strings.CutSuffix(rest, "-e"); ok { // iso-8859-6-e, iso-8859-8-e
		rest = r
	} else if r, ok := strings.CutSuffix(rest, "-i"); ok && r == "6" {
		rest = r
	}
	n, err := strconv.Atoi(rest)
	return n, err == nil && rest != "" && rest[0] != '+' && rest[0] != '-'
}

// iso8859 returns the encoding browsers use for ISO 8859 part n.
func iso8859(n int) (encoding.Encoding, bool) {
	switch n {
	case 1:
		return charmap.Windows1252, true
	case 9:
		return charmap.Windows1254, true
	case 11:
		return charmap.Windows874, true
	}
	parts := [...]encoding.Encoding{2: charmap.ISO8859_2, 3: charmap.ISO8859_3, 4: charmap.ISO8859_4,
		5: charmap.ISO8859_5, 6: charmap.ISO8859_6, 7: charmap.ISO8859_7, 8: charmap.ISO8859_8,
		10: charmap.ISO8859_10, 13: charmap.ISO8859_13, 14: charmap.ISO8859_14, 15: charmap.ISO8859_15,
		16: charmap.ISO8859_16}
	if n < 0 || n >= len(parts) || parts[n] == nil {
		return nil, false
	}
	return parts[n], true
}

// windowsNumber reads the code page of cp1251, windows-1251 or x-cp1251.
func windowsNumber(label string) (int, bool) {
	for _, prefix := range [...]string{"windows-", "x-cp", "cp"} {
		if r, ok := strings.CutPrefix(label, prefix); ok && len(r) == 4 {
			n, err := strconv.Atoi(r)
			return n, err == nil
		}
	}
	return 0, false
}

func windowsCodePage(n int) encoding.Encoding {
	pages := [...]encoding.Encoding{charmap.Windows1250, charmap.Windows1251, charmap.Windows1252,
		charmap.Windows1253, charmap.Windows1254, charmap.Windows1255, charmap.Windows1256,
		charmap.Windows1257, charmap.Windows1258}
	return pages[n-1250]
}
