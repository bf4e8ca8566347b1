package htcondor

import "fmt"

// The event numbers of the job event log (ULogEventNumber) that the
// frames read.
const (
	evSubmit          = 0
	evExecute         = 1
	evExecutableError = 2
	evCheckpointed    = 3
	evEvicted         = 4
	evTerminated      = 5
	evImageSize       = 6
	evShadowException = 7
	evAborted         = 9
	evHeld            = 12
	evReleased        = 13
	evReconnectFailed = 24
)

// eventNames are the names of the event numbers 000 to 046, as
// HTCondor's documentation of the job event log gives them.
var eventNames = []string{
	"submit", "execute", "executable error", "checkpointed", "evicted", "terminated", "image size",
	"shadow exception", "generic", "aborted", "suspended", "unsuspended", "held", "released",
	"node execute", "node terminated", "post script terminated", "globus submit", "globus submit failed",
	"globus resource up", "globus resource down", "remote error", "disconnected", "reconnected",
	"reconnect failed", "grid resource up", "grid resource down", "grid submit", "job ad information",
	"status unknown", "status known", "stage in", "stage out", "attribute update", "pre skip",
	"cluster submit", "cluster remove", "factory paused", "factory resumed", "none", "file transfer",
	"reserve space", "release space", "file complete", "file used", "file removed", "dataflow job skipped",
}

// eventName is the name of event number code ("" for none known).
func eventName(code int) string {
	if code >= 0 && code < len(eventNames) {
		return eventNames[code]
	}
	return ""
}

// knownCodes words the range of known event numbers for messages.
var knownCodes = fmt.Sprintf("000 to %03d", len(eventNames)-1)
