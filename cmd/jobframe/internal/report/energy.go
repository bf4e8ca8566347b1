package report

import (
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/jobframe/jobframe/frame"
)

// The Green Algorithms model (Lannelongue, Grealey and Inouye, "Green
// Algorithms: Quantifying the Carbon Footprint of Computation", Adv.
// Sci. 2021, and the defaults of its calculator): energy = run time ×
// (cores × power per core × core usage + memory × power per GB) × PUE,
// and carbon = energy × the grid's carbon intensity.
const (
	// CorePowerW is the power drawn per core, W: the calculator's value
	// for a processor of unknown model ("Any").
	CorePowerW = 12
	// MemPowerWPerGB is the power drawn per GB of memory available, W.
	MemPowerWPerGB = 0.3725
	// PUE is the data centre's power usage effectiveness: the
	// calculator's default, a world average.
	PUE = 1.67
	// DefaultCarbonIntensity is the grid's carbon intensity when none is
	// given, gCO2e/kWh: the world average the paper uses.
	DefaultCarbonIntensity = 475
)

// energyUse is the energy of a group of attempts.
type energyUse struct {
	attempts           int
	coreH, estKWh      float64
	measured, measKWh  float64 // attempts with measured energy, and its kWh
	memFromPeak, noMem int
}

// energy sets the energy the attempts used, measured where the source
// records it (Slurm's ConsumedEnergyRaw, WfCommons' energy) and
// estimated from their cores, memory and run time by the Green
// Algorithms model, with its carbon footprint at a grid intensity
// (Options.CarbonIntensity).
func (b *builder) energy() Section {
	s := Section{ID: "energy", Title: "Energy and carbon footprint"}
	f, unit, ok := b.usageFrame()
	if !ok || !(f.Has("cpus") || f.Has("req_cpus")) {
		s.Reason = "no attempts with their run time and cores in this source: nothing to measure or estimate energy from"
		return s
	}
	ci := b.o.CarbonIntensity
	if ci <= 0 {
		ci = DefaultCarbonIntensity
	}
	ciNote := "given with --carbon-intensity"
	if ci == DefaultCarbonIntensity {
		ciNote = "the world average Green Algorithms uses; --carbon-intensity sets the grid's"
	}
	by := category(f)
	if unit == "job" && f.Has("name") {
		by = "name"
	}
	all, groups := energyOf(f, by)
	if all.attempts == 0 {
		s.Reason = "no ended " + unit + "s with their run time and cores: nothing to estimate energy from"
		return s
	}
	s.Intro = fmt.Sprintf("Estimated as Green Algorithms does: energy = run time × (cores × %g W × core usage + memory GB × %g W) × PUE %g, "+
		"run time = end − start, else the measured wall time; core usage = cpu time / (run time × cores) where measured, else 1; carbon = energy × the grid's carbon intensity. "+
		"Measured energy, where the source records it, is shown beside the estimate. GPUs are not in the estimate.", float64(CorePowerW), MemPowerWPerGB, PUE)
	s.Facts = append(s.Facts, quantity("carbon intensity", ci, "gCO2e/kWh", ciNote))
	if all.measured > 0 {
		s.Facts = append(s.Facts, countFact(unit+"s with measured energy", int(all.measured)),
			quantity("energy measured", all.measKWh, "kWh", ""),
			quantity("carbon footprint of the measured energy", all.measKWh*ci/1000, "kgCO2e", ""))
	}
	s.Facts = append(s.Facts, countFact(unit+"s in the estimate", all.attempts),
		quantity("core-hours", all.coreH, "core-h", "run time × cores"),
		quantity("energy (estimated)", all.estKWh, "kWh", "Green Algorithms model"),
		quantity("carbon footprint (estimated)", all.estKWh*ci/1000, "kgCO2e", "estimated energy × carbon intensity"))
	if all.memFromPeak > 0 {
		s.Notes = append(s.Notes, fmt.Sprintf("%d %ss have no memory request: their peak memory is counted instead (Green Algorithms counts the memory available)", all.memFromPeak, unit))
	}
	if all.noMem > 0 {
		s.Notes = append(s.Notes, fmt.Sprintf("%d %ss have neither a memory request nor a measured peak: their memory's power is left out", all.noMem, unit))
	}
	if len(groups) > 0 {
		s.Tables = append(s.Tables, energyTable(unit, by, groups, ci, b.o.MaxTableRows))
	}
	return s
}

