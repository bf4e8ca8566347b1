package jupyter

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// protocolVersion is the messaging protocol version the kernel speaks.
const protocolVersion = "5.3"

// delimiter separates the routing identities from the message.
var delimiter = []byte("<IDS|MSG>")

// Header is a message header.
type Header struct {
	MsgID    string `json:"msg_id"`
	Session  string `json:"session"`
	Username string `json:"username"`
	Date     string `json:"date"`
	MsgType  string `json:"msg_type"`
	Version  string `json:"version"`
}

// Message is one protocol message.
type Message struct {
	Identities [][]byte
	Header     Header
	Parent     json.RawMessage // the parent header as received ("{}" for none)
	Metadata   json.RawMessage
	Content    json.RawMessage
	Buffers    [][]byte
}

// errBadSignature marks a message whose signature does not match.
var errBadSignature = errors.New("bad signature")

// decode parses the frames of a message received on a ROUTER socket,
// checking its signature with key (none when key is empty).
func decode(frames [][]byte, key []byte) (*Message, error) {
	i := 0
	for i < len(frames) && !bytes.Equal(frames[i], delimiter) {
		i++
	}
	if len(frames) < i+6 {
		return nil, fmt.Errorf("a message of %d frames, without the delimiter and five parts", len(frames))
	}
	sig, parts := frames[i+1], frames[i+2:i+6]
	if len(key) > 0 {
		want := sign(key, parts)
		got := make([]byte, hex.DecodedLen(len(sig)))
		if n, err := hex.Decode(got, sig); err != nil || !hmac.Equal(got[:n], want) {
			return nil, errBadSignature
		}
	}
	m := &Message{Identities: frames[:i], Parent: parts[1], Metadata: parts[2], Content: parts[3], Buffers: frames[i+6:]}
	if err := json.Unmarshal(parts[0], &m.Header); err != nil {
		return nil, fmt.Errorf("header: %w", err)
	}
	return m, nil
}

// sign returns the HMAC-SHA256 of the four signed parts.
func sign(key []byte, parts [][]byte) []byte {
	mac := hmac.New(sha256.New, key)
	for _, p := range parts {
		mac.Write(p)
	}
	return mac.Sum(nil)
}

// encode returns the frames of a message with content, of type msgType,
// in reply to parent (nil for none), to the given identities.
func encode(key []byte, session string, identities [][]byte, parent *Message, msgType string, content any) ([][]byte, error) {
	h := Header{MsgID: newID(), Session: session, Username: "kernel", Date: time.Now().UTC().Format(time.RFC3339Nano),
		MsgType: msgType, Version: protocolVersion}
	hb, err := json.Marshal(h)
	if err != nil {
		return nil, err
	}
	pb := []byte("{}")
	if parent != nil {
		if pb, err = json.Marshal(parent.Header); err != nil {
			return nil, err
		}
	}
	cb, err := json.Marshal(content)
	if err != nil {
		return nil, fmt.Errorf("%s content: %w", msgType, err)
	}
	parts := [][]byte{hb, pb, []byte("{}"), cb}
	sig := ""
	if len(key) > 0 {
		sig = hex.EncodeToString(sign(key, parts))
	}
	frames := append([][]byte{}, identities...)
	frames = append(frames, delimiter, []byte(sig))
	return append(frames, parts...), nil
}

// newID returns a random message or session id (a UUID 4 in form).
func newID() string {
	var b [16]byte
	rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}
