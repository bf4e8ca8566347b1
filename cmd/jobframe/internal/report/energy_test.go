package report

import (
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders"
)

// TestEnergySection: by hand, with Green Algorithms' 12 W per core,
// 0.3725 W per GB and PUE 1.67. Attempt 1: 1 h on 4 cores with 7,200 s
// of cpu time (usage 0.5) and 8 GB requested: (4×12×0.5 + 8×0.3725) ×
// 1.67 / 1000 = 0.0450566 kWh, and 3.6 MJ measured (1 kWh). Attempt 2:
// 2 h on 1 core, no cpu time (usage 1), no request but a 1 GB peak:
// 2 × (12 + 0.3725) × 1.67 / 1000 = 0.04132415 kWh. At 200 gCO2e/kWh:
// 0.01727615 kg estimated, 0.2 kg measured.
func TestEnergySection(t *testing.T) {
	tasks := frame.New(
		frame.StringCol("category", []string{"a", "b"}, nil),
		frame.MicrosCol("start", []int64{0, 0}, nil),
		frame.MicrosCol("end", []int64{hour, 2 * hour}, nil),
		frame.Float64Col("req_cpus", []float64{4, 1}, nil),
		frame.Float64Col("cpu_time_s", []float64{7200, 0}, []bool{true, false}),
		frame.Float64Col("req_mem_mb", []float64{8192, 0}, []bool{true, false}),
		frame.Float64Col("mem_mb", []float64{0, 1024}, []bool{false, true}),
		frame.Float64Col("energy_j", []float64{3.6e6, 0}, []bool{true, false}),
	)
	d := &loaders.Dataset{Source: "test", Frames: map[string]*frame.Frame{"tasks": tasks}}
	s := newBuilder(d, Options{MaxTableRows: 20, CarbonIntensity: 200}).energy()
	for name, want := range map[string]float64{
		"carbon intensity": 200, "attempts in the estimate": 2, "core-hours": 6,
		"energy (estimated)": 0.0450566 + 0.04132415, "carbon footprint (estimated)": (0.0450566 + 0.04132415) * 0.2,
		"attempts with measured energy": 1, "energy measured": 1, "carbon footprint of the measured energy": 0.2,
	} {
		nearly(t, name, factValue(t, s, name), want)
	}
	if len(s.Notes) != 1 {
		t.Errorf("notes %q, want the one on the peak counted for a request", s.Notes)
	}
	s = newBuilder(d, Options{MaxTableRows: 20}).energy()
	nearly(t, "default carbon intensity", factValue(t, s, "carbon intensity"), DefaultCarbonIntensity)
}

// TestGPUAndEnergyOfSlurm: testdata/slurm/gpu_energy_sacct.txt, three
// jobs written by hand in sacct's shape. By hand: train holds 2 GPUs
// for 1 h at 60 % (2 GPU-h held, 1.2 used), infer 1 GPU for 30 min at
// 10 % (0.5 held, 0.05 used): 2.5 held, 1.25 used, 50 %. Energy
// measured (ConsumedEnergyRaw): 7.2 MJ + 0.9 MJ = 2.25 kWh; prep's 0 is
// no measurement. Estimated: train 1 h × (8 × 12 W × 14400/(3600×8) +
// 16 GB × 0.3725 W) × 1.67 = 0.0901132 kWh, infer 0.5 h × (4 × 12 ×
// 0.25 + 8 × 0.3725) × 1.67 = 0.0125083, prep 2 h × (2 × 12 × 0.75 + 4 ×
// 0.3725) × 1.67 = 0.0650966: 0.1677181 kWh.
func TestGPUAndEnergyOfSlurm(t *testing.T) {
	d, err := loaders.Open(testdata("slurm/gpu_energy_sacct.txt"))
	if err != nil {
		t.Fatal(err)
	}
	b := newBuilder(d, Options{MaxTableRows: 20})
	g, e := b.gpus(), b.energy()
	for name, want := range map[string]float64{"jobs holding GPUs": 2, "GPU-hours held": 2.5, "GPU-hours used": 1.25, "GPU efficiency": 50, "idle GPU-hours": 1.25} {
		nearly(t, name, factValue(t, g, name), want)
	}
	for name, want := range map[string]float64{"jobs with measured energy": 2, "energy measured": 2.25, "jobs in the estimate": 3,
		"core-hours": 14, "energy (estimated)": 0.1677181} {
		nearly(t, name, factValue(t, e, name), want)
	}
}
