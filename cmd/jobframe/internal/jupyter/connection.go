// Package jupyter is a Jupyter kernel: messaging protocol 5.3 over
// ZeroMQ (the pure-Go github.com/go-zeromq/zmq4, so that jobframe stays
// one static binary without libzmq), HMAC-SHA256 signed, around an
// Interpreter that runs the cells. It holds the protocol only; jobframe's
// REPL session is the Interpreter (cmd/jobframe/kernel.go).
package jupyter

import (
	"encoding/json"
	"fmt"
	"os"
)

// Connection is a kernel's connection file: where its five sockets
// listen and the key that signs its messages.
type Connection struct {
	Transport       string `json:"transport"`
	IP              string `json:"ip"`
	ShellPort       int    `json:"shell_port"`
	IOPubPort       int    `json:"iopub_port"`
	StdinPort       int    `json:"stdin_port"`
	ControlPort     int    `json:"control_port"`
	HBPort          int    `json:"hb_port"`
	Key             string `json:"key"`
	SignatureScheme string `json:"signature_scheme"`
}

// ReadConnection reads and checks the connection file at path.
func ReadConnection(path string) (Connection, error) {
	var c Connection
	b, err := os.ReadFile(path)
	if err != nil {
		return c, fmt.Errorf("connection file: %w", err)
	}
	if err := json.Unmarshal(b, &c); err != nil {
		return c, fmt.Errorf("connection file %s: %w", path, err)
	}
	if c.Transport == "" {
		c.Transport = "tcp"
	}
	if c.SignatureScheme != "" && c.SignatureScheme != "hmac-sha256" {
		return c, fmt.Errorf("connection file %s: signature_scheme %q: only hmac-sha256 is supported", path, c.SignatureScheme)
	}
	for name, p := range map[string]int{"shell_port": c.ShellPort, "iopub_port": c.IOPubPort, "stdin_port": c.StdinPort,
		"control_port": c.ControlPort, "hb_port": c.HBPort} {
		if p <= 0 || p > 65535 {
			return c, fmt.Errorf("connection file %s: %s %d is not a port", path, name, p)
		}
	}
	if c.IP == "" {
		return c, fmt.Errorf("connection file %s: no ip", path)
	}
	return c, nil
}

// endpoint returns the ZeroMQ address of port.
func (c Connection) endpoint(port int) string {
	if c.Transport == "ipc" {
		return fmt.Sprintf("ipc://%s-%d", c.IP, port)
	}
	transport := c.Transport
	if transport == "tcp" {
		transport = guardedTCP // tcp, each connection's frames bounded (zmtpguard.go)
	}
	return fmt.Sprintf("%s://%s:%d", transport, c.IP, port)
}
