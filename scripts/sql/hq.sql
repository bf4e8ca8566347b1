-- HyperQueue: tasks assigned per worker and the step series of allocated
-- CPUs, the "HQ" analysis of the benchmark, on a lake that
-- `jobframe ingest` wrote from one HyperQueue journal. Set the lake's
-- folder first:
--
--   duckdb -cmd "SET VARIABLE lake = 'path/to/lake'" < scripts/sql/hq.sql
--
-- Allocated CPUs rise by a placement's cpus at its start line and fall
-- at its end line (finish, failure, cancel, loss of the worker), in
-- journal order; amounts are fixed point (1 cpu = 10000) as the journal
-- writes them, and times are ms after the journal's first line.
CREATE OR REPLACE TEMP VIEW placements AS
SELECT * FROM read_parquet(getvariable('lake') || '/placements/source=hyperqueue/**/*.parquet',
                           hive_partitioning = true, union_by_name = true);
CREATE OR REPLACE TEMP VIEW workers AS
SELECT * FROM read_parquet(getvariable('lake') || '/workers/source=hyperqueue/**/*.parquet',
                           hive_partitioning = true, union_by_name = true);
CREATE OR REPLACE TEMP VIEW events AS
SELECT * FROM read_parquet(getvariable('lake') || '/events/source=hyperqueue/**/*.parquet',
                           hive_partitioning = true, union_by_name = true);

CREATE OR REPLACE TEMP TABLE hq_steps AS
WITH origin AS (SELECT epoch_ms(time) AS t0 FROM events WHERE line = (SELECT min(line) FROM events)),
delta AS (
    SELECT start_line AS rn, 0 AS k, job::BIGINT AS job, task, epoch_ms(start) AS t,
           round(cpus * 10000)::BIGINT AS d
    FROM placements
    UNION ALL
    SELECT end_line, 1, job::BIGINT, task, epoch_ms("end"), -round(cpus * 10000)::BIGINT
    FROM placements WHERE end_line IS NOT NULL)
SELECT t - (SELECT t0 FROM origin) AS t_ms,
       sum(d) OVER w AS cpus, lead(t) OVER w - t AS dt, row_number() OVER w AS i
FROM delta
WINDOW w AS (ORDER BY rn, k, job, task ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW);

WITH per_worker AS (SELECT worker::BIGINT AS worker, count(*) AS c FROM placements GROUP BY worker),
s AS (SELECT count(*) + 1 AS points,
             coalesce(max(cpus) FILTER (i = (SELECT max(i) FROM hq_steps)), 0) AS final,
             greatest(coalesce(max(cpus), 0), 0) AS peak,
             coalesce(sum(cpus * dt), 0) AS area
      FROM hq_steps),
p AS (SELECT coalesce((SELECT t_ms FROM hq_steps WHERE cpus = s.peak ORDER BY i LIMIT 1), 0) AS peak_t FROM s)
SELECT printf('HQ workers=%d assigned=%d max_tasks=%d wsum=%d points=%d final=%d.%04d peak=%d.%04d peak_t=%d.%03d cpu_ms=%d.%04d',
              (SELECT count(*) FROM workers), (SELECT sum(c) FROM per_worker), (SELECT max(c) FROM per_worker),
              (SELECT sum(worker * c) FROM per_worker),
              s.points, s.final // 10000, s.final % 10000, s.peak // 10000, s.peak % 10000,
              p.peak_t // 1000, p.peak_t % 1000, s.area // 10000, s.area % 10000) AS fingerprint
FROM s, p;
