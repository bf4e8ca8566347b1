// Package browsertest drives headless Chromium through chromedriver's
// W3C WebDriver interface, for the tests of the pages jobframe serves
// and writes (the report, the watch page): a real browser, no mock.
package browsertest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"testing"
	"time"
)

// chromiumFlags are the flags the headless browser runs with: no GPU, no
// sandbox (CI runs as root) and none of the background traffic of a
// fresh profile.
var chromiumFlags = []string{"--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
	"--disable-background-networking", "--disable-component-update", "--disable-sync",
	"--window-size=1280,1600"}

// Driver is a minimal W3C WebDriver client for chromedriver: T is the
// test its failures go to (a subtest may set its own), Base the
// driver's address, Session the browser session.
type Driver struct {
	T       testing.TB
	Base    string
	Session string
}

// Call sends one WebDriver command and returns its decoded answer; an
// error fails the test.
func (w *Driver) Call(method, path string, body any) map[string]any {
	w.T.Helper()
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			w.T.Fatal(err)
		}
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, w.Base+path, r)
	if err != nil {
		w.T.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		w.T.Fatalf("webdriver %s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		w.T.Fatalf("webdriver %s %s: %v", method, path, err)
	}
	if resp.StatusCode != 200 {
		w.T.Fatalf("webdriver %s %s: %s: %v", method, path, resp.Status, out["value"])
	}
	return out
}

// Start starts chromedriver on a free loopback port and opens a
// session with a fresh profile that logs the console and the network.
func Start(t testing.TB) *Driver {
	chromium, err1 := exec.LookPath("chromium")
	driver, err2 := exec.LookPath("chromedriver")
	if err1 != nil || err2 != nil {
		if os.Getenv("JOBFRAME_REQUIRE_BROWSER") != "" || os.Getenv("CI") != "" {
			t.Fatal("CI needs Debian's chromium and chromium-driver (.ci/run installs them)")
		}
		t.Skip("chromium or chromedriver is not installed (apt-get install chromium chromium-driver)")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	cmd := exec.Command(driver, fmt.Sprintf("--port=%d", port), "--allowed-ips=127.0.0.1")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	w := &Driver{T: t, Base: fmt.Sprintf("http://127.0.0.1:%d", port)}
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		resp, err := http.Get(w.Base + "/status")
		if err == nil {
			resp.Body.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("chromedriver did not start: %v", err)
		}
	}
	args := append(append([]string(nil), chromiumFlags...), "--user-data-dir="+t.TempDir())
	s := w.Call("POST", "/session", map[string]any{"capabilities": map[string]any{"alwaysMatch": map[string]any{
		"goog:chromeOptions": map[string]any{"binary": chromium, "args": args},
		"goog:loggingPrefs":  map[string]any{"browser": "ALL", "performance": "ALL"},
	}}})
	w.Session = s["value"].(map[string]any)["sessionId"].(string)
	t.Cleanup(func() { w.Call("DELETE", "/session/"+w.Session, nil) })
	return w
}

// Logs returns and clears the browser's log of a type (browser,
// performance).
func (w *Driver) Logs(kind string) []map[string]any {
	v := w.Call("POST", "/session/"+w.Session+"/se/log", map[string]any{"type": kind})["value"].([]any)
	out := make([]map[string]any, len(v))
	for i, e := range v {
		out[i] = e.(map[string]any)
	}
	return out
}

// Exec runs a script in the page (a function body: arguments holds
// args; it returns JSON.stringify of its result) and decodes the result
// into out.
func (w *Driver) Exec(script string, out any, args ...any) {
	w.T.Helper()
	if args == nil {
		args = []any{}
	}
	res := w.Call("POST", "/session/"+w.Session+"/execute/sync", map[string]any{"script": script, "args": args})
	s, ok := res["value"].(string)
	if !ok {
		w.T.Fatalf("script returned %v, want a JSON text", res["value"])
	}
	if err := json.Unmarshal([]byte(s), out); err != nil {
		w.T.Fatalf("script result %q: %v", s, err)
	}
}

// Navigate loads url in the browser.
func (w *Driver) Navigate(url string) {
	w.T.Helper()
	w.Call("POST", "/session/"+w.Session+"/url", map[string]any{"url": url})
}
