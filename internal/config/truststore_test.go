package config

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestTrustStore(t *testing.T) {
	m := newMachine(t)
	base := filepath.Dir(m.home)
	proj := filepath.Join(base, "src", "proj")
	for _, d := range []string{proj + "/sub/deep", proj + "-evil", filepath.Join(base, "src", "projx")} {
		mkdir(t, d)
	}
	link := filepath.Join(base, "link")
	if err := os.Symlink(proj, link); err != nil {
		t.Fatal(err)
	}
	store := TrustStore{Path: TrustPath(m.config)}
	if ok, err := store.Trusted(proj); ok || err != nil {
		t.Fatalf("empty store: %v, %v", ok, err)
	}
	if err := store.Trust(link + "/"); err != nil { // trusted through a symlink
		t.Fatal(err)
	}
	if err := store.Trust(proj); err != nil { // the same directory: one entry
		t.Fatal(err)
	}
	cases := []struct {
		dir  string
		want bool
	}{
		{proj, true},
		{proj + "/sub/deep", true},
		{proj + "/sub/../sub", true},
		{link, true},
		{link + "/sub", true},
		{proj + "/not-yet-created", true},
		{proj + "-evil", false},
		{filepath.Join(base, "src", "projx"), false},
		{filepath.Join(base, "src"), false},
		{proj + "/..", false},
		{"/", false},
	}
	for _, tc := range cases {
		if got, err := store.Trusted(tc.dir); got != tc.want || err != nil {
			t.Errorf("Trusted(%s) = %v, %v; want %v", tc.dir, got, err, tc.want)
		}
	}
	if got, want := read(t, store.Path), "{\n  \"trusted\": [\n    \""+proj+"\"\n  ]\n}\n"; got != want {
		t.Errorf("trust file:\n%s\nwant:\n%s", got, want)
	}
	if info, err := os.Stat(store.Path); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("trust file mode %v, %v; want 0600", info.Mode(), err)
	}
	if err := store.Untrust(link); err != nil {
		t.Fatal(err)
	}
	if ok, _ := store.Trusted(proj); ok {
		t.Error("still trusted after Untrust")
	}
}

func TestTrustStoreAncestorAndRoot(t *testing.T) {
	m := newMachine(t)
	store := TrustStore{Path: TrustPath(m.config)}
	if err := store.Trust(m.home); err != nil {
		t.Fatal(err)
	}
	if err := store.Untrust(m.repo); err != nil { // not an entry: a no-op
		t.Fatal(err)
	}
	if ok, _ := store.Trusted(m.repo); !ok {
		t.Error("a trusted ancestor covers its descendants")
	}
	if err := store.Trust("/"); err != nil {
		t.Fatal(err)
	}
	if ok, _ := store.Trusted("/usr/share"); !ok {
		t.Error("trusting / covers everything")
	}
}

func TestTrustStoreBadFile(t *testing.T) {
	m := newMachine(t)
	store := TrustStore{Path: TrustPath(m.config)}
	write(t, store.Path, `{"trusted": "oops"`)
	if _, err := store.Trusted(m.repo); err == nil {
		t.Error("a malformed trust file must be an error, never trust")
	}
	if err := store.Trust(m.repo); err == nil || read(t, store.Path) != `{"trusted": "oops"` {
		t.Error("Trust must not overwrite a malformed trust file")
	}
	if err := os.Chmod(store.Path, 0o644); err != nil {
		t.Fatal(err)
	}
	write(t, store.Path, `{"trusted": []}`)
	if err := store.Trust(m.repo); err != nil {
		t.Fatal(err)
	}
	if info, _ := os.Stat(store.Path); info.Mode().Perm() != 0o600 {
		t.Errorf("mode %v; an existing file is tightened to 0600", info.Mode())
	}
	if _, err := (TrustStore{Path: m.config}).Trusted(m.repo); err == nil || errors.Is(err, os.ErrNotExist) {
		t.Errorf("a directory as trust file: %v", err)
	}
}
