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
	cols := numbers{f: f}
	cores, coresOK := cols.of("cpus")
	if !f.Has("cpus") {
		cores, coresOK = cols.of("req_cpus")
	}
	cpu, cpuOK := cols.of("cpu_time_s")
	reqMem, reqMemOK := cols.of("req_mem_mb")
	peak, peakOK := cols.of("mem_mb")
	joules, joulesOK := cols.of("energy_j")
	kwh, kwhOK := cols.of("energy_kwh")
	runH, runOK := runHours(f)
	key := -1
	groups := map[string]*energyUse{}
	if by != "" {
		key = slices.Index(f.Names(), by)
	}
	var all energyUse
	for i := range runH {
		if !runOK[i] || !coresOK[i] || cores[i] <= 0 {
			continue
		}
		hours := runH[i]
		usage := 1.0
		if cpuOK[i] && hours > 0 {
			usage = math.Min(1, math.Max(0, cpu[i]/(hours*3600*cores[i])))
		}
		memGB, fromPeak, none := 0.0, false, false
		switch {
		case reqMemOK[i]:
			memGB = reqMem[i] / 1024
		case peakOK[i]:
			memGB, fromPeak = peak[i]/1024, true
		default:
			none = true
		}
		est := hours * (cores[i]*CorePowerW*usage + memGB*MemPowerWPerGB) * PUE / 1000
		meas, measOK := 0.0, false
		switch {
		case joulesOK[i]:
			meas, measOK = joules[i]/3.6e6, true
		case kwhOK[i]:
			meas, measOK = kwh[i], true
		}
		add := func(u *energyUse) {
			u.attempts++
			u.coreH += hours * cores[i]
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
			name := "–"
			if !f.IsNull(key, i) {
				name = f.FormatValue(key, i)
			}
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
