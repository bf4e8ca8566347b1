package cctools

// TRANSFER records: the transfers frame.

import (
	"math"
	"strconv"
	"strings"
)

// transfer handles the top-level TRANSFER record (Work Queue >= 7.5 and
// TaskVine before 7.5.0): TRANSFER INPUT|OUTPUT <task> <cache> <MB> <s>
// <name>, whose numbers the decoder parsed into xf.
func (c *txnLoader) transfer(args []string, xf transferRecord, us int64, n int, line string) error {
	if !xf.ok {
		return c.p.Bad(n, "", line, "TRANSFER INPUT|OUTPUT <task> <cache flag> <size MB> <seconds> <name>", nil)
	}
	if !c.wantTransfers {
		return nil
	}
	tid, mb, secs := xf.task, xf.mb, xf.secs
	c.transferRoom()
	x := &c.xfer
	x.time.Add(us)
	x.run.Add(max(c.run, 0))
	x.kind.Add("transfer")
	x.dir.Add(args[0])
	x.task.Add(tid)
	x.worker.Null()
	x.file.Add(strings.Join(args[5:], " "))
	x.mb.Add(mb)
	x.bytes.Add(int64(math.Round(mb * (1 << 20))))
	x.wall.Add(secs)
	x.start.Null()
	x.cached.Add(args[2] == "1")
	return nil
}

// workerTransfer handles TaskVine's WORKER <id> TRANSFER INPUT|OUTPUT
// <name> <size> <wall> [<start>] and WORKER <id> CACHE_UPDATE <name>
// <size> <wall> [<start>]: with a start field (>= 7.5.1) size is bytes
// and wall µs; without it (2023) size is MB and wall seconds.
func (c *txnLoader) workerTransfer(id string, args []string, us int64, n int, line string) error {
	kind := "cache_update"
	dir := ""
	if args[0] == "TRANSFER" {
		kind = "transfer"
		if len(args) < 2 {
			return c.p.Bad(n, "", line, "WORKER <id> TRANSFER INPUT|OUTPUT <name> <size> <wall> [<start>]", nil)
		}
		dir = args[1]
		args = args[1:]
	}
	vals := args[1:]
	if len(vals) < 3 {
		return c.p.Bad(n, "", line, "<name> <size> <wall> [<start>]", nil)
	}
	file := vals[0]
	nums := vals[1:]
	size, err1 := strconv.ParseFloat(nums[0], 64)
	wall, err2 := strconv.ParseFloat(nums[1], 64)
	if err1 != nil || err2 != nil {
		return c.p.Bad(n, "", line, "<name> <size> <wall> [<start>] with numeric size and wall", nil)
	}
	var start int64
	hasStart := len(nums) >= 3
	if hasStart {
		var err error
		if start, err = strconv.ParseInt(nums[2], 10, 64); err != nil {
			return c.p.Bad(n, "start", nums[2], "an integer µs start time", err)
		}
	}
	if !c.wantTransfers {
		return nil
	}
	// every field is valid: append the row
	c.transferRoom()
	x := &c.xfer
	x.time.Add(us)
	x.run.Add(max(c.run, 0))
	x.kind.Add(kind)
	x.dir.Opt(dir, dir != "")
	x.task.Null()
	x.worker.Opt(id, id != "(null)")
	x.file.Add(file)
	x.cached.Null()
	if hasStart { // >= 7.5.1: bytes, µs, epoch µs
		x.bytes.Add(int64(size))
		x.mb.Add(size / (1 << 20))
		x.wall.Add(wall / 1e6)
		x.start.Add(start)
	} else { // 2023: MB and seconds
		x.mb.Add(size)
		x.bytes.Add(int64(math.Round(size * (1 << 20))))
		x.wall.Add(wall)
		x.start.Null()
	}
	return nil
}

// transferRoom makes room in the transfers' columns, when they are full
// in a whole load of an input of known size, for the rows the rest of
// the input brings at the rate so far and a twentieth more. Doubled as
// they fill, their room could be as large as their rows: the 5.1M
// transfers of a 1M-task Work Queue log held 533 MB for 334 MB of
// values. A load that outruns its estimate makes room again the same
// way.
func (c *txnLoader) transferRoom() {
	x := &c.xfer
	n := len(x.time.V)
	if n < cap(x.time.V) || c.stream.batch != nil || c.pos.End <= 0 || c.pos.After < 4<<20 {
		return
	}
	rest := float64(c.pos.End-c.pos.After) / float64(c.pos.After)
	x.reserve(int(float64(n)*rest*1.05) + 1024)
}