// energyOf estimates the energy of every ended row of f, in all and per
// value of column by.
func energyOf(f *frame.Frame, by string) (energyUse, map[string]*energyUse) {
	cores := numberOf(f, "cpus")
	if !f.Has("cpus") {
		cores = numberOf(f, "req_cpus")
	}
	cpu, reqMem, peak := numberOf(f, "cpu_time_s"), numberOf(f, "req_mem_mb"), numberOf(f, "mem_mb")
	joules, kwh := numberOf(f, "energy_j"), numberOf(f, "energy_kwh")
	run := runTimeOf(f)
	key := -1
	if by != "" {
		key = slices.Index(f.Names(), by)
	}
	groupOf := groupNamesOf(f, key)
	groups := map[string]*energyUse{}
	var all energyUse
	for i := range f.NumRows() {
		c, ok := cores.at(i)
		hours, runOK := run.hours(i)
		if !runOK || !ok || c <= 0 {
			continue
		}
		usage := 1.0
		if t, ok := cpu.at(i); ok && hours > 0 {
			usage = math.Min(1, math.Max(0, t/(hours*3600*c)))
		}
		memGB, fromPeak, none := 0.0, false, false
		if m, ok := reqMem.at(i); ok {
			memGB = m / 1024
		} else if m, ok := peak.at(i); ok {
			memGB, fromPeak = m/1024, true
		} else {
			none = true
		}
		est := hours * (c*CorePowerW*usage + memGB*MemPowerWPerGB) * PUE / 1000
		meas, measOK := joules.at(i)
		if measOK {
			meas /= 3.6e6
		} else {
			meas, measOK = kwh.at(i)
		}
		add := func(u *energyUse) {
			u.attempts++
			u.coreH += hours * c
			u.estKWh += est
			if measOK {
				u.measured++
				u.measKWh += meas
			}
			if fromPeak {
				u.memFromPeak++
			}
			if none {
				u.noMem++
			}
		}
		add(&all)
		if key >= 0 {
			name := groupOf.of(i)
			if groups[name] == nil {
				groups[name] = &energyUse{}
			}
			add(groups[name])
		}
	}
	return all, groups
}

// energyTable lists the groups, the most estimated energy first.
func energyTable(unit, by string, groups map[string]*energyUse, ci float64, maxRows int) Table {
	names := make([]string, 0, len(groups))
	for n := range groups {
		names = append(names, n)
	}
	sort.Slice(names, func(a, c int) bool {
		if groups[names[a]].estKWh != groups[names[c]].estKWh {
			return groups[names[a]].estKWh > groups[names[c]].estKWh
		}
		return names[a] < names[c]
	})
	t := Table{Caption: "per " + by + ", the most energy first (estimated; measured where the source records it)",
		Head: []string{by, unit + "s", "core-h", "kWh (estimated)", "kgCO2e (estimated)", "kWh (measured)"}}
	for k, n := range names {
		if k == maxRows {
			t.More = len(names) - k
			break
		}
		u := groups[n]
		meas := "–"
		if u.measured > 0 {
			meas = formatNumber(u.measKWh)
		}
		t.Rows = append(t.Rows, []string{n, formatNumber(float64(u.attempts)), formatNumber(u.coreH), formatNumber(u.estKWh), formatNumber(u.estKWh * ci / 1000), meas})
	}
	return t
}
