package hyperqueue

// taskIndex maps a (job, task) pair to the task's latest HyperQueue
// attempt. Task ids within a job are small and dense (HQ numbers them by
// id ranges, from 0 or 1), so each job keeps a slice indexed by task id,
// with a map for ids far beyond the rest; the last job looked up is
// remembered, as a job's events come in runs. It replaces a map keyed by
// the pair, whose hashing and probing were a tenth of the journal's apply
// step.
type taskIndex struct {
	jobs   map[int64]*jobTasks
	last   *jobTasks
	lastID int64
}

// jobTasks is one job's tasks in a taskIndex.
type jobTasks struct {
	dense  []*attemptState         // by task id
	sparse map[int64]*attemptState // ids the dense slice does not reach
	live   int                     // tasks with an attempt in dense or sparse
}

// maxDenseTask bounds the dense slice (8 bytes per id up to the largest
// dense id): a job with ids up to 2^24 costs at most 128 MiB there.
const maxDenseTask = 1 << 24

// job returns the tasks of job id, adding them if create is set (else
// nil when the job has none).
func (x *taskIndex) job(id int64, create bool) *jobTasks {
	if x.last != nil && x.lastID == id {
		return x.last
	}
	j := x.jobs[id]
	if j == nil {
		if !create {
			return nil
		}
		if x.jobs == nil {
			x.jobs = map[int64]*jobTasks{}
		}
		j = &jobTasks{}
		x.jobs[id] = j
	}
	x.last, x.lastID = j, id
	return j
}

// get returns the latest attempt of task k, or nil. A task's dense entry,
// once set, shadows any older one in the sparse map (set from before the
// dense slice reached its id).
func (x *taskIndex) get(k taskKey) *attemptState {
	j := x.job(k.job, false)
	if j == nil {
		return nil
	}
	if k.task >= 0 && k.task < int64(len(j.dense)) {
		if a := j.dense[k.task]; a != nil || j.sparse == nil {
			return a
		}
	}
	return j.sparse[k.task] // nil map: nil
}

// set makes a the latest attempt of task k.
func (x *taskIndex) set(k taskKey, a *attemptState) {
	j := x.job(k.job, true)
	t := k.task
	if t >= 0 && t < maxDenseTask && t < 2*int64(len(j.dense))+1024 {
		if t >= int64(len(j.dense)) {
			j.dense = append(j.dense, make([]*attemptState, int(t)+1-len(j.dense))...)
		}
		if j.dense[t] == nil && j.sparse[t] == nil {
			j.live++
		}
		j.dense[t] = a
		return
	}
	if j.sparse == nil {
		j.sparse = map[int64]*attemptState{}
	}
	if j.sparse[t] == nil {
		j.live++
	}
	j.sparse[t] = a
}

// forget drops task k when a is still its latest attempt, and the job's
// tasks once it has none left: a streaming load forgets the tasks that
// have ended for good.
func (x *taskIndex) forget(k taskKey, a *attemptState) {
	j := x.job(k.job, false)
	if j == nil {
		return
	}
	t := k.task
	switch {
	case t >= 0 && t < int64(len(j.dense)) && j.dense[t] == a:
		j.dense[t] = nil
		if j.sparse[t] != nil { // an older entry the dense one shadowed
			delete(j.sparse, t)
		}
	case j.sparse[t] == a:
		delete(j.sparse, t)
	default:
		return
	}
	if j.live--; j.live == 0 {
		delete(x.jobs, k.job)
		x.last = nil
	}
}

// replace makes b the latest attempt of task k where a is.
func (x *taskIndex) replace(k taskKey, a, b *attemptState) {
	if x.get(k) == a {
		x.set(k, b)
	}
}
