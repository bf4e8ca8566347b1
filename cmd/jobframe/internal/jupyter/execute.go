package jupyter

import (
	"encoding/json"
	"unicode/utf8"

	"github.com/go-zeromq/zmq4"
)

// execute runs an execute_request's code: execute_input, the streams,
// execute_result or error on IOPub, then execute_reply.
func (k *Kernel) execute(sock zmq4.Socket, m *Message) {
	var req struct {
		Code         string `json:"code"`
		Silent       bool   `json:"silent"`
		StoreHistory *bool  `json:"store_history"`
	}
	if err := json.Unmarshal(m.Content, &req); err != nil {
		k.log.Printf("execute_request: %v", err)
		return
	}
	if !req.Silent && (req.StoreHistory == nil || *req.StoreHistory) {
		k.count++
	}
	if !req.Silent {
		k.publish(m, "execute_input", map[string]any{"code": req.Code, "execution_count": k.count})
	}
	k.setParent(m)
	display, xerr := k.interp.Execute(req.Code)
	k.flush()
	k.setParent(nil)
	if xerr != nil {
		tb := xerr.Traceback
		if tb == nil {
			tb = []string{}
		}
		k.publish(m, "error", map[string]any{"ename": xerr.Name, "evalue": xerr.Value, "traceback": tb})
		k.reply(sock, m, "execute_reply", map[string]any{"status": "error", "execution_count": k.count,
			"ename": xerr.Name, "evalue": xerr.Value, "traceback": tb})
		return
	}
	if display != nil && !req.Silent {
		k.publish(m, "execute_result", map[string]any{"execution_count": k.count, "data": display, "metadata": map[string]any{}})
	}
	k.reply(sock, m, "execute_reply", map[string]any{"status": "ok", "execution_count": k.count,
		"user_expressions": map[string]any{}, "payload": []any{}})
}

// setParent sets the request the streams belong to.
func (k *Kernel) setParent(m *Message) {
	k.parentMu.Lock()
	k.parent = m
	k.parentMu.Unlock()
}

// Stdout returns the writer whose writes go out as the stdout stream of
// the cell under way (and are dropped between cells).
func (k *Kernel) Stdout() *Stream { return &Stream{k, "stdout"} }

// Stderr is Stdout's stderr.
func (k *Kernel) Stderr() *Stream { return &Stream{k, "stderr"} }

// Stream is one of a kernel's output streams.
type Stream struct {
	k    *Kernel
	name string
}

// Write sends p as a stream message of the cell under way.
func (s *Stream) Write(p []byte) (int, error) {
	s.k.parentMu.Lock()
	parent := s.k.parent
	s.k.parentMu.Unlock()
	if parent == nil || len(p) == 0 {
		return len(p), nil
	}
	s.k.publish(parent, "stream", map[string]any{"name": s.name, "text": string(p)})
	return len(p), nil
}

// Display sends a display_data message (an image, a table) for the cell
// under way, as a cell's display calls do.
func (k *Kernel) Display(data map[string]any) {
	k.parentMu.Lock()
	parent := k.parent
	k.parentMu.Unlock()
	if parent != nil {
		k.publish(parent, "display_data", map[string]any{"data": data, "metadata": map[string]any{}, "transient": map[string]any{}})
	}
}

// complete answers a complete_request; positions are in code points.
func (k *Kernel) complete(sock zmq4.Socket, m *Message) {
	var req struct {
		Code   string `json:"code"`
		Cursor int    `json:"cursor_pos"`
	}
	json.Unmarshal(m.Content, &req)
	cursor := byteOffset(req.Code, req.Cursor)
	matches, start := k.interp.Complete(req.Code, cursor)
	if matches == nil {
		matches = []string{}
	}
	k.reply(sock, m, "complete_reply", map[string]any{"status": "ok", "matches": matches,
		"cursor_start": utf8.RuneCountInString(req.Code[:start]), "cursor_end": req.Cursor, "metadata": map[string]any{}})
}

// inspect answers an inspect_request.
func (k *Kernel) inspect(sock zmq4.Socket, m *Message) {
	var req struct {
		Code   string `json:"code"`
		Cursor int    `json:"cursor_pos"`
	}
	json.Unmarshal(m.Content, &req)
	text, found := k.interp.Inspect(req.Code, byteOffset(req.Code, req.Cursor))
	data := map[string]any{}
	if found {
		data["text/plain"] = text
	}
	k.reply(sock, m, "inspect_reply", map[string]any{"status": "ok", "found": found, "data": data, "metadata": map[string]any{}})
}

// byteOffset converts a position in code points (the protocol's) to
// one in bytes, clamped to code.
func byteOffset(code string, cursor int) int {
	i := 0
	for n := 0; n < cursor && i < len(code); n++ {
		_, size := utf8.DecodeRuneInString(code[i:])
		i += size
	}
	return i
}
