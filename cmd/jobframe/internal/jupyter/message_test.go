package jupyter

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A message encoded with a key decodes with it to the same header and
// content; with another key, or altered, it is refused.
func TestMessageSignature(t *testing.T) {
	key := []byte("secret")
	parent := &Message{Header: Header{MsgID: "p1", MsgType: "execute_request", Session: "s"}}
	frames, err := encode(key, "kernel-session", [][]byte{[]byte("client-id")}, parent, "execute_reply", map[string]any{"status": "ok"})
	if err != nil {
		t.Fatal(err)
	}
	m, err := decode(frames, key)
	if err != nil {
		t.Fatal(err)
	}
	if string(m.Identities[0]) != "client-id" || m.Header.MsgType != "execute_reply" || m.Header.Version != "5.3" ||
		m.Header.Session != "kernel-session" || string(m.Content) != `{"status":"ok"}` {
		t.Fatalf("decoded %+v", m)
	}
	var ph Header
	if err := json.Unmarshal(m.Parent, &ph); err != nil || ph.MsgID != "p1" {
		t.Fatalf("parent %s (%v)", m.Parent, err)
	}
	if _, err := decode(frames, []byte("other")); !errors.Is(err, errBadSignature) {
		t.Errorf("another key: %v", err)
	}
	frames[len(frames)-1] = []byte(`{"status":"error"}`)
	if _, err := decode(frames, key); !errors.Is(err, errBadSignature) {
		t.Errorf("altered content: %v", err)
	}
	if _, err := decode([][]byte{[]byte("id"), delimiter, []byte("sig")}, key); err == nil || !strings.Contains(err.Error(), "frames") {
		t.Errorf("a short message: %v", err)
	}
}

// No sequence of frames makes decode panic.
func FuzzDecode(f *testing.F) {
	frames, _ := encode([]byte("k"), "s", [][]byte{[]byte("id")}, nil, "kernel_info_request", map[string]any{})
	f.Add(strings.Join(bytesToStrings(frames), "\x1f"), "k")
	f.Add("<IDS|MSG>\x1f\x1f{}\x1f{}\x1f{}\x1f{}", "")
	f.Fuzz(func(t *testing.T, joined, key string) {
		var fr [][]byte
		for _, s := range strings.Split(joined, "\x1f") {
			fr = append(fr, []byte(s))
		}
		decode(fr, []byte(key))
	})
}

func bytesToStrings(b [][]byte) []string {
	out := make([]string, len(b))
	for i, x := range b {
		out[i] = string(x)
	}
	return out
}

// A connection file as Jupyter writes it reads; a bad one is refused with
// the file and the field named.
func TestReadConnection(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "kernel-1.json")
	os.WriteFile(good, []byte(`{"shell_port": 5001, "iopub_port": 5002, "stdin_port": 5003, "control_port": 5004,
		"hb_port": 5005, "ip": "127.0.0.1", "key": "k", "transport": "tcp", "signature_scheme": "hmac-sha256",
		"kernel_name": "jobframe"}`), 0o600)
	c, err := ReadConnection(good)
	if err != nil {
		t.Fatal(err)
	}
	if c.endpoint(c.ShellPort) != guardedTCP+"://127.0.0.1:5001" || c.Key != "k" {
		t.Errorf("%+v", c)
	}
	for body, want := range map[string]string{
		`{"ip": "127.0.0.1", "shell_port": 1, "iopub_port": 2, "stdin_port": 3, "control_port": 4, "hb_port": 0}`: "hb_port 0 is not a port",
		`{"ip": "127.0.0.1", "signature_scheme": "hmac-md5"}`:                                                     "only hmac-sha256",
		`{"ip": `: "unexpected end of JSON input",
	} {
		p := filepath.Join(dir, "bad.json")
		os.WriteFile(p, []byte(body), 0o600)
		if _, err := ReadConnection(p); err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), p) {
			t.Errorf("%s: %v, want %q naming the file", body, err, want)
		}
	}
}
