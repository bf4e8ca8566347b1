-- EPMT: per tag, processes, CPU time and the sum-minus-overlap duration
-- of their intervals (EPMT's operations), the "EPMT" analysis of the
-- benchmark, on a lake that `jobframe ingest` wrote from one collated
-- papiex CSV:
--
--   duckdb -cmd "SET VARIABLE lake = 'path/to/lake'" < scripts/sql/epmt.sql
--
-- A process's cpu_time (µs) is user + system time summed over its
-- threads; untagged processes form one group (''). Intervals that
-- overlap or touch merge into one run (gaps and islands).
CREATE OR REPLACE TEMP TABLE epmt_procs AS
SELECT coalesce(tags, '') AS tag, epoch_us(start) AS s, epoch_us("end") AS e, cpu_time AS cpu, numtids
FROM read_parquet(getvariable('lake') || '/procs/source=epmt/**/*.parquet',
                  hive_partitioning = true, union_by_name = true);

CREATE OR REPLACE TEMP TABLE epmt_ops AS
WITH o AS (SELECT tag, s, e, max(e) OVER (PARTITION BY tag ORDER BY s, e ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS prev_end
           FROM epmt_procs),
isl AS (SELECT tag, s, e, sum(CASE WHEN prev_end IS NULL OR s > prev_end THEN 1 ELSE 0 END)
                          OVER (PARTITION BY tag ORDER BY s, e ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS island
        FROM o),
runs AS (SELECT tag, island, max(e) - min(s) AS len FROM isl GROUP BY tag, island),
agg AS (SELECT tag, count(*) AS num_procs, sum(cpu) AS cpu FROM epmt_procs GROUP BY tag)
SELECT agg.tag, agg.num_procs, agg.cpu, r.duration, r.num_runs
FROM agg JOIN (SELECT tag, sum(len) AS duration, count(*) AS num_runs FROM runs GROUP BY tag) r USING (tag);

WITH top AS (SELECT tag, duration FROM epmt_ops WHERE tag <> '' ORDER BY duration DESC, tag LIMIT 1)
SELECT printf('EPMT rows=%d procs=%d tags=%d cpu_us=%d tagged_cpu_us=%d smo_us=%d runs=%d top=%s:%d',
              (SELECT sum(numtids) FROM epmt_procs), (SELECT count(*) FROM epmt_procs), count(*), sum(cpu),
              coalesce(sum(cpu) FILTER (tag <> ''), 0), sum(duration), sum(num_runs),
              coalesce((SELECT tag FROM top), '-'), coalesce((SELECT duration FROM top), 0)) AS fingerprint
FROM epmt_ops;
