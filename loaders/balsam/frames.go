package balsam

// The jobs and allocations frames, and the index of jobs by id.

import (
	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/internal/columns"
)

// jobsFrame builds the jobs frame; attempts has set the job times.
func (b *balsamBuilder) jobsFrame(keys []string) *frame.Frame {
	jb := &b.jb
	var submit, start, end columns.Int
	for r := 0; r < b.nRows; r++ {
		s, _ := b.slot.get(b.slotJob[r])
		submit.Opt(b.submit[s].V, b.submit[s].OK)
		start.Opt(b.start[s].V, b.start[s].OK)
		end.Opt(b.end[s].V, b.end[s].OK)
	}
	cols := []frame.Column{jb.job.Col("job"), jb.workdir.Col("workdir"), jb.state.Col("state"), submit.Times("submit"),
		start.Times("start"), end.Times("end"), jb.rc.Col("exit_code"), jb.batch.Col("batch_job"), jb.app.Col("app_id"),
		jb.nodes.Col("num_nodes"), jb.rpn.Col("ranks_per_node"), jb.tpr.Col("threads_per_rank"), jb.gpr.Col("gpus_per_rank"),
		jb.npc.Col("node_packing_count"), jb.wall.Col("wall_time_min"), jb.lastUpdate.Times("last_update"),
		jb.parents.Col("parent_ids"), jb.tags.Col("tags")}
	for _, k := range keys {
		cols = append(cols, b.tagCols[k].Col(frame.TagPrefix+k))
	}
	return frame.New(cols...)
}

func (b *balsamBuilder) allocationsFrame() *frame.Frame {
	al := &b.al
	return frame.New(al.id.Col("id"), al.sched.Col("scheduler_id"), al.site.Col("site_id"),
		al.project.Col("project"), al.queue.Col("queue"), al.nodes.Col("nodes"), al.wall.Col("wall_time_min"),
		al.mode.Col("job_mode"), al.state.Col("state"), al.start.Times("start"), al.end.Times("end"), al.filter.Col("filter_tags"))
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// jobIndex maps job ids to slots: a slice when the ids are dense (Balsam
// numbers jobs from 1), a map for the others.
type jobIndex struct {
	dense  []int32 // by id; -1: none
	sparse map[int64]int32
}

// build indexes ids[i] -> i, the last of a repeated id winning.
func (x *jobIndex) build(ids []int64) {
	var hi int64 = -1
	for _, id := range ids {
		hi = max(hi, id)
	}
	if hi >= 0 && hi < 4*int64(len(ids))+1<<16 {
		x.dense = make([]int32, hi+1)
		for i := range x.dense {
			x.dense[i] = -1
		}
	}
	for i, id := range ids {
		x.set(id, int32(i))
	}
}

func (x *jobIndex) get(id int64) (int32, bool) {
	if id >= 0 && id < int64(len(x.dense)) {
		s := x.dense[id]
		return s, s >= 0
	}
	s, ok := x.sparse[id]
	return s, ok
}

func (x *jobIndex) set(id int64, s int32) {
	if id >= 0 && id < int64(len(x.dense)) {
		x.dense[id] = s
		return
	}
	if x.sparse == nil {
		x.sparse = map[int64]int32{}
	}
	x.sparse[id] = s
}
