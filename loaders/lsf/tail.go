package lsf

// read reads the fields after maxNumProcessors, as far as the record
// goes: each group stops the read where the record ends before it. The
// lists (submitEXT, hostRusage, networkAlloc, allocSlots, index ranges,
// GPU usage, storage, finishKVP) are read by their counts, so that the
// fields after them fall where they belong.
func (t *tail) read(f *fields) {
	for _, step := range []func(*fields) bool{t.identity, t.outcome, t.submission, t.usage, t.cluster, t.performance, t.lists} {
		if f.done() || !step(f) || f.err != nil {
			return
		}
	}
}

// identity: loginShell to exceptMask.
func (t *tail) identity(f *fields) bool {
	t.loginShell = f.str("loginShell")
	f.skip("timeEvent")
	t.idx = f.int("idx")
	t.maxRMem, t.maxRSwap = f.int("maxRMem"), f.int("maxRSwap")
	f.skip("inFileSpool")
	f.skip("commandSpool")
	f.skip("rsvId")
	t.sla = f.str("sla")
	f.skip("exceptMask")
	return !f.done()
}

// outcome: additionalInfo to jobDescription.
func (t *tail) outcome(f *fields) bool {
	f.skip("additionalInfo")
	t.exitInfo, t.haveExitInfo = f.int("exitInfo"), true
	for _, name := range []string{"warningAction", "warningTimePeriod", "chargedSAAP", "licenseProject"} {
		if f.done() {
			return false
		}
		f.skip(name)
	}
	if f.done() {
		return false
	}
	t.app = f.str("app")
	f.skip("postExecCmd")
	f.skip("runtimeEstimation")
	t.jobGroup = f.str("jgroup")
	for _, name := range []string{"requeueEValues", "options2", "resizeNotifyCmd", "lastResizeTime", "rsvId"} {
		f.skip(name)
	}
	t.description = f.str("jobDescription")
	return !f.done()
}

// submission: submitEXT and hostRusage. LSF writes hostRusage's host
// names bare; each entry is hostname, mem, swap, utime, stime and a
// count of key-value pairs that follow it (0 in every log we have).
func (t *tail) submission(f *fields) bool {
	for range f.count("submitEXT") {
		f.int("submitEXT key")
		f.skip("submitEXT value")
	}
	if f.done() {
		return false
	}
	for range f.count("numHostRusage") {
		f.word("hostRusage hostname")
		for _, name := range []string{"hostRusage mem", "hostRusage swap", "hostRusage utime", "hostRusage stime"} {
			f.int(name)
		}
		for range f.count("hostRusage extensions") {
			f.skip("hostRusage key")
			f.skip("hostRusage value")
		}
	}
	return !f.done()
}

// usage: runLimit, options3 and avgMem. IBM lists options3 first, but
// the logs write the run limit first: xdmod's LSF 9.1 record has 43200
// there for its "#BSUB -W 12:00", and the 10.1 records -1 (no limit)
// where options3 would hold a flag such as 4194304.
func (t *tail) usage(f *fields) bool {
	t.runLimit = f.int("runLimit")
	f.int("options3")
	t.avgMem = f.int("avgMem")
	t.haveLimits = f.err == nil
	return !f.done()
}

// cluster: effectiveResReq to num_network and its list.
func (t *tail) cluster(f *fields) bool {
	t.effectiveResReq = f.str("effectiveResReq")
	for _, name := range []string{"srcCluster", "srcJobId", "dstCluster", "dstJobId", "forwardTime", "flow_id", "acJobWaitTime", "totalProvisionTime", "outdir"} {
		if f.done() {
			return false
		}
		f.skip(name)
	}
	if f.done() {
		return false
	}
	t.runTime, t.haveRunTime = f.int("runTime"), true
	if f.done() {
		return false
	}
	f.skip("subcwd")
	if f.done() {
		return false
	}
	for range f.count("num_network") {
		f.skip("networkID")
		f.int("num_window")
	}
	if f.done() {
		return false
	}
	f.skip("affinity")
	return !f.done()
}

// performance: serial_job_energy, cpi, gips, gbs and gflops.
func (t *tail) performance(f *fields) bool {
	t.energy, t.haveEnergy = f.float("serial_job_energy"), true
	for _, name := range []string{"cpi", "gips", "gbs", "gflops"} {
		if f.done() {
			return false
		}
		f.float(name)
	}
	return !f.done()
}

// lists: allocSlots, ineligiblePendTime, the index ranges, requeueTime,
// the GPU usage per host, the storage staging and finishKVP.
func (t *tail) lists(f *fields) bool {
	for range f.count("numAllocSlots") {
		f.skip("allocSlots")
	}
	for _, step := range []func(){
		func() { f.int("ineligiblePendTime") },
		func() {
			for range f.count("indexRangeCnt") {
				f.int("indexRangeStart")
				f.int("indexRangeEnd")
				f.int("indexRangeStep")
			}
		},
		func() { f.int("requeueTime") },
		func() {
			t.gpuHosts = f.count("numGPURusages")
			for range t.gpuHosts {
				f.skip("gRusage hostname")
				for range f.count("gRusage numKVP") {
					f.skip("gRusage key")
					f.skip("gRusage value")
				}
			}
		},
		func() {
			for range f.count("storageInfoC") {
				f.skip("storageInfoV")
			}
		},
		func() {
			for range f.count("numKVP") {
				t.kvp = append(t.kvp, kv{f.str("finishKVP key"), f.word("finishKVP value")})
			}
		},
	} {
		if f.done() {
			return false
		}
		step()
	}
	return true
}
