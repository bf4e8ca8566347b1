"""Writes the pickle fixtures of epmt_pickle_test.go: the same job_metadata
-like dict in every protocol CPython writes (0 to 5), plus two pickles the
decoder must refuse. Run with python3 (3.8 or newer) in this folder; the
committed .pkl files were written by Python 3.11.7."""
import datetime
import pickle

tz = datetime.timezone(datetime.timedelta(hours=-4), "EDT")
meta = {
    "job_pl_id": "804280",
    "job_pl_submit_ts": datetime.datetime(2019, 6, 22, 16, 58, 14, 20006),
    "job_el_stop_ts": datetime.datetime(2019, 6, 22, 17, 50, 44, 724533, tzinfo=tz),
    "job_el_exitcode": 0,
    "big": 2**40 + 3,
    "neg": -7,
    "ratio": 0.25,
    "flags": [True, False, None],
    "pair": ("a", b"\x00\xff"),
    "job_el_env": {"EPMT_JOB_TAGS": "exp_name:ESM4;ocn_res:0.5l75", "TZ": "US/Eastern"},
    "text": "caf\u00e9 \u2603",
}
for proto in range(0, 6):
    with open(f"meta_p{proto}.pkl", "wb") as f:
        pickle.dump(meta, f, protocol=proto)


class Evil:
    def __reduce__(self):
        import os
        return (os.system, ("echo pwned",))


with open("evil_reduce.pkl", "wb") as f:
    pickle.dump({"x": Evil()}, f, protocol=2)
with open("evil_inst.pkl", "wb") as f:
    f.write(b"(S'echo pwned'\nios\nsystem\n.")
