package tui

import (
	"bytes"
	"encoding/hex"
	"errors"
)

// errNotAppleData: osascript printed no «data …» value.
var errNotAppleData = errors.New("not an AppleScript data value")

// decodeAppleData decodes the way osascript prints a data value:
// «data PNGf89504E47…», four letters of type, then hexadecimal.
func decodeAppleData(out []byte) ([]byte, error) {
	out = bytes.TrimSpace(out)
	body, ok := bytes.CutPrefix(out, []byte("«data "))
	if !ok {
		return nil, errNotAppleData
	}
	body, ok = bytes.CutSuffix(body, []byte("»"))
	if !ok || len(body) < 4 {
		return nil, errNotAppleData
	}
	data := make([]byte, hex.DecodedLen(len(body)-4))
	if _, err := hex.Decode(data, body[4:]); err != nil {
		return nil, errNotAppleData
	}
	return data, nil
}
